"""The verb table: what each move verb of the notation means, written once for the engine and
every client.

Why one table: which argument of a move is the map area it acts on, whether its argument is kept
secret, which piece a preview shows for it, whether it always waits for Confirm and where a player
picks it are facts about the verb, not about any screen. The parser, the views and the refusals
read them here, and so does every client (picker, staging, ghosts, hand-offs); a client keeps only
its wording per verb (catalog texts, button colours).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Ghost(Enum):
    """What a preview of the move shows before it is played: a piece put down on the map, the
    card lifted from its row, or nothing (a button answers it). The piece values name the spots
    the board draws them at (a region's `king`, `grande`, `scoreboard` anchor)."""
    CUBE = "cube"                # a Caballero arriving (its owner: `piece_owner`)
    DISC = "disc"                # the mover's secret disc, drawn only to him until the reveal
    KING = "king"                # the King (nobody's piece)
    GRANDE = "grande"            # the mover's Grande
    SCOREBOARD = "scoreboard"    # a mobile scoreboard on the region's values (nobody's piece)
    CARD = "card"                # the card played or taken, lifted from the hand or the offer
    NONE = "none"

    @property
    def on_map(self) -> bool:
        """Whether the preview puts a piece down on the map (at the move's `target` area)."""
        return self not in (Ghost.CARD, Ghost.NONE)

    @property
    def owned(self) -> bool:
        """Whether the piece is a player's (drawn in his colour), not the King or a scoreboard."""
        return self in (Ghost.CUBE, Ghost.DISC, Ghost.GRANDE)


class Confirm(Enum):
    """When a human's move of the verb waits for Confirm (the "Confirm moves" setting)."""
    ALWAYS = "always"        # it shows something to all at once or sets a secret: no Undo after it
    STEP_END = "step_end"    # only when the engine's preview shows it ends the mover's step


class Where(Enum):
    """Where a player picks the move: a power card in his hand, an action card in the offer, or
    the board (a map area clicked, any other argument a button)."""
    HAND = "hand"
    OFFER = "offer"
    BOARD = "board"


# the refusal codes (engine/refusals.py REASONS) any move can get, whatever its verb
COMMON_REFUSALS: tuple[str, ...] = ("bad_notation", "game_over", "not_your_turn", "wrong_step")


@dataclass(frozen=True)
class VerbInfo:
    """One verb of the notation. `args`: its argument kinds, checked by `parse_move`. `target`:
    the index of the argument naming the map area it acts on (a `move`'s destination, a
    scoreboard's region), None when it acts on none. `secret`: only the mover knows the argument
    until it is revealed (docs/rules.md §4.2, §5.4); others see "verb ?". `refusals`: the codes
    `why_illegal` may give it beyond `COMMON_REFUSALS`."""
    verb: str
    args: tuple[str, ...]
    target: int | None = None
    secret: bool = False
    ghost: Ghost = Ghost.NONE
    confirm: Confirm = Confirm.STEP_END
    chosen_on: Where = Where.BOARD
    refusals: tuple[str, ...] = ()


_ON_MAP = ("kings_region", "card_limits")      # an area argument: never the King's region (§7.1)

VERB_INFO: dict[str, VerbInfo] = {info.verb: info for info in (
    VerbInfo("power", ("power",), ghost=Ghost.CARD, confirm=Confirm.ALWAYS, chosen_on=Where.HAND,
             refusals=("power_already_played", "power_not_in_hand")),
    VerbInfo("court", ("count",), refusals=("court_limit",)),
    VerbInfo("recall", ("region",), target=0, refusals=_ON_MAP),
    VerbInfo("card", ("card",), ghost=Ghost.CARD, confirm=Confirm.ALWAYS, chosen_on=Where.OFFER,
             refusals=("card_not_offered",)),
    VerbInfo("first", ("part",), refusals=("card_limits",)),
    VerbInfo("place", ("area",), target=0, ghost=Ghost.CUBE, refusals=(*_ON_MAP, "not_adjacent_to_king")),
    VerbInfo("move", ("player", "region", "area"), target=2, ghost=Ghost.CUBE, refusals=_ON_MAP),
    VerbInfo("return", ("source",), target=0, refusals=_ON_MAP),
    VerbInfo("cull", ("player", "region"), target=1, refusals=_ON_MAP),
    VerbInfo("king", ("region",), target=0, ghost=Ghost.KING, refusals=_ON_MAP),
    VerbInfo("grande", ("region",), target=0, ghost=Ghost.GRANDE, refusals=_ON_MAP),
    VerbInfo("scoreboard", ("board", "region"), target=1, ghost=Ghost.SCOREBOARD, refusals=_ON_MAP),
    VerbInfo("score", ("area",), target=0, refusals=_ON_MAP),
    VerbInfo("recover", ("power",), secret=True, confirm=Confirm.ALWAYS, refusals=("card_limits",)),
    VerbInfo("disc", ("region",), target=0, secret=True, ghost=Ghost.DISC, confirm=Confirm.ALWAYS,
             refusals=_ON_MAP),
    VerbInfo("target", ("region",), target=0, refusals=_ON_MAP),
    VerbInfo("action", ()),
    VerbInfo("veto", ()),
    VerbInfo("allow", ()),
    VerbInfo("done", ()),
    VerbInfo("skip", ()),
)}


def piece_owner(verb: str, args: tuple[str, ...], mover: str | None) -> str | None:
    """Whose piece a move of `verb` handles: its player argument (a `move` of another player's
    Caballero), else the mover's."""
    kinds = VERB_INFO[verb].args
    return args[kinds.index("player")] if "player" in kinds else mover
