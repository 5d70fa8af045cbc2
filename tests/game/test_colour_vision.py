"""Pieces stay apart and visible with a colour vision deficiency, in both palettes.

The pieces are rendered and their pixels seen through the simulations of Machado, Oliveira and
Fernandes, "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG
15(6), 2009 — the severity 1.0 matrices for protanopia, deuteranopia and tritanopia, applied to
linear RGB. Threshold: a WCAG 2.1 contrast ratio of 3:1 (success criterion 1.4.11, non-text
contrast, for the parts of graphics needed to understand them), measured on the simulated colours:
- every pair of players' pieces differs by its symbol (the shapes differ pixel by pixel, whatever
  the hue), and each symbol contrasts 3:1 with the piece it is drawn on;
- the outline of every piece contrasts 3:1 with every region it may stand on (the nine regions,
  the sea round the Castillo and the parchment of the panels).
"""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.shell import layout
from game.shell.mapdata import load_map
from game.render import board, pieces, style
from game.match.seats import COLOURS

MACHADO_2009 = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
THRESHOLD = 3.0     # WCAG 2.1 SC 1.4.11
SIZE = 48           # the scratch surface a piece is drawn on, in pixels (scale 1: 1280x800)


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encoded(v: float) -> int:
    v = min(1.0, max(0.0, v))
    return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


def simulate(colour: tuple[int, int, int], deficiency: str) -> tuple[int, int, int]:
    rgb = [_linear(c) for c in colour[:3]]
    return tuple(_encoded(sum(m * c for m, c in zip(row, rgb))) for row in MACHADO_2009[deficiency])  # type: ignore[return-value]


def grounds() -> dict[str, tuple[int, int, int]]:
    """Everything a piece may stand on."""
    out = {rid: tuple(pygame.Color(shape.colour))[:3] for rid, shape in load_map().regions.items()}
    out["sea by the Castillo"] = style.SEA
    out["a player panel"] = style.PARCHMENT
    return out  # type: ignore[return-value]


def render(kind: str, player: str, ground: tuple[int, int, int]) -> tuple[pygame.Surface, pygame.Rect]:
    """One piece of `player` drawn on `ground`; the surface and the piece's outlined body."""
    surface = pygame.Surface((SIZE, SIZE))
    surface.fill(ground)
    colour = style.player_colour(player)
    centre = (SIZE // 2, SIZE // 2 + 4)
    if kind == "counted cube":
        body = pieces.cube(surface, centre, 15, colour)      # where the stack's body is
        surface.fill(ground)
        pieces.counted_cube(surface, centre, 15, colour, 3, player)
    elif kind == "cube":
        body = pieces.cube(surface, centre, 15, colour, player)
    elif kind == "grande":
        pieces.grande(surface, (SIZE // 2, SIZE - 8), colour, 20, player)
        body = pygame.Rect(SIZE // 2 - 6, SIZE - 28, 12, 20)
    else:
        board.disc_marker(surface, centre, player)
        body = pygame.Rect(centre[0] - 12, centre[1] - 12, 24, 24)
    return surface, body


def symbol_mask(surface: pygame.Surface, ink: tuple[int, int, int]) -> set[tuple[int, int]]:
    return {(x, y) for x in range(SIZE) for y in range(SIZE) if tuple(surface.get_at((x, y)))[:3] == ink}


@pytest.fixture(params=list(style.PALETTES))
def palette(request):
    pygame.font.init()
    layout.use(layout.DESIGN)
    style.use_look(request.param, 1.0)
    yield request.param
    style.use_look("classic", 1.0)


@pytest.mark.parametrize("kind", ["counted cube", "cube", "grande", "disc"])
def test_every_pair_of_players_differs_by_symbol(kind, palette):
    ground = style.PARCHMENT
    masks = {}
    for player in COLOURS:
        surface, _ = render(kind, player, ground)
        ink = style.KING if kind == "disc" else style.mark_ink(style.player_colour(player))
        masks[player] = symbol_mask(surface, ink)
        assert len(masks[player]) >= 12, (kind, player)
    for a, b in itertools.combinations(COLOURS, 2):
        assert len(masks[a] ^ masks[b]) >= 12, (kind, a, b)


@pytest.mark.parametrize("deficiency", list(MACHADO_2009))
def test_symbols_contrast_with_their_piece(deficiency, palette):
    for player in COLOURS:
        face = style.player_colour(player)
        ratio = style.contrast(simulate(style.mark_ink(face), deficiency), simulate(face, deficiency))
        assert ratio >= THRESHOLD, (palette, deficiency, player, round(ratio, 2))


@pytest.mark.parametrize("deficiency", list(MACHADO_2009))
def test_every_piece_stands_out_on_every_region(deficiency, palette):
    for kind, player, (where, ground) in itertools.product(["cube", "grande"], COLOURS, grounds().items()):
        surface, body = render(kind, player, ground)
        outline = tuple(surface.get_at((body.left, body.centery)))[:3]
        assert outline == pieces.edge_colour(style.player_colour(player)), (kind, player)   # sampled its edge
        ratio = style.contrast(simulate(outline, deficiency), simulate(ground, deficiency))
        assert ratio >= THRESHOLD, (palette, deficiency, kind, player, where, round(ratio, 2))
