"""A Castell record stepped through move by move: the public View after every move, who made
each move and the events it caused, and the game log as the table printed it at that move.

Why its own model beside El Grande's `ReplayModel`: Castell's engine, views and log are its own,
but the cursor (game/match/replay_model.py `Cursor`) and the replay loop (engine/replaying.py,
through `castell.replay`) are the ones El Grande's replay uses. Castell hides nothing but the
bag's order (docs/castell.md "Hidden information"), so the replay keeps public Views only and a
screen may show every position of a game finished or not. pygame-free.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from engine import castell
from engine.castell import events as ev
from game.match import castell_saves
from game.match.castell_match import seat_name
from game.match.replay_model import Cursor
from game.match.seats import Seat
from game.present.castell_log import log_lines


@dataclass(frozen=True)
class CastellStep:
    """Move `index` of the record: who decided, the move text and the events it caused."""
    index: int
    player: str
    move: str
    events: tuple[ev.Event, ...]


class CastellReplay(Cursor[CastellStep]):
    """A Castell record, browsable move by move (`seek`, `forward`, `back`, ... from `Cursor`);
    `view` is the position shown, `lines()` the log a table played to it shows."""

    def __init__(self, record: Any, seats: Sequence[Seat] | None = None, source: str = "record") -> None:
        start = castell.replay(dict(record, moves=[]) if isinstance(record, dict) else record, source)
        self._views: list[castell.View] = [start.view(None)]
        self.steps: list[CastellStep] = []

        def keep(game: castell.Game, events: list[ev.Event]) -> None:
            self.steps.append(CastellStep(len(self.steps), self._views[-1].players[self._views[-1].to_move_idx],
                                          game.moves_played()[-1], tuple(events)))
            self._views.append(game.view(None))
        final = castell.replay(record, source, keep)
        self.record: dict[str, Any] = final.record()
        self.data, self.wheel, self.finished = final.data, final.wheel, final.is_over
        self.seats = {s.player: s for s in (seats or [Seat(p) for p in final.players])}
        self.position = len(self.steps)

    @classmethod
    def from_file(cls, path: Path) -> CastellReplay:
        """A Castell save, kept record or bare engine record; DataError (one line naming the
        file, and a refused move by its number) otherwise."""
        record, seats = castell_saves.read_record(path)
        return cls(record, seats, path.name)

    # ---- reading -----------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self._views[0].players

    def name(self, player: str) -> str:
        return seat_name(self.seats[player])

    def view_at(self, position: int) -> castell.View:
        if not 0 <= position <= len(self.steps):
            raise IndexError(f"position {position} outside 0..{len(self.steps)}")
        return self._views[position]

    @property
    def view(self) -> castell.View:
        """The position shown (shared: never played on)."""
        return self._views[self.position]

    def lines(self, upto: int | None = None) -> list[str]:
        """The log after `upto` moves (default: the position shown), as the table printed it."""
        end = self.position if upto is None else upto
        events = [e for step in self.steps[:end] for e in step.events]
        return log_lines(events, self.data, {p: self.name(p) for p in self.players}, self.wheel)

    def current_lines(self) -> int:
        """How many of the log's last lines the move shown printed (0 at the start, and for a move
        the log leaves out)."""
        step = self.steps[self.position - 1] if self.position else None
        return len(log_lines(step.events, self.data, {}, self.wheel)) if step else 0     # counted: no names needed

    def rounds(self) -> list[int]:
        """The rounds the record reaches, first to last."""
        return sorted({v.round for v in self._views})

    def round_start(self, rnd: int) -> int:
        """The first position of round `rnd` (its first decision still to make)."""
        return next((i for i, v in enumerate(self._views) if v.round >= rnd), len(self.steps))
