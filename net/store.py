"""Tables on disk: SQLite (standard library) in WAL mode, one transaction per change.

Why this shape: a table is its record — set-up and move texts — plus its seats, so a restart
replays each table with `engine.replay` to the exact position of its last stored move. A move
is committed here before the server acknowledges or broadcasts it, so whatever a client was told
survives a `kill -9` of the server. WAL with synchronous=NORMAL is durable against a crash of the
process (the case above); `synchronous="full"` also survives a power loss, at an fsync a move.

Moves are written by one thread of the store's own (`save_move_later`), so that a commit, and
SQLite's WAL checkpoints, never stall the server's event loop; every move queued while one
transaction runs goes into the next (group commit: one transaction for the moves of many
tables), and each move's callback runs in the event loop only once its transaction committed.

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
from typing import Callable, NamedTuple

from .table import Seat, Table

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
)
SCHEMA_VERSION = len(MIGRATIONS)


class SchemaTooNew(Exception):
    """The database was written by a newer server: one line naming the file and both versions."""

    def __init__(self, path: Path | str, found: int) -> None:
        super().__init__(f"{path}: schema version {found} is newer than this server's "
                         f"{SCHEMA_VERSION}; use a newer el-grande-server (the file is left as it is)")
        self.path, self.found = path, found


Done = Callable[[Exception | None], None]


class _Move(NamedTuple):
    table_id: int
    n: int
    text: str
    status: str
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
        self._lock = threading.Lock()
        self._queue: queue.SimpleQueue[_Move | None] = queue.SimpleQueue()
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
            self._queue.put(None)
            self._writer.join()
        self.db.close()

    def next_id(self) -> int:
        with self._lock:
            row = self.db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM tables").fetchone()
        return int(row[0])

    def save_table(self, t: Table) -> None:
        """The table's row and seats (a new table, or its seats or status changed)."""
        now = time.time()
        with self._lock, self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO tables (id, code, name, status, setup, host, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                "status = excluded.status, updated = excluded.updated",
                (t.id, t.code, t.name, t.status, json.dumps(t.setup), t.host, now, now))
            self._save_seats(t)

    def _save_seats(self, t: Table) -> None:
        self.db.executemany(
            "INSERT OR REPLACE INTO seats (table_id, idx, player, kind, name, credential, away_kind) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(t.id, i, s.player, s.kind, s.name, s.credential, s.away_kind) for i, s in enumerate(t.seats)])

    def save_move_later(self, t: Table, text: str, done: Done) -> None:
        """Queue move number t.n - 1 (just played) and the table's status for the writer thread;
        `done(None)` runs in the calling event loop once they are committed, `done(error)` if the
        transaction failed (then nothing of it is stored)."""
        if self._writer is None:
            self._writer = threading.Thread(target=self._write, name="store-writer", daemon=True)
            self._writer.start()
        self._queue.put(_Move(t.id, t.n - 1, text, t.status, asyncio.get_running_loop(), done))

    def _write(self) -> None:
        """The writer thread: each transaction takes every move queued meanwhile."""
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch, stop = [first], False
            while not self._queue.empty():
                item = self._queue.get_nowait()
                if item is None:
                    stop = True
                    break
                batch.append(item)
            error: Exception | None = None
            try:
                self.save_moves(batch)
            except Exception as exc:      # noqa: BLE001 - any failure is the movers' answer; the thread lives on
                error = exc
            for m in batch:
                try:
                    m.loop.call_soon_threadsafe(m.done, error)
                except RuntimeError:      # that loop is closed: nobody waits for the answer
                    pass
            if stop:
                return

    def save_moves(self, moves: list[_Move]) -> None:
        """Moves of one or more tables and their statuses, in one transaction."""
        now = time.time()
        with self._lock, self.db:
            self.db.execute("BEGIN")
            self.db.executemany("INSERT INTO moves (table_id, n, text) VALUES (?, ?, ?)",
                                [(m.table_id, m.n, m.text) for m in moves])
            self.db.executemany("UPDATE tables SET status = ?, updated = ? WHERE id = ?",
                                [(m.status, now, m.table_id) for m in moves])
            self.batches += 1

    def load_tables(self) -> list[Table]:
        """Every stored table, replayed to its last stored move."""
        with self._lock:
            return self._load_tables()

    def _load_tables(self) -> list[Table]:
        seats: dict[int, list[Seat]] = {}
        for row in self.db.execute("SELECT table_id, player, kind, name, credential, away_kind "
                                   "FROM seats ORDER BY table_id, idx"):
            seats.setdefault(row[0], []).append(Seat(*row[1:]))
        moves: dict[int, list[str]] = {}
        for table_id, text in self.db.execute("SELECT table_id, text FROM moves ORDER BY table_id, n"):
            moves.setdefault(table_id, []).append(text)
        return [Table(tid, code, json.loads(setup), seats.get(tid, []), host, status,
                      tuple(moves.get(tid, ())), name)
                for tid, code, name, status, setup, host in self.db.execute(
                    "SELECT id, code, name, status, setup, host FROM tables ORDER BY id")]

    def move_count(self, table_id: int) -> int:
        with self._lock:
            row = self.db.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])
