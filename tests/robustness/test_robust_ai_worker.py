"""The AI worker process under faults. Killed with SIGKILL at
random moments (tests/robustness/faultkit.py, autosaves refused too), or raising, it is replaced
and asked the same decision again, with a line in the game log and no dialog; every game reaches
its end and its record replays. A search made stale (a load) is stopped, and the next decision
does not wait for it."""
from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path

import faultkit
import pytest

import engine
from game.match import ai_worker
from game.match.controller import Match
from game.match.seats import Seat, make_agent

# Eight games in the suite; benchmarks/soak.py --faults plays the long run.
GAMES = [("greedy", "easy"), ("easy", "random", "greedy"), ("random", "greedy")] * 2 + [("normal", "easy")] * 2


@pytest.fixture(autouse=True)
def fresh_worker(monkeypatch):
    """A worker of the test's own, forked after its patches (a fork inherits them). Autosaves
    skip fsync: refused writes are what these games test, durability is test_robust_crash's."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    worker = ai_worker.AIWorker()
    monkeypatch.setattr(ai_worker, "_SHARED", worker)
    yield worker
    worker.close()


def alive(pid: int | None) -> bool:
    """Whether any thread of process `pid` still runs (a zombie is dead; a killed process's
    leader turns zombie before its other threads are gone, and only then can it be reaped)."""
    if pid is None:
        return False
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return False
    for tid in threads:
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as stat:
                if stat.read().split(") ")[-1][0] not in "ZX":
                    return True
        except FileNotFoundError:
            continue
    return False


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_sigkill_at_random_moments_in_ai_only_games_every_game_ends_and_replays(fresh_worker):
    rng = random.Random(13)
    report = faultkit.FaultReport()
    for number, kinds in enumerate(GAMES):
        faultkit.play_with_faults(kinds, 500 + number, rng, report, left=8, kill_p=0.15)
    assert not report.failures, "\n".join(report.failures[:5])
    assert report.finished == len(GAMES) and report.lost_decisions == 0
    assert report.kills_while_thinking >= 4, "the kills hit searches in flight"
    assert report.write_failures >= 4, "autosaves were refused along the way"
    assert fresh_worker.restarts >= report.kills_while_thinking // 2


def test_a_killed_search_is_asked_again_with_a_line_in_the_log(fresh_worker):
    # hard searches for about a second: the kill lands mid-search (an easy answer could already be
    # waiting in the pipe, and a finished search is rightly not asked again). Both seats are hard:
    # with an easy seat moving first (blue does at seed 7), its answer sometimes beat the kill
    match = Match([Seat("red", "hard"), Seat("blue", "hard")], 7, autosave=False)
    match.think()                                   # asked
    pid = fresh_worker.pid
    os.kill(pid, signal.SIGKILL)
    while alive(pid):
        time.sleep(0.001)
    match.think()                                   # the very next poll notices and asks again
    assert fresh_worker.restarts == 1 and fresh_worker.pid != pid and fresh_worker.job is not None
    assert match.log_lines()[-1] == f"{match.name(match.host_game.to_move)}'s AI stopped unexpectedly; a new one is thinking again"
    match.wait_for_ai()
    move_count = len(match.host_game.record()["moves"])
    match.poll_ai()
    assert len(match.host_game.record()["moves"]) == move_count + 1


class Flaky:
    """An agent whose first decision raises while a flag file exists (the flag is then removed)."""

    def __init__(self, flag: Path, real) -> None:
        self.flag, self.real = flag, real

    def choose(self, view, rng):
        if self.flag.exists():
            self.flag.unlink()
            raise ValueError("evaluation went wrong")
        return self.real.choose(view, rng)


def test_a_worker_that_raises_is_replaced_and_the_same_decision_asked_again(tmp_path, monkeypatch):
    flag = tmp_path / "raise-once"
    flag.touch()
    monkeypatch.setattr(ai_worker, "make_agent", lambda level, seed=0: Flaky(flag, make_agent(level, seed)))
    match = Match([Seat("red", "greedy"), Seat("blue", "greedy")], 8, autosave=False)
    player = match.host_game.to_move
    expected = str(make_agent("greedy", seed=8 + match.players.index(player)).choose(
        match.host_game.view(player), random.Random(8 * 1000)))
    match.think()
    match.wait_for_ai()
    assert ai_worker.shared().restarts == 1 and not flag.exists()
    assert f"{match.name(player)}'s AI stopped unexpectedly" in match.log_lines()[-1]
    match.poll_ai()
    assert match.host_game.record()["moves"][-1] == expected, "the same decision, asked again"


def test_a_worker_that_always_raises_gives_way_to_a_random_legal_move(monkeypatch):
    class Broken:
        def choose(self, view, rng):
            raise RuntimeError("always")
    monkeypatch.setattr(ai_worker, "make_agent", lambda level, seed=0: Broken())
    match = Match([Seat("red", "hard"), Seat("blue", "hard")], 9, autosave=False)
    match.think()
    match.wait_for_ai()
    assert ai_worker.shared().restarts == ai_worker.MAX_ATTEMPTS
    assert match.log_lines()[-1] == f"{match.name(match.host_game.to_move)}'s AI failed three times; a random legal move was played"
    match.poll_ai()
    assert match.version == 1 and not match.error


class Slow:
    """A search that would take a minute (the stale one)."""

    def choose(self, view, rng):
        time.sleep(60)
        raise AssertionError("a stale search ran to its end")


def test_a_stale_search_is_stopped_and_the_next_request_answered_at_once(monkeypatch, fresh_worker):
    real = make_agent
    monkeypatch.setattr(ai_worker, "make_agent", lambda level, seed=0: Slow() if level == "hard" else real(level, seed))
    worker = fresh_worker
    stale = Match([Seat("red", "hard"), Seat("blue", "hard")], 10)
    stale.think()
    stale_pid = worker.pid
    assert worker.job is not None
    # the player loads another game (its autosave): the new match asks; the stale search stops
    loaded = Match([Seat("red", "greedy"), Seat("blue", "greedy")], 11)
    loaded.think()
    assert not alive(stale_pid), "the stale search's process was ended, not waited for"
    loaded.wait_for_ai(timeout=30)                # far less than the stale search's minute
    loaded.poll_ai()
    assert loaded.version == 1, "the next decision was answered"
    assert worker.cancelled == 1 and stale.version == 0, "the stale answer was never played"


def test_cancel_ends_the_search_and_an_old_answer_is_never_taken(fresh_worker):
    view = engine.new_game(players=["red", "blue"], seed=3).view("red")
    fresh_worker.ask(ai_worker.Job("greedy", 1, view, random.Random(1)))
    pid = fresh_worker.pid
    fresh_worker.cancel()
    assert fresh_worker.job is None and not alive(pid)
    assert fresh_worker.poll().move is None, "nothing is answered for a cancelled job"
    fresh_worker.ask(ai_worker.Job("random", 2, view, random.Random(2)))
    reply = fresh_worker.wait(30)
    assert reply.move is not None and reply.seconds >= 0
