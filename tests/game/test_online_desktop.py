"""The desktop client's online details: Ctrl+A then a capital letter
replaces the text (here and on the local set-up screen); a character the fonts cannot draw is
refused at entry with the reason; server refusals worded by code in the player's language; no
"Load game" in an online game's menu; moves an AI played for an away player marked in the log;
a player who left said so; hosting with every game option; watching a table in play; a table
removed from the list. Servers listen on loopback and are stopped by their test."""
from __future__ import annotations

import time

import pygame

from game.match.remote import remember
from game.scenes.online import HostScene, JoinScene, OnlineScene
from game.scenes.match_screen.model import seat_label
from game.scenes.play import MatchScene
from game.scenes.settings import SettingsScene, action_rects
from game.scenes.setup import SetupScene, seat_rects
from game.shell import input as inp
from game.shell.i18n import set_language, t
from game.shell.text_field import TextField
from game.match.online_tables import failure_text
from net.client import Refused, load_credentials
from tests.game.driver import FRAME, Driver, make_context
from tests.game.fake_server import NAMES, FakeServer
from tests.game.test_online_client import open_table
from tests.game.test_online_hosting import seated
from tests.net.helpers import server_process

CTRL, SHIFT = pygame.KMOD_CTRL, pygame.KMOD_SHIFT


def test_ctrl_a_then_a_capital_letter_replaces_the_text():
    field = TextField("zed", 24)
    field.handle(inp.Intent(inp.Kind.SELECT_ALL))
    field.handle(inp.Intent(inp.Kind.KEY, key=pygame.K_LSHIFT, text=""))     # Shift, for the capital
    assert field.selected
    field.handle(inp.Intent(inp.Kind.KEY, key=pygame.K_b, text="B"))
    assert field.value == "B" and not field.selected


def test_ctrl_a_then_shift_b_replaces_a_name_on_the_local_set_up_screen():
    driver = Driver(SetupScene(make_context()))
    scene = driver.scene
    assert isinstance(scene, SetupScene)
    driver.click(seat_rects(0)["name"].center)
    for char in "zed":
        driver.key(getattr(pygame, f"K_{char}"), char)
    driver.key(pygame.K_a, "a", CTRL)
    driver.key(pygame.K_LSHIFT, "", SHIFT)
    driver.key(pygame.K_b, "B", SHIFT)
    assert scene.seats[0].name == "B"


def test_a_character_the_fonts_cannot_draw_is_refused_at_entry_with_the_reason(screenshots):
    driver = Driver(JoinScene(make_context()))
    join = driver.scene
    assert isinstance(join, JoinScene)
    join.focus_field = 0
    for text in ("A", "n", "a", "🏰"):
        join.handle(inp.Intent(inp.Kind.KEY, key=0, text=text))
    assert join.player.value == "Ana" and join.status == t("name.glyphs", chars="🏰")
    surface = pygame.display.get_surface().copy()
    join.draw(surface)
    pygame.image.save(surface, str(screenshots / "online_glyph_refused.png"))
    join.player.value = "Ana 中"                    # a name remembered from before the check
    assert join.checked_name() is None and join.status == t("name.glyphs", chars="中")


def test_refusals_are_worded_by_code_in_the_players_language():
    refusal = Refused("already_started", "table KYM8BS has started")
    try:
        for language in ("en", "pt", "ca"):
            set_language(language)
            text = failure_text(refusal)
            assert text == t("online.error.already_started") and "KYM8BS" not in text
        set_language("pt")
        assert failure_text(Refused("new_code", "whatever")) == t("online.refused_code", code="new_code")
    finally:
        set_language("en")
    assert failure_text(ConnectionRefusedError()) == t("online.unreachable")


def test_an_online_games_menu_has_no_load_game():
    assert "load" not in [name for _, name in action_rects(True, False, online=True)]
    server = FakeServer(["human", "human"], "red")
    driver = Driver(MatchScene(make_context(), server.table()))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0, scancode=0))
    driver.app.step(FRAME)                      # Esc: the menu (the remote table has no AI to wait for)
    menu = driver.scene
    assert isinstance(menu, SettingsScene) and menu.online
    assert [name for _, name in action_rects(True, menu.match is not None, menu.online)] == ["resume", "quit_to_title"]


def test_moves_an_ai_played_for_an_away_player_are_marked_and_a_player_who_left_says_so():
    server = FakeServer(["human", "human", "human"], "red")
    table = server.table()
    mover = str(server.game.to_move)
    if mover == "red":                          # red plays first: the next seat is the away one
        server.play(str(server.game.legal_moves()[0]))
        table.think()
        mover = str(server.game.to_move)
    summary = server.summary()
    for seat in summary["seats"]:
        if seat["player"] == mover:
            seat.update(kind="normal", away=True, connected=False)
    server.online.queue.append(summary)
    server.play(str(server.game.legal_moves()[0]))
    table.think()
    ai_line = t("online.ai_played", who=NAMES[mover], level=t("seat.normal"))
    assert any(line.startswith(ai_line) for line in table.log_lines())
    assert seat_label(table, mover) == t("online.away", level=t("seat.normal"))     # the panel marks him
    summary = server.summary()
    gone = next(p for p in server.game.players if p not in ("red", mover))
    for seat in summary["seats"]:
        if seat["player"] == gone:
            seat.update(connected=False, left=True)
    server.online.queue.append(summary)
    table.think()
    assert table.gone_text(gone) == t("online.left_table", who=NAMES[gone])
    assert table.waiting_text() == t("online.left_table", who=NAMES[gone])
    assert seat_label(table, gone) == t("online.seat_left") and seat_label(table, "red") == t("seat.human")


def wait_for(check, what: str, tick=lambda: None, limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while not check():
        assert time.monotonic() < end, what
        tick()
        time.sleep(0.01)


def test_host_with_every_option_then_watch_the_table_in_play_as_a_shared_screen(tmp_path, screenshots):
    with server_process(tmp_path / "s.db") as (_, port):
        host = HostScene(make_context())
        host.player.value, host.address.value = "Ana", f"127.0.0.1:{port}"
        host.kinds = ["random", "none", "none", "none"]
        for key in ("variant", "veto", "castillo"):
            host.choose(f"opt:{key}")
        assert [host.label(f"opt:{k}") for k in ("variant", "veto", "castillo")] == \
            [t("setup.variant_short"), t("setup.veto_off"), t("setup.castillo_secret")]
        assert "opt:dummy" in [key for _, key in host.buttons()]            # two seats: the neutral colour too
        lobby = seated(host)
        wait_for(lambda: lobby.table.ready, "no view", lobby.table.think)
        options = lobby.table.view().options
        assert (options["variant"], options["veto"], options["castillo"]) == ("short", False, "secret")
        lobby.choose("start")
        wait_for(lambda: lobby.table.status == "playing", "not started", lobby.table.think)
        watcher = JoinScene(make_context())
        watcher.address.value, watcher.code.value = f"127.0.0.1:{port}", lobby.table.code
        watcher.submit = "watch"
        watching = seated(watcher)
        try:
            assert watching.table.viewer is None and not watching.table.host_token
            wait_for(lambda: watching.table.ready and watching.table.status == "playing", "no public view",
                     watching.table.think)
            screen = watching.update(FRAME).scene
            assert isinstance(screen, MatchScene) and screen.match.view().viewer_id is None
            assert not screen.my_turn() and screen.match.legal_moves() == []
            screen.update(FRAME)
            surface = pygame.display.get_surface().copy()
            screen.draw(surface)
            pygame.image.save(surface, str(screenshots / "online_watching.png"))
        finally:
            watching.table.close().result(10)
            lobby.table.close().result(10)


def test_a_table_is_removed_from_the_list(tmp_path, data_dir):
    with server_process(tmp_path / "s.db") as (_, port):
        url = f"ws://127.0.0.1:{port}"
        host, guest = open_table(url)
        remember(host.code, url, "red", host.online.client.seats[host.code], host.host_token)
        host.close().result(10)
        guest.close().result(10)
        scene = OnlineScene(make_context())
        wait_for(lambda: scene.tables.tables, "not listed", lambda: scene.update(FRAME))
        assert f"remove:{host.code}" in [key for _, key in scene.buttons()]
        scene.choose(f"remove:{host.code}")
        assert scene.tables.tables == [] and host.code not in load_credentials(data_dir / "online.json")
        assert scene.status == t("online.removed", code=host.code)
        assert f"table:{host.code}" not in [key for _, key in scene.buttons()]
