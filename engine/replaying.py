"""Playing a record's moves, for both games: one place that checks the move list and names the
move number and text of the first refused move (records are seed + move texts, docs/design.md)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .errors import DataError, EngineError


class Playable(Protocol):
    def play(self, move: str) -> object: ...


def play_moves(game: Playable, rec: dict[str, Any], source: str,
               each: Callable[[Any, Any], None] | None = None) -> None:
    """Play `rec["moves"]` on `game` through its checked `play`; DataError (one line) otherwise.
    `each(game, result)` is told of every move played, `result` being what `play` answered (a
    replay viewer keeps each position and its events)."""
    moves = rec.get("moves")
    if not isinstance(moves, list):
        raise DataError(f"{source}: 'moves' must be a list of move texts")
    for i, text in enumerate(moves):
        if not isinstance(text, str):
            raise DataError(f"{source}: moves[{i}] must be text, got {type(text).__name__}")
        try:
            result = game.play(text)
        except EngineError as exc:
            raise DataError(f"{source}: moves[{i}] {exc}") from None
        if each is not None:
            each(game, result)
