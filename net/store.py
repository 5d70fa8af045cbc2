"""Tables on disk: SQLite (standard library) in WAL mode, one transaction per change.

Why this shape: a table is its record — set-up and move texts — plus its seats, so a restart
replays each table with `engine.replay` to the exact position of its last stored move. A move
is committed here before the server acknowledges or broadcasts it, so whatever a client was told
survives a `kill -9` of the server. WAL with synchronous=NORMAL is durable against a crash of the
process (the case above); `synchronous="full"` also survives a power loss, at an fsync a move.
"""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from .table import Seat, Table

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY, code TEXT UNIQUE NOT NULL, name TEXT NOT NULL, status TEXT NOT NULL,
    setup TEXT NOT NULL, host TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL, idx INTEGER NOT NULL, player TEXT NOT NULL, kind TEXT NOT NULL,
    name TEXT NOT NULL, credential TEXT, away_kind TEXT, PRIMARY KEY (table_id, idx));
CREATE TABLE IF NOT EXISTS moves (
    table_id INTEGER NOT NULL, n INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (table_id, n));
"""


class Store:
    """The server's database; every write method commits before it returns."""

    def __init__(self, path: Path | str, synchronous: str = "normal") -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if synchronous == 'full' else 'NORMAL'}")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.close()

    def next_id(self) -> int:
        row = self.db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM tables").fetchone()
        return int(row[0])

    def save_table(self, t: Table) -> None:
        """The table's row and seats (a new table, or its seats or status changed)."""
        now = time.time()
        with self.db:
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

    def save_move(self, t: Table, text: str) -> None:
        """Move number t.n - 1 (just played) and the table's status, in one transaction."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO moves (table_id, n, text) VALUES (?, ?, ?)", (t.id, t.n - 1, text))
            self.db.execute("UPDATE tables SET status = ?, updated = ? WHERE id = ?",
                            (t.status, time.time(), t.id))

    def load_tables(self) -> list[Table]:
        """Every stored table, replayed to its last stored move."""
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
        row = self.db.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0])
