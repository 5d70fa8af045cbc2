"""The neutral colour of the 2-player dummy game (the new edition's variant, docs/rulings.md R4-R9).

The neutral colour is never a seat: it has Caballeros on the board (row `Game.n` of `counts`,
its supply in that row's provinces), a shuffled deck of power cards and the region cards, and it
decides nothing. Its steps are automatic and happen inside the turn flow (flow.py):

  set-up       stacks 2 and 3 shuffled into one (four cards offered a round); the region cards
               shuffled into its deck, and one deck already shuffled for each later scoring period
  round start  2 region cards drawn, 2 of its Caballeros into each (none into the King's region;
               no draw once its whole supply is on the board); its top power card turned up,
               which blocks that value for the players
  its turn     when the turn order reaches its power card: it takes the offered card with the
               most Caballeros and discards it unused
  general scoring  the region cards are shuffled again (the next pre-shuffled deck)
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import events as E
from .data import AREAS_PER_PLAYER as A, BOARD, CARDS, NREG, PROVINCES, REGIONS
from .ops import move_caballeros

if TYPE_CHECKING:
    from .state import Game

PER_REGION = 2   # Caballeros into each drawn region
DRAWS = 2        # region cards drawn a round


def neutral_colour(players: tuple[str, ...]) -> str:
    """The neutral colour: the first colour of the board's list that is not seated."""
    return next(c for c in BOARD.colours if c not in players)


def merge_stacks(stacks: list[tuple[str, ...]], rng: random.Random) -> list[tuple[str, ...]]:
    """Stacks 1, 2+3 shuffled together, 4: the dummy game's three face-down stacks."""
    merged = list(stacks[1] + stacks[2])
    rng.shuffle(merged)
    return [stacks[0], tuple(merged), stacks[3]]


def stack_slot(g: Game, stack: int) -> int:
    """Index in `g.stacks` (and `g.face_up_slots`) of the stack a card of stack 1..4 belongs to."""
    if g.dummy is None or stack < 3:
        return stack - 1
    return stack - 2


def set_up(g: Game, dummy: bool, rng: random.Random) -> None:
    """The dummy slots of a new game: empty without the option, shuffled decks with it."""
    g.dummy_power, g.dummy_card = 0, None
    if not dummy:
        g.dummy, g.dummy_deck, g.region_deck, g.region_later = None, (), (), ()
        return
    g.dummy = neutral_colour(g.players)
    cards = list(range(1, 14))
    rng.shuffle(cards)
    g.dummy_deck = tuple(cards)
    periods = sum(1 for r in g.rounds if r in BOARD.scoring_rounds)
    decks = []
    for _ in range(max(1, periods)):
        deck = list(range(NREG))
        rng.shuffle(deck)
        decks.append(tuple(deck))
    g.region_deck, g.region_later = decks[0], tuple(decks[1:])


def round_start(g: Game, ev: list) -> None:
    """Its region cards and placements, then its power card turned up (the round's start)."""
    row = g.n
    supply = g.counts[row * A + PROVINCES]
    deck = g.region_deck
    drawn: list[int] = []
    placements: list[tuple[int, int]] = []
    for _ in range(DRAWS):
        if supply == 0 or not deck:
            break
        region, deck = deck[-1], deck[:-1]
        drawn.append(region)
        if region != g.king_i:
            k = min(PER_REGION, supply)
            supply -= k
            placements.append((region, k))
    g.region_deck = deck
    colour = str(g.dummy)
    if drawn:
        ev.append(E.DummyRegionsDrawn(colour, tuple(REGIONS[r] for r in drawn)))
    for region, k in placements:
        move_caballeros(g, row, PROVINCES, region, k, ev)
    g.dummy_card = None
    g.dummy_power = g.dummy_deck[-1] if g.dummy_deck else 0
    g.dummy_deck = g.dummy_deck[:-1]
    if g.dummy_power:
        ev.append(E.DummyPowerRevealed(colour, g.dummy_power))


def take_card(g: Game, ev: list) -> None:
    """Its turn: the offered card with the most Caballeros, discarded unused (the King card goes
    back face down, offered again next round as always)."""
    offered = [c for c in g.face_up_slots if c is not None]
    card = max(offered, key=lambda c: CARDS[c].stack)
    g.face_up_slots = tuple(None if c == card else c for c in g.face_up_slots)
    g.dummy_card = card
    ev.append(E.DummyCardTaken(str(g.dummy), card))


def due(g: Game, next_power: int) -> bool:
    """Whether its turn comes before a player who played `next_power` (0: after the last one)."""
    return g.dummy_power > next_power and g.dummy_card is None


def reshuffle_regions(g: Game) -> None:
    """After a general scoring every region card is shuffled again: the next deck comes in."""
    if g.region_later:
        g.region_deck, g.region_later = g.region_later[0], g.region_later[1:]
