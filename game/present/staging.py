"""Confirm before commit: which of a human's moves wait for Confirm, and the one staged now.

Why: a move that reveals something (a power card, an action card, a secret disc or recovery) or
ends the step it is made in (the placement's last Caballero, a court count, the King's return, the
order, Done, Skip, a Veto answer) hands play on, so a mis-click or a stray key there could not be
taken back by Undo once another player has moved. One rule decides it for every move, from the
viewer's own preview (`View.after`). With the "Confirm moves" setting on such a move is staged
client-side (drawn lifted or as a ghost) and reaches the engine only on Confirm; another click
changes the choice, Undo or Esc drops it.
"""
from __future__ import annotations

from dataclasses import dataclass

import engine


def needs_confirm(view: engine.View, move: engine.Move) -> bool:
    """The one staging rule: a move waits for Confirm when it reveals something or ends its step
    (the viewer's decision passes on, or the phase changes, in the engine's preview); the verb
    table says which verbs always reveal something (engine.VERB_INFO: `Confirm.ALWAYS`)."""
    if engine.VERB_INFO[move.verb].confirm is engine.Confirm.ALWAYS:
        return True
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

    def lifted(self, where: engine.Where, version: int) -> str | None:
        """The staged power card value / action card id, drawn lifted in the hand / the offer, if
        the staged move is picked there (engine.VERB_INFO's `chosen_on`)."""
        move = self.current(version)
        return move.args[0] if move is not None and engine.VERB_INFO[move.verb].chosen_on is where else None
