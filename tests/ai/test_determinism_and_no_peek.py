"""Same view + same seed -> same move; and the move never depends on what the view hides.

The no-peek test (`ai_testkit.check_no_peek`) holds the view and the agent's seed fixed and
changes the hidden parts of the true game: `engine.determinize` of the view with different RNGs
gives true games that differ in the order of the action stacks, other players' set discs and
recovered power cards, yet all show that same view. The agent, given each of those games' view,
must choose the same move.
"""
from __future__ import annotations

import random

import pytest
from ai_testkit import check_no_peek, decision_points, small_agent

from engine.phase import P_DISC


@pytest.mark.parametrize("name", ["greedy", "easy", "normal", "hard", "expert", "mcts"])
def test_same_view_same_seed_same_move(name):
    agent_a, agent_b = small_agent(name, seed=1), small_agent(name, seed=2)
    for k, (g, p) in enumerate(decision_points(seed=5, players=4, every=9, limit=400)):
        view = g.view(g.players[p])
        a = agent_a.choose(view, random.Random(k))
        b = agent_b.choose(g.view(g.players[p]), random.Random(k))
        assert a == b, f"{name} chose {a} then {b} at {g.phase}"


def _points_with_discs(players, seeds, every):
    for seed in seeds:
        for g, p in decision_points(seed=seed, players=players, every=every):
            yield g, p


def _disc_points(players, seeds):
    """Decision points where another player's disc is already set and hidden."""
    for seed in seeds:
        for g, p in decision_points(seed=seed, players=players):
            if g.ph == P_DISC and any(d >= 0 for q, d in enumerate(g.discs) if q != p):
                yield g, p


@pytest.mark.parametrize("name", ["greedy", "easy", "normal", "hard", "expert", "mcts"])
def test_no_peek_over_real_games(name):
    """One real game per agent here; `benchmarks/soak.py --no-peek N` runs the same check over N
    more games for every agent."""
    check_no_peek(name, _points_with_discs(4, [21], every=7))


@pytest.mark.parametrize("name", ["easy", "hard", "expert", "mcts"])
def test_no_peek_at_secret_discs(name):
    points = list(_disc_points(5, range(30, 40)))
    assert len(points) >= 5
    # pad with ordinary points so the count check applies; every disc point is checked
    extra = list(_points_with_discs(5, [41], every=13))[:max(0, 20 - len(points))]
    check_no_peek(name, points + extra, min_hidden_discs=5)
