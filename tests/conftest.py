"""Shared test set-up.

The SDL dummy drivers must be chosen before pygame is first imported, so the client's tests run
headless anywhere (docs/design.md §4).

No test may touch the player's own files: before any test module is imported, the
whole run gets a sandbox — `EL_GRANDE_DATA_DIR`, HOME and the XDG folders point into a temporary
folder — so even a test that undoes its own data-dir fixture writes there. The player's real data
folders (the platform's, `net.datadir`, and the one earlier versions used) are listed before the
run, as the environment had them, and again at its end: a difference fails the run, naming the
files. xdist workers inherit the controller's sandbox; the controller checks and removes it. The
guard cannot tell who wrote: the game itself played during the run, or another checkout's test run
without this guard, fails it too.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

# Compiled bytecode is kept (__pycache__, git-ignored) even where the environment turns it off
# (PYTHONDONTWRITEBYTECODE): every xdist worker, server and AI worker process the tests start would
# otherwise compile the whole project again.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _temporary_files_in_memory() -> None:
    """Temporary files (tmp_path, the sandbox, what servers and workers the tests start write) go
    to the machine's memory-backed folder when it has one and TMPDIR is not chosen: the suite
    writes thousands of small files, each save fsynced and renamed into place, and on a disk those
    waits were about a fifth of the run's wall time. The code under test is the same; only the
    disk under it is faster."""
    shm = Path("/dev/shm")
    if "TMPDIR" not in os.environ and shm.is_dir() and os.access(shm, os.W_OK | os.X_OK):
        os.environ["TMPDIR"] = str(shm)
        tempfile.tempdir = None          # gettempdir() reads TMPDIR again


_temporary_files_in_memory()

SANDBOX = "EL_GRANDE_TEST_SANDBOX"
REDIRECTED = ("HOME", "USERPROFILE", "APPDATA", "LOCALAPPDATA",
              "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")
Listing = dict[str, tuple[int, int]]


def real_data_dirs() -> list[Path]:
    """The player's data folders as the current environment names them (computing creates nothing)."""
    from net import datadir
    return sorted({datadir.platform_dir(), datadir.legacy_dir()})


def listing(folder: Path) -> Listing:
    """Every file and folder under `folder` with its size and modification time; {} if absent."""
    found: Listing = {}
    if folder.exists():
        for path in (folder, *folder.rglob("*")):
            info = path.lstat()
            found[str(path)] = (info.st_size, info.st_mtime_ns)
    return found


def changes(before: Listing, after: Listing) -> list[str]:
    return sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))


def _enter_sandbox() -> tuple[Path, dict[Path, Listing]] | None:
    """Point the data folder, HOME and the XDG folders into a new temporary folder; the real data
    folders' listings. None in an xdist worker, which inherits the controller's sandbox."""
    if os.environ.get(SANDBOX):
        return None
    real = {folder: listing(folder) for folder in real_data_dirs()}
    root = Path(tempfile.mkdtemp(prefix="el-grande-tests-"))
    for name in REDIRECTED:
        (root / name.lower()).mkdir()
        os.environ[name] = str(root / name.lower())
    os.environ["EL_GRANDE_DATA_DIR"] = str(root / "data")
    os.environ[SANDBOX] = str(root)
    return root, real


_SESSION = _enter_sandbox()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run if any real data folder changed; remove the sandbox."""
    if _SESSION is None:
        return
    root, real = _SESSION
    touched = [path for folder, before in real.items() for path in changes(before, listing(folder))]
    shutil.rmtree(root, ignore_errors=True)
    if touched:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        message = "the test run changed the player's real data folder: " + ", ".join(touched[:10])
        if reporter is not None:
            reporter.write_line(f"ERROR: {message}", red=True, bold=True)
