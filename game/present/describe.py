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

import engine
from engine import events as E
from game.shell.i18n import area_name, has, localized, t

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


def event_item(event: engine.events.Event, move_text: str = "") -> LogItem | None:
    """The log item of an engine event, or None for events the move line already covers (a
    special action skipped by its player's own `skip`; one the engine skipped because the card
    had nothing to do is logged)."""
    if isinstance(event, E.ActionSkipped):
        return None if move_text.split()[:1] == ["skip"] else LogItem("event", event)
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


def item_text(item: LogItem, name: Namer, viewer: str | None = None) -> str:
    """The line for a log item in the current language; `viewer`: the player the log is shown to,
    who sees his own secret move's value (the power card he took back), the others never."""
    if item.kind == "event":
        return describe_event(item.source, name)
    if item.kind == "challenge":
        return t("log.challenge", name=localized(item.source))
    if item.kind == "goal":
        return localized(item.source)
    if item.kind == "notice":      # an AI worker restarted or gave up (game/match/ai_worker.py)
        return t(f"ai.{item.source}", who=name(item.player) if item.player else "")
    verb, *args = item.source.split()
    who = name(item.player) if item.player else ""
    if item.kind == "step":
        return t(f"log.step_{verb}", who=who)
    own = f"log.{verb}_own"         # a secret move (engine.VERB_INFO) worded for its own player
    known = bool(args) and "?" not in args      # a server sends another seat's secret move as "disc ?"
    seat = item.player.partition("+ai:")[0] if item.player else None   # an AI's move for an away seat is his
    if engine.VERB_INFO[verb].secret and known and viewer is not None and viewer == seat and has(own):
        return t(own, who=who, **move_words(verb, tuple(args), name))
    return describe_move(verb, tuple(args), who, name)


_AREA_KINDS = ("region", "area", "source")
_FIELD_OF_KIND = {"power": "value", "count": "count", "board": "board", "part": "part"}


def move_words(verb: str, args: tuple[str, ...], name: Namer) -> dict[str, str]:
    """A move's arguments in words, named by the kinds the engine gives each verb (engine.VERBS):
    an area as `area` (a move's two as `source` and `target`), a player as `owner`, a card by
    its name, a power card as `value`, a count, a scoreboard, a part. Every message about a move
    (log, hint, staged prompt) is worded from these fields."""
    kinds = engine.VERBS.get(verb, ())
    areas = [i for i, kind in enumerate(kinds) if kind in _AREA_KINDS]
    words: dict[str, str] = {}
    for i, (kind, arg) in enumerate(zip(kinds, args)):
        if kind in _AREA_KINDS:
            words["area" if len(areas) == 1 else ("source", "target")[areas.index(i)]] = area_name(arg)
        elif kind == "player":
            words["owner"] = name(arg)
        elif kind == "card":
            words["card"] = t(f"card.{arg}.name")
        else:
            words[_FIELD_OF_KIND[kind]] = arg
    return words


def move_key(verb: str, args: tuple[str, ...]) -> str:
    """The catalog key suffix of a move: its verb, or `first_place` / `first_action`."""
    return f"{verb}_{args[0]}" if engine.VERBS.get(verb) == ("part",) else verb


def step_text(verb: str, args: tuple[str, ...], name: Namer) -> str:
    """A move as one step of a plan or a staged choice ("3 to the court", "skip the action")."""
    key = move_key(verb, args)
    words = move_words(verb, args, name)
    if verb == "place":
        words["count"] = "1"        # a plan counts its placements per area (hints.plan_text)
    return t(f"hint.{key}", **words)


def describe_move(verb: str, args: tuple[str, ...], who: str, name: Namer) -> str:
    """The line for a move `verb args` made by the player named `who` (a disc's region and a
    recovered card are in no log template: they stay secret)."""
    key = move_key(verb, args)
    if has(f"log.{key}"):
        return t(f"log.{key}", who=who, **move_words(verb, args, name))
    return t("log.plain", who=who, move=" ".join((verb, *args)))


def describe_event(event: Any, name: Namer) -> str:
    """The line for one of the `LOGGED_EVENTS`."""
    if isinstance(event, E.RoundStarted):
        return t("log.round", round=event.round)
    if isinstance(event, E.AreaScored):
        parts = [f"{name(p)} +{pts}" for p, pts in event.points if pts]
        if parts or not event.ranks:
            return t("log.scored", area=area_name(event.area), points=", ".join(parts) or "—")
        # present, yet nobody scores: a tie for a lone scoring place, or the neutral colour ahead
        standing = ", ".join(f"{name(c)} {t(f'rank.{r}')}" for c, r in event.ranks)
        return t("log.scored_none", area=area_name(event.area), standing=standing)
    if isinstance(event, E.DiscsRevealed):
        picks = ", ".join(f"{name(p)} → {area_name(r)}" for p, r in event.discs)
        return t("log.discs", picks=picks or "—")
    if isinstance(event, E.ActionVetoed):
        return t("log.vetoed", who=name(event.vetoed_by), owner=name(event.player))
    if isinstance(event, E.ScoringStarted):
        return t("log.general_scoring")
    if isinstance(event, E.ActionSkipped):
        return t("log.action_skipped", who=name(event.player), card=t(f"card.{event.card}.name"))
    if isinstance(event, E.DummyRegionsDrawn):
        return t("log.dummy_regions", who=name(event.colour),
                 regions=", ".join(area_name(r) for r in event.regions))
    if isinstance(event, E.DummyPowerRevealed):
        return t("log.dummy_power", who=name(event.colour), value=event.value)
    if isinstance(event, E.DummyCardTaken):
        return t("log.dummy_card", who=name(event.colour), card=t(f"card.{event.card}.name"))
    return t("log.game_over", winners=", ".join(name(p) for p in event.winners))
