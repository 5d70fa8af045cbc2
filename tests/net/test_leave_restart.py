"""A player's `leave` survives a restart (docs/protocol.md `leave`, `table`): the seat still
reads `left` after it, his absence is counted from when he left (the table's hand-over to its AI
is not put off by the restart), and resuming the seat clears it for good."""
from __future__ import annotations

import sqlite3

from net.client import Client

from .helpers import run, running_server


def _blue(summary):
    return next(s for s in summary["seats"] if s["player"] == "blue")


def test_a_left_seat_stays_left_across_a_restart_and_its_grace_runs_on(tmp_path):
    db = tmp_path / "s.db"

    async def main():
        async with running_server(db) as (_, url):
            ana, ben = Client(url), Client(url)
            await ana.connect()
            await ben.connect()
            created = await ana.create(["human", "human"], name="Ana", grace=60, auto_ai="easy", auto_after=120)
            code = created["code"]
            joined = await ben.join(code, name="Ben")
            await ana.start(code, created["host_token"])
            await ben.request("leave", code=code)
            await ana.close()
            await ben.close()
        with sqlite3.connect(db) as con:          # he left 1000 s before the restart
            con.execute("UPDATE seats SET left_at = left_at - 1000 WHERE left_at IS NOT NULL")
        async with running_server(db) as (server, url):
            table = server.tables[code]
            assert table.seat("blue").left and not table.seat("red").left
            ana = Client(url)
            await ana.connect()
            reply = await ana.resume(code, created["credential"])
            blue = _blue(reply["table"])
            assert blue["left"] and not blue["connected"] and blue["gone_for"] >= 1000
            await server.sweep()                   # auto_after (120 s) passed long ago: handed over now
            assert (table.seat("blue").kind, table.seat("blue").away_kind) == ("easy", "human")
            ben = Client(url)
            await ben.connect()
            await ben.resume(code, joined["credential"])
            assert (table.seat("blue").kind, table.seat("blue").left) == ("human", False)
            await ana.close()
            await ben.close()
        async with running_server(db) as (server, url):
            seat = server.tables[code].seat("blue")
            assert (seat.kind, seat.left, seat.left_at) == ("human", False, None)
    run(main())
