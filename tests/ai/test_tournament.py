"""`python -m ai.tournament`: seats rotate, results are reproducible, the last line is JSON."""
from __future__ import annotations

import json

from ai.tournament import lineup_for, main, run, summarize


def test_lineups_rotate_every_name_through_every_seat():
    seats = {(lineup_for(["a", "b", "c", "d"], 4, i)[s], s) for i in range(4) for s in range(4)}
    assert len(seats) == 16
    assert lineup_for(["easy", "random", "random", "random"], 4, 1) == ["random", "random", "random", "easy"]
    assert lineup_for(["hard", "normal"], 4, 0) == ["hard", "normal", "hard", "normal"]


def test_cli_prints_a_table_and_one_json_line(capsys):
    assert main(["--agents", "greedy,random", "--games", "2", "--seed", "3", "--players", "2"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("agent")
    data = json.loads(out[-1])
    assert data["games"] == 2 and data["players"] == 2
    for name in ("greedy", "random"):
        r = data["results"][name]
        assert 0 <= r["ci95"][0] <= r["win_rate"] <= r["ci95"][1] <= 1
        assert {"mean_score", "mean_decision_s", "p95_decision_s"} <= set(r)


def test_shared_wins_split_and_reproducible():
    a = run(["random", "random", "random"], 3, seed=5, players=3)
    b = run(["random", "random", "random"], 3, seed=5, players=3)
    assert [r.scores for r in a] == [r.scores for r in b]
    for r in a:
        assert abs(sum(r.shares) - 1.0) < 1e-9
    s = summarize(a)["random"]
    assert abs(s["win_rate"] - 1 / 3) < 1e-3   # all seats one agent: it wins every game
