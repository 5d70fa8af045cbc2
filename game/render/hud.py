"""Everything around the map: top bar with the round track, success track, player panels, game log.

Drawn from the `Table` (what the board shows) plus a few match facts (names, seats, thinking).
"""
from __future__ import annotations

from functools import lru_cache

import pygame

import engine

from game.shell import layout
from game.shell.i18n import area_name, t
from game.render import draw, pieces, style
from game.shell.scene import PULSE
from game.present.table import Table

SCORING_ROUNDS = (3, 6, 9)


@style.fixed_size
def top_bar(surface: pygame.Surface, table: Table, phase_text: str, hover: tuple[int, int] | None,
            menu_label: str | None = None) -> None:
    bar = layout.current().top_bar
    draw.rect(surface, style.WOOD_DARK, bar)
    draw.line(surface, style.GOLD, bar.bottomleft, bar.bottomright, 2)
    style.text(surface, "El Grande", (16, bar.centery), 24, style.GOLD_LIGHT, bold=True, face="serif",
               anchor="midleft", shadow=(0, 0, 0))
    round_track(surface, table)
    style.text(surface, phase_text, (layout.current().round_track.right + 16, bar.centery), 14, style.PARCHMENT,
               bold=True, anchor="midleft")
    for rect, label in ((layout.current().help_button, t("button.help")), (layout.current().menu_button, menu_label or t("button.menu"))):
        style.button(surface, rect, label, hover=bool(hover and rect.collidepoint(hover)), size=14)


def round_track(surface: pygame.Surface, table: Table) -> None:
    """Rounds 1..9; the current one gold, scoring rounds crowned, rounds the variant skips faded."""
    rect = layout.current().round_track
    style.text(surface, t("hud.round"), (rect.x, rect.centery), 13, style.PARCHMENT, anchor="midleft")
    left = rect.x + 70
    for n in range(1, 10):
        centre = (left + (n - 1) * 38, rect.centery + 2)
        played = n in table.rounds
        current = n == table.round
        fill = style.GOLD if current else (style.PARCHMENT if played else (96, 84, 72))
        if current:
            draw.circle(surface, style.GOLD_LIGHT, centre, 15)
        draw.circle(surface, fill, centre, 12)
        draw.circle(surface, style.INK, centre, 12, 2)
        style.text(surface, str(n), centre, 13, style.INK if played else (60, 50, 44), bold=True, anchor="center")
        if n in SCORING_ROUNDS:
            cx, cy = centre[0] + 11, centre[1] - 10
            crown = [(cx - 6, cy + 3), (cx - 6, cy - 3), (cx - 3, cy), (cx, cy - 5), (cx + 3, cy),
                     (cx + 6, cy - 3), (cx + 6, cy + 3)]
            draw.polygon(surface, style.GOLD_LIGHT, crown)
            draw.polygon(surface, style.INK, crown, 1)


@style.fixed_size
def success_track(surface: pygame.Surface, table: Table) -> None:
    """The score track 0..130 with a marker per player; shared spaces stack upwards."""
    rect = layout.current().track_rect
    style.panel(surface, rect, radius=6)
    style.text(surface, t("hud.success_track"), (rect.right - 10, rect.y + 4), 11, style.INK_SOFT, bold=True,
               anchor="topright")
    y = rect.y + 36
    draw.line(surface, style.INK_SOFT, layout.track_position(0)[0:1] + (y,),
                     (layout.track_position(130)[0], y), 2)
    for score in range(0, 131, 5):
        x: float = layout.track_position(score)[0]
        tall = score % 10 == 0
        draw.line(surface, style.INK_SOFT, (x, y - (6 if tall else 3)), (x, y + (6 if tall else 3)), 1)
        if tall:
            style.text(surface, str(score), (x, y + 8), 10, style.INK_SOFT, anchor="midtop")
    stacks: dict[int, int] = {}
    for player in sorted(table.players, key=lambda p: table.track.get(p, 0)):
        value = table.track.get(player, 0.0)
        x = layout.current().track_rect.x + 20 + (layout.current().track_rect.width - 40) * min(value, 130) / 130
        level = stacks.get(round(value), 0)
        stacks[round(value)] = level + 1
        pieces.cube(surface, (x, y - 8 - level * 9), 11, style.player_colour(player), player)


@style.fixed_size
def player_panel(surface: pygame.Surface, rect: pygame.Rect, table: Table, player: str, name: str,
                 seat_label: str, active: bool, thinking: bool, disc: str | None) -> None:
    """One player's strip: name, seat, score, court, provinces, Castillo, home, power cards, Veto."""
    colour = style.player_colour(player)
    style.panel(surface, rect, fill=style.PARCHMENT if not active else (252, 240, 206),
                border=style.GOLD if active else style.INK_SOFT, width=3 if active else 2)
    draw.rect(surface, colour, (rect.x, rect.y, 12, rect.height), border_top_left_radius=8,
                     border_bottom_left_radius=8)
    pieces.symbol(surface, (rect.x + 6, rect.y + 12), 8, player, style.mark_ink(colour))
    x = rect.x + 18
    compact = rect.height < COMFORTABLE
    top = rect.y + (2 if compact else 5)
    style.text(surface, name, (x, top), 16, style.INK, bold=True, face="serif")
    name_w = style.text_width(name, 16, True, "serif")
    style.text(surface, seat_label, (x + name_w + 8, top + 3), 12, style.INK_SOFT)
    if thinking:
        _thinking(surface, (x + name_w + 16 + style.text_width(seat_label, 12), top + 10))
    score = style.text(surface, str(table.scores.get(player, 0)), (rect.right - 12, rect.y + 4), 26, style.INK,
                       bold=True, face="serif", anchor="topright")
    card = played_card_rect(rect, score.left)
    row = rect.y + (22 if compact else 30)
    right = card.left - 8 if table.power_played.get(player) is not None else score.left - 8
    _counts_row(surface, (x, row), table, player, right)
    _power_row(surface, rect, card, table, player)
    badges_x = rect.right - 12
    if table.veto.get(player):
        badge = pygame.Rect(0, 0, 44, 18)
        badge.topright = (badges_x, rect.bottom - 24)
        draw.rect(surface, style.DANGER, badge, border_radius=4)
        style.text(surface, t("hud.veto"), badge.center, 11, style.WHITE, bold=True, anchor="center")
        badges_x = badge.left - 6
    if disc:
        style.text(surface, t("hud.your_disc", area=area_name(disc)), (badges_x, rect.bottom - 22), 11,
                   style.INK, bold=True, anchor="topright")


def _counts_row(surface: pygame.Surface, pos: tuple[int, int], table: Table, player: str, right: int = 10**6) -> None:
    x, y = pos
    colour = style.player_colour(player)
    items = [(t("hud.court"), table.count(player, "court")), (t("hud.provinces"), table.count(player, "provinces")),
             (t("hud.castillo"), table.count(player, "castillo"))]
    for label, value in items:
        pieces.cube(surface, (x + 6, y + 10), 11, colour)
        shown = "?" if value is None else str(value)
        r = style.text(surface, f"{shown}", (x + 16, y + 2), 14, style.INK, bold=True)
        r2 = style.text(surface, label, (r.right + 4, y + 4), 11, style.INK_SOFT)
        x = r2.right + 12
    home = table.grandes.get(player)
    if home:
        pieces.grande(surface, (x + 6, y + 17), colour, 15, player)
        name = short_name(area_name(home), right - (x + 14), 11)
        style.text(surface, name, (x + 14, y + 4), style.fit_size(name, right - (x + 14), 11, minimum=9),
                   style.INK_SOFT)


def short_name(name: str, room: int, size: int) -> str:
    """A region name that fits `room` units: whole, then "Castilla la Vieja" -> "C. la Vieja",
    then cut with an ellipsis (never two regions shortened to the same text first)."""
    if style.text_width(name, max(9, size - 2)) <= room:
        return name
    words = name.split()
    if len(words) > 1:
        name = f"{words[0][0]}. {' '.join(words[1:])}"
    if style.text_width(name, max(9, size - 2)) <= room:
        return name
    while style.text_width(name, 9) > room and len(name) > 3:
        name = name[:-2] + "…"
    return name


COMFORTABLE = 66   # a player panel at least this tall is not squeezed (2-4 players)


PIP, PIP_PITCH = (17, 15), 19   # a power-card pip and the step from one to the next


def power_pip_rects(rect: pygame.Rect) -> list[pygame.Rect]:
    """The 13 power-card pips along the foot of a player panel (every panel has them)."""
    y = rect.bottom - PIP[1] - (5 if rect.height >= COMFORTABLE else 3)
    return [pygame.Rect(rect.x + 18 + (value - 1) * PIP_PITCH, y, *PIP) for value in range(1, 14)]


def played_card_rect(rect: pygame.Rect, score_left: int) -> pygame.Rect:
    """The power card played this round, left of the score however many digits it has (a score
    of 100 and more once read "00", its first digit under the card)."""
    card = pygame.Rect(0, rect.y + 6, 30, 40)
    card.right = min(rect.right - 54, score_left - 6)
    return card


def _power_row(surface: pygame.Surface, rect: pygame.Rect, card: pygame.Rect, table: Table, player: str) -> None:
    """Power cards: the card played this round big on the left of the score, the hand as pips."""
    played = table.power_played.get(player)
    if played is not None:
        pieces.power_card(surface, card, played, style.player_colour(player), state="played")
    hand = table.hands.get(player)
    if hand is None:
        return
    draw.blit(surface, hand_pips(frozenset(hand), draw.scale()), power_pip_rects(rect)[0].topleft)


@lru_cache(maxsize=64)
@style.fixed_size
def hand_pips(hand: frozenset[int], scale: float) -> pygame.Surface:
    """The 13 pips of a hand (those still held raised), drawn once per hand and window scale: a
    panel is redrawn often and the pips were most of its drawing calls."""
    pips = draw.layer((13 * PIP_PITCH, PIP[1]))
    for value in range(1, 14):
        in_hand = value in hand
        box = pygame.Rect((value - 1) * PIP_PITCH, 0, *PIP)
        draw.rect(pips, style.PARCHMENT_DARK if in_hand else (200, 190, 172), box, border_radius=3)
        draw.rect(pips, style.INK_SOFT if in_hand else (180, 170, 150), box, 1, border_radius=3)
        style.text(pips, str(value), box.center, 10, style.INK if in_hand else (170, 160, 140),
                   bold=in_hand, anchor="center")
    return pips


def _thinking(surface: pygame.Surface, centre: tuple[float, float]) -> None:
    """Three dots, one lit after the other at the scene's pulse rate: an AI seat is thinking."""
    lit = pygame.time.get_ticks() * PULSE // 1000 % 3
    for i in range(3):
        colour = style.shade(style.INK_SOFT, 1.2 if i == lit else 0.6)
        draw.circle(surface, colour, (int(centre[0] + i * 9), int(centre[1])), 3)


def court_of(power: int) -> int:
    """Caballeros a power card brings to the court (printed on the card)."""
    return engine.BOARD.power_to_court[power - 1]
