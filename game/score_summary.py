"""What one scoring brought, area by area, read from the engine's scoring events (no pygame).

Why from events: the summary panel must show exactly what the engine scored — place points with
bonuses, who had the King's or home bonus — so it is assembled from `AreaScored` events between a
`ScoringStarted` and its `ScoringFinished`, never recomputed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import events as E


@dataclass(frozen=True)
class AreaRow:
    """One scored area: points per player (bonuses included), the bonus holders, tied players."""
    area: str
    points: dict[str, int]
    king_bonus: str | None
    home_bonus: tuple[str, ...]

    @property
    def tied(self) -> frozenset[str]:
        """Players sharing a rank here: the same points as another player (ties drop a rank, §8.2,
        and a bonus goes only to a sole leader, so equal points mean a shared rank)."""
        values = [n for n in self.points.values() if n]
        return frozenset(p for p, n in self.points.items() if n and values.count(n) > 1)


@dataclass(frozen=True)
class ScoreSummary:
    """A whole scoring: `kind` is "general" or the action card id; `label` the score-history label."""
    kind: str
    label: str
    rows: tuple[AreaRow, ...]

    def total(self, player: str) -> int:
        return sum(row.points.get(player, 0) for row in self.rows)

    @property
    def round(self) -> int | None:
        """The round of a general scoring (its label is "round N")."""
        return int(self.label.split()[-1]) if self.label.startswith("round") else None


class SummaryCollector:
    """Fed every event in order; hands back a `ScoreSummary` when a scoring finishes."""

    def __init__(self) -> None:
        self._depth = 0
        self._kind = ""
        self._label = ""
        self._rows: list[AreaRow] = []

    def feed(self, event: Any) -> ScoreSummary | None:
        if isinstance(event, E.ScoringStarted):
            if self._depth == 0:
                self._kind, self._label, self._rows = event.kind, event.kind, []
            elif event.kind != "general":
                self._label = event.kind
            self._depth += 1
        elif isinstance(event, E.AreaScored) and self._depth:
            self._rows.append(AreaRow(event.area, dict(event.points), event.king_bonus, tuple(event.home_bonus)))
        elif isinstance(event, E.ScoringFinished) and self._depth:
            self._depth -= 1
            if self._depth == 0:
                return ScoreSummary(self._kind, self._label, tuple(self._rows))
        return None
