"""Helpers for the AI tests (a plain module, not a conftest, so it cannot shadow a conftest): small budgets (counted in nodes, never seconds) and game drivers."""
from __future__ import annotations

import random

import ai
import engine
from ai.policy import FastPolicy
from engine.phase import P_DISC

COLOURS = ["red", "blue", "green", "yellow", "orange"]
PRESETS = ("random", "greedy", "easy", "normal", "hard", "expert", "mcts")
# Search presets shrunk for tests: a handful of worlds, nodes or iterations, no deadline.
SMALL = {"easy": dict(worlds=1, max_nodes=200, disc_iterations=6, deadline_s=None),
         "normal": dict(worlds=2, max_nodes=300, disc_iterations=6, deadline_s=None),
         "hard": dict(worlds=2, max_nodes=500, disc_iterations=8, deadline_s=None),
         "expert": dict(worlds=2, max_nodes=800, disc_iterations=8, deadline_s=None, turn_beam=3,
                        turn_plans=4, plan_limit=4),
         "mcts": dict(iterations=2, time_s=None)}
SLOW = ("normal", "hard", "expert", "mcts")      # finish games on the short variant in tests


def small_agent(name: str, seed: int = 0):
    return ai.make_agent(name, seed=seed, **SMALL.get(name, {}))


def play_out(g: engine.Game, agents: list, rng_seed: int = 0, check=None) -> engine.Game:
    """Play to the end: each seat's agent chooses from its own view; every move is checked."""
    rngs = [random.Random(rng_seed * 31 + s) for s in range(g.n)]
    while not g.is_over:
        p = g.to_move_idx
        view = g.view(g.players[p])
        move = agents[p].choose(view, rngs[p])
        assert move in view.legal_moves(), f"{agents[p].name} chose illegal {move} in {g.phase}"
        if check is not None:
            check(g, p, view, move)
        g.play(move)
    return g


def decision_points(seed: int, players: int, every: int = 1, castillo: str = "announced", limit: int = 10_000):
    """(copy of the game, index to move) at decision points of a real game, played by the fast
    policy (a cheap driver; the agents under test are not involved in making the positions)."""
    g = engine.new_game(players=COLOURS[:players], seed=seed, castillo=castillo)
    policy = FastPolicy()
    rng = random.Random(seed)
    i = 0
    while not g.is_over and i < limit:
        p = g.to_move_idx
        if len(g.legal_moves()) > 1:
            if i % every == 0:
                yield g.clone(), p
            i += 1
        g.play(policy.choose(g, rng))


def disc_points(players: int, seeds):
    """Decision points of real games where another player's disc is already set and hidden.
    Shared by tests/ai/test_determinism_and_no_peek.py and benchmarks/soak.py --no-peek-discs."""
    for seed in seeds:
        for g, p in decision_points(seed=seed, players=players):
            if g.ph == P_DISC and any(d >= 0 for q, d in enumerate(g.discs) if q != p):
                yield g, p


def finish_from_every_seat(name: str, players: int) -> engine.Game:
    """A game with the agent `name` in every seat, played to the end (every move checked legal).
    Shared by tests/ai/test_agents_play.py and benchmarks/soak.py --agents."""
    variant = "short" if name in SLOW else "classic"
    g = engine.new_game(players=COLOURS[:players], seed=100 + players, variant=variant)
    return play_out(g, [small_agent(name, seed=s) for s in range(players)], rng_seed=players)


def hidden_variants(g: engine.Game, p: int, count: int = 3) -> tuple[engine.View, list[engine.Game]]:
    """True games sharing player p's view but differing in hidden parts."""
    view = g.view(g.players[p])
    out = []
    for s in range(count):
        world = engine.determinize(view, random.Random(1000 + s))
        assert world.view(world.players[p]) == view   # same view, different hidden parts
        out.append(world)
    return view, out


def check_node_budget(max_nodes: int, points) -> int:
    """The hard search with 6 worlds never expands more than `max_nodes` nodes at any decision
    point (p, game); returns the points checked. Shared by tests/ai/test_search.py and
    benchmarks/soak.py --budget."""
    agent = ai.make_agent("hard", max_nodes=max_nodes, deadline_s=None, worlds=6)
    checked = 0
    for k, (g, p) in enumerate(points):
        agent.choose(g.view(g.players[p]), random.Random(k))
        assert 0 <= agent.last_nodes <= max_nodes, f"{agent.last_nodes} nodes for a budget of {max_nodes}"
        checked += 1
    return checked


def check_same_move(name: str, points) -> int:
    """Two agents built with different seeds, given the same view and the same RNG, choose the same
    move at every decision point (p, game); returns the points checked. Shared by
    tests/ai/test_determinism_and_no_peek.py and benchmarks/soak.py --determinism."""
    agent_a, agent_b = small_agent(name, seed=1), small_agent(name, seed=2)
    checked = 0
    for k, (g, p) in enumerate(points):
        a = agent_a.choose(g.view(g.players[p]), random.Random(k))
        b = agent_b.choose(g.view(g.players[p]), random.Random(k))
        assert a == b, f"{name} chose {a} then {b} at {g.phase}"
        checked += 1
    return checked


def check_no_peek(name: str, points, min_hidden_discs: int = 0) -> int:
    """The agent, given the views of true games that differ only in what the view hides, must
    choose the same move at every decision point (p, game); returns the points checked. Shared
    by tests/ai/test_determinism_and_no_peek.py and benchmarks/soak.py --no-peek."""
    agent = small_agent(name, seed=9)
    checked = hidden_discs = differing = 0
    for k, (g, p) in enumerate(points):
        view, worlds = hidden_variants(g, p)
        if len({(w.stacks, w.discs, tuple(w.recovered)) for w in worlds}) > 1:
            differing += 1
        if g.ph == P_DISC and any(g.disc(q) and view.disc(q) is None for q in g.players):
            hidden_discs += 1
        moves = {agent.choose(w.view(w.players[p]), random.Random(k)) for w in worlds}
        assert len(moves) == 1, f"{name} changed its move with hidden data at {g.phase}: {moves}"
        checked += 1
    assert checked >= 20 and differing >= checked // 2
    assert hidden_discs >= min_hidden_discs
    return checked
