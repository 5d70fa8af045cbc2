"""A table's moves: played, committed by the store's writer thread (group commit), then
acknowledged and broadcast; a table's next move waits for its previous commit. AI seats decide
in the worker pool (fairly between owners, fair.py) and their moves take the same path.

Why apart: "acknowledged means stored" (docs/protocol.md) is this module's one promise.
"""
from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

from .conn import Conn
from .protocol import ProtocolError, compact, encode, error
from .table import OVER, PLAYING, Table
from .updates import Updates

log = logging.getLogger("net.server")


class Moves(Updates):
    """Moves of players and AI seats, stored before they are acknowledged."""

    def _commit(self, table: Table, text: str, mover: Conn | None,
                request_id: int | None) -> asyncio.Future[bool]:
        """Play, store, acknowledge, broadcast — in that order: the move is played on the table
        at once, handed to the store's writer thread, and acknowledged and broadcast only when it
        is committed. The future says whether it was stored."""
        arrived = self._arrived
        events, move = table.play(text)
        events_text = compact(events)
        move_text = compact(move)
        step = move_text[:-1] + ',"events":' + events_text + "}"
        self._last_step[table.code] = (table.n - 1, step, text)
        self._committing[table.code] = []
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

        def stored(exc: Exception | None) -> None:
            self._stored(table, events_text, move_text, text, mover, request_id, arrived, exc)
            done.set_result(exc is None)
        self.store.save_move_later(table, text, stored, step)
        return done

    def _stored(self, table: Table, events: str, move: str, played: str, mover: Conn | None,
                request_id: int | None, arrived: float, exc: Exception | None) -> None:
        """A move's commit ended: acknowledge and broadcast it, or (not stored) undo it on the
        table and tell the mover; then the moves that waited for it."""
        waiting = self._committing.pop(table.code, [])
        if exc is not None:
            log.error("table %s: move %d could not be stored (%s)", table.code, table.n, exc)
            self._last_step.pop(table.code, None)
            self.tables[table.code] = Table(table.id, table.code, table.setup, table.seats, table.host,
                                            PLAYING, tuple(table.game.record()["moves"][:-1]), table.name,
                                            table.kind.name, table.settings, table.owner, table.created)
            if mover is not None:
                self._send(mover, error(ProtocolError("storage", f"the move could not be stored ({exc})"),
                                        request_id))
        else:
            self.stats["moves"] += 1
            if table.status == OVER:
                log.info("table %s finished after %d moves", table.code, table.n)
            if mover is not None:
                self._send(mover, encode("ack", id=request_id, code=table.code, n=table.n), arrived)
            self._broadcast_update(table, events, move, played)
            self._kick_ai(table)
        if waiting:
            task = asyncio.get_running_loop().create_task(self._handle_waiting(waiting))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        elif table.status == OVER and not self.at_table.get(table.code) and self.tables.get(table.code) is table:
            self._evict(table)

    async def _handle_waiting(self, waiting: list[tuple[Conn, dict[str, Any], float]]) -> None:
        for conn, msg, when in waiting:
            self._arrived = when
            if not conn.closing:
                await self._handle(conn, msg)

    def _kick_ai(self, table: Table) -> None:
        """Start the AI of the seat to move, unless it is already thinking for this table."""
        if table.ai_to_move() is not None and table.code not in self._thinking:
            self._thinking.add(table.code)
            task = asyncio.get_running_loop().create_task(self._run_ai(table))
            self._tasks.add(task)
            task.add_done_callback(self._ai_done)

    def _ai_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            log.error("an AI seat stopped: %s: %s", exc.__class__.__name__, exc)

    async def _run_ai(self, table: Table) -> None:
        from ai.worker_pool import Job      # the AI package only once an AI plays (fair.py LazyPool)
        try:
            while (seat := table.ai_to_move()) is not None:
                n, level = table.n, seat.kind
                seed = table.setup["seed"] + table.seats.index(seat)
                view = table.view(seat.player)
                job = Job(level, seed, view, random.Random(seed * 100_003 + n), game=table.kind.name)
                reply = await self.fair.decide(table.owner or table.code, job)
                if reply.notice:
                    log.warning("table %s: AI worker replaced (%s)", table.code, reply.notice)
                if self.tables.get(table.code) is not table or table.n != n or table.ai_to_move() is not seat:
                    continue
                move = reply.move
                if move is None or table.kind.why_illegal(table.game, view, move) is not None:
                    log.warning("table %s: the %s AI of %s gave no legal move; a random legal move is played",
                                table.code, level, seat.player)
                    move = str(random.Random(n).choice(view.legal_moves()))
                if not await self._commit(table, table.kind.canonical(table.game, move), None, None):
                    await asyncio.sleep(1.0)      # the store refused: try again shortly
                    table = self.tables.get(table.code, table)
        finally:
            self._thinking.discard(table.code)
