"""A Castell table on a game server, read by the Castell table's scene as it reads a local
`CastellMatch` (game/match/castell_source.py; no pygame).

Why its own class: the true Game lives on the server; this holds the seat's view and every event
the server sent (a resume's history first), worded by the same log as a local game
(game/present/castell_log.py). A move is checked against the seat's view, then sent in the
engine's notation; a refusal from the server is worded from its reason code. The connection, the
seats and a move queued while the connection is down are every game's (game/match/remote_seat.py).
"""
from __future__ import annotations

import random
from typing import Any

from engine import EngineError, castell
from engine.castell import events as ev
from engine.castell.view_wire import view_from_json
from game.match.remote_seat import RemoteSeat
from game.present import castell_log
from game.present.castell_refusals import refusal_text
from game.present.castell_screen import describe_move
from game.shell.i18n import has, player_name, t


class RemoteCastell(RemoteSeat):
    """One seat (or a spectator) at a server's Castell table."""

    game = "castell"
    has_undo = False                # the game is the server's
    local = None                    # ... so it is neither saved nor replayed here

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._view: castell.View | None = None
        self.events: list[ev.Event] = []
        self.acts: dict[int, str] = {}     # by event index: the mover of an AI's act for an away player

    # ---- what the scene reads (game/match/castell_source.py) ------------------------------------
    def view(self) -> castell.View:
        if self._view is None:
            raise EngineError(f"table {self.code}: no view from the server yet")
        return self._view

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.view().players)

    @property
    def human_to_move(self) -> str | None:
        return self.my_turn()

    @property
    def is_over(self) -> bool:
        return self.view().is_over

    def play(self, move: castell.Move | str) -> bool:
        """Send this seat's move; False (with `error` worded) when its view refuses it."""
        view = self.view()
        if self.my_turn() is None:
            self.error = self._refusal_words(("not_your_turn", {"player": view.to_move or ""}))
            return False
        try:
            parsed = move if isinstance(move, castell.Move) else castell.parse_move(move, view.data)
            castell.determinize(view, random.Random(0)).check(parsed)    # a refusal never depends on the bag
        except castell.IllegalMove as exc:
            self.error = self._refusal_words(exc.reason) if exc.reason else str(exc)
            return False
        except EngineError as exc:
            self.error = str(exc)
            return False
        self.send(str(parsed))
        return True

    def refusal(self) -> str | None:
        return self.error

    def undo_steps(self) -> int:
        """No undo online: the game is the server's."""
        return 0

    def undo(self) -> bool:
        return False

    def log_lines(self) -> list[str]:
        """The log; what an AI did for an away player reads "Ben (AI Normal) …" (the seat's `mover`)."""
        view = self.view()
        return castell_log.log_lines(self.events, view.data, {p: self.name(p) for p in view.players}, view.wheel,
                                     {i: self.name(mover) for i, mover in self.acts.items()})

    def seat_lost(self) -> tuple[RemoteSeat, str] | None:
        """A gone player's seat to put to this player (wait, or an AI plays it), once each."""
        player = self.seat_to_ask()
        return (self, player) if player is not None else None

    def banner(self) -> str:
        """The connection's trouble, else a gone player ("Ben lost the connection — waiting")."""
        gone = self.disconnected()
        return self.connection_text() or (self.gone_text(gone[0]) if gone else "")

    def waiting_text(self) -> str:
        """The banner says whom a server's table waits for; the prompt names the seat to move."""
        return ""

    # ---- the game's part of a seat (game/match/remote_seat.py) ----------------------------------
    @property
    def ready(self) -> bool:
        return self._view is not None

    def _to_move(self) -> str | None:
        return self.view().to_move

    def _take_view(self, wire: dict[str, Any]) -> None:
        self._view = view_from_json(wire)

    def _log_move(self, mover: str, text: str, events: list[Any]) -> None:
        player, ai, _ = mover.partition("+ai:")
        if ai:
            self.acts.update({len(self.events) + i: mover for i, e in enumerate(events)
                              if getattr(e, "player", None) == player})
        self.events += events

    def _log_settled(self, player: str, text: str, events: list[Any]) -> None:
        """A move from before: kept like any other (the scene animates only what arrives later)."""
        self._log_move(player, text, events)

    def _forget_log(self) -> None:
        self.events, self.acts = [], {}

    def _refusal_words(self, reason: tuple[str, dict[str, Any]]) -> str:
        """The server's reason codes (docs/protocol.md "The Castell view") in the player's words;
        one the catalogs do not word says its code."""
        code, args = reason
        if code == "not_your_turn":
            return t("refusal.not_your_turn", player=self.name(str(args.get("player", ""))))
        if not has(f"castell.refusal.{code}"):
            return t("online.refused_code", code=code)
        data = self._view.data if self._view is not None else castell.DATA
        return refusal_text((code, args), data, {p: self.name(p) for p in self.names()})

    def _move_words(self, text: str) -> str | None:
        view = self.view()
        names = tuple(self.name(p) for p in view.players)
        return describe_move(view, castell.parse_move(text, view.data), names)

    def _who(self, player: str) -> str:
        return player_name(player, self.names())
