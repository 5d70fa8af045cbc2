"""A restarted server listens before replaying its tables (docs/scaling.md): a table is replayed
when a player first comes back to it, at the position of its last stored move, and the server
imports the AI package only when an AI first decides."""
from __future__ import annotations

import asyncio
import random
import subprocess
import sys

from net.client import Client
from net.server import Server
from net.store import Store

from .helpers import ROOT, random_choice, running_server


def run(coro):
    return asyncio.run(coro)


def test_a_restored_table_is_replayed_when_its_player_comes_back(tmp_path):
    async def first():
        async with running_server(tmp_path / "s.db") as (_, url):
            ana, ben = Client(url), Client(url)
            await ana.connect()
            await ben.connect()
            made = await ana.create(["human", "human"])
            await ben.join(made["code"])
            await ana.start(made["code"], made["host_token"])
            rng = random.Random(3)
            for _ in range(5):
                mover = ana if ana.to_move(made["code"]) == "red" else ben
                await mover.move(made["code"], random_choice(mover.view(made["code"]), rng))
            seen = ana.view(made["code"]).to_json()
            credential = ana.seats[made["code"]]
            await ana.close()
            await ben.close()
            return made["code"], credential, seen

    code, credential, seen = run(first())
    store = Store(tmp_path / "s.db")
    try:
        restored = Server(store).tables[code]
        assert not restored.replayed and restored.n == 5       # listed from its record, not replayed
    finally:
        store.close()

    async def back():
        async with running_server(tmp_path / "s.db") as (server, url):
            assert not server.tables[code].replayed
            ana = Client(url)
            await ana.connect()
            await ana.resume(code, credential)
            await ana.wait_n(code, 5)
            assert server.tables[code].replayed
            assert ana.view(code).to_json() == seen      # the same position as before the restart
            await ana.close()
    run(back())


def test_the_server_imports_no_ai_until_an_ai_decides():
    out = subprocess.run([sys.executable, "-c", "import sys, net.cli; print(sorted(m for m in sys.modules "
                          "if m == 'ai' or m.startswith('ai.')))"], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"
