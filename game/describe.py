"""Localized one-line descriptions of moves and events for the game log.

Why not `engine.describe`: that text is English only, and the log must follow the language
setting. Secrets stay secret: a disc or a recovered power card is never named here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import events as E
from game.i18n import area_name, localized, t

Namer = Callable[[str], str]
QUIET_VERBS = ("done", "allow", "action")   # moves the live log leaves out (the replay names them)


def describe_challenge(record: dict) -> list[str]:
    """The opening log lines of a game started from a challenge scenario: its name and goal, so
    the player can reread them once the list is gone (nothing for a dealt game)."""
    scenario = record.get("scenario")
    if not isinstance(scenario, dict) or not scenario.get("name"):
        return []
    lines = [t("log.challenge", name=localized(scenario["name"]))]
    if scenario.get("description"):
        lines.append(localized(scenario["description"]))
    return lines


def describe_move(move: Any, player: str | None, name: Namer) -> str | None:
    """The log line for `player` playing `move` (None for moves the log skips, like `done`)."""
    verb, args = move.verb, tuple(move.args)
    who = name(player) if player else ""
    if verb in QUIET_VERBS:
        return None
    if verb in ("place", "recall", "return", "king", "grande", "score", "target"):
        return t(f"log.{verb}", who=who, area=area_name(args[0]))
    if verb == "power":
        return t("log.power", who=who, value=args[0])
    if verb == "court":
        return t("log.court", who=who, count=args[0])
    if verb == "card":
        return t("log.card", who=who, card=t(f"card.{args[0]}.name"))
    if verb == "first":
        return t(f"log.first_{args[0]}", who=who)
    if verb == "move":
        return t("log.move", who=who, owner=name(args[0]), source=area_name(args[1]),
                 target=area_name(args[2]))
    if verb == "cull":
        return t("log.cull", who=who, owner=name(args[0]), area=area_name(args[1]))
    if verb == "scoreboard":
        return t("log.scoreboard", who=who, board=args[0], area=area_name(args[1]))
    if verb in ("recover", "disc", "veto", "skip"):
        return t(f"log.{verb}", who=who)
    return f"{who}: {verb} {' '.join(args)}"


def describe_event(event: Any, name: Namer) -> str | None:
    """The log line for an engine event, or None for events the move line already covers."""
    if isinstance(event, E.RoundStarted):
        return t("log.round", round=event.round)
    if isinstance(event, E.AreaScored):
        parts = [f"{name(p)} +{pts}" for p, pts in event.points if pts]
        return t("log.scored", area=area_name(event.area), points=", ".join(parts) or "—")
    if isinstance(event, E.DiscsRevealed):
        picks = ", ".join(f"{name(p)} → {area_name(r)}" for p, r in event.discs)
        return t("log.discs", picks=picks or "—")
    if isinstance(event, E.ActionVetoed):
        return t("log.vetoed", who=name(event.vetoed_by), owner=name(event.player))
    if isinstance(event, E.ScoringStarted) and event.kind == "general":
        return t("log.general_scoring")
    if isinstance(event, E.GameOver):
        return t("log.game_over", winners=", ".join(name(p) for p in event.winners))
    return None


class _Parsed:
    """A move text split into verb and arguments (what `describe_move` reads)."""

    def __init__(self, text: str) -> None:
        self.verb, *args = text.split()
        self.args = tuple(args)


def describe_step(step: Any, name: Namer, every_move: bool = False) -> list[str]:
    """The log lines of one recorded move (a `game.replay_model.Step`): the move, then its events.
    `every_move`: moves the live log skips (done, allow...) get a plain line too (replay viewer)."""
    move = _Parsed(step.move)
    line = describe_move(move, step.player, name)
    if line is None and every_move:
        if move.verb in QUIET_VERBS:
            line = t(f"log.step_{move.verb}", who=name(step.player))
        else:
            line = t("log.plain", who=name(step.player), move=step.move)
    lines = [line] if line else []
    for event in step.events:
        text = describe_event(event, name)
        if text:
            lines.append(text)
    return lines
