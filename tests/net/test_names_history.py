"""A seat carries its player's name (1-24 printable characters, trimmed,
stored with the table so a restart keeps it; a bad one refused with `bad_name`), and a player
who comes back after a while is sent what happened since the start (or since a move number) —
the same public events every seat got in its updates."""
from __future__ import annotations

import asyncio
import json
import random

import pytest

import engine
from net.requests import legacy_steps
from net.client import Client, History, Refused, Update
from net.protocol import NAME_LIMIT, ProtocolError, clean_name

from .helpers import play_seat, run, running_server


def _names(summary):
    return {s["player"]: s["name"] for s in summary["seats"]}


def test_clean_name_trims_and_refuses_what_is_not_a_name():
    assert clean_name("  Ana  ") == "Ana"
    assert clean_name("x" * NAME_LIMIT) == "x" * NAME_LIMIT
    for bad in ("", "   ", "x" * (NAME_LIMIT + 1), "An\na", "\x07"):
        with pytest.raises(ProtocolError) as err:
            clean_name(bad)
        assert err.value.code == "bad_name"


def test_seat_names_are_in_the_summary_and_survive_a_restart(tmp_path):
    async def first():
        async with running_server(tmp_path / "s.db") as (_, url):
            ana, ben = Client(url), Client(url)
            await ana.connect()
            await ben.connect()
            created = await ana.create(["human", "human", "random"], name="  Ana ")
            code = created["code"]
            for bad in ("", " " * 5, "B" * 25, "Be\tn"):
                with pytest.raises(Refused) as err:
                    await ben.request("join", code=code, name=bad)
                assert err.value.code == "bad_name"
            joined = await ben.join(code, name="Ben")
            assert _names(joined["table"]) == {"red": "Ana", "blue": "Ben", "green": ""}
            await ana.start(code, created["host_token"])
            await ana.close()
            await ben.close()
            return code, ben.seats[code]

    async def second(code, credential):
        async with running_server(tmp_path / "s.db") as (server, url):
            assert _names(server.tables[code].summary(set()))["blue"] == "Ben"
            ben = Client(url)
            await ben.connect()
            reply = await ben.resume(code, credential, name="Benedict")   # a new name on resume
            assert _names(reply["table"])["blue"] == "Benedict"
            await ben.close()
        async with running_server(tmp_path / "s.db") as (server, _):
            assert _names(server.tables[code].summary(set())) == {"red": "Ana", "blue": "Benedict", "green": ""}

    code, credential = run(first())
    run(second(code, credential))


def _public(step: dict) -> dict:
    """A move as another seat or a spectator reads it: a secret one's argument hidden (a seat's
    own reach it in full, docs/protocol.md `update`)."""
    verb = step["text"].split()[0]
    return {**step, "text": f"{verb} ?"} if verb in engine.SECRET_VERBS else step


def test_a_resume_with_history_brings_every_event_since_the_asked_move(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben = Client(url), Client(url, queue_updates=True)
            await ana.connect()
            await ben.connect()
            created = await ana.create(["human", "human"], name="Ana")     # no AI: the table rests
            code = created["code"]
            await ben.join(code, name="Ben")
            await ana.start(code, created["host_token"])
            await asyncio.gather(play_seat(ana, code, "red", random.Random(1), stop_at=40),
                                               play_seat(ben, code, "blue", random.Random(2), stop_at=40))
            seen, moves = [], []           # every event and move Ben was sent, in order
            while not ben.updates.empty():
                item = ben.updates.get_nowait()
                if isinstance(item, Update):
                    seen += item.events_json
                    moves += [item.move] if item.move else []
            n = server.tables[code].n
            assert n >= 40 and seen
            back = Client(url, queue_updates=True)       # Ben, days later, on another machine
            await back.connect()
            await back.resume(code, ben.seats[code], history=0)
            first = await back.next_update()
            assert isinstance(first, History) and (first.start, first.n) == (0, n)
            assert first.events_json == seen and first.events      # and they rebuild as events
            assert [{"player": p, "text": t} for p, t, _ in first.steps] == moves and len(moves) == n
            later = Client(url, queue_updates=True)
            await later.connect()
            await later.resume(code, ben.seats[code], history=n - 3)
            tail = await later.next_update()
            assert isinstance(tail, History) and tail.start == n - 3
            table = server.tables[code]
            replayed = legacy_steps(table, n - 3, table.game.record()["moves"][n - 3:])
            assert [_public(s) for s in tail.steps_json] == [json.loads(s) for s in replayed]
            assert tail.steps_json == [{**s, "text": m["text"]} for s, m in zip(tail.steps_json, moves[n - 3:])]
            assert len(tail.events_json) < len(seen)
            one = Client(url, queue_updates=True)        # the last move only (from memory, no read)
            await one.connect()
            await one.resume(code, ben.seats[code], history=n - 1)
            last = await one.next_update()
            assert isinstance(last, History) and last.steps_json == tail.steps_json[-1:] and last.n == n
            await one.close()
            beyond = Client(url, queue_updates=True)     # a number past the table's: nothing missed
            await beyond.connect()
            await beyond.resume(code, ben.seats[code], history=n + 50)
            none = await beyond.next_update()
            assert isinstance(none, History) and (none.start, none.steps_json) == (n, [])
            for c in (ana, ben, back, later, beyond):
                await c.close()
    run(main())


def test_a_spectator_gets_the_game_so_far_and_after_a_reconnection_what_he_missed(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben = Client(url), Client(url, queue_updates=True)
            await ana.connect()
            await ben.connect()
            created = await ana.create(["human", "human"], name="Ana")
            code = created["code"]
            early = Client(url, queue_updates=True)      # watching before the first move: no history
            await early.connect()
            await early.watch(code)
            assert isinstance(await early.next_update(), dict)           # the table summary
            assert isinstance(await early.next_update(), Update)
            await ben.join(code, name="Ben")
            await ana.start(code, created["host_token"])
            await asyncio.gather(play_seat(ana, code, "red", random.Random(1), stop_at=20),
                                 play_seat(ben, code, "blue", random.Random(2), stop_at=20))
            steps = []                     # every move and its events as Ben's updates carried them, public
            while not ben.updates.empty():
                item = ben.updates.get_nowait()
                if isinstance(item, Update) and item.move:
                    steps.append(_public({**item.move, "events": item.events_json}))
            n = server.tables[code].n
            watcher = Client(url, queue_updates=True)
            await watcher.connect()
            await watcher.watch(code)                    # as the game client watches: no history asked
            first = await watcher.next_update()
            assert isinstance(first, History) and (first.start, first.n) == (0, n) and first.steps_json == steps
            while not isinstance(item := await watcher.next_update(), Update):    # (the table summary)
                assert isinstance(item, dict)
            assert watcher.n[code] == n
            await asyncio.gather(play_seat(ana, code, "red", random.Random(3), stop_at=n + 4),
                                 play_seat(ben, code, "blue", random.Random(4), stop_at=n + 4))
            seen = watcher.n[code]
            await watcher.drop()                         # the spectator's connection drops
            while True:
                item = await watcher.next_update()
                if isinstance(item, History):
                    break
            assert (item.start, item.n) == (seen, server.tables[code].n)
            for c in (ana, ben, early, watcher):
                await c.close()
    run(main())
