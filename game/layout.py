"""Where everything sits on the 1280x800 logical surface; the single source for drawing and hit-tests.

Why one module: renderers draw at these rectangles and the input side (and the scripted-player
tests) click at them, so a layout change can never make a click miss what is drawn.
"""
from __future__ import annotations

import pygame

from game.mapdata import MapData, load_map, point_in_polygon

WIDTH, HEIGHT = 1280, 800
LOGICAL = (WIDTH, HEIGHT)

TOP_BAR = pygame.Rect(0, 0, WIDTH, 40)
MAP_ORIGIN = (8, 44)
MAP_SCALE = 0.84
MAP_RECT = pygame.Rect(8, 44, 840, 689)
PROMPT_RECT = pygame.Rect(16, 50, 824, 34)
CHOICE_ROW = pygame.Rect(136, 688, 704, 40)
UNDO_BUTTON = pygame.Rect(16, 688, 110, 40)
HAND_ROW = pygame.Rect(24, 662, 808, 72)     # the human's power cards, above the success track
HAND_PLATE = pygame.Rect(6, 640, 844, 96)     # below the off-board scoreboards, above the track
TRACK_RECT = pygame.Rect(8, 738, 840, 58)

SIDE = pygame.Rect(856, 44, 416, 752)
PLAYERS_RECT = pygame.Rect(856, 44, 416, 321)   # five panels tall enough for their power cards
CARDS_RECT = pygame.Rect(856, 371, 416, 279)
LOG_RECT = pygame.Rect(856, 656, 416, 140)
LOG_EXPANDED = pygame.Rect(856, 371, 416, 425)   # the log grown over the action cards (L)

MENU_BUTTON = pygame.Rect(1180, 6, 92, 28)
HELP_BUTTON = pygame.Rect(1082, 6, 92, 28)
ROUND_TRACK = pygame.Rect(300, 6, 420, 28)

END_TABLE = pygame.Rect(30, 148, 790, 512)     # game over: the scores table …
END_CHART = pygame.Rect(836, 148, 414, 512)    # … and the points-per-round chart beside it

CASTILLO_HIT = pygame.Rect(0, 0, 84, 104)
SCOREBOARD_SPOTS = {"8-4-0": (120, 690), "4-0-0": (200, 690)}  # map coords when off the board


def to_screen(point: tuple[float, float]) -> tuple[float, float]:
    """Map canvas coordinates (levels/map.yaml) to logical screen coordinates."""
    return (MAP_ORIGIN[0] + point[0] * MAP_SCALE, MAP_ORIGIN[1] + point[1] * MAP_SCALE)


def to_map(point: tuple[float, float]) -> tuple[float, float]:
    return ((point[0] - MAP_ORIGIN[0]) / MAP_SCALE, (point[1] - MAP_ORIGIN[1]) / MAP_SCALE)


def castillo_rect(data: MapData | None = None) -> pygame.Rect:
    """The clickable Castillo tower, centred on its map anchor."""
    data = data or load_map()
    rect = CASTILLO_HIT.copy()
    rect.center = tuple(int(v) for v in to_screen(data.castillo))
    return rect


def area_at(pos: tuple[int, int], data: MapData | None = None) -> str | None:
    """The region id or "castillo" under a logical-screen position, else None."""
    data = data or load_map()
    if castillo_rect(data).collidepoint(pos):
        return "castillo"
    mx, my = to_map(pos)
    for rid, shape in data.regions.items():
        if point_in_polygon(mx, my, shape.polygon):
            return rid
    return None


def area_point(area: str, data: MapData | None = None) -> tuple[int, int]:
    """A safe logical point inside an area to click at (label anchor / Castillo centre)."""
    data = data or load_map()
    if area == "castillo":
        return castillo_rect(data).center
    x, y = to_screen(data.regions[area].pieces)
    return (int(x), int(y) - 12)


def area_anchor(area: str, data: MapData | None = None) -> tuple[float, float]:
    """Where flying Caballeros land in an area (screen)."""
    data = data or load_map()
    if area == "castillo":
        return castillo_rect(data).center
    x, y = to_screen(data.regions[area].pieces)
    return (x, y - 10)


def player_rects(count: int) -> list[pygame.Rect]:
    gap = 4
    height = min(70, (PLAYERS_RECT.height - gap * (count - 1)) // max(count, 1))
    return [pygame.Rect(PLAYERS_RECT.x, PLAYERS_RECT.y + i * (height + gap), PLAYERS_RECT.width, height)
            for i in range(count)]


def card_rects(count: int = 5) -> list[pygame.Rect]:
    top = CARDS_RECT.y + 24
    gap = 4
    height = (CARDS_RECT.bottom - top - gap * (count - 1)) // max(count, 1)
    return [pygame.Rect(CARDS_RECT.x, top + i * (height + gap), CARDS_RECT.width, height)
            for i in range(count)]


def hand_rects(count: int = 13) -> list[pygame.Rect]:
    """The 13 power cards of the hand, centred in the hand row."""
    width, gap = 56, 6
    total = count * width + (count - 1) * gap
    left = HAND_ROW.centerx - total // 2
    return [pygame.Rect(left + i * (width + gap), HAND_ROW.y, width, HAND_ROW.height)
            for i in range(count)]


def choice_rects(widths: list[int]) -> list[pygame.Rect]:
    """Buttons centred in the choice row, each as wide as its label needs."""
    gap = 10
    total = sum(widths) + gap * (len(widths) - 1)
    x = CHOICE_ROW.centerx - total // 2
    rects = []
    for w in widths:
        rects.append(pygame.Rect(x, CHOICE_ROW.y, w, CHOICE_ROW.height))
        x += w + gap
    return rects


def track_position(score: int) -> tuple[int, int]:
    """Centre of a score's space on the success track (0..130, wrapping past 130)."""
    span = TRACK_RECT.width - 40
    score = score % 131
    return (TRACK_RECT.x + 20 + int(span * score / 130), TRACK_RECT.y + 36)


def menu_rects(count: int, top: int = 300, width: int = 320, height: int = 48) -> list[pygame.Rect]:
    """A centred vertical list of menu buttons (title and pause menus)."""
    gap = 12
    return [pygame.Rect(WIDTH // 2 - width // 2, top + i * (height + gap), width, height)
            for i in range(count)]
