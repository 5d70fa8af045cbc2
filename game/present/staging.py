"""Confirm before commit: which of a human's moves wait for Confirm, and the one staged now.

Why: a power card, an action card, a secret disc, and the placement, King, Grande or scoreboard
move that ends a step hand play on or reveal something, so a mis-click there cannot be taken back
by Undo. With the "Confirm moves" setting on they are staged client-side (drawn lifted or as a
ghost) and reach the engine only on Confirm; another click changes the choice, Undo or Esc drops it.
"""
from __future__ import annotations

from dataclasses import dataclass

import engine

ALWAYS_CONFIRMED = ("power", "card", "disc")
CONFIRMED_WHEN_LAST = ("place", "king", "grande", "scoreboard")


def needs_confirm(view: engine.View, move: engine.Move) -> bool:
    """True for the moves above; a map move (placement, King, Grande, scoreboard) only when the
    engine says it ends the step (the last Caballero of the allowance or of the court, the
    card's action done), found from the viewer's own preview of it (`View.after`)."""
    if move.verb in ALWAYS_CONFIRMED:
        return True
    if move.verb not in CONFIRMED_WHEN_LAST:
        return False
    after = view.after(move)
    return after is None or after.phase != view.phase or after.to_move != view.to_move


@dataclass
class Staging:
    """The staged move of the human deciding now (None: nothing waits for Confirm)."""
    move: engine.Move | None = None
    version: int = -1     # the match version the move was staged at

    def stage(self, move: engine.Move, version: int) -> None:
        self.move, self.version = move, version

    def clear(self) -> None:
        self.move, self.version = None, -1

    def current(self, version: int) -> engine.Move | None:
        """The staged move if the position has not changed since (else nothing is staged)."""
        return self.move if self.version == version else None

    def area(self, version: int) -> str | None:
        """The region or Castillo the staged move points at (ghost piece, outline)."""
        move = self.current(version)
        return engine.target_area(move) if move is not None else None

    def value(self, verb: str, version: int) -> str | None:
        """The staged power card value / action card id, if the staged move has that verb."""
        move = self.current(version)
        return move.args[0] if move is not None and move.verb == verb else None
