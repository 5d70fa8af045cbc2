"""`el-grande-server`'s flags; an unknown flag or a bad value is one line on stderr
and exit status 2; the server answers on the port it prints and restores its tables."""
from __future__ import annotations

import json
import logging
import re
import os
import signal
import subprocess
import sys

import pytest

from .helpers import ROOT


@pytest.mark.parametrize("args, words", [
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["--port", "http"], "--port"),
    (["--port", "70000"], "port 0..65535"),
    (["--max-tables", "0"], "--max-tables"),
    (["--max-connections", "-3"], "--max-connections"),
])
def test_bad_flags_are_one_line_and_exit_2(args, words):
    proc = subprocess.run([sys.executable, "-m", "net", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and lines[0].startswith("el-grande-server: ")


def test_default_database_is_in_the_data_dir(tmp_path):
    env = {**os.environ, "EL_GRANDE_DATA_DIR": str(tmp_path), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "net", "--port", "0", "--no-announce"], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        started = json.loads(proc.stdout.readline())
    finally:
        proc.send_signal(signal.SIGTERM)          # a clean stop on SIGTERM: exit status 0
        assert proc.wait(timeout=20) == 0
    assert started["db"] == str(tmp_path / "server.sqlite3") and started["tables"] == 0
    assert started["listening"].startswith("ws://127.0.0.1:")
    assert (tmp_path / "server.sqlite3").exists()


def test_the_protocol_document_lists_every_error_code():
    """docs/protocol.md's error table is the server's list of error codes."""
    from net.protocol import ERRORS
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    table = text.split("## Error codes", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.M))
    assert documented == set(ERRORS)


def test_no_collection_while_a_restarts_players_come_back():
    """docs/scaling.md: the cyclic collector is off while connections keep opening after the
    start; once none opened for `quiet_s` what they brought is frozen and collections resume."""
    import asyncio
    import gc
    import types

    from net.cli import collect_after_start

    async def main():
        server = types.SimpleNamespace(opened_total=0)
        frozen = gc.get_freeze_count()
        settling = asyncio.get_running_loop().create_task(collect_after_start(server, quiet_s=0.05, most_s=10))
        states = []
        for _ in range(6):                  # players arriving every 30 ms: not settled
            await asyncio.sleep(0.03)
            server.opened_total += 10
            states.append(gc.isenabled())
        kept = [[] for _ in range(100)]     # what they brought, tracked by the collector
        kept.append(kept)
        await settling
        return states, frozen, kept

    assert gc.isenabled()
    try:
        states, frozen, kept = asyncio.run(main())
        assert states == [False] * 6
        assert gc.isenabled()
        assert gc.get_freeze_count() >= frozen + 101     # they are frozen with the rest
    finally:
        gc.enable()
        gc.unfreeze()


@pytest.mark.parametrize("created", [1_700_000_000.0, 1_700_000_000.999, 1_700_000_001.5, 1_700_000_001.0005,
                                     1_699_999_999.25, 1_700_003_600.125])
def test_log_lines_read_as_loggings_own_formatter_writes_them(created):
    """The server's formatter keeps the date and second of the last line: its lines are the same
    text as logging.Formatter's, within a second, across seconds and back."""
    from net.cli import _LogFormatter
    fmt = "%(asctime)s %(levelname)s %(message)s"
    fast, plain = _LogFormatter(fmt), logging.Formatter(fmt)
    for when in (created, created + 0.0004, created + 1.0, created - 3600.0, created):
        record = logging.makeLogRecord({"name": "net.server", "levelno": logging.INFO, "levelname": "INFO",
                                        "msg": "connection %d opened from %s", "args": (7, "127.0.0.1:5"),
                                        "created": when, "msecs": int(when % 1 * 1000) + 0.0})
        assert fast.format(record) == plain.format(record)
