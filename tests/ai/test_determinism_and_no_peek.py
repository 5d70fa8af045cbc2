"""Same view + same seed -> same move; and the move never depends on what the view hides.

The no-peek test (`ai_testkit.check_no_peek`) holds the view and the agent's seed fixed and
changes the hidden parts of the true game: `engine.determinize` of the view with different RNGs
gives true games that differ in the order of the action stacks, other players' set discs and
recovered power cards, yet all show that same view. The agent, given each of those games' view,
must choose the same move.
"""
from __future__ import annotations

import json
import random

import pytest
from ai_testkit import SMALL, check_no_peek, check_same_move, decision_points, disc_points, hidden_variants

from ai.advisor import advise, hard_searcher


@pytest.mark.parametrize("name", ["greedy", "easy", "normal", "hard", "expert", "mcts"])
def test_same_view_same_seed_same_move(name):
    """Every 18th decision of one real game (seed 5); `benchmarks/soak.py --determinism N` checks
    every 9th of N games, this one first."""
    assert check_same_move(name, decision_points(seed=5, players=4, every=18)) >= 15


def _points_with_discs(players, seeds, every):
    for seed in seeds:
        for g, p in decision_points(seed=seed, players=players, every=every):
            yield g, p


@pytest.mark.parametrize("name", ["greedy", "easy", "normal", "hard", "expert", "mcts"])
def test_no_peek_over_real_games(name):
    """Every 14th decision of one real game per agent here; `benchmarks/soak.py --no-peek N` runs
    the same check at every 7th decision of N games for every agent, this game (seed 21) first."""
    check_no_peek(name, _points_with_discs(4, [21], every=14))


@pytest.mark.parametrize("name", ["easy", "hard", "expert", "mcts"])
def test_no_peek_at_secret_discs(name):
    """The disc decisions of two 5-player games (25 points); `benchmarks/soak.py --no-peek-discs N`
    checks those of N more pairs of games (seeds 32 on) for these agents."""
    points = list(disc_points(5, range(30, 32)))
    assert len(points) >= 5
    # pad with ordinary points so the count check applies; every disc point is checked
    extra = list(_points_with_discs(5, [41], every=13))[:max(0, 20 - len(points))]
    check_no_peek(name, points + extra, min_hidden_discs=5)


def test_advisor_hints_never_depend_on_what_the_view_hides():
    """The advisor searches the player's View like the agents: true games that show the same view
    give the same hints, plans, values and reasons (disc phases with hidden discs included)."""
    searcher = hard_searcher(**SMALL["hard"])
    points = list(disc_points(5, range(30, 34)))[:4] + list(_points_with_discs(4, [21], every=11))[:16]
    differing = 0
    for k, (g, p) in enumerate(points):
        view, worlds = hidden_variants(g, p)
        differing += len({(w.stacks, w.discs, tuple(w.recovered)) for w in worlds}) > 1
        advised = [advise(w.view(w.players[p]), random.Random(k), searcher) for w in worlds]
        hints = {tuple(given) for given in advised}
        assert len(hints) == 1, f"advisor changed its hints with hidden data at {g.phase}"
        foreseen = {json.dumps([(i, v.to_json()) for h in given for i, v in h.foreseen], sort_keys=True)
                    for given in advised}
        assert len(foreseen) == 1, f"a hint's foreseen views changed with hidden data at {g.phase}"
    assert len(points) == 20 and differing >= 10
