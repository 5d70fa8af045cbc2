"""The answers to client messages (`_on_<type>`, called by `Hub._handle` after protocol.py
checked the message): create, join, resume, watch, start, seat_ai, unseat, abandon, leave,
tables, move, ping; and the table lookups every one of them makes, which count an address's
guesses of unknown codes and credentials.

Why apart: what each request may do lives in table.py; this module only finds the table,
applies the change through the hub and says what happened.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
from functools import partial
from typing import Any

from .conn import Bucket, Conn
from .lifecycle import Lifecycle
from .protocol import CODE_ALPHABET, CODE_LENGTH, ProtocolError, compact, encode, encode_raw, name_of
from .store import Stored
from .table import OPEN, OVER, PLAYING, Table
from .updates import seen_by

GUESS_RATE, GUESS_BURST = 10 / 60, 20.0   # unknown codes or credentials an address may send (per s, burst)

log = logging.getLogger("net.server")


def finished_summary(s: Stored) -> dict[str, Any]:
    """The summary of a finished table kept out of memory (nobody is connected to it)."""
    return {"code": s.code, "game": s.game, "name": s.name, "status": OVER, "n": s.n, "to_move": None,
            **s.settings, "seats": [{"player": x.player, "kind": x.kind, "name": x.name,
                                     "taken": x.credential is not None, "connected": False,
                                     "away": x.away_kind is not None, "left": x.left, "gone_for": None}
                                    for x in s.seats]}


class Requests(Lifecycle):
    """One coroutine a client message type."""

    def _lookup(self, conn: Conn, code: str) -> Table | Stored:
        """The table of a code a client sent: a miss counts as a guess of its address, and an
        address out of guesses may name only the tables its connection already follows."""
        known = self.tables.get(code.upper())
        if known is not None and code.upper() in conn.attached:
            return known
        bucket = self.guesses.setdefault(conn.address, Bucket(GUESS_RATE, GUESS_BURST))
        if bucket.left() < 1.0:
            raise ProtocolError("too_many_guesses", f"wait: at most {GUESS_BURST:g} unknown codes or credentials "
                                f"an address, then {60 * GUESS_RATE:g} a minute")
        found = self.tables.get(code.upper()) or self.finished.get(code.upper())
        if isinstance(found, Table) and not self.ready(found):
            found = None                   # its record no longer replays: set aside
        if found is None:
            bucket.take()
            raise ProtocolError("unknown_table", f"no table {code[:16]!r}")
        return found

    def _missed(self, conn: Conn) -> None:
        self.guesses.setdefault(conn.address, Bucket(GUESS_RATE, GUESS_BURST)).take()

    async def _live(self, conn: Conn, code: str) -> Table:
        """The table in memory, a finished one read back first (someone wants to see it)."""
        found = self._lookup(conn, code)
        if isinstance(found, Table):
            return found
        table = await self._db(self.store.replayed, found)
        if self.finished.pop(found.code, None) is not None:
            self.tables[found.code] = table
        return self.tables[found.code]

    def _table(self, conn: Conn, code: str) -> Table:
        found = self._lookup(conn, code)
        if not isinstance(found, Table):
            raise ProtocolError("already_started", f"table {found.code} is over")
        return found

    async def _on_ping(self, conn: Conn, msg: dict[str, Any]) -> None:
        self._send(conn, encode("pong", id=msg.get("id")))

    async def _on_create(self, conn: Conn, msg: dict[str, Any]) -> None:
        owner = conn.owner
        if sum(t.status == OPEN and t.owner == owner for t in self.tables.values()) >= self.open_per_address:
            raise ProtocolError("too_many_tables", f"at most {self.open_per_address} tables not started "
                                "an address")
        if sum(t.status != OVER for t in self.tables.values()) >= self.max_tables:
            raise ProtocolError("server_full", f"at most {self.max_tables} tables")
        name = name_of(msg)
        code = self._new_code()
        table_id, self.next_id = self.next_id, self.next_id + 1
        table, host_token = Table.create(table_id, code, msg, self.seed_source(), name, owner)
        reply: dict[str, Any] = {"id": msg.get("id"), "code": code, "host_token": host_token}
        if "human" in msg["seats"]:
            seat, token = table.join(name)
            reply.update(player=seat.player, credential=token)
        self._pending_codes.add(code)
        try:
            await self._save(table)       # not stored: not kept
        finally:
            self._pending_codes.discard(code)
        self.tables[code] = table
        log.info("table %s created by connection %d: %s%s", code, conn.number, ", ".join(msg["seats"]),
                 "" if table.kind.name == "el-grande" else f" ({table.kind.name})")
        self._send(conn, encode("created", **reply, table=table.summary(set())))
        if "player" in reply:
            self._attach(conn, table, reply["player"])
            self._send_state(conn, table)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables and code not in self.finished and code not in self._pending_codes:
                return code

    async def _on_join(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        name = name_of(msg)
        seat, token = await self._change(table, lambda: table.join(name, msg.get("player")))
        log.info("table %s: connection %d took seat %s", table.code, conn.number, seat.player)
        self._send(conn, encode("joined", id=msg.get("id"), code=table.code, player=seat.player,
                                credential=token, table=table.summary(self.connected(table))))
        self._attach(conn, table, seat.player)
        self._send_state(conn, table)

    async def _on_resume(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = await self._live(conn, msg["code"])
        name = name_of(msg)
        try:
            seat = table.holder(msg["credential"])
        except ProtocolError:
            self._missed(conn)
            raise
        if seat.away_kind is not None or seat.left or (name and name != seat.name):
            def back() -> None:
                table.resume(msg["credential"])
                seat.name = name or seat.name
            await self._change(table, back)
        log.info("table %s: connection %d resumed seat %s", table.code, conn.number, seat.player)
        self._send(conn, encode("joined", id=msg.get("id"), code=table.code, player=seat.player,
                                credential=msg["credential"], table=table.summary(self.connected(table))))
        if "history" in msg:      # a player back after a while: what happened, as his seat saw it
            await self._send_history(conn, table, msg["history"], seat.player)
        self._attach(conn, table, seat.player)
        self._send_state(conn, table)

    async def _send_history(self, conn: Conn, table: Table, asked: int, player: str | None) -> None:
        """Moves `asked`.. as their updates carried them to `player`'s seat (None: a spectator),
        from the stored per-move steps (read in a thread; the last move from memory, so a client
        that missed nothing or one move costs no read: thousands of them resume at once after a
        restart). The steps are stored public; the seat's own secret moves are read in full from
        the texts stored beside them (`seen_by`)."""
        start = min(asked, table.n)
        last = self._last_step.get(table.code)
        steps: list[str] = []
        texts: list[str] = []
        if start < table.n and not (last is not None and last[0] == start):
            rows = await self._db(self.store.history, table.id, start)
            steps = [step if step is not None else "" for _, step in rows]
            texts = [text for text, _ in rows]
            if any(not s for s in steps):          # a file written before steps were stored
                steps = await asyncio.to_thread(legacy_steps, table, start, texts)
        if last is not None and last[0] == start + len(steps):
            steps.append(last[1])
            texts.append(last[2])
        steps = [seen_by(table, step, text, player) for step, text in zip(steps, texts)]
        self._send(conn, encode_raw("history", {"steps": "[" + ",".join(steps) + "]"}, code=table.code,
                                    start=start, n=start + len(steps)))

    async def _on_watch(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = await self._live(conn, msg["code"])
        log.info("table %s: connection %d watches", table.code, conn.number)
        self._send(conn, encode("watching", id=msg.get("id"), code=table.code,
                                table=table.summary(self.connected(table))))
        if "history" in msg or table.n:      # a spectator's log starts with the game so far
            await self._send_history(conn, table, msg.get("history", 0), None)
        self._attach(conn, table, None)
        self._send_state(conn, table)

    async def _on_start(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        async with self._lock(table.code):
            table.check_start(msg["host_token"])
            await self._save(table, PLAYING)
            table.status = PLAYING
        log.info("table %s started: %d players", table.code, len(table.seats))
        self._send(conn, encode("started", id=msg.get("id"), code=table.code))
        self._broadcast_table(table)
        self._kick_ai(table)

    async def _on_seat_ai(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        connected = msg["player"] in self.connected(table)
        await self._change(table, lambda: table.hand_to_ai(msg["player"], msg["level"], connected,
                                                           msg.get("host_token"), msg.get("credential")))
        log.info("table %s: seat %s handed to the %s AI", table.code, msg["player"], msg["level"])
        self._send(conn, encode("seated", id=msg.get("id"), code=table.code, player=msg["player"],
                                level=msg["level"]))
        self._broadcast_table(table)
        self._kick_ai(table)

    async def _on_unseat(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        await self._change(table, lambda: table.unseat(msg["host_token"], msg["player"]))
        log.info("table %s: the host removed the player of seat %s", table.code, msg["player"])
        for other in [c for c in self.at_table.get(table.code, ()) if c.attached.get(table.code) == msg["player"]]:
            self._drop(other, table.code, "unseated")
        self._send(conn, encode("unseated", id=msg.get("id"), code=table.code, player=msg["player"]))
        self._broadcast_table(table)

    async def _on_abandon(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        async with self._lock(table.code):
            table.check_open(msg["host_token"])
            await self._db(self.store.delete_tables, [table.id])
            self._forget(table, "abandoned")
        log.info("table %s abandoned by its host", table.code)
        self._send(conn, encode("abandoned", id=msg.get("id"), code=table.code))

    async def _on_leave(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        player = conn.attached.get(table.code)
        if player is None:
            raise ProtocolError("not_seated", f"this connection holds no seat at table {table.code}")
        await self._change(table, partial(table.leave, player))
        log.info("table %s: the player of %s left", table.code, player)
        self._send(conn, encode("left", id=msg.get("id"), code=table.code))
        self._detach(conn, table.code)

    async def _on_tables(self, conn: Conn, msg: dict[str, Any]) -> None:
        """The player's tables (title screen list): each code with his seat and whose turn."""
        found = []
        for item in msg["credentials"]:
            code = item["code"].upper()
            table: Table | Stored | None = self.tables.get(code) or self.finished.get(code)
            if isinstance(table, Table) and not self.ready(table):
                table = None
            seat = next((s for s in table.seats if s.holds(item["credential"])), None) if table else None
            if table is None or seat is None:
                found.append({"code": item["code"], "error": "bad_credential"})
            elif isinstance(table, Stored):
                found.append({**finished_summary(table), "player": seat.player})
            else:
                found.append({**table.summary(self.connected(table)), "player": seat.player})
        self._send(conn, encode("tables", id=msg.get("id"), tables=found))

    async def _on_move(self, conn: Conn, msg: dict[str, Any]) -> None:
        table = self._table(conn, msg["code"])
        player = conn.attached.get(table.code)
        if player is None:
            raise ProtocolError("not_seated", f"this connection holds no seat at table {table.code}")
        waiting = self._committing.get(table.code)
        if waiting is not None:          # checked once the table's previous move is committed
            waiting.append((conn, msg, self._arrived))
            return
        text = table.check_move(table.seat(player), msg["move"], msg["n"])
        self._commit(table, text, conn, msg.get("id"))


def legacy_steps(table: Table, start: int, texts: list[str]) -> list[str]:
    """Steps of moves stored before steps were kept: replayed once, for a file of an older server."""
    moves = table.game.record()["moves"]
    game = table.kind.replay(table.setup, moves[:start], f"table {table.code}")
    steps = []
    for text in texts:
        move = {"player": str(game.to_move), "text": table.kind.public_text(game, text)}
        steps.append(compact({**move, "events": table.kind.events(game.play(text))}))
    return steps
