"""The seed of a new game when its caller names none, and the range a record's seed may take.

Why 128 bits from `secrets`: the seed fixes every face-down card and draw, and the public view at
move 0 narrows it down; a seed from a small space (31 or 64 bits) can be searched by matching the
opening against every candidate, which reveals the cards to come. 2^128 candidates cannot be.
"""
from __future__ import annotations

import secrets

SEED_BITS = 128
SEED_LIMIT = 2 ** SEED_BITS      # a record's seed is an integer in (-SEED_LIMIT, SEED_LIMIT)


def new_seed() -> int:
    """A fresh seed of SEED_BITS random bits."""
    return secrets.randbits(SEED_BITS)
