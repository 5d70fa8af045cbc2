"""Hostile clients and faults (docs/protocol.md, case by case): seeds no one can search, the
document's edge cases, per-address caps, guesses, the host's say over his seats, storage faults
that leave nothing behind, and a stored table that no longer replays."""
from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import threading

import websockets
from websockets.asyncio.client import connect

import engine
from engine import castell
from game.match.seed import new_seed
from net.client import Client, Refused
from net.protocol import PROTOCOL_VERSION
from net.server import Server
from net.store import Store

from .helpers import run, running_server


async def _raw(url):
    ws = await connect(url, compression=None)
    assert json.loads(await ws.recv())["type"] == "hello"
    return ws


async def _answer(ws, data):
    await ws.send(data)
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] not in ("table", "update"):
            return msg


def _msg(kind, **fields):
    return json.dumps({"v": PROTOCOL_VERSION, "type": kind, **fields})


async def refused(coro):
    try:
        await coro
    except Refused as exc:
        return exc.code
    raise AssertionError("not refused")


def test_every_new_game_gets_a_128_bit_seed_from_secrets(tmp_path):
    store = Store(tmp_path / "s.db")
    try:
        sources = {"engine": lambda: engine.new_game().seed, "castell": lambda: castell.new_game().seed,
                   "client": new_seed, "server": Server(store).seed_source}
        for name, draw in sources.items():
            seeds = [draw() for _ in range(16)]
            assert len(set(seeds)) == 16 and all(0 <= s < 2 ** 128 for s in seeds), name
            assert max(seeds) >= 2 ** 120, f"{name}: seeds from a small range"
        g = engine.new_game(players=["red", "blue"])       # a 128-bit seed replays from its record
        assert engine.replay(g.record()).seed == g.seed
    finally:
        store.close()


def test_the_documents_edge_cases_are_refused_as_it_says(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ws = await _raw(url)
            assert (await _answer(ws, "[" * 2000 + "]" * 2000))["code"] == "bad_json"
            deep = json.dumps({"v": 2, "type": "ping", "id": 3, "x": [[[[[[[[[1]]]]]]]]]})
            assert (await _answer(ws, deep))["code"] == "bad_json"
            for v in ("true", "2.0", '"2"'):
                reply = await _answer(ws, '{"v": %s, "type": "ping", "id": 5}' % v)
                assert (reply["code"], reply["id"]) == ("bad_version", 5), v
            reply = await _answer(ws, _msg("join", id=9, code=12))        # validation errors keep the id
            assert (reply["code"], reply["id"]) == ("bad_message", 9)
            reply = await _answer(ws, _msg("ping", id=4).encode("utf-16"))  # binary frames are not read
            assert reply["code"] == "bad_json"
            assert (await _answer(ws, _msg("ping", id=6)))["type"] == "pong"
            await ws.send(b'{"v":2,"type":"ping","name":"\xff"}', text=True)   # not UTF-8: closed 1007
            try:
                await ws.recv()
                raise AssertionError("invalid UTF-8 did not close the connection")
            except websockets.ConnectionClosed as exc:
                assert exc.rcvd is not None and exc.rcvd.code == 1007
            assert not server.tables
    run(main())


def test_move_text_is_stored_and_broadcast_canonical(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben = Client(url, queue_updates=True), Client(url)
            await ana.connect()
            await ben.connect()
            created = await ana.create(["human", "human"])
            code = created["code"]
            await ben.join(code)
            await ana.start(code, created["host_token"])
            mover = ana if ana.to_move(code) == "red" else ben
            card = max(int(str(m).split()[1]) for m in mover.view(code).legal_moves())
            await mover.request("move", code=code, move=f"POWER  {card:02d}", n=0)
            await ana.wait_n(code, 1)
            assert server.store.history(server.tables[code].id, 0)[0][0] == f"power {card}"
            for c in (ana, ben):
                await c.close()
    run(main())


def test_open_tables_are_capped_per_address_and_expire_also_after_a_restart(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db", open_per_address=3, open_ttl=3600) as (server, url):
            c = Client(url)
            await c.connect()
            for _ in range(3):
                await c.create(["human", "greedy"])
            assert await refused(c.create(["human", "greedy"])) == "too_many_tables"
            await server.sweep(now=max(t.created for t in server.tables.values()) + 3601)
            assert not server.tables
            await c.create(["human", "greedy"])
            await c.close()
            return next(iter(server.tables))
    code = run(main())
    store = Store(tmp_path / "s.db")
    try:
        assert list(Server(store).tables) == [code]
    finally:
        store.close()


def test_connections_are_capped_per_address(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db", max_per_address=2) as (_, url):
            kept = [await _raw(url), await _raw(url)]
            ws = await connect(url, compression=None)
            assert json.loads(await ws.recv())["code"] == "too_many_connections"
            await ws.close()
            for w in kept:
                await w.close()
    run(main())


def test_code_guesses_are_limited_per_address_and_the_host_removes_a_stranger(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            host, stranger, friend = Client(url), Client(url), Client(url)
            for c in (host, stranger, friend):
                await c.connect()
            created = await host.create(["human", "human"])
            code = created["code"]
            assert len(code) == 10
            joined = await stranger.join(code)           # he found the code
            assert await refused(host.request("unseat", code=code, host_token="x" * 40,
                                              player="blue")) == "not_host"
            await host.request("unseat", code=code, host_token=created["host_token"], player="blue")
            assert await refused(stranger.resume(code, joined["credential"])) == "bad_credential"
            await friend.join(code)                      # the seat is open again
            guesses = 0
            while True:                                  # a guesser runs out of guesses
                reply = await refused(stranger.join("ABCDEFGHJK"))
                if reply == "too_many_guesses":
                    break
                assert reply == "unknown_table"
                guesses += 1
            assert guesses < 20 and await refused(stranger.watch(code)) == "too_many_guesses"
            await host.start(code, created["host_token"])
            assert await refused(host.request("unseat", code=code, host_token=created["host_token"],
                                              player="blue")) == "not_open"
            for c in (host, stranger, friend):
                await c.close()
    run(main())


def test_a_refused_join_or_create_leaves_nothing_behind(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben = Client(url), Client(url)
            await ana.connect()
            await ben.connect()
            created = await ana.create(["human", "human"])
            code = created["code"]
            write = server.store.write_table

            def full_disk(*args):
                raise sqlite3.OperationalError("database or disk is full")
            server.store.write_table = full_disk
            assert await refused(ben.join(code)) == "storage"
            assert await refused(ben.create(["human", "greedy"])) == "storage"
            assert list(server.tables) == [code] and not server.tables[code].seats[1].credential
            server.store.write_table = write
            assert (await ben.join(code))["player"] == "blue"   # not table_full
            again = await ben.create(["human", "greedy"])
            assert server.tables[again["code"]].id == server.tables[code].id + 2   # no id used twice
            for c in (ana, ben):
                await c.close()
    run(main())


def test_a_locked_database_does_not_stall_other_connections(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben = Client(url), Client(url)
            await ana.connect()
            await ben.connect()
            created = await ana.create(["human", "human"])
            held, release = threading.Event(), threading.Event()

            def hold():
                with server.store._lock:
                    held.set()
                    release.wait(10)
            thread = threading.Thread(target=hold)
            thread.start()
            held.wait(5)
            join = asyncio.ensure_future(ben.join(created["code"]))
            await asyncio.sleep(0.2)
            await ana.request("ping")          # answered while the join waits for the database
            assert not join.done()
            release.set()
            assert (await join)["player"] == "blue"
            thread.join()
            for c in (ana, ben):
                await c.close()
    run(main())


def test_a_table_that_no_longer_replays_is_set_aside_and_the_others_served(tmp_path, caplog):
    async def first():
        async with running_server(tmp_path / "s.db") as (server, url):
            c = Client(url)
            await c.connect()
            codes = [(await c.create(["human", "human"]))["code"] for _ in range(2)]
            await c.close()
            return codes, server.tables[codes[0]].id
    (bad, good), bad_id = run(first())
    with sqlite3.connect(tmp_path / "s.db") as db:
        db.execute("INSERT INTO moves (table_id, n, text) VALUES (?, 0, 'fly to the moon')", (bad_id,))
    caplog.set_level(logging.ERROR, logger="net.server")
    store = Store(tmp_path / "s.db")
    try:
        server = Server(store)            # restored tables replay at first use or after the start
        asyncio.run(server.replay_rest(pause=0))
        assert list(server.tables) == [good] and bad in server.set_aside
        assert any(bad in r.getMessage() and "set aside" in r.getMessage() for r in caplog.records)
    finally:
        store.close()
