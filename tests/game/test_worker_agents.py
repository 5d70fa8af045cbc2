"""The AI worker keeps its agents between decisions, so a turn that hard or expert plans once
is followed step by step across the worker's calls, not searched again at every step
(ai/worker_pool.py `serve` with the client's `game.match.ai_worker.answer`, run here in a thread
of the test process so its agents can be read)."""
from __future__ import annotations

import multiprocessing
import random
import threading

import engine
from ai.policy import FastPolicy
from engine.phase import P_CARD
from ai import worker_pool
from game.match import ai_worker

PLAYERS = ["red", "blue", "green", "yellow"]


def action_turn_start(seed: int) -> engine.Game:
    g = engine.new_game(players=PLAYERS, seed=seed)
    policy, rng = FastPolicy(), random.Random(seed)
    while not (g.ph == P_CARD and len(g.legal_moves()) > 1):
        g.play(policy.choose(g, rng))
    return g


def test_a_planned_turn_is_followed_across_worker_calls(monkeypatch):
    built = []

    def recording_make_agent(level, seed=0):
        built.append(ai_worker_make_agent(level, seed=seed))
        return built[-1]

    ai_worker_make_agent = ai_worker.make_agent
    monkeypatch.setattr(ai_worker, "make_agent", recording_make_agent)
    monkeypatch.setattr(worker_pool.signal, "signal", lambda *args: None)   # a thread cannot set them
    ai_worker._agent.cache_clear()          # this process's agents: none yet, none left for later tests
    parent, child = multiprocessing.Pipe()
    server = threading.Thread(target=worker_pool.serve, args=(child, ai_worker.answer), daemon=True)
    server.start()
    assert parent.recv()[:2] == (worker_pool.READY, "ready")
    g = action_turn_start(3)
    me, decisions = g.to_move, 0
    while g.to_move == me:                  # the whole action turn, one worker call per step
        parent.send((decisions, ai_worker.Job("hard", 7, g.view(me), random.Random(decisions))))
        ticket, kind, move, _seconds = parent.recv()
        assert (ticket, kind) == (decisions, "move")
        g.play(move)
        decisions += 1
    parent.close()
    server.join(timeout=10)
    ai_worker._agent.cache_clear()
    assert len(built) == 1                  # one agent for the seat, kept between decisions
    assert decisions >= 3 and built[0].searches == 1
