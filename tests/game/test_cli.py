"""The command line: help, bad flags, and a headless AI-only game played to the end.

Two checks start the real program (`python -m game`: its exit code and output as a shell sees
them); the others call the same `main` in this process (tests/game/clikit.py)."""
from __future__ import annotations

import os

import pytest
import subprocess
import sys
from pathlib import Path

from tests.game.clikit import game_main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_help_lists_the_options():
    result = run("--help")
    assert result.returncode == 0
    for flag in ("--players", "--seed", "--headless", "--screenshots", "--variant", "--no-veto",
                 "--secret-castillo", "--lang"):
        assert flag in result.stdout


def test_unknown_flag_is_a_one_line_error_with_exit_code_2(capsys, monkeypatch):
    result = game_main(capsys, monkeypatch, "--bogus")
    assert result.returncode == 2
    assert "unrecognized arguments: --bogus" in result.stderr
    assert result.stdout == ""


def test_bad_seat_is_refused(capsys, monkeypatch):
    result = game_main(capsys, monkeypatch, "--players", "human,wizard")
    assert result.returncode == 2
    assert "wizard" in result.stderr


def test_headless_game_completes_and_prints_log_and_result():
    result = run("--headless", "--players", "random,greedy,random", "--seed", "2", "--variant", "short")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "— Round 9 —" in out
    assert "Result:" in out and "Winner:" in out
    assert out.count("— General scoring —") == 3
    assert "1. " in out and "3. " in out


def test_headless_speaks_catalan(capsys, monkeypatch):
    result = game_main(capsys, monkeypatch, "--headless", "--players", "random,random", "--seed", "4",
                       "--variant", "short", "--lang", "ca")
    assert result.returncode == 0, result.stderr
    assert "Guanyador:" in result.stdout


def test_headless_prints_the_neutral_colours_opening_before_the_first_power_card(capsys, monkeypatch):
    """§14: the neutral colour draws its regions and turns up its power card
    before the players bid, in round 1 too; the headless log began at the first bid."""
    result = game_main(capsys, monkeypatch, "--headless", "--players", "random,random", "--seed", "4",
                       "--variant", "short", "--dummy")
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    first_bid = next(i for i, line in enumerate(lines) if "plays power card" in line)
    assert any(line.startswith("Neutral draws") for line in lines[:first_bid])
    assert any(line.startswith("Neutral turns up power card") for line in lines[:first_bid])


def test_castell_headless_plays_to_the_end_and_prints_the_five_categories(capsys, monkeypatch):
    """docs/castell.md "Final scoring": the log names each festival and ends with the breakdown."""
    result = game_main(capsys, monkeypatch, "--game", "castell", "--headless", "--players", "greedy,random",
                       "--seed", "4")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Castell, 2 players") and "— Round 10 —" in out
    assert "Festival in " in out and "Game over:" in out
    table = out[out.index("Final scoring:"):].splitlines()
    assert all(word in table[1] for word in ("Best tower", "Regions", "Prizes", "Size tokens", "Performances", "Total"))
    for row in table[2:4]:
        *parts, total = (int(x) for x in row.split()[1:])
        assert sum(parts) == total


@pytest.mark.parametrize("args, expected", [
    (("--players", "human,wizard"), "unknown Castell seat 'wizard'"),
    (("--players", "easy"), "Castell needs 2 to 4 seats"),
    (("--players", "easy,easy,easy,easy,easy"), "Castell needs 2 to 4 seats"),
    (("--headless", "--players", "human,easy"), "--headless needs AI seats only"),
    (("--dummy",), "--dummy is an El Grande option"),
])
def test_castell_bad_seats_and_options_are_one_line(args, expected, capsys, monkeypatch):
    result = game_main(capsys, monkeypatch, "--game", "castell", *args)
    assert result.returncode == 2 and expected in result.stderr
    assert len(result.stderr.strip().splitlines()) <= 2        # argparse's usage line, then the error
