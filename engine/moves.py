"""Moves: small immutable values whose text is the notation of docs/design.md §2.

Moves are interned on construction: `Move("place", ("aragon",))`, `Move.of("place", "aragon")` and
`parse_move("place aragon")` are one object, so legal-move lists are built from tables without
allocation, the turn flow compares moves by identity, and `Game.play` checks a move by looking it
up among the legal ones (no re-parsing).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .data import AREA_NAMES, BOARD, BOARD_NAMES, CARDS, REGIONS
from .errors import NotationError
from .verbs import VERB_INFO

if TYPE_CHECKING:
    from .position import Position

_PLAYERS = frozenset(BOARD.colours)
_AREAS = frozenset(REGIONS) | {"castillo"}
_REGIONS = frozenset(REGIONS)

# the verb table's columns the parser and the views read (engine/verbs.py; exported as engine.VERBS,
# engine.TARGET_ARG, engine.SECRET_VERBS): verb -> argument kinds, verb -> index of the argument
# naming the map area the move acts on, the verbs whose argument only the mover knows
VERBS: dict[str, tuple[str, ...]] = {verb: info.args for verb, info in VERB_INFO.items()}
TARGET_ARG: dict[str, int] = {verb: info.target for verb, info in VERB_INFO.items() if info.target is not None}
SECRET_VERBS = frozenset(verb for verb, info in VERB_INFO.items() if info.secret)


def public_text(move: "Move") -> str:
    """The move as the other players see it: a secret move's argument is "?"."""
    return f"{move.verb} ?" if move.verb in SECRET_VERBS else move.text


def target_area(move: "Move") -> str | None:
    """The region or Castillo `move` acts on (TARGET_ARG), or None (court and provinces are not
    map areas: a `return court` has none)."""
    index = TARGET_ARG.get(move.verb)
    if index is None:
        return None
    area = move.args[index]
    return area if area in _AREAS else None


_KIND_CHECK = {
    "power": lambda a: a.isdigit() and 1 <= int(a) <= 13,
    "count": lambda a: a.isdigit() and 0 <= int(a) <= 6,
    "region": lambda a: a in _REGIONS,
    "area": lambda a: a in _AREAS,
    "source": lambda a: a in _REGIONS or a == "court",
    "card": lambda a: a in CARDS,
    "part": lambda a: a in ("place", "action"),
    "player": lambda a: a in _PLAYERS,
    "board": lambda a: a in BOARD_NAMES,
}
_KIND_HELP = {
    "power": "a power card 1..13", "count": "a number 0..6", "region": "a region id",
    "area": "a region id or castillo", "source": "a region id or court", "card": "an action card id",
    "part": "place or action", "player": "a player colour", "board": "8-4-0 or 4-0-0",
}


class Move:
    """One decision, equal by value: every Move with the same text is one interned object, whether
    built as `Move(verb, args)`, `Move.of(verb, *args)` or `parse_move(text)`, so the turn flow's
    identity checks, `apply` and `play` agree on it."""

    __slots__ = ("verb", "args", "text", "_hash")
    _interned: dict[str, "Move"] = {}

    verb: str
    args: tuple[str, ...]
    text: str
    _hash: int

    def __new__(cls, verb: str, args: tuple[str, ...] = ()) -> "Move":
        sargs = tuple(str(a) for a in args)
        text = " ".join((verb,) + sargs)
        move = cls._interned.get(text)
        if move is None:
            move = object.__new__(cls)
            object.__setattr__(move, "verb", verb)
            object.__setattr__(move, "args", sargs)
            object.__setattr__(move, "text", text)
            object.__setattr__(move, "_hash", hash(text))
            cls._interned[text] = move
        return move

    @classmethod
    def of(cls, verb: str, *args: object) -> "Move":
        return cls(verb, tuple(str(a) for a in args))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __copy__(self) -> "Move":
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> "Move":
        return self

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"parse_move({self.text!r})"

    def __reduce__(self) -> tuple[Callable[[str], Move], tuple[str]]:  # pickling (worker processes) goes back through the intern table
        return (_from_text, (self.text,))


def _from_text(text: str) -> Move:
    verb, *args = text.split()
    return Move.of(verb, *args)


MAX_TEXT = 200     # characters; the longest move is about 40, and int() refuses over 4300 digits


def parse_move(text: str, game: "Position | None" = None) -> Move:
    """Parse notation text into a Move; raises NotationError naming the text and what was expected.

    Legality is checked by `Game.play`, not here; `game` is accepted for the contract's signature.
    """
    if isinstance(text, Move):
        return text
    parsed = _PARSED.get(text) if type(text) is str else None
    if parsed is not None:
        return parsed
    if not isinstance(text, str):
        raise NotationError(f"move must be notation text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise NotationError(f"move text of {len(text)} characters (a move has at most {MAX_TEXT})")
    words = text.split()
    if not words:
        raise NotationError("empty move text")
    verb, args = words[0].lower(), words[1:]
    signature = VERBS.get(verb)
    if signature is None:
        raise NotationError(f"'{text}': unknown verb '{verb}' (expected one of {', '.join(sorted(VERBS))})")
    if len(args) != len(signature):
        raise NotationError(f"'{text}': '{verb}' takes {len(signature)} argument(s), got {len(args)}")
    for arg, kind in zip(args, signature):
        if not _KIND_CHECK[kind](arg):
            raise NotationError(f"'{text}': '{arg}' is not {_KIND_HELP[kind]}")
    if verb in ("power", "recover", "court"):
        args = [str(int(args[0]))]
    move = Move.of(verb, *args)
    if move.text == text:
        _PARSED[text] = move
    return move


# Canonical texts parse_move has accepted, and their Moves: a record is replayed text by text (a
# server's restart replays every table's), and most texts are the same few hundred; parsing was
# about a third of a replay. Only a move's own text enters (not "POWER 07"), so the table holds
# at most the notation's moves.
_PARSED: dict[str, Move] = {}


# Prebuilt tables for the legal-move generator (indices as in data.py).
POWER = {v: Move.of("power", v) for v in range(1, 14)}
RECOVER = {v: Move.of("recover", v) for v in range(1, 14)}
COURT_K = [Move.of("court", k) for k in range(7)]
RECALL = [Move.of("recall", r) for r in REGIONS]
PLACE = [Move.of("place", a) for a in AREA_NAMES[:len(REGIONS) + 1]]
KING = [Move.of("king", r) for r in REGIONS]
GRANDE = [Move.of("grande", r) for r in REGIONS]
SCORE = [Move.of("score", a) for a in AREA_NAMES[:len(REGIONS) + 1]]
DISC = [Move.of("disc", r) for r in REGIONS]
TARGET = [Move.of("target", r) for r in REGIONS]
RETURN = {a: Move.of("return", AREA_NAMES[a]) for a in (*range(len(REGIONS)), AREA_NAMES.index("court"))}
SCOREBOARD = [[Move.of("scoreboard", b, r) for r in REGIONS] for b in BOARD_NAMES]
CARD = {cid: Move.of("card", cid) for cid in CARDS}
FIRST_PLACE, FIRST_ACTION = Move.of("first", "place"), Move.of("first", "action")
ACTION, VETO, ALLOW, DONE, SKIP = (Move.of(v) for v in ("action", "veto", "allow", "done", "skip"))
MOVE = [[[Move.of("move", p, REGIONS[s], AREA_NAMES[d]) for d in range(len(REGIONS) + 1)]
         for s in range(len(REGIONS))] for p in BOARD.colours]
CULL = [[Move.of("cull", p, r) for r in REGIONS] for p in BOARD.colours]
