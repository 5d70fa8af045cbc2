"""A seat at a server's table that resumes (or comes back after a lost connection) gets the same
log and the same action-card panel as a local game at the same position: both are read through
one event feed (game/match/feed.py)."""
from __future__ import annotations

import random

import engine
from game.match.controller import Match
from game.match.remote import RemoteTable
from game.match.seats import Seat
from game.scenes.play import MatchScene
from tests.game.driver import make_context
from tests.game.fake_server import NAMES, FakeServer


def local_twin(server: FakeServer) -> Match:
    """The same game played here (same seed, same moves), seen by the same seat."""
    seats = [Seat(p, "human" if p == server.player else "random", NAMES[p]) for p in server.game.players]
    match = Match(seats, 5, autosave=False)
    for move in server.moves:
        assert match.play(move)
    return match


def play_on(server: FakeServer, moves: int, rng: random.Random, heard: bool = True) -> None:
    for _ in range(moves):
        legal = [m for m in server.game.legal_moves() if m.verb not in engine.SECRET_VERBS] \
            or server.game.legal_moves()
        move = str(rng.choice(legal))
        server.play(move) if heard else server.play_quietly(move)


def panel(source: Match | RemoteTable) -> tuple[list[str], dict[str, str]]:
    """The action cards the screen shows (their slots) and who took which."""
    table = MatchScene(make_context(), source).table
    return table.offer, table.taken


def test_a_resumed_seat_gets_the_log_and_the_action_cards_of_a_local_game():
    rng = random.Random(3)
    for moves in (3, 9, 40, 90):
        server = FakeServer(["human", "random"], "red")
        play_on(server, moves, rng, heard=False)
        table = RemoteTable(server.online, FakeServer.CODE, "red", "ws://127.0.0.1:1")
        server.send_summary()
        server.send_history(0)                      # a resume with the whole history
        table.think()
        match = local_twin(server)
        # the server sends the seat its own secret moves in full, the others' hidden: as red reads a local log
        assert table.log_lines() == match.feed.log_lines(match.name, "red")
        assert table.visible_log() == table.log_lines(), "a history is shown at once"
        offer, taken = panel(table)
        assert (offer, taken) == panel(match) and len(offer) == 5


def test_moves_played_while_a_seat_reconnected_reach_its_log():
    rng = random.Random(8)
    server = FakeServer(["human", "random"], "red")
    table = server.table()
    play_on(server, 6, rng)
    table.think()
    while table.events:
        table.events.popleft()                      # shown by the screen
    play_on(server, 7, rng, heard=False)            # the connection is down
    server.send_history(table.n)                    # the resume after the reconnection
    table.think()
    match = local_twin(server)
    assert table.n == server.n
    assert table.log_lines() == match.feed.log_lines(match.name, "red")
    assert table.visible_log() == table.log_lines()
    assert panel(table) == panel(match)
