"""The game server inside the client: "Host a table" on this computer, for friends who never ran
`el-grande-server` (no pygame).

Why a thread of the client and not a process: nothing to install or find on the player's
system, and it cannot outlive the client (stopped when the client exits). It is the same
`net.server.Server` an `el-grande-server` runs, on an event loop of its own thread, listening on
every interface (friends on the LAN reach it) at port 8765 when free, else any free port;
announced on the LAN (net/discovery.py). Its tables are kept in the player's data folder
(`hosted.sqlite3`, apart from a standalone server's `server.sqlite3`), so a hosted table lives on
when the client is started again: the credentials of such a table are marked `hosted`, and
asking for it starts the server again (`running()`).
"""
from __future__ import annotations

import asyncio
import atexit
import threading
from concurrent.futures import Future
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from ai.worker_pool import Pool
from net.datadir import data_dir
from net.discovery import announce
from net.server import Server, listen
from net.store import Store

DB_FILE = "hosted.sqlite3"
PORT = 8765


class LocalServer:
    """A `net.server.Server` on a thread of its own; `start` blocks until it listens (the LAN
    announcement, unless `lan` is off like the standalone server's --no-announce, follows in the
    background: `announced`)."""

    def __init__(self, db: Path, host: str = "0.0.0.0", port: int = PORT, lan_address: str | None = None,
                 interfaces: list[str] | None = None, name: str | None = None, lan: bool = True) -> None:
        self.db, self.host, self.port, self.lan = db, host, port, lan
        self.lan_address, self.interfaces, self.name = lan_address, interfaces, name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._started: Future[int] = Future()
        self.announced: Future[bool] = Future()     # True once LAN discovery can find this server

    @property
    def url(self) -> str:
        """The URL this computer's own client connects to (loopback: no firewall in the way)."""
        return f"ws://127.0.0.1:{self.port}"

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive() and self._started.done() \
            and self._started.exception() is None

    def start(self, timeout: float = 30.0) -> int:
        """Serve in a daemon thread; the port it listens on (OSError when it cannot listen)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._main, name="el-grande-local-server", daemon=True)
            self._thread.start()
        self.port = self._started.result(timeout)
        return self.port

    def stop(self) -> None:
        """Stop listening, end the AI workers, close the database; waits for the thread."""
        if self._loop is not None and self._stop is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:          # the loop already ended
                pass
        if self._thread is not None:
            self._thread.join(timeout=15)

    def _main(self) -> None:
        try:
            asyncio.run(self._serve())
        except BaseException as exc:  # noqa: BLE001 - the caller of start() is told
            if not self._started.done():
                self._started.set_exception(exc)

    async def _serve(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        self.db.parent.mkdir(parents=True, exist_ok=True)
        store = Store(self.db)
        server = Server(store, ai_pool=Pool(1))
        try:
            async with AsyncExitStack() as stack:
                ws_server = await _listen_anywhere(stack, server, self.host, self.port)
                self.port = next(iter(ws_server.sockets)).getsockname()[1]
                server.start()          # restored AI seats think again; the other tables replay meanwhile
                self._started.set_result(self.port)     # the host's table opens now, not after the LAN heard
                # zeroconf's calls block (its name probing takes about 1.6 s): off this loop, which serves meanwhile
                beacon = await asyncio.to_thread(announce, self.lan_address or self.host, self.port, self.name,
                                                 self.interfaces) if self.lan else None
                self.announced.set_result(beacon is not None)
                await self._stop.wait()
                if beacon is not None:
                    await asyncio.to_thread(beacon.close)
            await server.stop()
        finally:
            server.ai.close()
            store.close()


async def _listen_anywhere(stack: AsyncExitStack, server: Server, host: str, port: int) -> Any:
    """The websockets server on `port`, or on any free port when that one is taken (another game
    or server on this computer); closed with `stack`."""
    try:
        return await stack.enter_async_context(listen(server, host, port))
    except OSError:
        if port == 0:
            raise
        return await stack.enter_async_context(listen(server, host, 0))


_lock = threading.Lock()
_server: LocalServer | None = None


def running() -> LocalServer:
    """This client's hosted server, started on first use (blocks until it listens: call it off
    the frame loop) and stopped when the client exits."""
    global _server
    with _lock:
        if _server is None or not _server.running:
            server = LocalServer(data_dir() / DB_FILE)
            server.start()
            _server = server
            atexit.register(server.stop)
        return _server


def current() -> LocalServer | None:
    """The hosted server when one runs (the lobby shows its addresses)."""
    return _server if _server is not None and _server.running else None


def stop() -> None:
    """Stop the hosted server now (tests; the client's exit does it through atexit)."""
    global _server
    with _lock:
        if _server is not None:
            _server.stop()
            atexit.unregister(_server.stop)
            _server = None


def use(server: LocalServer) -> None:
    """Make `server` (started) the hosted one (tests: on loopback, with a db of their own)."""
    global _server
    with _lock:
        _server = server
