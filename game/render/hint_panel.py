"""The Hint button in the top bar and the advisor's panel docked at the foot of the side column.

Why there: the panel belongs next to the offer of action cards its hints name, and the game log
makes room above it (layout.side_panels: in a window 800 units high the panel takes the log's
place, the tall log shows above it). Rows are hit boxes too: hovering one previews the plan on the
board, clicking plays it (the play scene does both).
"""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.present.match_frame import DockedPlan, HintRow
from game.shell import layout
from game.shell.i18n import t
from game.render import draw, style

HEADER = 26
ROW_GAP = 3
TITLE, REASON = 13, 12      # a row's plan (bold) and its reason, wrapped whole (never cut with "…")
PAD = 4


def panel_rect(rows: Sequence[HintRow] = ()) -> pygame.Rect:
    """The docked panel, as tall as its rows need (at least its usual height)."""
    return layout.docked_rect("hint", panel_height(rows))


def panel_height(rows: Sequence[HintRow]) -> int:
    """What the rows need wrapped whole: the header, each row, the gaps and a margin."""
    width = layout.docked_rect("hint").width - 12
    return HEADER + sum(row_height(row, width, i + 1) for i, row in enumerate(rows)) + \
        ROW_GAP * max(0, len(rows) - 1) + 6


def row_lines(row: HintRow, width: int, number: int = 1) -> tuple[list[str], list[str]]:
    """A row's plan (numbered, beside its gain tag) and reason, wrapped to the row's width."""
    gain_w = int(style.text_width(row.gain, 12, True)) + 14
    return (style.wrap(f"{number}. {row.plan}", width - gain_w - 16, TITLE, True),
            style.wrap(row.reason, width - 28, REASON))


def row_height(row: HintRow, width: int, number: int) -> int:
    plan, reason = row_lines(row, width, number)
    return round(2 * PAD + len(plan) * style.line_height(TITLE, True) + len(reason) * style.line_height(REASON))


def row_rects(rows: Sequence[HintRow]) -> list[pygame.Rect]:
    """The rows' hit boxes, best first, each as tall as its words."""
    rect = panel_rect(rows)
    out, y = [], rect.y + HEADER
    for i, row in enumerate(rows):
        height = row_height(row, rect.width - 12, i + 1)
        out.append(pygame.Rect(rect.x + 6, y, rect.width - 12, height))
        y += height + ROW_GAP
    return out


def hint_button(surface: pygame.Surface, hover: tuple[int, int] | None, active: bool) -> None:
    rect = layout.current().hint_button
    style.button(surface, rect, t("button.hint"),
                 hover=bool(hover and rect.collidepoint(hover)), primary=active, size=14)


def hint_panel(surface: pygame.Surface, rows: list[HintRow], thinking: bool, failed: bool,
               hover: tuple[int, int] | None, pulse: float) -> None:
    """The panel: a thinking line while the advisor searches, then up to three rows, best first,
    each with its plan and its reason whole."""
    rect = panel_rect(rows)
    style.panel(surface, rect, fill=style.PARCHMENT, border=style.GOLD, width=3)
    title = t("hint.title")
    style.text(surface, title, (rect.x + 10, rect.y + 6), style.fit_size(title, rect.width - 20, 13, True, minimum=6), style.INK,
               bold=True)
    if thinking or failed:
        message = t("hint.failed") if failed else t("hint.thinking")
        style.text(surface, message, rect.center, 15, style.INK_SOFT, bold=True, anchor="center")
        if thinking:
            for i in range(3):
                lit = 0.6 + 0.6 * (1.0 if int(pulse * 3) % 3 == i else 0.0)
                draw.circle(surface, style.shade(style.GOLD, lit), (rect.centerx - 9 + i * 9, rect.centery + 20), 3)
        return
    for i, (box, row) in enumerate(zip(row_rects(rows), rows)):
        hovered = bool(hover and box.collidepoint(hover))
        draw.rect(surface, style.PARCHMENT_DARK if hovered else style.shade(style.PARCHMENT, 1.04), box,
                  border_radius=6)
        draw.rect(surface, style.GOLD if i == 0 else style.INK_SOFT, box, 2 if i == 0 else 1, border_radius=6)
        plan, reason = row_lines(row, box.width, i + 1)
        y: float = box.y + PAD
        for line in plan:
            style.text(surface, line, (box.x + 8, y), TITLE, style.INK, bold=True)
            y += style.line_height(TITLE, True)
        style.text(surface, row.gain, (box.right - 8, box.y + PAD), 12,
                   style.shade(style.GOLD, 0.8) if i == 0 else style.DANGER, bold=True, anchor="topright")
        for line in reason:
            style.text(surface, line, (box.x + 20, y), REASON, style.INK_SOFT)
            y += style.line_height(REASON)


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
