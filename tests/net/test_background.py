"""The client library from a frame loop that never blocks (the pygame client's
case): requests return futures at once, updates are polled in order, and a whole game against a
server's AI seat is played this way, one short poll a "frame"."""
from __future__ import annotations

import gc
import random
import time

import engine
import pytest

from net.background import BackgroundClient

from .helpers import server_process


def _wait(future, timeout=30.0):
    end = time.monotonic() + timeout
    while not future.done():               # a frame loop: poll, never block
        assert time.monotonic() < end, "no answer"
        time.sleep(0.005)
    return future.result()


def test_a_frame_loop_plays_a_whole_game_against_an_ai_seat(tmp_path):
    with server_process(tmp_path / "s.db") as (_, port):
        online = BackgroundClient(f"ws://127.0.0.1:{port}")
        try:
            _wait(online.submit("connect"))
            created = _wait(online.submit("create", ["human", "random"], name="Ana"))
            code = created["code"]
            _wait(online.submit("start", code, created["host_token"]))
            rng, view, pending, seen, acked = random.Random(3), None, None, [], 0
            end = time.monotonic() + 50
            while view is None or not view.is_over:
                assert time.monotonic() < end, "the game did not finish"
                for item in online.poll():
                    if not isinstance(item, dict):
                        seen.append(item.n)
                        view = engine.view_from_json(item.view_json)
                if pending is not None and pending.done():
                    acked, pending = pending.result(), None      # the table's move count after it
                if pending is None and view is not None and view.to_move == "red" and seen[-1] >= acked:
                    pending = online.submit("move", code, str(rng.choice(view.legal_moves())))
                time.sleep(0.002)
            assert seen == list(range(seen[0], seen[-1] + 1)) and seen[0] == 0
            assert view.winners()
        finally:
            online.close()


def test_submit_names_only_requests():
    online = BackgroundClient("ws://127.0.0.1:9")        # nothing listens there: never connects
    try:
        with pytest.raises(ValueError, match="not a request"):
            online.submit("_run")
        with pytest.raises(ValueError, match="not a request"):
            online.submit("view", "CODE")
        assert not online.connected and online.poll() == []
    finally:
        online.close()


def test_a_second_close_does_nothing(recwarn):
    """Screens and fixtures may both close a table's client: the second close is quiet (it made a
    coroutine that was never awaited, warned about at garbage collection)."""
    online = BackgroundClient("ws://127.0.0.1:9")
    online.close()
    online.close()
    gc.collect()
    assert not [w for w in recwarn if issubclass(w.category, RuntimeWarning)]
