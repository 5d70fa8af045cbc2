"""Learn Castell (levels/castell/lesson.yaml): the file's checks, what the lesson covers, its
texts in three languages, and the whole lesson played by mouse through the real table to its end,
with a wrong legal move nudged and not played, by keyboard, progress saved and the title's
button (first on Castell's card until finished, last after)."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest
import yaml

import engine
from game.render.castell_tips import tip_rect
from game.scenes.castell_lesson import TEXT_LINES, CastellLessonScene, panel_rect
from game.scenes.title import TitleScene, card_items, menu_items
from game.shell import i18n
from game.tutorial.castell_lesson import LESSON_FILE, PROGRESS_FILE, load_castell_lesson
from game.tutorial.panel import fits, text_box
from game.tutorial.progress import load_progress
from game.tutorial.steps import LANGUAGES
from tests.game.driver import Driver, make_context


def broken(tmp_path: Path, change) -> Path:
    data = yaml.safe_load(LESSON_FILE.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "castell" / "lesson.yaml"
    path.parent.mkdir()
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def train_what_ebre_does_not_face(data):
    data["steps"][4]["play"] = ["train mix"]       # ruling C19: Ebre faces Balance, All Regions Special


def point_at_nothing(data):
    data["steps"][2]["point"] = "tile:exh99"


def player_move_in_script(data):
    data["steps"][1]["script"].append("place ebr")


def drop_portuguese(data):
    del data["steps"][3]["say"]["pt"]


@pytest.mark.parametrize("change, field", [
    (train_what_ebre_does_not_face, "steps[4].play[0]"),
    (point_at_nothing, "steps[2].point"),
    (player_move_in_script, "steps[1].script[4]"),
    (drop_portuguese, "steps[3].say.pt"),
])
def test_a_broken_lesson_file_is_one_line_naming_file_and_step(tmp_path, change, field):
    with pytest.raises(engine.DataError) as caught:
        load_castell_lesson(broken(tmp_path, change))
    message = str(caught.value)
    assert message.startswith("castell/lesson.yaml: " + field + ": ") and "\n" not in message


def test_the_lesson_covers_a_turn_a_performance_and_a_festival():
    """The four actions of a turn (docs/castell.md "A turn"), a performance taking a bounty
    (ruling C8), a skill trained and used, and a festival with both players entering (C14)."""
    lesson = load_castell_lesson()
    played = [m for step in lesson.steps for m in step.play]
    verbs = {m.split()[0] for m in played}
    assert {"place", "move", "recruit", "train", "special", "done", "tower"} <= verbs
    game = lesson.new_game()
    for move in lesson.moves_before(lesson.total):
        game.play(move)
    red, blue = game.seat("red"), game.seat("blue")
    assert game.collected[red] == 1 and game.won_tiles[red] == ["exh01"]          # the bounty, the tile
    assert game.rank_map(red)["balance"] == 2
    assert game.best[red] > game.best[blue] > 0                                    # both entered
    assert [k for k, _ in game.won_prizes[red]] == [0] and [k for k, _ in game.won_prizes[blue]] == [1]
    points = {step.point for step in lesson.steps}
    assert {"region:ebr", "wheel:ebr", "tile:exh01", "bounty:ebr", "festival:pon_I", "level:4", "builder"} <= points
    assert 10 <= lesson.total <= 20


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_fits_the_panel(lang):
    """The panel's text width is the same in UI units at 1024x640 and 1920x1080 (the window is
    scaled; a wide one only widens the side column)."""
    pygame.display.set_mode((1280, 800))
    scene = CastellLessonScene(make_context(), load_castell_lesson())
    width = text_box(panel_rect(scene.layout()), TEXT_LINES).width
    for s, step in enumerate(load_castell_lesson().steps):
        for text in (step.say, step.notice):
            if text:
                assert fits(text[lang], width, TEXT_LINES), (lang, s, text[lang])


def test_the_whole_lesson_by_mouse_to_its_end():
    """Every asked move made by clicking the white ring (a wrong legal move first: nudged, not
    played), Continue by Enter; the lesson ends on the title, finished, and the title's Castell
    card offers it at its foot, below New game, to be taken again from its start."""
    lesson = load_castell_lesson()
    driver = Driver(CastellLessonScene(make_context(), lesson), paint_every=10)
    scene = driver.scene
    assert isinstance(scene, CastellLessonScene)
    driver.step()
    nudged = False
    for _ in range(400):
        if not isinstance(driver.scene, CastellLessonScene):
            break
        match = scene.match
        assert load_progress(PROGRESS_FILE).step == match.index
        if scene.can_continue():
            driver.key(pygame.K_RETURN)
            continue
        spot = scene.click_spot(scene.table.table_frame())
        if spot is None:
            driver.step()
            continue
        if not nudged and match.expected() == "place ebr":
            before = len(match.game.moves_played())
            driver.click((scene.layout().map_rect.x + 200, scene.layout().map_rect.y + 240))   # Ponent
            driver.step()
            asked = i18n.t("castell.lesson.asked", move=i18n.t("castell.move.place", region="Terres de l'Ebre"))
            assert match.nudge == i18n.t("tutorial.nudge", why=asked)
            assert len(match.game.moves_played()) == before and scene.ui.staged is None
            nudged = True
            continue
        driver.click(spot.center)
    assert nudged and isinstance(driver.scene, TitleScene)
    assert load_progress(PROGRESS_FILE).done
    castell = card_items(False, True)[1]                          # at its card's foot, as El Grande's
    assert castell == ("castell", "learn_castell") and card_items(False, False)[1][0] == "learn_castell"
    items = [item for _, item in driver.scene.buttons()]
    assert items[items.index("castell") + 1] == "learn_castell" and "learn_castell" in menu_items(True, True)
    driver.click(dict((item, rect) for rect, item in driver.scene.buttons())["learn_castell"].center)
    driver.step()
    assert isinstance(driver.scene, CastellLessonScene) and driver.scene.match.index == 0    # taken again


def test_the_lesson_by_keyboard_to_its_end():
    """No mouse, from the second round's turn (the first is the mouse run's): one Tab shows the
    ring, which then stands on Continue or on what the white ring says to click (two castellers
    of one size are one target), and Enter does it."""
    driver = Driver(CastellLessonScene(make_context(), load_castell_lesson(), 7))
    scene = driver.scene
    assert isinstance(scene, CastellLessonScene)
    focus = driver.app.focus
    driver.key(pygame.K_TAB)
    for _ in range(400):
        if not isinstance(driver.scene, CastellLessonScene):
            break
        spot = scene.click_spot(scene.table.table_frame())
        if not scene.can_continue() and spot is None:
            driver.step()
            continue
        ring = focus.current()
        assert ring is not None
        assert ring.key == "continue" if scene.can_continue() else ring.rect == spot, (scene.match.index, ring, spot)
        driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, TitleScene) and load_progress(PROGRESS_FILE).done


def test_leaving_and_coming_back_resumes_at_the_step():
    lesson = load_castell_lesson()
    first = Driver(CastellLessonScene(make_context(), lesson, 7))
    first.step()
    title = Driver(TitleScene(make_context()))
    title.step()
    buttons = {item: rect for rect, item in title.scene.buttons()}
    assert title.scene.label("learn_castell").endswith("8")
    title.click(buttons["learn_castell"].center)
    title.step()
    scene = title.scene
    assert isinstance(scene, CastellLessonScene) and scene.match.index == 7
    assert scene.match.expected() == "move pon" and scene.match.game.round == 2


def test_a_reading_step_asks_the_table_for_nothing():
    """While a step waits for Continue the lesson has the table's turn: no region is lit and the
    prompt says to read and Continue — neither "Waiting for Blue…" while Blue's scripted moves
    wait for the first step to be read, nor "place your pawn" once Blue has played them."""
    lesson = load_castell_lesson()
    driver = Driver(CastellLessonScene(make_context(), lesson))
    scene = driver.scene
    assert isinstance(scene, CastellLessonScene)
    driver.step()
    read = i18n.t("tutorial.prompt_read")
    frame = scene.table.table_frame()
    assert scene.can_continue() and scene.match.game.to_move == "blue"
    assert frame.prompt == read and not frame.look.lit
    driver.key(pygame.K_RETURN)                                       # on to Blue's scripted turn
    assert driver.until(scene.can_continue, 600) and scene.match.index == 1
    frame = scene.table.table_frame()
    assert scene.match.game.to_move == "red" and scene.match.game.legal_moves()     # the pawn is his to place
    assert frame.prompt == read and not frame.look.lit and scene.click_spot(frame) is None
    driver.key(pygame.K_RETURN)
    driver.step()
    frame = scene.table.table_frame()
    assert "ebr" in frame.look.lit and frame.prompt != read


def test_no_tooltip_covers_the_white_ring():
    """Training Balance, the pointer on the ring tile beside it (Mix): its tooltip, which would
    stand over the white ring, keeps clear of it."""
    driver = Driver(CastellLessonScene(make_context(), load_castell_lesson(), 4))
    scene = driver.scene
    assert isinstance(scene, CastellLessonScene)
    driver.step()                                                     # the table goes under the lesson
    assert driver.until(lambda: scene.click_spot(scene.table.table_frame()) is not None, 600)
    assert scene.match.expected() == "train balance"
    layout = scene.layout()
    view = scene.match.view()
    mix = layout.ring_rect(view.ring.index("mix"), len(view.ring))
    driver.hover(mix.center)
    driver.step()
    frame = scene.table.table_frame()
    spot = scene.click_spot(frame)
    assert frame.tip is not None and spot is not None
    tip = tip_rect(layout, frame)
    assert tip is None or not tip.colliderect(spot), (tip, spot)
