"""What happened in a `play()` call, in order: small frozen records the client animates and logs.

Events never carry hidden information: a recovered power card is not named, and discs appear only
in `DiscsRevealed`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int
    face_up: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PowerPlayed:
    player: str
    value: int


@dataclass(frozen=True, slots=True)
class TurnOrderSet:
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TurnStarted:
    player: str
    power: int


@dataclass(frozen=True, slots=True)
class CardTaken:
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class CaballerosMoved:
    """`count` Caballeros of `player` went from `source` to `target` (areas, court or provinces)."""
    player: str
    source: str
    target: str
    count: int


@dataclass(frozen=True, slots=True)
class KingMoved:
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class GrandeMoved:
    player: str
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class ScoreboardMoved:
    board: str
    source: str | None
    target: str


@dataclass(frozen=True, slots=True)
class PowerRecovered:
    player: str  # which card stays secret


@dataclass(frozen=True, slots=True)
class VetoTaken:
    player: str


@dataclass(frozen=True, slots=True)
class ActionVetoed:
    player: str      # whose special action was stopped
    vetoed_by: str
    card: str


@dataclass(frozen=True, slots=True)
class ActionSkipped:
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class DiscsRevealed:
    purpose: str                      # "castillo", "disc_return_2", "eviction", ...
    discs: tuple[tuple[str, str], ...]  # (player, region) in seat order


@dataclass(frozen=True, slots=True)
class CastilloOpened:
    counts: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class CastilloEmptied:
    """After the discs of a general scoring: the Castillo is empty again."""


@dataclass(frozen=True, slots=True)
class AreaScored:
    area: str
    points: tuple[tuple[str, int], ...]     # every player who scored, place points + bonuses
    king_bonus: str | None
    home_bonus: tuple[str, ...]
    # the colours on the board (the players, then a neutral colour) and each one's Caballeros there
    colours: tuple[str, ...] = ()
    counts: tuple[int, ...] = ()

    @property
    def ranks(self) -> tuple[tuple[str, int], ...]:
        """(colour, rank) of every colour present, under §8.2's tie rule, strongest first: with
        3, 3, 1 both 3s are 2nd and the 1 is 3rd (scoring.rank_players, the one statement of it)."""
        from .scoring import rank_players
        ranks = rank_players(list(self.counts))
        return tuple(sorted(((c, r) for c, r in zip(self.colours, ranks) if r), key=lambda cr: cr[1]))


@dataclass(frozen=True, slots=True)
class ScoringStarted:
    """A scoring begins: `kind` "general" (the general scoring after `round`) or "card" (the
    special scoring of action card `card`, played in `round`). Emitted once per scoring."""
    kind: str
    round: int
    card: str | None = None


@dataclass(frozen=True, slots=True)
class ScoringFinished:
    """The scoring `ScoringStarted` opened is over (same fields); the score history has its entry."""
    kind: str
    round: int
    card: str | None = None


@dataclass(frozen=True, slots=True)
class DummyRegionsDrawn:
    """Round start of a dummy game: the neutral colour's region cards for this round (its
    placements follow as `CaballerosMoved` from its provinces; none into the King's region)."""
    colour: str
    regions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DummyPowerRevealed:
    """The neutral colour's power card, turned up before the bids: it blocks that value and
    sets when the neutral colour takes its action card."""
    colour: str
    value: int


@dataclass(frozen=True, slots=True)
class DummyCardTaken:
    """The neutral colour took the offered card with the most Caballeros and discarded it unused."""
    colour: str
    card: str


@dataclass(frozen=True, slots=True)
class GameOver:
    winners: tuple[str, ...]
    scores: tuple[tuple[str, int], ...]


Event = (RoundStarted | PowerPlayed | TurnOrderSet | TurnStarted | CardTaken | CaballerosMoved
         | KingMoved | GrandeMoved | ScoreboardMoved | PowerRecovered | VetoTaken | ActionVetoed
         | ActionSkipped | DiscsRevealed | CastilloOpened | CastilloEmptied | AreaScored | ScoringStarted
         | ScoringFinished | DummyRegionsDrawn | DummyPowerRevealed | DummyCardTaken | GameOver)


# --------------------------------------------------------------------------- the wire form
# Append-only: a server sends events as JSON and a remote client rebuilds them. Events hold no
# secret (module docstring), so one wire form serves every seat.
EVENT_TYPES: dict[str, type] = {cls.__name__: cls for cls in (
    RoundStarted, PowerPlayed, TurnOrderSet, TurnStarted, CardTaken, CaballerosMoved, KingMoved,
    GrandeMoved, ScoreboardMoved, PowerRecovered, VetoTaken, ActionVetoed, ActionSkipped,
    DiscsRevealed, CastilloOpened, CastilloEmptied, AreaScored, ScoringStarted, ScoringFinished,
    DummyRegionsDrawn, DummyPowerRevealed, DummyCardTaken, GameOver)}


def event_to_json(event: Event) -> dict:
    """`{"type": class name, field: value, ...}`, tuples as lists (JSON-able)."""
    from dataclasses import fields
    out: dict = {"type": type(event).__name__}
    for f in fields(event):
        out[f.name] = _plain(getattr(event, f.name))
    return out


def _plain(value: object) -> object:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def event_from_json(data: object) -> Event:
    """The event `event_to_json` gave, every field checked against its annotation; a bad one
    raises DataError naming the event type and field."""
    event: Event = decode_event(data, EVENT_TYPES)
    return event


def decode_event(data: object, types: dict[str, type], aliases: dict[str, str] | None = None) -> Any:
    """An event of one game's `types` from its JSON (`{"type": class name, field: value}`), each
    field checked against its annotation (`aliases`: a type alias's annotation, e.g. a tower's);
    one checker for both games' wire forms."""
    from dataclasses import MISSING, fields
    from .errors import DataError
    if not isinstance(data, dict) or data.get("type") not in types:
        raise DataError(f"event: expected a mapping with a known 'type', got {str(data)[:80]!r}")
    cls = types[data["type"]]
    known = {f.name for f in fields(cls)}
    extra = set(data) - known - {"type"}
    if extra:
        raise DataError(f"event {data['type']}: unknown field {sorted(extra)[0]!r}")
    args = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is MISSING:
                raise DataError(f"event {data['type']}: field {f.name!r} is missing")
            continue
        args[f.name] = _typed(data[f.name], str(f.type), f"event {data['type']}.{f.name}", aliases or {})
    return cls(**args)


def _typed(value: object, kind: str, where: str, aliases: dict[str, str]) -> object:
    """`value` checked (and lists made tuples) against a field annotation written as text."""
    from .errors import DataError
    kind = kind.strip()
    if kind in aliases:
        return _typed(value, aliases[kind], where, aliases)
    if kind.endswith("| None"):
        return None if value is None else _typed(value, kind[:-len("| None")], where, aliases)
    if kind in ("str", "int"):
        want = str if kind == "str" else int
        if not isinstance(value, want) or isinstance(value, bool):
            raise DataError(f"{where}: expected {kind}, got {str(value)[:40]!r}")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise DataError(f"{where}: expected bool, got {str(value)[:40]!r}")
        return value
    if kind.startswith("tuple[") and kind.endswith(", ...]"):
        if not isinstance(value, list):
            raise DataError(f"{where}: expected a list")
        return tuple(_typed(v, kind[len("tuple["):-len(", ...]")], where, aliases) for v in value)
    if kind.startswith("tuple[") and kind.endswith("]"):
        parts = [p.strip() for p in kind[len("tuple["):-1].split(",")]
        if not isinstance(value, list) or len(value) != len(parts):
            raise DataError(f"{where}: expected a list of {len(parts)}")
        return tuple(_typed(v, p, where, aliases) for v, p in zip(value, parts))
    raise DataError(f"{where}: unsupported field type {kind}")
