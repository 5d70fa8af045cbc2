"""Where the on-screen elements a lesson step points at are, taken from game.shell.layout.

Why here: the lesson file names elements (`hand`, `cards`, `region:granada`…), the panel draws a
pulsing frame around them and the tests check each one is on screen and clear of the panel, so
all three read the same rectangles the scenes draw at.
"""
from __future__ import annotations

import pygame

from engine import events as E
from game.shell import layout
from game.shell.mapdata import load_map
from game.tutorial.lesson import REGION_PREFIX

PANEL_MARGIN = 6
PANEL_GAP = 4        # the lesson's frames stop this far above its panel


def panel_rect() -> pygame.Rect:
    """The lesson panel: docked at the foot of the side column, clear of the map, the players and
    the action cards; the game log makes room above it (layout.side_panels)."""
    return layout.docked_rect("lesson")


def frame_around(rect: pygame.Rect, grow: int) -> pygame.Rect:
    """A lesson frame `grow` units wider and taller than what it surrounds, cut short above the
    lesson panel so a clear gap stays between them (the action cards end just above it)."""
    frame = rect.inflate(grow, grow)
    panel = panel_rect()
    if frame.top < panel.top and frame.right > panel.left and frame.left < panel.right:
        frame.height = min(frame.height, panel.top - PANEL_GAP - frame.top)
    return frame


def region_outline(region: str) -> list[tuple[float, float]]:
    """A region's border in UI units."""
    return [layout.to_screen(p) for p in load_map().regions[region].polygon]


def _bounds(points: list[tuple[float, float]]) -> pygame.Rect:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)


def element_region(element: str, king: str | None) -> str | None:
    """The region an element stands for (`region:ID`, or `king`: the King's region now)."""
    if element.startswith(REGION_PREFIX):
        return element[len(REGION_PREFIX):]
    if element == "king":
        return king
    return None


def event_element(event: E.Event | None) -> str | None:
    """The element an event happens at ("live" points there while it is shown): the region or
    Castillo Caballeros arrive in, the King's new region, the area scored, the Castillo for its
    opening and discs, the action cards for a Veto; None for the rest."""
    if isinstance(event, (E.CaballerosMoved, E.KingMoved, E.GrandeMoved, E.ScoreboardMoved)):
        area = event.target
    elif isinstance(event, E.AreaScored):
        area = event.area
    elif isinstance(event, (E.CastilloOpened, E.DiscsRevealed)):
        area = "castillo"
    elif isinstance(event, (E.VetoTaken, E.ActionVetoed)):
        return "cards"
    else:
        return None
    if area == "castillo":
        return "castillo"
    return REGION_PREFIX + area if area in load_map().regions else None


def element_rect(element: str, players: tuple[str, ...], human: str, king: str | None) -> pygame.Rect:
    """The rectangle (UI units) the frame goes around."""
    region = element_region(element, king)
    if region:
        return _bounds(region_outline(region))
    if element in ("court", "disc"):      # the player's strip shows the court and the disc set
        return layout.player_rects(len(players))[players.index(human)]
    here = layout.current()
    fixed = {"hand": here.hand_plate, "players": here.players_rect, "cards": here.cards_rect,
             "choices": here.choice_row, "track": here.track_rect, "rounds": here.round_track}
    if element in fixed:
        return fixed[element].copy()
    if element == "castillo":
        return layout.castillo_rect()
    raise KeyError(f"no on-screen element {element!r}")
