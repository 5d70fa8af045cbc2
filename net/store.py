"""Tables on disk: SQLite (standard library) in WAL mode, one transaction per change.

Why this shape: a table is its record — set-up and move texts — plus its seats, so a restart
replays each table in play to the exact position of its last stored move (a finished table is
not replayed: its row and seats are enough to list it). Each move also keeps its `step`, the
public JSON every seat got for it (who, public text, events), so a player back after a while is
sent history from these texts, not from a replay. A move
is committed here before the server acknowledges or broadcasts it, so whatever a client was told
survives a `kill -9` of the server. WAL with synchronous=NORMAL is durable against a crash of the
process (the case above); `synchronous="full"` also survives a power loss, at an fsync a move.

No call here runs on the server's event loop: the server calls `delete_tables`, `history`,
`replayed` and `load` through `call` (a thread of its own). Moves and tables' rows (a table
made, a seat taken, a start) are written by one thread of the store's own (`save_move_later`,
`write_table_later`), so that a commit, and SQLite's WAL checkpoints, never stall the server's
event loop; everything queued while one transaction runs goes into the next (group commit: one
transaction for the changes of many tables), and each change's callback runs in the event loop
only once its transaction committed.

The file's schema version is SQLite's `PRAGMA user_version`. A file of an older version (0: a
new file, or one written before the version was kept) is brought to SCHEMA_VERSION by the
MIGRATIONS in order, all in one transaction; a file of a newer version is refused before
anything is written to it (`SchemaTooNew`), so an older server never damages a newer one's file.
"""
from __future__ import annotations

import asyncio
import json
import queue
import sqlite3
import threading
import time
from pathlib import Path
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, TypeVar

from .table import OVER, Seat, Table

T = TypeVar("T")

# MIGRATIONS[v] brings a file of version v to version v + 1.
MIGRATIONS: tuple[str, ...] = (
    # 0 -> 1: the tables as every server before the version was kept made them (IF NOT EXISTS:
    # such a file already has them, and keeps its rows)
    """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY, code TEXT UNIQUE NOT NULL, name TEXT NOT NULL, status TEXT NOT NULL,
    setup TEXT NOT NULL, host TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL, idx INTEGER NOT NULL, player TEXT NOT NULL, kind TEXT NOT NULL,
    name TEXT NOT NULL, credential TEXT, away_kind TEXT, PRIMARY KEY (table_id, idx));
CREATE TABLE IF NOT EXISTS moves (
    table_id INTEGER NOT NULL, n INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (table_id, n));
""",
    # 1 -> 2: the game a table holds, its own settings (grace period, AI hand-over), a digest of
    # the address that made it (per-address limits survive a restart), each move's public step
    """
ALTER TABLE tables ADD COLUMN game TEXT NOT NULL DEFAULT 'el-grande';
ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{"grace": 60}';
ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE moves ADD COLUMN step TEXT;
""",
    # 2 -> 3: when a seat's player left the table deliberately (NULL: he did not)
    """
ALTER TABLE seats ADD COLUMN left_at REAL;
""",
)
SCHEMA_VERSION = len(MIGRATIONS)
ROWS_A_STATEMENT = 200           # moves (or tables) a multi-row statement writes (4 parameters a move)


class SchemaTooNew(Exception):
    """The database was written by a newer server: one line naming the file and both versions."""

    def __init__(self, path: Path | str, found: int) -> None:
        super().__init__(f"{path}: schema version {found} is newer than this server's "
                         f"{SCHEMA_VERSION}; use a newer el-grande-server (the file is left as it is)")
        self.path, self.found = path, found


Done = Callable[[Exception | None], None]


@dataclass
class Stored:
    """A table as the file holds it: `moves` None for a finished table (not replayed), `n` its
    move count either way."""
    id: int
    code: str
    name: str
    status: str
    setup: dict[str, Any]
    host: str
    game: str
    settings: dict[str, Any]
    owner: str
    created: float
    updated: float
    seats: list[Seat]
    moves: tuple[str, ...] | None
    n: int

    def table(self, lazy: bool = False) -> Table:
        """The table replayed to its last stored move (EngineError when its record does not
        replay); with `lazy`, replayed when its game is first read (Table)."""
        return Table(self.id, self.code, self.setup, self.seats, self.host, self.status, self.moves or (),
                     self.name, self.game, self.settings, self.owner, self.created, lazy)


class _Move(NamedTuple):
    table_id: int
    n: int
    text: str
    step: str | None
    status: str
    loop: asyncio.AbstractEventLoop
    done: Done


class _Rows(NamedTuple):
    row: tuple[Any, ...]
    seats: list[tuple[Any, ...]]
    loop: asyncio.AbstractEventLoop
    done: Done


class Store:
    """The server's database. `save_table` commits before it returns; `save_move_later` hands
    the move to the writer thread and calls back once it is committed. One connection, used by
    both threads in turn (a lock)."""

    def __init__(self, path: Path | str, synchronous: str = "normal") -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        try:
            self.version = self._migrate(path)
        except BaseException:
            self.db.close()
            raise
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if synchronous == 'full' else 'NORMAL'}")
        self._lock = threading.RLock()
        self._queue: queue.SimpleQueue[list[_Move | _Rows] | None] = queue.SimpleQueue()
        self._turn: list[_Move | _Rows] = []     # changes of this turn of the event loop
        self._writer: threading.Thread | None = None
        self.batches = 0                       # transactions the writer committed (group commits)

    def _migrate(self, path: Path | str) -> int:
        """Bring the file to SCHEMA_VERSION (reading the version writes nothing); the version."""
        found = int(self.db.execute("PRAGMA user_version").fetchone()[0])
        if found > SCHEMA_VERSION:
            raise SchemaTooNew(path, found)
        if found < SCHEMA_VERSION:
            steps = "".join(MIGRATIONS[found:])
            self.db.executescript(f"BEGIN IMMEDIATE;{steps}PRAGMA user_version = {SCHEMA_VERSION};COMMIT;")
        return SCHEMA_VERSION

    def close(self) -> None:
        """Commit what is queued, stop the writer thread, close the database."""
        if self._writer is not None:
            if self._turn:
                self._hand_over()
            self._queue.put(None)
            self._writer.join()
        self.db.close()

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` in a thread (the event loop never waits on SQLite)."""
        return await asyncio.to_thread(fn, *args)

    def next_id(self) -> int:
        with self._lock:
            row = self.db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM tables").fetchone()
        return int(row[0])

    def save_table(self, t: Table, status: str | None = None) -> None:
        """The table's row and seats (a new table, or its seats or status changed), in a
        transaction of its own; `status` stores another status than the table's."""
        with self._lock, self.db:
            self.db.execute("BEGIN")
            self.write_table(table_row(t, status), seat_rows(t), time.time())

    def write_table(self, row: tuple[Any, ...], seats: list[tuple[Any, ...]], now: float) -> None:
        """Rows made by `table_row` and `seat_rows` (inside the caller's transaction)."""
        self.db.execute(
            "INSERT INTO tables (id, code, name, status, setup, host, game, settings, owner, created, updated) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
            "status = excluded.status, updated = excluded.updated",
            (*row, now))
        self.db.executemany(
            "INSERT OR REPLACE INTO seats (table_id, idx, player, kind, name, credential, away_kind, left_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", seats)

    def delete_tables(self, ids: list[int]) -> None:
        """Forget tables: their rows, seats and moves."""
        with self._lock, self.db:
            self.db.execute("BEGIN")
            for sql in ("DELETE FROM moves WHERE table_id = ?", "DELETE FROM seats WHERE table_id = ?",
                        "DELETE FROM tables WHERE id = ?"):
                self.db.executemany(sql, [(i,) for i in ids])

    def history(self, table_id: int, start: int) -> list[tuple[str, str | None]]:
        """Moves `start`.. of a table: (text, its stored public step or None in a file written
        before steps were kept)."""
        with self._lock:
            return [(text, step) for text, step in self.db.execute(
                "SELECT text, step FROM moves WHERE table_id = ? AND n >= ? ORDER BY n", (table_id, start))]

    def save_move_later(self, t: Table, text: str, done: Done, step: str | None = None) -> None:
        """Queue move number t.n - 1 (just played, canonical `text`, its public `step` JSON) and
        the table's status for the writer thread;
        `done(None)` runs in the calling event loop once they are committed, `done(error)` if the
        transaction failed (then nothing of it is stored)."""
        self._later(_Move(t.id, t.n - 1, text, step, t.status, asyncio.get_running_loop(), done))

    def write_table_later(self, row: tuple[Any, ...], seats: list[tuple[Any, ...]], done: Done) -> None:
        """Queue a table's rows (`table_row`, `seat_rows`) for the writer thread, committed with
        the moves queued meanwhile; `done` as for a move."""
        self._later(_Rows(row, seats, asyncio.get_running_loop(), done))

    def _later(self, item: _Move | _Rows) -> None:
        """Queue a change; the changes of one turn of the event loop reach the writer thread
        together at its end (measured: waking the thread once a move cost the loop 10% of its
        time, mostly waiting to run again after the thread took the processor)."""
        if self._writer is None:
            self._writer = threading.Thread(target=self._write, name="store-writer", daemon=True)
            self._writer.start()
        self._turn.append(item)
        if len(self._turn) == 1:
            item.loop.call_soon(self._hand_over)

    def _hand_over(self) -> None:
        items, self._turn = self._turn, []
        self._queue.put(items)

    def _write(self) -> None:
        """The writer thread: each transaction takes every change queued meanwhile."""
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch, stop = list(first), False
            while not self._queue.empty():
                items = self._queue.get_nowait()
                if items is None:
                    stop = True
                    break
                batch += items
            error: Exception | None = None
            try:
                self.save_batch(batch)
            except Exception as exc:      # noqa: BLE001 - any failure is the movers' answer; the thread lives on
                error = exc
            for m in batch:
                try:
                    m.loop.call_soon_threadsafe(m.done, error)
                except RuntimeError:      # that loop is closed: nobody waits for the answer
                    pass
            if stop:
                return

    def save_batch(self, items: list[_Move | _Rows]) -> None:
        """Moves of one or more tables with their statuses, and tables' rows, in one transaction
        (in the order they were queued). Each run of moves is a few statements whatever its
        length (`_write_moves`)."""
        now = time.time()
        with self._lock, self.db:
            self.db.execute("BEGIN")
            run: list[_Move] = []
            for item in items:
                if isinstance(item, _Move):
                    run.append(item)
                    continue
                self._write_moves(run, now)
                run = []
                self.write_table(item.row, item.seats, now)
            self._write_moves(run, now)
            self.batches += 1

    def _write_moves(self, moves: list[_Move], now: float) -> None:
        """Moves, and their tables' statuses (the last move's), in multi-row statements: each
        statement hands the GIL back and forth around SQLite, and the writer thread may wait up
        to the interpreter's switch interval (5 ms) to get it back from a busy event loop, so two
        statements a move would bound a busy loop's commits near 100 moves a second."""
        for start in range(0, len(moves), ROWS_A_STATEMENT):
            chunk = moves[start:start + ROWS_A_STATEMENT]
            self.db.execute("INSERT INTO moves (table_id, n, text, step) VALUES "
                            + ",".join(["(?, ?, ?, ?)"] * len(chunk)),
                            [v for m in chunk for v in (m.table_id, m.n, m.text, m.step)])
        status = {m.table_id: m.status for m in moves}
        for value in set(status.values()):
            ids = [i for i, v in status.items() if v == value]
            for start in range(0, len(ids), ROWS_A_STATEMENT):
                some = ids[start:start + ROWS_A_STATEMENT]
                self.db.execute(f"UPDATE tables SET status = ?, updated = ? WHERE id IN ({','.join('?' * len(some))})",
                                [value, now, *some])

    def load(self) -> list[Stored]:
        """Every stored table: those in play with their moves, finished ones with their count."""
        with self._lock:
            seats: dict[int, list[Seat]] = {}
            for row in self.db.execute("SELECT table_id, player, kind, name, credential, away_kind, left_at "
                                       "FROM seats ORDER BY table_id, idx"):
                seats.setdefault(row[0], []).append(Seat(*row[1:]))
            moves: dict[int, list[str]] = {}
            for table_id, text in self.db.execute(
                    "SELECT m.table_id, m.text FROM moves m JOIN tables t ON t.id = m.table_id "
                    "WHERE t.status != ? ORDER BY m.table_id, m.n", (OVER,)):
                moves.setdefault(table_id, []).append(text)
            counts = dict(self.db.execute(
                "SELECT m.table_id, COUNT(*) FROM moves m JOIN tables t ON t.id = m.table_id "
                "WHERE t.status = ? GROUP BY m.table_id", (OVER,)).fetchall())
            rows = self.db.execute("SELECT id, code, name, status, setup, host, game, settings, owner, created, "
                                   "updated FROM tables ORDER BY id").fetchall()
        out = []
        for tid, code, name, status, setup, host, game, settings, owner, created, updated in rows:
            played = None if status == OVER else tuple(moves.get(tid, ()))
            out.append(Stored(tid, code, name, status, json.loads(setup), host, game, json.loads(settings), owner,
                              created, updated, seats.get(tid, []), played,
                              counts.get(tid, 0) if played is None else len(played)))
        return out

    def load_tables(self) -> list[Table]:
        """Every stored table, replayed to its last stored move (finished ones too)."""
        stored = self.load()
        return [s.table() if s.moves is not None else self.replayed(s) for s in stored]

    def replayed(self, s: Stored) -> Table:
        """A finished table's record read back and replayed (someone asked to see it again)."""
        with self._lock:
            texts = tuple(t for (t,) in self.db.execute("SELECT text FROM moves WHERE table_id = ? ORDER BY n",
                                                         (s.id,)))
        s.moves = texts
        return s.table()

    def move_count(self, table_id: int) -> int:
        with self._lock:
            row = self.db.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])


def table_row(t: Table, status: str | None = None) -> tuple[Any, ...]:
    """The `tables` row of a table (without its `updated` time)."""
    return (t.id, t.code, t.name, status or t.status, json.dumps(t.setup), t.host, t.kind.name,
            json.dumps(t.settings), t.owner, t.created)


def seat_rows(t: Table) -> list[tuple[Any, ...]]:
    return [(t.id, i, s.player, s.kind, s.name, s.credential, s.away_kind, s.left_at)
            for i, s in enumerate(t.seats)]
