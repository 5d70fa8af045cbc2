"""The player's data folder, as the client sees it: the folder itself and its one-time move are
`net.datadir`'s (shared with the server); what is the client's own is the move's notice, in the
player's language, and the safe writes into it (atomic replace, a broken file kept aside) that
saves, settings, the lesson's progress and crash reports share."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from game.shell.i18n import t
from net.datadir import APP_NAME, OVERRIDE, data_dir, legacy_dir, platform_dir, take_moves

__all__ = ["APP_NAME", "OVERRIDE", "data_dir", "keep_aside", "legacy_dir", "platform_dir", "take_notices",
           "write_atomic"]


def take_notices() -> list[str]:
    """The one-line notices of the moves tried this session (each given once), in the current
    language, for the client's start-up notices."""
    return [t("datadir.moved", old=_shown(m.source), new=_shown(m.target)) if m.error is None
            else t("datadir.not_moved", old=_shown(m.source), new=_shown(m.target), error=m.error)
            for m in take_moves()]


def _shown(path: Path) -> str:
    """A path as a player reads it: the home folder as ~."""
    home = Path.home()
    try:
        return str(Path("~") / path.relative_to(home))
    except ValueError:
        return str(path)


def keep_aside(path: Path) -> Path:
    """Rename a broken file out of the way as NAME.bad, or NAME.bad.1, NAME.bad.2, ... when earlier
    broken copies are there (each is kept: none replaces another); `path` itself when the folder
    refuses the rename."""
    for n in range(1000):
        aside = path.with_name(f"{path.name}.bad" + (f".{n}" if n else ""))
        if os.path.lexists(aside):
            continue
        try:
            os.link(path, aside, follow_symlinks=False)   # never over a copy that appeared meanwhile
            os.unlink(path)
        except FileExistsError:
            continue
        except OSError:
            try:                          # a link refused (FAT, a FIFO on some systems): rename
                if os.path.lexists(aside):
                    continue
                os.rename(path, aside)
            except OSError:
                return path
        return aside
    return path


def write_atomic(path: Path, data: bytes) -> None:
    """Write a temporary file in the same directory, fsync it, rename it over `path`, fsync the
    directory: after a crash the file holds either the old or the new content, never a mix."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(directory: Path) -> None:
    if not hasattr(os, "O_DIRECTORY"):
        return  # Windows: directory handles cannot be fsynced
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
