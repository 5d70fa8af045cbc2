"""AI decisions shared fairly among the tables' owners over one worker Pool.

Why: the Pool (ai/worker_pool.py, shared with the client, its API unchanged) serves whoever asks
first, so one client running thirty expert tables would queue thirty searches ahead of every
other table's AI seat. Here each owner (the address that made the table) has its own queue and
the free workers take the owners in turn, so an honest table waits for at most one decision of
each other owner, however many tables they run.
"""
from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ai.worker_pool import Job, Reply


class Decider(Protocol):
    """What the server asks of an AI pool (ai/worker_pool.py `Pool`, or `LazyPool`)."""
    size: int

    async def decide(self, job: Job) -> Reply: ...

    def close(self) -> None: ...


class LazyPool:
    """The server's AI worker pool, imported and made at the first AI decision: a server whose
    tables have no AI seat to play never imports the AI package (a fifth of a second of every
    start, measured with `python -X importtime -c "import net.cli"`)."""

    def __init__(self, size: int = 1) -> None:
        self.size = size
        self._pool: Any = None

    async def decide(self, job: Job) -> Reply:
        if self._pool is None:
            from ai.worker_pool import Pool
            self._pool = Pool(self.size)
        reply: Reply = await self._pool.decide(job)
        return reply

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()


class FairPool:
    """Round robin by owner in front of `pool`: at most `pool.size` decisions in flight."""

    def __init__(self, pool: Decider) -> None:
        self.pool = pool
        self.free = pool.size
        self.queues: OrderedDict[str, deque[tuple[Job, asyncio.Future[Reply]]]] = OrderedDict()
        self.order: list[str] = []          # owners in the order their decisions started (tests read it)
        self._tasks: set[asyncio.Task[Any]] = set()

    async def decide(self, owner: str, job: Job) -> Reply:
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self.queues.setdefault(owner, deque()).append((job, future))
        self._pump()
        return await future

    def _pump(self) -> None:
        while self.free > 0 and self.queues:
            owner, queue = self.queues.popitem(last=False)
            job, future = queue.popleft()
            if queue:
                self.queues[owner] = queue          # back of the line
            if future.done():                       # its table stopped waiting
                continue
            self.free -= 1
            self.order.append(owner)
            del self.order[:-1000]
            task = asyncio.get_running_loop().create_task(self.pool.decide(job))
            self._tasks.add(task)
            task.add_done_callback(partial(self._done, future=future))

    def _done(self, task: asyncio.Task[Reply], *, future: asyncio.Future[Reply]) -> None:
        self._tasks.discard(task)
        self.free += 1
        if not future.done():
            if task.cancelled():
                future.cancel()
            elif (exc := task.exception()) is not None:
                future.set_exception(exc)
            else:
                future.set_result(task.result())
        self._pump()
