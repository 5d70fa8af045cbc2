"""The agent contract (docs/design.md §3) and the random agent.

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
from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import engine
from engine import Move, View

V = TypeVar("V")
M = TypeVar("M")
V_contra = TypeVar("V_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)


@runtime_checkable
class Agent(Protocol):
    name: str

    def choose(self, view: View, rng: random.Random) -> Move: ...


class GameAgent(Protocol[V_contra, M_co]):
    """The same contract for any of the project's games: a View in, one of its legal moves out."""
    name: str

    def choose(self, view: V_contra, rng: random.Random) -> M_co: ...


class HasMoves(Protocol[M_co]):
    def legal_moves(self) -> Sequence[M_co]: ...


class RandomAgent:
    """Uniformly random legal moves (of any game). With `kind` (a game's View class) it accepts
    only that game's views seen by the player to decide (require_view)."""

    def __init__(self, name: str = "random", kind: type | None = None) -> None:
        self.name, self.kind = name, kind

    def choose(self, view: HasMoves[M], rng: random.Random) -> M:
        if self.kind is not None:
            require_view(view, self.kind)
        return rng.choice(view.legal_moves())

    def __repr__(self) -> str:
        return f"RandomAgent(name={self.name!r})"


def check_view(view: object) -> View:
    """Agents accept Views only: a full Game would let them see what their player cannot."""
    return require_view(view, engine.View)


def require_view(view: object, kind: type[V]) -> V:
    """`view` if it is a `kind` (a game's View class) seen by the player to decide; else a clear
    error. Any game's View names its viewer by seat (El Grande) or by player (Castell)."""
    if not isinstance(view, kind):
        raise TypeError(f"agents choose from a View (game.view(player)), got {type(view).__name__}")
    v: Any = view
    viewer = v.viewer
    seat = v.players.index(viewer) if isinstance(viewer, str) else viewer
    if viewer is None or v.to_move_idx != seat:
        raise ValueError(f"it is {v.to_move}'s decision, not the viewer's "
                         f"({'nobody' if viewer is None else v.players[seat]})")
    return view


class SeededAgent(Generic[V, M]):
    """Wraps an agent with its own RNG, for callers that do not pass one (`choose(view)`)."""

    def __init__(self, agent: GameAgent[V, M], seed: int | None) -> None:
        self.agent, self.name = agent, agent.name
        self.rng = random.Random(seed)

    def choose(self, view: V, rng: random.Random | None = None) -> M:
        return self.agent.choose(view, rng if rng is not None else self.rng)

    def __getattr__(self, item: str) -> Any:
        return getattr(self.agent, item)

    def __repr__(self) -> str:
        return f"SeededAgent({self.agent!r})"
