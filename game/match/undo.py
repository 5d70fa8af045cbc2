"""Undo for a human playing against AI opponents: taking back your own decisions of this turn.

Integration (client; no pygame here):

* Offer the undo button when ``undo.can_undo(match.host_game, human)`` is True (cheap enough to call
  once per decision, not every frame: cache it with the match version). In pass-and-play the
  human to move gets it under the same rule: nothing another player did or saw is ever undone.
* On click: cancel any AI worker, then ``match.host_game = undo.undo(match.host_game, human)`` (one
  decision back) or ``undo.undo_turn(...)`` (back to the start of the window); rebuild the log
  from ``ReplayModel(game.record()).steps`` (see game/match/saves.py), clear queued animations and
  pending disc marks, bump the match version, and autosave the new game. A refused undo raises `UndoError` (an `engine.EngineError`).

The rule, precisely. A *decision* is one move of the record. Player H may undo back to just before
move j (``j in undo_window(game, H)``) exactly when all of these hold:

1. the game is not over and H is to move now (``game.to_move == H``): once a decision of yours
   hands play to someone else, it is no longer undoable;
2. every move j, j+1, ..., last was made by H: never across another player's move (an AI's
   move, a Veto holder's ``veto``/``allow``, another player's disc);
3. none of the moves j .. last started a turn or a round: their events contain no
   ``TurnStarted`` and no ``RoundStarted``. So the window is inside H's current turn, and a power
   card bid is never undoable once played (bidding is its own step, before the turns);
4. none of the moves j .. last revealed anything: their events contain no ``RoundStarted`` (new
   action cards turned up), no ``DiscsRevealed`` (secret discs or secret choices resolved), no
   ``CastilloOpened``, and, when the game hides Castillo counts (``castillo="secret"``), no
   ``AreaScored`` of the Castillo (its points tell the hidden counts). A revealing move of H's
   own is therefore not undoable either, nor anything before it.

Taking an action card, choosing the order, placing, moving, scoring a public area, moving the
King or a Grande, recovering a power card are all undoable inside the turn: they reveal nothing
H did not know (the tests check this against engine.determinize: H's view after each undoable
move is the same whatever the hidden parts are). The undone game is `engine.replay` of the
record without the undone moves, so it is exactly the earlier position, RNG state included.
"""
from __future__ import annotations

from typing import Any

import engine
from engine import events as E
from game.match.replay_model import Step, walk


class UndoError(engine.EngineError):
    """Nothing (or not that much) can be undone now; the message says why."""


_BOUNDARY_EVENTS = (E.TurnStarted, E.RoundStarted, E.DiscsRevealed, E.CastilloOpened)


def is_boundary(step: Step, castillo_secret: bool) -> bool:
    """True when the move started a turn or round or revealed hidden information (rules 3, 4)."""
    for event in step.events:
        if isinstance(event, _BOUNDARY_EVENTS):
            return True
        if castillo_secret and isinstance(event, E.AreaScored) and event.area == "castillo":
            return True
    return False


def undo_window_of(steps: list[Step], to_move: str | None, player: str,
                   castillo_secret: bool) -> list[int]:
    """Rule 1-4 over already computed steps; the move indices j H may go back to, ascending."""
    if to_move != player:
        return []
    window: list[int] = []
    for step in reversed(steps):
        if step.player != player or is_boundary(step, castillo_secret):
            break
        window.append(step.index)
    window.reverse()
    return window


def undo_window(game: engine.Game, player: str) -> list[int]:
    """The move indices j such that H may undo back to the position before move j."""
    if game.to_move != player:
        return []
    steps, _ = walk(game.record())
    return undo_window_of(steps, game.to_move, player, game.options["castillo"] == "secret")


def can_undo(game: engine.Game, player: str) -> bool:
    return bool(undo_window(game, player))


def _rebuild(game: engine.Game, keep: int) -> engine.Game:
    record: dict[str, Any] = game.record()
    return engine.replay(dict(record, moves=record["moves"][:keep]), "undo")


def _window_or_fail(game: engine.Game, player: str) -> list[int]:
    window = undo_window(game, player)
    if not window:
        raise UndoError(f"{player} has no decision to undo now (only your own decisions of the "
                        f"current turn, before another player moves or anything is revealed)")
    return window


def undo_to(game: engine.Game, player: str, index: int) -> engine.Game:
    """A new game at the position before move `index`, which must be in the undo window.
    `game` itself is not changed."""
    window = _window_or_fail(game, player)
    if index not in window:
        raise UndoError(f"cannot undo back to move {index}: the undoable moves are "
                        f"{window[0]}..{window[-1]}")
    return _rebuild(game, index)


def undo(game: engine.Game, player: str, decisions: int = 1) -> engine.Game:
    """A new game with `player`'s last `decisions` undoable decisions taken back."""
    window = _window_or_fail(game, player)
    if decisions < 1 or decisions > len(window):
        raise UndoError(f"cannot undo {decisions} decision(s) for {player}: "
                        f"{len(window)} can be undone now")
    return _rebuild(game, window[-decisions])


def undo_turn(game: engine.Game, player: str) -> engine.Game:
    """Back to the start of `player`'s undo window (the first undoable decision of this turn)."""
    return _rebuild(game, _window_or_fail(game, player)[0])
