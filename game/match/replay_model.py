"""Stepping through a game record: the game at every step and the aligned game-log lines.

Integration (client replay viewer scene; no pygame here):

* Open: ``model = ReplayModel.from_file(path)`` for an exported record, a save file or a bare
  engine record (raises `engine.DataError` with a one-line message naming the file, and for an
  illegal move its index and text: show it in a dialog). From a live game:
  ``ReplayModel(game.record())``.
* Keys/buttons: ``model.forward()``, ``model.back()``, ``model.seek(i)``, ``model.to_start()``,
  ``model.to_end()``; each returns the new ``model.position`` (number of moves applied, 0..len).
* A replay screen never gets the model: it gets ``model.window()``, a `ReplayWindow` that holds
  only what its viewer may see (every position as a View, secret moves masked) unless the game
  is over (then everything is public).
* Game log panel: ``model.lines()`` (one line per move, `engine.describe`), highlight line
  ``model.position - 1``; ``model.steps[i].events`` are the engine events move i caused, for
  animation or `game.present.describe.describe_event` lines.
* Rebuilding the log of a resumed game: ``ReplayModel(game.record()).lines()``.

The model replays the record once when it is built (every move checked) and keeps a clone of the
game after every move, so seeking is a list lookup.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Sequence, TypeVar

import engine
from engine import DataError
from game.match import saves


@dataclass(frozen=True)
class Step:
    """Move `index` of the record: who decided, the move text, its log line, its events."""
    index: int
    player: str
    move: str
    line: str
    events: tuple[engine.events.Event, ...]


def initial_game(record: Any, source: str = "record") -> engine.Game:
    """The game a record starts from (set-up or scenario), before any move."""
    if not isinstance(record, dict):
        raise DataError(f"{source}: a record must be a mapping with 'setup' and 'moves'")
    if not isinstance(record.get("moves"), list):
        raise DataError(f"{source}: 'moves' must be a list of move texts")
    return engine.replay(dict(record, moves=[]), source)


def walk(record: Any, source: str = "record") -> tuple[list[Step], list[engine.Game]]:
    """Replay a record move by move: the steps, and the games before move 0 .. after the last."""
    game = initial_game(record, source)
    games, steps = [game.clone()], []
    for i, text in enumerate(record["moves"]):
        if not isinstance(text, str):
            raise DataError(f"{source}: moves[{i}] must be text, got {type(text).__name__}")
        player = game.to_move
        try:
            move = engine.parse_move(text, game)
            line = engine.describe(move, game)
            events = game.play(move)
        except engine.EngineError as exc:
            raise DataError(f"{source}: moves[{i}] {exc}") from None
        steps.append(Step(i, player or "?", move.text, line, tuple(events)))
        games.append(game.clone())
    return steps, games


S = TypeVar("S")


class Cursor(Generic[S]):
    """A position 0..len(steps) in a list of steps, moved by the replay's keys (both games' replays)."""

    steps: list[S]
    position: int

    def __len__(self) -> int:
        return len(self.steps)

    # ---- moving ------------------------------------------------------------------------------
    def seek(self, position: int) -> int:
        self.position = max(0, min(len(self.steps), int(position)))
        return self.position

    def forward(self, n: int = 1) -> int:
        return self.seek(self.position + n)

    def back(self, n: int = 1) -> int:
        return self.seek(self.position - n)

    def to_start(self) -> int:
        return self.seek(0)

    def to_end(self) -> int:
        return self.seek(len(self.steps))

    @property
    def at_start(self) -> bool:
        return self.position == 0

    @property
    def at_end(self) -> bool:
        return self.position == len(self.steps)

    @property
    def last_step(self) -> S | None:
        """The move that led to the current position (None at the start)."""
        return self.steps[self.position - 1] if self.position else None


class ReplayModel(Cursor[Step]):
    """A finished or saved game record, browsable move by move (see the module docstring). It
    holds the whole game: host side only; screens get `window()`."""

    def __init__(self, record: Any, source: str = "record",
                 seats: tuple[Any, ...] | None = None) -> None:
        self.steps, self._games = walk(record, source)
        self.record = record
        self.source = source
        self.seats = seats
        self.position = len(self.steps)

    @classmethod
    def from_file(cls, path: Path | str) -> "ReplayModel":
        record, seats = saves.read_record(path)
        return cls(record, Path(path).name, seats)

    # ---- reading -----------------------------------------------------------------------------
    def game_at(self, position: int) -> engine.Game:
        """A copy of the game after `position` moves (0 = the start); callers may change it."""
        if not 0 <= position <= len(self.steps):
            raise IndexError(f"position {position} outside 0..{len(self.steps)}")
        return self._games[position].clone()

    @property
    def game(self) -> engine.Game:
        """The game at the current position (shared: do not play moves on it)."""
        return self._games[self.position]

    def view(self, player: str, position: int | None = None) -> engine.View:
        """What `player` saw at `position` (default: the current one)."""
        pos = self.position if position is None else position
        return self._games[pos].view(player)

    def lines(self, upto: int | None = None) -> list[str]:
        """Game-log lines for moves 0 .. upto-1 (default: all): line i describes move i."""
        end = len(self.steps) if upto is None else max(0, min(len(self.steps), upto))
        return [s.line for s in self.steps[:end]]

    def record_upto(self, position: int | None = None) -> dict[str, Any]:
        """The record cut after `position` moves (e.g. to continue a game from there)."""
        pos = self.position if position is None else position
        return dict(self.record, moves=[s.move for s in self.steps[:pos]])

    def window(self, seat: str | None = None) -> "ReplayWindow":
        """What a replay screen may show: a finished game, everything; an
        unfinished one, what the public may know — or, when `seat` is given (or the record has
        exactly one human seat, playing against AIs), what that seat knew, its own secrets only."""
        final = self._games[-1]
        if final.is_over:
            return ReplayWindow(list(self._games), list(self.steps), self.seats, None, True, self.position)
        if seat is None:
            humans = [s.player for s in (self.seats or ()) if getattr(s, "kind", "") == "human"]
            seat = humans[0] if len(humans) == 1 else None
        views = [g.view(seat) if seat else g.public_view() for g in self._games]
        steps = [s if s.player == seat else Step(s.index, s.player, engine.public_text(engine.parse_move(s.move)),
                                                 s.line, s.events) for s in self.steps]
        return ReplayWindow(views, steps, self.seats, seat, False, self.position)


class ReplayWindow(Cursor[Step]):
    """A replay as one screen may show it: every position as the viewer's View (the public view,
    or one seat's), another seat's secret moves masked ("disc ?"); everything once the game is
    over. Built by `ReplayModel.window()`; it holds nothing its screen may not draw."""

    def __init__(self, positions: Sequence[engine.Position], steps: list[Step], seats: tuple[Any, ...] | None,
                 seat: str | None, finished: bool, position: int) -> None:
        self._positions, self.steps = positions, steps
        self.seats, self.seat, self.finished = seats, seat, finished
        self.position = position

    @property
    def game(self) -> engine.Position:
        """The position shown now: a View unless the game is over (do not play moves on it)."""
        return self._positions[self.position]

    def game_at(self, position: int) -> engine.Position:
        if not 0 <= position <= len(self.steps):
            raise IndexError(f"position {position} outside 0..{len(self.steps)}")
        return self._positions[position]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self._positions[0].players)


@dataclass(frozen=True)
class ReplayAdvice:
    """A better choice to show at one position (`note` in words, `plan` as ghosts)."""
    position: int
    note: str
    plan: tuple[engine.Move, ...]
    player: str
