"""Per-turn planning (ai/turnplan.py): a turn is searched once and then followed step by step;
the plan is dropped, and the agent searches again, when the game does not go as foreseen."""
from __future__ import annotations

import random

from ai_testkit import COLOURS, small_agent

import engine
from ai.budget import Budget
from ai.evaluate import DEFAULT_WEIGHTS
from ai.policy import FastPolicy
from ai.turnplan import PlanCursor, PlanShape, diverse_best, stretch_over, turn_plans
from engine.moves import ALLOW, VETO
from engine.phase import P_CARD, P_DISC, P_VETO


def turn_starts(seed: int, players: int = 4):
    """Games at the start of an action turn (the action card to choose), driven by the policy."""
    g = engine.new_game(players=COLOURS[:players], seed=seed)
    policy, rng = FastPolicy(), random.Random(seed)
    while not g.is_over:
        if g.ph == P_CARD and len(g.legal_moves()) > 1:
            yield g.clone()
        g.play(policy.choose(g, rng))


def play_turn(g: engine.Game, agent, opponent_veto: bool = False) -> list[tuple[str, bool]]:
    """The agent plays the active player's turn; opponents' Veto windows are answered with a veto
    or allowed. Returns, per decision of the agent, its phase and whether a veto came before it."""
    me, rng, decisions, vetoed = g.active_idx, random.Random(5), [], False
    while not g.is_over and (g.to_move_idx == me or g.ph == P_VETO) and g.active_idx == me:
        if g.to_move_idx != me:
            g.play(VETO if opponent_veto else ALLOW)
            vetoed = vetoed or opponent_veto
            continue
        decisions.append((g.phase, vetoed))
        view = g.view(g.players[me])
        move = agent.choose(view, rng)
        assert move in view.legal_moves()
        g.play(move)
    return decisions


def test_a_turn_is_searched_once_and_followed():
    """Rule §6 (a turn: action card, placements, special action): one search, many steps."""
    agent = small_agent("hard")
    turns = 0
    for g in list(turn_starts(seed=3))[:8]:
        before = agent.searches
        phases = [phase for phase, _ in play_turn(g, agent)]
        if "disc" in phases:
            continue                       # a secret disc is decided on its own (discs.py)
        assert agent.searches - before == 1, f"{agent.searches - before} searches in a turn of {phases}"
        assert len(phases) >= 3                 # card, order or placements, action: at least three steps
        turns += 1
    assert turns >= 5


def test_an_unforeseen_position_drops_the_plan():
    agent = small_agent("hard")
    g = next(turn_starts(seed=4))
    me = g.players[g.active_idx]
    chosen = agent.choose(g.view(me), random.Random(1))
    other = next(m for m in g.legal_moves() if m != chosen)
    g.play(other)                          # not what the plan foresaw
    searches = agent.searches
    move = agent.choose(g.view(me), random.Random(2))
    assert move in g.legal_moves() and agent.searches == searches + 1


def king_turn() -> engine.Game:
    """Red takes the King card; blue and green both hold a Veto usable this round."""
    return engine.load_scenario({
        "players": COLOURS[:3], "seed": 1, "round": 2, "phase": "card", "to_move": "red",
        "king": "castilla_la_nueva", "played": {"red": 13, "blue": 5, "green": 3},
        "vetoes": {"blue": "this", "green": "this"},
        "caballeros": {"red": {"court": 6, "galicia": 1}, "blue": {"aragon": 3}, "green": {"granada": 2}},
        "face_up": ["intrigue_withdraw_region", "disc_return_2", "score_castillo", "score_secret_unique", "king"]})


KING_FIRST = ["card king", "first action", "king castilla_la_vieja", "allow", "allow"] + \
             ["place castilla_la_nueva"] * 5


def follow(plan_texts: list[str], veto: bool) -> list[str | None]:
    """Red follows the plan; blue answers the King move with a veto (or allows it). What the
    cursor offers at each of red's decisions after the first (None: the plan was dropped)."""
    g = king_turn()
    plan, h = [], g.clone()
    for text in plan_texts:
        plan.append(engine.parse_move(text, h))
        h.play(text)
    cursor = PlanCursor.after_first(g, 0, tuple(plan))
    g.play(plan[0])
    offered: list[str | None] = []
    while g.active_idx == 0 and not g.is_over and (not offered or offered[-1] is not None):
        if g.to_move_idx != 0:
            g.play(VETO if veto else ALLOW)
            continue
        move = cursor.next_move(g.view("red"))
        offered.append(None if move is None else move.text)
        g.play(move if move is not None else g.legal_moves()[0])
    return offered


def test_an_opponents_veto_drops_the_plan():
    """Rule §6.7 (the Veto card): the plan foresaw the King move allowed; vetoed, the view at
    red's next decision is not the foreseen one, so the cursor offers nothing and red searches."""
    assert follow(KING_FIRST, veto=False) == KING_FIRST[1:3] + KING_FIRST[5:]
    assert follow(KING_FIRST, veto=True) == ["first action", "king castilla_la_vieja", None]


def test_turn_plans_are_complete_and_legal():
    g = next(turn_starts(seed=6))
    me = g.active_idx
    plans = turn_plans(g, me, DEFAULT_WEIGHTS, PlanShape(beam=3, keep=5), random.Random(0), Budget(5000).start())
    assert len({plan[0] for plan in plans}) == len(g.legal_moves())   # every action card searched
    assert len(plans) <= max(5, len(g.legal_moves())) and len(set(plans)) == len(plans)
    for plan in plans:
        h = g.clone()
        for m in plan:
            assert m in h.legal_moves()
            h.play(m)
        assert stretch_over(h, me)         # each plan runs to the end of the turn
        assert h.ph == P_DISC or h.active_idx != me or h.is_over or h.to_move_idx != me


def test_turn_planning_respects_its_node_budget():
    g = next(turn_starts(seed=7))
    for max_nodes in (30, 400):
        budget = Budget(max_nodes).start()
        turn_plans(g, g.active_idx, DEFAULT_WEIGHTS, PlanShape(), random.Random(0), budget)
        assert budget.nodes <= max_nodes


def test_every_first_move_keeps_its_best_plan():
    """Variants of one card must not crowd the other cards out of the search."""
    g = next(turn_starts(seed=8))
    a, b, c = g.legal_moves()[:3]
    scored = {(a, b): 9.0, (a, c): 8.0, (a,): 7.0, (b, a): 1.0, (b,): 0.5, (c,): 0.1}
    assert diverse_best(scored, 2) == [(a, b), (b, a), (c,)]
    assert diverse_best(scored, 4) == [(a, b), (a, c), (b, a), (c,)]
