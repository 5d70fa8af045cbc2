"""Whole-turn plans: what an agent means to do for the rest of its turn, planned once.

An El Grande turn is many small decisions (action card, order, placements, the special action
and its steps). Searching afresh at each one spends the budget again and again on a turn whose
outcome was already weighed when the card was chosen. Instead the agent plans the whole stretch
of decisions it makes in a row — its turn, or a single bid, veto or recall — searches over those
plans once, and then follows the chosen one step by step.

`turn_plans` lists candidate plans: a beam over the agent's own decisions, each step branching
into its legal moves (or the best whole plans of a multi-step placement or Intrigue move), every
partial plan completed by the fast policy and ranked by the static evaluation. An opponent's
Veto window is foreseen as allowed; a secret disc step ends the plan (its choice is simultaneous,
decided by `discs.py`).

`PlanCursor` (plancursor.py, shared by both games) is the chosen plan as the agent follows it:
for each step still to come, the view the agent expects to be shown and the move it will play.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine import Game, Move
from engine.internals import ALLOW, Phase

from .budget import Budget
from .evaluate import Weights, utility
from .plancursor import PlanCursor, foreseen_views
from .plans import is_plan_decision, plans_for
from .policy import FastPolicy

Plan = tuple[Move, ...]
MAX_TURN_STEPS = 40      # a turn never takes this many moves; a guard against a policy loop


def stretch_over(g: Game, me: int) -> bool:
    """True once the plan's stretch has ended: someone else decides (other than an opponent's
    Veto window, foreseen as allowed), a secret disc step is due, or the game is over."""
    if g.ph == Phase.OVER or g.ph == Phase.DISC:
        return True
    return g.to_move_idx != me and g.ph != Phase.VETO


@dataclass(frozen=True)
class PlanShape:
    """How wide the plan search is: plans kept per layer, whole plans per multi-step decision,
    Intrigue beam and moves sampled, and how many complete plans go on to be searched."""
    beam: int = 6
    plan_limit: int = 4
    move_beam: int = 3
    move_sample: int = 24
    keep: int = 8


def turn_plans(world: Game, me: int, w: Weights, shape: PlanShape, rng: random.Random,
               budget: Budget) -> list[Plan]:
    """Complete plans for player `me` from `world` (`diverse_best`: every first move's best, then
    up to `shape.keep`), best first by the static value after the fast policy has finished each
    one's stretch."""
    completer = FastPolicy(w, move_sample=shape.move_sample, noise=0.0)
    scored: dict[Plan, float] = {}
    frontier: list[tuple[Plan, Game]] = [((), world)]
    while frontier and not budget.exhausted():
        children: list[tuple[float, Plan, Game]] = []
        for prefix, g in frontier:
            for step in _step_options(g, me, w, shape, rng, budget):
                if not budget.room(len(step) + MAX_TURN_STEPS):   # room to complete it too
                    break
                h = g.clone()
                for m in step:
                    h.apply(m)
                budget.spend(len(step))
                plan = prefix + step
                rest, end = _complete(h, me, completer, rng, budget)
                value = utility(end, me, w)
                scored[plan + rest] = value
                if not stretch_over(h, me) and len(plan) < MAX_TURN_STEPS:
                    children.append((value, plan, h))
        children.sort(key=lambda c: -c[0])
        frontier = [(plan, h) for _, plan, h in children[:shape.beam]]
    return diverse_best(scored, shape.keep)


def diverse_best(scored: dict[Plan, float], keep: int) -> list[Plan]:
    """The best plan of every distinct first move, then the next best up to `keep`, best first.
    Every first move is searched, as a single decision's every legal move is: the static ranking
    alone would fill the list with variants of one action card, or with the lowest power cards
    (a bid's worth shows only in the playouts), leaving the choice to the static evaluation."""
    ranked = sorted(scored, key=lambda plan: -scored[plan])
    leaders: dict[Move, Plan] = {}
    for plan in ranked:
        leaders.setdefault(plan[0], plan)
    chosen = list(leaders.values())
    chosen += [plan for plan in ranked if plan not in chosen][:max(0, keep - len(chosen))]
    return sorted(chosen, key=lambda plan: -scored[plan])


def _step_options(g: Game, me: int, w: Weights, shape: PlanShape, rng: random.Random,
                  budget: Budget) -> list[Plan]:
    """The next step's choices: whole plans for a multi-step decision, else each legal move."""
    if g.to_move_idx != me:             # an opponent's Veto window: foreseen as allowed
        return [(ALLOW,)]
    if is_plan_decision(g):
        return [plan for plan, _ in plans_for(g, w, shape.plan_limit, shape.move_beam,
                                               shape.move_sample, rng, budget)]
    return [(m,) for m in g.legal_moves()]


def _complete(g: Game, me: int, policy: FastPolicy, rng: random.Random,
              budget: Budget) -> tuple[Plan, Game]:
    """The fast policy's moves to the end of the stretch, and the position they reach."""
    h, moves = g.clone(), list[Move]()
    while not stretch_over(h, me) and len(moves) < MAX_TURN_STEPS:
        m = ALLOW if h.to_move_idx != me else policy.choose(h, rng)
        h.apply(m)
        moves.append(m)
    budget.spend(len(moves))
    return tuple(moves), h


__all__ = ["Plan", "PlanCursor", "PlanShape", "diverse_best", "foreseen_views", "stretch_over", "turn_plans"]
