"""The game log panel: every line of the game, scrolled by wheel, drag or PgUp/PgDn, expandable.

Why a widget with its own state: the scroll position must survive new lines arriving (it follows
the end only while it is at the end). The replay viewer, whose lines are its moves (clickable, the
current one kept in view), takes the panel, its tall mode and the L key from here (`place`,
`toggles`, `draw_frame`) and lays out its own rows.
Lines are handed in already worded in the current language, so a language switch redraws them all.
Where the panel sits is the layout's: in a play scene, the foot of the side column above the
panels docked there (hints, the lesson), which never cover it (layout.side_panels).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from game.shell import input as inp
from game.shell import layout
from game.shell.i18n import t
from game.render import draw, style

LINE_SIZE = 12
HEADER = 24
SCROLLBAR = 6


@lru_cache(maxsize=8192)
def _wrap(line: str, width: int, scale: float, font_px: int) -> tuple[str, ...]:
    """One log line wrapped to the panel (cached: a long game's log is wrapped once, not every
    frame; the scale and the font's pixel size are part of the key because text widths depend
    on them)."""
    return tuple(style.wrap(line, width, LINE_SIZE))


Placement = Callable[[bool], "pygame.Rect | None"]   # expanded? -> the panel, None when there is no room


class LogView:
    """Scroll state of one log panel. `first` is the first wrapped line shown; None follows the end.
    `place` puts the panel (normal or tall) for another scene than the play scenes."""

    def __init__(self, place: Placement | None = None) -> None:
        self.place = place
        self.dock: str | None = None     # the panel docked under the log: "hint", "lesson" or None
        self.dock_height = 0             # what that panel's words need beyond its usual height
        self.expanded = False
        self.first: int | None = None
        self.total = 0
        self._drag: tuple[int, int] | None = None   # (pointer y, first line) when the drag began
        self.hover = False
        self._prompt: str | None = None              # the prompt `follow` saw last

    @property
    def shown_rect(self) -> pygame.Rect | None:
        """The panel in the current layout (it follows the window size); None when the panels
        docked below leave it no room (L, the tall log, brings it back)."""
        if self.place is not None:
            return self.place(self.expanded)
        return layout.side_panels(self.expanded, self.dock, dock_height=self.dock_height).log

    @property
    def rect(self) -> pygame.Rect:
        """The panel, or an empty rectangle where it is not shown (nothing collides with it)."""
        return self.shown_rect or pygame.Rect(layout.current().side.x, layout.current().side.bottom, 0, 0)

    @property
    def toggle_rect(self) -> pygame.Rect:
        """The expand / shrink button in the panel's header."""
        if self.shown_rect is None:
            return pygame.Rect(0, 0, 0, 0)
        return pygame.Rect(self.rect.right - 30, self.rect.y + 4, 24, 18)

    @property
    def line_height(self) -> float:
        return style.line_height(LINE_SIZE)

    @property
    def room(self) -> int:
        """Wrapped lines that fit in the panel."""
        return max(1, int((self.rect.height - HEADER - 6) // self.line_height))

    @property
    def top(self) -> int:
        """The first wrapped line on screen now."""
        last = max(0, self.total - self.room)
        return last if self.first is None else max(0, min(self.first, last))

    def scroll(self, lines: int) -> None:
        """Move the view by `lines` wrapped lines (negative: back in time); back at the end it follows."""
        last = max(0, self.total - self.room)
        first = max(0, min(last, self.top + lines))
        self.first = None if first >= last else first

    def follow(self, prompt: str) -> None:
        """A new prompt brings the log back to its newest line: the player had scrolled back to
        read, and the game has moved on to a decision the newest lines explain."""
        if prompt != self._prompt:
            self._prompt = prompt
            self.first = None

    def toggles(self, intent: inp.Intent) -> bool:
        """L or the header's button: the tall log on or off; True if that is what `intent` was."""
        if intent.kind == inp.Kind.LOG or (intent.kind == inp.Kind.CLICK and self.toggle_rect.collidepoint(intent.pos)):
            self.expanded = not self.expanded
            return True
        return False

    def handle(self, intent: inp.Intent) -> bool:
        """Wheel over the panel, drag inside it, PgUp/PgDn, L or the header button; True if consumed."""
        kind = intent.kind
        if kind == inp.Kind.HOVER:
            self.hover = self.rect.collidepoint(intent.pos)
            return False
        if self.toggles(intent):
            return True
        if kind == inp.Kind.SCROLL and self.hover:
            self.scroll(-3 * intent.key)
        elif kind in (inp.Kind.PAGE_UP, inp.Kind.PAGE_DOWN):
            self.scroll((self.room - 1) * (-1 if kind == inp.Kind.PAGE_UP else 1))
        elif kind == inp.Kind.CLICK and self.rect.collidepoint(intent.pos):
            self._drag = (intent.pos[1], self.top)
        elif kind == inp.Kind.DRAG and self._drag:
            start_y, start_first = self._drag
            self.first = start_first
            self.scroll(int((start_y - intent.pos[1]) // self.line_height))
        elif kind == inp.Kind.RELEASE and self._drag:
            self._drag = None
        else:
            return False
        return True

    def wrapped(self, lines: list[str]) -> list[str]:
        width = self.rect.width - 20 - SCROLLBAR
        return [part for line in lines for part in _wrap(line, width, draw.scale(), style.font_px(LINE_SIZE))]

    def visible(self, lines: list[str]) -> list[str]:
        """The wrapped lines on screen now (what `draw` writes)."""
        wrapped = self.wrapped(lines)
        self.total = len(wrapped)
        return wrapped[self.top:self.top + self.room]

    def draw_frame(self, surface: pygame.Surface, note: str = "") -> pygame.Rect | None:
        """The panel, its title, `note` beside the tall-log button, and the button; the rect
        drawn (None when the log has no room now)."""
        rect = self.shown_rect
        if rect is None:
            return None
        style.panel(surface, rect)
        style.text(surface, t("hud.log"), (rect.x + 10, rect.y + 6), 12, style.INK_SOFT, bold=True)
        if note:
            style.text(surface, note, (self.toggle_rect.x - 8, rect.y + 7), 11, style.INK_SOFT, anchor="topright")
        style.button(surface, self.toggle_rect, "▾" if self.expanded else "▴", size=12)
        return rect

    def draw(self, surface: pygame.Surface, lines: list[str]) -> None:
        shown = self.visible(lines)
        note = t("hud.log_position", line=self.top + 1, total=self.total) if self.first is not None else ""
        rect = self.draw_frame(surface, note)
        if rect is None:
            return
        y: float = rect.y + HEADER
        for line in shown:
            style.text(surface, line, (rect.x + 10, y), LINE_SIZE, style.INK)
            y += self.line_height
        self._draw_scrollbar(surface)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.total <= self.room:
            return
        track = pygame.Rect(self.rect.right - SCROLLBAR - 5, self.rect.y + HEADER, SCROLLBAR,
                            self.rect.height - HEADER - 8)
        draw.rect(surface, style.PARCHMENT_DARK, track, border_radius=3)
        height = max(16, track.height * self.room // self.total)
        y = track.y + (track.height - height) * self.top // max(1, self.total - self.room)
        draw.rect(surface, style.INK_SOFT, (track.x, y, SCROLLBAR, height), border_radius=3)
