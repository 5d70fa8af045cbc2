"""A whole 4-seat game on loopback, two scripted humans (the client library) and
two AI seats thinking in the server's worker processes, to the end."""
from __future__ import annotations

import asyncio
import random

import engine
from net.client import Client, Refused
from net.protocol import CODE_LENGTH

from .helpers import play_seat, run, running_server


def test_whole_game_two_humans_two_ai_seats(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben = Client(url), Client(url)
            await ana.connect()
            await ben.connect()
            created = await ana.create(["human", "human", "random", "greedy"], name="Ana")
            code = created["code"]
            assert created["player"] == "red" and len(code) == CODE_LENGTH
            with_refusal = None
            try:
                await ana.start(code, created["host_token"])
            except Refused as exc:
                with_refusal = exc.code
            assert with_refusal == "seats_open"          # blue is not taken yet
            joined = await ben.join(code, name="Ben")
            assert joined["player"] == "blue"
            await ana.start(code, created["host_token"])
            await asyncio.gather(play_seat(ana, code, "red", random.Random(1)),
                                 play_seat(ben, code, "blue", random.Random(2)))
            table = server.tables[code]
            assert table.status == "over" and table.game.is_over
            for client in (ana, ben):
                view = client.view(code)
                assert view.is_over and view.scores == table.game.scores
            moves = table.game.record()["moves"]
            assert engine.replay({"setup": table.setup, "moves": moves}).scores == table.game.scores
            assert server.store.move_count(table.id) == len(moves) == table.n
            await ana.close()
            await ben.close()
    run(main())


def test_a_client_queues_every_update_with_its_events_when_asked(tmp_path):
    """The game client animates every move: with queue_updates each update arrives in order with
    its engine events; the events rebuild the table's log (every move's events, none missing)."""
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana = Client(url, queue_updates=True)
            await ana.connect()
            created = await ana.create(["human", "random"])
            code = created["code"]
            await ana.start(code, created["host_token"])
            await play_seat(ana, code, "red", random.Random(1), stop_at=30)
            ns, events = [], []
            while not ana.updates.empty():
                item = ana.updates.get_nowait()
                if not isinstance(item, dict):
                    ns.append(item.n)
                    events.extend(item.events)
            assert ns == list(range(0, ns[-1] + 1)) and ns[-1] >= 30
            replayed = engine.new_game(["red", "blue"], seed=server.tables[code].setup["seed"])
            expected = [e for m in server.tables[code].game.record()["moves"][:ns[-1]] for e in replayed.play(m)]
            assert events == expected
            await ana.close()
    run(main())
