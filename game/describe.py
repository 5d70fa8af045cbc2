"""The game log as data, and its localized one-line text.

Why data: a log line is stored as what happened (a move text and who played it, an engine event,
a challenge's name) and turned into words only when drawn, so a language switch re-renders every
old line. Why not `engine.describe`: that text is English only. Secrets stay secret: a disc or a
recovered power card is never named here.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine import events as E
from game.i18n import area_name, localized, t

Namer = Callable[[str], str]
QUIET_VERBS = ("done", "allow", "action")   # moves the live log leaves out (the replay names them)
LOGGED_EVENTS = (E.RoundStarted, E.AreaScored, E.DiscsRevealed, E.ActionVetoed, E.ScoringStarted, E.GameOver,
                 E.DummyRegionsDrawn, E.DummyPowerRevealed, E.DummyCardTaken)


@dataclass(frozen=True, eq=True)
class LogItem:
    """One log line as data. `kind`: "move" (a move text with its player), "step" (a quiet move the
    replay names), "event" (an engine event), "challenge" / "goal" (a scenario's name or goal,
    a text or a mapping of language codes), "notice" (an `ai.*` message about a player's AI)."""
    kind: str
    source: Any
    player: str | None = None

    __hash__ = None  # type: ignore[assignment]  # a goal may be a mapping


def move_item(move_text: str, player: str | None, every_move: bool = False) -> LogItem | None:
    """The log item of a move (None for moves the live log skips, unless `every_move`)."""
    if move_text.split()[0] in QUIET_VERBS:
        return LogItem("step", move_text, player) if every_move else None
    return LogItem("move", move_text, player)


def event_item(event: Any) -> LogItem | None:
    """The log item of an engine event, or None for events the move line already covers."""
    if not isinstance(event, LOGGED_EVENTS) or (isinstance(event, E.ScoringStarted) and event.kind != "general"):
        return None
    return LogItem("event", event)


def challenge_items(record: dict) -> list[LogItem]:
    """The opening log items of a game started from a challenge scenario: its name and goal, so
    the player can reread them once the list is gone (nothing for a dealt game)."""
    scenario = record.get("scenario")
    if not isinstance(scenario, dict) or not scenario.get("name"):
        return []
    items = [LogItem("challenge", scenario["name"])]
    if scenario.get("description"):
        items.append(LogItem("goal", scenario["description"]))
    return items


def step_items(step: Any, every_move: bool = False) -> list[LogItem]:
    """The log items of one recorded move (a `game.replay_model.Step`): the move, then its events."""
    items = [move_item(step.move, step.player, every_move)]
    items += [event_item(event) for event in step.events]
    return [item for item in items if item is not None]


def item_text(item: LogItem, name: Namer) -> str:
    """The line for a log item in the current language."""
    if item.kind == "event":
        return describe_event(item.source, name)
    if item.kind == "challenge":
        return t("log.challenge", name=localized(item.source))
    if item.kind == "goal":
        return localized(item.source)
    if item.kind == "notice":      # an AI worker restarted or gave up (game/ai_worker.py)
        return t(f"ai.{item.source}", who=name(item.player) if item.player else "")
    verb, *args = item.source.split()
    who = name(item.player) if item.player else ""
    if item.kind == "step":
        return t(f"log.step_{verb}", who=who)
    return describe_move(verb, tuple(args), who, name)


def describe_move(verb: str, args: tuple[str, ...], who: str, name: Namer) -> str:
    """The line for a move `verb args` made by the player named `who`."""
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
        return t("log.move", who=who, owner=name(args[0]), source=area_name(args[1]), target=area_name(args[2]))
    if verb == "cull":
        return t("log.cull", who=who, owner=name(args[0]), area=area_name(args[1]))
    if verb == "scoreboard":
        return t("log.scoreboard", who=who, board=args[0], area=area_name(args[1]))
    if verb in ("recover", "disc", "veto", "skip"):
        return t(f"log.{verb}", who=who)
    return t("log.plain", who=who, move=" ".join((verb, *args)))


def describe_event(event: Any, name: Namer) -> str:
    """The line for one of the `LOGGED_EVENTS`."""
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
    if isinstance(event, E.ScoringStarted):
        return t("log.general_scoring")
    if isinstance(event, E.DummyRegionsDrawn):
        return t("log.dummy_regions", who=name(event.colour),
                 regions=", ".join(area_name(r) for r in event.regions))
    if isinstance(event, E.DummyPowerRevealed):
        return t("log.dummy_power", who=name(event.colour), value=event.value)
    if isinstance(event, E.DummyCardTaken):
        return t("log.dummy_card", who=name(event.colour), card=t(f"card.{event.card}.name"))
    return t("log.game_over", winners=", ".join(name(p) for p in event.winners))
