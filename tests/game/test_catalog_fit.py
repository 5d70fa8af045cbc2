"""Every catalog string in its own widget, in en/pt/ca, at 1024x640, 1366x768 and 1920x1080:
the texts a scene may not show in a test game are measured in the box the
client draws them in, filled with the longest values their placeholders take. A one-line text may
be drawn smaller to fit, never below a legible size; a strip of text holds it whole, never cut
with "…". The scenes themselves are checked in tests/game/test_ui_scale_fit.py.
"""
from __future__ import annotations

import string

import pygame
import pytest

import engine
from engine.internals import BOARD
from game.shell import i18n, layout
from game.render import cards, style

SIZES = [(1024, 640), (1366, 768), (1920, 1080)]
LEGIBLE = {"prompt": 12, "map": 12, "card name": 12, "top bar": 11}
SAMPLE = {"count": 13, "value": 13, "round": 9, "left": 13, "rank": 3, "points": 130, "position": 120, "total": 180}


def filled(text: str) -> str:
    """`text` with every placeholder set to the longest value it takes on screen."""
    longest_area = max((i18n.area_name(a) for a in (*engine.REGIONS, "castillo")), key=len)
    longest_card = max((i18n.t(f"card.{c}.name") for c in engine.CARDS), key=len)
    longest_colour = max((i18n.t(f"colour.{c}") for c in ("red", "blue", "green", "yellow", "orange")), key=len)
    values: dict[str, object] = {}
    for _, field, _, _ in string.Formatter().parse(text):
        if field is None:
            continue
        name = field.split(".")[0].split("[")[0]
        if name in SAMPLE:
            values[name] = SAMPLE[name]
        elif name in ("area", "region", "target", "source", "home"):
            values[name] = longest_area
        elif name == "card":
            values[name] = longest_card
        else:
            values[name] = longest_colour
    return text.format(**values)


def one_line(family: str) -> list[tuple[str, float, int, bool, str]]:
    """(key, room in units, designed size, bold, face) of the one-line texts of a family."""
    here = layout.current()
    english = i18n.catalog("en")
    if family == "prompt":
        keys = [k for k in english if k.startswith(("prompt.", "stage.", "banner."))]
        return [(k, here.prompt_rect.width - 24, 17, True, "sans") for k in keys]
    if family == "map":
        return [(f"region.{r}", 130, 15, True, "serif") for r in engine.REGIONS]
    if family == "card name":
        strip = layout.card_rects()[0]
        widest = max((i18n.t(f"colour.{c}") for c in (*BOARD.colours, "neutral")),
                     key=lambda label: cards.stamp_width(label))
        return [(f"card.{c}.name", cards.name_room(strip, widest), 15, True, "serif") for c in engine.CARDS]
    return [(k, here.help_button.width - 16, 14, True, "sans") for k in ("button.help", "button.menu", "button.hint")]


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def window(request):
    pygame.display.init()
    pygame.font.init()
    layout.use(request.param)
    yield request.param
    layout.use(layout.LOGICAL)


@pytest.mark.parametrize("language", ["en", "pt", "ca"])
def test_every_one_line_text_fits_at_a_legible_size(language, window):
    i18n.set_language(language)
    bad = []
    for family, least in LEGIBLE.items():
        for key, room, size, bold, face in one_line(family):
            text = filled(i18n.t(key)) if "." in key else key
            fitted = style.fit_size(text, room, size, bold, face, minimum=1)
            if fitted < least or style.text_width(text, fitted, bold, face) > room:
                bad.append(f"{family} {key}: {text!r} needs size {fitted} for {room} units")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("language", ["en", "pt", "ca"])
def test_every_action_card_text_is_whole_inside_its_strip(language, window, monkeypatch):
    """Drawn, not estimated: every card's name and whole effect (no "…"), with and without the
    widest taker's stamp, lie inside the strip's border and clear of each other and of the stamp
    — at 1024x640 a small window's fonts stop shrinking (style.MIN_TEXT_PX) and the second line
    used to run into the border."""
    i18n.set_language(language)
    pygame.display.set_mode(window)
    surface = pygame.Surface(window)
    strip = layout.card_rects()[0]
    inside = strip.inflate(-2 * cards.BORDER + 2, -2 * cards.BORDER + 2)
    widest = max((c for c in BOARD.colours), key=lambda c: cards.stamp_width(i18n.t(f"colour.{c}")))
    drawn: list[tuple[str, pygame.Rect]] = []
    text = style.text
    monkeypatch.setattr(style, "text", lambda s, value, *a, **k: drawn.append((value, text(s, value, *a, **k))) or drawn[-1][1])
    bad = []
    for card in engine.CARDS:
        for taker in (None, widest):
            drawn.clear()
            cards.action_card(surface, strip, card, taker)
            label = i18n.t(f"colour.{taker}") if taker else None
            words = [(value, rect) for value, rect in drawn if value not in (str(engine.CARDS[card].stack), label)]
            name, lines = words[0], words[1:]
            effect = " ".join(value for value, _ in lines)
            if effect != " ".join(i18n.t(f"card.{card}.effect").split()):
                bad.append(f"{card}: effect cut to {effect!r}")
            stamp = next((rect for value, rect in drawn if value == label), None)
            for value, rect in words:
                if not inside.contains(rect):
                    bad.append(f"{card}: {value!r} at {rect} leaves the strip {inside}")
                if stamp is not None and rect.colliderect(stamp.inflate(8, 2)):
                    bad.append(f"{card}: {value!r} runs under the taker's stamp")
            if any(name[1].colliderect(rect.inflate(0, -2)) for _, rect in lines):
                bad.append(f"{card}: the effect runs into the name")
    assert not bad, "\n".join(bad)
