"""Whole-turn plans for Castell: the sequence of a player's own decisions until the turn ends.

A turn is up to four actions in any order (move, recruit, train, special; `train special` opens a
free special action), so its plans are found by expanding the player's own decisions depth first,
layer by layer: every legal move of every kept partial turn, each resulting position seen once
(many orders reach the same one), each scored as if the turn ended there (`done`), and the best
`beam` partial turns expanded further. A plan that ends the round can be `settle`d: the round's
festivals are declared (each entrant its highest-scoring tower) and the next round starts, so
the refill draws from the world's bag — with several sampled worlds, a sampled refill.
"""
from __future__ import annotations

from dataclasses import dataclass

from ai.budget import Budget
from engine.castell import DONE, FESTIVAL, FREE, SKIP, TURN, Game, Move

from .evaluate import Weights, utility

Plan = tuple[Move, ...]


@dataclass(frozen=True)
class PlanShape:
    """How wide the turn search is and how its ends are scored."""
    beam: int = 8          # partial turns expanded per layer
    settle: bool = False   # play a round-ending plan through the festivals and the next refill

    def __post_init__(self) -> None:
        if not isinstance(self.beam, int) or self.beam < 1:
            raise ValueError(f"PlanShape.beam: must be a positive integer, got {self.beam!r}")


def in_turn(g: Game, start: tuple[int, int]) -> bool:
    """Whether the turn that started at (round, turn position) `start` is still being played."""
    return g.phase in (TURN, FREE) and (g.round, g.turn_pos) == start


def finish(g: Game, start: tuple[int, int]) -> Plan:
    """End the turn now (skip an open free special action, then `done`); the moves played."""
    moves = []
    while in_turn(g, start):
        m = SKIP if g.phase == FREE else DONE
        g.apply(m)
        moves.append(m)
    return tuple(moves)


def settle(g: Game) -> None:
    """Declare the festivals pending now, each entrant its highest-scoring tower (the round then
    ends and the next one starts, refill included)."""
    while g.phase == FESTIVAL:
        g.apply(g.legal_moves()[0])


def _key(g: Game, me: int) -> tuple:
    return (g.phase, g.used, g.pawn[me], tuple(g.team[me]), tuple(g.ranks[me]), g.tokens[me],
            g.collected[me], tuple(map(tuple, g.pool)), tuple(map(tuple, g.rows)),
            tuple(map(len, g.bounty)))


def end_value(g: Game, me: int, w: Weights, shape: PlanShape) -> float:
    """The utility of a finished turn's position (settled through the round's end if asked)."""
    if shape.settle:
        settle(g)
    return utility(g, me, w)


def turn_plans(world: Game, me: int, w: Weights, shape: PlanShape,
               budget: Budget) -> list[tuple[float, Plan]]:
    """Complete turn plans for `me` (whose turn it is in `world`), best first, each with its
    value; the budget counts positions evaluated."""
    start = (world.round, world.turn_pos)
    scored: dict[Plan, float] = {}
    seen: set[tuple] = set()
    frontier: list[tuple[Plan, Game]] = [((), world)]
    while frontier and not budget.exhausted():
        children: list[tuple[float, Plan, Game]] = []
        for prefix, g in frontier:
            for m in g.legal_moves():
                if m == DONE or budget.exhausted():
                    continue
                h = g.clone()
                h.apply(m)
                plan = prefix + (m,)
                if in_turn(h, start):
                    key = _key(h, me)
                    if key in seen:
                        continue
                    seen.add(key)
                end = h.clone()
                rest = finish(end, start)
                value = end_value(end, me, w, shape)
                budget.spend()
                scored[plan + rest] = value
                if rest:
                    children.append((value, plan, h))
        children.sort(key=lambda c: -c[0])
        frontier = [(plan, h) for _, plan, h in children[:shape.beam]]
    if not scored:                           # no budget at all: the first legal move
        scored[(world.legal_moves()[0],)] = 0.0
    return sorted(((v, p) for p, v in scored.items()), key=lambda vp: -vp[0])


__all__ = ["Plan", "PlanShape", "finish", "in_turn", "settle", "turn_plans"]
