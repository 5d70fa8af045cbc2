"""The server's log (net/server.py, stdlib logging): one line per connection opened and closed,
table created, started and finished, and per error; no line holds a credential, a token, the
game's seed or a move's text (a disc or a power card is secret until shown)."""
from __future__ import annotations

import asyncio
import logging
import random

from net.client import Client, Refused

from .helpers import play_seat, run, running_server

SEED = 987_654_321


def test_connections_and_tables_are_logged_without_secrets(tmp_path, caplog):
    caplog.set_level(logging.DEBUG, logger="net.server")

    async def main():
        async with running_server(tmp_path / "s.db", seed_source=lambda: SEED) as (server, url):
            ana, ben = Client(url), Client(url)
            await ana.connect()
            await ben.connect()
            created = await ana.create(["human", "human", "greedy"], name="Ana")
            code = created["code"]
            joined = await ben.join(code, name="Ben")
            await ana.start(code, created["host_token"])
            await asyncio.gather(play_seat(ana, code, "red", random.Random(1)),
                                 play_seat(ben, code, "blue", random.Random(2)))
            await ana.close()
            await ben.close()
            for _ in range(100):                  # the server sees the closes
                if not server.conns:
                    break
                await asyncio.sleep(0.02)
            secrets = [created["host_token"], created["credential"], joined["credential"], str(SEED)]
            assert code not in server.tables          # finished and followed by nobody: out of memory
            return code, secrets, [text for text, _ in server.store.history(server.finished[code].id, 0)]
    code, secrets, moves = run(main())
    lines = [r.getMessage() for r in caplog.records if r.name == "net.server"]
    assert all("\n" not in line for line in lines)
    assert sum(line.startswith("connection ") and " opened from 127.0.0.1:" in line for line in lines) == 2
    assert sum(line.startswith("connection ") and line.endswith(" closed") for line in lines) == 2
    assert f"table {code} created by connection 1: human, human, greedy" in lines
    assert f"table {code} started: 3 players" in lines
    assert f"table {code} finished after {len(moves)} moves" in lines
    for line in lines:
        assert not [s for s in secrets if s in line], line
        assert not [m for m in set(moves) if m in line], line


def test_a_refused_message_is_logged_by_its_code_only(tmp_path, caplog):
    caplog.set_level(logging.DEBUG, logger="net.server")

    async def main():
        async with running_server(tmp_path / "s.db") as (_server, url):
            ana = Client(url)
            await ana.connect()
            created = await ana.create(["human", "greedy"])
            try:
                await ana.request("resume", code=created["code"], credential="not-my-credential-xyz")
            except Refused as exc:
                assert exc.code == "bad_credential"
            else:
                raise AssertionError("a credential of no seat was accepted")
            await ana.close()
    run(main())
    lines = [r.getMessage() for r in caplog.records if r.name == "net.server"]
    assert "connection 1: resume refused (bad_credential)" in lines
    assert not [line for line in lines if "not-my-credential-xyz" in line]
