"""The engine's own English for Castell's events and breakdowns: the headless game log, tests and
tools read it; the client words the same events through its catalogs."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from . import events as ev
from .data import CastellData, ExhibitionTile
from .towers import Tower, format_tower

CATEGORIES = ("tower", "diversity", "prizes", "sizes", "performances")
CATEGORY_NAMES = {"tower": "Best tower", "diversity": "Regions", "prizes": "Prizes",
                  "sizes": "Size tokens", "performances": "Performances"}


def sizes_text(sizes: tuple[int, ...]) -> str:
    return " and ".join(map(str, sizes))


def tile_text(data: CastellData, tile_id: str) -> str:
    """A performance tile as a player reads it: its shape or height and skills, and its points."""
    tile = data.tiles[tile_id]
    if isinstance(tile, ExhibitionTile):
        return f"{tile_id} ({tile.points} levels using {' + '.join(tile.skills)}, {tile.points} points)"
    return f"{tile_id} (levels of {'-'.join(map(str, tile.levels))}, {tile.points} points)"


def tower_text(tower: Tower) -> str:
    return f"{format_tower(tower)} ({len(tower)} levels)"


def describe(event: ev.Event, data: CastellData, names: Mapping[str, str] | None = None) -> str | None:
    """One log line for an event (None for those the log does not print); `names` shows players
    by their seat names instead of their colour ids."""
    handler = _LINES.get(type(event))
    if handler is None:
        return None
    if names:
        event = _renamed(event, names)
    line: str = handler(event, data, data.region_names.get)
    return line


def _renamed(event: ev.Event, names: Mapping[str, str]) -> ev.Event:
    """The event with every player id replaced by the seat's name (for the log only)."""
    def who(player: str) -> str:
        return names.get(player, player)
    changes: dict[str, object] = {}
    if hasattr(event, "player"):
        changes["player"] = who(event.player)
    if isinstance(event, ev.RoundStarted):
        changes["first"] = who(event.first)
    if isinstance(event, ev.FestivalHeld):
        changes["entries"] = tuple((who(p), t, s) for p, t, s in event.entries)
        changes["new_best"] = tuple((who(p), s) for p, s in event.new_best)
        changes["prizes"] = tuple((who(p), k) for p, k in event.prizes)
        changes["size_token"] = None if event.size_token is None else who(event.size_token)
    if isinstance(event, ev.GameOver):
        changes["scores"] = tuple((who(p), s) for p, s in event.scores)
        changes["winners"] = tuple(who(p) for p in event.winners)
    return replace(event, **changes)  # type: ignore[arg-type]


def _festival(e: ev.FestivalHeld, data: CastellData, name: Callable) -> str:
    head = f"Festival in {e.town} ({name(e.region)}), size token {sizes_text(e.sizes)}: "
    if not e.entries:
        return head + "nobody enters; the size token stays."
    towers = "; ".join(f"{p} {format_tower(t)} scores {score}" for p, t, score in e.entries)
    prizes = ", ".join(f"{p} a {kind}" for p, kind in e.prizes) or "none"
    token = e.size_token or "nobody (a tie)"
    best = "".join(f" {p}'s best tower is now {score}." for p, score in e.new_best)
    return f"{head}{towers}. Prizes: {prizes}. Size token to {token}.{best}"


_LINES: dict[type, Callable] = {
    ev.RoundStarted: lambda e, d, n: f"— Round {e.round} — {e.first} plays first.",
    ev.Refilled: lambda e, d, n: f"{n(e.region)} refilled with {', '.join(map(str, e.sizes))}.",
    ev.WheelTurned: lambda e, d, n: "The wheel turns: " + ", ".join(
        f"{'All regions' if r == 'all' else n(r)} {kind}" for r, kind in e.facing) + ".",
    ev.PawnPlaced: lambda e, d, n: f"{e.player} starts in {n(e.region)}.",
    ev.PawnMoved: lambda e, d, n: f"{e.player} {'uses a special action to move' if e.special else 'moves'} "
                                  f"from {n(e.source)} to {n(e.target)}.",
    ev.Recruited: lambda e, d, n: f"{e.player} {'uses a special action to recruit' if e.special else 'recruits'} "
                                  f"{sizes_text(e.sizes)} in {n(e.region)}.",
    ev.Trained: lambda e, d, n: (f"{e.player} trains on the special tile: a free special action."
                                 if e.skill == "special" else f"{e.player} trains {e.skill} to rank {e.rank}."),
    ev.TokenSpent: lambda e, d, n: f"{e.player}'s special action token goes to {n(e.region)}'s performance space.",
    ev.Performed: lambda e, d, n: (f"{e.player} performs {tile_text(d, e.tile)} in {n(e.region)} with "
                                   f"{tower_text(e.tower)}" + (f" and collects {e.bounty} bounty token"
                                                               f"{'s' if e.bounty != 1 else ''}" if e.bounty else "")
                                   + "."),
    ev.SpecialSkipped: lambda e, d, n: f"{e.player} lets the free special action go.",
    ev.TowerDeclared: lambda e, d, n: (f"{e.player} enters {format_tower(e.tower)}." if e.tower is not None
                                       else f"{e.player} declines to enter."),
    ev.FestivalHeld: _festival,
    ev.GameOver: lambda e, d, n: "Game over: " + ", ".join(f"{p} {s}" for p, s in e.scores) + ". Winner"
                                 + ("s" if len(e.winners) > 1 else "") + ": " + ", ".join(e.winners) + ".",
}
