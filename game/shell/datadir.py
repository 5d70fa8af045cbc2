"""The player's data folder, as the client sees it: the folder itself and its one-time move are
`net.datadir`'s (shared with the server); what is the client's own is the move's notice, in the
player's language."""
from __future__ import annotations

from pathlib import Path

from game.shell.i18n import t
from net.datadir import APP_NAME, OVERRIDE, data_dir, legacy_dir, platform_dir, take_moves

__all__ = ["APP_NAME", "OVERRIDE", "data_dir", "legacy_dir", "platform_dir", "take_notices"]


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
