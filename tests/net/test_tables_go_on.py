"""Tables that go on without a player, spectators, host options, the end of a table's life, fair
AI scheduling, and Castell tables played over loopback (docs/protocol.md)."""
from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from typing import Any

from ai.worker_pool import Job, Reply
from net import updates as updates_module
from net.client import Client, History, Refused, Update
from net.fair import FairPool

from .helpers import play_seat, run, running_server


async def refused(coro):
    try:
        await coro
    except Refused as exc:
        return exc.code
    raise AssertionError("not refused")


async def _table_of_two(url, **options):
    ana, ben = Client(url, queue_updates=True), Client(url)
    await ana.connect()
    await ben.connect()
    created = await ana.create(["human", "human"], name="Ana", **options)
    code = created["code"]
    joined = await ben.join(code, name="Ben")
    return ana, ben, created, joined, code


def test_a_quit_is_told_apart_and_a_gone_seat_goes_to_an_ai_and_back(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben, created, joined, code = await _table_of_two(url, grace=600)
            assert await refused(ana.start(code, "x" * 40)) == "not_host"
            await ana.start(code, created["host_token"])
            await ben.request("leave", code=code)
            await asyncio.sleep(0.1)
            blue = next(s for s in ana.tables[code]["seats"] if s["player"] == "blue")
            assert blue["left"] and not blue["connected"] and blue["gone_for"] is not None
            ask = ana.request("seat_ai", code=code, credential=created["credential"], player="blue", level="random")
            assert await refused(ask) == "not_gone"        # within the table's grace period
            server.tables[code].seat("blue").gone_since -= 601
            await ana.request("seat_ai", code=code, credential=created["credential"], player="blue", level="random")
            rng = random.Random(3)
            while True:                                    # the AI's moves are marked as its own
                if ana.current(code) and ana.to_move(code) == "red" and ana.updates.empty():
                    await ana.move(code, str(rng.choice(ana.view(code).legal_moves())))
                item = await ana.next_update()
                if isinstance(item, Update) and item.move and item.move["player"] == "blue":
                    assert (item.move["ai"], item.move["away"]) == ("random", "yes")    # for the gone Ben
                    break
                assert not (isinstance(item, Update) and item.move and "ai" in item.move)
            back = Client(url, queue_updates=True)
            await back.connect()
            await back.resume(code, joined["credential"], history=0)
            history = await back.next_update()            # what the AI played for him, marked in it
            assert isinstance(history, History)
            assert any(s["player"] == "blue" and s.get("away") == "yes" for s in history.steps_json)
            seat = server.tables[code].seat("blue")
            assert (seat.kind, seat.away_kind, seat.left) == ("human", None, False)
            for c in (ana, ben, back):
                await c.close()
    run(main(), timeout=90)


def test_the_server_hands_a_long_gone_seat_to_the_tables_ai_by_itself(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben, created, _, code = await _table_of_two(url, grace=10, auto_ai="easy", auto_after=20)
            await ana.start(code, created["host_token"])
            await ben.close()
            await asyncio.sleep(0.1)
            await server.sweep()
            assert server.tables[code].seat("blue").kind == "human"       # not yet
            seat = server.tables[code].seat("blue")
            seat.gone_since -= 21
            await server.sweep()
            assert (seat.kind, seat.away_kind) == ("easy", "human")
            await ana.close()
    run(main())


def test_open_seats_go_to_ai_levels_in_the_lobby_and_start_says_why_it_cannot(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana = Client(url)
            await ana.connect()
            created = await ana.create(["human", "human", "human"])
            code, host = created["code"], created["host_token"]
            try:
                await ana.start(code, host)
                raise AssertionError("started with open seats")
            except Refused as exc:
                assert exc.code == "seats_open" and "blue, green" in exc.detail
            for player in ("blue", "green"):
                await ana.seat_ai(code, host, player, "random")
            await ana.start(code, host)
            assert server.tables[code].status == "playing"
            await ana.close()
    run(main())


def test_spectators_watch_a_started_table_in_its_public_view_at_a_limited_rate(tmp_path, monkeypatch):
    monkeypatch.setattr(updates_module, "SPECTATOR_INTERVAL", 3600.0)
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben, created, _, code = await _table_of_two(url)
            await ana.start(code, created["host_token"])
            await asyncio.gather(play_seat(ana, code, "red", random.Random(1), stop_at=12),
                                 play_seat(ben, code, "blue", random.Random(2), stop_at=12))
            watcher = Client(url, queue_updates=True)
            await watcher.connect()
            await watcher.request("watch", code=code, history=0)
            seen = []
            while not (seen and isinstance(seen[-1], Update)):
                seen.append(await watcher.next_update())
            assert seen[-1].view_json["viewer"] is None and seen[-1].n == server.tables[code].n
            start = server.tables[code].n
            await asyncio.gather(play_seat(ana, code, "red", random.Random(3), stop_at=start + 10),
                                 play_seat(ben, code, "blue", random.Random(4), stop_at=start + 10))
            await asyncio.sleep(0.2)
            updates = []
            while not watcher.updates.empty():
                item = watcher.updates.get_nowait()
                if isinstance(item, Update):
                    updates.append(item)
            assert len(updates) == 1 and updates[0].n == start + 1     # ten moves, one update
            for c in (ana, ben, watcher):
                await c.close()
    run(main())


def test_host_options_abandon_and_the_end_of_a_finished_table(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana = Client(url)
            await ana.connect()
            two = await ana.create(["human", "greedy"], variant="short", veto=False, castillo="secret", neutral=True)
            setup = server.tables[two["code"]].setup
            assert (setup["variant"], setup["veto"], setup["castillo"], setup.get("dummy")) == \
                ("short", False, "secret", True)
            assert await refused(ana.create(["human", "greedy", "greedy"], neutral=True)) == "bad_option"
            assert await refused(ana.create(["human", "greedy"], game="castell", veto=False)) == "bad_option"
            assert await refused(ana.create(["human", "expert"], game="castell")) == "bad_option"
            await ana.request("abandon", code=two["code"], host_token=two["host_token"])
            assert two["code"] not in server.tables
            await ana.close()
            three = Client(url)
            await three.connect()
            kept = await three.create(["human", "human"])
            await three.close()
            return kept
    kept = run(main())
    with sqlite3.connect(tmp_path / "s.db") as db:       # the table is over (as after a last move)
        db.execute("UPDATE tables SET status = 'over'")

    async def later():
        async with running_server(tmp_path / "s.db", forget_after=3600) as (server, url):
            assert not server.tables and kept["code"] in server.finished      # not replayed at start
            c = Client(url)
            await c.connect()
            [listed] = await c.list_tables({kept["code"]: kept["credential"]})
            assert listed["status"] == "over" and listed["player"] == "red"
            await c.resume(kept["code"], kept["credential"])               # read back on demand
            assert kept["code"] in server.tables
            await c.close()
            await asyncio.sleep(0.1)
            assert kept["code"] not in server.tables                        # out of memory again
            await server.sweep(now=server.finished[kept["code"]].updated + 3601)
            assert not server.finished
    run(later())


def test_ai_decisions_take_the_owners_in_turn():
    class SlowPool:
        size = 1

        def __init__(self):
            self.started = []

        async def decide(self, job):
            self.started.append(job.level)
            await asyncio.sleep(0.01)
            return Reply(move="x")

    async def main():
        pool = SlowPool()
        fair = FairPool(pool)
        rng = random.Random(0)
        greedy = [asyncio.ensure_future(fair.decide("many", Job("expert", i, None, rng))) for i in range(30)]
        await asyncio.sleep(0)
        honest = asyncio.ensure_future(fair.decide("honest", Job("easy", 0, None, rng)))
        await honest
        assert pool.started.index("easy") <= 2          # behind at most the decision in flight and one more
        await asyncio.gather(*greedy)
        assert len(pool.started) == 31
    run(main())


def _castell_choice(view, rng):
    return str(rng.choice(view.legal_moves()))


def test_a_castell_table_with_two_clients_and_an_ai_seat_is_played_to_the_end(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben = Client(url), Client(url)
            await ana.connect()
            await ben.connect()
            created = await ana.create(["human", "human", "random"], game="castell", wheel="advanced", name="Ana")
            code = created["code"]
            assert created["table"]["game"] == "castell"
            await ben.join(code, name="Ben")
            await ana.start(code, created["host_token"])
            await asyncio.gather(play_seat(ana, code, "red", random.Random(1), choose=_castell_choice),
                                 play_seat(ben, code, "blue", random.Random(2), choose=_castell_choice))
            view = ana.view(code)
            assert view.is_over and view.wheel == "advanced" and view.viewer == "red"
            stored = [t for t, _ in server.store.history(server.finished.get(code, server.tables.get(code)).id, 0)]
            assert len(stored) == ana.n[code]
            for c in (ana, ben):
                await c.close()
    run(main(), timeout=240)




def test_a_spectator_misses_no_move_held_back_between_his_updates(tmp_path, monkeypatch):
    """Moves inside SPECTATOR_INTERVAL reach spectators afterwards as one `history` of their steps,
    before the update of the position (docs/protocol.md, watch): the log of a watched table is whole."""
    monkeypatch.setattr(updates_module, "SPECTATOR_INTERVAL", 0.3)
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben, created, _, code = await _table_of_two(url)
            await ana.start(code, created["host_token"])
            watcher = Client(url, queue_updates=True)
            await watcher.connect()
            await watcher.request("watch", code=code)
            await asyncio.gather(play_seat(ana, code, "red", random.Random(3), stop_at=10),
                                 play_seat(ben, code, "blue", random.Random(4), stop_at=10))
            table = server.tables[code]
            seen: list[Any] = []
            while not (seen and isinstance(seen[-1], Update) and seen[-1].n == table.n):
                seen.append(await asyncio.wait_for(watcher.next_update(), 5))
            moves = [e for item in seen if isinstance(item, (Update, History))
                     for e in item.events_json]
            steps = await asyncio.to_thread(server.store.history, table.id, 0)
            assert moves == [e for _, step in steps for e in json.loads(step)["events"]]
            assert any(isinstance(item, History) for item in seen)      # some moves were held back
            for c in (ana, ben, watcher):
                await c.close()
    run(main())
