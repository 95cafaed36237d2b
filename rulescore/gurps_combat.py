"""GURPS Lite: success rolls, contests, mental feats, combat, injury, recovery and fatigue."""

from .gurps import SYSTEM  # noqa: F401
