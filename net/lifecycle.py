"""The server's timers: the sweep that forgets tables never started or long finished, hands a
long-gone player's seat to the table's AI and closes idle connections; the start (restored AI
seats think again) and the stop.

Why apart: everything here happens by the clock, not because a client asked.
"""
from __future__ import annotations

import asyncio
import logging
import time
from functools import partial

from .moves import Moves
from .protocol import ProtocolError
from .table import OPEN, PLAYING, Seat

SWEEP_S = 5.0                    # how often expiry and the AI hand-over are looked at

log = logging.getLogger("net.server")


class Lifecycle(Moves):
    """Expiry, the AI hand-over of gone seats, idle connections; start and stop."""

    async def sweep(self, now: float | None = None, mono: float | None = None) -> None:
        """Once every SWEEP_S: forget tables never started within `open_ttl` and finished ones
        after `forget_after`; hand a gone player's seat to the table's `auto_ai` after its
        `auto_after`; close connections that follow no table and said nothing for `idle_timeout`."""
        now = time.time() if now is None else now
        mono = time.monotonic() if mono is None else mono
        expired = [t for t in self.tables.values() if t.status == OPEN and now - t.created > self.open_ttl]
        old = [s for s in self.finished.values() if now - s.updated > self.forget_after]
        if expired or old:
            await self._db(self.store.delete_tables, [t.id for t in expired] + [s.id for s in old])
            for t in expired:
                log.info("table %s expired: never started", t.code)
                self._forget(t, "expired")
            for s in old:
                log.info("table %s forgotten: finished %d s ago", s.code, now - s.updated)
                self.finished.pop(s.code, None)
        for table in [t for t in self.tables.values() if t.status == PLAYING and "auto_ai" in t.settings]:
            connected = self.connected(table)
            for seat in table.seats:
                gone = table.gone_for(seat, mono)
                if (seat.kind == "human" and seat.credential is not None and seat.player not in connected
                        and gone is not None and gone >= table.settings["auto_after"] and self.ready(table)):
                    try:
                        await self._change(table, partial(_hand_over, seat, str(table.settings["auto_ai"])))
                    except ProtocolError:
                        continue
                    log.info("table %s: seat %s handed to the %s AI after %d s away", table.code, seat.player,
                             table.settings["auto_ai"], gone)
                    self._broadcast_table(table)
                    self._kick_ai(table)
        for conn in [c for c in self.conns if not c.attached and mono - c.last_message > self.idle_timeout]:
            log.info("connection %d closed: idle and following no table", conn.number)
            self._close(conn)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_S)
            try:
                await self.sweep()
            except ProtocolError:
                pass            # the store failed: logged; the next sweep tries again

    def start(self) -> None:
        """Begin serving in the running loop: the AI seats of restored tables, the replay of the
        other restored tables in the background, and the sweeper."""
        self.resume_ai()
        if self._sweeper is None:
            loop = asyncio.get_running_loop()
            self._sweeper = loop.create_task(self._sweep_forever())
            replaying = loop.create_task(self.replay_rest())
            self._tasks.add(replaying)
            replaying.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None
        for task in list(self._tasks):
            task.cancel()

    def resume_ai(self) -> None:
        """After a restart: every table whose AI is to move starts thinking again (the tables
        with an AI seat are replayed now; the others can wait for their players)."""
        for table in list(self.tables.values()):
            if any(seat.kind != "human" for seat in table.seats) and self.ready(table):
                self._kick_ai(table)


def _hand_over(seat: Seat, level: str) -> None:
    seat.away_kind, seat.kind = "human", level
