"""The client library for a frame loop that must never block: the asyncio `Client` on an event
loop of its own thread.

Why: the pygame client draws at a fixed rate and cannot await. `submit` hands a request to the
client's thread and returns a `concurrent.futures.Future` at once (poll `done()` each frame);
`poll` returns every update, history and table summary that arrived since the last call, in order, for
the frame loop to animate. Views are rebuilt in the caller's thread with
`engine.view_from_json(update.view_json)`, so the frame loop never shares objects with the
client's thread but plain data.
"""
from __future__ import annotations

import asyncio
import queue
import threading
from concurrent.futures import Future
from typing import Any

from .client import Client, History, Update


class BackgroundClient:
    """A `Client(url, queue_updates=True)` running in a daemon thread until `close`."""

    def __init__(self, url: str, backoff_max: float = 5.0) -> None:
        self._loop = asyncio.new_event_loop()
        self._inbox: queue.Queue[Update | History | dict[str, Any]] = queue.Queue()
        self._thread = threading.Thread(target=self._loop.run_forever, name="el-grande-online", daemon=True)
        self._thread.start()
        self.client: Client = self._call(self._make(url, backoff_max)).result(timeout=10)

    async def _make(self, url: str, backoff_max: float) -> Client:
        client = Client(url, backoff_max=backoff_max, queue_updates=True)
        self._pump = asyncio.get_running_loop().create_task(self._forward(client))
        return client

    async def _forward(self, client: Client) -> None:
        """Move every update from the client's asyncio queue to the thread-safe inbox."""
        while True:
            self._inbox.put(await client.updates.get())

    def _call(self, coro: Any) -> Future[Any]:
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    def submit(self, method: str, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run `Client.<method>(*args, **kwargs)` (connect, create, join, resume, watch, start,
        seat_ai, move, list_tables) in the client's thread; its Future holds the answer or the
        exception (Refused, Disconnected)."""
        if method.startswith("_") or not asyncio.iscoroutinefunction(getattr(Client, method, None)):
            raise ValueError(f"BackgroundClient.submit: {method!r} is not a request of net.client.Client")
        return self._call(getattr(self.client, method)(*args, **kwargs))

    def poll(self) -> list[Update | History | dict[str, Any]]:
        """Everything that arrived since the last call, oldest first (never blocks)."""
        out: list[Update | History | dict[str, Any]] = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    @property
    def connected(self) -> bool:
        return self.client.connected

    def close(self) -> None:
        """Close the connection and stop the thread (once: a second close does nothing)."""
        if self._loop.is_closed():
            return
        async def shutdown() -> None:
            self._pump.cancel()
            await self.client.close()
        try:
            self._call(shutdown()).result(timeout=10)
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)
            self._loop.close()
