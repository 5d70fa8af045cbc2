"""The server's SQLite file carries its schema version (`PRAGMA user_version`, net/store.py): a
file written before the version was kept (version 0) is migrated to the current version with its
tables kept; a file of a newer version is refused in one line naming the file and both versions,
and left byte for byte as it was."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest

from net.store import SCHEMA_VERSION, SchemaTooNew, Store
from net.table import Table

from .helpers import ROOT

# the file every server wrote before the schema version was kept
UNVERSIONED = """
CREATE TABLE tables (
    id INTEGER PRIMARY KEY, code TEXT UNIQUE NOT NULL, name TEXT NOT NULL, status TEXT NOT NULL,
    setup TEXT NOT NULL, host TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE seats (
    table_id INTEGER NOT NULL, idx INTEGER NOT NULL, player TEXT NOT NULL, kind TEXT NOT NULL,
    name TEXT NOT NULL, credential TEXT, away_kind TEXT, PRIMARY KEY (table_id, idx));
CREATE TABLE moves (
    table_id INTEGER NOT NULL, n INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (table_id, n));
"""


def user_version(path) -> int:
    db = sqlite3.connect(str(path))
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


def test_a_new_file_gets_the_current_version(tmp_path):
    store = Store(tmp_path / "new.sqlite3")
    store.close()
    assert store.version == SCHEMA_VERSION >= 1 and user_version(tmp_path / "new.sqlite3") == SCHEMA_VERSION


def test_an_unversioned_file_is_migrated_and_keeps_its_tables(tmp_path):
    path = tmp_path / "old.sqlite3"
    table, _host = Table.create(1, "ABCDEF", {"seats": ["human", "greedy"]}, 11, "Ana")
    db = sqlite3.connect(str(path))
    db.executescript(UNVERSIONED)
    db.execute("INSERT INTO tables VALUES (1, 'ABCDEF', 'Ana', 'open', ?, ?, 0, 0)",
               (json.dumps(table.setup), table.host))
    db.executemany("INSERT INTO seats VALUES (1, ?, ?, ?, ?, NULL, NULL)",
                   [(i, s.player, s.kind, s.name) for i, s in enumerate(table.seats)])
    db.commit()
    db.close()
    assert user_version(path) == 0
    store = Store(path)
    try:
        [loaded] = store.load_tables()
        assert (loaded.code, loaded.name, [s.kind for s in loaded.seats]) == ("ABCDEF", "Ana", ["human", "greedy"])
    finally:
        store.close()
    assert user_version(path) == SCHEMA_VERSION


def newer_file(tmp_path):
    path = tmp_path / "newer.sqlite3"
    store = Store(path)
    store.close()
    db = sqlite3.connect(str(path))
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    return path


def test_a_newer_file_is_refused_and_left_untouched(tmp_path):
    path = newer_file(tmp_path)
    before = path.read_bytes()
    with pytest.raises(SchemaTooNew) as refused:
        Store(path)
    message = str(refused.value)
    assert str(path) in message and f"schema version {SCHEMA_VERSION + 1}" in message
    assert f"this server's {SCHEMA_VERSION}" in message and "\n" not in message
    assert path.read_bytes() == before and user_version(path) == SCHEMA_VERSION + 1


def test_the_server_refuses_a_newer_file_in_one_line(tmp_path):
    path = newer_file(tmp_path)
    before = path.read_bytes()
    proc = subprocess.run([sys.executable, "-m", "net", "--port", "0", "--no-announce", "--db", str(path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 1 and proc.stdout == ""
    assert len(lines) == 1 and lines[0].startswith("el-grande-server: ") and str(path) in lines[0]
    assert f"schema version {SCHEMA_VERSION + 1} is newer than this server's {SCHEMA_VERSION}" in lines[0]
    assert path.read_bytes() == before
