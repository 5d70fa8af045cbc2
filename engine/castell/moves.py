"""Castell's moves: small frozen values whose text is the notation of docs/castell.md ("Move
notation").

    place REGION | move REGION | recruit SIZE [SIZE] | train SKILL | train special
    special recruit SIZE | special move REGION | special perform TILE TOWER
    tower TOWER | no tower | done | skip

A TOWER is bottom level first, levels by `/`, sizes by `,` (`8,8,8/6,6/5,5/3`). The canonical text
writes recruited sizes and each level's sizes high to low; `parse_move(str(m)) == m`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import NotationError
from .data import DATA, SPECIAL, CastellData
from .towers import SKILLS, Tower, format_tower, parse_tower

SPECIAL_EFFECTS = ("recruit", "move", "perform")


@dataclass(frozen=True, slots=True)
class Move:
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb,) + self.args)

    @property
    def text(self) -> str:
        return str(self)

    @property
    def tower(self) -> Tower | None:
        """The tower a `tower` or `special perform` move declares."""
        if self.verb == "tower":
            return parse_tower(self.args[0])
        if self.verb == "special" and self.args[0] == "perform":
            return parse_tower(self.args[2])
        return None


def tower_move(tower: Tower) -> Move:
    return Move("tower", (format_tower(tower),))


def perform_move(tile: str, tower: Tower) -> Move:
    return Move("special", ("perform", tile, format_tower(tower)))


def _size(word: str, text: str) -> str:
    if not word.isdigit() or not 1 <= int(word) <= 10:
        raise NotationError(f"{text!r}: {word!r} is not a casteller size (expected 1..10)")
    return str(int(word))


def _region(word: str, text: str, data: CastellData) -> str:
    if word not in data.region_names:
        raise NotationError(f"{text!r}: {word!r} is not a region (expected one of {', '.join(data.regions)})")
    return word


def parse_move(text: str, data: CastellData = DATA) -> Move:
    """The Move a notation text names (canonical form); NotationError says what was expected."""
    if not isinstance(text, str):
        raise NotationError(f"a move must be text, got {type(text).__name__}")
    words = text.split()
    if not words:
        raise NotationError("an empty move (expected e.g. 'move met', 'recruit 8 5', 'done')")
    verb, rest = words[0], words[1:]

    def arity(n: int, shape: str) -> None:
        if len(rest) != n:
            raise NotationError(f"{text!r}: expected '{shape}'")

    if verb in ("place", "move"):
        arity(1, f"{verb} REGION")
        return Move(verb, (_region(rest[0], text, data),))
    if verb == "recruit":
        if len(rest) not in (1, 2):
            raise NotationError(f"{text!r}: expected 'recruit SIZE [SIZE]'")
        sizes = sorted((int(_size(w, text)) for w in rest), reverse=True)
        return Move("recruit", tuple(map(str, sizes)))
    if verb == "train":
        arity(1, "train SKILL")
        if rest[0] not in SKILLS + (SPECIAL,):
            raise NotationError(f"{text!r}: expected a skill ({', '.join(SKILLS)}) or special")
        return Move("train", (rest[0],))
    if verb == "special":
        effect = rest[0] if rest else ""
        if effect == "recruit":
            arity(2, "special recruit SIZE")
            return Move(verb, (effect, _size(rest[1], text)))
        if effect == "move":
            arity(2, "special move REGION")
            return Move(verb, (effect, _region(rest[1], text, data)))
        if effect == "perform":
            arity(3, "special perform TILE TOWER")
            if rest[1] not in data.tiles:
                raise NotationError(f"{text!r}: {rest[1]!r} is not a local performance tile")
            return perform_move(rest[1], parse_tower(rest[2]))
        raise NotationError(f"{text!r}: expected 'special recruit SIZE', 'special move REGION' "
                            "or 'special perform TILE TOWER'")
    if verb == "tower":
        arity(1, "tower TOWER")
        return tower_move(parse_tower(rest[0]))
    if verb == "no":
        if rest != ["tower"]:
            raise NotationError(f"{text!r}: expected 'no tower'")
        return Move("no", ("tower",))
    if verb in ("done", "skip"):
        arity(0, verb)
        return Move(verb)
    raise NotationError(f"{text!r}: unknown move (expected place, move, recruit, train, special, "
                        "tower, no tower, done or skip)")
