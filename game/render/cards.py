"""The action cards on offer this round: stack number (Caballeros placed), name and effect text.

Cards already taken stay in their slot, faded, with the taker's colour, so everybody can read
what the others chose.
"""
from __future__ import annotations

from dataclasses import dataclass

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
                selectable: bool = False, hover: bool = False, current: bool = False, name_cap: int = 15) -> None:
    """One card as a wide strip; selectable cards glow, taken ones fade with the taker's colour.
    `name_cap`: the largest size of the name (the column sets its cards alike: column_cap)."""
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
    label = player_name(taker) if taker else ""
    text = card_text(rect, card, label, name_cap)
    style.text(surface, text.name, (rect.x + 54, rect.y + NAME_TOP), text.name_size, ink, bold=True, face="serif")
    style.paragraph(surface, text.effect, text.box, text.effect_size, ink, face="condensed", spacing=text.spacing,
                    max_lines=text.lines)
    if selectable and hover:
        draw.rect(surface, style.HIGHLIGHT, rect.inflate(4, 4), 3, border_radius=9)
    if taker:
        stamp = pygame.Rect(0, 0, stamp_width(label), STAMP_HEIGHT)
        stamp.topright = (rect.right - 8, rect.y + NAME_TOP)
        colour = style.player_colour(taker)
        draw.rect(surface, colour, stamp, border_radius=4)
        style.text(surface, label, stamp.center, 11, style.text_on(colour), bold=True, anchor="center")


def stamp_width(label: str) -> int:
    """The taker's stamp: 56 units, wider for a longer colour name ("Vermelho") so it reads whole."""
    return max(56, int(style.text_width(label, 11, True)) + 12) if label else 56


def name_room(rect: pygame.Rect, label: str = "") -> int:
    """The width a card's name may take: the strip right of the badge, less the taker's stamp."""
    return rect.width - 64 - stamp_width(label) - 4


NAME_TOP = 3        # the name's (and the taker's stamp's) top, under the strip's border (units)
STAMP_HEIGHT = 15
SMALL_NAME = 13     # the name's size when the effect needs its room
BORDER = 3          # the strip's border at its widest (hover, the card in play): text stays inside


@dataclass(frozen=True)
class CardText:
    """How a strip's words are set: the name and its size, the effect in `box` at `effect_size`
    with `spacing` between lines, and how many lines the box holds whole."""
    name: str
    name_size: int
    effect: str
    box: pygame.Rect
    effect_size: int
    spacing: int
    lines: int

    def whole(self) -> bool:
        return len(style.wrap(self.effect, self.box.width, self.effect_size, face="condensed")) <= self.lines


@style.fixed_size
def card_text(rect: pygame.Rect, card: str, label: str = "", name_cap: int = 15) -> CardText:
    """The largest setting that shows the whole effect inside the strip at the window's size: the
    name as large as its room allows (at most `name_cap`), the effect at 11 or 10 under it (and
    under the taker's stamp), lines 1 then 2 units closer than the font's, then a smaller name to
    give the effect a line's room. Measured with the fonts as rendered (a small window's text
    stops shrinking at style.MIN_TEXT_PX, so it takes more units there). None whole (no catalog
    has one): the smallest, its end cut with "…"."""
    largest = _largest_name(rect, card, label, name_cap)
    for name_size in sorted({largest, min(largest, SMALL_NAME)}, reverse=True):
        for setting in _settings(rect, card, label, name_size):
            if setting.whole():
                return setting
    return setting


@style.fixed_size
def column_cap(rects: list[pygame.Rect], offer: list[str], labels: list[str]) -> int:
    """The name size cap a column of strips shares: the designed 15 when every effect is whole
    under its largest name, else the smaller name (names of one size, not a mixture)."""
    whole = all(any(setting.whole() for setting in _settings(rect, card, label, _largest_name(rect, card, label)))
                for rect, card, label in zip(rects, offer, labels))
    return 15 if whole else SMALL_NAME


def _largest_name(rect: pygame.Rect, card: str, label: str, cap: int = 15) -> int:
    return style.fit_size(t(f"card.{card}.name"), name_room(rect, label), cap, True, "serif")


def _settings(rect: pygame.Rect, card: str, label: str, name_size: int) -> list[CardText]:
    """The effect's settings under a name of `name_size`, largest first."""
    top = rect.y + NAME_TOP + round(style.ink_height(name_size, True, "serif"))
    if label:
        top = max(top, rect.y + NAME_TOP + STAMP_HEIGHT + 1)
    box = pygame.Rect(rect.x + 54, top, rect.width - 64, rect.bottom - BORDER - top)
    name, effect = t(f"card.{card}.name"), t(f"card.{card}.effect")
    return [CardText(name, name_size, effect, box, size, spacing, effect_lines(size, spacing, box))
            for size in (11, 10) for spacing in (-1, -2)]


def effect_lines(size: int, spacing: int, box: pygame.Rect) -> int:
    """How many lines of the effect the box holds whole, `spacing` units between them."""
    height, pitch = style.ink_height(size, face="condensed"), style.line_height(size, face="condensed") + spacing
    return max(1, 1 + int((box.height - height) // pitch))


def offer_column(surface: pygame.Surface, table: Table, selectable: frozenset[str], hover: tuple[int, int] | None,
                 current: str | None, staged: str | None = None) -> None:
    """Header plus the five cards of the round (taken ones faded); nothing before any are dealt
    (a scenario that starts at a general scoring). A `staged` card (chosen, waiting for Confirm)
    is lifted out of the column and ringed in the active player's colour."""
    if not table.offer:
        return
    area = layout.current().cards_rect
    style.text(surface, t("hud.action_cards"), (area.x + 4, area.y), 15, style.PARCHMENT, bold=True, face="serif")
    rects = layout.card_rects(len(table.offer) or 5)
    labels = [player_name(table.taken[card]) if card in table.taken and card != staged else "" for card in table.offer]
    cap = column_cap(rects, table.offer, labels)
    for rect, card in zip(rects, table.offer):
        if card == staged:
            lifted = rect.move(-14, 0)
            action_card(surface, lifted, card, None, True, True, True, cap)
            draw.rect(surface, style.player_colour(table.active or ""), lifted.inflate(8, 8), 4, border_radius=11)
            continue
        action_card(surface, rect, card, table.taken.get(card), card in selectable,
                    bool(hover and rect.collidepoint(hover)), card == current, cap)


def card_at(table: Table, pos: tuple[int, int]) -> str | None:
    for rect, card in zip(layout.card_rects(len(table.offer) or 5), table.offer):
        if rect.collidepoint(pos):
            return card
    return None
