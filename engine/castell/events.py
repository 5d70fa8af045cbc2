"""What happened in a Castell `play()` call, in order: small frozen records the client animates and
the game log prints. Castell has no secrets, so every event is public (a refill names the sizes
drawn because everyone sees them land on the map)."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..events import decode_event
from .towers import Tower


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    first: str                   # the first player of the round (ruling C16)


@dataclass(frozen=True, slots=True)
class Refilled:
    """A region topped up from the bag at the start of a refill round (ruling C17)."""
    region: str
    sizes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class WheelTurned:
    """The wheel turned one step (ruling C18); `facing` maps each region, and "all" for the
    All/No Regions segment, to the board skill tile it now faces."""
    round: int
    facing: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class TurnStarted:
    player: str


@dataclass(frozen=True, slots=True)
class PawnPlaced:
    player: str
    region: str


@dataclass(frozen=True, slots=True)
class PawnMoved:
    player: str
    source: str
    target: str
    special: bool                # by a special action (ruling C9)


@dataclass(frozen=True, slots=True)
class Recruited:
    player: str
    region: str
    sizes: tuple[int, ...]
    special: bool


@dataclass(frozen=True, slots=True)
class Trained:
    """A skill raised one rank, or (skill "special") the free special action opened (C21)."""
    player: str
    skill: str
    rank: int


@dataclass(frozen=True, slots=True)
class TokenSpent:
    """A paid special action: the token goes on the performance space of `region` (C22)."""
    player: str
    region: str


@dataclass(frozen=True, slots=True)
class Performed:
    """A local performance: the tile taken with its bounty of special action tokens (C8)."""
    player: str
    region: str
    tile: str
    tower: Tower
    points: int
    bounty: int


@dataclass(frozen=True, slots=True)
class SpecialSkipped:
    player: str


@dataclass(frozen=True, slots=True)
class TowerDeclared:
    """A festival entry, or (tower None) an entrant who declined (ruling C7)."""
    player: str
    festival: str
    tower: Tower | None


@dataclass(frozen=True, slots=True)
class FestivalHeld:
    """A festival resolved: each entrant's tower and score, whose best tower rose, the prizes by
    entrant (ruling C14) and who took the size token (ruling C13; None: nobody)."""
    festival: str
    region: str
    town: str
    sizes: tuple[int, ...]
    entries: tuple[tuple[str, Tower, int], ...]
    new_best: tuple[tuple[str, int], ...]
    prizes: tuple[tuple[str, str], ...]
    size_token: str | None


@dataclass(frozen=True, slots=True)
class TurnEnded:
    player: str


@dataclass(frozen=True, slots=True)
class GameOver:
    scores: tuple[tuple[str, int], ...]
    winners: tuple[str, ...]


Event = (RoundStarted | Refilled | WheelTurned | TurnStarted | PawnPlaced | PawnMoved | Recruited
         | Trained | TokenSpent | Performed | SpecialSkipped | TowerDeclared | FestivalHeld | TurnEnded
         | GameOver)


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as JSON: `{"type": its class name, field: value, ...}`, tuples as lists (a tower
    as its levels, bottom first)."""
    return {"type": type(event).__name__, **{f.name: _plain(getattr(event, f.name)) for f in fields(event)}}


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, (tuple, list)) else value


# Append-only: a server sends these as JSON (docs/protocol.md "The Castell view") and a client
# rebuilds them with `event_from_json`.
EVENT_TYPES: dict[str, type] = {cls.__name__: cls for cls in (
    RoundStarted, Refilled, WheelTurned, TurnStarted, PawnPlaced, PawnMoved, Recruited, Trained, TokenSpent,
    Performed, SpecialSkipped, TowerDeclared, FestivalHeld, TurnEnded, GameOver)}


def event_from_json(data: object) -> Event:
    """The event `event_to_json` gave, every field checked (a tower as levels of sizes); a bad one
    raises DataError naming the event type and field."""
    event: Event = decode_event(data, EVENT_TYPES, {"Tower": "tuple[tuple[int, ...], ...]"})
    return event
