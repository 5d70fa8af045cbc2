"""Load and validate Castell's component tables (`levels/castell/components.yaml`) into one frozen
`CastellData` the rules index by integer.

The tables are house data (docs/castell.md, "House data"): every section carries a `house` flag so
the publisher's real tables can replace them with no code change. Regions are numbered in the
file's order, which is also the refill order (ruling C17); wheel segments in the wheel's order
(ruling C18). Every error names the file, the field and what was expected.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import DataError
from ..files import read_yaml_mapping
from .towers import SKILLS

DATA_DIR = Path(__file__).resolve().parent.parent.parent / "levels" / "castell"
COMPONENTS = "components.yaml"
SIZES = range(1, 11)                  # casteller sizes 1..10
SPECIAL = "special"                   # the board skill tile that gives a free special action
PLAYER_COUNTS = (2, 3, 4)
SECTIONS = ("regions", "wheel", "board_skill_tiles", "skill_ranks", "castellers", "setup",
            "size_tokens", "refills", "festival_tiles", "calendar", "prizes", "diversity",
            "performance_tiles")


@dataclass(frozen=True)
class ShapeTile:
    """A local performance tile met by a tower with exactly these castellers per level (C12)."""
    id: str
    levels: tuple[int, ...]
    points: int


@dataclass(frozen=True)
class ExhibitionTile:
    """A local performance tile met by a tower of exactly `points` levels that uses every skill
    listed (C11, C23)."""
    id: str
    points: int
    skills: tuple[str, ...]


PerformanceTile = ShapeTile | ExhibitionTile


@dataclass(frozen=True)
class FestivalTile:
    id: str          # REGION_I or REGION_II (ruling C29)
    region: int
    back: str        # "I" or "II"
    town: str


@dataclass(frozen=True)
class CastellData:
    regions: tuple[str, ...]
    region_names: dict[str, str]
    adjacent: tuple[tuple[int, ...], ...]      # per region index, sorted
    wheel: tuple[int, ...]                     # region index of each segment 0..6 (7 = All/No)
    board_tiles: tuple[str, ...]               # the 8 board skill tiles (skills or "special")
    max_rank: tuple[int, ...]                  # per skill of towers.SKILLS
    castellers: tuple[int, ...]                # per size 1..10 (index size-1)
    per_region: dict[int, int]                 # set-up castellers per region, by player count
    team: int
    special_tokens: int
    rounds: int
    tiles_per_region: int
    size_tokens: tuple[int, ...]               # per size 1..10
    sizes_per_festival: int
    refill_rounds: frozenset[int]
    festival_tiles: tuple[FestivalTile, ...]
    calendar_back: dict[int, str]              # round -> "I"/"II"
    festivals: dict[int, dict[int, int]]       # players -> round -> festivals held
    prize_kinds: tuple[str, ...]               # rank 1, 2, 3 …
    prize_supply: tuple[int, ...]
    prize_points: tuple[int, ...]
    prize_places: dict[int, int]               # players -> ranks that take a prize
    diversity: tuple[int, ...]                 # points by regions won in (index = regions)
    tiles: dict[str, PerformanceTile]          # in the file's order: shape tiles, then exhibition
    house: frozenset[str]                      # the sections that are house data

    @property
    def casteller_total(self) -> int:
        return sum(self.castellers)


class _Reader:
    """Field checks that name the file and the field path in every error."""

    def __init__(self, path: Path) -> None:
        self.name = path.name

    def fail(self, field: str, expected: str, got: Any) -> DataError:
        return DataError(f"{self.name}: {field} must be {expected}, got {got!r}")

    def mapping(self, value: Any, field: str) -> dict:
        if not isinstance(value, dict):
            raise self.fail(field, "a mapping", value)
        return value

    def key(self, mapping: dict, key: str, field: str) -> Any:
        if key not in mapping:
            raise DataError(f"{self.name}: {field}.{key} is missing")
        return mapping[key]

    def integer(self, value: Any, field: str, low: int, high: int) -> int:
        if type(value) is not int or not low <= value <= high:
            raise self.fail(field, f"a whole number {low}..{high}", value)
        return value

    def text(self, value: Any, field: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(field, "a non-empty text", value)
        return value

    def items(self, value: Any, field: str) -> list:
        if not isinstance(value, list) or not value:
            raise self.fail(field, "a non-empty list", value)
        return value

    def one_of(self, value: Any, field: str, allowed: dict[str, int] | tuple[str, ...]) -> str:
        if value not in allowed:
            raise self.fail(field, f"one of {', '.join(allowed)}", value)
        return str(value)

    def per_size(self, value: Any, field: str, high: int) -> tuple[int, ...]:
        counts = self.mapping(value, field)
        if sorted(counts) != list(SIZES):
            raise self.fail(field, "a count for each size 1..10", sorted(counts, key=str))
        return tuple(self.integer(counts[s], f"{field}.{s}", 0, high) for s in SIZES)

    def per_players(self, value: Any, field: str) -> dict:
        counts = self.mapping(value, field)
        if sorted(counts, key=str) != [2, 3, 4]:
            raise self.fail(field, "one entry for each player count 2, 3, 4", sorted(counts, key=str))
        return counts


def load_data(folder: str | Path = DATA_DIR) -> CastellData:
    """Castell's tables from `folder/components.yaml`, validated (DataError names file and field)."""
    path = Path(folder) / COMPONENTS
    doc = read_yaml_mapping(path, source=str(path))
    r = _Reader(path)
    house: set[str] = set()
    for section in SECTIONS:
        body = r.mapping(r.key(doc, section, "(top level)"), section)
        flag = body.get("house", None)
        if not isinstance(flag, bool):
            raise r.fail(f"{section}.house", "true (invented house data) or false", flag)
        if flag:
            house.add(section)
    unknown = sorted(set(doc) - set(SECTIONS), key=str)
    if unknown:
        raise DataError(f"{path.name}: unknown section {unknown[0]!r} (expected: {', '.join(SECTIONS)})")

    region_map = r.mapping(r.key(doc["regions"], "list", "regions"), "regions.list")
    regions = tuple(str(k) for k in region_map)
    if len(regions) < 2:
        raise r.fail("regions.list", "at least 2 regions", regions)
    names = {rid: r.text(region_map[rid], f"regions.list.{rid}") for rid in regions}
    index = {rid: i for i, rid in enumerate(regions)}
    neighbours: list[set[int]] = [set() for _ in regions]
    for k, pair in enumerate(r.items(r.key(doc["regions"], "adjacent", "regions"), "regions.adjacent")):
        field = f"regions.adjacent[{k}]"
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]:
            raise r.fail(field, "a pair of two different region ids", pair)
        a, b = (index[r.one_of(x, field, index)] for x in pair)
        neighbours[a].add(b)
        neighbours[b].add(a)
    lonely = [regions[i] for i, n in enumerate(neighbours) if not n]
    if lonely:
        raise r.fail("regions.adjacent", "a border for every region", f"none for {lonely[0]}")

    segments = r.items(r.key(doc["wheel"], "segments", "wheel"), "wheel.segments")
    wheel = tuple(index[r.one_of(s, "wheel.segments", index)] for s in segments)
    if sorted(wheel) != list(range(len(regions))):
        raise r.fail("wheel.segments", "each region exactly once", segments)

    tiles_list = r.items(r.key(doc["board_skill_tiles"], "tiles", "board_skill_tiles"),
                         "board_skill_tiles.tiles")
    board_tiles = tuple(r.one_of(t, "board_skill_tiles.tiles", SKILLS + (SPECIAL,)) for t in tiles_list)
    if len(board_tiles) != len(wheel) + 1:
        raise r.fail("board_skill_tiles.tiles", f"{len(wheel) + 1} tiles (one per wheel segment)",
                     len(board_tiles))

    ranks = r.mapping(r.key(doc["skill_ranks"], "max", "skill_ranks"), "skill_ranks.max")
    if sorted(ranks) != sorted(SKILLS):
        raise r.fail("skill_ranks.max", f"a rank for each of {', '.join(SKILLS)}", sorted(ranks))
    max_rank = tuple(r.integer(ranks[s], f"skill_ranks.max.{s}", 1, 9) for s in SKILLS)

    castellers = r.per_size(r.key(doc["castellers"], "count", "castellers"), "castellers.count", 1000)
    setup = doc["setup"]
    per_region_raw = r.per_players(r.key(setup, "per_region", "setup"), "setup.per_region")
    per_region = {n: r.integer(per_region_raw[n], f"setup.per_region.{n}", 0, 50) for n in PLAYER_COUNTS}
    team = r.integer(r.key(setup, "team", "setup"), "setup.team", 0, 50)
    tokens = r.integer(r.key(setup, "special_tokens", "setup"), "setup.special_tokens", 0, 50)
    rounds = r.integer(r.key(setup, "rounds", "setup"), "setup.rounds", 1, 30)
    per_row = r.integer(r.key(setup, "performance_tiles_per_region", "setup"),
                        "setup.performance_tiles_per_region", 0, 10)
    for n in PLAYER_COUNTS:
        need = per_region[n] * len(regions) + team * n
        if need > sum(castellers):
            raise r.fail("castellers.count", f"at least {need} castellers for {n} players",
                         sum(castellers))

    size_tokens = r.per_size(r.key(doc["size_tokens"], "count", "size_tokens"), "size_tokens.count", 100)
    per_festival = r.integer(r.key(doc["size_tokens"], "per_festival", "size_tokens"),
                             "size_tokens.per_festival", 1, 10)
    refill_rounds = frozenset(
        r.integer(v, "refills.rounds", 2, rounds)
        for v in r.items(r.key(doc["refills"], "rounds", "refills"), "refills.rounds"))

    towns = r.mapping(r.key(doc["festival_tiles"], "towns", "festival_tiles"), "festival_tiles.towns")
    festival_tiles: list[FestivalTile] = []
    for rid, pair in towns.items():
        field = f"festival_tiles.towns.{rid}"
        r.one_of(rid, field, index)
        if not isinstance(pair, list) or len(pair) != 2:
            raise r.fail(field, "two towns, the I tile's and the II tile's", pair)
        for back, town in zip(("I", "II"), pair):
            festival_tiles.append(FestivalTile(f"{rid}_{back}", index[rid], back, r.text(town, field)))

    calendar = doc["calendar"]
    back_raw = r.mapping(r.key(calendar, "back", "calendar"), "calendar.back")
    calendar_back = {r.integer(rnd, "calendar.back", 1, rounds): r.one_of(b, f"calendar.back.{rnd}", ("I", "II"))
                     for rnd, b in back_raw.items()}
    fest_raw = r.per_players(r.key(calendar, "festivals", "calendar"), "calendar.festivals")
    festivals: dict[int, dict[int, int]] = {}
    for n in PLAYER_COUNTS:
        table = r.mapping(fest_raw[n], f"calendar.festivals.{n}")
        festivals[n] = {}
        for rnd, count in table.items():
            field = f"calendar.festivals.{n}.{rnd}"
            if rnd not in calendar_back:
                raise r.fail(field, f"a round listed in calendar.back ({sorted(calendar_back)})", rnd)
            festivals[n][rnd] = r.integer(count, field, 0, 10)
        for back in ("I", "II"):
            spaces = sum(c for rnd, c in festivals[n].items() if calendar_back[rnd] == back)
            available = sum(1 for t in festival_tiles if t.back == back)
            if spaces > available:
                raise r.fail(f"calendar.festivals.{n}", f"at most {available} {back} festivals", spaces)
        if sum(festivals[n].values()) * per_festival > sum(size_tokens):
            raise r.fail("size_tokens.count", f"enough tokens for {n} players' festivals", sum(size_tokens))

    kinds = r.mapping(r.key(doc["prizes"], "kinds", "prizes"), "prizes.kinds")
    prize_kinds = tuple(str(k) for k in kinds)
    supply, points = [], []
    for kind in prize_kinds:
        entry = kinds[kind]
        if not isinstance(entry, list) or len(entry) != 2:
            raise r.fail(f"prizes.kinds.{kind}", "[tokens in the supply, points each]", entry)
        supply.append(r.integer(entry[0], f"prizes.kinds.{kind}[0]", 0, 100))
        points.append(r.integer(entry[1], f"prizes.kinds.{kind}[1]", 0, 100))
    places_raw = r.per_players(r.key(doc["prizes"], "places", "prizes"), "prizes.places")
    places = {n: r.integer(places_raw[n], f"prizes.places.{n}", 0, len(prize_kinds)) for n in PLAYER_COUNTS}

    div_raw = r.items(r.key(doc["diversity"], "points", "diversity"), "diversity.points")
    if len(div_raw) != len(regions) + 1:
        raise r.fail("diversity.points", f"{len(regions) + 1} values (0..{len(regions)} regions)", len(div_raw))
    diversity = tuple(r.integer(v, f"diversity.points[{i}]", 0, 1000) for i, v in enumerate(div_raw))

    perf = r.mapping(doc["performance_tiles"], "performance_tiles")
    tiles: dict[str, PerformanceTile] = {}
    for tid, body in r.mapping(r.key(perf, "shape", "performance_tiles"), "performance_tiles.shape").items():
        field = f"performance_tiles.shape.{tid}"
        body = r.mapping(body, field)
        lv = r.items(r.key(body, "levels", field), f"{field}.levels")
        tiles[str(tid)] = ShapeTile(str(tid), tuple(r.integer(c, f"{field}.levels", 1, 30) for c in lv),
                                    r.integer(r.key(body, "points", field), f"{field}.points", 0, 100))
    for tid, body in r.mapping(r.key(perf, "exhibition", "performance_tiles"),
                               "performance_tiles.exhibition").items():
        field = f"performance_tiles.exhibition.{tid}"
        body = r.mapping(body, field)
        if tid in tiles:
            raise r.fail(field, "an id used by no other tile", tid)
        skills = tuple(r.one_of(s, f"{field}.skills", SKILLS)
                       for s in r.items(r.key(body, "skills", field), f"{field}.skills"))
        tiles[str(tid)] = ExhibitionTile(str(tid), r.integer(r.key(body, "points", field), f"{field}.points", 1, 20),
                                         skills)
    if len(tiles) < per_row * len(regions):
        raise r.fail("performance_tiles", f"at least {per_row * len(regions)} tiles", len(tiles))

    return CastellData(
        regions=regions, region_names=names, adjacent=tuple(tuple(sorted(n)) for n in neighbours),
        wheel=wheel, board_tiles=board_tiles, max_rank=max_rank, castellers=castellers,
        per_region=per_region, team=team, special_tokens=tokens, rounds=rounds, tiles_per_region=per_row,
        size_tokens=size_tokens, sizes_per_festival=per_festival, refill_rounds=refill_rounds,
        festival_tiles=tuple(festival_tiles), calendar_back=calendar_back, festivals=festivals,
        prize_kinds=prize_kinds, prize_supply=tuple(supply), prize_points=tuple(points),
        prize_places=places, diversity=diversity, tiles=tiles, house=frozenset(house))


DATA = load_data()
