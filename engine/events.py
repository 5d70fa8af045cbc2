"""What happened in a `play()` call, in order: small frozen records the client animates and logs.

Events never carry hidden information: a recovered power card is not named, and discs appear only
in `DiscsRevealed`.
"""
from __future__ import annotations

from dataclasses import dataclass


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
    # every player with Caballeros there and his rank under §8.2 (tied players share the lower
    # rank: with 3, 3, 1 both 3s are 2nd and the 1 is 3rd), strongest first
    ranks: tuple[tuple[str, int], ...] = ()


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
