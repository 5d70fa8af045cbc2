"""No test can write into the player's real data folder. The guard in
tests/conftest.py runs here around a small pytest session of its own, in a subprocess whose
"player" has a home folder of our making: a test that writes through the game, even after undoing
its monkeypatches, leaves that folder alone and the run passes; a test that writes into the real
folder passes by itself, and the run fails naming the file."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CONFTEST = Path(__file__).resolve().parent / "conftest.py"

THROUGH_THE_GAME = '''
from game.match import saves
from game.shell.settings import Settings


def test_writes_through_the_game(monkeypatch, tmp_path):
    monkeypatch.setenv("EL_GRANDE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.undo()                      # what three tests once did mid-test
    assert Settings(language="ca").save()
    assert (saves.data_dir() / "settings.json").exists()
'''

INTO_THE_REAL_FOLDER = '''
import os
from pathlib import Path


def test_writes_into_the_real_folder():
    (Path(os.environ["REAL_FOLDER"]) / "settings.json").write_text('{"language": "ca"}')
'''


def run_session(tmp_path: Path, test_source: str) -> tuple[subprocess.CompletedProcess, Path]:
    """Run `test_source` as a pytest session under the project's conftest, for a player whose
    real data folder (~/.local/share/el-grande: the folder earlier versions used, and the platform's
    on Linux) already holds settings."""
    home, session = tmp_path / "home", tmp_path / "session"
    real = home / ".local" / "share" / "el-grande"
    real.mkdir(parents=True)
    (real / "settings.json").write_text('{"language": "en"}', encoding="utf-8")
    session.mkdir()
    (session / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    (session / "conftest.py").write_text(CONFTEST.read_text(encoding="utf-8"), encoding="utf-8")
    (session / "test_inner.py").write_text(test_source, encoding="utf-8")
    env = {k: v for k, v in os.environ.items()
           if k not in ("EL_GRANDE_TEST_SANDBOX", "EL_GRANDE_DATA_DIR") and not k.startswith("XDG_")}
    env.update(HOME=str(home), REAL_FOLDER=str(real))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                           "test_inner.py"], cwd=session, env=env, capture_output=True, text=True, timeout=120)
    return done, real


def test_a_session_that_writes_only_through_the_game_passes_and_leaves_the_real_folder(tmp_path):
    done, real = run_session(tmp_path, THROUGH_THE_GAME)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
    assert (real / "settings.json").read_text(encoding="utf-8") == '{"language": "en"}'
    assert sorted(p.name for p in real.iterdir()) == ["settings.json"]


def test_a_session_that_writes_into_the_real_folder_fails_naming_the_file(tmp_path):
    done, real = run_session(tmp_path, INTO_THE_REAL_FOLDER)
    assert "1 passed" in done.stdout, "the test itself passes"
    assert done.returncode == pytest.ExitCode.TESTS_FAILED
    assert "changed the player's real data folder" in done.stdout
    assert str(real / "settings.json") in done.stdout
