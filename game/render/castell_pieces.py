"""Castell's small pieces as drawn in panels: a casteller tile, a size token, a skill icon and a
shape tile's bars.

Why apart from the builder panel: the tower builder, the festival results and the board's
tooltips draw the same pieces, so they look alike wherever a casteller appears.
"""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.render import draw, style

SHIRT = (190, 74, 52)           # a casteller's shirt; the sash is dark wood
SKILL_COLOURS = {"balance": (52, 104, 160), "base": (118, 84, 52), "mix": (128, 70, 146),
                 "strength": (168, 60, 44), "width": (40, 128, 96)}


def casteller(surface: pygame.Surface, box: pygame.Rect, size: int, token: bool = False,
              lit: bool = False, faded: bool = False) -> None:
    """A casteller tile filling `box`: a shirt with a sash and the size printed on it; a size the
    festival's token asks for has a gold rim, a hovered one is lit, one not available is faded."""
    if faded:
        shirt, sash, rim, ink = style.shade(style.PARCHMENT_DARK, 0.95), style.PARCHMENT, style.GREY, style.GREY
    else:
        shirt = style.shade(SHIRT, 1.18 if lit else 1.0)
        sash = style.GOLD if token else style.WOOD_DARK
        rim, ink = style.shade(shirt, 0.6), style.WHITE
    radius = max(3, box.w // 6)
    if not faded:
        draw.rect(surface, style.WOOD_DARK, box.move(0, 2), border_radius=radius)
    draw.rect(surface, shirt, box, border_radius=radius)
    draw.rect(surface, sash, (box.x, box.y + int(box.h * 0.66), box.w, max(3, box.h // 6)))
    if token:
        draw.rect(surface, style.GOLD_LIGHT if lit else style.GOLD, box, 3, border_radius=radius)
    else:
        draw.rect(surface, rim, box, 1, border_radius=radius)
    number = str(size)
    fits = style.fit_size(number, box.w - 4, max(10, min(20, int(box.h * 0.42))), bold=True, minimum=8)
    style.text(surface, number, (box.centerx, box.y + box.h * 0.36), fits, ink, bold=True,
               anchor="center", shadow=None if faded else style.WOOD_DARK)


def size_token(surface: pygame.Surface, centre: tuple[float, float], radius: float, size: int) -> None:
    """A festival's size token: a gold disc with the size."""
    draw.circle(surface, style.WOOD_DARK, (centre[0], centre[1] + 2), radius)
    draw.circle(surface, style.GOLD, centre, radius)
    draw.circle(surface, style.shade(style.GOLD, 0.65), centre, radius, 2)
    style.text(surface, str(size), centre, int(radius * 1.1), style.INK, bold=True, anchor="center")


def skill_icon(surface: pygame.Surface, centre: tuple[float, float], radius: float, skill: str,
               faded: bool = False) -> None:
    """A skill as a coloured disc with its initial."""
    colour = style.GREY if faded else SKILL_COLOURS.get(skill, style.GREY)
    draw.circle(surface, colour, centre, radius)
    draw.circle(surface, style.shade(colour, 0.6), centre, radius, 1)
    style.text(surface, skill[:1].upper(), centre, int(radius * 1.15), style.WHITE, bold=True, anchor="center")


def shape_bars(surface: pygame.Surface, box: pygame.Rect, counts: Sequence[int],
               met: Sequence[bool] = ()) -> None:
    """A shape tile's castellers per level as stacked bars, bottom level at the bottom; a level
    the tower already meets is gold."""
    if not counts:
        return
    widest = max(counts)
    bar_h = box.h / len(counts)
    for i, count in enumerate(counts):
        w = box.w * count / widest
        bar = pygame.Rect(round(box.centerx - w / 2), round(box.bottom - (i + 1) * bar_h + 1),
                          round(w), max(2, round(bar_h - 2)))
        draw.rect(surface, style.GOLD if i < len(met) and met[i] else style.INK_SOFT, bar, border_radius=2)
        step = w / count
        for k in range(1, count):
            x = bar.x + k * step
            draw.line(surface, style.PARCHMENT, (x, bar.y), (x, bar.bottom - 1), 1)
