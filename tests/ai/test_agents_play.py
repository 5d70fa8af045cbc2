"""Every agent finishes games from every seat at 2 players (the fast ones at 3, random at 2-5;
every pair at 2-5 in `benchmarks/soak.py --agents`) and at mixed tables of 2-5, choosing only
legal moves."""
from __future__ import annotations

import random

import pytest
from ai_testkit import COLOURS, PRESETS, SMALL, finish_from_every_seat, play_out, small_agent

import ai
import engine
from ai.policy import FastPolicy
from engine.phase import P_DISC

DISC_ROUND = 5


def tiny_agent(name: str, seed: int):
    """The test preset with a fifth of its nodes: the mixed tables and the disc test assert legal
    moves to the end of the game, never strength (counts only, no clock)."""
    budget = dict(SMALL.get(name, {}))
    if "max_nodes" in budget:
        budget["max_nodes"] //= 5
    return ai.make_agent(name, seed=seed, **budget)


# Every preset but random at 4 and 5 players, and the searching presets normal, hard and expert at
# 3, are the long games: `benchmarks/soak.py --agents` plays every pair below and those
# (tests/ai/ai_testkit.py finish_from_every_seat). Each preset still plays a 3-player and a 4- or
# 5-player game here: at the mixed tables, or (normal at 5) in the disc test.
LONG = ({(name, players) for name in PRESETS if name != "random" for players in (4, 5)}
        | {(name, 3) for name in ("normal", "hard", "expert")})


@pytest.mark.parametrize("name,players", [(n, k) for n in PRESETS for k in (2, 3, 4, 5)
                                          if (n, k) not in LONG])
def test_agent_finishes_from_every_seat(name, players):
    """The agent in every seat, against itself, finishes the game choosing only legal moves
    (at 3-5 players every preset plays at a mixed table or in the disc test below)."""
    g = finish_from_every_seat(name, players)
    assert g.is_over and g.winners()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_mixed_table(players):
    names = list(PRESETS)
    lineup = [names[(s + players) % len(names)] for s in range(players)]
    g = engine.new_game(players=COLOURS[:players], seed=7 * players, variant="short",
                        castillo="secret" if players % 2 else "announced")
    play_out(g, [tiny_agent(n, seed=i) for i, n in enumerate(lineup)], rng_seed=players)
    assert g.is_over


def test_disc_decisions_happen_and_are_legal():
    """5 players: Castillo discs at general scorings are reached and answered legally. The fast
    policy plays up to round DISC_ROUND, the searching agents from there to the end, through the
    general scorings after rounds 6 and 9."""
    seen = 0

    def check(g, p, view, move):
        nonlocal seen
        if g.ph == P_DISC:
            seen += 1
            assert move.verb == "disc"

    g = engine.new_game(players=COLOURS, seed=11)
    policy, rng = FastPolicy(), random.Random(11)
    while g.round < DISC_ROUND:
        g.play(policy.choose(g, rng))
    play_out(g, [tiny_agent(n, seed=i) for i, n in enumerate(["hard", "normal", "easy", "greedy", "hard"])],
             check=check)
    assert seen > 0


def test_agents_refuse_the_true_game():
    g = engine.new_game(seed=1)
    for name in PRESETS[1:]:
        with pytest.raises(TypeError):
            small_agent(name).choose(g, random.Random(0))


def test_agent_refuses_a_view_when_not_to_move():
    g = engine.new_game(seed=1)
    other = [p for p in g.players if p != g.to_move][0]
    with pytest.raises(ValueError):
        small_agent("normal").choose(g.view(other), random.Random(0))


def test_make_agent_presets_and_protocol():
    for name in PRESETS:
        agent = ai.make_agent(name, seed=3)
        assert agent.name == name
        assert isinstance(agent, ai.Agent)
        g = engine.new_game(seed=2)
        move = agent.choose(g.view(g.to_move))      # seeded RNG used when none is passed
        assert move in g.legal_moves()
