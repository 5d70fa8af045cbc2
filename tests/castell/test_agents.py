"""Castell's agents (ai/castell): every preset plays whole games from every seat with legal moves
only, decides the same way from the same view and RNG state, refuses a full Game, and the greedy
agent takes a move that plainly scores. Counts-only budgets; no timings."""
from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from ai.castell import AGENT_NAMES, DEFAULT_WEIGHTS, PRESETS, make_agent
from ai.castell.agents import to_next_turn
from ai.tournament import lineup_for
from engine.castell import DONE, TURN, Game, Move, View, new_game, parse_move
from engine.castell.position import MOVE, RECRUIT, TRAIN

from .kit import after_first_turns

LIGHT = replace(DEFAULT_WEIGHTS, horizon=1)     # one festival ahead: fewer solver calls
FAST = {"max_nodes": 10, "lookahead_nodes": 4, "deadline_s": None, "weights": LIGHT}   # counts, no clock


def fast_agent(name: str, seed: int):
    if name == "random":
        return make_agent(name, seed=seed)
    if name == "greedy":
        return make_agent(name, seed=seed, weights=LIGHT)
    config = PRESETS[name]
    assert config is not None
    replies = config.replies
    if replies is not None:                                     # the rivals' replies: counts too
        return make_agent(name, seed=seed, **FAST, lookahead=2, replies=replace(replies, max_nodes=2, weights=LIGHT))
    return make_agent(name, seed=seed, **FAST)


def play(lineup: list[str], seed: int) -> Game:
    g = new_game([f"p{i}" for i in range(len(lineup))], seed=seed)
    agents = [fast_agent(name, seed * 10 + s) for s, name in enumerate(lineup)]
    while not g.is_over:
        view = g.view(g.to_move)
        move = agents[view.to_move_idx].choose(view)
        assert move in view.legal_moves(), f"{lineup[view.to_move_idx]} chose {move}, not legal"
        g.play(move)                                        # checked: refuses an illegal move too
    return g


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_preset_finishes_games_from_every_seat(players):
    seats: set[tuple[str, int]] = set()
    for i in range(len(AGENT_NAMES)):
        lineup = lineup_for(list(AGENT_NAMES), players, i)
        g = play(lineup, seed=100 * players + i)
        assert g.is_over and g.round == g.data.rounds
        seats |= {(name, s) for s, name in enumerate(lineup)}
    assert seats == {(name, s) for name in AGENT_NAMES for s in range(players)}


def _positions() -> list[View]:
    """Views of a seeded game at its first turn, mid-turn, mid-game and at festival decisions."""
    g = new_game(["a", "b", "c"], seed=11)
    rng = random.Random(4)
    views = []
    while not g.is_over and len(views) < 6:
        legal = g.legal_moves()
        if len(legal) > 1 and (g.phase == "festival" or rng.random() < 0.04 or g.round == 1):
            views.append(g.view(g.to_move))
        g.apply(rng.choice(legal) if g.phase != "festival" else legal[0])
    assert any(v.phase == "festival" for v in views) or len(views) == 6
    return views


@pytest.mark.parametrize("name", AGENT_NAMES)
def test_same_view_and_seed_give_the_same_move(name):
    for view in _positions():
        first = fast_agent(name, 1).choose(view, random.Random(9))
        second = fast_agent(name, 2).choose(view, random.Random(9))
        assert first == second and first in view.legal_moves()


@pytest.mark.parametrize("name", AGENT_NAMES)
def test_agents_refuse_a_game_and_a_view_of_someone_else(name):
    g = new_game(["a", "b"], seed=3)
    agent = fast_agent(name, 0)
    with pytest.raises(TypeError, match="View"):
        agent.choose(g)
    other = next(p for p in g.players if p != g.to_move)
    with pytest.raises(ValueError, match="decision"):
        agent.choose(g.view(other))


def test_greedy_performs_a_tile_it_can_meet_rather_than_ending_its_turn():
    """Last round, Move, Recruit and Train used: a 3-2-1 shape tile (3 points, ruling C12) is the
    one move that scores; ending the turn scores nothing."""
    g = new_game(["a", "b"], seed=5)
    me = g.to_move_idx
    region = g.data.regions.index("met")
    g.round = g.data.rounds
    g.pawn[me] = g.pawn[1 - me] = region
    g.team[me] = [0, 0, 1, 2, 3, 0, 0, 0, 0, 0]           # 5,5,5 / 4,4 / 3 is a 3-2-1 tower
    g.rows[region] = ["shape01"]
    g.tile_region["shape01"] = region
    g.used = MOVE | RECRUIT | TRAIN
    view = g.view(g.to_move)
    legal = view.legal_moves()
    perform = [m for m in legal if m.verb == "special" and m.args[0] == "perform"]
    assert perform and Move("done") in legal
    assert make_agent("greedy", seed=0).choose(view) == perform[0]


def test_the_lookahead_plays_the_rivals_replies_before_the_next_own_turn():
    """Round 2, the first player has ended his turn: on to his next one (round 3, where he plays
    last, docs/castell.md "Round structure"), each rival plays two turns. Replying by recruiting
    its largest casteller in reach, each rival's team grows by two; passing, by none."""
    def recruit_largest(g: Game) -> tuple[Move, ...]:
        pool = g.pool[g.pawn[g.to_move_idx]]
        return (parse_move(f"recruit {max(s for s in range(1, 11) if pool[s - 1])}"),)

    for reply, grown in ((recruit_largest, 2), (None, 0)):
        g = after_first_turns(seed=2)
        me = g.to_move_idx
        g.apply(DONE)
        before = [sum(team) for team in g.team]
        to_next_turn(g, me, reply)
        assert (g.round, g.phase, g.to_move_idx) == (3, TURN, me)
        assert [sum(team) - b for team, b in zip(g.team, before)] == [0 if s == me else grown for s in range(3)]


def test_tournament_plays_castell_with_seats_rotated(capsys):
    from ai.tournament import main
    assert main(["--game", "castell", "--agents", "greedy,random", "--games", "2", "--seed", "4",
                 "--players", "2"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["game"] == "castell" and data["players"] == 2
    for name in ("greedy", "random"):
        r = data["results"][name]
        assert r["seats"] == 2 and 0 <= r["ci95"][0] <= r["win_rate"] <= r["ci95"][1] <= 1
        categories = r["mean_categories"]
        assert set(categories) == {"tower", "diversity", "prizes", "sizes", "performances"}
        assert sum(categories.values()) == pytest.approx(r["mean_score"], abs=0.05)


def test_tournament_refuses_a_castell_table_of_five(capsys):
    from ai.tournament import main
    with pytest.raises(SystemExit):
        main(["--game", "castell", "--agents", "random", "--players", "5"])
    assert "2..4 for castell" in capsys.readouterr().err
