"""Castell's game log in the players' language: one line per event (engine/castell/events.py), the
players by their seat names. The engine's English lines (engine/castell/describe.py) stay for the
headless log and the tests; the table reads these. pygame-free.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from engine.castell import events as ev
from engine.castell.data import CastellData
from game.present.castell_words import joined, prize_name, sizes_text, skill_name, tile_text, tower_text
from game.shell.i18n import t, tn
from engine.castell.towers import format_tower


class _Words:
    """What a line needs besides its event: the data, the seat names and the wheel's side."""

    def __init__(self, data: CastellData, names: Mapping[str, str], wheel: str) -> None:
        self.data, self.names, self.wheel = data, names, wheel

    def who(self, player: str) -> str:
        return self.names.get(player, player)

    def region(self, rid: str) -> str:
        if rid == "all":
            return t("castell.wheel.no_regions") if self.wheel == "advanced" else t("castell.wheel.all_regions")
        return self.data.region_names[rid]


def log_lines(events: Iterable[ev.Event], data: CastellData, names: Mapping[str, str],
              wheel: str = "standard", acts: Mapping[int, str] | None = None) -> list[str]:
    """The log of a game so far, one line per event the log prints: a local table's, a server's
    table's and the replay's alike. `acts`: by event index, the name the event's player reads as
    in it — an AI that played for a player away from a server's table ("Ben (AI Normal)")."""
    acts = acts or {}
    lines = (log_line(e, data, {**names, getattr(e, "player", ""): acts[i]} if i in acts else names, wheel)
             for i, e in enumerate(events))
    return [line for line in lines if line]


def log_line(event: ev.Event, data: CastellData, names: Mapping[str, str], wheel: str = "standard") -> str | None:
    """The log's line for an event, or None for those the log does not print (a turn's start
    and end)."""
    handler = _LINES.get(type(event))
    return None if handler is None else handler(event, _Words(data, names, wheel))


def _festival(e: ev.FestivalHeld, w: _Words) -> str:
    head = t("castell.log.festival", town=e.town, region=w.region(e.region), sizes=sizes_text(e.sizes))
    if not e.entries:
        return f"{head} {t('castell.log.festival_empty')}"
    towers = "; ".join(t("castell.log.festival_entry", player=w.who(p), tower=format_tower(tower), score=score)
                       for p, tower, score in e.entries)
    prizes = joined([t("castell.log.festival_prize", player=w.who(p), prize=prize_name(kind)) for p, kind in e.prizes])
    parts = [head, towers + ".", t("castell.log.festival_prizes", prizes=prizes or t("castell.log.none"))]
    parts.append(t("castell.log.size_token", player=w.who(e.size_token)) if e.size_token is not None
                 else t("castell.log.size_token_tie"))
    parts += [t("castell.log.new_best", player=w.who(p), score=score) for p, score in e.new_best]
    return " ".join(parts)


def _performed(e: ev.Performed, w: _Words) -> str:
    values = dict(player=w.who(e.player), tile=tile_text(w.data, e.tile), region=w.region(e.region),
                  tower=tower_text(e.tower))
    if e.bounty:
        return tn("castell.log.performed_bounty", e.bounty, **values)
    return t("castell.log.performed", **values)


def _trained(e: ev.Trained, w: _Words) -> str:
    if e.skill == "special":
        return t("castell.log.trained_special", player=w.who(e.player))
    return t("castell.log.trained", player=w.who(e.player), skill=skill_name(e.skill), rank=e.rank)


def _game_over(e: ev.GameOver, w: _Words) -> str:
    scores = ", ".join(t("castell.log.score", player=w.who(p), score=s) for p, s in e.scores)
    return tn("castell.log.game_over", len(e.winners), scores=scores, winners=joined([w.who(p) for p in e.winners]))


def _move(e: ev.PawnMoved, w: _Words) -> str:
    values = dict(player=w.who(e.player), source=w.region(e.source), target=w.region(e.target))
    return t("castell.log.moved_special", **values) if e.special else t("castell.log.moved", **values)


def _recruit(e: ev.Recruited, w: _Words) -> str:
    values = dict(player=w.who(e.player), sizes=sizes_text(e.sizes), region=w.region(e.region))
    return t("castell.log.recruited_special", **values) if e.special else t("castell.log.recruited", **values)


def _wheel(e: ev.WheelTurned, w: _Words) -> str:
    facing = ", ".join(f"{w.region(r)} → {skill_name(kind)}" for r, kind in e.facing)
    return t("castell.log.wheel", facing=facing)


_LINES: dict[type, Callable] = {
    ev.RoundStarted: lambda e, w: t("castell.log.round", round=e.round, first=w.who(e.first)),
    ev.Refilled: lambda e, w: t("castell.log.refilled", region=w.region(e.region), sizes=sizes_text(e.sizes)),
    ev.WheelTurned: _wheel,
    ev.PawnPlaced: lambda e, w: t("castell.log.placed", player=w.who(e.player), region=w.region(e.region)),
    ev.PawnMoved: _move,
    ev.Recruited: _recruit,
    ev.Trained: _trained,
    ev.TokenSpent: lambda e, w: t("castell.log.token", player=w.who(e.player), region=w.region(e.region)),
    ev.Performed: _performed,
    ev.SpecialSkipped: lambda e, w: t("castell.log.skipped", player=w.who(e.player)),
    ev.TowerDeclared: lambda e, w: (t("castell.log.declared", player=w.who(e.player), tower=format_tower(e.tower))
                                    if e.tower is not None else t("castell.log.declined", player=w.who(e.player))),
    ev.FestivalHeld: _festival,
    ev.GameOver: _game_over,
}
