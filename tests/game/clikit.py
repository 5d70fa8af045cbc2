"""The command line run in the test's own process: `main` with the arguments given, reported
as a finished process would be (exit code, stdout, stderr). It saves each call the start-up of an
interpreter and pygame; tests/game/test_cli.py still starts the real program to see what a shell
sees."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from game.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def game_main(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
              *args: str) -> subprocess.CompletedProcess:
    """`main(args)` here, from the repository's folder as `python -m game` is started (a refusal's
    SystemExit is its exit code); a window never opens."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr("game.__main__.run_window", lambda *a, **k: pytest.fail("the window opened"))
    capsys.readouterr()
    try:
        code = main(list(args))
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["el-grande", *args], code, out, err)
