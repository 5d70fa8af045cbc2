"""A server table without a network for client tests: it holds the true Game, plays moves on it
and queues for one seat what the real server would send (net/server.py: an update per move with
its text as the seat may read it — public, but for its own secret moves — and events and the
seat's view, table summaries, a resume's history), read by a
`RemoteTable` through the `BackgroundClient` surface it uses (`poll`, `submit`)."""
from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import engine
from engine.events import event_to_json
from game.match.remote import RemoteTable
from net.client import History, Update

NAMES = {"red": "Ana", "blue": "Ben", "green": "Cy", "yellow": "Di"}


class FakeOnline:
    """What a RemoteTable reads of its BackgroundClient: the queued news, and requests answered
    at once (a move is played on the table's game)."""

    def __init__(self, server: FakeServer) -> None:
        self.server = server
        self.queue: list[Update | History | dict[str, Any]] = []
        self.connected = True
        self.sent: list[str] = []                  # every move submitted, in order

    def poll(self) -> list[Update | History | dict[str, Any]]:
        items, self.queue = self.queue, []
        return items

    def submit(self, method: str, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        if method == "move":
            self.sent.append(args[1])
            self.server.play(args[1])
        future.set_result({})
        return future

    def close(self) -> None:
        """Nothing to close."""


class FakeServer:
    """One table: `kinds` per seat (red first), seen by `player`'s RemoteTable."""

    CODE = "TEST"

    def __init__(self, kinds: list[str], player: str, seed: int = 5) -> None:
        self.kinds = kinds
        self.player = player
        self.game = engine.new_game(players=list(NAMES)[:len(kinds)], seed=seed)
        self.n = 0
        self.steps: list[dict[str, Any]] = []      # each move as the seats heard of it
        self.moves: list[str] = []                 # each move as played (secrets and all)
        self.connected = set(self.game.players)
        self.online = FakeOnline(self)

    def table(self) -> RemoteTable:
        """The seat's RemoteTable with its first summary and view in."""
        table = RemoteTable(self.online, self.CODE, self.player, "ws://127.0.0.1:1")  # the fake stands for the BackgroundClient
        self.send_summary()
        self.send_update(None, [])
        table.think()
        return table

    def summary(self) -> dict[str, Any]:
        return {"code": self.CODE, "status": "playing", "n": self.n, "to_move": self.game.to_move,
                "seats": [{"player": p, "kind": k, "name": NAMES[p], "taken": k == "human",
                           "connected": p in self.connected, "away": False}
                          for p, k in zip(self.game.players, self.kinds)]}

    def send_summary(self) -> None:
        self.online.queue.append(self.summary())

    def send_update(self, move: dict[str, str] | None, events: list[Any]) -> None:
        self.online.queue.append(Update(self.CODE, self.n, events, self.game.view(self.player).to_json(), move))

    def play(self, text: str) -> None:
        """A move at the table: its update reaches the seat."""
        parsed = engine.parse_move(text, self.game)
        move = {"player": str(self.game.to_move), "text": engine.public_text(parsed)}
        events = [event_to_json(e) for e in self.game.play(parsed)]
        self.n += 1
        self.moves.append(str(parsed))
        self.steps.append({**move, "events": events})
        self.send_update(self.seen(move, str(parsed)), events)

    def seen(self, move: dict[str, Any], played: str) -> dict[str, Any]:
        """The move as the seat may read it (net/updates.py `seen_by`): its own in full."""
        return {**move, "text": played} if move["player"] == self.player else move

    def play_quietly(self, text: str) -> None:
        """A move the seat does not hear of (its connection was down)."""
        self.play(text)
        self.online.queue.pop()

    def send_history(self, start: int) -> None:
        """A resume's answer: the moves from `start` on, then the current position."""
        steps = [self.seen(step, played) for step, played in zip(self.steps[start:], self.moves[start:])]
        self.online.queue.append(History(self.CODE, start, self.n, steps))
        self.send_update(None, [])
