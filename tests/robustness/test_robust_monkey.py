"""The monkey test: random mouse and keyboard events to every scene of the real client (dummy
video driver), 30 frames from each start; no exception may escape a frame. The long run (100,000
events, 2000 from each start) is `benchmarks/soak.py --monkey`."""
from __future__ import annotations

import pytest

import monkey

REASON = monkey.available()


@pytest.mark.skipif(REASON is not None, reason=str(REASON))
def test_monkey_every_scene() -> None:
    starts = list(monkey.scene_factories())
    report = monkey.run(events=60 * len(starts), seed=7, per_start=60, starts=starts, per_frame=2)
    assert not report.failures, "\n".join(report.failures[:10])
    assert report.frames >= 25 * len(starts)
    assert {"title", "setup", "power", "help", "settings", "game_over", "handoff"} <= report.scenes
