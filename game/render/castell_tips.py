"""A Castell tooltip (game/present/castell_tips.py `Tip`) placed and painted beside what it is about.

Why placement lives here: the tooltip must never cover the hovered thing nor the prompt and the
buttons the player needs, and must stay in the window at every size; those are rectangles of the
table's layout, so the same function places the tooltip for the painter and for the tests. Its
text follows the UI scale (it is read, not packed into the board) and wraps, never cut.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine.castell import View
from game.present.castell_look import Target
from game.present.castell_screen import Frame
from game.present.castell_tips import BAD, GOOD, SOFT, Line, Tip
from game.render import draw, pieces, style
from game.render.castell_board import casteller_feet, pawn_feet
from game.render.castell_overlays import frame_buttons
from game.render.castell_pieces import casteller_size
from game.render.castell_table import seat_colours
from game.render.castell_tiles import tile_slots
from game.shell.castell_layout import CastellLayout

WIDTH = 318                  # units at 100% text; grows with the UI scale
PAD = 10
GAP = 10                     # between the tooltip and its target
CHIP = 12
BODY, KICKER, TITLE = 13, 11, 16
FILL = (252, 244, 220)
INKS = {SOFT: style.INK_SOFT, GOOD: (34, 102, 44), BAD: (160, 40, 30)}


def target_rect(layout: CastellLayout, view: View, target: Target) -> pygame.Rect | None:
    """Where the hovered thing is drawn (the tooltip keeps clear of it)."""
    if target.kind == "tile":
        return tile_slots(layout, view).get(target.key)
    if target.kind == "festival":
        return layout.festival_rects([(f.round, f.id) for f in view.calendar]).get(target.key)
    if target.kind == "skill":
        return layout.ring_rect(target.index, len(view.ring))
    if target.kind == "board":
        return layout.board_rects(view.n)[target.index]
    if target.kind == "round":
        return layout.round_rects()[target.index - 1]
    if target.kind == "bounty":
        return layout.bounty_rect(layout.row_rects(len(view.data.regions))[view.data.regions.index(target.key)])
    if target.kind == "casteller":          # the region's castellers and the pawns beside them
        region = view.data.regions.index(target.key)
        rects = [pygame.Rect(round(x - w / 2), round(y - h), round(w), round(h))
                 for size, (x, y) in casteller_feet(layout, view, region) for w, h in (casteller_size(size, 0.9),)]
        rects += [pygame.Rect(round(x - 10), round(y - 26), 20, 32) for x, y in pawn_feet(layout, view, region)]
        return rects[0].unionall(rects[1:]) if rects else None
    return None


@dataclass(frozen=True)
class Laid:
    """A tooltip's lines wrapped to its width, and its size."""
    kicker: list[str]
    title: list[str]
    lines: list[tuple[Line, list[str]]]
    width: float
    height: float


def lay_out(tip: Tip) -> Laid:
    width = WIDTH * min(style.text_scale(), 1.5)
    inner = width - 2 * PAD
    kicker = style.wrap(tip.kicker, inner, KICKER, True)
    title = style.wrap(tip.title, inner, TITLE, True, "serif")
    lines = [(line, style.wrap(line.text, inner - (CHIP + 6 if line.seat >= 0 else 0), BODY, _bold(line)))
             for line in tip.lines]
    height = (PAD + len(kicker) * style.line_height(KICKER, True) + len(title) * style.line_height(TITLE, True, "serif")
              + 8 + sum(len(w) * style.line_height(BODY) + 4 for _, w in lines) + PAD - 4)
    return Laid(kicker, title, lines, width, height)


def _bold(line: Line) -> bool:
    return line.tone in (GOOD, BAD)


def avoided(layout: CastellLayout, frame: Frame) -> list[pygame.Rect]:
    """What a tooltip may never cover: the prompt plate, the buttons and what the frame keeps
    clear (a lesson's pointed target)."""
    return [layout.prompt_rect] + [rect for _, rect in frame_buttons(layout, frame)] + [pygame.Rect(r) for r in frame.clear]


def place(layout: CastellLayout, size: tuple[float, float], target: pygame.Rect,
          avoid: list[pygame.Rect]) -> pygame.Rect:
    """Right of the target, else left, below or above it, kept in the window and clear of the
    target and of `avoid` (a place that meets one of them slides down past it); failing all, the
    place that covers least of them."""
    window = pygame.Rect(0, 0, layout.width, layout.height).inflate(-8, -8)
    rect = pygame.Rect(0, 0, round(size[0]), round(size[1]))
    spots = [rect.move(target.right + GAP, target.y), rect.move(target.x - GAP - rect.width, target.y),
             rect.move(target.centerx - rect.width // 2, target.bottom + GAP),
             rect.move(target.centerx - rect.width // 2, target.y - GAP - rect.height)]
    spots += [s.move(0, target.height - s.height) for s in spots[:2]]     # beside, bottoms aligned
    keep_clear = [target] + avoid
    best: tuple[int, pygame.Rect] | None = None
    for spot in spots:
        for _ in keep_clear:
            spot = spot.clamp(window)
            met = spot.collidelist(keep_clear)
            if met < 0:
                return spot
            covered = sum(_area(spot.clip(r)) for r in keep_clear)
            if best is None or covered < best[0]:
                best = (covered, spot)
            spot = spot.move(0, keep_clear[met].bottom + GAP - spot.y)
    assert best is not None
    return best[1]


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height


def tip_rect(layout: CastellLayout, frame: Frame) -> pygame.Rect | None:
    """Where the frame's tooltip stands (None: none shown, nor where it would cover what the
    frame keeps clear)."""
    tip = frame.tip
    if tip is None:
        return None
    target = target_rect(layout, frame.view, tip.target)
    if target is None:
        return None
    laid = lay_out(tip)
    rect = place(layout, (laid.width, laid.height), target, avoided(layout, frame))
    return None if rect.collidelist([pygame.Rect(r) for r in frame.clear]) >= 0 else rect


def paint_tip(surface: pygame.Surface, layout: CastellLayout, frame: Frame) -> pygame.Rect | None:
    """The tooltip, last over the table; returns where it stands."""
    rect = tip_rect(layout, frame)
    if rect is None or frame.tip is None:
        return None
    laid = lay_out(frame.tip)
    style.panel(surface, rect, fill=FILL, border=style.GOLD, radius=8, width=2)
    x, y = rect.x + PAD, float(rect.y + PAD - 2)
    for text in laid.kicker:
        style.text(surface, text, (x, y), KICKER, style.INK_SOFT, bold=True)
        y += style.line_height(KICKER, True)
    for text in laid.title:
        style.text(surface, text, (x, y), TITLE, style.INK, bold=True, face="serif")
        y += style.line_height(TITLE, True, "serif")
    draw.line(surface, style.GOLD, (x, y + 3), (rect.right - PAD, y + 3), 1)
    y += 8
    view = frame.view
    colours = seat_colours(view, frame.look)
    for line, wrapped in laid.lines:
        left = x
        if line.seat >= 0:
            _chip(surface, (x + CHIP / 2, y + style.line_height(BODY) / 2), colours[line.seat], view.players[line.seat])
            left += CHIP + 6
        for text in wrapped:
            style.text(surface, text, (left, y), BODY, INKS.get(line.tone, style.INK), bold=_bold(line))
            y += style.line_height(BODY)
        y += 4
    return rect


def _chip(surface: pygame.Surface, centre: tuple[float, float], colour: tuple[int, int, int], player: str) -> None:
    """The seat's colour with its shape (readable without colour vision)."""
    box = pygame.Rect(0, 0, CHIP, CHIP)
    box.center = (round(centre[0]), round(centre[1]))
    draw.rect(surface, colour, box, border_radius=3)
    draw.rect(surface, pieces.edge_colour(colour), box, 1, border_radius=3)
    pieces.symbol(surface, box.center, CHIP - 5, player, style.mark_ink(colour))
