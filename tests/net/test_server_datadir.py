"""The server's database lives in the client's data folder (net/datadir.py, platformdirs): on a
system whose folder is not the one earlier versions used everywhere, the old folder — the
server's database in it — moves there once, as for the client, and the log says so."""
from __future__ import annotations

import asyncio
import json
import logging
import os
import signal

from net import datadir
from net.cli import build_parser, run
from net.store import Store
from net.table import Table


def test_the_servers_database_moves_with_the_old_folder_to_the_platforms(tmp_path, monkeypatch, capsys, caplog):
    old = tmp_path / "xdg" / "el-grande"
    new = tmp_path / "Application Support" / "el-grande"
    store = Store(old / "server.sqlite3")
    table, _host = Table.create(store.next_id(), "ABCDEF", {"seats": ["human", "greedy"]}, 3, "Ana")
    store.save_table(table)
    store.close()
    monkeypatch.delenv("EL_GRANDE_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(datadir, "platform_dir", lambda: new)
    monkeypatch.setattr(datadir, "_settled", {})
    monkeypatch.setattr(datadir, "_pending", [])
    caplog.set_level(logging.INFO, logger="net.server")
    args = build_parser().parse_args(["--port", "0", "--no-announce"])
    # once listening, the server stops itself as on a SIGTERM (its own handler)
    asyncio.run(asyncio.wait_for(run(args, ready=lambda port: os.kill(os.getpid(), signal.SIGTERM)), 60))
    started = json.loads(capsys.readouterr().out.splitlines()[0])
    assert started["db"] == str(new / "server.sqlite3") and started["tables"] == 1
    assert not old.exists() and (new / "server.sqlite3").exists()
    lines = [r.getMessage() for r in caplog.records if r.name == "net.server"]
    assert f"the data folder {old} moved to {new}" in lines
