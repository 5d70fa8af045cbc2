"""What the Castell table reads of a game, wherever it is played: here (`CastellMatch`: AI seats,
pass-and-play, undo, autosave) or on a server (`RemoteCastell`: one seat, or a spectator).

Why a protocol: the scene (game/scenes/castell_play.py) is one, its sources two; each member is
typed here, so mypy checks both against everything the scene reads. What a source does not have
answers "nothing": a server's table has no undo (`has_undo` False) and no `local` game to save under
a name or replay, a local one no connection to lose (`banner` "", no gone player's `seat_lost`) and
nothing to close.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from engine import castell
from engine.castell import events as ev
from game.match.remote_seat import RemoteSeat

if TYPE_CHECKING:
    from game.match.castell_match import CastellMatch


class CastellSource(Protocol):
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def human_to_move(self) -> str | None: ...     # the seat this screen may move for now
    @property
    def thinking(self) -> str | None: ...          # an AI seat deciding now
    @property
    def is_over(self) -> bool: ...
    @property
    def events(self) -> Sequence[ev.Event]: ...    # every event so far, oldest first
    @property
    def has_undo(self) -> bool: ...                # a local table's (a server's has none)

    def name(self, player: str) -> str: ...
    def view(self) -> castell.View: ...
    def think(self) -> None: ...                    # called every frame; never blocks
    def play(self, move: castell.Move | str) -> bool: ...
    def refusal(self) -> str | None: ...            # why the last move was refused, in words
    def undo_steps(self) -> int: ...
    def undo(self) -> bool: ...
    def log_lines(self) -> list[str]: ...
    def banner(self) -> str: ...                    # connection trouble or a gone player ("": none)
    def waiting_text(self) -> str: ...              # the prompt while the table waits beyond its seats ("": none)
    def seat_lost(self) -> tuple[RemoteSeat, str] | None: ...   # a gone player's seat to decide about
    def close(self) -> object: ...                  # the screen is left
    @property
    def local(self) -> CastellMatch | None: ...     # the game when it is on this computer: it can be saved and replayed
