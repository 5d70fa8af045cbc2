"""Where the player's files live (saves, settings, crash reports, the lesson's progress, the
server's database), and the one-time move out of the folder every system used before. Here, below
the client, so that the client and `el-grande-server` agree on the folder (net/ never imports game/).

The folder is `EL_GRANDE_DATA_DIR` when it is set (tests, portable installs), else the platform's
own, from `platformdirs`:

* Linux and other Unix: ``$XDG_DATA_HOME/el-grande``, else ``~/.local/share/el-grande``
  (the folder of earlier versions: nothing moves);
* macOS: ``~/Library/Application Support/el-grande``;
* Windows: ``%APPDATA%\\el-grande`` (the roaming profile, where SDL's games keep theirs).

Why platformdirs and not `pygame.system.get_pref_path`, although pygame is already a dependency:
asking for the folder must not change anything. SDL's pref path creates the folder on every call
(the test run's guard, which only looks, would make folders in the player's home), reads an empty
``XDG_DATA_HOME`` as the root (it creates ``/el-grande/``), and needs pygame, which the saves, the
headless game and the AI worker do without. platformdirs is a small pure-Python package whose
answer depends on the environment alone.

Earlier versions used the Linux folder on every system. On first use, when that folder holds files
and the platform's folder holds none, it is moved there, once, in one rename (all files or none;
across volumes it is copied beside the target first and renamed in), and one notice says so. If
both hold files the platform's folder is used and the old one is left alone. If the move fails the
old folder is used for this session and the notice says why. The moves tried are taken by
`take_moves`: the client turns them into notices in the player's language
(`game.shell.datadir.take_notices`), the server logs them.
"""
from __future__ import annotations

import errno
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "el-grande"
OVERRIDE = "EL_GRANDE_DATA_DIR"


@dataclass(frozen=True)
class Moved:
    """A move of the old folder this session tried: `error` is None when it worked."""
    source: Path
    target: Path
    error: str | None = None


_settled: dict[tuple[Path, Path], Path] = {}
_pending: list[Moved] = []


def platform_dir() -> Path:
    """The platform's data folder for the game; computing it creates nothing."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False, roaming=True))


def legacy_dir() -> Path:
    """The folder earlier versions used on every system."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_NAME


def data_dir() -> Path:
    """`EL_GRANDE_DATA_DIR`, else the platform's folder (after moving the old one there, once)."""
    override = os.environ.get(OVERRIDE)
    if override:
        return Path(override)
    key = (legacy_dir(), platform_dir())
    if key not in _settled:
        _settled[key] = settle(*key)
    return _settled[key]


def settle(old: Path, target: Path) -> Path:
    """The folder to use: `target`, after moving `old` there when only `old` holds files; `old`
    itself when that move fails. A move tried is queued for `take_notices`."""
    if _same(old, target) or not _has_files(old) or _has_files(target):
        return target
    try:
        move_folder(old, target)
    except OSError as exc:
        if _has_files(target) and not _has_files(old):     # another copy of the game moved it
            return target
        _pending.append(Moved(old, target, exc.strerror or str(exc)))
        return old
    _pending.append(Moved(old, target))
    return target


def move_folder(old: Path, target: Path) -> None:
    """Move `old` to `target` (absent or empty) atomically: one rename, or on another volume a
    copy beside `target`, flushed, then one rename; `old` is removed only after that."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_dir():
        target.rmdir()                      # empty; Windows renames only onto a free name
    try:
        os.replace(old, target)
        return
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
    staging = Path(tempfile.mkdtemp(prefix=f".{APP_NAME}-", suffix=".moving", dir=target.parent))
    try:
        shutil.copytree(old, staging, dirs_exist_ok=True)
        _flush(staging)
        os.replace(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(old, ignore_errors=True)


def take_moves() -> list[Moved]:
    """The moves of the old folder tried this session, each given once."""
    moves = list(_pending)
    _pending.clear()
    return moves


def _has_files(folder: Path) -> bool:
    try:
        return folder.is_dir() and any(folder.iterdir())
    except OSError:
        return False


def _same(a: Path, b: Path) -> bool:
    return os.path.normcase(a.resolve()) == os.path.normcase(b.resolve())


def _flush(folder: Path) -> None:
    """fsync every copied file, so the rename never publishes a folder of empty files."""
    for path in folder.rglob("*"):
        if path.is_file():
            with path.open("r+b") as handle:     # Windows flushes only a writable handle
                os.fsync(handle.fileno())
