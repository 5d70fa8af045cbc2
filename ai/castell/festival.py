"""Choosing a festival tower (rulings C7, C13, C14): among the solver's Pareto candidates (more
points, or more castellers of the token's size), the one whose outcome is best against the
towers the other entrants have declared or will likely declare.

Each candidate is played in a world from the view with every later entrant declaring in turn one
of its own likely towers (its highest-scoring one, or the one with most castellers of the size:
the two ends of its Pareto front; every combination, equally likely); the engine then holds the
festival, so prizes, the size token and the best-tower track are the rules' own. The candidate's
worth is the mean gain in points of the chooser minus the blended gain of its rivals.
"""
from __future__ import annotations

import random

from engine.castell import FESTIVAL, NO_TOWER, Game, Move, View, determinize

from .evaluate import DEFAULT_WEIGHTS, Weights

MAX_SCENARIOS = 16     # combinations of the later entrants' likely towers tried per candidate


def _points(g: Game) -> list[int]:
    return [sum(g.breakdown(p).values()) for p in g.players]


def likely_towers(g: Game) -> list[Move]:
    """The two ends of the deciding entrant's Pareto front (one move when they coincide)."""
    towers = [m for m in g.legal_moves() if m != NO_TOWER]
    return list(dict.fromkeys([towers[0], towers[-1]])) if towers else [NO_TOWER]


def _outcomes(world: Game, me: int, move: Move) -> list[list[int]]:
    """Each scenario's points per seat after the festival is held, `move` declared by `me`."""
    start = world.clone()
    start.apply(move)
    fest_round, fest_pos = world.round, world.fest_pos
    found: list[list[int]] = []
    stack = [start]
    while stack and len(found) < MAX_SCENARIOS:
        g = stack.pop()
        if g.phase != FESTIVAL or (g.round, g.fest_pos) != (fest_round, fest_pos):
            found.append(_points(g))
            continue
        for m in reversed(likely_towers(g)):
            h = g.clone()
            h.apply(m)
            stack.append(h)
    return found


def choose_tower(view: View, rng: random.Random, w: Weights = DEFAULT_WEIGHTS) -> Move:
    """The best of the legal festival declarations for the viewer (the view's decision)."""
    legal = view.legal_moves()
    me = view.to_move_idx
    world = determinize(view, rng)
    before = _points(world)
    best, best_value = legal[0], float("-inf")
    for move in legal:
        outcomes = _outcomes(world, me, move)
        total = 0.0
        for points in outcomes:
            gains = [a - b for a, b in zip(points, before)]
            rivals = [x for s, x in enumerate(gains) if s != me]
            total += gains[me] - w.rival_max * max(rivals) - (1 - w.rival_max) * sum(rivals) / len(rivals)
        v = total / len(outcomes)
        if v > best_value:
            best, best_value = move, v
    return best


__all__ = ["choose_tower", "likely_towers"]
