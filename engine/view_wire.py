"""A View's wire form (format "el-grande/view", version 2): public field names, not the Game's
slot layout, so the protocol does not change when a slot is renamed. docs/protocol.md describes
every field; tests/engine/fixtures/view_v2.json pins the bytes of one position.

`FIELDS` maps each wire field to the Game slot it is computed from and its encoder. The server
keeps each field's JSON text keyed by that slot's value (`state_text`) and reuses it while it is
unchanged: most of a position is the same from one move to the next and between seats.
`read_state` checks every field of a received form and builds the position; an error names the
field and what was expected.
"""
from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, NoReturn, TypeVar, get_type_hints

from .compact_json import compact
from .context import KIND_OF, Ctx
from .data import AREA_INDEX, AREA_NAMES, AREAS_PER_PLAYER, BOARD, BOARD_NAMES, CARDS, REGIONS
from .errors import DataError
from .flow import CASTILLO_MODES
from .phase import HIDDEN_DISC, NO_DISC, PHASES, RULES_VERSIONS, Phase

if TYPE_CHECKING:
    from .state import Game

WIRE_FORMAT, WIRE_VERSION = "el-grande/view", 2
HIDDEN = "hidden"      # another player's set disc, in his opponents' views
_T = TypeVar("_T")


# --------------------------------------------------------------------------- encoding
def _cards(bits: int) -> list[int]:
    return [v for v in range(1, 14) if bits >> v & 1]


def _by_player(g: Game, values: list[int] | tuple[Any, ...], enc: Callable[[Any], Any] = lambda x: x,
               keep: Callable[[Any], bool] = lambda x: True) -> dict[str, Any]:
    return {p: enc(x) for p, x in zip(g.players, values) if keep(x)}


def _player(g: Game, i: int) -> str | None:
    return None if i < 0 else g.players[i]


def _caballeros(g: Game) -> dict[str, dict[str, int]]:
    c, out = g.counts, {}
    for row, colour in enumerate(g.colours_on_board):
        base = row * AREAS_PER_PLAYER
        out[colour] = {AREA_NAMES[a]: c[base + a] for a in range(AREAS_PER_PLAYER) if c[base + a]}
    return out


def _step(ctx: Ctx | None) -> dict[str, Any] | None:
    if ctx is None:
        return None
    fields = {name: list(v) if isinstance(v, tuple) else v for name, v in ctx._asdict().items()}
    return {"kind": KIND_OF[type(ctx)], **fields}


def _disc(d: int) -> str:
    return HIDDEN if d == HIDDEN_DISC else REGIONS[d]


Encoder = Callable[["Game"], Any]
# Slots fixed for a whole game, which many fields read besides their own slot.
PER_GAME = ("players", "dummy", "rounds")
# (wire name, the Game slot it is computed from besides PER_GAME, encoder), in wire order
FIELDS: tuple[tuple[str, str, Encoder], ...] = (
    ("rules_version", "rules_version", lambda g: g.rules_version),
    ("options", "options_tuple", lambda g: dict(zip(("variant", "veto", "castillo"), g.options_tuple))),
    ("players", "players", lambda g: list(g.players)),
    ("neutral", "dummy", lambda g: g.dummy),
    ("round", "round_idx", lambda g: g.round),
    ("phase", "ph", lambda g: PHASES[g.ph]),
    ("to_move", "to_move_idx", lambda g: _player(g, g.to_move_idx)),
    ("active", "active_idx", lambda g: _player(g, g.active_idx)),
    ("start_player", "start_player", lambda g: g.players[g.start_player]),
    ("bid_order", "bid_seq", lambda g: [g.players[i] for i in g.bid_seq]),
    ("turn_order", "turn_seq", lambda g: [g.players[i] for i in g.turn_seq]),
    ("order_position", "pos", lambda g: g.pos),
    ("king", "king_i", lambda g: g.king),
    ("grandes", "grande_i", lambda g: g.grandes),
    ("caballeros", "counts", _caballeros),
    ("scoreboards", "boards", lambda g: g.scoreboards),
    ("hands", "hand_bits", lambda g: _by_player(g, g.hand_bits, _cards)),
    ("hidden_in_hand", "unknown_hand", lambda g: _by_player(g, g.unknown_hand)),
    ("used_power", "used", lambda g: _by_player(g, g.used, _cards)),
    ("recovered", "recovered", lambda g: _by_player(g, g.recovered, _cards)),
    ("recover_pool", "recover_pool", lambda g: _by_player(g, g.recover_pool, _cards)),
    ("power_played", "played", lambda g: g.power_played),
    ("scores", "score_pts", lambda g: g.scores),
    ("stacks", "stacks", lambda g: [list(s) for s in g.stacks]),
    ("offer", "face_up_slots", lambda g: list(g.face_up_slots)),
    ("card", "card", lambda g: g.card),
    ("placed", "placed", lambda g: g.placed),
    ("acted", "acted", lambda g: g.acted),
    ("step", "ctx", lambda g: _step(g.ctx)),
    ("vetoes", "veto", lambda g: _by_player(g, g.veto, list, bool)),
    ("discs", "discs", lambda g: _by_player(g, g.discs, _disc, lambda d: d != NO_DISC)),
    ("scorings", "scorings", lambda g: [
        {"kind": e.kind, "round": e.round, "card": e.card, "points": e.points} for e in g.score_history]),
    ("castillo_shown", "castillo_shown",
     lambda g: [p for i, p in enumerate(g.players) if g.castillo_shown >> i & 1]),
    ("neutral_deck", "dummy_deck", lambda g: list(g.dummy_deck)),
    ("neutral_power", "dummy_power", lambda g: g.dummy_power),
    ("neutral_card", "dummy_card", lambda g: g.dummy_card),
    ("region_deck", "region_deck", lambda g: [REGIONS[r] for r in g.region_deck]),
    ("region_decks_later", "region_later", lambda g: [[REGIONS[r] for r in d] for d in g.region_later]),
)


def state_json(g: Game) -> dict[str, Any]:
    """The wire fields of a view's masked position, in wire order."""
    return {name: enc(g) for name, _, enc in FIELDS}


def state_text(g: Game, fragments: dict[Any, str]) -> str:
    """`json.dumps(state_json(g), separators=(",", ":"))`, from `fragments`, the caller's cache of
    field texts keyed by the value of the slot each field reads (lists by their items, the step
    with its type, so `Placement(3)` and `Anywhere(3)` never share a text). A cache serves one
    game: it is emptied when the PER_GAME slots differ."""
    game = ("game", *_per_game(g))
    if game not in fragments:
        fragments.clear()
        fragments[game] = ""
    parts = []
    for (name, _, enc), v in zip(FIELDS, _slots(g)):
        key = (name, tuple(v)) if type(v) is list else (name, type(v), v) if name == "step" else (name, v)
        text = fragments.get(key)
        if text is None:
            text = fragments[key] = f'"{name}":{compact(enc(g))}'
        parts.append(text)
    return "{" + ",".join(parts) + "}"


_slots = attrgetter(*(slot for _, slot, _ in FIELDS))
_per_game = attrgetter(*PER_GAME)


# --------------------------------------------------------------------------- reading
def _fail(field: str, expected: str, got: Any = ...) -> NoReturn:
    tail = "" if got is ... else f", got {got!r}"
    raise DataError(f"view: state.{field} must be {expected}{tail}"[:200])


def _int(value: Any, field: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        _fail(field, f"an integer {low}..{high}", value)
    return value


def _bool(value: Any, field: str) -> bool:
    if type(value) is not bool:
        _fail(field, "true or false", value)
    return value


def _one_of(value: Any, field: str, allowed: Any, what: str) -> str:
    if type(value) is not str or value not in allowed:
        _fail(field, what, value)
    return value


def _opt(value: Any, field: str, allowed: Any, what: str) -> str | None:
    return None if value is None else _one_of(value, field, allowed, what)


def _list(value: Any, field: str) -> list[Any]:
    if type(value) is not list:
        _fail(field, "a list", value)
    return value


def _map(value: Any, field: str, keys: Any, read: Callable[[Any, str], _T], complete: bool) -> dict[str, _T]:
    """A mapping from known keys (all of them when `complete`) to values `read` checks."""
    if type(value) is not dict:
        _fail(field, "a mapping", value)
    stray = [k for k in value if k not in keys]
    if stray:
        _fail(field, f"keyed by {', '.join(keys)}", stray[0])
    if complete and len(value) != len(keys):
        _fail(field, f"keyed by every one of {', '.join(keys)}")
    return {k: read(v, f"{field}.{k}") for k, v in value.items()}


def _bits(value: Any, field: str) -> int:
    cards = [_int(v, field, 1, 13) for v in _list(value, field)]
    if len(set(cards)) != len(cards):
        _fail(field, "a list of different power cards")
    return sum(1 << v for v in cards)


def _region(value: Any, field: str) -> str:
    return _one_of(value, field, REGIONS, "a region")


def _card(value: Any, field: str) -> str | None:
    return _opt(value, field, CARDS, "an action card id or null")


def _regions(value: Any, field: str) -> tuple[int, ...]:
    out = tuple(REGIONS.index(_region(r, field)) for r in _list(value, field))
    if len(set(out)) != len(out):
        _fail(field, "a list of different regions")
    return out


def _players(value: Any, field: str, players: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(players.index(_one_of(p, field, players, "a player")) for p in _list(value, field))


def _step_of(value: Any) -> Ctx | None:
    """A running step from `{"kind", field: value, ...}`, each field typed as its record declares."""
    if value is None:
        return None
    if type(value) is not dict:
        _fail("step", "null or a mapping", value)
    kinds = {kind: record for record, kind in KIND_OF.items()}
    record = kinds.get(value.get("kind"))  # type: ignore[arg-type]
    if record is None:
        _fail("step.kind", f"one of {', '.join(kinds)}", value.get("kind"))
    names = ("kind", *record._fields)  # type: ignore[attr-defined]
    if set(value) != set(names):
        _fail("step", f"a {value['kind']!r} step with exactly {', '.join(names)}")
    args: list[Any] = []
    hints = get_type_hints(record)
    for name in names[1:]:
        kind, field, v = hints[name], f"step.{name}", value[name]
        if kind is bool:
            args.append(_bool(v, field))
        elif kind is str:
            args.append(v if type(v) is str and len(v) <= 64 else _fail(field, "a short text", v))
        elif kind is int:
            args.append(_int(v, field, -1, 10_000))
        else:
            args.append(tuple(_int(x, field, 0, 10_000) for x in _list(v, field)))
    ctx: Ctx = record(*args)
    return ctx


def read_state(s: Any, g: Game) -> None:
    """Fill the blank Game `g` (its `viewer` already set) from the wire fields `s`, every one checked."""
    if type(s) is not dict:
        raise DataError("view: state must be a mapping")
    missing = [name for name, _, _ in FIELDS if name not in s]
    if missing:
        raise DataError(f"view: state.{missing[0]} is missing")
    stray = [name for name in s if name not in {f for f, _, _ in FIELDS}]
    if stray:
        raise DataError(f"view: state.{str(stray[0])[:40]} is not a field of version {WIRE_VERSION}")
    g.rules_version = _int(s["rules_version"], "rules_version", min(RULES_VERSIONS), max(RULES_VERSIONS))
    opts = s["options"]
    if type(opts) is not dict or set(opts) != {"variant", "veto", "castillo"}:
        _fail("options", "a mapping of variant, veto and castillo", opts)
    g.options_tuple = (_one_of(opts["variant"], "options.variant", BOARD.variants, "a variant"),
                       _bool(opts["veto"], "options.veto"),
                       _one_of(opts["castillo"], "options.castillo", CASTILLO_MODES, "a Castillo mode"))
    g.rounds = BOARD.variants[g.options_tuple[0]]
    players = g.players = tuple(_one_of(p, "players", BOARD.colours, "a colour") for p in _list(s["players"], "players"))
    n = g.n = len(players)
    if not 2 <= n <= 5 or len(set(players)) != n:
        _fail("players", "2 to 5 different colours")
    g.dummy = _opt(s["neutral"], "neutral", set(BOARD.colours) - set(players), "null or a colour no player has")
    if g.dummy is not None and n != 2:
        _fail("neutral", "null unless there are exactly 2 players")
    g.rows = n + (g.dummy is not None)
    g.pcol = tuple(BOARD.colours.index(c) for c in g.colours_on_board)
    g.round_idx = g.rounds.index(_int(s["round"], "round", 1, 9)) if s["round"] in g.rounds else _fail(
        "round", f"one of {list(g.rounds)}", s["round"])
    g.ph = Phase(PHASES.index(_one_of(s["phase"], "phase", PHASES, "a phase name")))
    g.to_move_idx, g.active_idx = (
        -1 if s[f] is None else players.index(_one_of(s[f], f, players, "null or a player")) for f in ("to_move", "active"))
    g.start_player = players.index(_one_of(s["start_player"], "start_player", players, "a player"))
    g.bid_seq, g.turn_seq = _players(s["bid_order"], "bid_order", players), _players(s["turn_order"], "turn_order", players)
    g.pos = _int(s["order_position"], "order_position", 0, n)
    g.king_i = REGIONS.index(_region(s["king"], "king"))
    grandes = _map(s["grandes"], "grandes", players, _region, True)
    g.grande_i = [REGIONS.index(grandes[p]) for p in players]
    g.counts = [0] * (g.rows * AREAS_PER_PLAYER)
    per_colour = _map(s["caballeros"], "caballeros", g.colours_on_board, lambda v, f: _map(
        v, f, AREA_NAMES, lambda c, f2: _int(c, f2, 0, BOARD.caballeros), False), False)
    for colour, areas in per_colour.items():
        for area, count in areas.items():
            g.counts[g.row(colour) * AREAS_PER_PLAYER + AREA_INDEX[area]] = count
    boards = _map(s["scoreboards"], "scoreboards", BOARD_NAMES, lambda v, f: _opt(v, f, REGIONS, "null or a region"), True)
    g.boards = [-1 if boards[b] is None else REGIONS.index(boards[b] or "") for b in BOARD_NAMES]
    for field, slot in (("hands", "hand_bits"), ("used_power", "used"), ("recovered", "recovered"),
                        ("recover_pool", "recover_pool")):
        bits = _map(s[field], field, players, _bits, True)
        setattr(g, slot, [bits[p] for p in players])
    hidden = _map(s["hidden_in_hand"], "hidden_in_hand", players, lambda v, f: _int(v, f, 0, 13), True)
    g.unknown_hand = [hidden[p] for p in players]
    played = _map(s["power_played"], "power_played", players, lambda v, f: _int(v, f, 1, 13), False)
    g.played = [played.get(p, 0) for p in players]
    scores = _map(s["scores"], "scores", players, lambda v, f: _int(v, f, 0, 100_000), True)
    g.score_pts = [scores[p] for p in players]
    g.stacks = tuple(tuple(_one_of(c, "stacks", CARDS, "an action card id") for c in _list(st, "stacks"))
                     for st in _list(s["stacks"], "stacks"))
    g.face_up_slots = tuple(_card(c, "offer") for c in _list(s["offer"], "offer"))
    g.card = _card(s["card"], "card")
    g.placed, g.acted = _bool(s["placed"], "placed"), _bool(s["acted"], "acted")
    g.ctx = _step_of(s["step"])
    vetoes = _map(s["vetoes"], "vetoes", players, lambda v, f: tuple(_int(r, f, 0, 8) for r in _list(v, f)), False)
    g.veto = tuple(vetoes.get(p, ()) for p in players)
    discs = _map(s["discs"], "discs", players, lambda v, f: _one_of(v, f, (*REGIONS, HIDDEN), "a region or 'hidden'"), False)
    g.discs = tuple(NO_DISC if p not in discs else HIDDEN_DISC if discs[p] == HIDDEN else REGIONS.index(discs[p])
                    for p in players)
    g.scorings = tuple(_scoring(e, players) for e in _list(s["scorings"], "scorings"))
    shown = set(_players(s["castillo_shown"], "castillo_shown", players))
    g.castillo_shown = sum(1 << i for i in shown)
    g.dummy_deck = tuple(_int(v, "neutral_deck", 1, 13) for v in _list(s["neutral_deck"], "neutral_deck"))
    g.dummy_power = _int(s["neutral_power"], "neutral_power", 0, 13)
    g.dummy_card = _card(s["neutral_card"], "neutral_card")
    g.region_deck = _regions(s["region_deck"], "region_deck")
    g.region_later = tuple(_regions(d, "region_decks_later") for d in _list(s["region_decks_later"], "region_decks_later"))
    if g.dummy is None and (g.dummy_deck or g.dummy_power or g.dummy_card or g.region_deck or g.region_later):
        raise DataError("view: state.neutral_deck, neutral_power, neutral_card, region_deck and "
                        "region_decks_later must be empty without a neutral colour")
    g.seed = g.history = g.origin = None


def _scoring(entry: Any, players: tuple[str, ...]) -> tuple[str, int, str | None, tuple[int, ...]]:
    if type(entry) is not dict or set(entry) != {"kind", "round", "card", "points"}:
        _fail("scorings", "a list of {kind, round, card, points}", entry)
    points = _map(entry["points"], "scorings.points", players, lambda v, f: _int(v, f, 0, 100_000), True)
    return (_one_of(entry["kind"], "scorings.kind", ("general", "card"), "general or card"),
            _int(entry["round"], "scorings.round", 1, 9), _card(entry["card"], "scorings.card"),
            tuple(points[p] for p in players))
