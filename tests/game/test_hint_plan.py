"""A clicked hint's plan stays docked through all its steps (game/present/hint_plan.py): the next
step is the plan's until every step is played, the player plays something else, or an Undo goes
back past the click; an Undo inside the plan steps back with it; ghosts count repeated steps."""
from __future__ import annotations

import random

import engine
from game.match.controller import GameMoves
from game.present.hint_plan import HintPlan, ghost_counts, progress


def _a_turn() -> tuple[engine.Game, tuple[engine.Move, ...]]:
    """A game at its first action-card decision and the whole turn that follows (card, order,
    placements, the card's action and its steps), played by the fast policy in a copy."""
    from ai.policy import FastPolicy
    g = engine.new_game(players=["red", "blue", "green"], seed=3)
    policy, rng = FastPolicy(), random.Random(0)
    while g.phase != "card":
        g.play(policy.choose(g, rng))
    me = g.to_move
    plan, h = [], g.clone()
    while not h.is_over and h.to_move == me and h.phase not in ("power", "disc") and (not plan or h.phase != "card"):
        m = policy.choose(h, rng)
        plan.append(m)
        h.play(m)
    return g, tuple(plan)


def test_the_plan_stays_docked_step_by_step_until_its_last_step():
    g, plan = _a_turn()
    me = g.to_move
    docked = HintPlan()
    docked.dock(plan, me, GameMoves(g))
    assert len(plan) > 3
    for move in plan:
        assert docked.step(g, GameMoves(g), me) is move and docked.remaining(g, GameMoves(g))[0] is move
        assert docked.step(g, GameMoves(g), "blue") is None            # not the other player's to play
        g.play(move)
    assert docked.step(g, GameMoves(g), me) is None and not docked.docked  # done: undocked


def test_another_move_leaves_the_plan():
    g, plan = _a_turn()
    me = g.to_move
    docked = HintPlan()
    docked.dock(plan, me, GameMoves(g))
    other = next(m for m in g.legal_moves() if m != plan[0])
    g.play(other)
    assert docked.step(g, GameMoves(g), me) is None and not docked.docked


def test_undo_inside_the_plan_steps_back_and_undo_past_the_click_drops_it():
    g, plan = _a_turn()
    me = g.to_move
    start = g.clone()
    docked = HintPlan()
    docked.dock(plan, me, GameMoves(g))
    g.play(plan[0])
    g.play(plan[1])
    back = start.clone()
    back.play(plan[0])                 # an Undo of the second step: the same moves, one fewer
    assert docked.step(back, GameMoves(back), me) is plan[1]
    earlier = engine.new_game(players=["red", "blue", "green"], seed=3)   # before the click
    assert docked.step(earlier, GameMoves(earlier), me) is None and not docked.docked


def test_a_foreseen_veto_window_that_never_opens_is_passed_over():
    """Rules §7 (Veto): the plan foresees an opponent's `allow`; with no Veto held none comes."""
    assert progress(["card king", "allow", "king aragon"], ["card king", "king aragon"]) == 3
    assert progress(["card king", "allow", "king aragon"], ["card king", "allow"]) == 2
    assert progress(["card king", "allow", "king aragon"], ["card king", "veto"]) is None


def test_ghosts_count_the_caballeros_a_plan_places_in_each_area():
    g = engine.new_game(players=["red", "blue", "green"], seed=3)
    aragon, sevilla = engine.parse_move("place aragon", g), engine.parse_move("place sevilla", g)
    assert ghost_counts((aragon, sevilla, aragon, aragon)) == [(aragon, 3), (sevilla, 1)]


def test_a_plan_whose_foreseen_views_come_true_is_followed_to_its_last_step():
    """The views the hint foresaw (ai.turnplan.foreseen_views in the world the plan was made in)
    compare equal to the player's own views as the turn unfolds the same way."""
    from ai.turnplan import foreseen_views
    g, plan = _a_turn()
    me = g.to_move
    docked = HintPlan()
    docked.dock(plan, me, GameMoves(g), foreseen_views(g.clone(), g.to_move_idx, plan))
    assert docked.foreseen                       # later own steps have a foreseen view
    for move in plan:
        assert docked.step(g.view(me), GameMoves(g), me) is move
        g.play(move)
    assert docked.step(g.view(me), GameMoves(g), me) is None
    assert not docked.docked and not docked.left  # finished, not left


def test_a_view_the_plan_did_not_foresee_drops_it_and_says_so():
    """An opponent answering otherwise than the plan foresaw shows the player another view: the
    plan is dropped (`left`, so the panel says so) instead of playing a step made for a position
    that never came."""
    g, plan = _a_turn()
    me = g.to_move
    elsewhere = engine.new_game(players=["red", "blue", "green"], seed=4).view(me)
    docked = HintPlan()
    docked.dock(plan, me, GameMoves(g), [(1, elsewhere)])
    assert docked.step(g.view(me), GameMoves(g), me) is plan[0]
    g.play(plan[0])
    assert docked.step(g.view(me), GameMoves(g), me) is None
    assert not docked.docked and docked.left
