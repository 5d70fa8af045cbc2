"""The game log keeps every line, scrolls back to the first one (wheel, drag,
PgUp/PgDn), grows into a tall panel, and is worded in the current language — old lines too."""
from __future__ import annotations

import random
import re

import pygame

from game.shell import i18n, layout
from game.match.controller import Match
from game.scenes.play import MatchScene
from game.match.seats import parse_players
from tests.game.driver import Driver, make_context


def long_match() -> Match:
    match = Match(parse_players("human,random,random"), 5, autosave=False)
    rng = random.Random(2)
    for _ in range(160):
        assert match.play(rng.choice(match.host_game.legal_moves()))
    return Match.from_game(match.host_game, match.seat_meta(), autosave=False)   # resumed: the log all shown


def open_play(match: Match) -> Driver:
    driver = Driver(MatchScene(make_context(), match))
    driver.step(2)
    return driver


def test_page_up_reaches_the_first_line_and_page_down_comes_back_to_the_end():
    match = long_match()
    driver = open_play(match)
    view = driver.scene.log_view
    lines = match.visible_log()
    assert len(lines) > 3 * view.room, "the game is long enough to need scrolling"
    assert view.visible(lines)[-1] == view.wrapped(lines)[-1], "a new log shows its latest line"
    for _ in range(200):
        driver.key(pygame.K_PAGEUP)
        if view.top == 0:
            break
    assert view.visible(lines)[0] == view.wrapped(lines)[0] == lines[0]
    for _ in range(200):
        driver.key(pygame.K_PAGEDOWN)
        if view.first is None:
            break
    assert view.visible(lines)[-1] == view.wrapped(lines)[-1]


def test_the_wheel_over_the_log_and_a_drag_scroll_it():
    driver = open_play(long_match())
    view = driver.scene.log_view
    end = view.top
    centre = driver.app.to_window(layout.current().log_rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    driver.step()
    assert view.top == end - 3
    driver.click(layout.current().log_rect.center)
    below = driver.app.to_window((layout.current().log_rect.centerx, layout.current().log_rect.centery + 5 * view.line_height))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=below, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=below, button=1))
    driver.step()
    assert view.top == end - 3 - 5, "dragging the lines down shows earlier ones"


def test_l_expands_the_log_into_a_tall_panel_showing_more_lines():
    driver = open_play(long_match())
    view = driver.scene.log_view
    small = view.room
    driver.key(pygame.K_l)
    assert view.expanded and view.rect.height > 2 * layout.current().log_rect.height and view.room > 2 * small
    driver.click(view.toggle_rect.center)
    assert not view.expanded


def test_old_lines_are_reworded_after_a_language_switch():
    match = long_match()
    driver = open_play(match)
    english = match.visible_log()
    i18n.set_language("pt")
    portuguese = match.visible_log()
    assert len(portuguese) == len(english)
    assert re.fullmatch(r"Blue plays power card \d+", english[0])
    assert portuguese[0] == english[0].replace("Blue plays power card", "Azul joga a carta de poder")
    rounds = [line for line in english if line.startswith("— Round ")]
    assert len(rounds) >= 2 and [line.replace("Round", "Ronda") for line in rounds] == \
        [line for line in portuguese if line.startswith("— Ronda ")]
    assert sum(a != b for a, b in zip(english, portuguese)) == len(english), "every line is reworded"
    driver.step()
    view = driver.scene.log_view
    assert view.visible(portuguese)[-1] == view.wrapped(portuguese)[-1]


def test_the_replay_viewer_has_the_same_log_scrolled_to_its_first_line_and_reworded():
    from engine import new_game, random_playout
    from game.match.replay_model import ReplayModel
    from game.scenes.replay import ReplayScene
    game = random_playout(new_game(players=["red", "blue", "green"], seed=9), random.Random(9))
    driver = Driver(ReplayScene(make_context(), ReplayModel(game.record()).window()))
    driver.step()
    scene = driver.scene
    assert scene.log_window()[0] > 0, "at the end the log shows the last moves"
    for _ in range(200):
        driver.key(pygame.K_PAGEUP)
        if scene.log_window()[0] == 0:
            break
    assert scene.log_window()[0] == 0 and scene.model.at_end, "scrolling the log does not move the game"
    english = scene.lines
    i18n.set_language("ca")
    assert scene.lines[0] != english[0] and english[0].startswith("Red ")
    driver.key(pygame.K_LEFT)
    assert scene.log_first is None, "stepping a move brings the log back to it"


def test_the_tall_log_stays_tall_from_one_phase_to_the_next():
    """L in the power-card phase: the action phase is the same match screen, its log still tall
    (one long-lived screen)."""
    match = Match(parse_players("human,easy,easy"), 4, autosave=False)
    driver = Driver(MatchScene(make_context(), match))
    assert driver.until(lambda: driver.scene.my_turn() is not None)
    driver.key(pygame.K_l)
    power = driver.scene
    assert power.name == "power" and power.log_view.expanded
    driver.click(layout.hand_rects()[8].center)        # power card 9, then Confirm
    driver.past_key_guard()
    driver.key(pygame.K_RETURN)
    assert driver.until(lambda: driver.scene.name == "action")
    assert driver.scene is power and driver.scene.log_view.expanded


def test_a_scored_region_where_nobody_scores_says_who_stands_where():
    """§8.2 and ruling R6: a region with Caballeros where no player scores (the neutral colour
    alone ahead, or two players tied for a lone scoring place) says why, instead of "—"."""
    from engine import events as E
    from game.present.describe import describe_event
    i18n.set_language("en")
    neutral_ahead = E.AreaScored("galicia", (), None, (), ("red", "blue", "grey"), (1, 1, 4))
    assert describe_event(neutral_ahead, str.capitalize) == "Galicia scored: nobody scores (Grey 1st, Red 3rd, Blue 3rd)"
    empty = E.AreaScored("galicia", (), None, (), ("red", "blue"), (0, 0))
    assert describe_event(empty, str.capitalize) == "Galicia scored: —"
    scored = E.AreaScored("galicia", (("red", 4),), None, (), ("red", "blue"), (2, 1))
    assert describe_event(scored, str.capitalize) == "Galicia scored: Red +4"
