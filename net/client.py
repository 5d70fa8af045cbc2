"""The Python client of the game server (asyncio; no pygame): what tests, the benchmark and the
game client use.

    client = Client("ws://127.0.0.1:8765")
    await client.connect()
    table = await client.create(["human", "human", "greedy", "greedy"], name="Ana")
    ...
    view = client.view(code)            # engine.View, rebuilt from the wire form when asked
    await client.move(code, "power 5")  # the move number comes from the last update

Why it reconnects by itself: a dropped connection is the normal case for games that last days.
The reader task reconnects with exponential backoff (and jitter) and resumes every seat it holds
with its credential and every table it watched; requests in flight when the connection dropped
fail with `Disconnected`, and the caller reads the table's state again (a move that reached the
store shows in the next update's `n`).
"""
from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection, connect

import engine
from engine.castell.events import event_from_json as castell_event
from engine.castell.view_wire import FORMAT as CASTELL_FORMAT, view_from_json as castell_view
from engine.events import event_from_json

from .protocol import MAX_MESSAGE, PROTOCOL_VERSION

BACKOFF_FIRST, BACKOFF_MAX = 0.05, 5.0


def next_backoff(delay: float, cap: float) -> tuple[float, float]:
    """The wait before the next reconnection attempt and the delay after it: exponential up to
    `cap`, each wait drawn between half and one and a half times the delay, so that clients
    dropped together (a server restart) come back spread out instead of all at once."""
    return delay * (0.5 + random.random()), min(cap, delay * 2)


class Disconnected(ConnectionError):
    """The connection dropped before the server answered; the client is reconnecting."""


class Refused(Exception):
    """The server refused a request: `code` (docs/protocol.md), `detail`, and for an illegal
    move the engine's reason as (code, args)."""

    def __init__(self, code: str, detail: str, reason: tuple[str, dict[str, Any]] | None = None) -> None:
        super().__init__(f"{code}: {detail}")
        self.code, self.detail, self.reason = code, detail, reason


def decode_event(game: str, data: object) -> Any:
    """One event of a table's game from its wire form: El Grande's (engine/events.py) or
    Castell's (engine/castell/events.py), each checked field by field."""
    return castell_event(data) if game == "castell" else event_from_json(data)


@dataclass
class Update:
    """A table's new position: its move number, the move's events and the seat's view in wire
    form (`Client.view` rebuilds it). Events are rebuilt (and validated) when first read, as
    events of the table's `game`."""
    code: str
    n: int
    events_json: list[Any] = field(repr=False)
    view_json: dict[str, Any] = field(repr=False)
    move: dict[str, str] | None = None     # {"player", "text"}: the move as this seat may read it
    game: str = "el-grande"

    @property
    def events(self) -> list[Any]:
        """The move's engine events (engine/events.py or engine/castell/events.py)."""
        return [decode_event(self.game, e) for e in self.events_json]


@dataclass
class History:
    """The events of a table's moves `start`..`n` (the `history` answer to a resume): what a
    player who was away missed, as his seat saw it (its own secret moves in full)."""
    code: str
    start: int
    n: int
    steps_json: list[dict[str, Any]] = field(repr=False)     # {"player", "text", "events"} a move
    game: str = "el-grande"

    @property
    def steps(self) -> list[tuple[str, str, list[Any]]]:
        """Each move's player, text (public, but for the seat's own secret moves) and engine events
        (of the table's `game`), oldest first."""
        return [(str(s["player"]), str(s["text"]), [decode_event(self.game, e) for e in s["events"]])
                for s in self.steps_json]

    @property
    def events_json(self) -> list[Any]:
        """Every move's events, in order, as the updates carried them."""
        return [e for s in self.steps_json for e in s["events"]]

    @property
    def events(self) -> list[Any]:
        return [event for _, _, events in self.steps for event in events]


class Client:
    """One connection to a server, reconnecting by itself. With `queue_updates`, `updates` queues
    every Update and every table summary (a dict) as they arrive, for a consumer that animates
    every move (`next_update`); without, only the latest state is kept (`n`, `view`, `tables`)."""

    def __init__(self, url: str, backoff_max: float = BACKOFF_MAX, queue_updates: bool = False) -> None:
        self.url, self.backoff_max, self.queue_updates = url, backoff_max, queue_updates
        self.seats: dict[str, str] = {}          # code -> credential, resumed on reconnect
        self.watched: set[str] = set()
        self.tables: dict[str, dict[str, Any]] = {}
        self.n: dict[str, int] = {}
        self.updates: asyncio.Queue[Update | History | dict[str, Any]] = asyncio.Queue()
        self.connects = 0
        self.stale: set[str] = set()              # tables not brought up to date since a drop
        self._raw: dict[str, dict[str, Any]] = {}
        self._parsed: dict[str, tuple[int, Any]] = {}
        self._ws: ClientConnection | None = None
        self._ready = asyncio.Event()
        self._news = asyncio.Event()             # set (and replaced) on every update and summary
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._ids = itertools.count(1)
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    # ---- connection -----------------------------------------------------------------------------
    async def connect(self, timeout: float = 10.0) -> None:
        """Connect (and keep reconnecting in the background until `close`)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())
        await asyncio.wait_for(self._ready.wait(), timeout)

    async def close(self) -> None:
        self._closed = True
        if self._ws is not None:
            await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - closing anyway
                pass

    async def drop(self) -> None:
        """Drop the connection as a network failure would (tests): the client reconnects."""
        if self._ws is not None:
            self._ws.transport.abort()

    @property
    def connected(self) -> bool:
        return self._ready.is_set()

    async def _run(self) -> None:
        delay = BACKOFF_FIRST
        while not self._closed:
            try:
                async with connect(self.url, max_size=None, compression=None, open_timeout=5) as ws:
                    self._ws, delay = ws, BACKOFF_FIRST
                    self.connects += 1
                    first = self.connects == 1
                    self._ready.set()
                    if not first:
                        asyncio.get_running_loop().create_task(self._rejoin())
                    async for raw in ws:
                        self._dispatch(json.loads(raw))
            except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
                pass
            self._ws = None
            self._ready.clear()
            self.stale.update(self.n)
            for fut in self._pending.values():
                if not fut.done():
                    fut.set_exception(Disconnected("the connection to the server dropped"))
            self._pending.clear()
            if self._closed:
                return
            wait, delay = next_backoff(delay, self.backoff_max)
            await asyncio.sleep(wait)

    async def _rejoin(self) -> None:
        """After a reconnection: the same seats (by credential), each with the moves played while
        it was away (a `History` from the last move it heard of), and the same watched tables
        (the same: a table watched is sent its history from the start unless told where from)."""
        try:
            for code, credential in list(self.seats.items()):
                missed = {"history": self.n[code]} if code in self.n else {}
                await self.request("resume", code=code, credential=credential, **missed)
            for code in list(self.watched):
                await self.request("watch", code=code, history=self.n.get(code, 0))
        except (Disconnected, Refused):
            pass

    def _dispatch(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "update":
            code = msg["code"]
            self.n[code] = msg["n"]
            self.stale.discard(code)
            self._raw[code] = msg["view"]
            if self.queue_updates:
                self.updates.put_nowait(Update(code, msg["n"], msg["events"], msg["view"], msg.get("move"),
                                               str(msg.get("game", "el-grande"))))
        elif kind == "table":
            self.tables[msg["table"]["code"]] = msg["table"]
            if self.queue_updates:
                self.updates.put_nowait(msg["table"])
        elif kind in ("created", "joined", "watching") and isinstance(msg.get("table"), dict):
            self.tables[msg["code"]] = msg["table"]      # the table's game, before its history
        elif kind == "history" and self.queue_updates:
            self.updates.put_nowait(History(msg["code"], msg["start"], msg["n"], msg["steps"],
                                            self.game(msg["code"])))
        if kind in ("update", "table"):
            self._news.set()
            self._news = asyncio.Event()
        fut = self._pending.pop(msg["id"], None) if isinstance(msg.get("id"), int) else None
        if fut is not None and not fut.done():
            if kind == "error":
                reason = msg.get("reason")
                fut.set_exception(Refused(msg["code"], msg["detail"],
                                          (reason["code"], reason["args"]) if reason else None))
            else:
                fut.set_result(msg)

    # ---- requests -------------------------------------------------------------------------------
    async def request(self, kind: str, timeout: float = 30.0, **fields: Any) -> dict[str, Any]:
        """Send one message and wait for its answer; raises Refused or Disconnected."""
        if not self._ready.is_set():
            await asyncio.wait_for(self._ready.wait(), timeout)
        ws = self._ws
        if ws is None:
            raise Disconnected("not connected")
        request_id = next(self._ids)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = fut
        text = json.dumps({"v": PROTOCOL_VERSION, "type": kind, "id": request_id, **fields})
        if len(text.encode()) > MAX_MESSAGE:
            raise Refused("too_large", "the message is larger than 64 KB")
        try:
            await ws.send(text)
        except websockets.ConnectionClosed:
            self._pending.pop(request_id, None)
            if fut.done():
                fut.exception()          # set by the reader as the connection dropped: seen here
            raise Disconnected("the connection to the server dropped") from None
        return await asyncio.wait_for(fut, timeout)

    def _seated(self, reply: dict[str, Any]) -> dict[str, Any]:
        if "credential" in reply:
            self.seats[reply["code"]] = reply["credential"]
        self.tables[reply["code"]] = reply["table"]
        return reply

    async def create(self, seats: list[str], name: str = "", **options: Any) -> dict[str, Any]:
        """A new table (options: variant, veto, castillo); the reply's code, host_token and, when
        a seat is human, the creator's player and credential. `name`: the creator's ("": none)."""
        return self._seated(await self.request("create", seats=seats, **_named(name), **options))

    async def join(self, code: str, name: str = "", player: str | None = None) -> dict[str, Any]:
        fields: dict[str, Any] = {"code": code, **_named(name)}
        if player is not None:
            fields["player"] = player
        return self._seated(await self.request("join", **fields))

    async def resume(self, code: str, credential: str, name: str = "",
                     history: int | None = None) -> dict[str, Any]:
        """Back to a seat (renamed when `name` is given); with `history`, the events of the moves
        from that number on arrive first (queued as a `History`)."""
        fields: dict[str, Any] = {"code": code, "credential": credential, **_named(name)}
        if history is not None:
            fields["history"] = history
        return self._seated(await self.request("resume", **fields))

    async def watch(self, code: str) -> dict[str, Any]:
        """Follow a table as a spectator: the moves played so far arrive first (queued as a
        `History`, from the server's stored steps), then its updates."""
        self.watched.add(code)
        reply = await self.request("watch", code=code)
        self.tables[code] = reply["table"]
        return reply

    async def start(self, code: str, host_token: str) -> None:
        await self.request("start", code=code, host_token=host_token)

    async def seat_ai(self, code: str, host_token: str, player: str, level: str) -> None:
        await self.request("seat_ai", code=code, host_token=host_token, player=player, level=level)

    async def move(self, code: str, text: str) -> int:
        """Play `text` at the position of the last update; the table's move number after it."""
        reply = await self.request("move", code=code, move=text, n=self.n.get(code, 0))
        await self.wait_n(code, int(reply["n"]))
        return int(reply["n"])

    async def wait_n(self, code: str, n: int, timeout: float = 30.0) -> None:
        """Until the table's view has reached move number `n`."""
        async def reached() -> None:
            while self.n.get(code, -1) < n:
                await self._news.wait()
        await asyncio.wait_for(reached(), timeout)

    async def changed(self, timeout: float | None = None) -> None:
        """Until the next update or table summary arrives (or `timeout` seconds pass)."""
        try:
            await asyncio.wait_for(self._news.wait(), timeout)
        except asyncio.TimeoutError:
            pass

    async def list_tables(self, credentials: dict[str, str]) -> list[dict[str, Any]]:
        """Each table's summary with the player's seat (title screen); bad ones carry "error"."""
        reply = await self.request("tables", credentials=[{"code": c, "credential": k}
                                                          for c, k in credentials.items()])
        return list(reply["tables"])

    # ---- reading --------------------------------------------------------------------------------
    def current(self, code: str) -> bool:
        """True when the table's last update is this connection's (not one from before a drop
        the client has not caught up on yet): only then may a move be sent for it."""
        return code in self.n and code not in self.stale and self.connected

    def view(self, code: str) -> Any:
        """The latest view of a table (an El Grande `engine.View` or a Castell
        `engine.castell.View`, by the wire form's format), rebuilt and validated once per move."""
        cached = self._parsed.get(code)
        n = self.n.get(code, -1)
        if cached is None or cached[0] != n:
            raw = self._raw[code]
            view = castell_view(raw) if raw.get("format") == CASTELL_FORMAT else engine.view_from_json(raw)
            cached = self._parsed[code] = (n, view)
        return cached[1]

    def game(self, code: str) -> str:
        """The game a table holds ("el-grande" or "castell"), as its summary says."""
        return str(self.tables.get(code, {}).get("game", "el-grande"))

    def to_move(self, code: str) -> str | None:
        """Who must decide at a table now, read from the wire form without rebuilding the view."""
        to_move = self._raw[code]["state"]["to_move"]
        return None if to_move is None else str(to_move)

    async def next_update(self, timeout: float = 30.0) -> Update | History | dict[str, Any]:
        return await asyncio.wait_for(self.updates.get(), timeout)


def _named(name: str) -> dict[str, Any]:
    """The optional `name` field: sent only when there is one."""
    return {"name": name} if name else {}


def save_credentials(path: Path, tables: dict[str, dict[str, Any]]) -> None:
    """The player's online tables (code -> server, player, credential, host token), written
    atomically: a crash leaves the previous file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".online-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"format": "el-grande-online", "version": 1, "tables": tables}, f, indent=1)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def load_credentials(path: Path) -> dict[str, dict[str, Any]]:
    """The tables `save_credentials` wrote; an unreadable file reads as none (one bad file never
    stops the title screen)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    tables = data.get("tables") if isinstance(data, dict) else None
    return tables if isinstance(tables, dict) else {}
