"""The versioned public wire form of a Castell View: what the server sends in an `update` and a
client rebuilds (docs/protocol.md "The Castell view").

Why its own form: the View's slots are the engine's layout (per-seat lists by seat index, castellers
as counts by size, action bits); the wire names players by colour, regions by name and actions by
word, so that a client in another language needs no knowledge of the engine's indices, and the
engine may change its layout without breaking clients. `view_from_json` checks the format and
version and rebuilds an equal View; a malformed field is refused naming it.
"""
from __future__ import annotations

from typing import Any

from ..compact_json import compact
from ..errors import DataError
from .data import DATA
from .position import ACTION_NAMES, Festival
from .towers import SKILLS, format_tower, parse_tower
from .view import View

FORMAT, VERSION = "castell/view", 1
# the fields of "state", always all present, in this order
FIELDS = ("players", "wheel", "ring", "calendar", "tile_region", "round", "phase", "to_move", "first",
          "turn_position", "actions_used", "festival_position", "pawns", "teams", "ranks", "tokens",
          "region_castellers", "region_rows", "bounty", "bag", "collected", "best", "won_tiles",
          "won_sizes", "won_prizes", "prizes_left", "entrants", "declared")


def _region(i: int) -> str:
    return DATA.regions[i]


def view_to_json(view: View) -> dict[str, Any]:
    """The wire form of `view` (JSON-able; key order fixed)."""
    players = list(view.players)

    def per_seat(values: Any, f: Any = lambda x: x) -> dict[str, Any]:
        return {p: f(values[i]) for i, p in enumerate(players)}
    state = {
        "players": players, "wheel": view.wheel, "ring": list(view.ring),
        "calendar": [{"round": f.round, "tile": f.tile.id, "sizes": list(f.sizes)} for f in view.calendar],
        "tile_region": {t: _region(r) for t, r in sorted(view.tile_region.items())},
        "round": view.round, "phase": view.phase, "to_move": view.to_move, "first": players[view.first],
        "turn_position": view.turn_pos,
        "actions_used": [name for bit, name in ACTION_NAMES.items() if view.used & bit],
        "festival_position": view.fest_pos,
        "pawns": per_seat(view.pawn, lambda r: None if r < 0 else _region(r)),
        "teams": per_seat(view.team, list),
        "ranks": per_seat(view.ranks, lambda ranks: dict(zip(SKILLS, ranks))),
        "tokens": per_seat(view.tokens),
        "region_castellers": {_region(r): list(c) for r, c in enumerate(view.pool)},
        "region_rows": {_region(r): list(row) for r, row in enumerate(view.rows)},
        "bounty": {_region(r): [players[s] for s in seats] for r, seats in enumerate(view.bounty)},
        "bag": list(view.bag), "collected": per_seat(view.collected), "best": per_seat(view.best),
        "won_tiles": per_seat(view.won_tiles, list),
        "won_sizes": per_seat(view.won_sizes, lambda won: [[s, _region(r)] for s, r in won]),
        "won_prizes": per_seat(view.won_prizes,
                               lambda won: [[DATA.prize_kinds[k], _region(r)] for k, r in won]),
        "prizes_left": {k: n for k, n in zip(DATA.prize_kinds, view.prizes_left)},
        "entrants": [players[s] for s in view.entrants],
        "declared": [[players[s], None if t is None else format_tower(t)] for s, t in view.declared],
    }
    return {"format": FORMAT, "version": VERSION, "viewer": view.viewer, "state": state}


def view_text(view: View) -> str:
    """The wire form as compact JSON text (what an `update` carries)."""
    return compact(view_to_json(view))


class _Reader:
    """Reads one field of the state, refusing a wrong value with its name."""

    def __init__(self, state: dict[str, Any], source: str) -> None:
        self.state, self.source = state, source

    def fail(self, field: str, expected: str) -> DataError:
        return DataError(f"{self.source}: state.{field}: expected {expected}, got {repr(self.state.get(field))[:60]}")

    def index(self, field: str, value: Any, names: tuple[str, ...], expected: str) -> int:
        if value not in names:
            raise self.fail(field, expected)
        return names.index(value)


def view_from_json(data: Any, source: str = "castell view") -> View:
    """The View a wire form describes; DataError naming the field when it does not fit."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise DataError(f"{source}: expected format {FORMAT!r} version {VERSION}")
    state = data.get("state")
    if not isinstance(state, dict) or list(state) != list(FIELDS):
        raise DataError(f"{source}: state must hold the fields {', '.join(FIELDS)} in that order")
    r = _Reader(state, source)
    try:
        return _build(state, data.get("viewer"), r)
    except DataError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise DataError(f"{source}: a field does not fit the view ({exc.__class__.__name__}: {exc})") from None


def _build(state: dict[str, Any], viewer: Any, r: _Reader) -> View:
    players = tuple(state["players"])
    if not all(isinstance(p, str) for p in players) or viewer not in players + (None,):
        raise r.fail("players", "the players' colours, the viewer one of them or null")
    regions = DATA.regions
    tiles = {t.id: t for t in DATA.festival_tiles}

    def region(field: str, name: Any) -> int:
        return r.index(field, name, regions, "a region")

    def seat(field: str, colour: Any) -> int:
        return r.index(field, colour, players, "a player's colour")

    def per_seat(field: str, f: Any = lambda x: x) -> tuple[Any, ...]:
        value = state[field]
        if not isinstance(value, dict) or list(value) != list(players):
            raise r.fail(field, "one entry per player, in seat order")
        return tuple(f(value[p]) for p in players)

    def per_region(field: str, f: Any) -> tuple[Any, ...]:
        value = state[field]
        if not isinstance(value, dict) or list(value) != list(regions):
            raise r.fail(field, "one entry per region, in the board's order")
        return tuple(f(value[name]) for name in regions)
    fields: dict[str, Any] = {
        "data": DATA, "players": players, "seed": None, "wheel": state["wheel"],
        "ring": tuple(state["ring"]),
        "calendar": tuple(Festival(int(f["round"]), tiles[f["tile"]], tuple(int(s) for s in f["sizes"]))
                          for f in state["calendar"]),
        "tile_region": {t: region("tile_region", name) for t, name in state["tile_region"].items()},
        "round": int(state["round"]), "phase": str(state["phase"]), "first": seat("first", state["first"]),
        "turn_pos": int(state["turn_position"]),
        "used": sum(bit for bit, name in ACTION_NAMES.items() if name in state["actions_used"]),
        "fest_pos": int(state["festival_position"]),
        "pawn": per_seat("pawns", lambda name: -1 if name is None else region("pawns", name)),
        "team": per_seat("teams", lambda counts: tuple(int(c) for c in counts)),
        "ranks": per_seat("ranks", lambda ranks: tuple(int(ranks[s]) for s in SKILLS)),
        "tokens": per_seat("tokens", int),
        "pool": per_region("region_castellers", lambda counts: tuple(int(c) for c in counts)),
        "rows": per_region("region_rows", lambda row: tuple(str(t) for t in row)),
        "bounty": per_region("bounty", lambda cs: tuple(seat("bounty", c) for c in cs)),
        "bag": tuple(int(s) for s in state["bag"]),
        "collected": per_seat("collected", int), "best": per_seat("best", int),
        "won_tiles": per_seat("won_tiles", lambda ts: tuple(str(t) for t in ts)),
        "won_sizes": per_seat("won_sizes", lambda won: tuple((int(s), region("won_sizes", g)) for s, g in won)),
        "won_prizes": per_seat("won_prizes", lambda won: tuple(
            (r.index("won_prizes", k, DATA.prize_kinds, "a prize kind"), region("won_prizes", g)) for k, g in won)),
        "prizes_left": tuple(int(state["prizes_left"][k]) for k in DATA.prize_kinds),
        "entrants": tuple(seat("entrants", c) for c in state["entrants"]),
        "declared": tuple((seat("declared", c), None if t is None else parse_tower(t)) for c, t in state["declared"]),
        "viewer": viewer,
    }
    v = View.__new__(View)
    for name, value in fields.items():
        object.__setattr__(v, name, value)
    if v.to_move != state["to_move"]:
        raise r.fail("to_move", f"{v.to_move!r}, the player the other fields make the one to move")
    return v


__all__ = ["FIELDS", "FORMAT", "VERSION", "view_from_json", "view_text", "view_to_json"]
