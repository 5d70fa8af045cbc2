"""The client keeps its seat credentials in a file of its data dir, written
atomically; a damaged file reads as no tables. §2: LAN announcement is skipped on loopback
(nothing multicast is needed for it)."""
from __future__ import annotations

import json

from net.client import load_credentials, save_credentials
from net.discovery import announce


def test_credentials_round_trip_and_replace_atomically(tmp_path):
    path = tmp_path / "data" / "online.json"
    tables = {"K7QM2X": {"server": "ws://192.168.1.5:8765", "player": "blue", "credential": "x" * 43}}
    save_credentials(path, tables)
    assert load_credentials(path) == tables
    save_credentials(path, {})
    assert load_credentials(path) == {}
    assert [p.name for p in path.parent.iterdir()] == ["online.json"]    # no temporary file left


def test_a_damaged_or_missing_credentials_file_reads_as_no_tables(tmp_path):
    assert load_credentials(tmp_path / "missing.json") == {}
    bad = tmp_path / "online.json"
    bad.write_text("{not json", encoding="utf-8")
    assert load_credentials(bad) == {}
    bad.write_text(json.dumps({"tables": ["not", "a", "mapping"]}), encoding="utf-8")
    assert load_credentials(bad) == {}


def test_a_loopback_server_is_not_announced():
    assert announce("127.0.0.1", 8765) is None
    assert announce("localhost", 8765) is None
