"""The AI worker keeps one agent per game and seat, so a turn planned once is followed step by
step across the worker calls (game/controller.py `_choose`)."""
from __future__ import annotations

import random

import engine
from ai.policy import FastPolicy
from engine.state import P_CARD
from game import controller

PLAYERS = ["red", "blue", "green", "yellow"]


def action_turn_start(seed: int) -> engine.Game:
    g = engine.new_game(players=PLAYERS, seed=seed)
    policy, rng = FastPolicy(), random.Random(seed)
    while not (g.ph == P_CARD and len(g.legal_moves()) > 1):
        g.play(policy.choose(g, rng))
    return g


def test_a_planned_turn_survives_between_worker_calls():
    controller._AGENTS.clear()
    g = action_turn_start(3)
    me = g.to_move
    g.play(controller._choose("hard", 7, g.view(me), random.Random(0), "game-a"))
    agent = controller._AGENTS[("game-a", me, "hard", 7)]
    assert agent.searches == 1
    steps = 0
    while g.to_move == me:                   # the rest of the turn: followed, not searched again
        g.play(controller._choose("hard", 7, g.view(me), random.Random(steps + 1), "game-a"))
        steps += 1
    assert steps >= 2 and agent.searches == 1
    assert controller._AGENTS[("game-a", me, "hard", 7)] is agent


def test_agents_are_kept_per_game_and_only_the_recent_few():
    controller._AGENTS.clear()
    g = engine.new_game(players=PLAYERS, seed=5)
    for k in range(controller._AGENTS_KEPT + 3):
        controller._choose("greedy", 1, g.view(g.to_move), random.Random(k), f"game-{k}")
    assert len(controller._AGENTS) == controller._AGENTS_KEPT
    assert ("game-0", g.to_move, "greedy", 1) not in controller._AGENTS
    assert (f"game-{controller._AGENTS_KEPT + 2}", g.to_move, "greedy", 1) in controller._AGENTS
