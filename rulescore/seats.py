"""``rulescore.seats``, the table's public path: what each seat's phone is sent and what a phone
may ask. The play layer holds it (:mod:`rulescore.play.seats`); this module re-exports it."""

from .play.seats import *  # noqa: F403
from .play.seats import __all__ as __all__
