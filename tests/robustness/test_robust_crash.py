"""Resume after a crash: a game process autosaving after every decision is killed with SIGKILL
mid-game; the resume path loads the last autosave, which is exactly where it stopped, and plays
on to the end."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import engine
from fuzzkit import COLOURS
from game.match import saves

ROOT = Path(__file__).resolve().parents[2]

GAME_PROCESS = """
import random, sys
sys.path.insert(0, {root!r})
import engine
from game.match import saves
players, seed = {players}, {seed}
game = engine.new_game(players={colours!r}[:players], seed=seed)
rng = random.Random(seed)
seats = [dict(player=p, kind="human" if i == 0 else "normal", name="") for i, p in enumerate(game.players)]
saves.autosave(game, seats)
while not game.is_over:
    game.play(rng.choice(game.legal_moves()))
    saves.autosave(game, seats)
"""


def _expected_moves(players: int, seed: int, count: int) -> engine.Game:
    """The same decisions the killed process made, replayed here without any file."""
    game = engine.new_game(players=list(COLOURS[:players]), seed=seed)
    rng = random.Random(seed)
    for _ in range(count):
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
@pytest.mark.parametrize("players,seed,kill_after", [(2, 31, 40), (4, 32, 95), (5, 33, 150)])
def test_resume_after_sigkill(players: int, seed: int, kill_after: int, data_dir: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    script = GAME_PROCESS.format(root=str(ROOT), players=players, seed=seed, colours=list(COLOURS))
    env = dict(os.environ, EL_GRANDE_DATA_DIR=str(data_dir))
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    autosave = data_dir / "autosave.json"
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            info = saves.peek(autosave) if autosave.exists() else None
            if info and not info.error and info.moves >= kill_after:
                break
            time.sleep(0.002)
        assert proc.poll() is None, f"the game process ended early: {proc.stderr.read().decode()[-2000:]}"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL

    # the resume path: what "Continue" does
    saves.remove_stale_temp_files(max_age_s=0)
    assert not list(data_dir.glob(".*.tmp"))
    info = saves.continue_info()
    assert info is not None and info.error is None
    game, meta = saves.load_autosave()
    done = len(game.record()["moves"])
    assert done >= kill_after and not game.is_over
    assert game == _expected_moves(players, seed, done)          # exactly where it stopped
    assert meta.seats[0].kind == "human" and meta.seats[1].kind == "normal"

    rng = random.Random(seed + 1)
    monkeypatch.setattr(os, "fsync", lambda fd: None)   # playing on: speed over durability
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
        saves.autosave(game, meta.seats)
    final, _ = saves.load_autosave()
    assert final == game and final.is_over
    assert saves.continue_info() is None


def test_same_cards_to_come_after_resume(data_dir: Path) -> None:
    """Resuming does not reshuffle: the action cards revealed later are those of the original."""
    original = _expected_moves(4, 12, 60)
    saves.autosave(original)
    resumed, _ = saves.load_autosave()
    assert resumed.stacks == original.stacks
    rng_a, rng_b = random.Random(3), random.Random(3)
    while not original.is_over:
        ev_a = original.play(rng_a.choice(original.legal_moves()))
        ev_b = resumed.play(rng_b.choice(resumed.legal_moves()))
        assert ev_a == ev_b
    assert resumed == original
