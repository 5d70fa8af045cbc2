"""The agent contract (DESIGN §3) and the random agent.

An agent is anything with a `name` and `choose(view, rng) -> Move`. It is handed a View — the
game as its player may see it — and must return one of `view.legal_moves()`. It never sees the
true game; everything it needs that the view hides it samples with `engine.determinize`.
A fresh agent given the same view and the same RNG state always gives the same move (the
anti-cheat and reproducibility tests rely on it). The only state an agent keeps between decisions
is a plan made from an earlier view (hard and expert plan per turn, turnplan.py), followed only
while each view it is shown is the one the plan foresaw.
"""
from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

import engine
from engine import Move, View


@runtime_checkable
class Agent(Protocol):
    name: str

    def choose(self, view: View, rng: random.Random) -> Move: ...


class RandomAgent:
    """Uniformly random legal moves."""

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def choose(self, view: View, rng: random.Random) -> Move:
        return rng.choice(view.legal_moves())

    def __repr__(self) -> str:
        return f"RandomAgent(name={self.name!r})"


def check_view(view: object) -> View:
    """Agents accept Views only: a full Game would let them see what their player cannot."""
    if not isinstance(view, engine.View):
        raise TypeError(f"agents choose from a View (game.view(player)), got {type(view).__name__}")
    viewer = view.viewer
    if viewer is None or view.to_move_idx != viewer:
        raise ValueError(f"it is {view.to_move}'s decision, not the viewer's "
                         f"({'nobody' if viewer is None else view.players[viewer]})")
    return view
