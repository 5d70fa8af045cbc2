"""Whole plans for multi-step decisions, generated in a canonical order.

Placing several Caballeros (`place A` ... `done`), the extra placements of the court-2-anywhere
Intrigue card and Intrigue moves (`move P FROM TO` ... `done`) are one decision spread over many
small moves. Search treats them as plans: sequences whose steps never go down in a fixed order,
so that two orderings of the same placements (or the same moves) are one plan, searched once.

Placement plans are multisets of areas, scored exactly and cheaply because a placement changes
only the areas it touches (the static scores are separable per area). Intrigue plans come from a
beam search over canonical move sequences, scored with the same per-area evaluation.
"""
from __future__ import annotations

import random
from itertools import combinations_with_replacement

from engine import Game, Move
from engine.internals import AREAS_PER_PLAYER as A
from engine.internals import BOARD, CASTILLO, COURT, DONE, Anywhere, Moves, Phase, Placement

from .budget import Budget
from .evaluate import AreaModel, Weights, utility_of
from .policy import apply_changes, move_changes

Plan = tuple[Move, ...]


def is_plan_decision(g: Game) -> bool:
    return g.ph == Phase.PLACE or (g.ph == Phase.STEPS and isinstance(g.ctx, (Anywhere, Moves)))


def plans_for(g: Game, w: Weights, limit: int, beam: int, sample: int, rng: random.Random,
              budget: Budget | None = None) -> list[tuple[Plan, float]]:
    """The best `limit` plans for the decision at hand, with their static utilities, best first."""
    if g.ph == Phase.PLACE or isinstance(g.ctx, Anywhere):
        return placement_plans(g, w, limit)
    return move_plans(g, w, limit, beam, sample, rng, budget)


def _area_of(m: Move) -> int:
    return CASTILLO if m.args[0] == "castillo" else BOARD.regions.index(m.args[0])


def placement_plans(g: Game, w: Weights, limit: int) -> list[tuple[Plan, float]]:
    """Multisets of placements (areas in legal-move order), each scored once."""
    p = g.to_move_idx
    legal = g.legal_moves()
    options = [m for m in legal if m is not DONE]
    ctx = g.ctx
    if not isinstance(ctx, (Placement, Anywhere)):
        raise AssertionError(f"placement plans need a placement running, got {ctx!r}")
    left = ctx.left
    k_max = min(left, g.counts[p * A + COURT])
    model = AreaModel(g, w)
    tot = model.totals()
    n = g.n
    # delta[i][k]: change of every player's value when k of p's Caballeros go to options[i]
    delta = []
    for m in options:
        a = _area_of(m)
        row = []
        for k in range(k_max + 1):
            t = apply_changes(model, [0.0] * n, [(a, p, k)]) if k else [0.0] * n
            row.append(t)
        delta.append(row)
    scored: list[tuple[float, Plan]] = []
    for size in range(k_max + 1):
        for combo in combinations_with_replacement(range(len(options)), size):
            t = tot[:]
            t[p] -= model.court_w * size
            counts: dict[int, int] = {}
            for i in combo:
                counts[i] = counts.get(i, 0) + 1
            for i, k in counts.items():
                d = delta[i][k]
                for x in range(n):
                    t[x] += d[x]
            plan = tuple(options[i] for i in combo)
            if size < k_max:
                plan = plan + (DONE,)
            scored.append((utility_of(t, p, w), plan))
    scored.sort(key=lambda sp: -sp[0])
    return [(plan, u) for u, plan in scored[:limit]]


def _move_key(g: Game, m: Move) -> tuple[int, int, int]:
    return (g.row(m.args[0]), BOARD.regions.index(m.args[1]),
            CASTILLO if m.args[2] == "castillo" else BOARD.regions.index(m.args[2]))


def move_plans(g: Game, w: Weights, limit: int, beam: int, sample: int,
               rng: random.Random, budget: Budget | None = None) -> list[tuple[Plan, float]]:
    """Beam search over Intrigue move sequences in canonical (player, from, to) order."""
    p = g.to_move_idx
    model = AreaModel(g, w)
    start_u = utility_of(model.totals(), p, w)
    frontier: list[tuple[float, Plan, Game, tuple]] = [(start_u, (), g, (-1, -1, -1))]
    finished: list[tuple[float, Plan]] = []
    while frontier:
        nxt: list[tuple[float, Plan, Game, tuple]] = []
        for u0, plan, h, last in frontier:
            legal = h.legal_moves() if h.ph == Phase.STEPS and h.to_move_idx == p and isinstance(h.ctx, Moves) else []
            if DONE in legal or not legal:
                finished.append((u0, plan + (DONE,) if legal else plan))
            cands = [m for m in legal if m is not DONE and _move_key(h, m) >= last]
            if len(cands) > sample:
                cands = rng.sample(cands, sample)
            if not cands:
                continue
            hm = AreaModel(h, w)
            ht = hm.totals()
            for m in cands:
                u = utility_of(apply_changes(hm, ht, move_changes(h, m)), p, w)
                nxt.append((u, plan + (m,), h, _move_key(h, m)))
        nxt.sort(key=lambda x: -x[0])
        frontier = []
        for u, plan, h, key in nxt[:beam]:
            if budget is not None and budget.exhausted():
                finished.append((u, plan))   # cut short: kept only if it happens to be complete
                continue
            h2 = h.clone()
            h2.apply(plan[-1])
            if budget is not None:
                budget.spend()
            frontier.append((u, plan, h2, key))
    # best distinct plans; a plan that stops early is kept only if it ends with a legal `done`
    finished.sort(key=lambda x: -x[0])
    seen, out = set(), []
    for u, plan in finished:
        if plan and plan not in seen:
            seen.add(plan)
            out.append((plan, u))
        if len(out) >= limit:
            break
    return out
