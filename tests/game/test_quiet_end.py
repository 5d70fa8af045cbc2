"""Ctrl+C (SIGINT) and SIGTERM end the program quietly: no traceback, exit code 130 / 143 (128 +
the signal, as a shell reports it), and a windowed game's autosave is the position it was at."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.match import saves
from tests.game.test_unfinished_games import unfinished

ROOT = Path(__file__).resolve().parents[2]
SIGNALS = [(signal.SIGINT, 130), (signal.SIGTERM, 143)]


def default_sigint() -> None:
    """In the child before it runs: Ctrl+C's default, whatever the test run inherited (a run started
    in the background of a script ignores SIGINT, and Python then keeps ignoring it)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(data: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONUNBUFFERED="1",
               EL_GRANDE_DATA_DIR=str(data))
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=default_sigint)


def stopped(process: subprocess.Popen, sig: int) -> tuple[int, str]:
    process.send_signal(sig)
    try:
        _, err = process.communicate(timeout=30)
    finally:
        process.kill()
    return process.returncode, err


@pytest.mark.parametrize(("sig", "code"), SIGNALS, ids=["ctrl-c", "sigterm"])
def test_a_headless_game_ends_quietly(sig, code, data_dir):
    process = start(data_dir, "--headless", "--players", "hard,hard,hard", "--seed", "3")
    assert process.stdout is not None and process.stdout.readline(), "the game has begun"
    returncode, err = stopped(process, sig)
    assert (returncode, err) == (code, "")


@pytest.mark.parametrize(("sig", "code"), SIGNALS, ids=["ctrl-c", "sigterm"])
def test_the_window_ends_quietly_with_the_autosave_current(sig, code, data_dir):
    game = unfinished(21)
    source = saves.autosave_file(game.autosave_slot)
    written = source.stat().st_mtime_ns
    process = start(data_dir, "--load", str(source))
    deadline = time.monotonic() + 30
    while source.stat().st_mtime_ns == written and time.monotonic() < deadline:
        time.sleep(0.05)              # the window is open once the resumed game is saved again
    time.sleep(0.3)
    returncode, err = stopped(process, sig)
    assert (returncode, err) == (code, "")
    assert [i.path for i in saves.continue_slots()] == [source]
    assert saves.load_save(source)[0].key() == game.host_game.key()
