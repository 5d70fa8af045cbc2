"""The action cards on offer this round: stack number (Caballeros placed), name and effect text.

Cards already taken stay in their slot, faded, with the taker's colour, so everybody can read
what the others chose.
"""
from __future__ import annotations

import pygame

import engine
from game.shell import layout
from game.shell.i18n import player_name, t
from game.render import draw, pieces, style
from game.present.table import Table

STACK_COLOURS = {1: (120, 86, 140), 2: (160, 72, 56), 3: (56, 110, 150), 4: (70, 122, 70), 5: (40, 34, 30)}


def card_stack(card: str) -> int:
    return engine.CARDS[card].stack


@style.fixed_size
def action_card(surface: pygame.Surface, rect: pygame.Rect, card: str, taker: str | None = None,
                selectable: bool = False, hover: bool = False, current: bool = False) -> None:
    """One card as a wide strip; selectable cards glow, taken ones fade with the taker's colour."""
    stack = card_stack(card)
    faded = taker is not None and not current
    fill = style.PARCHMENT if not faded else (214, 204, 182)
    style.panel(surface, rect, fill=fill, border=style.GOLD if (selectable or current) else style.INK_SOFT,
                width=3 if (hover or current) else 2, radius=7)
    badge = pygame.Rect(rect.x + 6, rect.y + 6, 40, rect.height - 12)
    draw.rect(surface, STACK_COLOURS[stack] if not faded else style.GREY, badge, border_radius=5)
    numeral = style.text(surface, str(stack), (badge.centerx + 2, badge.centery), 20, style.WHITE, bold=True,
                         face="serif", anchor="midright")
    pieces.cube(surface, (numeral.right + 7, badge.centery + 3), 10, style.PARCHMENT)   # beside it, never over it
    ink = style.INK if not faded else style.INK_SOFT
    body = pygame.Rect(badge.right + 8, rect.y + 5, rect.width - badge.width - 24, rect.height - 8)
    label = player_name(taker) if taker else ""
    stamp_w = stamp_width(label)
    name = t(f"card.{card}.name")
    style.text(surface, name, body.topleft, style.fit_size(name, name_room(rect, label), 15, True, "serif"), ink,
               bold=True, face="serif")
    effect = effect_box(rect)
    text = t(f"card.{card}.effect")
    size = effect_size(text, effect)
    style.paragraph(surface, text, effect, size, ink, face="condensed", spacing=-1,
                    max_lines=effect_lines(size, effect))
    if selectable and hover:
        draw.rect(surface, style.HIGHLIGHT, rect.inflate(4, 4), 3, border_radius=9)
    if taker:
        stamp = pygame.Rect(0, 0, stamp_w, 18)
        stamp.topright = (rect.right - 8, rect.y + 6)
        colour = style.player_colour(taker)
        draw.rect(surface, colour, stamp, border_radius=4)
        style.text(surface, label, stamp.center, 11, style.text_on(colour), bold=True, anchor="center")


def stamp_width(label: str) -> int:
    """The taker's stamp: 56 units, wider for a longer colour name ("Vermelho") so it reads whole."""
    return max(56, int(style.text_width(label, 11, True)) + 12) if label else 56


def name_room(rect: pygame.Rect, label: str = "") -> int:
    """The width a card's name may take: the strip right of the badge, less the taker's stamp."""
    return rect.width - 64 - stamp_width(label) - 4


def effect_box(rect: pygame.Rect) -> pygame.Rect:
    """Where a card strip's effect text goes: under the name, right of the stack badge."""
    left, top = rect.x + 54, rect.y + 21
    return pygame.Rect(left, top, rect.width - 64, rect.bottom - 1 - top)


def effect_size(text: str, box: pygame.Rect) -> int:
    """The effect's font size: 11, or 10 when only that gets the whole text into the strip
    (the full text is the card's help, a right-click away)."""
    for size in (11, 10):
        if len(style.wrap(text, box.width, size, face="condensed")) <= effect_lines(size, box):
            return size
    return 10


def effect_lines(size: int, box: pygame.Rect) -> int:
    """How many lines of the effect the strip holds whole (lines 1 unit closer than the font's)."""
    pitch, height = style.line_height(size, face="condensed") - 1, style.line_height(size, face="condensed")
    return max(1, 1 + int((box.height + 1 - height) // pitch))


def offer_column(surface: pygame.Surface, table: Table, selectable: frozenset[str], hover: tuple[int, int] | None,
                 current: str | None, staged: str | None = None) -> None:
    """Header plus the five cards of the round (taken ones faded); nothing before any are dealt
    (a scenario that starts at a general scoring). A `staged` card (chosen, waiting for Confirm)
    is lifted out of the column and ringed in the active player's colour."""
    if not table.offer:
        return
    area = layout.current().cards_rect
    style.text(surface, t("hud.action_cards"), (area.x + 4, area.y), 15, style.PARCHMENT, bold=True, face="serif")
    for rect, card in zip(layout.card_rects(len(table.offer) or 5), table.offer):
        if card == staged:
            lifted = rect.move(-14, 0)
            action_card(surface, lifted, card, None, True, True, True)
            draw.rect(surface, style.player_colour(table.active or ""), lifted.inflate(8, 8), 4, border_radius=11)
            continue
        action_card(surface, rect, card, table.taken.get(card), card in selectable,
                    bool(hover and rect.collidepoint(hover)), card == current)


def card_at(table: Table, pos: tuple[int, int]) -> str | None:
    for rect, card in zip(layout.card_rects(len(table.offer) or 5), table.offer):
        if rect.collidepoint(pos):
            return card
    return None
