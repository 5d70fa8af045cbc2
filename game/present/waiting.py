"""Whom the table waits for, said only when it is true on screen.

Why: the host runs ahead of the screen. While a scoring or the Castillo reveal is still being
animated, an AI seat may already be thinking about the decision that follows it, and "Yellow is
thinking…" over the reveal named a wait the player could not see. The screen names the seat only
once it waits for it (game/scenes/play.py MatchScene.thinking); this words it.
"""
from __future__ import annotations

from collections.abc import Callable

from game.shell.i18n import t


def waiting_prompt(thinking: str | None, name: Callable[[str], str]) -> str:
    """ "{who} is thinking…" for the seat `thinking`, or "" when the screen waits for nobody."""
    if thinking is None:
        return ""
    return t("hud.thinking", who=name(thinking))
