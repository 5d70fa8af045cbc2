"""The drawing data of Castell's map of Catalonia (levels/castell/map.yaml), validated at load.

Why separate from the engine's data: outlines, label anchors and the spots where castellers and
pawns stand are presentation only. The region ids must be the engine's (components.yaml), so a
map and a data set that disagree fail at load, with one line naming the file and the field.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from engine.files import load_yaml

from engine.castell import DATA
from game.shell import mapdata
from game.shell.mapdata import MapDataError, Point

MAP_FILE = Path(__file__).resolve().parents[2] / "levels" / "castell" / "map.yaml"
T = TypeVar("T")


@dataclass(frozen=True)
class Land:
    """A non-playable neighbour, drawn greyed with its name."""
    name: str
    label: Point
    polygon: tuple[Point, ...]


@dataclass(frozen=True)
class CastellRegion:
    id: str
    short: str
    colour: str
    label: Point
    castellers: Point
    pawns: Point
    polygon: tuple[Point, ...]


@dataclass(frozen=True)
class CastellMap:
    width: int
    height: int
    land: tuple[Land, ...]
    sea_name: str
    sea_label: Point
    regions: dict[str, CastellRegion]


def _named(check: Callable[..., T], *args: object) -> T:
    """A mapdata check whose error names this file (`castell/map.yaml`), not El Grande's map."""
    try:
        return check(*args)
    except MapDataError as exc:
        raise MapDataError(f"castell/{exc}") from None


def _text(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise MapDataError(f"castell/{MAP_FILE.name}: {field}: expected a non-empty text, got {value!r}")
    return value


def _colour(value: object, field: str) -> str:
    text = _text(value, field)
    if len(text) != 7 or text[0] != "#" or any(c not in "0123456789abcdefABCDEF" for c in text[1:]):
        raise MapDataError(f"castell/{MAP_FILE.name}: {field}: expected a colour like \"#a8bf92\", got {value!r}")
    return text


def _region(rid: str, raw: object) -> CastellRegion:
    where = f"regions.{rid}"

    def point(key: str) -> Point:
        return _named(mapdata._point, _named(mapdata._field, raw, key, where), f"{where}.{key}")
    return CastellRegion(
        id=rid, short=_text(_named(mapdata._field, raw, "short", where), f"{where}.short"),
        colour=_colour(_named(mapdata._field, raw, "colour", where), f"{where}.colour"),
        label=point("label"), castellers=point("castellers"), pawns=point("pawns"),
        polygon=_named(mapdata._points, _named(mapdata._field, raw, "polygon", where), f"{where}.polygon"))


@lru_cache(maxsize=2)
def load_castell_map(path: Path = MAP_FILE, regions: tuple[str, ...] = DATA.regions) -> CastellMap:
    """Parse and validate the map once; its region ids must be exactly `regions` (the engine's)."""
    data = load_yaml(path.read_text(encoding="utf-8"))
    canvas = _named(mapdata._field, data, "canvas", "top level")
    land_raw = _named(mapdata._field, data, "land", "top level")
    if not isinstance(land_raw, list):
        raise MapDataError(f"castell/{MAP_FILE.name}: land: expected a list of neighbours, got {land_raw!r}")
    land = tuple(Land(_text(_named(mapdata._field, raw, "name", f"land[{i}]"), f"land[{i}].name"),
                      _named(mapdata._point, _named(mapdata._field, raw, "label", f"land[{i}]"), f"land[{i}].label"),
                      _named(mapdata._points, _named(mapdata._field, raw, "polygon", f"land[{i}]"),
                             f"land[{i}].polygon"))
                 for i, raw in enumerate(land_raw))
    sea = _named(mapdata._field, data, "sea", "top level")
    raw_regions = _named(mapdata._mapping, _named(mapdata._field, data, "regions", "top level"), "regions")
    if sorted(raw_regions) != sorted(regions):
        raise MapDataError(f"castell/{MAP_FILE.name}: regions: expected exactly {', '.join(regions)}, "
                           f"got {', '.join(map(str, raw_regions))}")
    return CastellMap(
        width=_named(mapdata._size, _named(mapdata._field, canvas, "width", "canvas"), "canvas.width"),
        height=_named(mapdata._size, _named(mapdata._field, canvas, "height", "canvas"), "canvas.height"),
        land=land,
        sea_name=_text(_named(mapdata._field, sea, "name", "sea"), "sea.name"),
        sea_label=_named(mapdata._point, _named(mapdata._field, sea, "label", "sea"), "sea.label"),
        regions={rid: _region(rid, raw_regions[rid]) for rid in regions},
    )


def region_at(castell_map: CastellMap, point: tuple[float, float]) -> str | None:
    """The region whose outline holds a canvas point, else None."""
    for rid, region in castell_map.regions.items():
        if mapdata.point_in_polygon(point[0], point[1], region.polygon):
            return rid
    return None
