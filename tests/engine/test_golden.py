"""Golden playthroughs: committed text playthroughs regenerated and diffed.

Each file under tests/engine/playthroughs/ records one seeded game: the setup, then one line per
step (round, phase, player to move, number of legal moves, the move a seeded RNG chose), the
events' score changes at each general scoring, and the final scores and winners. Any change in
rules, legal-move generation, move order or RNG use shows up as a diff.

To regenerate after an intended rules change, run

    UPDATE_GOLDEN=1 python -m pytest tests/engine/test_golden.py

and review the diff of tests/engine/playthroughs/ before committing it.
"""
from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import engine
import pytest

HERE = Path(__file__).resolve().parent / "playthroughs"

GOLDEN = {
    "classic_4p_seed7": dict(players=["red", "blue", "green", "yellow"], seed=7, variant="classic",
                             veto=True, castillo="announced"),
    "short_3p_seed3_noveto": dict(players=["red", "blue", "green"], seed=3, variant="short",
                                  veto=False, castillo="announced"),
}


def playthrough(setup: dict) -> str:
    g = engine.new_game(**setup)
    rng = random.Random(setup["seed"])
    lines = [f"# El Grande golden playthrough (rules_version {engine.RULES_VERSION})",
             f"setup: {setup}",
             f"king: {g.king}  grandes: {g.grandes}  face_up: {list(g.face_up)}",
             "# step | round | phase | to_move | legal moves | move played"]
    step = 0
    while not g.is_over:
        moves = g.legal_moves()
        move = moves[rng.randrange(len(moves))]
        lines.append(f"{step:4d} | r{g.round} | {g.phase:6s} | {g.to_move:6s} | {len(moves):3d} | {move}")
        for e in g.play(move):
            if isinstance(e, engine.events.ScoringFinished) and e.kind == "general":
                lines.append(f"     scores after the general scoring of round {g.score_history[-1].round}: {g.scores}")
        step += 1
    lines.append(f"final scores: {g.scores}")
    lines.append(f"winners: {g.winners()}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_playthrough(name):
    """docs/design.md §6: the seeded playthrough matches the committed file (UPDATE_GOLDEN=1 rewrites it)."""
    path = HERE / f"{name}.txt"
    text = playthrough(GOLDEN[name])
    if os.environ.get("UPDATE_GOLDEN") == "1":
        HERE.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} is missing: run UPDATE_GOLDEN=1 python -m pytest {__file__}"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), text.splitlines(True),
                                                 "committed", "now", n=2))[:60])
        pytest.fail(f"{name} differs from the committed playthrough (regenerate with UPDATE_GOLDEN=1 "
                    f"if the change is intended):\n{diff}")
