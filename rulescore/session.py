"""``rulescore.session``, the sessions' public path: new, apply, view, preview, undo, redo,
actions, write_back. The play layer holds them (:mod:`rulescore.play.session`, the dispatch and
the undo log; the games give their rules through :mod:`rulescore.play.registry`); this module
re-exports them, and the helpers callers reach through it, under the names they always had.

>>> from rulescore import session
>>> session.view(session.new("shell", []))["system"]
'shell'
"""

from .play.common import Action as Action
from .play.common import Member as Member
from .play.common import keys as keys
from .play.common import member as member
from .play.common import members as members
from .play.common import name_of as name_of
from .play.common import note as note
from .play.common import passed as passed
from .play.common import passing as passing
from .play.common import sheet as sheet
from .play.common import take as take
from .play.party import SESSION_ACTIONS as SESSION_ACTIONS
from .play.party import SESSION_FORMS as SESSION_FORMS
from .play.registry import rules_of
from .play.session import FORMAT as FORMAT
from .play.session import LOG_TAIL as LOG_TAIL
from .play.session import VERSION as VERSION
from .play.session import Dice as Dice
from .play.session import Roll as Roll
from .play.session import State as State
from .play.session import _apply_into as _apply_into  # the benchmark replays actions with it
from .play.session import _current as _current
from .play.session import actions as actions
from .play.session import apply as apply
from .play.session import migrate as migrate
from .play.session import new as new
from .play.session import preview as preview
from .play.session import redo as redo
from .play.session import undo as undo
from .play.session import view as view
from .play.session import write_back as write_back
from .play.session import write_back_changes as write_back_changes
from .play.session import write_back_from as write_back_from
from .play.views import minus_signs as minus_signs

_rules = rules_of  # a game's rules (rulescore.play.registry.GameRules), as tests read them

__all__ = ["FORMAT", "LOG_TAIL", "SESSION_ACTIONS", "SESSION_FORMS", "VERSION", "Action", "Dice", "Member", "Roll",
           "State", "actions", "apply", "keys", "member", "members", "migrate", "minus_signs", "name_of", "new", "note",
           "passed", "passing", "preview", "redo", "sheet", "take", "undo", "view", "write_back", "write_back_changes",
           "write_back_from"]
