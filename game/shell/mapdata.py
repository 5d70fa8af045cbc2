"""The drawing data of the board (levels/map.yaml): region outlines and anchors, validated at load.

Why separate from the engine's board data: outlines and label anchors are presentation only; the
engine never needs them. Everything else about the board (regions, values, scoreboards, adjacency)
the client reads from `engine` only, which loads and checks levels/classic.yaml. Errors name the file
and the field; the outlines must be exactly the engine's regions.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine.files import load_yaml

import engine

MAP_FILE = Path(__file__).resolve().parents[2] / "levels" / "map.yaml"
Point = tuple[int, int]


class MapDataError(ValueError):
    """levels/map.yaml is missing a field or has a malformed one."""


@dataclass(frozen=True)
class RegionShape:
    id: str
    polygon: tuple[Point, ...]
    label: Point
    pieces: Point
    grande: Point
    scoreboard: Point
    king: Point
    colour: str


@dataclass(frozen=True)
class MapData:
    width: int
    height: int
    outline: tuple[Point, ...]
    portugal: tuple[Point, ...]
    france: tuple[Point, ...]
    islands: tuple[tuple[Point, ...], ...]
    regions: dict[str, RegionShape]
    castillo: Point
    king_off_map: Point


def _points(value: object, field: str) -> tuple[Point, ...]:
    if not isinstance(value, list) or len(value) < 3:
        raise MapDataError(f"{MAP_FILE.name}: {field}: expected a list of at least 3 [x, y] points")
    return tuple(_point(p, field) for p in value)


def _point(value: object, field: str) -> Point:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(c, int) for c in value)):
        raise MapDataError(f"{MAP_FILE.name}: {field}: expected [x, y] integers, got {value!r}")
    return (value[0], value[1])


def _field(data: object, key: str, where: str) -> object:
    if not isinstance(data, dict):
        raise MapDataError(f"{MAP_FILE.name}: {where}: expected a mapping, got {data!r}")
    if key not in data:
        raise MapDataError(f"{MAP_FILE.name}: {where}: missing field {key!r}")
    return data[key]


def _mapping(value: object, field: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise MapDataError(f"{MAP_FILE.name}: {field}: expected a mapping, got {value!r}")
    return value


def _islands(value: object) -> list[object]:
    if not isinstance(value, list):
        raise MapDataError(f"{MAP_FILE.name}: islands: expected a list of polygons, got {value!r}")
    return value


def _size(value: object, field: str) -> int:
    if not isinstance(value, int):
        raise MapDataError(f"{MAP_FILE.name}: {field}: expected an integer, got {value!r}")
    return value


@lru_cache(maxsize=1)
def load_map(path: Path = MAP_FILE) -> MapData:
    """Parse and validate the map file once."""
    data = load_yaml(path.read_text(encoding="utf-8"))
    canvas = _field(data, "canvas", "top level")
    parking = _field(data, "king_parking", "top level")
    regions: dict[str, RegionShape] = {}
    raw_regions = _mapping(_field(data, "regions", "top level"), "regions")
    if set(raw_regions) != set(engine.REGIONS):
        raise MapDataError(f"{MAP_FILE.name}: regions: expected exactly the board's regions {sorted(engine.REGIONS)}, "
                           f"got {sorted(raw_regions)}")
    for rid, raw in raw_regions.items():
        where = f"regions.{rid}"
        regions[rid] = RegionShape(
            id=rid,
            polygon=_points(_field(raw, "polygon", where), where + ".polygon"),
            label=_point(_field(raw, "label", where), where + ".label"),
            pieces=_point(_field(raw, "pieces", where), where + ".pieces"),
            grande=_point(_field(raw, "grande", where), where + ".grande"),
            scoreboard=_point(_field(raw, "scoreboard", where), where + ".scoreboard"),
            king=_point(_field(_field(parking, "regions", "king_parking"), rid, "king_parking.regions"),
                        f"king_parking.regions.{rid}"),
            colour=str(_field(raw, "colour", where)),
        )
    return MapData(
        width=_size(_field(canvas, "width", "canvas"), "canvas.width"),
        height=_size(_field(canvas, "height", "canvas"), "canvas.height"),
        outline=_points(_field(data, "outline", "top level"), "outline"),
        portugal=_points(_field(data, "portugal", "top level"), "portugal"),
        france=_points(_field(data, "france", "top level"), "france"),
        islands=tuple(_points(i, "islands") for i in _islands(_field(data, "islands", "top level"))),
        regions=regions,
        castillo=_point(_field(data, "castillo", "top level"), "castillo"),
        king_off_map=_point(_field(parking, "off_map", "king_parking"), "king_parking.off_map"),
    )


def point_in_polygon(x: float, y: float, polygon: tuple[Point, ...]) -> bool:
    """Even-odd ray casting; enough for the simple region outlines. A point outside the
    outline's bounding box is answered at once (the hovered region is asked every frame)."""
    left, top, right, bottom = _bounds(polygon)
    if not (left <= x <= right and top <= y <= bottom):
        return False
    inside = False
    j = len(polygon) - 1
    for i, (xi, yi) in enumerate(polygon):
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


@lru_cache(maxsize=256)
def _bounds(polygon: tuple[Point, ...]) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
    return min(xs), min(ys), max(xs), max(ys)
