"""Special actions of the action cards, registered by card id (one module per card family).

Each card id maps to an `Effect` (see base.py). The turn flow asks an effect for the moves that
declare the action, starts it once no Veto stops it, and feeds it the follow-up decisions.
"""
from ..data import CARDS
from ..errors import DataError
from . import board_cards, court_cards, intrigue, scoring_cards  # noqa: F401  (register)
from .base import EFFECTS, Effect, effect_for

_UNPLAYABLE = sorted(set(CARDS) - set(EFFECTS))
if _UNPLAYABLE:
    raise DataError(f"classic.yaml: action_cards {', '.join(_UNPLAYABLE)} have no effect in engine/effects/")

__all__ = ["EFFECTS", "Effect", "effect_for"]
