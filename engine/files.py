"""Reading files that may be hostile: only regular files, never more than a size cap, YAML without
aliases and with its errors placed by line and column.

Why one place: saves, scenarios, catalogs and settings are all files a user can point at anything
(`/dev/zero` reads forever, a FIFO blocks the open, a 1 KB alias bomb expands to gigabytes); every
reader goes through `read_regular`, so each gets the same one-line `DataError` naming the file.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import yaml

from .errors import DataError

MB = 1024 * 1024
YAML_LIMIT = 1 * MB       # scenarios, catalogs, board and lesson files are a few kB


def _size(limit: int) -> str:
    return f"{limit // MB} MB" if limit >= MB and limit % MB == 0 else f"{limit // 1024} kB"


def read_regular(path: str | Path, limit: int, what: str, source: str | None = None) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. A missing file, a directory, a FIFO, a
    device or a larger file is a one-line DataError naming the file (`source`) and `what` was
    expected. The open never blocks (O_NONBLOCK) and never writes."""
    source = source or Path(path).name or str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise DataError(f"{source}: no such file (expected {what})") from None
    except IsADirectoryError:
        raise DataError(f"{source}: is a directory, expected {what}") from None
    except (OSError, ValueError) as exc:
        raise DataError(f"{source}: cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise DataError(f"{source}: is a directory, expected {what}")
        if not stat.S_ISREG(mode):
            raise DataError(f"{source}: not a regular file (a device, pipe or socket), expected {what}")
        data = _read_at_most(fd, limit + 1)
    except OSError as exc:
        raise DataError(f"{source}: cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise DataError(f"{source}: larger than {_size(limit)}, not {what}")
    return data


def _read_at_most(fd: int, size: int) -> bytes:
    chunks, left = [], size
    while left > 0:
        chunk = os.read(fd, min(left, MB))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


# libyaml's parser where PyYAML was built with it (the wheels are): about eight times faster than
# the pure-Python one, and it refuses nesting deeper than 1,000 levels in one line instead of
# recursing until Python's stack runs out. The constructor is the safe one either way.
_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _refuse_aliases(text: str) -> None:
    """Raise at the first alias (`*name`): a few hundred bytes of nested aliases expand to
    gigabytes once the data is copied, and no file of ours needs them. An alias starts with `*`,
    so a text without one is not parsed for this."""
    if "*" not in text:
        return
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent):
            mark: Any = event.start_mark                     # libyaml's Mark: the same fields
            raise yaml.MarkedYAMLError("while composing", None, "aliases (*name) are not allowed", mark)


def load_yaml(text: str) -> Any:
    """`yaml.safe_load` without aliases; raises yaml.YAMLError as it does (placed by line and
    column)."""
    _refuse_aliases(text)
    return yaml.load(text, Loader=_Loader)  # noqa: S506 - a safe loader (C or Python)


def _where(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or exc.__class__.__name__
    if mark is None:
        return str(problem)
    return f"line {mark.line + 1}, column {mark.column + 1}: {problem}"


def read_yaml_mapping(path: Path, source: str | None = None, limit: int = YAML_LIMIT) -> dict:
    """A YAML file (regular, at most `limit` bytes, no aliases) whose top level is a mapping; any
    other content is a one-line DataError naming the file (and the line and column of a syntax
    error)."""
    source = source or path.name
    raw = read_regular(path, limit, "a YAML file", source)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{source}: not UTF-8 text at byte {exc.start}") from None
    try:
        data = load_yaml(text)
    except yaml.YAMLError as exc:
        raise DataError(" ".join(f"{source}: not valid YAML at {_where(exc)}".split())) from None
    except ValueError:
        raise DataError(f"{source}: cannot be read as YAML (a number of more than 4300 digits)") from None
    except RecursionError:
        raise DataError(f"{source}: cannot be read as YAML (nested too deeply)") from None
    if not isinstance(data, dict):
        raise DataError(f"{source}: top level must be a mapping")
    return data
