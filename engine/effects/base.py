"""The Effect interface and the registry of effects by action card id."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..data import CARDS
from ..errors import DataError
from ..moves import ACTION, Move

if TYPE_CHECKING:
    from ..state import Game

EFFECTS: dict[str, "Effect"] = {}


class Effect:
    """Default: a sequence action started with `action` that does nothing more.

    Subclasses override:
      declarations(g)      moves that declare/start the action (besides `skip`); [] = nothing to do
      start(g, move, ev)   carry it out after the Veto window; True when finished
      step_moves(g)        follow-up decisions while the action runs (phases steps/return)
      step(g, move, ev)    apply one follow-up decision; True when finished
      disc_options(g, p)   regions player p may set on his disc for this action
      resolve_discs(g, ev) apply the revealed discs (the action is then finished)
      areas(g)             the areas a fixed scoring card would score now
      allowance(g)         how many follow-up decisions the action allows in all (prompts)
    `secret_declaration`: the declared move is hidden from the other players (power recovery).
    """

    secret_declaration = False

    def declarations(self, g: "Game") -> list[Move]:
        return [ACTION]

    def start(self, g: "Game", move: Move, ev: list) -> bool:
        return True

    def step_moves(self, g: "Game") -> list[Move]:
        return []

    def step(self, g: "Game", move: Move, ev: list) -> bool:
        return True

    def areas(self, g: "Game") -> list[int]:
        """The areas a scoring card scores if it starts now (the AI estimates cards with it)."""
        return []

    def disc_options(self, g: "Game", p: int) -> list[int]:
        return []

    def resolve_discs(self, g: "Game", ev: list) -> None:
        return None

    def allowance(self, g: "Game") -> int | None:
        """The follow-up decisions the running action allows in all; None when the card fixes no
        number (withdraw everything from a region)."""
        return None


def register(*card_ids: str) -> Callable[[type[Effect]], type[Effect]]:
    """Class decorator: one instance serves every listed card id."""
    def wrap(cls: type[Effect]) -> type[Effect]:
        instance = cls()
        for cid in card_ids:
            if cid not in CARDS:
                raise DataError(f"effects: card id {cid!r} is not in classic.yaml")
            EFFECTS[cid] = instance
        return cls
    return wrap


def effect_for(card_id: str | None) -> Effect:
    """The effect of an action card (None: no card is being played, a DataError like any unknown id)."""
    try:
        return EFFECTS[card_id]  # type: ignore[index]  # None is refused below
    except KeyError:
        if card_id is None:
            raise DataError("no action card is being played") from None
        import difflib
        near = difflib.get_close_matches(card_id, list(EFFECTS), n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise DataError(f"no effect registered for action card {card_id!r}{hint}") from None
