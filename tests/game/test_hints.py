"""The Hint button and H key: the advisor's three best choices in a panel, thought out in the AI
worker while the window keeps drawing; hovering previews, clicking plays (staged with Confirm on);
a setting turns hints off; in pass-and-play they are cleared at a hand-off."""
from __future__ import annotations

import pygame

from game.shell import layout
from game.match.controller import Match
from game.render import hint_panel
from game.shell.scene import Transition
from game.scenes.handoff import HandoffScene, ready_button
from game.scenes.match_screen import hints as match_hints
from game.scenes.play import MatchScene
from game.match.seats import parse_players
from tests.game.driver import Driver, make_context


def _driver(players: str = "human,easy,easy", seed: int = 4, confirm: bool = True):
    ctx = make_context()
    ctx.settings.confirm_moves = confirm
    match = Match(parse_players(players), seed, autosave=False)
    driver = Driver(MatchScene(ctx, match))
    assert driver.until(lambda: driver.scene.my_turn() is not None)
    return driver, match, ctx


def _wait_for_hints(driver) -> None:
    assert driver.until(lambda: bool(driver.scene.hints.hints) or driver.scene.hints.failed, limit=2000)


def test_h_key_shows_three_legal_hints_best_first_and_counts_the_request():
    driver, match, _ = _driver()
    assert match.hints_used == 0 and not driver.scene.hints.shown
    driver.key(pygame.K_h)
    assert driver.scene.hints.thinking           # the window goes on drawing while the worker thinks
    _wait_for_hints(driver)
    hints = driver.scene.hints.hints
    assert len(hints) == 3 and hints[0].gain == 0 and hints[1].gain <= 0 and hints[2].gain <= hints[1].gain
    legal = match.host_game.legal_moves()
    assert all(h.plan[0] in legal for h in hints)
    assert match.hints_used == 1
    driver.key(pygame.K_h)                       # the same position asks nothing new
    assert match.hints_used == 1
    rows = match_hints.hint_rows(driver.scene)
    assert len(rows) == 3 and all(r.plan and r.reason and r.gain for r in rows)


def test_hint_button_click_and_clicking_a_hint_stages_its_first_move():
    driver, match, _ = _driver()
    driver.click(layout.current().hint_button.center)
    _wait_for_hints(driver)
    best = driver.scene.hints.hints[0]
    row = hint_panel.row_rects(match_hints.hint_rows(driver.scene))[0]
    driver.hover(row.center)
    assert match_hints.hint_at(driver.scene, row.center) is best
    driver.click(row.center)
    assert driver.scene.staged() == best.plan[0]     # Confirm moves is on: staged, not played
    assert match.host_game.round == 1 and str(match.host_game.phase) == "power"


def test_clicking_a_hint_plays_it_when_confirm_is_off():
    driver, match, _ = _driver(confirm=False)
    version = match.version
    driver.key(pygame.K_h)
    _wait_for_hints(driver)
    best = driver.scene.hints.hints[0]
    driver.click(hint_panel.row_rects(match_hints.hint_rows(driver.scene))[0].center)
    assert match.version > version
    assert str(best.plan[0]) in [str(m) for m in match.host_game.record()["moves"]]
    assert not driver.scene.hints.shown                 # a new position: the old hints are gone


def test_setting_off_hides_the_button_and_ignores_h():
    driver, match, ctx = _driver()
    ctx.settings.hints = False
    driver.key(pygame.K_h)
    assert not driver.scene.hints.shown and match.hints_used == 0
    assert not match_hints.hints_offered(driver.scene)


def test_hints_are_cleared_at_a_hand_off():
    """Pass-and-play: the hand-off screen (confirmed, then the play scene resumes) drops the hints
    of the player who handed the device on; nothing of them is drawn for the next one."""
    driver, match, ctx = _driver(players="human,human,easy")
    driver.key(pygame.K_h)
    _wait_for_hints(driver)
    assert driver.scene.hints.shown
    play = driver.scene
    other = next(p for p in match.humans if p != match.viewer)
    driver.app.apply(Transition.push(HandoffScene(ctx, match, "before", other)))
    assert driver.scene.name == "handoff"
    driver.click(ready_button().center)
    driver.step()
    assert driver.scene is play and not play.hints.shown and not play.hints.hints


def test_a_docked_plan_shows_in_the_panel_and_a_click_there_plays_its_next_step():
    """A clicked plan stays docked (the panel and its next step) after the
    hints themselves are gone; a click on the panel plays the step; the last step undocks it."""
    driver, match, _ = _driver(confirm=False)
    scene = driver.scene
    player = scene.my_turn()
    step = match.legal_moves()[-1]
    scene.hint_plan.dock((step,), player, match)
    driver.step()
    assert match_hints.docked_step(scene) is step and scene.log_view.dock == "hint"
    version = match.version
    driver.click(hint_panel.panel_rect().center)
    assert match.version == version + 1 and str(step) in [str(m) for m in match.host_game.record()["moves"]]
    driver.step()
    assert not scene.hint_plan.docked


def test_hints_are_offered_at_every_decision_the_court_count_first():
    """The turn's first decision is the court count (§5.2 T1): the Hint button is there, and its
    best hint is the whole turn from it, court count first (a newcomer's run found no button)."""
    driver, match, ctx = _driver(confirm=False)
    match.play(match.host_game.legal_moves()[0])        # power card 1: up to 6 to the court (§4.1)
    assert driver.until(lambda: str(match.host_game.phase) == "court" and driver.scene.my_turn() is not None)
    assert driver.scene.hints.available(match, driver.scene.my_turn())
    driver.key(pygame.K_h)
    _wait_for_hints(driver)
    best = driver.scene.hints.hints[0]
    assert best.plan[0].verb == "court" and any(m.verb == "card" for m in best.plan)
