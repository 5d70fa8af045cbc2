"""Learn to play, the topics taught by playing: an action card played with the
secret disc (§6.1 A6, `score_secret_unique` §6.6), the 2-player depth on a scored position (§8.2)
and moving your own Grande (`grande_move` §6.6, the home bonus following it §7.2). Each step is
driven headless through the real client: it shows what its text talks about, a wrong click is
answered in words, the asked click advances, and Continue waits until what it describes is over."""
from __future__ import annotations

from collections import deque

import engine
from game.shell import i18n, layout
from game.scenes.tutorial import TutorialScene, continue_button
from game.tutorial.lesson import Lesson, load_lesson
from game.tutorial.targets import panel_rect
from tests.game.driver import Driver, make_context
from tests.game.test_tutorial import check_pointed_element, click_target, play_step, ready, tutorial


def step_asking(lesson: Lesson, move: str) -> int:
    """The lesson's index of the step whose player moves include `move`."""
    for index in range(lesson.total):
        c, s = lesson.locate(index)
        if move in lesson.chapters[c].steps[s].play:
            return index
    raise AssertionError(f"no step asks for {move!r}")


def open_at(index: int) -> tuple[Driver, TutorialScene]:
    driver = Driver(TutorialScene(make_context(), load_lesson(), index))
    scene = tutorial(driver)
    record_events(scene)                       # before the first frame: scripted moves play at once
    assert driver.until(lambda: ready(scene))
    return driver, scene


def make_asked_move(driver: Driver, scene: TutorialScene) -> None:
    driver.click(click_target(scene))
    if scene.top.staged() is not None:         # Confirm moves on: its Confirm button is marked next
        driver.click(click_target(scene))


def in_words(text: str | None) -> bool:
    """A sentence for the player: no engine id (snake_case ids such as castilla_la_nueva)."""
    return bool(text) and "_" not in str(text)


class Recording(deque):
    """The match's event queue, keeping a copy of every event queued (the scenes consume it)."""

    def __init__(self, queued) -> None:
        super().__init__(queued)
        self.queued: list[engine.events.Event] = list(queued)

    def append(self, event) -> None:
        self.queued.append(event)
        super().append(event)


def record_events(scene: TutorialScene) -> Recording:
    if not isinstance(scene.match.events, Recording):
        scene.match.feed.events = Recording(scene.match.events)
    return scene.match.events


def watch_until_continue(driver: Driver, scene: TutorialScene) -> tuple[bool, list[engine.events.Event]]:
    """Run a step that shows the opponents' moves and a scoring: close the scoring table as a
    player would; whether Continue was held back while it ran, and every event queued meanwhile."""
    recording = record_events(scene)
    held_back = False
    for _ in range(4000):
        driver.step()
        if scene.match.needs_continue and not scene.can_continue():
            held_back = True
            assert not any(t.key == "continue" for t in scene.focus_targets())
        if scene.top.summary is not None:
            driver.click(layout.current().map_rect.center)
        if scene.can_continue():
            break
    assert scene.can_continue() and not scene.match.events
    return held_back, recording.queued


def test_the_lesson_plays_a_disc_card_a_grande_move_and_a_two_player_game():
    lesson = load_lesson()
    played = {m for chapter in lesson.chapters for step in chapter.steps for m in step.play}
    assert "card score_secret_unique" in played and "card grande_move" in played
    assert any(m.startswith("grande ") for m in played)
    assert 2 in {len(chapter.game().players) for chapter in lesson.chapters}          # §8.2 depth 1


def test_the_secret_disc_of_an_action_card_is_set_in_secret_and_revealed_together():
    """§6.1 A6: every player concerned sets his disc in secret, then all are revealed together;
    `score_secret_unique` (§6.6) scores each region picked by exactly one player."""
    lesson = load_lesson()
    driver, scene = open_at(step_asking(lesson, "disc aragon"))
    check_pointed_element(scene)
    view = scene.match.view()
    assert view.phase == "disc" and view.to_move == "red" and view.card == "score_secret_unique"
    assert scene.pointed_rect().collidepoint(layout.area_point("aragon"))

    driver.click(layout.area_point("sevilla"))              # a legal disc, not the one asked
    driver.step(2)
    nudge = scene.match.nudge
    assert in_words(nudge) and i18n.area_name("aragon") in nudge
    assert scene.match.made == 0 and scene.match.host_game.disc("red") is None

    make_asked_move(driver, scene)
    assert scene.match.made == 1 and scene.match.nudge is None
    assert scene.match.visible_discs() == {"red": "aragon"}          # his strip shows it to him alone
    assert scene.match.view().disc("blue") is None and not scene.top.table.revealed
    assert driver.until(scene.can_continue)
    assert scene.shown_text() == scene.text(scene.match.step.notice)

    driver.click(continue_button(panel_rect()).center)             # "Watch: Blue sets his disc…"
    assert scene.match.step.script == ("disc sevilla",)
    revealed = []
    for _ in range(400):
        driver.step()
        if scene.top.table.revealed:
            revealed.append(dict(scene.top.table.revealed))
        if scene.top.summary is not None:
            break
    assert revealed and all(r == {"red": "aragon", "blue": "sevilla"} for r in revealed)   # never one alone


def test_two_players_only_first_place_scores_on_the_secret_scoring_shown():
    """§8.2: with 2 players only 1st place scores. Red is 2nd in Sevilla (2 to 3) and gets
    nothing there; Aragón gives him 5 and the +2 home bonus (§7.2), Sevilla gives Blue 4 + 2."""
    lesson = load_lesson()
    watch = step_asking(lesson, "disc aragon") + 1
    driver, scene = open_at(watch)
    before = dict(lesson.position(watch).scores)            # the board the step starts from
    held_back, events = watch_until_continue(driver, scene)
    assert held_back
    scored = {e.area: e for e in events if isinstance(e, engine.events.AreaScored)}
    assert set(scored) == {"aragon", "sevilla"}
    assert dict(scored["sevilla"].ranks)["red"] == 2 and dict(scored["sevilla"].points) == {"blue": 6}
    assert dict(scored["aragon"].points) == {"red": 7} and scored["aragon"].home_bonus == ("red",)
    after = scene.match.view().scores
    assert (after["red"] - before["red"], after["blue"] - before["blue"]) == (7, 6)
    for _ in range(2):                       # the two steps on the scored regions, read on a still board
        driver.click(continue_button(panel_rect()).center)
        assert driver.until(scene.can_continue)
        check_pointed_element(scene)
        region = scene.match.step.point.split(":")[1]
        assert i18n.area_name(region) in scene.shown_text()


def test_moving_your_grande_is_refused_into_the_kings_region_in_words_and_moves_your_home():
    """§7.1: nothing enters the King's region, a Grande neither (§6.6 `grande_move`); the refusal
    is the engine's reason worded (game/present/refusals.py). The Grande moved makes Valencia the
    player's home at once."""
    lesson = load_lesson()
    driver, scene = open_at(step_asking(lesson, "grande valencia"))
    check_pointed_element(scene)
    assert scene.match.view().grandes["red"] == "galicia"
    driver.click(layout.area_point("castilla_la_nueva"))           # "try it!"
    driver.step(2)
    assert scene.match.nudge == i18n.t("refusal.kings_region", area=i18n.area_name("castilla_la_nueva"))
    assert in_words(scene.match.nudge) and scene.match.made == 0
    driver.click(layout.area_point("aragon"))                       # legal, not asked
    driver.step(2)
    assert in_words(scene.match.nudge) and i18n.area_name("valencia") in scene.match.nudge
    assert scene.match.view().grandes["red"] == "galicia"

    make_asked_move(driver, scene)
    assert scene.match.view().grandes["red"] == "valencia" and scene.match.nudge is None
    assert driver.until(scene.can_continue)
    assert scene.shown_text() == scene.text(scene.match.step.notice)


def test_the_general_scoring_after_the_grande_move_gives_the_home_bonus_in_valencia():
    """§7.2: the sole leader of his home region gains +2 whenever it is scored; with 3 players
    1st and 2nd score (§8.2): Valencia 5 + 2 to Red, 3 to Blue; Galicia, the old home, 2 to Red
    (2nd, no bonus). Continue waits until the whole scoring is shown (§8.1)."""
    lesson = load_lesson()
    driver, scene = open_at(step_asking(lesson, "grande valencia") + 1)      # place 2, then Done
    play_step(driver)
    assert scene.match.step.play == () and scene.match.step.point == "region:valencia"
    held_back, events = watch_until_continue(driver, scene)
    assert held_back
    scored = {e.area: e for e in events if isinstance(e, engine.events.AreaScored)}
    assert dict(scored["valencia"].points) == {"red": 7, "blue": 3} and scored["valencia"].home_bonus == ("red",)
    assert dict(scored["galicia"].points)["red"] == 2 and not scored["galicia"].home_bonus
    assert scene.match.view().scores["red"] == 64 and scene.match.view().scores["blue"] == 63
    driver.click(continue_button(panel_rect()).center)              # "You have 64, Blue 63…"
    assert driver.until(scene.can_continue)
    assert "64" in scene.shown_text() and "63" in scene.shown_text()


def test_every_chapter_says_the_scores_it_starts_from():
    """A chapter's scenario may start mid-game; its first step names every player's score, so no
    score on the track comes from nowhere (a chapter starting at 0 need not)."""
    lesson = load_lesson()
    for c, chapter in enumerate(lesson.chapters):
        scores = lesson.position(lesson.first_of(c)).scores
        if not any(scores.values()):
            continue
        for lang, text in chapter.steps[0].say.items():
            assert all(str(points) in text for points in scores.values()), (c, lang, text)
