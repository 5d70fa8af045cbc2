"""What a player may see of a Castell game, as an unchangeable value, and `determinize`.

Castell has no private information (docs/castell.md "Hidden information"): teams, towers, the map
and the calendar are public. The one thing nobody knows is the bag's order, so a View keeps the
bag's contents (public: the whole mix minus every visible casteller) in a fixed sorted order, and
two games that differ only in the bag's order give equal views. `determinize` deals a sampled
order back.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .position import SETUP_FIELDS, STATE_FIELDS, Position, copy_state

if TYPE_CHECKING:
    from .game import Game


class View(Position):
    """A read-only position seen by `viewer` (None: a spectator); it has no mutators."""

    __slots__ = SETUP_FIELDS + STATE_FIELDS + ("viewer",)

    viewer: str | None

    @classmethod
    def of(cls, game: Position, viewer: str | None) -> View:
        if viewer is not None and viewer not in game.players:
            raise ValueError(f"{viewer!r} is not a player of this game ({', '.join(game.players)})")
        v = cls.__new__(cls)
        put = object.__setattr__
        for name in SETUP_FIELDS:
            put(v, name, getattr(game, name))
        put(v, "seed", None)                               # the seed fixes the bag's order
        copy_state(game, v, frozen=True)
        put(v, "bag", tuple(sorted(game.bag)))
        put(v, "viewer", viewer)
        return v

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a View cannot be changed ({name})")

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickling (the AI worker gets its views by pipe) sets the fields the frozen way."""
        for name, value in state.items():
            object.__setattr__(self, name, value)

    def _key(self) -> tuple:
        return tuple(getattr(self, n) for n in ("players", "wheel", "ring", "calendar", "viewer")
                     + STATE_FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and self._key() == other._key() and self.tile_region == other.tile_region

    def __hash__(self) -> int:
        return hash(self._key())


def determinize(view: Position, rng: random.Random) -> Game:
    """A full Game consistent with the view: the bag's contents in a sampled order."""
    from .game import Game
    g = Game.__new__(Game)
    for name in SETUP_FIELDS:
        setattr(g, name, getattr(view, name))
    g.seed = None
    g.history = None
    copy_state(view, g, frozen=False)
    rng.shuffle(g.bag)
    return g
