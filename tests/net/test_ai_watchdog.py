"""The server's AI seats think in the shared worker pool (ai/worker_pool.py) with its watchdog:
a worker killed, or stopped past its deadline, is replaced and asked again, and the table goes
on — its AI seats still move. Loopback only; the servers and workers started here are stopped."""
from __future__ import annotations

import logging
import multiprocessing
import os
import random
import signal
import time

import pytest

import engine
from ai import worker_pool
from ai.worker_pool import Job, Pool, Reply, Worker
from net.client import Client

from .helpers import play_seat, run, running_server

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs POSIX signals")


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie is dead)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


def play_with_a_broken_worker(tmp_path, sig: int, watchdog_s: float = 30.0) -> tuple[int, int, int]:
    """A table of one scripted human and two AI seats: 10 moves, then the AI worker gets `sig`,
    then 30 moves more. (moves played, workers replaced, the broken worker's pid)."""
    async def main():
        pool = Pool(1, watchdog_s=watchdog_s)
        async with running_server(tmp_path / "s.db", ai_pool=pool) as (server, url):
            ana = Client(url)
            await ana.connect()
            created = await ana.create(["human", "greedy", "random"])
            code = created["code"]
            await ana.start(code, created["host_token"])
            await play_seat(ana, code, "red", random.Random(1), stop_at=10)
            [broken] = pool.pids()
            os.kill(broken, sig)
            await play_seat(ana, code, "red", random.Random(2), stop_at=40)
            await ana.close()
            return server.tables[code].n, pool.restarts, broken
    return run(main(), timeout=120)


def test_a_killed_ai_worker_is_replaced_and_the_table_goes_on(tmp_path):
    n, restarts, broken = play_with_a_broken_worker(tmp_path, signal.SIGKILL)
    assert n >= 40 and restarts >= 1 and not alive(broken)


def test_a_stalled_ai_worker_is_replaced_after_its_deadline_and_the_table_goes_on(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="net.server")
    n, restarts, broken = play_with_a_broken_worker(tmp_path, signal.SIGSTOP, watchdog_s=1.0)
    assert n >= 40 and restarts >= 1 and not alive(broken), "the stopped worker was ended"
    lines = [r.getMessage() for r in caplog.records if r.name == "net.server"]
    assert [line for line in lines if "AI worker replaced (the AI worker did not answer within 1 s)" in line]


def slow_start(seconds: float):
    """`serve` that first sleeps `seconds`: a child slow to say it is ready (a spawned child's
    imports on a busy machine). A forked child runs the patched function."""
    real = worker_pool.serve

    def serve(*args, **kwargs):
        time.sleep(seconds)
        real(*args, **kwargs)
    return serve


def ask_random_move(worker: Worker) -> Reply:
    game = engine.new_game(players=["red", "blue"], seed=2)
    worker.ask(Job("random", 1, game.view(game.to_move), random.Random(1)))
    try:
        return worker.wait(30)
    finally:
        worker.close()


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="patches a forked child")
def test_a_childs_start_up_is_not_thinking_time(monkeypatch):
    """The watchdog counts from the child's ready message: a start-up longer than the watchdog
    (but within STARTUP_S) is not a stall, so a busy machine does not replace every new worker."""
    monkeypatch.setattr(worker_pool, "serve", slow_start(1.5))
    worker = Worker(start_method="fork", watchdog_s=0.5)
    reply = ask_random_move(worker)
    assert reply.move is not None and reply.notice is None and worker.restarts == 0


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="patches a forked child")
def test_a_child_that_never_says_it_is_ready_is_replaced_after_startup_s(monkeypatch):
    monkeypatch.setattr(worker_pool, "serve", slow_start(30.0))
    monkeypatch.setattr(worker_pool, "STARTUP_S", 0.3)
    worker = Worker(start_method="fork", watchdog_s=0.1)
    reply = ask_random_move(worker)
    assert reply.given_up and reply.notice == "the AI worker did not start within 0.3 s"
    assert worker.restarts == worker_pool.MAX_ATTEMPTS
