"""Hosting from the client: "Host a table" with the server field left
empty starts the game server inside the client; the lobby tells the host what friends need (the
code, this computer's LAN addresses and the port to open), copyable with one click; LAN discovery
finds the hosted server; the Join form remembers the addresses used; a friend's lobby never asks
him to hand out the code. Every server here listens on loopback and is stopped by its test."""
from __future__ import annotations

import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pygame
import pytest

from game.match import local_server
from game.match.reach import join_text, lan_addresses, recent_servers, remember_server
from game.scenes.online import HostScene, JoinScene
from game.scenes.online_lobby import LobbyScene
from game.shell.i18n import t
from game.shell.scene import Transition
from net import discovery
from net.client import load_credentials
from tests.game.driver import FRAME, Driver, make_context

LOOPBACK = ["127.0.0.1"]
ADVERTISED = "192.0.2.78"          # TEST-NET-1: announced on loopback, never connected to


@contextmanager
def hosting(tmp_path: Path, lan: bool) -> Iterator[local_server.LocalServer]:
    """The client's own server, on loopback with a database of the test's, announced on the
    loopback interface only when `lan` (zeroconf's name probing takes about 1.6 s); stopped at
    the end."""
    server = local_server.LocalServer(tmp_path / "data" / local_server.DB_FILE, host="127.0.0.1", port=0,
                                      lan_address=ADVERTISED, interfaces=LOOPBACK, name="ana-hosting", lan=lan)
    server.start()
    local_server.use(server)
    try:
        yield server
    finally:
        local_server.stop()
        assert not server.running


@pytest.fixture
def hosted(tmp_path) -> Iterator[local_server.LocalServer]:
    with hosting(tmp_path, lan=False) as server:
        yield server


@pytest.fixture
def hosted_on_lan(tmp_path) -> Iterator[local_server.LocalServer]:
    with hosting(tmp_path, lan=True) as server:
        yield server


def seated(form: Any) -> LobbyScene:
    form.choose(form.submit)
    end = time.monotonic() + 30
    while (transition := form.update(FRAME)) is None:
        assert time.monotonic() < end, f"no answer ({form.status})"
        time.sleep(0.01)
    assert isinstance(transition.scene, LobbyScene), form.status
    return transition.scene


def test_host_a_table_on_this_computer_shows_what_friends_need_and_copies_it(hosted, screenshots):
    driver = Driver(HostScene(make_context()))
    host = driver.scene
    assert isinstance(host, HostScene) and host.address.value == ""      # empty: this computer
    host.player.value = "Ana"
    host.kinds = ["human", "normal", "none", "none"]
    lobby = seated(host)
    try:
        assert lobby.table.hosted and lobby.table.server == hosted.url
        stored = load_credentials(local_server.data_dir() / "online.json")[lobby.table.code]
        assert stored["hosted"] is True and stored["host_token"]
        assert lobby.port == hosted.port and lobby.addresses == lan_addresses()
        assert lobby.subtitle() == t("online.hosted_help")
        driver.app.apply(Transition.replace(lobby))
        driver.step(2)
        copy = next(rect for rect, key in lobby.buttons() if key == "copy")
        driver.click(copy.center)
        pasted = pygame.scrap.get_text()
        assert pasted == join_text(lobby.addresses, hosted.port, lobby.table.code)
        assert lobby.table.code in pasted and f":{hosted.port}" in pasted
        assert lobby.status == t("online.copied", text=pasted)
        surface = pygame.display.get_surface().copy()
        lobby.draw(surface)
        pygame.image.save(surface, str(screenshots / "online_hosted_lobby.png"))
    finally:
        lobby.table.close().result(10)


def test_the_hosted_server_is_found_on_the_lan(hosted_on_lan):
    assert hosted_on_lan.announced.result(10)        # announced after it listens, off its loop
    found = discovery.discover(1.0, interfaces=LOOPBACK)
    assert ("ana-hosting", ADVERTISED, hosted_on_lan.port) in found


def test_a_friend_joins_the_hosted_table_and_is_not_told_to_give_the_code(hosted, screenshots):
    host = HostScene(make_context())
    host.player.value = "Ana"
    lobby = seated(host)
    join = JoinScene(make_context())
    join.player.value, join.address.value, join.code.value = "Ben", f"127.0.0.1:{hosted.port}", lobby.table.code
    friend = seated(join)
    try:
        assert friend.table.viewer == "blue" and not friend.table.host_token
        assert friend.subtitle() == t("online.guest_help")
        assert not [key for _, key in friend.buttons() if key == "copy"]     # addresses are the host's to give
        surface = pygame.display.get_surface().copy()
        friend.draw(surface)
        pygame.image.save(surface, str(screenshots / "online_guest_lobby.png"))
    finally:
        friend.table.close().result(10)
        lobby.table.close().result(10)


def test_the_join_form_remembers_the_last_addresses(data_dir):
    assert recent_servers() == []
    for address in ("10.0.0.2:8765", "192.168.1.5:8765", "10.0.0.2:8765"):
        remember_server(address)
    assert recent_servers() == ["10.0.0.2:8765", "192.168.1.5:8765"]
    assert not list(data_dir.glob(".servers-*"))          # written atomically: no temporary left
    join = JoinScene(make_context())
    assert join.address.value == "10.0.0.2:8765"
    assert [join.label(key) for _, key in join.buttons() if key.startswith("server:")][:2] == \
        ["10.0.0.2:8765", "192.168.1.5:8765"]
    join.choose("server:1")
    assert join.address.value == "192.168.1.5:8765" and join.focus_field == 2
