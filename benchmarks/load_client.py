"""The load benchmark's players (benchmarks/server_load.py): one seat a websocket connection, a
table of four, driven by callbacks instead of a task, a queue and a timer a connection.

Why not net.client's `Client`: with 8 000 of them on the server's 2 cores, the clients took three
times the server's CPU (a reader task and keepalive a connection, a coroutine a seat waking every
half second, every frame decoded whole), so the figures measured the clients. These still speak
the real protocol over real websockets (websockets' sans-I/O protocol: its handshake, masking,
pings and close), send every request as JSON and check every answer: a move counts only when its
`ack` names the next move number, an `error` is counted by code, and a seat plays only from the
`legal` list of the update that made it the one to move. What they skip is decoding what a
player's program would read and they do not: the view beyond whose turn it is, table summaries
and histories.
"""
from __future__ import annotations

import asyncio
import errno
import json
import random
import socket
import time
from typing import Any, Callable

from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

from net.client import next_backoff
from net.protocol import PROTOCOL_VERSION

HANDSHAKE_S = 20.0               # a handshake not finished by then is given up and tried again
# The first wait before reconnecting (net.client's is 50 ms, for one player): 8 000 seats on the
# server's own 2 cores retried 5-6 times while a restarted server was not yet listening, 85 µs
# of client CPU a refused attempt (3.4 s in all); from 250 ms they try 2-3 times.
BACKOFF_FIRST = 0.25
UPDATE = '{"v":%d,"type":"update",' % PROTOCOL_VERSION
SKIPPED = tuple('{"v":%d,"type":"%s"' % (PROTOCOL_VERSION, t) for t in ("table", "history"))


def read_update(text: str) -> tuple[str, int, list[str] | None, bool]:
    """An update's table code, move number, legal moves (None: not this seat's turn) and whether
    the game is over, decoding the frame's head and its `legal` list only: the server writes the
    update's own fields first and the cached JSON texts after them (net/protocol.py `encode_raw`:
    move, events, view, legal), and `to_move` is a key of the view's state alone. A frame of
    another shape is decoded whole."""
    cut = text.find(',"move":')
    if cut < 0:
        cut = text.find(',"events":')
    view = text.find(',"view":', cut)
    to_move = text.find('"to_move":', view)
    if cut < 0 or view < 0 or to_move < 0:
        msg = json.loads(text)
        state = msg["view"]["state"]
        return msg["code"], int(msg["n"]), msg.get("legal"), state["to_move"] is None
    head = json.loads(text[:cut] + "}")
    at = text.rfind(',"legal":')
    legal = json.loads(text[at + 9:-1]) if at > view else None
    return head["code"], int(head["n"]), legal, text.startswith("null", to_move + 10)


class Link(asyncio.Protocol):
    """One websocket connection of a seat: bytes in and out through websockets' protocol."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.ws = ClientProtocol(seat.uri, max_size=None)
        self.transport: asyncio.Transport | None = None
        self.open = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        asyncio.get_running_loop().call_later(HANDSHAKE_S, self._late)
        self.ws.send_request(self.ws.connect())
        self.flush()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Frame):
                if event.opcode is Opcode.TEXT:
                    self.seat.on_text(str(event.data, "utf-8"))
            elif isinstance(event, Response):
                if self.ws.handshake_exc is not None:
                    self.abort()
                    return
                self.open = True
                self.seat.on_open(self)
        self.flush()

    def _late(self) -> None:
        if not self.open:
            self.abort()                # connection_lost tries again

    def connection_lost(self, exc: Exception | None) -> None:
        was_open, self.open = self.open, False
        self.seat.on_lost(self, was_open)

    def send(self, text: str) -> None:
        self.ws.send_text(text.encode())
        self.flush()

    def flush(self) -> None:
        assert self.transport is not None
        for data in self.ws.data_to_send():
            if data:
                self.transport.write(data)
            elif not self.transport.is_closing():
                self.transport.close()          # the closing handshake is over

    def abort(self) -> None:
        if self.transport is not None:
            self.transport.abort()


class Stats:
    """One worker process's counts; `started` is shared by all workers (tables started)."""

    def __init__(self, tables: int, started: Any) -> None:
        self.rtts: list[tuple[float, float]] = []     # (when acknowledged, round trip)
        self.moves = self.errors = self.disconnects = self.games = 0
        self.acked: dict[str, int] = {}         # table code -> highest acknowledged move number
        self.first_ack: dict[str, float] = {}   # table code -> its first ack after a reconnection
        self.back: dict[str, float] = {}        # table code -> when its last seat was brought back
        self.error_codes: dict[str, int] = {}
        self.tables, self.started, self.warm = tables, started, False

    def table_started(self) -> None:
        with self.started.get_lock():
            self.started.value += 1

    def warmed_up(self) -> bool:
        """True once every table of every worker has started (then round trips count)."""
        if not self.warm:
            self.warm = self.started.value >= self.tables
        return self.warm

    def error(self, code: str) -> None:
        self.errors += 1
        self.error_codes[code] = self.error_codes.get(code, 0) + 1


class Seat:
    """A scripted player on one connection: it plays a random move of the `legal` list its update
    carries, after a think time (uniform between half and one and a half times `think_s`; a think
    interrupted by a lost connection goes on, and the move leaves once the seat is back), and
    after a drop reconnects with net.client's jittered backoff and resumes its seat."""

    def __init__(self, url: str, stats: Stats, rng: random.Random, think_s: float, backoff_max: float) -> None:
        self.uri, self.stats, self.rng, self.think_s = parse_uri(url), stats, rng, think_s
        self.backoff_max, self.delay = backoff_max, BACKOFF_FIRST
        self.link: Link | None = None
        self.opened: asyncio.Future[None] | None = None
        self.connects = 0
        self.closed = self.stopping = self.started = False
        self.code = self.credential = ""
        self.n = -1                       # the last update of the seat's table
        self.legal: list[str] | None = None
        self.game_over: asyncio.Future[None] | None = None
        self.due: tuple[int, float] | None = None           # (move number, when its think ends)
        self.timer: asyncio.TimerHandle | None = None
        self.back_at: float | None = None                    # the first update after a reconnection
        self.pending: dict[int, tuple[str, float, int, asyncio.Future[dict[str, Any]] | None]] = {}
        self.ids = 0

    # ---- connection ------------------------------------------------------------------------------
    async def connect(self) -> None:
        """The first connection (reconnections happen by themselves)."""
        self.opened = asyncio.get_running_loop().create_future()
        self._dial()
        await self.opened

    def _dial(self) -> None:
        """A connection attempt on a bare non-blocking socket, handed to asyncio only once TCP
        has connected: while a restarted server is not yet listening, thousands of seats are
        refused on the server's own cores, and asyncio's `create_connection` in a task with its
        timer and exception cost 85 µs of client CPU a refusal (measured in a restart; a bare
        refused attempt is 25 µs in a micro-benchmark, 35 µs through `create_connection`)."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        if sock.connect_ex((self.uri.host, self.uri.port)) not in (0, errno.EINPROGRESS):
            sock.close()
            self._retry()
            return
        loop = asyncio.get_running_loop()
        timer = loop.call_later(HANDSHAKE_S, self._undialled, sock)      # a connection never accepted
        loop.add_writer(sock.fileno(), self._dialled, sock, timer)

    def _undialled(self, sock: socket.socket) -> None:
        asyncio.get_running_loop().remove_writer(sock.fileno())
        sock.close()
        self._retry()

    def _dialled(self, sock: socket.socket, timer: asyncio.TimerHandle) -> None:
        timer.cancel()
        loop = asyncio.get_running_loop()
        loop.remove_writer(sock.fileno())
        if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):    # refused: the server is down
            sock.close()
            self._retry()
            return
        loop.create_task(loop.create_connection(lambda: Link(self), sock=sock)).add_done_callback(self._handed)

    def _handed(self, task: asyncio.Task[Any]) -> None:
        if task.cancelled() or task.exception() is not None:
            self._retry()

    def _retry(self) -> None:
        if self.closed:
            return
        wait, self.delay = next_backoff(self.delay, self.backoff_max)
        asyncio.get_running_loop().call_later(wait, self._dial)

    def on_open(self, link: Link) -> None:
        self.link, self.delay = link, BACKOFF_FIRST
        self.connects += 1
        if self.opened is not None and not self.opened.done():
            self.opened.set_result(None)
        if self.connects > 1 and self.code:
            self.back_at = None
            self._send("resume", None, code=self.code, credential=self.credential, history=max(0, self.n))

    def on_lost(self, link: Link, was_open: bool) -> None:
        if link is not self.link:
            if not was_open:
                self._retry()                 # a handshake that never finished
            return
        self.link, self.legal = None, None       # no move until the update after the resume
        for kind, _, _, fut in self.pending.values():
            if kind == "move":
                self.stats.disconnects += 1
            if fut is not None and not fut.done():
                fut.set_exception(ConnectionError("the connection dropped"))
        self.pending.clear()
        self._retry()

    def close(self) -> None:
        self.closed = True
        if self.timer is not None:
            self.timer.cancel()
        if self.link is not None:
            self.link.abort()

    # ---- requests ----------------------------------------------------------------------------------
    def _send(self, kind: str, fut: asyncio.Future[dict[str, Any]] | None, at: int = -1, **fields: Any) -> None:
        assert self.link is not None
        self.ids += 1
        self.pending[self.ids] = (kind, time.perf_counter(), at, fut)
        self.link.send(json.dumps({"v": PROTOCOL_VERSION, "type": kind, "id": self.ids, **fields},
                                  separators=(",", ":")))

    async def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Set-up requests (create, join, start): the answer, or RuntimeError for an `error`."""
        if self.link is None:
            raise ConnectionError("not connected")
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._send(kind, fut, **fields)
        return await asyncio.wait_for(fut, 30)

    def _seated(self, code: str, credential: str) -> None:
        """Seated at a new table (before its first update, which follows the answer)."""
        self.code, self.credential, self.started = code, credential, False
        self.n, self.legal, self.due = -1, None, None
        self.game_over = asyncio.get_running_loop().create_future()

    def expire(self, after: float) -> None:
        """Moves unanswered for `after` seconds are errors (the seat may move again)."""
        if not self.pending:
            return
        now = time.perf_counter()
        for request_id, (kind, sent, _, _) in list(self.pending.items()):
            if kind == "move" and now - sent > after:
                del self.pending[request_id]
                self.stats.error(f"no_answer_in_{after:g}_s")

    # ---- frames ------------------------------------------------------------------------------------
    def on_text(self, text: str) -> None:
        if text.startswith(UPDATE):
            self._on_update(*read_update(text))
        elif not text.startswith(SKIPPED):
            self._on_reply(json.loads(text))

    def _on_update(self, code: str, n: int, legal: list[str] | None, over: bool) -> None:
        if code != self.code:
            return                          # a table of an earlier game
        if self.connects > 1 and self.back_at is None:
            self.back_at = time.monotonic()
        self.n, self.legal = n, legal
        if over and self.game_over is not None and not self.game_over.done():
            self.game_over.set_result(None)
        self._think()

    def start(self) -> None:
        """The table has started: the seat may play (its first update listed its first move)."""
        self.started = True
        self._think()

    def _think(self) -> None:
        if self.legal and self.started and not self.stopping:
            n = self.n
            if self.due is None or self.due[0] != n:
                self.due = (n, time.monotonic() + self.think_s * self.rng.uniform(0.5, 1.5))
            if self.timer is not None:
                self.timer.cancel()
            self.timer = asyncio.get_running_loop().call_at(self.due[1], self._move)

    def _move(self) -> None:
        self.timer = None
        if (self.link is None or self.stopping or not self.legal or self.due is None or self.due[0] != self.n
                or any(kind == "move" for kind, _, _, _ in self.pending.values())):
            return                          # gone, or not this seat's move any more: the next update decides
        self._send("move", None, self.n, code=self.code, move=self.rng.choice(self.legal), n=self.n)

    def _on_reply(self, msg: dict[str, Any]) -> None:
        entry = self.pending.pop(msg.get("id", -1), None)
        if entry is None:
            return
        kind, sent, n, fut = entry
        if msg["type"] == "error":
            if fut is not None:
                fut.set_exception(RuntimeError(f"{kind}: {msg['code']}"))
            else:
                self.stats.error(msg["code"])
            return
        if kind in ("create", "join"):
            self._seated(msg["code"], msg["credential"])
        if fut is not None:
            fut.set_result(msg)
        if kind != "move":
            return
        if msg["type"] != "ack" or msg["code"] != self.code or msg["n"] != n + 1:
            self.stats.error("bad_ack")
            return
        if self.stats.warmed_up():
            self.stats.rtts.append((time.monotonic(), time.perf_counter() - sent))
        self.stats.moves += 1
        self.stats.acked[self.code] = max(self.stats.acked.get(self.code, 0), msg["n"])
        if self.connects > 1:
            self.stats.first_ack.setdefault(self.code, time.monotonic())


async def table(seats: list[Seat], stats: Stats, running: Callable[[], bool],
                ramp: asyncio.Semaphore, stopped: asyncio.Future[None]) -> None:
    """Four seats at one table after another while `running()`: created, joined, started, played
    until the game is over or the run (`stopped`): one wait a game (a wait every half second for
    each of 4 000 tables was a tenth of a client process's CPU, taken from the server's cores)."""
    for s in seats:
        async with ramp:                # a few handshakes at a time, as players arrive
            await s.connect()
    first = True
    while running():
        try:
            created = await seats[0].request("create", seats=["human"] * len(seats))
            code = created["code"]
            for s in seats[1:]:
                await s.request("join", code=code)
            await seats[0].request("start", code=code, host_token=created["host_token"])
            over = [s.game_over for s in seats if s.game_over is not None]
            for s in seats:
                s.start()
        except (ConnectionError, RuntimeError, asyncio.TimeoutError):
            await asyncio.sleep(0.5)
            continue
        if first:
            stats.table_started()
            first = False
        if not stopped.done():
            ends: list[asyncio.Future[Any]] = [asyncio.gather(*over), stopped]
            await asyncio.wait(ends, return_when=asyncio.FIRST_COMPLETED)
        if all(f.done() for f in over):
            stats.games += 1
