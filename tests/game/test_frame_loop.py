"""The match screen is drawn whenever what it shows changes, with no input event (game/shell/app.py:
the app compares the top scene's frame with the one drawn last): a server's update, a seat's
connection lost and back, a hand-off, an AI move, the end of an animation. (That painting a frame
changes neither it nor the screen's state is tests/game/test_match_screen.py's.)"""
from __future__ import annotations

import random

import pygame

import engine
from game.match.controller import Match
from game.match.seats import parse_players
from game.present.match_frame import Frame
from game.present.table import Table
from game.scenes.handoff import HandoffScene
from game.scenes.play import MatchScene
from game.shell.app import App
from game.shell.i18n import t
from tests.game.driver import FRAME, Driver, make_context
from tests.game.fake_server import NAMES, FakeServer


def on_screen(app: App) -> Frame:
    """The frame drawn last, checked to be the top scene's frame now."""
    frame = app.scene.frame()
    assert isinstance(frame, Frame)
    assert app.drawn_frame == frame, "the screen shows an older frame than the scene's"
    return frame


def quiet_steps(app: App, frames: int) -> int:
    """Step with no input; how many frames were drawn."""
    before = len(app.frame_times)
    for _ in range(frames):
        assert app.step(FRAME)
        on_screen(app)
    return len(app.frame_times) - before


def waiting_seat() -> tuple[FakeServer, str]:
    """A two-seat online table seen by the seat not to move; the other seat's name."""
    server = FakeServer(["human", "human"], "blue")
    mover = str(server.game.to_move)
    server.player = next(p for p in server.game.players if p != mover)
    return server, NAMES[mover]


def test_an_ai_move_and_the_end_of_its_animation_are_drawn_without_input():
    match = Match(parse_players("human,random"), 8, autosave=False)
    driver = Driver(MatchScene(make_context(), match))
    scene = driver.scene
    assert isinstance(scene, MatchScene)
    quiet_steps(driver.app, 3)
    assert scene.my_turn() == "red"
    move = next(m for m in match.legal_moves() if m.verb == "power")
    assert match.play(move)                    # the human's card (not an input event: the AI answers)
    for _ in range(600):
        match.wait_for_ai()
        assert driver.app.step(FRAME)
        on_screen(driver.app)
        if scene.summary is not None:
            scene.summary = None              # a card's scoring (the click that closes it)
        if scene.my_turn() == "red":
            break
    frame = on_screen(driver.app)
    assert frame.prompt.text.startswith(match.name("red")) and frame.buttons
    assert quiet_steps(driver.app, 10) == 0, "nothing changed, nothing moves: no frame is drawn"


def test_a_server_update_is_drawn_without_input():
    server, other = waiting_seat()
    table = server.table()
    driver = Driver(MatchScene(make_context(), table))
    quiet_steps(driver.app, 3)
    assert on_screen(driver.app).prompt.text == t("online.waiting_for", who=other)
    rng = random.Random(1)
    server.play(str(rng.choice(server.game.legal_moves())))      # the other seat's power card
    drawn = quiet_steps(driver.app, 1)
    assert drawn == 1
    scene = driver.scene
    assert isinstance(scene, MatchScene)
    for _ in range(200):
        if scene.my_turn():
            break
        quiet_steps(driver.app, 1)
    frame = on_screen(driver.app)
    assert frame.turn == server.player and frame.prompt.text.startswith(NAMES[server.player])
    for _ in range(3000):                      # both seats play on: every answer is drawn as it comes
        if server.n >= 60:
            break
        if scene.summary is not None:
            scene.summary = None
        elif scene.my_turn():
            assert table.play(rng.choice(table.legal_moves()))
        elif server.game.to_move != server.player and not table.events:
            server.play(str(rng.choice(server.game.legal_moves())))
        quiet_steps(driver.app, 1)
    assert server.n >= 60


def test_the_lost_connection_line_comes_and_goes_without_input():
    server, other = waiting_seat()
    gone = next(p for p in server.game.players if p != server.player)
    table = server.table()
    driver = Driver(MatchScene(make_context(), table))
    quiet_steps(driver.app, 3)
    server.connected.discard(gone)
    server.send_summary()
    assert quiet_steps(driver.app, 1) == 1
    assert on_screen(driver.app).prompt.text == t("online.lost_connection", who=other)
    server.connected.add(gone)
    server.send_summary()
    assert quiet_steps(driver.app, 1) == 1
    assert on_screen(driver.app).prompt.text == t("online.waiting_for", who=other)


def test_after_a_hand_off_the_next_player_is_drawn_without_input():
    """Pass-and-play: every hand-off confirmed is followed, with no further input, by the screen
    of the player it was handed to (his prompt, nobody else's secret)."""
    match = Match(parse_players("human,human"), 3, autosave=False)
    driver = Driver(MatchScene(make_context(), match))
    rng = random.Random(5)
    hand_offs = 0
    for _ in range(20000):
        if hand_offs >= 12 or match.host_game.is_over:
            break
        scene = driver.scene
        if isinstance(scene, HandoffScene):
            driver.key(pygame.K_RETURN)
            hand_offs += 1
            top = driver.scene
            assert isinstance(top, MatchScene)
            first = on_screen(driver.app)       # the very frame drawn as the hand-off closes
            fresh = Table()
            fresh.sync(match.view())
            assert top.table.hands == fresh.hands and first.table == top.table.snapshot(), \
                "the first frame after a hand-off shows only the new viewer's hand"
            quiet_steps(driver.app, 2)
            top = driver.scene
            assert isinstance(top, MatchScene)
            frame = on_screen(driver.app)
            assert frame.position == (match.version, match.viewer)
            if top.my_turn():
                assert frame.prompt.text.startswith(match.name(str(top.my_turn())))
            continue
        if isinstance(scene, MatchScene):
            if scene.summary is not None:
                scene.summary = None
            elif scene.my_turn():
                moves = match.legal_moves()
                secret = [m for m in moves if m.verb in engine.SECRET_VERBS or m.verb == "power"]
                assert match.play(rng.choice(secret or moves))
        driver.step()
    assert hand_offs >= 12
