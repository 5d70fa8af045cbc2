"""How far the player got in Learn to play: the step to resume at and whether it was finished.

Why a file of its own (tutorial.json in the data directory, beside the settings): leaving the
lesson at any step and coming back must land on that step, and the title menu shows a tick once
it is done. Written atomically like every saved file; a missing or damaged file means "not
started" and is never a crash.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from engine import DataError
from engine.files import read_regular
from game.match.saves import data_dir, write_atomic

FILE_NAME = "tutorial.json"
MAX_STEP = 999        # the lesson has a few dozen steps; a larger stored step means "not started"
MAX_BYTES = 4096


def progress_path(name: str = FILE_NAME) -> Path:
    """`name`: the lesson's own file (El Grande's by default; Castell's lesson keeps its own)."""
    return data_dir() / name


@dataclass(frozen=True)
class Progress:
    step: int = 0          # the step to resume at, counted over the whole lesson
    done: bool = False     # finished at least once (the menu shows a tick)

    @property
    def started(self) -> bool:
        return self.step > 0


def load_progress(name: str = FILE_NAME) -> Progress:
    """The stored progress; a missing, damaged or out-of-range file (not a regular file, a step
    beyond MAX_STEP) reads as "not started"."""
    try:
        raw = json.loads(read_regular(progress_path(name), MAX_BYTES, "a progress file").decode("utf-8"))
    except (DataError, ValueError, RecursionError):
        return Progress()
    if not isinstance(raw, dict):
        return Progress()
    step, done = raw.get("step", 0), raw.get("done", False)
    return Progress(step if type(step) is int and 0 <= step <= MAX_STEP else 0,
                    done if isinstance(done, bool) else False)


def save_progress(progress: Progress, name: str = FILE_NAME) -> bool:
    """False when the disk refuses (the lesson goes on; only resuming is affected)."""
    try:
        write_atomic(progress_path(name), json.dumps(asdict(progress)).encode("utf-8"))
    except OSError:
        return False
    return True
