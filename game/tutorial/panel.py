"""The lesson panel both games' lessons draw: a title with the step number, the step's text, and
a footer with Continue or a hint; and the outlined frame a step's pulse is drawn with.

Why shared: El Grande's lesson (game/scenes/tutorial.py) and Castell's
(game/scenes/castell_lesson.py) dock the same panel in their own tables; only where it docks and
how many lines of text it holds differ.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.render import draw, style
from game.shell.i18n import t
from game.tutorial.course import StepCursor

TEXT_SIZE = 15
PAD = 12
HINT_INK = style.INK_SOFT
NUDGE_INK = (150, 82, 16)     # a warm amber: a hint to follow, not an error


def text_box(panel: pygame.Rect, lines: int = 3) -> pygame.Rect:
    """Where the step's text goes: under the title line, above the button row."""
    extra = round((lines - 3) * style.line_height(TEXT_SIZE))
    return pygame.Rect(panel.x + PAD, panel.y + 30, panel.width - 2 * PAD, 62 + extra)


def continue_button(panel: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(panel.right - PAD - 150, panel.bottom - 44, 150, 34)


def log_button(panel: pygame.Rect) -> pygame.Rect:
    """The lesson's own log, opened above the panel (El Grande's lesson: the tall log; L does the same)."""
    width = int(style.text_width(t("tutorial.log"), 12, True)) + 18
    return pygame.Rect(panel.right - PAD - width, panel.y + 6, width, 20)


def fits(text: str, width: int, lines: int = 3) -> bool:
    """At most `lines` lines at the panel's text width (every step and notice must)."""
    return len(style.wrap(text, width, TEXT_SIZE)) <= lines


def outlined_frame(surface: pygame.Surface, frame: pygame.Rect, colour: tuple[int, int, int], width: int) -> None:
    """A rounded frame with a dark edge, so it reads on a light board and the dark wood alike."""
    draw.rect(surface, style.WOOD_DARK, frame, width + 3, border_radius=10)
    draw.rect(surface, colour, frame, width, border_radius=10)


@dataclass(frozen=True)
class PanelText:
    """What the panel says: its title, the step number, the step's text, the footer's hint (and
    its ink), Continue's label when the step waits for it (None: no button), and the Log button's
    state (None: no Log button; True: the log is open)."""
    title: str
    number: str
    text: str
    hint: str
    ink: tuple[int, int, int] = HINT_INK
    button: str | None = None
    log: bool | None = None


def footer(cursor: StepCursor, total: int, can_continue: bool, my_turn: bool,
           summary_up: bool = False) -> tuple[str, tuple[int, int, int], str | None]:
    """The panel's foot for where the lesson stands: its hint, the hint's ink, and Continue's
    label (Finish on the last step) when the step can go on (None: no button). `summary_up`: a
    scoring's table waits to be closed (El Grande's)."""
    if can_continue:
        last = cursor.index + 1 == total
        return t("tutorial.hint_continue"), HINT_INK, t("tutorial.finish") if last else t("tutorial.continue")
    if cursor.nudge:
        return cursor.nudge, NUDGE_INK, None
    if summary_up:
        hint = t("tutorial.hint_summary")
    elif cursor.needs_continue:
        hint = t("tutorial.hint_wait")
    else:
        hint = t("tutorial.hint_move") if my_turn else t("tutorial.hint_watch")
    return hint, HINT_INK, None


def paint_panel(surface: pygame.Surface, panel: pygame.Rect, words: PanelText, lines: int = 3,
                hover: tuple[int, int] | None = None) -> None:
    style.panel(surface, panel, fill=(252, 244, 220), border=style.GOLD, width=3, radius=12)
    right = panel.right - PAD
    if words.log is not None:
        log = log_button(panel)
        style.button(surface, log, t("tutorial.log"), hover=bool(hover and log.collidepoint(hover)), primary=words.log,
                     size=12)
        right = log.x - 8
    number_rect = style.text(surface, words.number, (right, panel.y + 8), 12, style.INK_SOFT, bold=True,
                             anchor="topright")
    room = number_rect.x - panel.x - 2 * PAD
    style.text(surface, words.title, (panel.x + PAD, panel.y + 7), style.fit_size(words.title, room, 15, True, "serif"),
               style.INK, bold=True, face="serif")
    style.paragraph(surface, words.text, text_box(panel, lines), TEXT_SIZE, style.INK, max_lines=lines)
    footer = pygame.Rect(panel.x + PAD, panel.bottom - 44, panel.width - 2 * PAD, 34)
    if words.button is not None:
        button = continue_button(panel)
        style.button(surface, button, words.button, primary=True, hover=bool(hover and button.collidepoint(hover)),
                     size=16)
        footer.width = button.x - footer.x - 8
    style.paragraph(surface, words.hint, footer, 12, words.ink, bold=True, max_lines=2)
