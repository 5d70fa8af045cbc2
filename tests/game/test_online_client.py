"""The pygame client side of online play: the remote table feeds the one match screen from a real
server on loopback — two seats played through `RemoteTable` + `MatchScene` against two AI seats to
the end, a dropped connection coming back to the same seat, and nothing but the seat's own view
held by the client."""
from __future__ import annotations

import random
import time
from typing import Any

import pygame

from game.scenes.match_screen import hints as match_hints
from game.match.remote import RemoteTable, remember, server_url
from game.scenes.game_over import GameOverScene
from game.scenes.play import MatchScene
from game.shell import input as inp
from net.background import BackgroundClient
from net.client import load_credentials
from tests.game.driver import FRAME, Driver, make_context
from tests.net.helpers import server_process


def _wait(future: Any, timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while not future.done():
        assert time.monotonic() < end, "no answer from the server"
        time.sleep(0.005)
    return future.result()


def seat(url: str, reply_of: Any) -> tuple[BackgroundClient, dict[str, Any]]:
    online = BackgroundClient(url)
    _wait(online.submit("connect"))
    return online, _wait(reply_of(online))


def open_table(url: str) -> tuple[RemoteTable, RemoteTable]:
    """Ana hosts red and Ben joins blue; green and yellow are random AI seats; started."""
    ana, created = seat(url, lambda c: c.submit("create", ["human", "human", "random", "random"], name="Ana"))
    ben, joined = seat(url, lambda c: c.submit("join", created["code"], name="Ben"))
    host = RemoteTable(ana, created["code"], created["player"], url, created["host_token"])
    guest = RemoteTable(ben, joined["code"], joined["player"], url)
    _wait(host.start())
    for table in (host, guest):
        table.wait_ready()
    return host, guest


def step(scene: MatchScene, rng: random.Random) -> Any:
    """One frame of a scripted player: a summary clicked away, a random legal move of his own."""
    transition = scene.update(FRAME)
    if scene.summary is not None:
        scene.handle(inp.Intent(inp.Kind.CLICK))
    elif scene.my_turn():
        assert scene.match.play(rng.choice(scene.match.legal_moves()))
    return transition


def test_two_remote_seats_play_a_four_seat_game_with_two_ai_seats_to_the_end(tmp_path):
    with server_process(tmp_path / "s.db") as (_, port):
        host, guest = open_table(f"ws://127.0.0.1:{port}")
        try:
            driver = Driver(MatchScene(make_context(speed=40.0), host), paint_every=10)
            other = MatchScene(make_context(speed=40.0), guest)
            rng, done, end = random.Random(5), {}, time.monotonic() + 150
            seen_views = []
            while len(done) < 2:
                assert time.monotonic() < end, "the online game did not finish"
                for who, scene in (("red", driver.scene), ("blue", other)):
                    if who in done:
                        continue
                    if isinstance(scene, GameOverScene):
                        done[who] = scene
                        continue
                    transition = step(scene, rng)
                    seen_views.append((who, scene.match.view()))
                    if transition is not None and isinstance(transition.scene, GameOverScene):
                        done[who] = transition.scene
                    if who == "red" and who not in done:
                        driver.app.step(0)
                time.sleep(0.002)
            assert host.view().is_over and guest.view().is_over
            assert host.view().scores == guest.view().scores
            assert done["red"].table.winners == tuple(host.view().winners())
            assert done["red"].actions == ("title_screen",)          # no replay/export: the server's game
            # every view a seat held was its own: no other seat's discs, the stacks hidden
            assert all(view.viewer_id == who for who, view in seen_views)
            assert not hasattr(host, "host_game") and not hasattr(guest, "host_game")
            assert host.visible_log() and host.log_lines()
        finally:
            host.close()
            guest.close()


def test_no_other_seats_secret_is_held_by_a_remote_table(tmp_path):
    """The disc phase: Ben's table never holds Ana's set disc until the reveal (docs/design.md §1)."""
    with server_process(tmp_path / "s.db") as (_, port):
        host, guest = open_table(f"ws://127.0.0.1:{port}")
        try:
            rng, end = random.Random(2), time.monotonic() + 60
            checked = 0
            while checked < 3:
                assert time.monotonic() < end, "no disc phase reached"
                for table in (host, guest):
                    table.think()
                    if table.human_to_move():
                        table.play(rng.choice(table.legal_moves()))
                    view = table.view()
                    if view.phase == "disc":
                        other = "red" if table.viewer == "blue" else "blue"
                        assert view.disc(other) is None
                        checked += 1
                time.sleep(0.005)
        finally:
            host.close()
            guest.close()


def test_a_dropped_connection_comes_back_to_the_same_seat(tmp_path):
    with server_process(tmp_path / "s.db") as (_, port):
        host, guest = open_table(f"ws://127.0.0.1:{port}")
        try:
            rng = random.Random(1)
            end = time.monotonic() + 60
            while host.n < 4:                           # a few moves into the game
                assert time.monotonic() < end
                for table in (host, guest):
                    table.think()
                    if table.human_to_move():
                        table.play(rng.choice(table.legal_moves()))
                time.sleep(0.005)
            before = guest.n
            guest.online.submit("drop")
            end = time.monotonic() + 30
            while not host.disconnected() and guest.online.client.connects < 2:
                assert time.monotonic() < end, "the drop was never seen"
                host.think()
                time.sleep(0.005)
            while guest.online.client.connects < 2 or not guest.online.connected:
                assert time.monotonic() < end, "the client did not reconnect"
                time.sleep(0.01)
            while True:                                  # the same seat again, up to date
                assert time.monotonic() < end, "the seat was not resumed"
                guest.think()
                host.think()
                if guest.n >= before and not host.disconnected() and guest.view().viewer_id == "blue":
                    break
                time.sleep(0.01)
            assert guest.viewer == "blue" and guest.view().viewer_id == "blue"
            while guest.n != host.n:                     # the moves made meanwhile reached its log too
                assert time.monotonic() < end, "the seat never caught up"
                guest.think()
                host.think()
                time.sleep(0.01)
            assert guest.log_lines() == host.log_lines()
        finally:
            host.close()
            guest.close()


def test_the_host_is_told_who_lost_the_connection(tmp_path):
    with server_process(tmp_path / "s.db") as (_, port):
        host, guest = open_table(f"ws://127.0.0.1:{port}")
        try:
            guest.online.close()          # the connection drops: no `leave` is sent
            end = time.monotonic() + 30
            while not host.disconnected():
                assert time.monotonic() < end, "the host never saw the seat drop"
                host.think()
                time.sleep(0.01)
            assert host.disconnected() == ["blue"]
            assert host.waiting_text() == "Ben lost the connection — waiting"
            _wait(host.hand_to_ai("blue", "random"))
            while host.disconnected():
                assert time.monotonic() < end
                host.think()
                time.sleep(0.01)
            assert any(s.away for s in host.seat_states() if s.player == "blue")
        finally:
            host.close()
            guest.close()


def test_a_player_who_quits_is_told_as_leaving_not_as_a_lost_connection(tmp_path):
    with server_process(tmp_path / "s.db") as (_, port):
        host, guest = open_table(f"ws://127.0.0.1:{port}")
        try:
            guest.close().result(10)      # a deliberate quit sends `leave` first
            end = time.monotonic() + 30
            while not host.disconnected():
                assert time.monotonic() < end, "the host never saw the seat drop"
                host.think()
                time.sleep(0.01)
            assert host.waiting_text() == "Ben left the table"
        finally:
            host.close()


def test_online_credentials_are_kept_in_the_data_dir(data_dir):
    remember("K7QM2X", "ws://127.0.0.1:8765", "red", "c" * 43, "h" * 43)
    assert load_credentials(data_dir / "online.json")["K7QM2X"]["host_token"] == "h" * 43
    assert server_url("192.168.1.5") == "ws://192.168.1.5:8765"
    assert server_url(" 127.0.0.1:9000 ") == "ws://127.0.0.1:9000"


def test_an_illegal_move_is_refused_in_words_before_it_is_sent(tmp_path):
    with server_process(tmp_path / "s.db") as (_, port):
        host, guest = open_table(f"ws://127.0.0.1:{port}")
        try:
            waiting = guest if host.human_to_move() else host
            assert not waiting.play("power 5")
            assert waiting.error == f"it is {waiting.name(waiting.view().to_move)}'s decision now"
            assert waiting.pending is None
        finally:
            host.close()
            guest.close()



def test_the_online_screens_host_and_join_a_table_through_the_lobby(tmp_path, screenshots):
    """Title → Play online → Host a table → lobby with its code; a friend joins by code; Start
    opens the match screen on the remote table (each screen rendered to a PNG to look at)."""
    from game.scenes.online import HostScene, JoinScene, OnlineScene
    from game.scenes.online_lobby import LobbyScene
    from game.scenes.play import MatchScene
    from game.scenes.title import TitleScene

    def settle(driver: Driver, kind: type, limit: float = 30.0) -> None:
        end = time.monotonic() + limit
        while not isinstance(driver.scene, kind):
            assert time.monotonic() < end, f"no {kind.__name__} (at {type(driver.scene).__name__})"
            driver.app.step(FRAME)
            time.sleep(0.01)

    def shoot(driver: Driver, name: str) -> None:
        surface = pygame.display.get_surface().copy()
        driver.scene.draw(surface)
        pygame.image.save(surface, str(screenshots / f"online_{name}.png"))

    with server_process(tmp_path / "s.db") as (_, port):
        driver = Driver(TitleScene(make_context(speed=40.0)))
        driver.scene.choose("online")
        settle(driver, OnlineScene)
        shoot(driver, "menu")
        driver.scene.choose("host")
        settle(driver, HostScene)
        host_scene = driver.scene
        host_scene.address.value, host_scene.player.value = f"127.0.0.1:{port}", "Ana"
        host_scene.kinds = ["human", "random", "random", "none"]
        shoot(driver, "host")
        host_scene.choose("create")
        settle(driver, LobbyScene)
        lobby = driver.scene
        while not lobby.table.seat_states():
            driver.app.step(FRAME)
        shoot(driver, "lobby")
        code = lobby.table.code
        join = JoinScene(make_context())
        join.address.value, join.code.value, join.player.value = f"127.0.0.1:{port}", code, "Ben"
        join.choose("join_table")
        end = time.monotonic() + 30
        while (transition := join.update(FRAME)) is None:
            assert time.monotonic() < end, join.status
            time.sleep(0.01)
        friend = transition.scene
        assert isinstance(friend, LobbyScene) and friend.table.viewer == "blue"
        while not lobby.can_start():
            driver.app.step(FRAME)
            time.sleep(0.01)
        lobby.choose("start")
        settle(driver, MatchScene)
        shoot(driver, "match")
        assert driver.scene.match.viewer == "red" and not match_hints.hints_offered(driver.scene)
        assert set(load_credentials(tmp_path / "data" / "online.json")) == {code}
        friend.table.close()
        driver.scene.match.close()
