"""The keyboard focus ring: a white line edged in dark wood, so it shows on parchment, on the
wood and on every region's colour; it follows a map region's border, else rounds a rectangle."""
from __future__ import annotations

import pygame

from game.shell import layout
from game.shell.focus import Target
from game.shell.scene import Scene
from game.shell.mapdata import load_map
from game.render import draw, style

EDGE = (20, 14, 10)
GAP = 5          # UI units between a button and the ring around it


def region_outline(area: str) -> tuple[tuple[float, float], ...]:
    """A region's border in UI units (empty for the Castillo, whose ring is its rectangle)."""
    data = load_map()
    if area not in data.regions:
        return ()
    return tuple(layout.to_screen(point) for point in data.regions[area].polygon)


def outline_rect(outline: tuple[tuple[float, float], ...]) -> pygame.Rect:
    xs, ys = [x for x, _ in outline], [y for _, y in outline]
    return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)


def focus_ring(surface: pygame.Surface, target: Target) -> None:
    if target.outline:
        draw.polygon(surface, EDGE, target.outline, 8)
        draw.polygon(surface, style.WHITE, target.outline, 4)
        return
    ring = target.rect.inflate(2 * GAP, 2 * GAP)
    draw.rect(surface, EDGE, ring.inflate(4, 4), 7, border_radius=12)
    draw.rect(surface, style.WHITE, ring, 3, border_radius=10)


Scene.paint_ring = focus_ring
