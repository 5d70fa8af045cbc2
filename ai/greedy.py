"""The greedy agent: the legal move with the best immediate evaluation. Cheap, no lookahead.

It samples one world from its view (it must not see the hidden parts either), tries each legal
move there, finishes the rest of its own current step with the fast policy (so that taking an
action card is judged by what the card then lets it do this turn, not by an unchanged board),
and keeps the move whose result evaluates best. Power cards, whose worth shows only after other
players' turns, and secret discs are left to the fast policy's rules of thumb.
"""
from __future__ import annotations

import random

import engine
from engine import Game, Move, Phase, View

from .agent import check_view
from .evaluate import DEFAULT_WEIGHTS, Weights, utility
from .policy import FastPolicy


class GreedyAgent:
    def __init__(self, name: str = "greedy", weights: Weights = DEFAULT_WEIGHTS, max_steps: int = 12) -> None:
        if max_steps < 0:
            raise ValueError(f"GreedyAgent: max_steps must be >= 0, got {max_steps}")
        self.name, self.weights, self.max_steps = name, weights, max_steps
        self.policy = FastPolicy(weights, noise=0.0)

    def __repr__(self) -> str:
        return f"GreedyAgent(name={self.name!r})"

    def choose(self, view: View, rng: random.Random) -> Move:
        view = check_view(view)
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        world = engine.determinize(view, rng)
        if view.ph in (Phase.POWER, Phase.DISC):
            return self.policy.choose(world, rng)
        me = view.to_move_idx
        best, best_u = legal[0], -1e18
        for m in legal:
            g = world.clone()
            g.apply(m)
            self._finish_own_step(g, me, rng)
            u = utility(g, me, self.weights)
            if u > best_u:
                best, best_u = m, u
        return best

    def _finish_own_step(self, g: Game, me: int, rng: random.Random) -> None:
        for _ in range(self.max_steps):
            if g.to_move_idx != me or g.active_idx != me or g.ph in (Phase.POWER, Phase.DISC):
                return
            g.apply(self.policy.choose(g, rng))
