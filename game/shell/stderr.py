"""Holding back what C libraries (SDL's video and audio drivers) print straight onto stderr.

Why: probing drivers on a machine without a display or a sound card prints lines like
"ALSA lib ... Unknown PCM default" that say nothing to a player; the client shows its own one-line
message instead, or nothing when silence is the right answer (no sound card: no sound).
"""
from __future__ import annotations

import os
import sys
import tempfile


class HeldStderr:
    """Redirects file descriptor 2 (where C libraries write) into a temporary file."""

    def __init__(self) -> None:
        self._file = tempfile.TemporaryFile()
        self._saved = -1
        self._text = ""

    def __enter__(self) -> HeldStderr:
        sys.stderr.flush()
        self._saved = os.dup(2)
        os.dup2(self._file.fileno(), 2)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.stderr.flush()
        os.dup2(self._saved, 2)
        os.close(self._saved)
        self._file.seek(0)
        self._text = self._file.read().decode("utf-8", "replace")
        self._file.close()

    def text(self) -> str:
        return self._text
