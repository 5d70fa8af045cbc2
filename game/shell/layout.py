"""Where everything sits, computed from the window's size; the single source for drawing and hit-tests.

Why one module: renderers draw at these rectangles and the input side (and the scripted-player
tests) click at them, so a layout change can never make a click miss what is drawn.

Rectangles are in UI units: one unit is `scale` window pixels, where `scale` fits the 1280x800
design into the window. The shorter side of the window is exactly 800 (or 1280) units; the longer
one gets the extra units, which the play layout gives to the side panels (a wide window) or below
the map (a tall one), and the menus stay centred in `frame`. Drawing turns units into pixels at
draw time (game.render.draw), so everything is drawn at the window's real resolution.

`layout.current()` is the layout `use()` last set for the window: read it at draw and hit-test
time (`layout.current().map_rect`), never keep it, since a resize replaces it. Its rectangles are
shared: copy one before changing it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.shell.mapdata import MapData, load_map, point_in_polygon

DESIGN = (1280, 800)          # the composition every layout is fitted from, in UI units
LOGICAL = DESIGN              # the default window size, in pixels
MINIMUM = (1024, 640)         # below this the window asks to be enlarged
MAP_SCALE = 0.84              # map canvas (levels/map.yaml) -> UI units
MAP_SIZE = (840, 689)
SIDE_MAX_EXTRA = 200          # a wide window widens the side panels this much at most, then centres

CASTILLO_HIT = pygame.Rect(0, 0, 84, 104)
SCOREBOARD_SPOTS = {"8-4-0": (120, 690), "4-0-0": (200, 690)}  # map coords when off the board


@dataclass(frozen=True)
class Layout:
    """Every rectangle of the screen for one window size (pixels), in UI units."""
    window: tuple[int, int]
    scale: float
    width: int
    height: int
    frame: pygame.Rect = field(compare=False)       # the centred 1280x800 area menus are composed in
    top_bar: pygame.Rect = field(compare=False)
    map_rect: pygame.Rect = field(compare=False)
    prompt_rect: pygame.Rect = field(compare=False)
    choice_row: pygame.Rect = field(compare=False)
    undo_button: pygame.Rect = field(compare=False)
    hand_choice_row: pygame.Rect = field(compare=False)    # power cards: Confirm sits above the hand
    hand_undo_button: pygame.Rect = field(compare=False)
    hand_row: pygame.Rect = field(compare=False)    # the human's power cards, above the success track
    hand_plate: pygame.Rect = field(compare=False)  # below the off-board scoreboards, above the track
    track_rect: pygame.Rect = field(compare=False)
    side: pygame.Rect = field(compare=False)
    players_rect: pygame.Rect = field(compare=False)
    cards_rect: pygame.Rect = field(compare=False)
    log_rect: pygame.Rect = field(compare=False)
    log_expanded: pygame.Rect = field(compare=False)   # the log grown over the action cards (L)
    menu_button: pygame.Rect = field(compare=False)
    help_button: pygame.Rect = field(compare=False)
    hint_button: pygame.Rect = field(compare=False)
    round_track: pygame.Rect = field(compare=False)

    @classmethod
    def for_window(cls, size: tuple[int, int]) -> Layout:
        window = (max(1, int(size[0])), max(1, int(size[1])))
        scale = min(window[0] / DESIGN[0], window[1] / DESIGN[1])
        width = max(DESIGN[0], int(window[0] / scale))
        height = max(DESIGN[1], int(window[1] / scale))
        extra_w, extra_h = width - DESIGN[0], height - DESIGN[1]
        side_w = 416 + min(extra_w, SIDE_MAX_EXTRA)
        left = (width - (8 + MAP_SIZE[0] + 8 + side_w + 8)) // 2 + 8   # map and side centred together
        map_rect = pygame.Rect(left, 44, *MAP_SIZE)
        bottom = 688 + extra_h                                           # the choice row's top
        side = pygame.Rect(map_rect.right + 8, 44, side_w, 752 + extra_h)
        return cls(
            window=window, scale=scale, width=width, height=height,
            frame=pygame.Rect(extra_w // 2, extra_h // 2, *DESIGN),
            top_bar=pygame.Rect(0, 0, width, 40),
            map_rect=map_rect,
            prompt_rect=pygame.Rect(left + 8, 50, MAP_SIZE[0] - 16, 34),
            choice_row=pygame.Rect(left + 128, bottom, 704, 40),
            undo_button=pygame.Rect(left + 8, bottom, 110, 40),
            hand_choice_row=pygame.Rect(left + 128, bottom - 92, 704, 40),
            hand_undo_button=pygame.Rect(left + 300, bottom - 92, 110, 40),   # beside Confirm, over the sea
            hand_row=pygame.Rect(left + 16, bottom - 16, 808, 62),     # a lifted card stays under the header
            hand_plate=pygame.Rect(left - 2, bottom - 48, 844, 96),
            track_rect=pygame.Rect(left, bottom + 50, MAP_SIZE[0], 58),
            side=side,
            players_rect=pygame.Rect(side.x, 44, side_w, 321),     # five panels with their power cards
            cards_rect=pygame.Rect(side.x, 371, side_w, 279),
            log_rect=pygame.Rect(side.x, 656, side_w, side.bottom - 656),
            log_expanded=pygame.Rect(side.x, 371, side_w, side.bottom - 371),
            menu_button=pygame.Rect(width - 100, 6, 92, 28),
            help_button=pygame.Rect(width - 198, 6, 92, 28),
            hint_button=pygame.Rect(width - 296, 6, 92, 28),
            round_track=pygame.Rect(left + 292, 6, 420, 28),
        )

    @property
    def too_small(self) -> bool:
        return self.window[0] < MINIMUM[0] or self.window[1] < MINIMUM[1]

    @property
    def map_origin(self) -> tuple[int, int]:
        return self.map_rect.topleft

    def in_frame(self, x: int, y: int, w: int, h: int) -> pygame.Rect:
        """A rectangle given in the 1280x800 design, placed in the centred frame."""
        return pygame.Rect(self.frame.x + x, self.frame.y + y, w, h)


_current = Layout.for_window(DESIGN)


def current() -> Layout:
    """The layout of the window as it is now (replaced by `use()` on a resize)."""
    return _current


def use(size: tuple[int, int]) -> Layout:
    """Make the layout for a window of `size` pixels current (cheap when the size is unchanged)."""
    global _current
    if _current.window != (int(size[0]), int(size[1])):
        _current = Layout.for_window(size)
    return _current


def in_frame(x: int, y: int, w: int, h: int) -> pygame.Rect:
    """A rectangle of the 1280x800 design composition, centred in the current window."""
    return _current.in_frame(x, y, w, h)


def to_screen(point: tuple[float, float]) -> tuple[float, float]:
    """Map canvas coordinates (levels/map.yaml) to UI units."""
    ox, oy = _current.map_origin
    return (ox + point[0] * MAP_SCALE, oy + point[1] * MAP_SCALE)


def to_board(point: tuple[float, float]) -> tuple[float, float]:
    """UI units -> board coordinates, relative to the map's top-left corner. Pieces in flight are
    kept in these: the map, the Castillo and the player panels stay where they are relative to
    that corner at any window size (only the corner moves), so a resize mid-flight keeps every
    flight on course to where its piece lands now."""
    ox, oy = _current.map_origin
    return (point[0] - ox, point[1] - oy)


def from_board(point: tuple[float, float]) -> tuple[float, float]:
    """Board coordinates -> UI units in the current layout."""
    ox, oy = _current.map_origin
    return (point[0] + ox, point[1] + oy)


def to_map(point: tuple[float, float]) -> tuple[float, float]:
    ox, oy = _current.map_origin
    return ((point[0] - ox) / MAP_SCALE, (point[1] - oy) / MAP_SCALE)


def castillo_rect(data: MapData | None = None) -> pygame.Rect:
    """The clickable Castillo tower, centred on its map anchor."""
    data = data or load_map()
    rect = CASTILLO_HIT.copy()
    rect.center = tuple(int(v) for v in to_screen(data.castillo))
    return rect


def area_at(pos: tuple[float, float], data: MapData | None = None) -> str | None:
    """The region id or "castillo" under a position in UI units, else None."""
    data = data or load_map()
    if castillo_rect(data).collidepoint(pos):
        return "castillo"
    mx, my = to_map(pos)
    for rid, shape in data.regions.items():
        if point_in_polygon(mx, my, shape.polygon):
            return rid
    return None


def area_point(area: str, data: MapData | None = None) -> tuple[int, int]:
    """A safe point inside an area to click at (label anchor / Castillo centre)."""
    data = data or load_map()
    if area == "castillo":
        return castillo_rect(data).center
    x, y = to_screen(data.regions[area].pieces)
    return (int(x), int(y) - 12)


def area_anchor(area: str, data: MapData | None = None) -> tuple[float, float]:
    """Where flying Caballeros land in an area."""
    data = data or load_map()
    if area == "castillo":
        return castillo_rect(data).center
    x, y = to_screen(data.regions[area].pieces)
    return (x, y - 10)


DOCK_HEIGHTS = {"hint": 140,     # the advisor's panel: a title line and three hints of two lines
                "lesson": 140}   # the Learn to play panel: a title, three lines of text, the buttons
LOG_MIN = 80           # a log shorter than this (header and about three lines) is not shown
PANEL_GAP = 6


@dataclass(frozen=True)
class SidePanels:
    """The foot of the side column for what is shown now, stacked so that nothing covers anything:
    the action cards (none under the tall log), the game log, and the docked panel at the bottom.
    `log` is None when the docked panel leaves it no room (in a window 800 units high the panel
    takes the log's place; L, the tall log, brings it back above the panel)."""
    cards: pygame.Rect | None
    log: pygame.Rect | None
    docked: pygame.Rect | None

    def shown(self) -> list[pygame.Rect]:
        return [r for r in (self.cards, self.log, self.docked) if r is not None]


def side_panels(tall_log: bool = False, dock: str | None = None, here: Layout | None = None,
                dock_height: int = 0) -> SidePanels:
    """Where the log and the docked panel (`dock`: "hint", "lesson" or None) go in a layout (the
    current one by default); `dock_height`: what the docked panel's words need, when more than its
    usual height (the hints' reasons wrapped whole)."""
    here = here or _current
    side = here.side
    bottom = side.bottom
    docked = None
    if dock is not None:
        height = max(DOCK_HEIGHTS[dock], dock_height)
        docked = pygame.Rect(side.x, bottom - height, side.width, height)
        bottom = docked.y - PANEL_GAP
    top = here.log_expanded.y if tall_log else here.log_rect.y
    log = pygame.Rect(side.x, top, side.width, bottom - top)
    return SidePanels(None if tall_log else here.cards_rect, log if log.height >= LOG_MIN else None, docked)


def docked_rect(dock: str, height: int = 0) -> pygame.Rect:
    """The docked panel `dock` in the current layout (at least `height` tall)."""
    rect = side_panels(dock=dock, dock_height=height).docked
    assert rect is not None
    return rect


def player_rects(count: int) -> list[pygame.Rect]:
    area = _current.players_rect
    gap = 4
    height = min(70, (area.height - gap * (count - 1)) // max(count, 1))
    return [pygame.Rect(area.x, area.y + i * (height + gap), area.width, height) for i in range(count)]


def card_rects(count: int = 5) -> list[pygame.Rect]:
    area = _current.cards_rect
    top = area.y + 21      # under the "Action cards" heading; strips tall enough for two lines of effect
    gap = 4
    height = (area.bottom - top - gap * (count - 1)) // max(count, 1)
    return [pygame.Rect(area.x, top + i * (height + gap), area.width, height) for i in range(count)]


def hand_rects(count: int = 13) -> list[pygame.Rect]:
    """The 13 power cards of the hand, centred in the hand row."""
    row = _current.hand_row
    width, gap = 56, 6
    total = count * width + (count - 1) * gap
    left = row.centerx - total // 2
    return [pygame.Rect(left + i * (width + gap), row.y, width, row.height) for i in range(count)]


def choice_rects(widths: list[int], row: pygame.Rect | None = None) -> list[pygame.Rect]:
    """Buttons centred in a choice row (the map's, unless given), each as wide as its label needs."""
    row = row or _current.choice_row
    gap = 10
    total = sum(widths) + gap * (len(widths) - 1)
    x = row.centerx - total // 2
    rects = []
    for w in widths:
        rects.append(pygame.Rect(x, row.y, w, row.height))
        x += w + gap
    return rects


def track_position(score: int) -> tuple[int, int]:
    """Centre of a score's space on the success track (0..130, wrapping past 130)."""
    track = _current.track_rect
    span = track.width - 40
    score = score % 131
    return (track.x + 20 + int(span * score / 130), track.y + 36)


def menu_rects(count: int, top: int = 300, width: int = 320, height: int = 48) -> list[pygame.Rect]:
    """A centred vertical list of menu buttons (title and pause menus); `top` in the design frame."""
    gap = 12
    return [in_frame(DESIGN[0] // 2 - width // 2, top + i * (height + gap), width, height) for i in range(count)]


def end_table_rect() -> pygame.Rect:
    """Game over: the scores table, left of the chart (design frame)."""
    return in_frame(30, 148, 790, 512)


def end_chart_rect() -> pygame.Rect:
    """Game over: the points-per-round chart beside the table (design frame)."""
    return in_frame(836, 148, 414, 512)
