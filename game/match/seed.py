"""The seed of a new game when the player names none.

Why `secrets` over 2^64 values: the seed fixes the whole deck, so a seed drawn from a small range
(it was 1..10^6) can be found by matching the opening position against every candidate, which
reveals every action card to come. The seed stays in the game's record, so an exported record still
replays the game.
"""
from __future__ import annotations

import secrets

SEED_LIMIT = 2 ** 64      # seeds given on the command line are 0 <= seed < SEED_LIMIT


def new_seed() -> int:
    return secrets.randbelow(SEED_LIMIT)
