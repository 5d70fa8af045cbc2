"""Per-player views (§5.4) and determinization: the only window agents, screens and remote clients
look through.

A View is plain data: a position holding only what its viewer may know, built by leaving the
secrets out rather than by masking them when read. Left out are the order of the face-down stacks
(each stack is kept as the sorted multiset of its cards, which every player knows; so are, in the
2-player dummy game, the neutral colour's power cards and the region cards), other players'
set discs (HIDDEN_DISC), which power card another player secretly recovered (folded back among
his played cards, `unknown_hand` counting them), a secret declaration awaiting a Veto, the seed,
the move history and the scenario a game came from. Two games that differ only in those give
equal views and byte-equal wire forms (`View.to_json`), which the no-peek tests compare.

The Castillo counts are not secret: at a real table every placement into the tower is seen, so a
View holds them in every game. The "secret" Castillo option is a memory variant that only keeps
them off the display (docs/rulings.md R3).

A View answers the Game's read API and `legal_moves()` (for its viewer's decision), previews its
viewer's own move with `after(move)`, and goes over the wire as `to_json()` /
`engine.view_from_json(data)`, round-tripping exactly.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from .context import Anywhere, Cull, Discs, ExtraCourtFill, Moves, Placement, Recall, Returns, VetoWindow, plain, running
from .data import AREAS_PER_PLAYER, BOARD, BOARD_NAMES, CARDS, NREG
from .effects import effect_for
from .errors import DataError, IllegalMove
from .events import RoundStarted
from .flow import CASTILLO_MODES, disc_effect
from .moves import Move, parse_move
from .phase import HIDDEN_DISC, P_DISC, P_VETO, PHASES, RULES_VERSIONS, Phase
from .state import Game, LIST_SLOTS, SHARED_SLOTS

MASKED_RECOVERY = "recover ?"
WIRE_FORMAT, WIRE_VERSION = "el-grande/view", 1
PUBLIC = -1   # the viewer index of the public view (spectators, shared screens between seats)

# Slots a View never holds (None in every view).
_LEFT_OUT = ("seed", "history", "origin")


class View(Game):
    """A read-only position as one player (or the public) sees it; `legal_moves()` works when
    that player is to move. Build with `game.view(player)` / `game.public_view()`."""

    __slots__ = ()

    @property
    def viewer_id(self) -> str | None:
        """The player this view is for; None for the public view."""
        return None if self.viewer is None or self.viewer < 0 else self.players[self.viewer]

    def clone(self) -> View:
        o = Game.clone(self)
        v = View.__new__(View)
        for name in Game.__slots__:
            setattr(v, name, getattr(o, name))
        return v

    def after(self, move: Move | str) -> View | None:
        """The position the viewer would see after playing his own legal `move` (hovers,
        staging). None when what follows depends on what the view leaves out: the reveal of
        other players' discs or of a secret declaration. When the move ends the round, the next
        round's offer is not known yet: its four stack cards read None and stay in the stacks."""
        if not isinstance(move, Move):
            move = parse_move(move)
        if self.viewer is None or self.viewer != self.to_move_idx or move not in self.legal_moves():
            raise IllegalMove(f"'{move}': not a legal move of this view's viewer now")
        if self.ph == P_DISC and _reveals_hidden_discs(self):
            return None
        if self.ph == P_VETO and running(self.ctx, VetoWindow).declared == MASKED_RECOVERY:
            return None
        g = Game.clone(self)
        g.viewer = None          # `apply` plays on a Game; the result is made a view again
        events = g.apply(move)
        if any(isinstance(e, RoundStarted) for e in events):
            if g.dummy is not None:   # the neutral colour's draws are not known yet
                return None
            g.stacks = self.stacks
            g.face_up_slots = (None,) * (len(g.face_up_slots) - 1) + ("king",)
        return make_view(g, self.viewer_id)

    def to_json(self) -> dict[str, Any]:
        """The wire form: JSON-able, only what this view holds, keys in a fixed order."""
        state = {name: plain(getattr(self, name)) for name in sorted(_WIRE_SLOTS)}
        state["ph"] = PHASES[self.ph]
        return {"format": WIRE_FORMAT, "version": WIRE_VERSION, "viewer": self.viewer_id,
                "state": state}


def make_view(g: Game, viewer: str | None) -> View:
    """`viewer`'s view of `g` (None: the public view): copied slot by slot, secrets left out."""
    p = PUBLIC if viewer is None else g.index(viewer)
    v = View.__new__(View)
    base = Game.clone(g)
    for name in Game.__slots__:
        setattr(v, name, getattr(base, name))
    v.viewer = p
    v.seed = v.history = v.origin = None
    v.stacks = tuple(tuple(sorted(s)) for s in g.stacks)
    v.dummy_deck, v.region_deck = tuple(sorted(g.dummy_deck)), tuple(sorted(g.region_deck))
    v.region_later = tuple(tuple(sorted(d)) for d in g.region_later)
    v.discs = tuple(d if q == p or d < 0 else HIDDEN_DISC for q, d in enumerate(g.discs))
    for q in range(g.n):
        rec = v.recovered[q]
        if q != p and rec:
            v.hand_bits[q] &= ~rec
            v.used[q] |= rec
            v.unknown_hand[q] += bin(rec).count("1")
            v.recovered[q] = 0
    if g.ph == P_VETO and g.active_idx != p and effect_for(g.card).secret_declaration:
        v.ctx = running(g.ctx, VetoWindow)._replace(declared=MASKED_RECOVERY)
    return v


def holds_secret(g: Game, player: str) -> bool:
    """Whether `player`'s view shows something the public view does not (the masks of
    `make_view`): his set disc, a power card he recovered, his recovery declared and awaiting a
    Veto. A shared screen must not show his view then."""
    p = g.index(player)
    return (g.discs[p] >= 0 or g.recovered[p] != 0
            or (g.ph == P_VETO and g.active_idx == p and effect_for(g.card).secret_declaration))


def _reveals_hidden_discs(v: View) -> bool:
    """The viewer's disc is the last of a disc step in which another disc is hidden from him."""
    ctx = running(v.ctx, Discs)
    return ctx.i + 1 == len(ctx.who) and HIDDEN_DISC in v.discs


def determinize(view: Game, rng: random.Random) -> Game:
    """A full Game consistent with `view`: hidden parts drawn at random, the rest copied. It reads
    nothing but the view (a View holds no secret to read)."""
    g = Game.__new__(Game)
    base = Game.clone(view)
    for name in Game.__slots__:
        setattr(g, name, getattr(base, name))
    g.viewer = None
    stacks = []
    for s in view.stacks:
        cards = list(s)
        rng.shuffle(cards)
        stacks.append(tuple(cards))
    g.stacks = tuple(stacks)
    g.dummy_deck, g.region_deck = _shuffled(view.dummy_deck, rng), _shuffled(view.region_deck, rng)
    g.region_later = tuple(_shuffled(d, rng) for d in view.region_later)
    for q in range(g.n):
        k = g.unknown_hand[q]
        if k:
            pool = g.used[q] & g.recover_pool[q]
            candidates = [v for v in range(1, 14) if pool >> v & 1]
            for v in rng.sample(candidates, k):
                g.used[q] &= ~(1 << v)
                g.hand_bits[q] |= 1 << v
                g.recovered[q] |= 1 << v
            g.unknown_hand[q] = 0
    if g.ph == P_DISC and HIDDEN_DISC in g.discs:
        effect = disc_effect(g)
        discs = list(g.discs)
        for q, d in enumerate(discs):
            if d == HIDDEN_DISC:
                discs[q] = rng.choice(effect.disc_options(g, q))
        g.discs = tuple(discs)
    if g.ph == P_VETO and running(g.ctx, VetoWindow).declared == MASKED_RECOVERY:
        used = [v for v in range(1, 14) if g.used[g.active_idx] >> v & 1]
        g.ctx = running(g.ctx, VetoWindow)._replace(declared=f"recover {rng.choice(used)}")
    return g


def _shuffled(items: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    out = list(items)
    rng.shuffle(out)
    return tuple(out)


# --------------------------------------------------------------------------- the wire form
_WIRE_SLOTS = tuple(n for n in LIST_SLOTS + SHARED_SLOTS if n not in _LEFT_OUT + ("viewer",))


def _int(value: Any, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DataError(f"view: state.{field} must be an integer {low}..{high}, got {value!r}"[:200])
    return value


def _ints(value: Any, field: str, length: int, low: int, high: int) -> list[int]:
    if not isinstance(value, list) or len(value) != length:
        raise DataError(f"view: state.{field} must be a list of {length} integers")
    return [_int(x, f"{field}[{i}]", low, high) for i, x in enumerate(value)]


def _str(value: Any, field: str, allowed: Any) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise DataError(f"view: state.{field} must be one of the known ids, got {value!r}"[:200])
    return value


def _list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise DataError(f"view: state.{field} must be a list")
    return value


_BITS = (1 << 14) - 1
_CTX_TYPES: dict[str, tuple[Callable[..., Any], tuple[str, ...]]] = {
    "recall": (Recall, ("int", "bool")), "court2": (ExtraCourtFill, ()), "place": (Placement, ("int",)),
    "veto": (VetoWindow, ("str", "ints")), "disc": (Discs, ("ints", "int", "str", "int")),
    "return": (Returns, ("ints", "int")), "cull": (Cull, ("ints",)),
    "move": (Moves, ("int", "int", "int", "int", "int", "ints")), "anywhere": (Anywhere, ("int",)),
}


def _ctx(value: Any) -> Any:
    if value is None:
        return None
    value = _list(value, "ctx")
    if not value or value[0] not in _CTX_TYPES:
        raise DataError(f"view: state.ctx must be [kind, fields...] of a known kind, got {value!r}"[:200])
    make, kinds = _CTX_TYPES[value[0]]
    fields = value[1:]
    if len(fields) != len(kinds):
        raise DataError(f"view: state.ctx {value[0]!r} takes {len(kinds)} fields, got {len(fields)}")
    out: list[Any] = []
    for i, (kind, field) in enumerate(zip(kinds, fields)):
        name = f"ctx[{i + 1}]"
        if kind == "int":
            out.append(_int(field, name, -1, 10_000))
        elif kind == "bool":
            if not isinstance(field, bool):
                raise DataError(f"view: state.{name} must be true or false")
            out.append(field)
        elif kind == "str":
            if not isinstance(field, str) or len(field) > 64:
                raise DataError(f"view: state.{name} must be a short text")
            out.append(field)
        else:
            out.append(tuple(_int(x, name, 0, 10_000) for x in _list(field, name)))
    return make(*out)


def view_from_json(data: Any) -> View:
    """The View a `View.to_json()` gave (e.g. received from a server), every field checked; an
    error names the field and what was expected."""
    if not isinstance(data, dict) or data.get("format") != WIRE_FORMAT:
        raise DataError(f"view: expected a mapping with format {WIRE_FORMAT!r}")
    if data.get("version") != WIRE_VERSION:
        raise DataError(f"view: version {data.get('version')!r} is not supported (expected {WIRE_VERSION})")
    s = data.get("state")
    if not isinstance(s, dict):
        raise DataError("view: state must be a mapping")
    missing = [name for name in _WIRE_SLOTS if name not in s]
    if missing:
        raise DataError(f"view: state.{missing[0]} is missing")
    v = View.__new__(View)
    players = tuple(_str(p, "players", BOARD.colours) for p in _list(s["players"], "players"))
    n = len(players)
    if not 2 <= n <= 5 or len(set(players)) != n:
        raise DataError("view: state.players must be 2 to 5 different colours")
    v.players, v.n = players, _int(s["n"], "n", n, n)
    v.dummy = None if s["dummy"] is None else _str(s["dummy"], "dummy", set(BOARD.colours) - set(players))
    if v.dummy is not None and n != 2:
        raise DataError("view: state.dummy needs exactly 2 players")
    rows = n + (v.dummy is not None)
    v.rows = _int(s["rows"], "rows", rows, rows)
    v.pcol = tuple(_ints(s["pcol"], "pcol", rows, 0, len(BOARD.colours) - 1))
    viewer = data.get("viewer")
    v.viewer = PUBLIC if viewer is None else players.index(_str(viewer, "viewer", players))
    v.seed = v.history = v.origin = None
    v.counts = _ints(s["counts"], "counts", rows * AREAS_PER_PLAYER, 0, BOARD.caballeros)
    v.grande_i = _ints(s["grande_i"], "grande_i", n, 0, NREG - 1)
    for name in ("hand_bits", "used", "recovered", "recover_pool"):
        setattr(v, name, _ints(s[name], name, n, 0, _BITS))
    v.unknown_hand = _ints(s["unknown_hand"], "unknown_hand", n, 0, 13)
    v.played = _ints(s["played"], "played", n, 0, 13)
    v.score_pts = _ints(s["score_pts"], "score_pts", n, 0, 100_000)
    v.boards = _ints(s["boards"], "boards", len(BOARD_NAMES), -1, NREG - 1)
    options = _list(s["options_tuple"], "options_tuple")
    if (len(options) != 3 or options[0] not in BOARD.variants or not isinstance(options[1], bool)
            or options[2] not in CASTILLO_MODES):
        raise DataError("view: state.options_tuple must be [variant, veto, castillo]")
    v.options_tuple = (options[0], options[1], options[2])
    v.rounds = tuple(_ints(s["rounds"], "rounds", len(s["rounds"]) if isinstance(s["rounds"], list) else -1, 1, 9))
    v.king_i = _int(s["king_i"], "king_i", 0, NREG - 1)
    v.stacks = tuple(tuple(_str(c, "stacks", CARDS) for c in _list(st, "stacks"))
                     for st in _list(s["stacks"], "stacks"))
    v.face_up_slots = tuple(None if c is None else _str(c, "face_up_slots", CARDS)
                            for c in _list(s["face_up_slots"], "face_up_slots"))
    v.round_idx = _int(s["round_idx"], "round_idx", 0, len(v.rounds) - 1)
    v.ph = Phase(PHASES.index(_str(s["ph"], "ph", PHASES)))
    v.bid_seq = tuple(_ints(s["bid_seq"], "bid_seq", len(_list(s["bid_seq"], "bid_seq")), 0, n - 1))
    v.turn_seq = tuple(_ints(s["turn_seq"], "turn_seq", len(_list(s["turn_seq"], "turn_seq")), 0, n - 1))
    v.pos = _int(s["pos"], "pos", 0, n)
    v.active_idx = _int(s["active_idx"], "active_idx", -1, n - 1)
    v.to_move_idx = _int(s["to_move_idx"], "to_move_idx", -1, n - 1)
    v.card = None if s["card"] is None else _str(s["card"], "card", CARDS)
    for name in ("placed", "acted"):
        if not isinstance(s[name], bool):
            raise DataError(f"view: state.{name} must be true or false")
        setattr(v, name, s[name])
    v.ctx = _ctx(s["ctx"])
    v.veto = tuple(tuple(_ints(h, "veto", len(_list(h, "veto")), 0, 9)) for h in _list(s["veto"], "veto"))
    v.discs = tuple(_ints(s["discs"], "discs", n, HIDDEN_DISC, NREG - 1))
    v.start_player = _int(s["start_player"], "start_player", 0, n - 1)
    v.scorings = tuple(_scoring_entry(e, n) for e in _list(s["scorings"], "scorings"))
    v.rules_version = _int(s["rules_version"], "rules_version", min(RULES_VERSIONS), max(RULES_VERSIONS))
    v.castillo_shown = _int(s["castillo_shown"], "castillo_shown", 0, (1 << n) - 1)
    if len(v.veto) != n:
        raise DataError("view: state.veto must hold one list per player")
    _dummy_slots(v, s)
    return v


def _dummy_slots(v: View, s: dict) -> None:
    """The neutral colour's decks and this round's card and power (all empty without it)."""
    v.dummy_deck = tuple(_ints(s["dummy_deck"], "dummy_deck", len(_list(s["dummy_deck"], "dummy_deck")), 1, 13))
    v.dummy_power = _int(s["dummy_power"], "dummy_power", 0, 13)
    v.dummy_card = None if s["dummy_card"] is None else _str(s["dummy_card"], "dummy_card", CARDS)
    v.region_deck = _region_deck(s["region_deck"], "region_deck")
    v.region_later = tuple(_region_deck(d, "region_later") for d in _list(s["region_later"], "region_later"))
    if v.dummy is None and (v.dummy_deck or v.dummy_power or v.dummy_card or v.region_deck or v.region_later):
        raise DataError("view: state.dummy_deck, dummy_power, dummy_card, region_deck and "
                        "region_later must be empty without a neutral colour")


def _region_deck(value: Any, field: str) -> tuple[int, ...]:
    deck = _ints(value, field, len(_list(value, field)), 0, NREG - 1)
    if len(set(deck)) != len(deck):
        raise DataError(f"view: state.{field} must hold each region card at most once")
    return tuple(deck)


def _scoring_entry(entry: Any, n: int) -> tuple[str, int, str | None, tuple[int, ...]]:
    entry = _list(entry, "scorings")
    if len(entry) != 4 or entry[0] not in ("general", "card"):
        raise DataError("view: state.scorings entries must be [kind, round, card, points]")
    card = None if entry[2] is None else _str(entry[2], "scorings", CARDS)
    return (entry[0], _int(entry[1], "scorings", 1, 9), card,
            tuple(_ints(entry[3], "scorings", n, 0, 100_000)))
