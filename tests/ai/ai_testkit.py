"""Helpers for the AI tests (a plain module, not a conftest, so it cannot shadow tests/engine/conftest.py): small budgets (counted in nodes, never seconds) and game drivers."""
from __future__ import annotations

import random

import ai
import engine
from ai.policy import FastPolicy

COLOURS = ["red", "blue", "green", "yellow", "orange"]
PRESETS = ("random", "greedy", "easy", "normal", "hard", "expert", "mcts")
# Search presets shrunk for tests: a handful of worlds, nodes or iterations, no deadline.
SMALL = {"easy": dict(worlds=1, max_nodes=300, disc_iterations=6, deadline_s=None),
         "normal": dict(worlds=2, max_nodes=500, disc_iterations=8, deadline_s=None),
         "hard": dict(worlds=2, max_nodes=900, disc_iterations=12, deadline_s=None),
         "expert": dict(worlds=2, max_nodes=1500, disc_iterations=12, deadline_s=None, turn_beam=3,
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
