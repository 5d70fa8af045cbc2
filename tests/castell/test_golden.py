"""The solver's exact towers and seeded random games' exact moves, pinned (tests/castell/goldenkit.py):
a speed-up must not change which tower the solver returns (the Castell rules §5-§7; rulings C2,
C11, C12) nor, through the legal moves, how a seeded game unfolds (records replay exactly)."""
from __future__ import annotations

import json

import pytest

from engine.castell import solver

from .goldenkit import FIXTURE, game_digest, solver_answers

GOLDEN = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("chunk", range(4))
def test_solver_answers_are_the_pinned_ones(chunk: int) -> None:
    for seed, expected in enumerate(GOLDEN["solver"]):
        if seed % 4 == chunk:
            solver.cache_clear()
            assert solver_answers(seed) == expected, seed


@pytest.mark.parametrize("players,seed,digest", [tuple(game) for game in GOLDEN["games"]])
def test_random_game_moves_are_the_pinned_ones(players: int, seed: int, digest: str) -> None:
    assert game_digest(players, seed) == digest
