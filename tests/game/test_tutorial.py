"""Learn to play: the lesson file's checks, its texts in three languages, and the
whole lesson played by mouse through the real client — every pointed element on screen and clear
of the panel, a wrong legal move nudged and not played, leaving and resuming, the title menu."""
from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest
import yaml

import engine
from game.shell import i18n, layout
from game.render import draw, style
from game.shell import input as inp
from game.match import saves

from game.scenes.settings import action_rects
from game.scenes.title import TitleScene, title_buttons
from game.scenes.tutorial import TutorialScene, continue_button, fits, log_button, text_box
from game.tutorial.lesson import LANGUAGES, STEPS_FILE, TUTORIAL_DIR, load_lesson
from game.tutorial.progress import Progress, load_progress, progress_path, save_progress
from game.tutorial.targets import panel_rect
from tests.game.driver import FRAME, Driver, make_context


# ---- the lesson file ------------------------------------------------------------------------------
def broken_copy(tmp_path: Path, change) -> Path:
    """A copy of the lesson folder with the steps file changed by `change(data)`."""
    folder = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL_DIR, folder)
    data = yaml.safe_load(STEPS_FILE.read_text(encoding="utf-8"))
    change(data)
    (folder / "steps.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return folder / "steps.yaml"


def drop_catalan(data):
    del data["chapters"][0]["steps"][1]["say"]["ca"]


def point_at_nothing(data):
    data["chapters"][1]["steps"][0]["point"] = "atlantis"


def illegal_move(data):
    data["chapters"][0]["steps"][2]["play"] = ["power 9"]       # Blue has just played the 9 (§4.2)


def players_move_in_script(data):
    data["chapters"][0]["steps"][2]["script"] = ["power 9", "power 6", "power 11"]


def missing_scenario(data):
    data["chapters"][2]["scenario"] = "nowhere.yaml"


def missing_why(data):
    del data["chapters"][0]["steps"][2]["why"]


def unknown_field(data):
    data["chapters"][0]["steps"][0]["sya"] = "typo"


@pytest.mark.parametrize("change, field", [
    (drop_catalan, "chapters[0].steps[1].say.ca"),
    (point_at_nothing, "chapters[1].steps[0].point"),
    (illegal_move, "chapters[0].steps[2].play[0]"),
    (players_move_in_script, "chapters[0].steps[2].script[2]"),
    (missing_scenario, "chapters[2].scenario"),
    (unknown_field, "chapters[0].steps[0].sya"),
    (missing_why, "chapters[0].steps[2].why"),
])
def test_a_broken_steps_file_is_one_error_naming_file_and_field(tmp_path, change, field):
    path = broken_copy(tmp_path, change)
    with pytest.raises(engine.DataError) as caught:
        load_lesson(path)
    message = str(caught.value)
    assert message.startswith("tutorial/steps.yaml: ") and field in message and "\n" not in message


def test_the_shipped_lesson_covers_what_a_first_game_needs():
    lesson = load_lesson()
    moves = [m for chapter in lesson.chapters for step in chapter.steps for m in step.play]
    verbs = {m.split()[0] for m in moves}
    # power card, court, action card, order, placement, special action (King, scoring, Grande), disc
    assert {"power", "court", "card", "first", "place", "king", "score", "disc", "scoreboard", "grande"} <= verbs
    assert "place castillo" in moves
    points = {step.point for chapter in lesson.chapters for step in chapter.steps}
    assert {"hand", "court", "cards", "choices", "castillo", "king", "track", "players"} <= points
    assert 15 <= lesson.total <= 50
    scripted = [m for chapter in lesson.chapters for step in chapter.steps for m in step.script]
    assert {"card veto", "veto", "allow"} <= set(scripted)          # the Veto taken, waived and spent (§6.7)
    assert {len(chapter.game().players) for chapter in lesson.chapters} >= {2, 3, 4}   # the depth by players (§8.2)


def test_the_kings_region_refused_in_the_lessons_words():
    """§7.1: no Caballero enters the King's region; the lesson's "try it!" answers in words (the
    engine's reason code worded by game/present/refusals.py), never an id or an engine message."""
    lesson = load_lesson()
    driver = Driver(TutorialScene(make_context(), lesson, 6))       # "His own region is closed, try it!"
    scene = tutorial(driver)
    assert driver.until(lambda: ready(scene))
    driver.click(layout.area_point("castilla_la_nueva"))
    driver.step(2)
    assert scene.match.nudge == i18n.t("refusal.kings_region", area="Castilla la Nueva")
    assert "_" not in scene.match.nudge and scene.match.made == 0
    driver.click(click_target(scene))                               # the asked move clears it
    if scene.top.staged() is not None:
        driver.click(click_target(scene))
    assert scene.match.nudge is None and scene.match.made == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_another_legal_move_is_refused_with_the_steps_why(lang):
    """Every dictated move says why in one sentence: "Not that one yet" repeats it."""
    i18n.set_language(lang)
    lesson = load_lesson()
    driver = Driver(TutorialScene(make_context(), lesson, 2))       # "Play your 11 to act first"
    scene = tutorial(driver)
    assert driver.until(lambda: ready(scene))
    step = scene.match.step
    assert step.play == ("power 11",) and step.why is not None
    assert not scene.match.play("power 12")
    assert scene.match.nudge == i18n.t("tutorial.nudge", why=step.why[lang])
    width = text_box(panel_rect()).width            # the panel's foot: two bold lines
    for chapter in lesson.chapters:
        for why in (step.why for step in chapter.steps if step.why):
            assert len(style.wrap(i18n.t("tutorial.nudge", why=why[lang]), width, 12, True)) <= 2, why[lang]
    i18n.set_language("en")


def test_the_story_never_puts_a_grande_in_the_kings_region():
    """§7.1: no Grande enters the King's region (chapter 6 asks the player to try it); no chapter
    starts with one there, and chapter 3's home bonus comes from Valencia, not the King's region."""
    lesson = load_lesson()
    for chapter in lesson.chapters:
        game = chapter.game()
        assert game.king not in game.grandes.values(), chapter.scenario.name
    scoring = lesson.chapters[2]
    game = scoring.game()
    events = [e for step in scoring.steps for move in step.moves for e in game.play(move)]
    scored = {e.area: e for e in events if isinstance(e, engine.events.AreaScored)}
    assert scored[game.king].king_bonus == "red" and not scored[game.king].home_bonus
    assert scored["valencia"].home_bonus == ("red",)


def test_continue_waits_until_the_scoring_it_talks_about_is_over():
    """The step "Watch: the Castillo is scored…" (§8.1) shows Continue only once every area is
    scored and the summary closed, so the next step's text matches the board."""
    lesson = load_lesson()
    watch = next(i for i in range(lesson.total) if lesson.chapters[lesson.locate(i)[0]].steps[lesson.locate(i)[1]]
                 .script == ("disc sevilla",))
    driver = Driver(TutorialScene(make_context(), lesson, watch))
    scene = tutorial(driver)
    saw_waiting = False
    for _ in range(4000):
        driver.step()
        if scene.match.needs_continue and not scene.can_continue():
            saw_waiting = True
            assert not any(t.key == "continue" for t in scene.focus_targets())
        if scene.top.summary is not None:
            driver.click(layout.current().map_rect.center)
        if scene.can_continue():
            break
    assert saw_waiting and scene.can_continue()
    assert scene.match.host_game.phase == "power" and not scene.match.events


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_text_fits_three_lines_of_the_panel(lang):
    width = text_box(panel_rect()).width
    lesson = load_lesson()
    for c, chapter in enumerate(lesson.chapters):
        for s, step in enumerate(chapter.steps):
            for text in (step.say, step.notice, step.why):
                if text:
                    assert fits(text[lang], width), (lang, c, s, text[lang])


# ---- playing it through the client ------------------------------------------------------------------
def tutorial(driver: Driver) -> TutorialScene:
    scene = driver.scene
    assert isinstance(scene, TutorialScene), scene.name
    return scene


def click_target(scene: TutorialScene) -> tuple[int, int]:
    """Where the player clicks for the step's next move: the spot the lesson marks."""
    rect = scene.move_target()
    assert rect is not None, scene.match.expected()
    return rect.center


def ready(scene: TutorialScene) -> bool:
    """Nothing animating and the step waits on the player (a move or Continue)."""
    return (scene.can_continue() or scene.top.summary is not None
            or (not scene.match.needs_continue and bool(scene.top.my_turn())))


def check_pointed_element(scene: TutorialScene) -> None:
    window = pygame.Rect(0, 0, layout.current().width, layout.current().height)
    target = scene.move_target()
    if target is not None:
        assert window.contains(target) and not target.colliderect(panel_rect()), scene.match.expected()
    rect = scene.pointed_rect()
    if rect is None:
        return
    assert window.contains(rect), (scene.match.step.point, rect)
    assert not rect.colliderect(panel_rect()), scene.match.step.point
    if scene.top.name == "power" and scene.match.step.point != "hand":
        assert not rect.colliderect(layout.current().hand_plate), scene.match.step.point
    if scene.match.step.point == "hand":
        assert scene.top.name == "power"


def play_step(driver: Driver) -> None:
    """Finish the current step as a player would: the asked moves by mouse, then Continue. A click
    that plays nothing (a wrongly marked target) fails the test instead of looping."""
    scene = tutorial(driver)
    index = scene.match.index
    for _ in range(16):
        assert driver.until(lambda: ready(scene) or scene.match.index != index, 4000)
        if scene.match.index != index or driver.scene is not scene:
            return
        check_pointed_element(scene)
        if scene.top.summary is not None:
            driver.click(layout.current().map_rect.center)       # the scoring table, read and closed
        elif scene.can_continue():
            driver.click(continue_button(panel_rect()).center)
        else:
            made = scene.match.made
            driver.click(click_target(scene))
            if scene.top.staged() is not None:
                driver.click(click_target(scene))      # its Confirm button, now the marked spot
            picking = scene.top.picker.verb is not None       # a first argument chosen (a scoreboard's board)
            moved_on = scene.match.index != index or scene.match.made == made + 1 or picking
            assert moved_on and scene.match.nudge is None, scene.match.nudge
    raise AssertionError(f"step {index} did not end")


def start_from_title(driver: Driver) -> None:
    driver.step(2)
    driver.click({item: rect for rect, item in title_buttons()}["learn"].center)
    driver.step(2)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lesson_played_to_its_end_by_mouse(lang, data_dir):
    i18n.set_language(lang)
    ctx = make_context()
    ctx.settings.language = lang
    driver = Driver(TitleScene(ctx), paint_every=10)
    start_from_title(driver)
    scene = tutorial(driver)
    total = scene.lesson.total
    seen = []
    while driver.scene is scene:
        seen.append(scene.match.index)
        play_step(driver)
    assert seen == list(range(total))
    assert driver.scene.name == "title"
    assert load_progress() == Progress(0, True)
    assert next(item for _, item in title_buttons(True)) == "new"
    assert saves.continue_info() is None          # the lesson never replaces the player's own game


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080), (1280, 1024)])
def test_every_pointed_element_is_on_screen_in_other_window_sizes(size):
    driver = Driver(TutorialScene(make_context(), load_lesson(), 0), size, paint_every=10)
    scene = tutorial(driver)
    while driver.scene is scene:
        play_step(driver)            # checks each step's frame and spot against the window and the panel
    assert driver.scene.name == "title"


def test_a_wrong_legal_move_is_nudged_and_not_played():
    driver = Driver(TutorialScene(make_context(), load_lesson(), 2))   # "play your 11"
    scene = tutorial(driver)
    assert driver.until(lambda: ready(scene))
    assert scene.match.expected() == "power 11" and "power 5" in [str(m) for m in scene.match.host_game.legal_moves()]
    driver.click(layout.hand_rects()[4].center)                      # power card 5: legal, not asked
    driver.step(2)
    assert scene.match.host_game.to_move == "red" and scene.match.host_game.phase == "power"
    assert scene.match.nudge and "11" in scene.match.nudge
    assert scene.top.toast == i18n.t("tutorial.toast") and not scene.top.toast_error
    assert scene.top.staged() is None                                # dropped, not waiting for Confirm
    driver.click(layout.hand_rects()[10].center)                     # the 11: staged, then confirmed
    assert str(scene.top.staged()) == "power 11" and scene.match.nudge is None
    driver.click(click_target(scene))
    assert scene.match.host_game.phase != "power"


def test_a_reading_step_asks_the_table_for_no_move():
    """While a step waits for Continue the lesson, not the player, has the table's turn: the
    match screen's frame lights nothing, offers no card nor button, and its prompt says to read
    and Continue; a click on the map plays nothing. Once read, the table asks again."""
    lesson = load_lesson()
    driver = Driver(TutorialScene(make_context(), lesson, 3))           # "Press 1": then its notice
    scene = tutorial(driver)
    assert driver.until(lambda: ready(scene))
    driver.click(click_target(scene))                                   # court 1…
    if scene.top.staged() is not None:
        driver.click(click_target(scene))                               # …confirmed
    assert driver.until(scene.can_continue)
    game = scene.match.host_game
    assert game.to_move == "red" and game.phase == "card" and game.legal_moves()   # the cards are his to take
    frame = scene.top.frame()
    assert frame.turn is None and not frame.targets and not frame.selectable_cards and not frame.buttons
    assert frame.prompt.text == i18n.t("tutorial.prompt_read")
    assert scene.move_target() is None
    driver.click(layout.card_rects(5)[4].center)                        # the King, not asked yet
    driver.click(layout.area_point("valencia"))
    assert scene.match.host_game.phase == "card" and scene.top.staged() is None
    assert not scene.match.play("card king") and scene.match.nudge == i18n.t("tutorial.nudge_read")   # the match's own guard
    driver.click(continue_button(panel_rect()).center)
    driver.step(2)
    frame = scene.top.frame()
    assert frame.turn == "red" and frame.selectable_cards and frame.prompt.text != i18n.t("tutorial.prompt_read")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scripted_opponents_are_labelled_as_the_lessons(lang):
    """Blue and Green play the lesson's written moves, not an AI: their strips say so."""
    i18n.set_language(lang)
    driver = Driver(TutorialScene(make_context(), load_lesson(), 0))
    scene = tutorial(driver)
    driver.step()
    labels = {panel.player: panel.seat for panel in scene.top.frame().panels}
    assert labels == {"red": i18n.t("seat.human"), "blue": i18n.t("tutorial.seat"), "green": i18n.t("tutorial.seat")}
    assert i18n.t("seat.normal") not in labels.values()
    i18n.set_language("en")


def test_no_tooltip_covers_the_white_ring():
    """The pointer resting in the region the ring is in (a region's standings show by it) above
    and left of the ring: the standings move clear of the ring instead of covering it."""
    driver = Driver(TutorialScene(make_context(), load_lesson(), 6))   # place in Castilla la Vieja, Aragón
    scene = tutorial(driver)
    assert driver.until(lambda: ready(scene))
    ring = scene.move_target()
    assert ring is not None and scene.asked_area() == "castilla_la_vieja"
    pointer = (ring.centerx - 24, ring.centery - 24)
    assert layout.area_at(pointer) == "castilla_la_vieja"
    driver.hover(pointer)
    driver.step(30)                                                     # past the standings' dwell
    assert scene.top.frame().tooltip is not None
    tip = scene.top.draw_tooltip(pygame.Surface(layout.current().window))
    assert tip is None or not tip.colliderect(ring.inflate(8, 8)), (tip, ring)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_frame_round_the_action_cards_keeps_clear_of_the_panel(size, monkeypatch):
    """The gold frame on the action cards, at its widest pulse, leaves rows of the side column
    between it and the lesson panel (it touched the panel's top edge)."""
    driver = Driver(TutorialScene(make_context(), load_lesson(), 4), size)   # "take one of the action cards"
    scene = tutorial(driver)
    assert driver.until(lambda: ready(scene)) and scene.match.step.point == "cards"
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: round(220 * 3.14159 / 2))    # the pulse at its widest
    surface = pygame.Surface(layout.current().window)
    scene.draw_highlight(surface)                                       # alone, on black
    panel, cards = draw.rect_px(panel_rect()), draw.rect_px(layout.current().cards_rect)
    frame_rows = [y for y in range(cards.bottom - 6, panel.top)
                  if any(surface.get_at((x, y))[:3] != (0, 0, 0) for x in range(cards.x, cards.right, 3))]
    assert frame_rows and max(frame_rows) <= panel.top - 3, (frame_rows, panel.top)


def test_the_opponents_play_only_the_scripted_moves():
    driver = Driver(TutorialScene(make_context(), load_lesson(), 1))   # a reading step, Blue to bid
    scene = tutorial(driver)
    driver.step(30)
    assert scene.match.host_game.to_move == "blue" and scene.match.index == 1
    driver.click(continue_button(panel_rect()).center)
    thinking = []                    # no AI search is started for a scripted seat ("… is thinking")
    assert driver.until(lambda: thinking.append(scene.match.thinking) or scene.match.host_game.to_move == "red")
    assert not any(thinking)
    legal = {str(m) for m in scene.match.host_game.legal_moves()}
    assert "power 9" not in legal and "power 6" not in legal and "power 11" in legal      # §4.2 no duplicates


def test_leaving_from_the_pause_menu_and_resuming_restores_the_step(data_dir):
    ctx = make_context()
    driver = Driver(TitleScene(ctx))
    start_from_title(driver)
    scene = tutorial(driver)
    for _ in range(4):
        play_step(driver)
    index, position = scene.match.index, scene.match.host_game.key()
    assert index == 4 and load_progress().step == 4
    driver.key(pygame.K_ESCAPE)
    assert driver.scene.name == "settings"
    driver.click({name: rect for rect, name in action_rects(True, True)}["quit_to_title"].center)
    driver.step(2)
    assert driver.scene.name == "title"
    assert i18n.t("title.learn_resume", step=5) in driver.scene.label("learn")
    start_from_title(driver)
    resumed = tutorial(driver)
    assert resumed.match.index == index and resumed.match.host_game.key() == position


def test_title_menu_offers_learn_to_play_first_until_it_is_done(data_dir):
    title = TitleScene(make_context())
    assert next(item for _, item in title.buttons()) == "learn"
    assert not progress_path().exists()
    assert save_progress(Progress(0, True))
    title.refresh()
    items = [item for _, item in title.buttons()]
    assert items[0] == "new" and "learn" in items
    driver = Driver(title)
    driver.step(2)
    rect = {item: r for r, item in title.buttons()}["learn"]
    tick = driver.app.window.get_at(driver.app.to_window((rect.x + 24, rect.centery)))
    assert tick[:3] != driver.app.window.get_at(driver.app.to_window((rect.x + 60, rect.centery)))[:3]


def test_a_damaged_progress_file_means_not_started(data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    progress_path().write_text("{not json", encoding="utf-8")
    assert load_progress() == Progress()
    progress_path().write_text('{"step": -3, "done": "yes"}', encoding="utf-8")
    assert load_progress() == Progress()


def test_each_chapters_match_screen_sits_in_the_apps_stack_under_the_lesson(data_dir):
    """The lesson is a layer over the real match screen: the app holds the chapter's screen right
    under it (it enters and leaves it), and a new chapter's screen takes its place."""
    lesson = load_lesson()
    driver = Driver(TutorialScene(make_context(), lesson, lesson.first_of(1) - 1))   # a chapter's last step
    scene = tutorial(driver)
    driver.step()
    first = scene.top
    assert driver.app.stack[-2:] == [first, scene] and not scene.opaque
    scene.advance()                                   # on to the next chapter's game
    driver.step()
    assert scene.top is not first and driver.app.stack[-2:] == [scene.top, scene]
    assert first not in driver.app.stack and len(driver.app.stack) == 2
    assert scene.match.chapter_index == 1


def test_the_app_runs_the_lessons_match_screen_and_the_lesson_only_observes_it():
    """The chapter's match screen is run by the app, not by the lesson: updated and drawn with
    no input (the opponents' scripted moves animate and settle, every change on screen), and
    given the input the lesson leaves — the lesson itself does not pass a click on to it."""
    driver = Driver(TutorialScene(make_context(), load_lesson(), 2))   # "play your 11"
    scene = tutorial(driver)
    driver.step()
    held, app = scene.top, driver.app
    assert app.driven() == [held, scene]
    for _ in range(600):
        assert app.step(FRAME)
        assert app.drawn_frame == (held.frame(), scene.frame()), "a change of the match screen not drawn"
        if ready(scene):
            break
    assert held.my_turn() == "red" and scene.match.expected() == "power 11"
    card = layout.hand_rects()[10].center
    assert not scene.handle(inp.Intent(inp.Kind.CLICK, card)) and held.staged() is None
    driver.click(card)                                # the same click, given to the stack
    assert str(held.staged()) == "power 11"


def test_a_watched_step_points_where_it_happens_as_it_happens():
    """"Watch their Caballeros arrive": the frame follows the events as the screen shows them —
    nothing before the first, then the regions next to Granada where Blue and Green place (§7.1:
    placement borders the King's region); the next step's "That was a round" frames the round track."""
    lesson = load_lesson()
    steps = [step for chapter in lesson.chapters for step in chapter.steps]
    index = next(i for i, step in enumerate(steps) if step.point == "live")
    driver = Driver(TutorialScene(make_context(speed=4.0), lesson, index))
    scene = tutorial(driver)
    assert scene.match.step.point == "live" and scene.pointed() is None
    seen: list[str] = []
    for _ in range(600):
        driver.step()
        point = scene.pointed()
        if point and (not seen or seen[-1] != point):
            seen.append(point)
            check_pointed_element(scene)
        if scene.can_continue():
            break
    assert scene.can_continue(), "Continue waits for the turns it talks about"
    regions = {p.split(":")[1] for p in seen if p.startswith("region:")}
    assert {"sevilla", "valencia"} <= regions and "granada" not in regions, seen
    driver.click(continue_button(panel_rect()).center)
    driver.step(2)
    assert scene.match.step.point == "rounds" and scene.pointed_rect() == layout.current().round_track


def test_the_lessons_own_log_opens_from_its_panel():
    """The lesson's panel takes the log's place; its Log button opens the log above it (and
    closes it), so the moves played so far can be read again."""
    driver = Driver(TutorialScene(make_context(), load_lesson(), 3))
    scene = tutorial(driver)
    driver.step(2)
    log = scene.top.log_view
    assert not log.expanded
    driver.click(log_button(panel_rect()).center)
    assert log.expanded and log.shown_rect is not None and not log.shown_rect.colliderect(panel_rect())
    driver.click(log_button(panel_rect()).center)
    assert not log.expanded
