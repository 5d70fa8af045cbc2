"""The seed of a new game when the player names none: the engine's (engine/seed.py, 128 bits
from `secrets`), so that the opening position cannot be matched against every candidate seed to
reveal the cards to come. The seed stays in the game's record, so an exported record still
replays the game.
"""
from __future__ import annotations

from engine.seed import SEED_LIMIT, new_seed

__all__ = ["SEED_LIMIT", "new_seed"]
