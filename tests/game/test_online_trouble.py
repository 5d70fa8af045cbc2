"""Connection trouble shown and repaired: while the connection is down
the match screen's frame carries a banner with the seconds waited; a move made meanwhile, or one
in flight when the connection dropped, is shown as queued and sent once when the seat is back;
the lists of the player's tables say the server cannot be reached and ask again by themselves,
showing the tables once it is back. Servers listen on loopback and are stopped by their test."""
from __future__ import annotations

import socket
import time
from concurrent.futures import Future
from typing import Any

import pygame

from game.match import online_tables, remote
from game.match.remote import remember
from game.present.match_frame import Frame
from game.scenes.online import OnlineScene
from game.scenes.play import MatchScene
from game.scenes.title import TitleScene
from game.shell.i18n import t
from net.client import Disconnected
from tests.game.driver import FRAME, Driver, make_context
from tests.game.fake_server import NAMES, FakeServer
from tests.game.test_online_client import open_table
from tests.net.helpers import server_process


def seat_to_move() -> FakeServer:
    server = FakeServer(["human", "human"], "red")
    server.player = str(server.game.to_move)
    return server


def shown(driver: Driver) -> Frame:
    driver.app.step(FRAME)
    frame = driver.app.scene.frame()
    assert isinstance(frame, Frame) and driver.app.drawn_frame == frame     # drawn without input
    return frame


def test_a_lost_connection_is_a_banner_and_a_move_made_meanwhile_is_sent_once(screenshots):
    server = seat_to_move()
    table = server.table()
    driver = Driver(MatchScene(make_context(), table))
    for _ in range(3):
        assert shown(driver).connection == ""
    server.online.connected = False
    assert shown(driver).connection == t("online.reconnecting", seconds=0)
    move = table.legal_moves()[0]
    assert table.play(move)
    assert server.online.sent == [] and table.human_to_move() is None      # queued, not sent
    assert table.lost_since is not None
    table.lost_since -= 12
    banner = shown(driver).connection
    assert banner.startswith(t("online.reconnecting", seconds=12)) and \
        t("online.move_queued", move="").rstrip() in banner and NAMES[server.player] in banner
    surface = pygame.display.get_surface().copy()
    driver.scene.draw(surface)
    pygame.image.save(surface, str(screenshots / "online_reconnecting.png"))
    server.online.connected = True
    shown(driver)
    assert server.online.sent == []               # back, but not yet brought up to date
    server.send_update(None, [])                  # the resume's update: the same position
    for _ in range(5):
        shown(driver)
    assert server.online.sent == [str(move)] and server.n == 1               # sent once
    assert shown(driver).connection == ""


def test_a_secret_move_waiting_for_the_connection_reads_in_full_to_its_player():
    """The banner names the seat's own queued move as his log will: a power card taken back by
    its number (the move is his; docs/protocol.md `update`)."""
    table = seat_to_move().table()
    table.queued, table.lost_since = (0, "recover 3"), time.monotonic()
    own = t("log.recover_own", who=NAMES[table.viewer or ""], value="3")
    assert table.connection_text().endswith(t("online.move_queued", move=own))


def test_a_move_in_flight_when_the_connection_dropped_is_sent_again_only_if_it_was_not_stored():
    server = seat_to_move()
    table = server.table()
    played = server.online.submit

    def dropped(method: str, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_exception(Disconnected("the connection to the server dropped"))
        return future
    server.online.submit = dropped  # type: ignore[method-assign]
    move = table.legal_moves()[0]
    assert table.play(move)
    server.online.connected = False
    table.think()
    assert table.queued == (0, str(move)) and "your move" in table.connection_text()
    server.online.submit = played  # type: ignore[method-assign]
    server.online.connected = True
    table.think()
    server.send_update(None, [])
    table.think()
    table.think()
    assert server.online.sent == [str(move)] and table.queued is None and table.n == 1


def test_a_move_that_reached_the_store_before_the_drop_is_not_sent_again():
    server = seat_to_move()
    table = server.table()
    move = table.legal_moves()[0]
    table.queued = (0, str(move))                   # its answer was lost with the connection
    server.online.connected = False
    table.think()
    server.play_quietly(str(move))                  # yet the server stored it
    server.online.connected = True
    table.think()
    server.send_history(0)
    table.think()
    table.think()
    assert server.online.sent == [] and table.n == 1 and table.queued is None and not table.notices


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_the_tables_lists_retry_by_themselves_and_show_the_tables_once_the_server_is_back(tmp_path, screenshots,
                                                                                        monkeypatch):
    monkeypatch.setattr(remote, "LIST_CONNECT_S", 0.5)     # given up on and asked again sooner:
    monkeypatch.setattr(online_tables, "RETRY_SECONDS", 0.5)   # the same path in less time
    port = free_port()
    with server_process(tmp_path / "s.db", port=port):
        host, guest = open_table(f"ws://127.0.0.1:{port}")
        code, credential = host.code, host.online.client.seats[host.code]
        host.close().result(10)
        guest.close().result(10)
    remember(code, f"ws://127.0.0.1:{port}", "red", credential)     # its server is down for now
    title = Driver(TitleScene(make_context()))
    online = OnlineScene(make_context())
    end = time.monotonic() + 30
    while not (title.scene.online.unreachable and online.tables.unreachable):
        assert time.monotonic() < end, "the lists never said the server cannot be reached"
        title.app.step(FRAME)
        online.update(FRAME)
        time.sleep(0.02)
    assert title.scene.online.retrying and title.scene.online.quiet(False) == t("title.online_unreachable")
    assert "retrying" in t("title.online_unreachable")
    surface = pygame.display.get_surface().copy()
    online.draw(surface)
    pygame.image.save(surface, str(screenshots / "online_list_retrying.png"))
    with server_process(tmp_path / "s.db", port=port):           # the server is back, same address
        end = time.monotonic() + 30
        while not (title.scene.online.tables and online.tables.tables and not online.tables.unreachable):
            assert time.monotonic() < end, "the lists never refreshed by themselves"
            title.app.step(FRAME)
            online.update(FRAME)
            time.sleep(0.05)
        assert [item["code"] for item in title.scene.online.tables] == [code]
        assert not title.scene.online.unreachable and title.scene.online.quiet(False) != \
            t("title.online_unreachable")
