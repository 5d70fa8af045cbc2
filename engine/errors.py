"""One error family for everything the engine refuses: bad notation, illegal moves, bad data, bad saves."""


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalMove(EngineError):
    """A move that is not legal in the current position; the message says why."""


class NotationError(EngineError):
    """Text that is not a move in the notation of DESIGN.md §2."""


class DataError(EngineError):
    """A data, scenario, record or save file that does not validate; names the file and field."""
