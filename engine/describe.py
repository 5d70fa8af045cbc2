"""One-line English descriptions of moves for the game log. Nothing hidden is ever named:
a disc or a recovered power card is described without its value. The engine reads only its own
data (levels/): the card names come from there, never from the client's catalogs."""
from __future__ import annotations

from .data import BOARD, CARDS
from .moves import Move
from .state import Game

CARD_NAMES = {cid: card.name for cid, card in CARDS.items()}   # levels/classic.yaml, action_cards[].name


def area_name(area: str) -> str:
    return BOARD.region_names.get(area, area.capitalize())


def describe(move: Move, g: Game) -> str:
    """What `move` does when played by whoever is to move in `g` (the position before it)."""
    who = (g.to_move or "?").capitalize()
    v, a = move.verb, move.args
    if v == "power":
        return f"{who} plays power card {a[0]}"
    if v == "court":
        n = int(a[0])
        return f"{who} brings {n} Caballero{'s' * (n != 1)} to the court"
    if v == "recall":
        return f"{who} recalls a Caballero from {area_name(a[0])} to the court"
    if v == "card":
        return f"{who} takes the action card \u201c{CARD_NAMES[a[0]]}\u201d"
    if v == "first":
        return f"{who} places Caballeros first" if a[0] == "place" else f"{who} does the special action first"
    if v == "place":
        return f"{who} places a Caballero in {area_name(a[0])}"
    if v == "move":
        return f"{who} moves a {a[0]} Caballero from {area_name(a[1])} to {area_name(a[2])}"
    if v == "return":
        return f"{who} returns a Caballero from {area_name(a[0])} to the provinces"
    if v == "cull":
        return f"{who} sends a {a[0]} Caballero from {area_name(a[1])} back to the provinces"
    if v == "king":
        return f"{who} moves the King to {area_name(a[0])}"
    if v == "grande":
        return f"{who} moves the Grande to {area_name(a[0])}"
    if v == "scoreboard":
        return f"{who} puts the {a[0]} scoreboard on {area_name(a[1])}"
    if v == "score":
        return f"{who} chooses {area_name(a[0])} to be scored"
    if v == "recover":
        return f"{who} takes back a power card"
    if v == "disc":
        return f"{who} sets the secret disc"
    if v == "target":
        return f"{who} chooses {area_name(a[0])}"
    if v == "action":
        return f"{who} starts the special action"
    if v == "veto":
        return f"{who} vetoes the special action"
    if v == "allow":
        return f"{who} lets the special action happen"
    if v == "skip":
        return f"{who} skips the special action"
    return f"{who} is done"
