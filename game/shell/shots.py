"""The `--screenshots` pictures: numbered on from the folder's earlier run, written so that a
picture the disk refused is one line on stderr and no empty file.

Why its own writing: `pygame.image.save` straight to a path left 0-byte PNGs on a full disk
without a word; encoding into memory and writing the bytes with Python's file API makes every
refusal an OSError."""
from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pygame

NUMBERED = re.compile(r"(\d+)-.*\.png")


def last_number(folder: Path) -> int:
    """The highest picture number already in `folder` (0 when none), so a new run never writes
    over an earlier run's pictures."""
    try:
        names = [p.name for p in folder.iterdir()]
    except OSError:
        return 0
    return max((int(m.group(1)) for name in names if (m := NUMBERED.fullmatch(name))), default=0)


def save(surface: pygame.Surface, path: Path) -> bool:
    """Write `surface` as a PNG at `path` (never over an existing file); False, with one line on
    stderr, when it could not be written (and no partial file is left)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        pygame.image.save(surface, buffer, path.name)
        with open(path, "xb") as out:
            out.write(buffer.getvalue())
        return True
    except (OSError, pygame.error) as exc:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        print(f"el-grande: --screenshots: could not write {path} ({reason})", file=sys.stderr)
        if not isinstance(exc, FileExistsError):
            path.unlink(missing_ok=True)
        return False
