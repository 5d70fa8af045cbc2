"""Pinned answers of the tower solver and of seeded random games, so that a faster solver or
engine is checked to give exactly the same towers and moves (not only equally good ones, which
tests/castell/solverkit.py checks): a game replays from its moves, and random games and agents
choose among the legal moves by position.

`python -m tests.castell.goldenkit` rewrites tests/castell/fixtures/solver_golden.json from the
current code; do it only for an intended change of answers."""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from engine import castell
from engine.castell import solver
from engine.castell.data import DATA, ExhibitionTile, ShapeTile
from engine.castell.towers import SKILLS, format_tower, team_counts

FIXTURE = Path(__file__).parent / "fixtures" / "solver_golden.json"
TEAMS = 48          # seeded teams of 7-35 castellers, ranks up to the data's top ranks
GAMES = ((4, 0), (4, 1), (3, 2), (2, 3))   # (players, seed) of random games pinned by digest
_SHAPES = sorted({t.levels for t in DATA.tiles.values() if isinstance(t, ShapeTile)})
_EXHIBITIONS = sorted({(t.points, t.skills) for t in DATA.tiles.values()
                       if isinstance(t, ExhibitionTile)})


def _text(tower: Any) -> str | None:
    return None if tower is None else format_tower(tower)


def solver_answers(seed: int) -> dict[str, Any]:
    """Every solver entry point's answer for the seeded team, towers as notation."""
    rng = random.Random(seed)
    team = team_counts(rng.randint(1, 10) for _ in range(rng.randint(7, 35)))
    ranks = {skill: rng.randint(0, top) for skill, top in zip(SKILLS, DATA.max_rank)}
    festivals = [[rng.randint(1, 10)], sorted({rng.randint(1, 10), rng.randint(1, 10)})]
    return {
        "team": list(team), "ranks": ranks,
        "festivals": [[sizes, [_text(t) for t in solver.festival_towers(team, ranks, sizes)]]
                      for sizes in festivals],
        "scores": list(solver.festival_scores(team, ranks)),
        "tallest": solver.tallest_tower(team, ranks),
        "shapes": [_text(solver.shape_tower(team, ranks, counts)) for counts in _SHAPES],
        "exhibitions": [_text(solver.exhibition_tower(team, ranks, height, skills))
                        for height, skills in _EXHIBITIONS],
    }


def game_digest(players: int, seed: int) -> str:
    """The sha256 of the moves of a seeded random game (uniform choices among the legal moves)."""
    game = castell.random_playout(castell.new_game(list(castell.COLOURS[:players]), seed=seed),
                                  random.Random(seed))
    return hashlib.sha256("\n".join(game.moves_played()).encode()).hexdigest()


def answers() -> dict[str, Any]:
    return {"solver": [solver_answers(seed) for seed in range(TEAMS)],
            "games": [[players, seed, game_digest(players, seed)] for players, seed in GAMES]}


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(answers(), separators=(",", ":")) + "\n")
