"""What the server does to carry many tables must not change what it promises.
Views encoded from cached pieces are the engine's wire form exactly; the seat to move gets its
legal moves in its frame (a client needs no rules engine); moves are committed in groups on a
writer thread, yet each is acknowledged only once committed, a failed commit is refused and
undone, and a kill -9 while many tables play loses no acknowledged move."""
from __future__ import annotations

import asyncio
import gc
import json
import random
import signal
import sqlite3
import threading

import engine

from net.client import Client, Refused
from net.store import Store
from net.table import Table

from .helpers import run, running_server, server_process

PLAYERS = ["red", "blue", "green", "yellow"]


class LegalClient(Client):
    """A client that keeps the `legal` field of each table's last update."""

    def __init__(self, url: str) -> None:
        super().__init__(url, backoff_max=0.3)
        self.legal: dict[str, list[str] | None] = {}

    def _dispatch(self, msg):
        if msg.get("type") == "update":
            self.legal[msg["code"]] = msg.get("legal")
        super()._dispatch(msg)


async def _table(url, seats=4):
    clients = [LegalClient(url) for _ in range(seats)]
    for c in clients:
        await c.connect()
    created = await clients[0].create(["human"] * seats)
    code = created["code"]
    for c in clients[1:]:
        await c.join(code)
    await clients[0].start(code, created["host_token"])
    return clients, code


async def _play_from_frames(client, code, player, rng, acked, stop_at=None, stop=None):
    """Plays only from what the frames say: whose turn (the view's to_move) and `legal`; until
    the game ends, the table reaches `stop_at`, or `stop` (an asyncio.Event) is set — a flag, not
    a cancel, which Python 3.11's wait_for can swallow."""
    while stop is None or not stop.is_set():
        if client.current(code):
            mover = client.to_move(code)
            if mover is None or (stop_at is not None and client.n[code] >= stop_at):
                return
            if mover == player and client.legal.get(code):
                acked[code] = max(acked.get(code, 0), await client.move(code, rng.choice(client.legal[code])))
                continue
        await client.changed(timeout=1.0)


def test_view_text_is_the_engines_wire_form_at_every_position_and_seat():
    for seed in (1, 2):
        table = Table(1, "ABCDEF", {"players": PLAYERS, "seed": seed}, [], "host")
        game, rng = table.game, random.Random(seed)
        while not game.is_over:
            for player in PLAYERS + [None]:
                view = game.public_view() if player is None else game.view(player)
                assert table.view_text(player) == json.dumps(view.to_json(), separators=(",", ":"))
            game.play(rng.choice(game.legal_moves()))
            table.n += 1


def test_a_table_keeps_its_views_texts_and_legal_moves_but_not_the_views():
    """A view holds a copy of the game: the four kept until each table's next move were most of
    what the server's young garbage collections scanned (docs/scaling.md)."""
    table = Table(1, "ABCDEF", {"players": PLAYERS, "seed": 3}, [], "host")
    table.status, rng = "playing", random.Random(3)

    def views() -> int:
        return sum(isinstance(o, engine.View) for o in gc.get_objects())
    gc.collect()
    before = views()
    for _ in range(20):
        texts = {p: table.view_text(p) for p in PLAYERS + [None]}
        legal = table.legal_texts()
        assert legal == tuple(str(m) for m in table.game.view(table.game.to_move).legal_moves())
        assert views() == before
        assert {p: table.view_text(p) for p in PLAYERS + [None]} == texts and table.legal_texts() is legal
        table.play(rng.choice(legal))


def test_the_seat_to_move_gets_exactly_its_views_legal_moves_and_the_others_none(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            clients, code = await _table(url)
            frames = []                    # (player, view wire form, legal) of every update seen
            for c, p in zip(clients, PLAYERS):
                original = c._dispatch

                def record(msg, original=original, p=p):
                    if msg.get("type") == "update":
                        frames.append((p, msg["view"], msg.get("legal")))
                    original(msg)
                c._dispatch = record
            acked: dict[str, int] = {}
            await asyncio.gather(*(_play_from_frames(c, code, p, random.Random(i), acked, stop_at=120)
                                   for i, (c, p) in enumerate(zip(clients, PLAYERS))))
            for c in clients:
                await c.close()
            return frames, acked[code]

    frames, acked = run(main())
    assert acked >= 120 and len(frames) >= 4 * 120
    movers = 0
    for player, wire, legal in frames:
        view = engine.view_from_json(wire)
        if view.to_move == player:
            assert legal == [str(m) for m in view.legal_moves()]
            movers += 1
        else:
            assert legal is None
    assert movers >= 120          # one seat to move in every position


def test_a_move_is_acknowledged_only_once_its_transaction_committed(tmp_path):
    db = tmp_path / "s.db"

    async def main():
        async with running_server(db) as (server, url):
            clients, code = await _table(url, seats=2)
            mover = next(c for c, p in zip(clients, PLAYERS) if p == clients[0].to_move(code))
            entered, release = threading.Event(), threading.Event()
            save_batch = server.store.save_batch

            def slow_disk(moves):
                entered.set()
                release.wait()
                save_batch(moves)
            server.store.save_batch = slow_disk
            move = asyncio.ensure_future(mover.request("move", code=code, move=mover.legal[code][0], n=0))
            await asyncio.to_thread(entered.wait)
            await asyncio.sleep(0.2)               # the loop runs on while the commit hangs
            acked_early = move.done()
            with sqlite3.connect(db) as other:
                stored_early = other.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
            release.set()
            reply = await move
            with sqlite3.connect(db) as other:
                stored = other.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
            for c in clients:
                await c.close()
            return acked_early, stored_early, reply, stored

    acked_early, stored_early, reply, stored = run(main())
    assert not acked_early and stored_early == 0
    assert reply["type"] == "ack" and reply["n"] == 1 and stored == 1


def test_a_failed_commit_is_refused_and_undone_and_the_next_one_is_stored(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            clients, code = await _table(url, seats=2)
            mover = next(c for c, p in zip(clients, PLAYERS) if p == clients[0].to_move(code))
            save_batch, failures = server.store.save_batch, []

            def full_disk_once(moves):
                if not failures:
                    failures.append(len(moves))
                    raise sqlite3.OperationalError("database or disk is full")
                save_batch(moves)
            server.store.save_batch = full_disk_once
            move = mover.legal[code][0]
            try:
                await mover.request("move", code=code, move=move, n=0)
                refused = None
            except Refused as exc:
                refused = exc.code
            table_n = server.tables[code].n
            reply = await mover.request("move", code=code, move=move, n=0)
            stored = server.store.move_count(server.tables[code].id)
            for c in clients:
                await c.close()
            return refused, table_n, reply, stored

    refused, table_n, reply, stored = run(main())
    assert refused == "storage" and table_n == 0
    assert reply["n"] == 1 and stored == 1


def test_moves_queued_in_one_tick_share_a_transaction_and_each_is_answered_after_it(tmp_path):
    db = tmp_path / "s.db"
    store = Store(db)
    tables = [Table(i, f"T{i}", {"players": PLAYERS, "seed": i}, [], "host") for i in range(1, 21)]
    for t in tables:
        store.save_table(t)

    async def main():
        answered: list[tuple[int, Exception | None, int]] = []
        done = asyncio.Event()

        def callback(table_id):
            def stored(exc):
                with sqlite3.connect(db) as other:      # visible to another connection: committed
                    rows = other.execute("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,)).fetchone()[0]
                answered.append((table_id, exc, rows))
                if len(answered) == len(tables):
                    done.set()
            return stored
        with store._lock:                # the writer waits: every move is queued before it commits
            for t in tables:
                move = str(t.game.legal_moves()[0])
                t.play(move)
                store.save_move_later(t, move, callback(t.id))
        await asyncio.wait_for(done.wait(), 30)
        return answered

    try:
        answered = run(main())
    finally:
        store.close()
    assert sorted(a[0] for a in answered) == [t.id for t in tables]
    assert all(exc is None and rows == 1 for _, exc, rows in answered)
    assert store.batches <= 2          # the first move alone at most, then all the others at once


def test_kill_9_while_many_tables_play_loses_no_acknowledged_move(tmp_path):
    db = tmp_path / "s.db"

    async def main():
        with server_process(db) as (proc, port):
            url = f"ws://127.0.0.1:{port}"
            tables = [await _table(url, seats=2) for _ in range(6)]
            acked: dict[str, int] = {}
            stop = asyncio.Event()
            players = [asyncio.ensure_future(_play_from_frames(c, code, p, random.Random(i * 7 + k), acked, stop=stop))
                       for i, (clients, code) in enumerate(tables) for k, (c, p) in enumerate(zip(clients, PLAYERS))]
            while sum(acked.values()) < 150:
                await asyncio.sleep(0.01)
            proc.send_signal(signal.SIGKILL)    # moves in flight on every table
            proc.wait()
            at_kill = dict(acked)
            stop.set()
            await asyncio.gather(*players, return_exceptions=True)
            for clients, _ in tables:
                for c in clients:
                    await c.close()
        with sqlite3.connect(db) as con:
            stored = dict(con.execute("SELECT t.code, COUNT(m.n) FROM tables t LEFT JOIN moves m "
                                      "ON m.table_id = t.id GROUP BY t.id"))
        return at_kill, stored

    at_kill, stored = run(main())
    assert len(at_kill) == 6
    assert all(stored[code] >= n for code, n in at_kill.items())
