"""A seat's own secret move (engine.SECRET_VERBS: a power card taken back, §5.4) reads in full
in its own log at a server's table, as a local game's log reads it for that seat, live and after
a resume with the whole history; the other seats read it hidden (docs/protocol.md `update`,
`history`). A real server on loopback (its thread stopped at the end), its deal fixed."""
from __future__ import annotations

import time
from typing import Any

import engine
from game.match.controller import Match
from game.match.remote import RemoteTable
from game.match.seats import parse_players
from game.shell import i18n
from game.shell.i18n import t
from net.background import BackgroundClient
from tests.net.helpers import server_thread, to_secret

SEED = 342                 # red takes back a power card at move 26 (tests/net/helpers.py to_secret)
PLAYERS = ["red", "blue", "green"]


def _answer(future: Any) -> Any:
    return future.result(30)


def _seat(url: str, method: str, *args: Any, **kwargs: Any) -> tuple[BackgroundClient, dict[str, Any]]:
    online = BackgroundClient(url)
    _answer(online.submit("connect"))
    return online, _answer(online.submit(method, *args, **kwargs))


def _until(tables: list[RemoteTable], done: Any) -> None:
    end = time.monotonic() + 30
    while not done():
        assert time.monotonic() < end, "the tables did not catch up"
        for table in tables:
            table.think()
        time.sleep(0.002)


def _local_log(moves: list[str], players: str) -> list[str]:
    """The log of a local game of the same deal and moves, as its one human seat reads it."""
    game = engine.replay({"setup": {"players": PLAYERS, "seed": SEED}, "moves": moves})
    return Match.from_game(game, parse_players(players), autosave=False).log_lines()


def test_own_secret_move_reads_in_full_to_its_seat_online_as_locally(tmp_path):
    i18n.set_language("en")
    moves, _ = to_secret(SEED, PLAYERS, "red", "recover")
    with server_thread(tmp_path / "s.db", seed_source=lambda: SEED) as url:
        red_link, created = _seat(url, "create", ["human"] * 3)
        code = created["code"]
        tables = [RemoteTable(red_link, code, "red", url, created["host_token"])]
        try:
            for player in PLAYERS[1:]:
                link, joined = _seat(url, "join", code, player=player)
                tables.append(RemoteTable(link, code, joined["player"], url))
            _answer(tables[0].start())
            for n, text in enumerate(moves):
                # every seat at move n, and the mover's own last move acknowledged (not in flight)
                _until(tables, lambda n=n: all(table.ready and table.n == n for table in tables)
                       and any(table.human_to_move() for table in tables))
                mover = next(table for table in tables if table.human_to_move())
                assert mover.play(text)
            _until(tables, lambda: all(table.n == len(moves) for table in tables))
            link, _ = _seat(url, "resume", code, created["credential"], history=0)
            tables.append(RemoteTable(link, code, "red", url))       # red back on a new connection
            _until(tables[-1:], lambda: tables[-1].n == len(moves))
            red_log, blue_log, back_log = (table.log_lines() for table in (tables[0], tables[1], tables[-1]))
        finally:
            for table in tables:
                table.close().result(10)
    own = t("log.recover_own", who=t("colour.red"), value=moves[-1].split()[1])
    assert red_log[-1] == own and red_log == _local_log(moves, "human,random,random")
    assert back_log == red_log                                 # after a resume with the whole history
    assert blue_log[-1] == t("log.recover", who=t("colour.red"))
    assert blue_log == _local_log(moves, "random,human,random")
