"""Same view + same seed -> same move; and the move never depends on what the view hides.

The no-peek test holds the view and the agent's seed fixed and changes the hidden parts of the
true game: `engine.determinize` of the view with different RNGs gives true games that differ in
the order of the action stacks, other players' set discs and recovered power cards, yet all show
that same view. The agent, given each of those games' view, must choose the same move.
"""
from __future__ import annotations

import random

import pytest
from ai_testkit import decision_points, small_agent

import engine
from engine.phase import HIDDEN_DISC, P_DISC


@pytest.mark.parametrize("name", ["greedy", "easy", "normal", "hard"])
def test_same_view_same_seed_same_move(name):
    agent_a, agent_b = small_agent(name, seed=1), small_agent(name, seed=2)
    for k, (g, p) in enumerate(decision_points(seed=5, players=4, every=9, limit=400)):
        view = g.view(g.players[p])
        a = agent_a.choose(view, random.Random(k))
        b = agent_b.choose(g.view(g.players[p]), random.Random(k))
        assert a == b, f"{name} chose {a} then {b} at {g.phase}"


def _hidden_variants(g, p, count=3):
    """True games sharing player p's view but differing in hidden parts."""
    view = g.view(g.players[p])
    out = []
    for s in range(count):
        world = engine.determinize(view, random.Random(1000 + s))
        assert world.view(world.players[p]) == view   # same view, different hidden parts
        out.append(world)
    return view, out


def _check_no_peek(name, points, min_hidden_discs=0):
    agent = small_agent(name, seed=9)
    checked = hidden_discs = differing = 0
    for k, (g, p) in enumerate(points):
        view, worlds = _hidden_variants(g, p)
        if len({(w.stacks, w.discs, tuple(w.recovered)) for w in worlds}) > 1:
            differing += 1
        if g.ph == P_DISC and HIDDEN_DISC in view.discs:
            hidden_discs += 1
        moves = {agent.choose(w.view(w.players[p]), random.Random(k)) for w in worlds}
        assert len(moves) == 1, f"{name} changed its move with hidden data at {g.phase}: {moves}"
        checked += 1
    assert checked >= 20 and differing >= checked // 2
    assert hidden_discs >= min_hidden_discs
    return checked


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


@pytest.mark.parametrize("name", ["greedy", "easy", "normal", "hard"])
def test_no_peek_over_real_games(name):
    _check_no_peek(name, _points_with_discs(4, [21, 22], every=7))


@pytest.mark.parametrize("name", ["easy", "hard"])
def test_no_peek_at_secret_discs(name):
    points = list(_disc_points(5, range(30, 40)))
    assert len(points) >= 5
    # pad with ordinary points so the count check applies; every disc point is checked
    extra = list(_points_with_discs(5, [41], every=13))[:max(0, 20 - len(points))]
    _check_no_peek(name, points + extra, min_hidden_discs=5)
