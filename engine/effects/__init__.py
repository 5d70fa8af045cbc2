"""Special actions of the action cards, registered by card id (one module per card family).

Each card id maps to an `Effect` (see base.py). The turn flow asks an effect for the moves that
declare the action, starts it once no Veto stops it, and feeds it the follow-up decisions.
"""
from .base import EFFECTS, Effect, effect_for
from . import intrigue, court_cards, scoring_cards, board_cards  # noqa: F401  (register)

__all__ = ["EFFECTS", "Effect", "effect_for"]
