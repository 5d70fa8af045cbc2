"""What the AI may read of the engine's internals, for speed: the one door from ai/ into engine/.

Search evaluates millions of positions, so it reads the flat state of `Game` directly instead of
the dict-building read API. Everything it needs is named here and nowhere else:

- the flat layout: `counts[p * AREAS_PER_PLAYER + area]`, areas 0..NREG-1 the regions, then
  CASTILLO, COURT, PROVINCES; power cards as bit sets (bit v = card v);
- `Phase` and the running step's context records (`Game.ctx`, context.py) with `running`;
- the prebuilt moves the AI compares by identity (`DONE`, `SKIP`, ...) and the disc moves;
- the effects of the action cards (`effect_for`, `GENERAL_SCORING`) and the card data;
- the scoring rule (§8.2) and the values in force, so the AI never re-derives them.

A test (tests/test_architecture.py) checks that ai/ imports nothing else from engine/ but the
public package `engine`.
"""
from __future__ import annotations

from .context import Anywhere, Cull, Discs, Moves, Placement, running
from .data import (AREAS_PER_PLAYER, BOARD, BOARD_VALUES, CARDS, CASTILLO, COURT, NREG, PROVINCES,
                   REGIONS, CardInfo)
from .effects import effect_for
from .flow import GENERAL_SCORING, court_capacity
from .moves import ACTION, ALLOW, DISC, DONE, FIRST_ACTION, FIRST_PLACE, SKIP
from .scoring import bonus_points, depth_for, place_points, values_in_force
from .phase import HIDDEN_DISC, NO_DISC, Phase

__all__ = ["ACTION", "ALLOW", "AREAS_PER_PLAYER", "Anywhere", "BOARD", "BOARD_VALUES", "CARDS",
           "CASTILLO", "COURT", "CardInfo", "Cull", "DISC", "DONE", "Discs", "FIRST_ACTION",
           "FIRST_PLACE", "GENERAL_SCORING", "HIDDEN_DISC", "Moves", "NO_DISC", "NREG", "PROVINCES",
           "Phase", "Placement", "REGIONS", "SKIP", "bonus_points", "court_capacity", "depth_for", "effect_for", "place_points",
           "running", "values_in_force"]
