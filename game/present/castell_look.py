"""What the Castell table shows besides the position itself, as small frozen values.

Why values: the scene builds a `TableLook` from its own state (who sits where, what a move may
click, what is hovered or staged, the wheel's animation) and hands it to the painter with the
View; the painter reads both and changes neither, and tests compare looks without pixels.
"""
from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Target:
    """Something on the table a click or hover can name.

    kind: "region" (key a region id), "casteller" (key a region id, index the size), "tile" (a
    performance tile id), "skill" (key the board tile's skill or "special", index its ring
    position), "segment" (key a region id or "all": a wedge of the wheel), "festival" (a festival
    tile id), "board" (key a player, index the seat), "bounty" (key a region id: the tokens on its
    performance row), "round" (index a round of the round track)."""
    kind: str
    key: str
    index: int = -1


@dataclass(frozen=True)
class Ghost:
    """The move being hovered or staged, drawn over the position for the player to move: where
    the pawn would go, the castellers (sizes) it would take from the pawn's region, the skill that
    would rise a rank, the performance tile it would take. Nearly solid once `staged`."""
    pawn: str | None = None
    recruits: tuple[int, ...] = ()
    skill: str | None = None
    tile: str | None = None
    staged: bool = False


@dataclass(frozen=True)
class TableLook:
    """names/colours: per seat (empty: the player ids, capitalised, and their palette colours).
    lit: the keys a legal move may click now — region ids, performance tile ids, skill names
    (lighting the ring tiles the player may train from), festival ids. hover: the target under
    the pointer. wheel_angle: how much of a step the wheel still has to turn (1 where it stood a
    round ago, 0 at rest). turn: the seat to play (None: the View's). pulse: 0..1, the lit
    outlines' breathing."""
    names: tuple[str, ...] = ()
    colours: tuple[Colour, ...] = ()
    lit: frozenset[str] = frozenset()
    hover: Target | None = None
    ghost: Ghost | None = None
    wheel_angle: float = 0.0
    turn: int | None = None
    pulse: float = 0.5
