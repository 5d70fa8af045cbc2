"""What one scoring brought, area by area, read from the engine's scoring events (no pygame).

Why from events: the summary panel must show exactly what the engine scored — place points with
bonuses, who had the King's or home bonus — so it is assembled from `AreaScored` events between a
`ScoringStarted` and its `ScoringFinished`, never recomputed.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from engine import events as E


@dataclass(frozen=True)
class AreaRow:
    """One scored area: points per player (bonuses included), the bonus holders, and each present
    player's rank as the engine reported it (§8.2 ties)."""
    area: str
    points: dict[str, int]
    king_bonus: str | None
    home_bonus: tuple[str, ...]
    ranks: dict[str, int]
    board: str | None = None    # the mobile scoreboard ("8-4-0", "4-0-0") that set the values, if any

    @property
    def tied(self) -> frozenset[str]:
        """Players sharing a rank here with another player (the engine's ranks, never guessed)."""
        shared = [r for r in self.ranks.values()]
        return frozenset(p for p, r in self.ranks.items() if shared.count(r) > 1)


@dataclass(frozen=True)
class ScoreSummary:
    """A whole scoring: `kind` "general" (after `round`) or "card" (action card `card`'s, played
    in `round`), as the engine's `ScoringStarted` says."""
    kind: str
    round: int
    card: str | None
    rows: tuple[AreaRow, ...]

    def total(self, player: str) -> int:
        return sum(row.points.get(player, 0) for row in self.rows)


class SummaryCollector:
    """Fed every event in order; hands back a `ScoreSummary` when a scoring finishes."""

    def __init__(self, boards: Callable[[], Mapping[str, str | None]] | None = None) -> None:
        """`boards`: where the mobile scoreboards lie (board -> region) as the scoring is read,
        to mark the rows they set; they never move during a scoring."""
        self._started: E.ScoringStarted | None = None
        self._rows: list[AreaRow] = []
        self._boards = boards

    def feed(self, event: E.Event) -> ScoreSummary | None:
        if isinstance(event, E.ScoringStarted):
            self._started, self._rows = event, []
        elif isinstance(event, E.AreaScored) and self._started:
            self._rows.append(AreaRow(event.area, dict(event.points), event.king_bonus,
                                      tuple(event.home_bonus), dict(event.ranks)))
        elif isinstance(event, E.ScoringFinished) and self._started:
            started, self._started = self._started, None
            return ScoreSummary(started.kind, started.round, started.card, tuple(self._marked(self._rows)))
        return None

    def _marked(self, rows: list[AreaRow]) -> list[AreaRow]:
        on = {region: board for board, region in (self._boards() if self._boards else {}).items() if region}
        return [replace(row, board=on.get(row.area)) for row in rows]
