"""The Castell table honours the colour-blind palette setting and tells players apart without
hue: every piece in a player's colour — pawn, board, score chip, special action tokens lying in a
bounty — carries the player's shape (game/render/style.py SYMBOLS), as El Grande's pieces do
(tests/game/test_colour_vision.py measures the shapes and palettes themselves)."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pygame
import pytest

from game.match.castell_match import CastellMatch
from game.match.seats import Seat
from game.present.castell_look import TableLook
from game.render import castell_table, pieces, style
from game.shell.castell_layout import CastellLayout

PLAYERS = ("red", "blue", "green", "yellow")


@pytest.fixture
def colourblind() -> Iterator[None]:
    style.use_look("colourblind", 1.0)
    yield
    style.use_look("classic", 1.0)


def with_bounties(seed: int = 2) -> CastellMatch:
    """Random moves until two players' special action tokens lie in the bounties."""
    match = CastellMatch([Seat(p) for p in PLAYERS], seed=seed, autosave=False)
    rng = random.Random(seed)
    while len({seat for pile in match.view().bounty for seat in pile}) < 2:
        legal = match.game.legal_moves()
        specials = [m for m in legal if m.verb == "special"]
        assert match.play(rng.choice(specials or legal))
    return match


def test_the_table_draws_the_palette_and_every_players_pieces_carry_its_shape(colourblind: None, monkeypatch) -> None:
    view = with_bounties().view()
    assert castell_table.seat_colours(view, TableLook()) == tuple(style.PALETTES["colourblind"][p] for p in PLAYERS)
    marked: Counter[str] = Counter()
    symbol = pieces.symbol

    def noted(surface, centre, size, player, colour, edge=None):
        marked[player] += 1
        symbol(surface, centre, size, player, colour, edge)
    monkeypatch.setattr(pieces, "symbol", noted)
    surface = pygame.Surface((1280, 800))
    castell_table.paint_table(surface, CastellLayout.for_window((1280, 800)), view, TableLook())
    for seat, player in enumerate(PLAYERS):
        tokens = sum(pile[-3:].count(seat) for pile in view.bounty)      # the piles' shown tops
        pawn = 1 if view.pawn[seat] >= 0 else 0
        assert marked[player] >= 2 + pawn + tokens, f"{player}: a piece in its colour without its shape"
    assert any(pile for pile in view.bounty)
