"""The screen fits: nothing covers what the player must read.

Drawn headless at 1024x640, 1366x768 and 1920x1080 with the drawing calls recorded: three-digit
scores whole beside the played power card, the Castillo's counts clear of the power hand, a lifted
power card under the turn order, the action cards' numerals beside their cube, disc spots inside
their region, floating points on a plate, no "thinking" over a scoring, a mobile scoreboard marked
in the scoring table, and the language arrows going the way they point.
"""
from __future__ import annotations

import pygame
import pytest

import engine
from engine import events as E
from game.shell.mapdata import load_map, point_in_polygon
from game.present.score_summary import SummaryCollector
from game.present.table import Table
from game.render import board, cards, hud, pieces, score_panel, style
from game.scenes.settings import SettingsScene, row_rects
from game.shell import i18n, layout
from game.shell import input as inp
from game.shell.input import Intent
from tests.game.driver import make_context

SIZES = [(1024, 640), (1366, 768), (1920, 1080)]


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def surface(request):
    pygame.display.init()
    pygame.font.init()
    layout.use(request.param)
    yield pygame.Surface(request.param)
    layout.use(layout.LOGICAL)


def a_table(**scores: int) -> Table:
    game = engine.new_game(players=["red", "blue", "green", "yellow"], seed=3)
    table = Table()
    table.sync(game.view("red"))
    table.scores.update(scores)
    return table


def recorded_texts(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    drawn: list[tuple[str, pygame.Rect]] = []
    text = style.text

    def recording(surface, value, *args, **kwargs):
        rect = text(surface, value, *args, **kwargs)
        drawn.append((value, rect))
        return rect
    monkeypatch.setattr(style, "text", recording)
    return drawn


def test_a_three_digit_score_is_whole_beside_the_played_card(surface, monkeypatch):
    table = a_table(blue=123)
    table.power_played["blue"] = 13
    texts = recorded_texts(monkeypatch)
    cards_drawn: list[pygame.Rect] = []
    power_card = pieces.power_card
    monkeypatch.setattr(pieces, "power_card", lambda s, rect, *a, **k: (cards_drawn.append(rect), power_card(s, rect, *a, **k)))
    rect = layout.player_rects(4)[1]
    hud.player_panel(surface, rect, table, "blue", "Blue", "Human", True, False, None)
    score = next(r for value, r in texts if value == "123")
    assert rect.contains(score)
    assert not cards_drawn[0].colliderect(score)


def test_the_castillo_counts_stand_clear_of_the_power_hand(surface):
    for count in range(1, 6):
        for centre in board.castillo_count_spots(count):
            cube = pygame.Rect(0, 0, 22, 22)
            cube.center = (int(centre[0]), int(centre[1]))
            assert not cube.colliderect(layout.current().hand_plate), (count, cube)
            assert not cube.colliderect(layout.castillo_rect())
            assert layout.current().map_rect.contains(cube)


def test_a_lifted_power_card_stays_under_the_hands_header_line(surface):
    header = pygame.Rect(layout.current().hand_plate.x, layout.current().hand_plate.y + 4, layout.current().hand_plate.width, 18)   # turn order
    for rect in layout.hand_rects():
        drawn = rect.inflate(0, -8)                        # as the power scene draws its hand
        assert not pieces.power_card_extent(drawn, "staged").colliderect(header)
        assert not pieces.power_card_extent(drawn, "ready", hover=True).colliderect(header)
        assert layout.current().hand_plate.contains(drawn)


def test_an_action_cards_numeral_is_beside_its_cube(surface, monkeypatch):
    texts = recorded_texts(monkeypatch)
    cubes: list[pygame.Rect] = []
    cube = pieces.cube
    monkeypatch.setattr(pieces, "cube", lambda s, c, *a, **k: cubes.append(cube(s, c, *a, **k)) or cubes[-1])
    strip = layout.card_rects()[0]
    cards.action_card(surface, strip, next(iter(engine.CARDS)))
    numeral = next(r for value, r in texts if value.isdigit())
    assert not numeral.colliderect(cubes[0])


def test_a_disc_stands_inside_its_region_clear_of_the_border(surface):
    table = a_table()
    data = load_map()
    for region in engine.REGIONS:
        (x, y), = board.disc_row(table, region, 1)
        shape = data.regions[region].polygon
        for dx, dy in ((12, 0), (-12, 0), (0, 12), (0, -12), (0, 0)):
            assert point_in_polygon(*layout.to_map((x + dx, y + dy)), shape), region


def test_floating_points_sit_on_a_plate(surface, monkeypatch):
    plates: list[pygame.Rect] = []
    plate = style.plate
    monkeypatch.setattr(style, "plate", lambda s, rect, *a, **k: (plates.append(pygame.Rect(rect)), plate(s, rect, *a, **k)))
    board.floating_points(surface, "+5", (300, 300), "blue", 255)
    assert plates and plates[0].contains(board.points_rect("+5", (300, 300)))


def test_the_scoring_table_marks_a_region_a_mobile_scoreboard_set(surface, monkeypatch):
    collector = SummaryCollector(lambda: {"8-4-0": "aragon", "4-0-0": None})
    collector.feed(E.ScoringStarted("general", 3))
    for area in ("aragon", "galicia"):
        collector.feed(E.AreaScored(area, (("red", 5),), None, ()))
    summary = collector.feed(E.ScoringFinished("general", 3))
    assert [row.board for row in summary.rows] == ["8-4-0", None]
    texts = recorded_texts(monkeypatch)
    score_panel.draw_score_panel(surface, summary, ("red", "blue"), str.title)
    assert [value for value, _ in texts].count("8·4·0") == 1


def test_the_language_arrows_go_the_way_they_point(surface, monkeypatch):
    """A click on the "‹" lowers (English goes back to the last language), on the "›" raises;
    the arrows are where the row draws them (the "‹" once sat right of the row's middle)."""
    ctx = make_context()
    scene = SettingsScene(ctx, in_game=False)
    texts = recorded_texts(monkeypatch)
    scene.draw(surface)
    rect = next(r for r, row in row_rects() if row == "language")
    value = next(r for text, r in texts if text.startswith("‹") and rect.contains(r))
    scene.handle(Intent(inp.Kind.CLICK, (value.x + 4, value.centery)))
    assert ctx.settings.language == "ca"
    scene.handle(Intent(inp.Kind.CLICK, (value.right - 4, value.centery)))
    assert ctx.settings.language == "en"
    i18n.set_language("en")


def test_a_new_prompt_brings_the_log_back_to_its_newest_line(surface):
    from game.render.log_view import LogView
    log = LogView()
    log.visible([f"line {i}" for i in range(80)])
    log.follow("Blue — take an action card")
    log.scroll(-10)                                   # the player reads back
    log.follow("Blue — take an action card")          # the same prompt: he keeps reading
    assert log.first is not None
    log.follow("Blue — place up to 5 Caballeros")
    assert log.first is None and log.visible([f"line {i}" for i in range(80)])[-1] == "line 79"
