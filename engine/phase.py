"""The phases of a turn, the disc markers and the rules version: the constants every engine
module shares (kept apart from `state.py` so that the rules modules need not import the Game)."""
from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    """Who decides what now (flow.py); the names are the notation's phase words."""
    POWER = 0
    COURT = 1
    RECALL = 2
    CARD = 3
    ORDER = 4
    PLACE = 5
    ACTION = 6
    VETO = 7
    STEPS = 8
    DISC = 9
    RETURN = 10
    OVER = 11


PHASES = tuple(ph.name.lower() for ph in Phase)
(P_POWER, P_COURT, P_RECALL, P_CARD, P_ORDER, P_PLACE, P_ACTION, P_VETO, P_STEPS,
 P_DISC, P_RETURN, P_OVER) = tuple(Phase)

NO_DISC, HIDDEN_DISC = -1, -2

# The rules a game is played under (docs/rulings.md): 1 offered the King's region on the Castillo
# disc at a general scoring and kept a special Castillo scoring's counts hidden in secret-Castillo
# games; 2 follows rulings R1 and R2. A record keeps its version and replays under it.
RULES_VERSION = 2
RULES_VERSIONS = (1, 2)
