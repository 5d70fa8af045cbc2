"""The monkey test: random mouse and keyboard events to every scene of the real client (dummy
video driver) for a thousand frames and more; no exception may escape a frame."""
from __future__ import annotations

import pytest

import monkey

REASON = monkey.available()


@pytest.mark.skipif(REASON is not None, reason=str(REASON))
def test_monkey_every_scene() -> None:
    starts = list(monkey.scene_factories())
    report = monkey.run(events=2 * 120 * len(starts), seed=7, per_start=240, starts=starts, per_frame=2)
    assert not report.failures, "\n".join(report.failures[:10])
    assert report.frames >= 100 * len(starts)
    assert {"title", "setup", "power", "help", "settings", "game_over", "handoff"} <= report.scenes
