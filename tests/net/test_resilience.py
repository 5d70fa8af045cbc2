"""Nothing acknowledged is lost. A dropped connection reconnects by itself to the
same seat; a seat whose player is gone is shown as such and the host may hand it to an AI (and
the player takes it back by resuming); a server killed with SIGKILL mid-game restarts on the same
database with every table at its last acknowledged move, and the clients carry on by themselves."""
from __future__ import annotations

import asyncio
import random
import signal

from net.client import Client

from .helpers import play_seat, run, running_server, server_process


async def _two_seat_table(url, kinds=("human", "human")):
    ana, ben = Client(url, backoff_max=0.3), Client(url, backoff_max=0.3)
    await ana.connect()
    await ben.connect()
    created = await ana.create(list(kinds), name="Ana")
    await ben.join(created["code"], name="Ben")
    await ana.start(created["code"], created["host_token"])
    return ana, ben, created


def _connected(client, code, player):
    return next(s["connected"] for s in client.tables[code]["seats"] if s["player"] == player)


def test_dropped_connection_reconnects_to_the_same_seat(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben, created = await _two_seat_table(url)
            code = created["code"]
            await asyncio.gather(play_seat(ana, code, "red", random.Random(1), stop_at=30),
                                 play_seat(ben, code, "blue", random.Random(2), stop_at=30))
            await ben.drop()
            while _connected(ana, code, "blue"):        # Ana is told Ben lost the connection ...
                await ana.changed(timeout=1.0)
            while not _connected(ana, code, "blue"):    # ... and that he is back, by himself
                await ana.changed(timeout=1.0)
            assert ben.connects == 2 and ben.n[code] == server.tables[code].n
            await asyncio.gather(play_seat(ana, code, "red", random.Random(3)),
                                 play_seat(ben, code, "blue", random.Random(4)))
            assert server.tables[code].game.is_over
            await ana.close()
            await ben.close()
    run(main())


def test_host_hands_a_gone_players_seat_to_an_ai_and_he_takes_it_back(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben, created = await _two_seat_table(url, ("human", "human", "random"))
            code, host = created["code"], created["host_token"]
            await asyncio.gather(play_seat(ana, code, "red", random.Random(1), stop_at=20),
                                 play_seat(ben, code, "blue", random.Random(2), stop_at=20))
            credential = ben.seats[code]
            await ben.close()
            while _connected(ana, code, "blue"):
                await ana.changed(timeout=1.0)
            await ana.seat_ai(code, host, "blue", "random")
            seat = server.tables[code].seat("blue")
            assert seat.kind == "random" and seat.away_kind == "human"
            await play_seat(ana, code, "red", random.Random(3), stop_at=60)   # blue's AI plays meanwhile
            ben = Client(url)
            await ben.connect()
            await ben.resume(code, credential)
            assert server.tables[code].seat("blue").kind == "human"
            await asyncio.gather(play_seat(ana, code, "red", random.Random(4)),
                                 play_seat(ben, code, "blue", random.Random(5)))
            assert server.tables[code].game.is_over
            await ana.close()
            await ben.close()
    run(main())


def test_server_killed_mid_game_resumes_at_the_last_acknowledged_move(tmp_path):
    db = tmp_path / "s.db"

    async def main():
        with server_process(db) as (proc, port):
            url = f"ws://127.0.0.1:{port}"
            ana, ben, created = await _two_seat_table(url)
            code = created["code"]
            await asyncio.gather(play_seat(ana, code, "red", random.Random(1), stop_at=50),
                                 play_seat(ben, code, "blue", random.Random(2), stop_at=50))
            acknowledged = max(ana.n[code], ben.n[code])
            record_before = ana.view(code).to_json()
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        with server_process(db, port):
            for client in (ana, ben):
                while client.connects < 2 or client.n[code] < acknowledged:
                    await client.changed(timeout=1.0)
            assert ana.n[code] == ben.n[code] == acknowledged
            assert ana.view(code).to_json() == record_before
            await asyncio.gather(play_seat(ana, code, "red", random.Random(3)),
                                 play_seat(ben, code, "blue", random.Random(4)))
            assert ana.view(code).is_over and ben.view(code).is_over
        await ana.close()
        await ben.close()
    run(main())
