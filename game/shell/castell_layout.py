"""Where everything of the Castell table sits, in UI units: the one source for drawing and hit-tests.

Why one module: the painter (game/render/castell_table.py) draws at these rectangles and the scene
clicks at them through `hit_test`, so a click can never miss what is drawn. Units are
game/shell/layout.py's: the 1280x800 design fitted to the window; a wide window gives its extra
width to the side column (boards, log, tower builder), up to 200 units, then centres; a tall one
gives its extra height to the map, the performance rows and the log.

Composition (1280x800): the map of Catalonia (prompt plate on top, buttons over the sea) above
the festival calendar on the left; the skill wheel above the seven performance rows in the middle;
the player boards above the game log (`log_rect(players)`) on the right, where the tower
builder's `panel_rect` is laid
over both; the score track along the foot; the round track in the top bar.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.shell.castell_map import CastellMap, load_castell_map
from game.shell.layout import DESIGN, SIDE_MAX_EXTRA

MAP_W, MAP_H = 600, 476
MID_W = 240                      # the wheel and the performance rows
SIDE_W = 408
GAP = 8
ROUNDS = 10
RING_RADIUS, RING_TILE, DISC_RADIUS = 95, (48, 42), 58
TILE_W, TILE_H = 58, 50          # a performance tile
BOUNTY_W = 34
ROWS_HEADING = 20
SCORE_SPAN = 100                 # the score track's length; higher scores go round again


@dataclass(frozen=True)
class CastellLayout:
    """Every rectangle of the Castell table for one window size (pixels), in UI units."""
    window: tuple[int, int]
    scale: float
    width: int
    height: int
    top_bar: pygame.Rect = field(compare=False)
    round_track: pygame.Rect = field(compare=False)
    menu_button: pygame.Rect = field(compare=False)
    help_button: pygame.Rect = field(compare=False)
    hint_button: pygame.Rect = field(compare=False)
    map_rect: pygame.Rect = field(compare=False)
    prompt_rect: pygame.Rect = field(compare=False)
    button_row: pygame.Rect = field(compare=False)
    calendar_rect: pygame.Rect = field(compare=False)
    wheel_rect: pygame.Rect = field(compare=False)
    rows_rect: pygame.Rect = field(compare=False)
    boards_rect: pygame.Rect = field(compare=False)
    panel_rect: pygame.Rect = field(compare=False)
    score_track: pygame.Rect = field(compare=False)

    @classmethod
    def for_window(cls, size: tuple[int, int]) -> CastellLayout:
        window = (max(1, int(size[0])), max(1, int(size[1])))
        scale = min(window[0] / DESIGN[0], window[1] / DESIGN[1])
        width = max(DESIGN[0], int(window[0] / scale))
        height = max(DESIGN[1], int(window[1] / scale))
        extra_w, extra_h = width - DESIGN[0], height - DESIGN[1]
        side_w = SIDE_W + min(extra_w, SIDE_MAX_EXTRA)
        left = (width - (GAP + MAP_W + GAP + MID_W + GAP + side_w + GAP)) // 2 + GAP
        mid = left + MAP_W + GAP
        side = mid + MID_W + GAP
        map_rect = pygame.Rect(left, 44, MAP_W, MAP_H + extra_h)
        foot = height - 56                                    # the score track's top
        return cls(
            window=window, scale=scale, width=width, height=height,
            top_bar=pygame.Rect(0, 0, width, 40),
            round_track=pygame.Rect(left + 150, 5, 430, 30),
            menu_button=pygame.Rect(width - 100, 6, 92, 28),
            help_button=pygame.Rect(width - 198, 6, 92, 28),
            hint_button=pygame.Rect(width - 296, 6, 92, 28),
            map_rect=map_rect,
            prompt_rect=pygame.Rect(left + 8, 50, MAP_W - 16, 32),
            button_row=pygame.Rect(left + 8, map_rect.bottom - 46, MAP_W - 16, 38),
            calendar_rect=pygame.Rect(left, map_rect.bottom + 6, MAP_W, foot - 6 - map_rect.bottom - 6),
            wheel_rect=pygame.Rect(mid, 44, MID_W, MID_W),
            rows_rect=pygame.Rect(mid, 44 + MID_W + 6, MID_W, foot - 6 - (44 + MID_W + 6)),
            boards_rect=pygame.Rect(side, 44, side_w, 500),
            panel_rect=pygame.Rect(side, 44, side_w, height - 4 - 44),
            score_track=pygame.Rect(left, foot, MAP_W + GAP + MID_W, 52),
        )

    @property
    def too_small(self) -> bool:
        return self.window[0] < 1024 or self.window[1] < 640

    # --- the map: canvas coordinates (levels/castell/map.yaml) to units -----------------------
    def map_scale(self, castell_map: CastellMap | None = None) -> float:
        m = castell_map or load_castell_map()
        return min(self.map_rect.width / m.width, self.map_rect.height / m.height)

    def to_screen(self, point: Sequence[float], castell_map: CastellMap | None = None) -> tuple[float, float]:
        """A canvas point in units: the canvas fitted to the map rectangle, centred."""
        m = castell_map or load_castell_map()
        s = self.map_scale(m)
        ox = self.map_rect.x + (self.map_rect.width - m.width * s) / 2
        oy = self.map_rect.y + (self.map_rect.height - m.height * s) / 2
        return (ox + point[0] * s, oy + point[1] * s)

    def to_canvas(self, point: Sequence[float], castell_map: CastellMap | None = None) -> tuple[float, float]:
        m = castell_map or load_castell_map()
        s = self.map_scale(m)
        ox, oy = self.to_screen((0, 0), m)
        return ((point[0] - ox) / s, (point[1] - oy) / s)

    # --- the skill wheel ---------------------------------------------------------------------------
    @property
    def wheel_centre(self) -> tuple[float, float]:
        return (self.wheel_rect.centerx, self.wheel_rect.centery)

    def ring_rect(self, position: int, count: int = 8) -> pygame.Rect:
        """The board skill tile at ring position `position` (0 north, clockwise)."""
        x, y = polar(self.wheel_centre, RING_RADIUS, position / count)
        rect = pygame.Rect(0, 0, *RING_TILE)
        rect.center = (round(x), round(y))
        return rect

    # --- the festival calendar ------------------------------------------------------------------
    def calendar_columns(self, rounds: Sequence[int]) -> dict[int, pygame.Rect]:
        """One column per festival round, left to right, under the calendar's heading."""
        area = self.calendar_rect
        inner = pygame.Rect(area.x + 8, area.y + 26, area.width - 16, area.height - 32)
        width = (inner.width - 4 * (len(rounds) - 1)) // max(1, len(rounds))
        return {rnd: pygame.Rect(inner.x + i * (width + 4), inner.y, width, inner.height)
                for i, rnd in enumerate(rounds)}

    def festival_rects(self, calendar: Sequence[tuple[int, str]]) -> dict[str, pygame.Rect]:
        """Each festival's banner (by festival tile id) from (round, id) in calendar order."""
        rounds = sorted({rnd for rnd, _ in calendar})
        columns = self.calendar_columns(rounds)
        placed: dict[int, int] = {}
        most = max((sum(1 for r, _ in calendar if r == rnd) for rnd in rounds), default=1)
        rects = {}
        for rnd, tile in calendar:
            column = columns[rnd]
            slot = placed.get(rnd, 0)
            placed[rnd] = slot + 1
            height = min(110, (column.height - 18 - 4 * (most - 1)) // most)
            rects[tile] = pygame.Rect(column.x, column.y + 18 + slot * (height + 4), column.width, height)
        return rects

    # --- the local performance rows -------------------------------------------------------------------
    def row_rects(self, count: int) -> list[pygame.Rect]:
        """One row per region (the data's order), under the rows' heading."""
        area = self.rows_rect
        gap = 4
        top = area.y + ROWS_HEADING
        height = (area.bottom - top - gap * (count - 1)) // max(1, count)
        return [pygame.Rect(area.x, top + i * (height + gap), area.width, height) for i in range(count)]

    def tile_rects(self, row: pygame.Rect, slots: int) -> list[pygame.Rect]:
        """The performance tiles' slots of a row, right of the region's name, left of the bounty."""
        right = row.right - BOUNTY_W - 4
        height = min(TILE_H, row.height - 8)
        return [pygame.Rect(right - (slots - i) * (TILE_W + 4), row.centery - height // 2, TILE_W, height)
                for i in range(slots)]

    def bounty_rect(self, row: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(row.right - BOUNTY_W - 2, row.y + 4, BOUNTY_W, row.height - 8)

    # --- the player boards, the tracks ------------------------------------------------------------
    def board_rects(self, count: int) -> list[pygame.Rect]:
        area = self.boards_rect
        gap = 6
        height = min(150, (area.height - gap * (count - 1)) // max(1, count))
        return [pygame.Rect(area.x, area.y + i * (height + gap), area.width, height) for i in range(count)]

    def log_rect(self, count: int) -> pygame.Rect:
        """The game log: the rest of the side column under `count` player boards."""
        top = self.board_rects(count)[-1].bottom + 6
        return pygame.Rect(self.boards_rect.x, top, self.boards_rect.width, self.panel_rect.bottom - top)

    def round_rects(self) -> list[pygame.Rect]:
        track = self.round_track
        step = track.width / ROUNDS
        return [pygame.Rect(round(track.x + i * step + (step - 30) / 2), track.y, 30, 30) for i in range(ROUNDS)]

    def score_position(self, score: int) -> tuple[float, float]:
        """Centre of a score's space on the score track (0..SCORE_SPAN, going round past it)."""
        track = self.score_track
        span = track.width - 40
        return (track.x + 20 + span * (score % SCORE_SPAN) / SCORE_SPAN, track.y + 34)


def polar(centre: tuple[float, float], radius: float, turn: float) -> tuple[float, float]:
    """A point `radius` from `centre` at `turn` (0..1) of a full circle clockwise from north."""
    angle = turn * 2 * math.pi
    return (centre[0] + radius * math.sin(angle), centre[1] - radius * math.cos(angle))
