"""On the client's screens, against a real server on loopback: the Host and
Join screens' name field (prefilled from the last name used, checked, sent, the seat list showing
it); the title screen listing the player's online tables with whose turn it is, each resumable,
and a returning player's log holding what happened while away; one quiet line when the server
cannot be reached; the host picking the AI level for a gone player's seat; and Quit to title
closing the connection so the others see the seat as gone. Each screen is rendered to a PNG."""
from __future__ import annotations

import random
import socket
import threading
import time
from typing import Any, Callable

import pygame

from game.match import remote
from game.match.remote import RemoteTable, remember
from game.scenes import navigation, online
from game.match.online_tables import table_line
from game.render import style
from game.render.online_tables import row_rects
from game.scenes.online import HostScene, JoinScene
from game.scenes.online_lobby import LobbyScene, SeatLostScene
from game.scenes.play import MatchScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.shell import layout
from game.shell.i18n import t
from game.shell.scene import Scene, Transition
from game.shell.settings import Settings
from tests.game.driver import FRAME, Driver, make_context
from tests.game.test_online_client import open_table
from tests.net.helpers import server_process


def until(check: Callable[[], bool], what: str, tick: Callable[[], Any] = lambda: None, limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while not check():
        assert time.monotonic() < end, what
        tick()
        time.sleep(0.01)


def shoot(scene: Scene, screenshots: Any, name: str, below: Scene | None = None) -> None:
    surface = pygame.display.get_surface().copy()
    if below is not None:          # an overlay: the screen it covers first
        below.draw(surface)
    scene.draw(surface)
    pygame.image.save(surface, str(screenshots / f"online_{name}.png"))


def seated_scene(form: Any) -> LobbyScene:
    """Press a Host or Join form's button: the lobby it opens once the server answered."""
    form.choose(form.submit)
    end = time.monotonic() + 30
    while (transition := form.update(FRAME)) is None:
        assert time.monotonic() < end, f"no answer ({form.status})"
        time.sleep(0.01)
    assert isinstance(transition.scene, LobbyScene)
    return transition.scene


def logged(table: RemoteTable) -> list[str]:
    """The log lines of every move and event the table was sent, animated or not."""
    return table.log_lines()


def play_until(tables: list[RemoteTable], lines: int) -> None:
    """The two seats play random moves until the first has `lines` log lines."""
    rng = random.Random(3)

    def tick() -> None:
        for table in tables:
            table.think()
            if table.human_to_move():
                table.play(rng.choice(table.legal_moves()))
    until(lambda: len(logged(tables[0])) >= lines, "the game did not get going", tick, limit=60)


def test_the_name_fields_are_prefilled_checked_remembered_and_shown(tmp_path, screenshots):
    with server_process(tmp_path / "s.db") as (_, port):
        driver = Driver(TitleScene(make_context()))
        ctx = make_context()
        ctx.settings.online_name = "Ana"
        host = HostScene(ctx)
        assert host.player.value == "Ana" and host.focus_field == 1       # prefilled: the address has the keys
        host.address.value = f"127.0.0.1:{port}"
        host.player.value = "   "
        host.choose("create")                      # a blank name is refused before anything is sent
        assert host.pending is None and host.status == t("online.bad_name", limit=24) and host.focus_field == 0
        shoot(host, screenshots, "host_bad_name")
        host.player.value = "  Ana Maria "
        lobby = seated_scene(host)
        assert Settings.load().online_name == "Ana Maria"        # remembered in the data dir
        join_ctx = make_context()
        join_ctx.settings = Settings.load()
        join = JoinScene(join_ctx)
        assert join.player.value == "Ana Maria" and join.focus_field == 2   # the code has the keys
        join.player.value, join.address.value, join.code.value = "Ben", f"127.0.0.1:{port}", lobby.table.code
        shoot(join, screenshots, "join_named")
        friend = seated_scene(join)
        until(lambda: lobby.table.names() == {"red": "Ana Maria", "blue": "Ben"}, "the names never showed",
              lobby.table.think)
        assert lobby.table.name("blue") == "Ben"
        shoot(lobby, screenshots, "lobby_named")
        driver.app.step(0)
        lobby.table.close().result(10)
        friend.table.close().result(10)


def test_the_title_lists_online_tables_and_resumes_one_with_what_happened_meanwhile(tmp_path, screenshots):
    with server_process(tmp_path / "s.db") as (_, port):
        url = f"ws://127.0.0.1:{port}"
        host, guest = open_table(url)
        try:
            play_until([host, guest], 3)
            code = guest.code
            remember(code, url, "blue", guest.online.client.seats[code])
            guest.close().result(10)
            ctx = make_context()
            ctx.settings.online_name = "Ben"
            driver = Driver(TitleScene(ctx))
            title = driver.scene
            assert isinstance(title, TitleScene)
            until(lambda: not title.online.busy, "the title never listed the tables", lambda: driver.app.step(FRAME))
            rows = row_rects(title.online)
            assert [key for _, key in rows] == [f"table:{code}"]
            item = title.online.tables[0]
            turn = t("online.your_turn") if item["to_move"] == "blue" else \
                t("online.turn_of", who=host.name(item["to_move"]))
            assert turn in table_line(item)
            driver.app.step(FRAME)
            shoot(title, screenshots, "title_tables")
            title.choose(rows[0][1])
            until(lambda: isinstance(driver.scene, MatchScene), f"no match screen (at {driver.scene.name})",
                  lambda: (host.think(), driver.app.step(FRAME)))
            back = driver.scene.match
            assert isinstance(back, RemoteTable) and back.viewer == "blue"
            host.think()
            # the history came first: the log starts with the lines of everything the host was sent
            mine = back.log_lines()
            theirs = logged(host)
            k = min(len(mine), len(theirs))
            assert k >= 3 and mine[:k] == theirs[:k]
            assert back.visible_log()[:3] == theirs[:3]        # shown at once, not animated
            shoot(driver.scene, screenshots, "resumed_match")
            back.close().result(10)
        finally:
            host.close().result(10)


def test_an_unreachable_server_is_one_quiet_line_on_the_title(tmp_path, screenshots, monkeypatch):
    monkeypatch.setattr(remote, "LIST_CONNECT_S", 0.5)     # given up on sooner: the same path
    with socket.socket() as s:                      # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    remember("K7QM2X", f"ws://127.0.0.1:{port}", "red", "c" * 43)
    driver = Driver(TitleScene(make_context()))
    title = driver.scene
    assert isinstance(title, TitleScene) and title.online.busy    # the title is up while the list is asked
    until(lambda: not title.online.busy, "the list never gave up", lambda: driver.app.step(FRAME))
    assert title.online.unreachable and title.online.tables == [] and row_rects(title.online) == []
    driver.app.step(FRAME)
    shoot(title, screenshots, "title_unreachable")


def test_the_host_picks_the_ai_level_for_a_gone_players_seat(tmp_path, screenshots):
    with server_process(tmp_path / "s.db") as (_, port):
        host, guest = open_table(f"ws://127.0.0.1:{port}")
        try:
            guest.close().result(10)
            until(lambda: host.disconnected() == ["blue"], "the host never saw the seat drop", host.think)
            driver = Driver(MatchScene(make_context(), host))
            driver.app.apply(Transition.push(SeatLostScene(driver.scene.ctx, host, "blue")))
            lost, match_scene = driver.scene, driver.app.stack[0]
            assert [key for _, key in lost.buttons()] == ["ai:easy", "ai:normal", "ai:hard", "ai:expert", "wait"]
            shoot(lost, screenshots, "seat_lost_levels", match_scene)
            hard = next(rect for rect, key in lost.buttons() if key == "ai:hard")
            driver.click(hard.center)
            assert isinstance(driver.scene, MatchScene)
            until(lambda: any(s.player == "blue" and s.kind == "hard" and s.away for s in host.seat_states()),
                  "the seat was not handed to the hard AI", host.think)
        finally:
            host.close().result(10)


def test_quit_to_title_from_an_online_match_closes_the_connection(tmp_path):
    with server_process(tmp_path / "s.db") as (_, port):
        host, guest = open_table(f"ws://127.0.0.1:{port}")
        try:
            driver = Driver(MatchScene(make_context(), guest))
            driver.app.apply(Transition.push(navigation.settings(driver.scene.ctx, in_game=True)))
            menu = driver.scene
            assert isinstance(menu, SettingsScene)
            menu.act("quit_to_title")
            driver.app.step(FRAME)
            assert isinstance(driver.scene, TitleScene)
            until(lambda: host.disconnected() == ["blue"], "the server never noticed the seat was left", host.think)
            until(lambda: not guest.online.connected, "the guest's connection never closed", lambda: None)
            assert host.waiting_text() == "Ben left the table"        # quitting is not losing the line
        finally:
            host.close().result(10)


def test_the_host_screen_starts_with_ai_seats_at_normal_and_every_seat_in_its_colour():
    """A newcomer's run: the other seats began as "Random" (the random mover) with bare colour
    words. They begin as an open seat and two Normal AIs, and the host's own row says "You"."""
    scene = HostScene(make_context())
    assert scene.seats() == ["human", "human", "normal", "normal"]
    assert [scene.label(f"seat:{i}") for i in range(4)] == [
        t("online.open_seat"), t("setup.ai", level=t("seat.normal")), t("setup.ai", level=t("seat.normal")),
        t("online.no_seat")]
    driver = Driver(scene)
    driver.step(2)
    driver.app.draw()
    frame = driver.app.window
    for i, (rect, _) in enumerate(scene.buttons()[:4]):
        swatch = (rect.x - 127, rect.centery)            # the colour square left of the seat's name
        colour = ("blue", "green", "yellow", "orange")[i]
        assert tuple(frame.get_at(swatch))[:3] == style.player_colour(colour)


def test_a_friend_in_the_lobby_is_told_who_starts_the_game():
    """The joiner has no Start button: the lobby says whose start it waits for, by name."""
    from game.match.remote import SeatState

    class Joined:
        code, viewer, host_token, ready, status, hosted, game = "ABC234", "blue", None, False, "open", False, "el-grande"

        def seat_states(self) -> list[SeatState]:
            return [SeatState("red", "human", "Ana", True, True, False),
                    SeatState("blue", "human", "Ben", True, True, False)]

        def name(self, player: str) -> str:
            return {"red": "Ana", "blue": "Ben"}[player]

    lobby = LobbyScene(make_context(), Joined())  # type: ignore[arg-type]  # the lobby reads only these
    lobby.follow_seats()                        # what update() does as the seats arrive
    lobby.draw(pygame.Surface((1280, 800)))
    assert lobby.status == t("online.wait_host", host="Ana")
    assert [key for _, key in lobby.buttons()] == ["back"]
    assert lobby.buttons()[0][0].centerx == layout.current().frame.centerx      # Back alone, centred


def test_the_online_log_names_every_move_as_a_local_games_log_does(tmp_path):
    """A newcomer's run: the online log stayed empty while cards were played. Each update carries
    the move as the table saw it, so the log reads "Ana plays power card 7" as a local one does,
    for every seat (another's secret stays "sets the secret disc")."""
    with server_process(tmp_path / "s.db") as (_, port):
        host, guest = open_table(f"ws://127.0.0.1:{port}")
        try:
            play_until([host, guest], 8)
            until(lambda: len(logged(guest)) >= 8, "the guest's log stayed behind", guest.think)
            powers = {t("log.power", who=host.name(p), value=v): p for p in host.players for v in range(1, 14)}
            first_round = [powers[line] for line in logged(host)[:8] if line in powers]
            assert sorted(first_round) == sorted(host.players)        # every seat's power card, once
            assert logged(guest)[:8] == logged(host)[:8]               # the same public words at every seat
            rng = random.Random(5)

            def host_only() -> None:                                   # Ben does not play: his turn comes
                host.think()
                guest.think()
                if host.human_to_move():
                    host.play(rng.choice(host.legal_moves()))
            until(lambda: host.view().to_move == guest.viewer, "Ben's turn never came", host_only)
            assert host.waiting_text() == ""            # not while the moves before it are still shown
            host.events.clear()                          # as the match screen does once it animated them
            assert host.waiting_text() == t("online.waiting_for", who="Ben")   # the plate is never blank
        finally:
            host.close().result(10)
            guest.close().result(10)


def test_a_lan_search_still_listening_does_not_hold_the_programs_exit(monkeypatch):
    """The join screen's LAN search runs on a daemon thread: quitting while it listens does not
    wait for it (an executor's queued searches held the exit two seconds each)."""
    release = threading.Event()
    monkeypatch.setattr(online, "discover", lambda timeout: [("ana", "192.0.2.7", 8765)] if release.wait(5) else [])
    finding = online._find_servers()
    searching = [thread for thread in threading.enumerate() if thread.name == "el-grande-lan"]
    assert searching and all(thread.daemon for thread in searching) and not finding.done()
    release.set()
    assert finding.result(5) == [("ana", "192.0.2.7", 8765)]
