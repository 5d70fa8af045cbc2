"""Castell online from the desktop client, against the client's own server on loopback (stopped
by each test): the host form offers the game with its wheel side and seats, the lobby names it,
a friend joins by code; two seats play turns through `RemoteCastell` and the Castell table's
scene and both logs hold every move, worded as a local game words them; a seat that comes back
gets the whole log; a spectator gets the public view; a server update is drawn with no input; a
refusal from the server is worded from its code."""
from __future__ import annotations

import random
import time
from typing import Any, Callable

import pygame

from engine import castell
from engine.castell.events import event_to_json
from engine.castell.view_wire import view_to_json
from game.match.online_tables import table_line
from game.match.remote import table_for
from game.match.remote_castell import RemoteCastell
from game.present import castell_log
from game.present import castell_screen as model
from game.scenes import castell_pause
from game.scenes.castell_pause import CastellPause
from game.scenes.castell_play import CastellScene
from game.scenes.online import HostScene, JoinScene
from game.shell import input as inp
from game.shell.i18n import t
from game.shell.scene import Transition
from net.background import BackgroundClient
from net.client import History, Update
from tests.game.driver import FRAME, Driver, make_context
from tests.game.test_online_hosting import hosted, seated  # noqa: F401 - the fixture

__all__ = ["hosted"]


def until(check: Callable[[], bool], what: str, tick: Callable[[], Any] = lambda: None, limit: float = 30.0) -> None:
    end = time.monotonic() + limit
    while not check():
        assert time.monotonic() < end, f"never: {what}"
        tick()
        time.sleep(0.005)


def connect(url: str, method: str, *args: Any, notices: list[str] | None = None, **kwargs: Any) -> RemoteCastell:
    """A connection seated by one request (create, join, resume, watch), as the lobby gets it
    (`notices`: the screen's, where server refusals go)."""
    online = BackgroundClient(url)
    online.submit("connect").result(10)
    table = table_for(online, online.submit(method, *args, **kwargs).result(30), [] if notices is None else notices)
    assert isinstance(table, RemoteCastell)
    return table


def open_table(url: str, notices: list[str] | None = None) -> tuple[RemoteCastell, RemoteCastell]:
    """Ana hosts red (her screen's `notices`), Ben joins blue, green is a random AI seat; started,
    first views in."""
    ana = connect(url, "create", ["human", "human", "random"], name="Ana", game="castell", notices=notices)
    ben = connect(url, "join", ana.code, name="Ben")
    assert ana.start() is not None
    until(lambda: ana.ready and ben.ready and ana.status == "playing" == ben.status, "the start",
          lambda: (ana.think(), ben.think()))
    return ana, ben


def play_turns(scenes: list[CastellScene], moves: int, rng: random.Random, tick: Callable[[], Any]) -> None:
    """Each seat's scene plays random legal moves of its own until the table has `moves` moves;
    a festival's results panel is clicked away."""
    tables = [scene.match for scene in scenes]
    def step() -> None:
        tick()
        for scene in scenes:
            scene.update(FRAME)
            if scene.ui.results is not None:
                scene.handle(inp.Intent(inp.Kind.CLICK, (5, 5)))
            elif scene.match.human_to_move:
                assert scene.match.play(rng.choice(scene.match.view().legal_moves()))
    until(lambda: all(isinstance(m, RemoteCastell) and m.n >= moves for m in tables), f"{moves} moves", step, 90)


def test_the_host_form_offers_castell_and_a_friend_joins_its_lobby_by_code(hosted, screenshots):  # noqa: F811
    driver = Driver(HostScene(make_context()))
    host = driver.scene
    assert isinstance(host, HostScene)
    host.player.value = "Ana"
    host.kinds = ["human", "expert", "normal", "none"]
    host.choose("opt:game")
    assert host.options.game == "castell" and host.options.shown(3) == ["game", "wheel"]
    assert host.kinds[:3] == ["human", "normal", "normal"]       # Castell's AIs have no Expert level
    assert len(host.shown_kinds()) == 3 and "expert" not in host.seat_kinds()   # four seats at most
    host.choose("opt:wheel")
    host.choose("seat:1")
    assert host.label("opt:wheel") == t("setup.wheel_advanced") and host.kinds[1] == "hard"
    assert host.label("opt:game") == t("online.game_choice", game="Castell")
    surface = pygame.display.get_surface().copy()
    host.draw(surface)
    pygame.image.save(surface, str(screenshots / "online_host_castell.png"))
    lobby = seated(host)
    join = JoinScene(make_context())
    join.player.value, join.address.value, join.code.value = "Ben", f"127.0.0.1:{hosted.port}", lobby.table.code
    friend = seated(join)
    try:
        assert isinstance(lobby.table, RemoteCastell) and isinstance(friend.table, RemoteCastell)
        until(lambda: len(lobby.table.seat_states()) == 4 and lobby.table.seat_states()[1].taken, "Ben seated",
              lobby.table.think)
        assert [s.kind for s in lobby.table.seat_states()] == ["human", "human", "hard", "normal"]
        assert lobby.table.summary["game"] == "castell" and friend.table.viewer == "blue"
        assert [key for _, key in lobby.buttons() if key.startswith("ai:")] == []       # every seat taken
        driver.app.apply(Transition.replace(lobby))
        driver.step(2)
        surface = pygame.display.get_surface().copy()
        lobby.draw(surface)
        pygame.image.save(surface, str(screenshots / "online_lobby_castell.png"))
        assert lobby.can_start()
        lobby.choose("start")
        until(lambda: isinstance(driver.scene, CastellScene), "the Castell table", lambda: driver.app.step(FRAME))
        assert isinstance(driver.scene, CastellScene)
        assert driver.scene.match is lobby.table and lobby.table.view().wheel == "advanced"
        until(lambda: friend.update(FRAME) is not None, "the guest's start")
        for _ in range(3):
            driver.app.step(FRAME)
        surface = pygame.display.get_surface().copy()
        driver.scene.draw(surface)
        pygame.image.save(surface, str(screenshots / "online_castell_table.png"))
    finally:
        friend.table.close().result(10)
        lobby.table.close().result(10)


def test_two_seats_play_and_both_logs_hold_every_move_and_a_returning_seat_gets_it_all(hosted):  # noqa: F811
    ana, ben = open_table(hosted.url)
    back: RemoteCastell | None = None
    try:
        scenes = [CastellScene(make_context(), ana), CastellScene(make_context(), ben)]
        play_turns(scenes, 24, random.Random(3), lambda: None)
        until(lambda: ana.n == ben.n and ana.thinking is None and ana.pending is None and ben.pending is None,
              "both up to date, a human seat to move (the AI seat has played)", lambda: (ana.think(), ben.think()))
        assert view_to_json(ana.view())["state"] == view_to_json(ben.view())["state"]
        assert ana.events == ben.events and ana.log_lines() == ben.log_lines()
        # every move is there: a seat coming back with the table's whole history reads the same log,
        # and each move's events are in it, worded as a local game words them
        credential = ben.credential()
        assert credential is not None
        back = connect(hosted.url, "resume", ben.code, credential, history=0)
        until(lambda: back.ready and back.n == ana.n, "the history", lambda: (back.think(), ana.think()))
        assert back.events == ana.events and back.log_lines() == ana.log_lines()
        view = ana.view()
        names = {p: ana.name(p) for p in view.players}
        assert ana.log_lines() == castell_log.log_lines(back.events, view.data, names, view.wheel)
        assert any(line.startswith(("Ana", "Ben")) for line in ana.log_lines())
        kinds = {type(e).__name__ for e in ana.events}
        assert {"PawnPlaced", "TurnEnded", "RoundStarted"} <= kinds
    finally:
        for table in (ana, ben, back):
            if table is not None:
                table.close().result(10)


def test_a_spectator_sees_the_public_view_and_cannot_move(hosted):  # noqa: F811
    ana, ben = open_table(hosted.url)
    watcher = connect(hosted.url, "watch", ana.code)
    try:
        play_turns([CastellScene(make_context(), ana), CastellScene(make_context(), ben)], 6, random.Random(4),
                   watcher.think)
        until(lambda: watcher.ready and watcher.n == ana.n, "the spectator's update", lambda: (watcher.think(),
                                                                                            ana.think()))
        public, seat = view_to_json(watcher.view()), view_to_json(ana.view())
        assert public["viewer"] is None and seat["viewer"] == "red" and public["state"] == seat["state"]
        assert watcher.human_to_move is None and not watcher.play("done")
        assert watcher.refusal() == t("refusal.not_your_turn", player=watcher.name(str(watcher.view().to_move)))
        scene = CastellScene(make_context(), watcher)
        scene.handle(inp.Intent(inp.Kind.CANCEL))        # Esc: the pause menu, where a server's game
        pause = scene.take_request()                     # is not saved
        assert pause is not None and isinstance(pause.scene, CastellPause)
        assert "save" not in castell_pause.items(pause.scene.match)
    finally:
        for table in (watcher, ana, ben):
            table.close().result(10)


def test_a_server_update_reaches_the_castell_screen_without_input_and_a_refusal_is_worded(hosted):  # noqa: F811
    ctx = make_context()
    ana, ben = open_table(hosted.url, ctx.notices)
    try:
        driver = Driver(CastellScene(ctx, ana))
        rng = random.Random(6)

        def tick() -> None:
            """Frames of Ana's screen (no input); Ana plays whenever she is to move."""
            driver.app.step(FRAME)
            ben.think()
            if ana.human_to_move:
                assert ana.play(rng.choice(ana.view().legal_moves()))
        until(lambda: ben.human_to_move == "blue", "Ben to move", tick)
        for _ in range(3):
            driver.app.step(FRAME)
        before = driver.app.drawn_frame
        assert isinstance(before, model.Frame) and before.view == ana.view()
        n = ana.n
        assert ben.play(ben.view().legal_moves()[0])
        until(lambda: ana.n > n, "Ana hears of Ben's move", lambda: driver.app.step(FRAME))
        drawn = driver.app.drawn_frame
        assert isinstance(drawn, model.Frame) and drawn == driver.scene.frame() and drawn.view == ana.view()
        assert drawn != before and "undo" not in {b.id for b in drawn.buttons}      # no undo online
        # a move the server refuses, sent without the check here: worded from its reason's code
        until(lambda: ana.my_turn() == "red", "Ana's turn", lambda: (driver.app.step(FRAME), ben.think(),
                                                                  ben.human_to_move and ben.play("done")))
        ana.send("no tower")
        until(lambda: ana.pending is None, "the refusal", lambda: driver.app.step(FRAME))
        worded = {t(f"castell.refusal.{code}", player="Ana") for code in ("no_festival", "not_this_step",
                                                                          "first_turn_place")}
        assert ana.error in worded
        driver.app.step(FRAME)
        shown = driver.app.drawn_frame
        assert isinstance(shown, model.Frame) and shown.prompt == ana.error and shown.tone == "error"
    finally:
        ana.close().result(10)
        ben.close().result(10)


def test_the_tables_list_says_which_game_each_table_is():
    castell = {"code": "K7QM2X", "game": "castell", "name": "Ana", "status": "open"}
    assert "Castell" in table_line(castell) and "El Grande" in table_line({**castell, "game": "el-grande"})


class QueuedLink:
    """A seat's connection as a queue of what the server sent (no network; nothing is sent)."""

    connected = True

    def __init__(self) -> None:
        self.queue: list[Any] = []

    def poll(self) -> list[Any]:
        items, self.queue = self.queue, []
        return items

    def submit(self, method: str, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"nothing is sent here ({method})")

    def close(self) -> None:
        """Nothing to close."""


def test_what_an_ai_played_for_an_away_player_is_marked_in_the_log():
    """Ben is away and the server's AI plays his seat: his acts read "Ben (AI Normal) …" (the
    update's `ai`, docs/protocol.md), Ana's and the round's lines name the players as they are."""
    game = castell.new_game(["red", "blue"], seed=4)
    link = QueuedLink()
    ana = RemoteCastell(link, "TEST", "red", "ws://127.0.0.1:1")
    seats = [{"player": "red", "kind": "human", "name": "Ana", "taken": True, "connected": True, "away": False},
             {"player": "blue", "kind": "normal", "name": "Ben", "taken": True, "connected": False, "away": True}]
    link.queue += [{"code": "TEST", "status": "playing", "seats": seats},
                   Update("TEST", 0, [], view_to_json(game.view("red")), None, "castell")]
    while game.round == 1:                              # Ana's turn, Ben's (the AI's), the next round
        player = str(game.to_move)
        events = game.play(game.legal_moves()[0])
        move = {"player": player, "text": str(game.moves_played()[-1]), **({"ai": "normal"} if player == "blue" else {})}
        link.queue.append(Update("TEST", len(game.moves_played()), [event_to_json(e) for e in events],
                                 view_to_json(game.view("red")), move, "castell"))
        ana.think()
    marked = t("online.ai_played", who="Ben", level=t("seat.normal"))
    lines = ana.log_lines()
    assert any(line.startswith(marked) for line in lines) and any(line.startswith("Ana ") for line in lines)
    assert all(line.startswith(marked) for line in lines if line.startswith("Ben"))
    assert t("castell.log.round", round=2, first="Ben") in lines        # the round is nobody's act


def test_a_history_marks_what_an_ai_played_for_the_player_while_he_was_away():
    """Ben comes back: the moves the server's AI played for him arrive in a `history`, marked
    `away` (docs/protocol.md), and his log reads them "Ben (AI Normal) …" though he is back now."""
    game = castell.new_game(["red", "blue"], seed=4)
    link = QueuedLink()
    ben = RemoteCastell(link, "TEST", "blue", "ws://127.0.0.1:1")
    seats = [{"player": "red", "kind": "human", "name": "Ana", "taken": True, "connected": True, "away": False},
             {"player": "blue", "kind": "human", "name": "Ben", "taken": True, "connected": True, "away": False}]
    steps = []
    while game.round == 1:
        player = str(game.to_move)
        events = game.play(game.legal_moves()[0])
        away = {"ai": "normal", "away": "yes"} if player == "blue" else {}
        steps.append({"player": player, "text": str(game.moves_played()[-1]), **away,
                      "events": [event_to_json(e) for e in events]})
    n = len(game.moves_played())
    link.queue += [{"code": "TEST", "status": "playing", "seats": seats},
                   History("TEST", 0, n, steps, "castell"),
                   Update("TEST", n, [], view_to_json(game.view("blue")), None, "castell")]
    ben.think()
    marked = t("online.ai_played", who="Ben", level=t("seat.normal"))
    lines = ben.log_lines()
    assert any(line.startswith(marked) for line in lines)
    assert all(line.startswith(marked) for line in lines if line.startswith("Ben"))
