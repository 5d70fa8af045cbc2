"""Load and validate `levels/classic.yaml` into frozen tables the rules code indexes by integer.

Regions are numbered 0..8 in canonical order; the Castillo is 9. Per player the engine also keeps
the court (10) and the provinces (11): `AREAS_PER_PLAYER` slots in one flat count list.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import DataError
from .files import read_yaml_mapping  # noqa: F401 - read here by scenario and the lesson

LEVELS_DIR = Path(__file__).resolve().parent.parent / "levels"
CLASSIC_PATH = LEVELS_DIR / "classic.yaml"


CARD_KINDS = ("intrigue", "withdraw", "veto", "decay", "returns", "cull", "choose_score",
              "disc_return", "scoring", "scoreboard", "recovery", "grande", "court", "evict", "king",
              "secret_scoring")


@dataclass(frozen=True)
class CardInfo:
    """One action card's facts; the engine and the AI read them here, never from card ids."""
    id: str
    stack: int          # 1..5; also the number of Caballeros the card lets its taker place
    copies: int
    option: str | None  # "veto": only in the deck when that option is on
    kind: str = "intrigue"     # the family of its special action (CARD_KINDS)
    depth: int | None = None   # ranks that score, when not the player-count depth (§8.2)
    count: int | None = None   # Caballeros moved per player (None: all of them)
    worth: float = 1.0         # the AI's rough worth of the action in points
    name: str = ""             # its English name (the engine's log; the client's English catalog)


@dataclass(frozen=True)
class Board:
    regions: tuple[str, ...]
    region_names: dict[str, str]
    values: tuple[tuple[int, int, int], ...]       # per region index
    castillo_values: tuple[int, int, int]
    adjacent: tuple[frozenset[int], ...]           # per region index
    scoreboards: tuple[tuple[str, tuple[int, int, int]], ...]
    power_to_court: tuple[int, ...]                # index 0 = power card 1
    caballeros: int
    home: int
    court: int
    cards: dict[str, CardInfo]
    variants: dict[str, tuple[int, ...]]
    scoring_rounds: frozenset[int]
    colours: tuple[str, ...]


def _need(mapping: Any, key: str, where: str, path: Path) -> Any:
    if not isinstance(mapping, dict) or key not in mapping:
        raise DataError(f"{path.name}: {where}{key} is missing")
    return mapping[key]


def _triple(value: Any, field: str, path: Path) -> tuple[int, int, int]:
    if (not isinstance(value, list) or len(value) != 3
            or not all(isinstance(v, int) and v >= 0 for v in value)):
        raise DataError(f"{path.name}: {field} must be a list of 3 non-negative integers, got {value!r}")
    return (value[0], value[1], value[2])


def _rounds(value: Any, field: str, path: Path) -> tuple[int, ...]:
    if (not isinstance(value, list) or not value or not all(isinstance(v, int) and 1 <= v <= 9 for v in value)
            or sorted(set(value)) != value):
        raise DataError(f"{path.name}: {field} must be increasing round numbers 1..9, got {value!r}")
    return tuple(value)


def _count(value: Any, field: str, path: Path) -> int:
    if type(value) is not int or not 0 <= value <= 1000:
        raise DataError(f"{path.name}: {field} must be a whole number 0..1000, got {value!r}")
    return value


def load_board(path: Path = CLASSIC_PATH) -> Board:
    """Read and validate the board file; every error names the file and the field."""
    raw = read_yaml_mapping(path)
    try:
        return _parse_board(raw, path)
    except DataError:
        raise
    except (AttributeError, TypeError, ValueError, KeyError, OverflowError) as exc:
        raise DataError(f"{path.name}: malformed content ({exc.__class__.__name__}: {exc})") from None


def _card_facts(entry: dict, i: int, card: CardInfo, path: Path) -> CardInfo:
    """The optional facts of action_cards[i]: kind, depth, count, worth (CardInfo)."""
    where = f"{path.name}: action_cards[{i}]"
    kind = entry.get("kind", card.kind)
    if kind not in CARD_KINDS:
        raise DataError(f"{where}.kind must be one of {', '.join(CARD_KINDS)}, got {kind!r}")
    depth, count = entry.get("depth"), entry.get("count")
    if depth is not None and (type(depth) is not int or not 1 <= depth <= 3):
        raise DataError(f"{where}.depth must be 1..3, got {depth!r}")
    if count is not None and (type(count) is not int or count < 1):
        raise DataError(f"{where}.count must be a positive integer, got {count!r}")
    worth = entry.get("worth", card.worth)
    if not isinstance(worth, (int, float)) or isinstance(worth, bool):
        raise DataError(f"{where}.worth must be a number, got {worth!r}")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 60:
        raise DataError(f"{where}.name must be the card's English name (1 to 60 characters), got {name!r}")
    return CardInfo(card.id, card.stack, card.copies, card.option, kind, depth, count, float(worth), name)


def _parse_board(raw: dict, path: Path) -> Board:
    regions_raw = _need(raw, "regions", "", path)
    if not isinstance(regions_raw, list) or len(regions_raw) != 9:
        raise DataError(f"{path.name}: regions must list exactly 9 regions")
    ids, names, values = [], {}, []
    for i, entry in enumerate(regions_raw):
        rid = _need(entry, "id", f"regions[{i}].", path)
        if not isinstance(rid, str) or rid in ids:
            raise DataError(f"{path.name}: regions[{i}].id must be a new identifier, got {rid!r}")
        ids.append(rid)
        names[rid] = str(_need(entry, "name", f"regions[{i}].", path))
        values.append(_triple(_need(entry, "values", f"regions[{i}].", path), f"regions[{i}].values", path))
    index = {rid: i for i, rid in enumerate(ids)}
    adjacent: list[set[int]] = [set() for _ in ids]
    for j, pair in enumerate(_need(raw, "adjacency", "", path)):
        if not isinstance(pair, list) or len(pair) != 2 or any(p not in index for p in pair):
            raise DataError(f"{path.name}: adjacency[{j}] must name two known regions, got {pair!r}")
        a, b = index[pair[0]], index[pair[1]]
        adjacent[a].add(b)
        adjacent[b].add(a)
    power = _need(raw, "power_to_court", "", path)
    if not isinstance(power, list) or len(power) != 13 or not all(isinstance(v, int) and 0 <= v <= 6 for v in power):
        raise DataError(f"{path.name}: power_to_court must list 13 integers 0..6")
    boards = _need(raw, "mobile_scoreboards", "", path)
    if not isinstance(boards, dict) or len(boards) != 2:
        raise DataError(f"{path.name}: mobile_scoreboards must map exactly 2 boards to values")
    cards: dict[str, CardInfo] = {}
    for i, entry in enumerate(_need(raw, "action_cards", "", path)):
        cid = _need(entry, "id", f"action_cards[{i}].", path)
        stack = _need(entry, "stack", f"action_cards[{i}].", path)
        copies = _need(entry, "copies", f"action_cards[{i}].", path)
        if not isinstance(stack, int) or not 1 <= stack <= 5:
            raise DataError(f"{path.name}: action_cards[{i}].stack must be 1..5, got {stack!r}")
        if not isinstance(copies, int) or copies < 1:
            raise DataError(f"{path.name}: action_cards[{i}].copies must be a positive integer")
        cards[cid] = _card_facts(entry, i, CardInfo(cid, stack, copies, entry.get("option")), path)
    variants_raw = _need(raw, "variants", "", path)
    if not isinstance(variants_raw, dict) or not variants_raw:
        raise DataError(f"{path.name}: variants must map variant names to {{rounds: [...]}}")
    variants = {name: _rounds(_need(v, "rounds", f"variants.{name}.", path), f"variants.{name}.rounds", path)
                for name, v in variants_raw.items()}
    scoring_rounds = _rounds(_need(raw, "scoring_rounds", "", path), "scoring_rounds", path)
    setup = _need(raw, "setup", "", path)
    castillo = _need(raw, "castillo", "", path)
    return Board(
        regions=tuple(ids), region_names=names, values=tuple(values),
        castillo_values=_triple(_need(castillo, "values", "castillo.", path), "castillo.values", path),
        adjacent=tuple(frozenset(a) for a in adjacent),
        scoreboards=tuple((k, _triple(v, f"mobile_scoreboards.{k}", path)) for k, v in boards.items()),
        power_to_court=tuple(power),
        caballeros=_count(_need(setup, "caballeros", "setup.", path), "setup.caballeros", path),
        home=_count(_need(setup, "home", "setup.", path), "setup.home", path),
        court=_count(_need(setup, "court", "setup.", path), "setup.court", path),
        cards=cards, variants=variants,
        scoring_rounds=frozenset(scoring_rounds),
        colours=tuple(_need(raw, "colours", "", path)),
    )


BOARD = load_board()

# Integer indices used by the hot paths.
REGIONS: tuple[str, ...] = BOARD.regions
NREG = len(REGIONS)
CASTILLO, COURT, PROVINCES = NREG, NREG + 1, NREG + 2
AREAS_PER_PLAYER = NREG + 3
AREA_NAMES: tuple[str, ...] = REGIONS + ("castillo", "court", "provinces")
AREA_INDEX: dict[str, int] = {name: i for i, name in enumerate(AREA_NAMES)}
BOARD_NAMES: tuple[str, ...] = tuple(name for name, _ in BOARD.scoreboards)
BOARD_VALUES: tuple[tuple[int, int, int], ...] = tuple(v for _, v in BOARD.scoreboards)
CARDS = BOARD.cards
ADJACENT: dict[str, frozenset[str]] = {
    REGIONS[i]: frozenset(REGIONS[j] for j in adj) for i, adj in enumerate(BOARD.adjacent)}
