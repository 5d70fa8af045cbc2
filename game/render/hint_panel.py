"""The Hint button in the top bar and the advisor's panel docked at the foot of the side column.

Why there: the panel belongs next to the offer of action cards its hints name, and the game log
makes room above it (layout.side_panels: in a window 800 units high the panel takes the log's
place, the tall log shows above it). Rows are hit boxes too: hovering one previews the plan on the
board, clicking plays it (the play scene does both).
"""
from __future__ import annotations

import pygame

from game.present.match_frame import DockedPlan, HintRow
from game.shell import layout
from game.shell.i18n import t
from game.render import draw, style

HEADER = 26
ROW_GAP = 3


def panel_rect() -> pygame.Rect:
    return layout.docked_rect("hint")


def row_rects(count: int) -> list[pygame.Rect]:
    rect = panel_rect()
    height = (rect.height - HEADER - 6 - ROW_GAP * (count - 1)) // max(1, count)
    return [pygame.Rect(rect.x + 6, rect.y + HEADER + i * (height + ROW_GAP), rect.width - 12, height)
            for i in range(count)]


def hint_button(surface: pygame.Surface, hover: tuple[int, int] | None, active: bool) -> None:
    rect = layout.current().hint_button
    style.button(surface, rect, t("button.hint"),
                 hover=bool(hover and rect.collidepoint(hover)), primary=active, size=14)


def hint_panel(surface: pygame.Surface, rows: list[HintRow], thinking: bool, failed: bool,
               hover: tuple[int, int] | None, pulse: float) -> None:
    """The panel: a thinking line while the advisor searches, then up to three rows, best first."""
    rect = panel_rect()
    style.panel(surface, rect, fill=style.PARCHMENT, border=style.GOLD, width=3)
    style.text(surface, t("hint.title"), (rect.x + 10, rect.y + 6), 13, style.INK, bold=True)
    if thinking or failed:
        message = t("hint.failed") if failed else t("hint.thinking")
        style.text(surface, message, rect.center, 15, style.INK_SOFT, bold=True, anchor="center")
        if thinking:
            for i in range(3):
                lit = 0.6 + 0.6 * (1.0 if int(pulse * 3) % 3 == i else 0.0)
                draw.circle(surface, style.shade(style.GOLD, lit), (rect.centerx - 9 + i * 9, rect.centery + 20), 3)
        return
    hovered_row: tuple[int, HintRow] | None = None
    for i, (box, row) in enumerate(zip(row_rects(len(rows)), rows)):
        hovered = bool(hover and box.collidepoint(hover))
        draw.rect(surface, style.PARCHMENT_DARK if hovered else style.shade(style.PARCHMENT, 1.04), box,
                  border_radius=6)
        draw.rect(surface, style.GOLD if i == 0 else style.INK_SOFT, box, 2 if i == 0 else 1, border_radius=6)
        gain_w = int(style.text_width(row.gain, 12, True)) + 14
        whole = f"{i + 1}. {row.plan}"
        title, title_size = fitted(whole, box.width - gain_w - 16, 13, True)
        style.text(surface, title, (box.x + 8, box.y + 3), title_size, style.INK, bold=True)
        style.text(surface, row.gain, (box.right - 8, box.y + 3), 12,
                   style.shade(style.GOLD, 0.8) if i == 0 else style.DANGER, bold=True, anchor="topright")
        reason, size = fitted(row.reason, box.width - 28, 12, False)
        style.text(surface, reason, (box.x + 20, box.bottom - 3), size, style.INK_SOFT, anchor="bottomleft")
        cut = (title, title_size, reason, size) != (whole, 13, row.reason, 12)
        if hovered and cut:             # the row in full only when it was cut or shrunk
            hovered_row = (i, row)
    if hovered_row is not None:
        row_detail(surface, *hovered_row)


def row_detail(surface: pygame.Surface, number: int, row: HintRow) -> None:
    """The hovered hint in full above the panel: the whole plan and its reason wrapped, so a plan
    cut short in its row (a long turn at 1366×768) is read to its last step. A row shown whole
    gets none: the box would only hide the action cards above the panel."""
    rect = panel_rect()
    width = rect.width - 12
    plan = style.wrap(f"{number + 1}. {row.plan}", width - 20, 13, True)
    reason = style.wrap(row.reason, width - 20, 12)
    height = 14 + 17 * len(plan) + 16 * len(reason)
    box = pygame.Rect(rect.x + 6, rect.y - height - 4, width, height)
    style.panel(surface, box, fill=style.PARCHMENT, border=style.GOLD, width=2, radius=8)
    y = box.y + 6
    for line in plan:
        style.text(surface, line, (box.x + 10, y), 13, style.INK, bold=True)
        y += 17
    for line in reason:
        style.text(surface, line, (box.x + 10, y), 12, style.INK_SOFT)
        y += 16


def plan_panel(surface: pygame.Surface, docked: DockedPlan, pulse: float) -> None:
    """The docked plan: which hint and step, the whole plan wrapped, the next step pulsing (a click
    on the panel plays it; the board shows the steps to come as ghosts)."""
    rect = panel_rect()
    style.panel(surface, rect, fill=style.PARCHMENT, border=style.shade(style.GOLD, 0.8 + 0.4 * pulse), width=3)
    heading, size = fitted(docked.heading, rect.width - 20, 13, True)
    style.text(surface, heading, (rect.x + 10, rect.y + 6), size, style.INK, bold=True)
    step = pygame.Rect(rect.x + 6, rect.bottom - 34, rect.width - 12, 28)
    body = pygame.Rect(rect.x + 10, rect.y + HEADER, rect.width - 20, step.y - rect.y - HEADER - 2)
    size = 13
    while size > 10 and len(style.wrap(docked.plan, body.width, size)) * (size + 3) > body.height:
        size -= 1
    style.paragraph(surface, docked.plan, body, size, style.INK_SOFT, spacing=3,
                    max_lines=max(1, body.height // (size + 3)))
    draw.rect(surface, style.shade(style.GOLD, 0.9 + 0.3 * pulse), step, border_radius=6)
    label, size = fitted(docked.step, step.width - 16, 14, True)
    style.text(surface, label, step.center, size, style.INK, bold=True, anchor="center")


def fitted(value: str, width: int, size: int, bold: bool) -> tuple[str, int]:
    """Text for one line of `width`: a size or two smaller, then cut with an ellipsis."""
    size = style.fit_size(value, width, size, bold, minimum=size - 2)
    while style.text_width(value, size, bold) > width and len(value) > 3:
        value = value[:-2] + "…"
    return value, size
