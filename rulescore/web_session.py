"""``rulescore.web_session``, the path the engine worker calls (``new_held``, ``respond_held``,
``held_state_json``) and the Session page's requests answered. The play layer holds it
(:mod:`rulescore.play.web_session`); this module re-exports it."""

from .play.web_session import *  # noqa: F403
from .play.web_session import __all__ as __all__
