"""One error family for everything the engine refuses: bad notation, illegal moves, bad data, bad saves."""
from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalMove(EngineError):
    """A move that is not legal in the current position; the message says why in English and
    `reason` says it as data (a code and its arguments, engine/refusals.py) for clients to word."""

    def __init__(self, message: str, reason: tuple[str, dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class NotationError(EngineError):
    """Text that is not a move in the notation of docs/design.md §2."""


class DataError(EngineError):
    """A data, scenario, record or save file that does not validate; names the file and field."""
