"""The Castell table's screen model: the player's UI state as a value, what a click on a table
target does to it, and the frame — everything one picture shows — built from the match's public
view and that state. Drawing reads the frame and changes nothing; the scene redraws whenever the
frame differs from the one drawn last, so no update is left undrawn. pygame-free.

Interaction (docs/castell.md "A turn"): lit targets come from the engine's legal moves
(castell_turn); a click stages a move (a pawn's destination, castellers to recruit, a skill to
train), Confirm plays it; a performance tile or a festival opens the tower builder, whose Confirm
plays its tower. With "Confirm moves" off a complete choice is played at once.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace

from engine import castell
from engine.castell import events as ev
from engine.castell.position import FESTIVAL
from game.present import castell_tips, castell_turn
from game.present.castell_builder import Builder
from game.present.castell_look import Ghost, Target, TableLook
from game.present.castell_refusals import refusal_text
from game.present.castell_show import Stage
from game.present.castell_tips import Tip
from game.present.castell_turn import NORMAL, SPECIAL, Targets
from game.present.castell_words import sizes_text, skill_name, tile_text
from game.shell.i18n import t

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]        # a rectangle as (x, y, w, h): the frame holds no pygame object


@dataclass(frozen=True)
class Ui:
    """What the player has chosen but not played: the mode (ordinary or special action), the
    castellers picked for a recruit, the staged move, the open tower builder, and the results
    panel of the last festival or the end, shown until dismissed."""
    mode: str = NORMAL
    picked: tuple[int, ...] = ()
    staged: castell.Move | None = None
    builder: Builder | None = None
    hover: Target | None = None
    results: ev.FestivalHeld | None = None
    refusal: str | None = None


@dataclass(frozen=True)
class Button:
    id: str           # confirm, cancel, special, normal, done, skip, undo, build, no_tower, continue, replay, title
    label: str
    primary: bool = False
    enabled: bool = True


@dataclass(frozen=True)
class Frame:
    view: castell.View
    look: TableLook
    prompt: str
    tone: str                          # plain, wait, error
    buttons: tuple[Button, ...]
    builder: Builder | None
    results: ev.FestivalHeld | None
    log: tuple[str, ...]
    over: bool
    banner: str = ""                   # an online table's connection trouble or gone player
    tip: Tip | None = None             # the hovered thing's tooltip
    log_current: int = 0               # the log's last lines that are the move shown (the replay marks them)
    show: Stage | None = None          # how much of a festival's results or the final scoring is shown yet (None: all)
    clear: tuple[Box, ...] = ()        # what no tooltip may cover (a lesson's pointed target)


def lit_keys(lit: Targets, view: castell.Position) -> frozenset[str]:
    """The keys the painter lights: regions, tiles and skills of the mode's moves, and the pawn's
    region while castellers may be recruited there."""
    keys = set(lit.regions) | set(lit.tiles) | set(lit.skills)
    seat = view.to_move_idx
    if lit.recruits and seat >= 0 and view.pawn[seat] >= 0:
        keys.add(view.data.regions[view.pawn[seat]])
    return frozenset(keys)


def mode_of(view: castell.Position, ui: Ui) -> str:
    return castell_turn.forced_mode(view) or ui.mode


def click_target(view: castell.Position, ui: Ui, target: Target | None, confirm: bool,
                 names: Mapping[str, str] | None = None) -> tuple[Ui, castell.Move | None]:
    """A click on the table: the new UI state and the move to play now (None: only staged).
    A target no legal move names says why, the engine's reason in the players' words (`refusal`;
    `names`: the seat names by player)."""
    moves = view.legal_moves()
    lit = castell_turn.targets(moves, mode_of(view, ui))
    move: castell.Move | None = None
    if target is None:
        return replace(ui, refusal=None), None
    if target.kind == "casteller" and not (lit.recruits and _pawn_region(view) == target.key):
        target = Target("region", target.key)            # a click on a region's castellers
    if target.kind == "region" and target.key in lit.regions:
        move = lit.regions[target.key]
    elif target.kind == "skill" and target.key in lit.skills:
        move = lit.skills[target.key]
    elif target.kind == "casteller" and lit.recruits and _pawn_region(view) == target.key:
        return _pick(ui, lit, target.index, confirm)
    elif target.kind == "tile" and target.key in lit.tiles:
        seat = view.to_move_idx
        builder = Builder.for_tile(view, seat, target.key)
        return replace(ui, builder=builder.best(), staged=None, picked=(), refusal=None), None
    else:
        return replace(ui, refusal=why_not(view, ui, target, names)), None
    if confirm and move != ui.staged:              # a second click on the staged target confirms it
        return replace(ui, staged=move, picked=(), refusal=None), None
    return Ui(mode=ui.mode), move


def _pick(ui: Ui, lit: Targets, size: int, confirm: bool) -> tuple[Ui, castell.Move | None]:
    """Recruiting: a click adds a casteller of that size to the pick (or takes it back)."""
    picked = ui.picked
    if size in picked:
        rest = list(picked)
        rest.remove(size)
        picked = tuple(rest)
    elif lit.can_extend(picked, size):
        picked = picked + (size,)
    elif lit.recruit_move((size,)) is not None:
        picked = (size,)
    move = lit.recruit_move(picked) if picked else None
    if not confirm and move is not None and not lit.can_extend(picked, max(picked)) and len(picked) == 2:
        return Ui(mode=ui.mode), move
    return replace(ui, picked=picked, staged=move, refusal=None), None


def _pawn_region(view: castell.Position) -> str | None:
    seat = view.to_move_idx
    return None if seat < 0 or view.pawn[seat] < 0 else view.data.regions[view.pawn[seat]]


def why_not(view: castell.Position, ui: Ui, target: Target, names: Mapping[str, str] | None = None) -> str | None:
    """The engine's refusal of what a click on an unlit target would mean, worded for the
    players, or None for targets that name no move (a board, a festival banner)."""
    special = mode_of(view, ui) == SPECIAL
    if target.kind == "region":
        text = ("special move " if special else "move ") + target.key
    elif target.kind == "skill":
        text = f"train {target.key}"
    elif target.kind == "casteller":
        text = ("special recruit " if special else "recruit ") + str(target.index)
    else:
        return None
    game = castell.determinize(view, random.Random(0))   # a refusal never depends on the bag
    try:
        game.check(castell.parse_move(text, view.data))
    except castell.IllegalMove as exc:
        return refusal_text(exc.reason, view.data, names) if exc.reason else str(exc)
    except castell.NotationError:
        return None
    return None


def buttons(view: castell.Position, ui: Ui, human: bool, can_undo: bool | None,
            replayable: bool = True) -> tuple[Button, ...]:
    """The button row: Confirm/Cancel while something is staged; the special action's toggle;
    End turn or Skip; the festival's Build tower / No tower; Undo."""
    if ui.results is not None:
        return (Button("continue", t("castell.button.continue"), primary=True),)
    if view.is_over:
        replay = (Button("replay", t("castell.button.replay")),) if replayable else ()
        return replay + (Button("title", t("castell.button.title"), primary=True),)
    out: list[Button] = []
    if not human:
        return (Button("undo", t("castell.button.undo"), enabled=False),) if can_undo is not None else ()
    moves = view.legal_moves()
    if can_undo is not None:
        out.append(Button("undo", t("castell.button.undo"), enabled=can_undo))
    if view.phase == FESTIVAL:
        out += [Button("build", t("castell.button.build")), Button("no_tower", t("castell.button.no_tower"))]
        return tuple(out)
    mode = mode_of(view, ui)
    lit = castell_turn.targets(moves, mode)
    if ui.staged is not None or ui.picked:
        out += [Button("cancel", t("castell.button.cancel")),
                Button("confirm", t("castell.button.confirm"), primary=True, enabled=ui.staged is not None)]
        return tuple(out)
    if castell_turn.forced_mode(view) is None and castell_turn.has_special(moves):
        out.append(Button("normal", t("castell.button.normal")) if mode == SPECIAL
                   else Button("special", t("castell.button.special", count=view.tokens[view.to_move_idx])))
    if lit.skip:
        out.append(Button("skip", t("castell.button.skip"), primary=True))
    elif lit.done:
        out.append(Button("done", t("castell.button.done"), primary=True))
    return tuple(out)


def ghost(view: castell.Position, ui: Ui, hovered: castell.Move | None) -> Ghost | None:
    """The staged move (nearly solid) or the hovered one, as the painter draws it."""
    move, staged = (ui.staged, True) if ui.staged is not None else (hovered, False)
    if ui.picked and move is None:
        return Ghost(recruits=ui.picked, staged=True)
    if move is None:
        return None
    verb, args = move.verb, move.args
    if verb in ("place", "move"):
        return Ghost(pawn=args[0], staged=staged)
    if verb == "recruit":
        return Ghost(recruits=tuple(int(a) for a in args), staged=staged)
    if verb == "train":
        return Ghost(skill=args[0], staged=staged)
    if verb == "special" and args[0] == "move":
        return Ghost(pawn=args[1], staged=staged)
    if verb == "special" and args[0] == "recruit":
        return Ghost(recruits=(int(args[1]),), staged=staged)
    return None


def hovered_move(view: castell.Position, ui: Ui) -> castell.Move | None:
    """The move a click on the hovered target would stage (its ghost shows before the click)."""
    target = ui.hover
    if target is None or not view.legal_moves():
        return None
    lit = castell_turn.targets(view.legal_moves(), mode_of(view, ui))
    if target.kind == "region":
        return lit.regions.get(target.key)
    if target.kind == "skill":
        return lit.skills.get(target.key)
    if target.kind == "casteller" and _pawn_region(view) == target.key:
        return lit.recruit_move(ui.picked + (target.index,)) or lit.recruit_move((target.index,))
    return None


def build_frame(view: castell.View, ui: Ui, names: tuple[str, ...], human: bool, thinking: str | None,
                can_undo: bool | None, log: tuple[str, ...], wheel_angle: float, pulse: float,
                banner: str = "", replayable: bool = True, show: Stage | None = None, waiting: str = "",
                clear: tuple[Box, ...] = ()) -> Frame:
    """Everything the Castell table shows now, as one comparable value (`can_undo` None: the
    table has no Undo, a server's; not `replayable`: the game is not on this computer; `show`:
    the stage of a festival's or the final scoring's presentation; `waiting`: the prompt while
    the table waits beyond its seats, a lesson's step to be read; `clear`: what no tooltip may
    cover, a lesson's pointed target)."""
    seat = view.to_move_idx
    name = names[seat] if seat >= 0 else ""
    if view.is_over:
        prompt, tone = t("castell.prompt.final"), "plain"
    elif waiting:
        prompt, tone = waiting, "wait"
    elif not human:
        prompt, tone = (t("castell.prompt.thinking", name=name) if thinking
                                  else t("castell.prompt.waiting", name=name)), "wait"
    elif ui.refusal:
        prompt, tone = ui.refusal, "error"
    else:
        prompt, tone = castell_turn.prompt(view, name), "plain"
        if ui.staged is not None:
            prompt = t("castell.prompt.staged", name=name, move=describe_move(view, ui.staged, names))
    lit: frozenset[str] = frozenset()
    if human and ui.builder is None and ui.results is None and view.phase != FESTIVAL:
        lit = lit_keys(castell_turn.targets(view.legal_moves(), mode_of(view, ui)), view)
    look = TableLook(names=names, lit=lit, hover=ui.hover, ghost=ghost(view, ui, hovered_move(view, ui)) if human else None,
                     wheel_angle=wheel_angle, pulse=pulse)
    tip = castell_tips.tip(view, ui.hover, names) if ui.builder is None and ui.results is None and not view.is_over else None
    return Frame(view, look, prompt, tone, buttons(view, ui, human, can_undo, replayable), ui.builder, ui.results, log,
                 view.is_over, banner, tip, show=show, clear=clear)


def describe_move(view: castell.Position, move: castell.Move, names: tuple[str, ...]) -> str:
    """A staged move in a player's words."""
    regions = view.data.region_names
    verb, args = move.verb, move.args
    if verb in ("place", "move"):
        return t(f"castell.move.{verb}", region=regions[args[0]])
    if verb == "recruit":
        return t("castell.move.recruit", sizes=sizes_text(args))
    if verb == "train":
        return t("castell.move.train_special") if args[0] == "special" else t("castell.move.train",
                                                                               skill=skill_name(args[0]))
    if verb == "special":
        if args[0] == "move":
            return t("castell.move.special_move", region=regions[args[1]])
        if args[0] == "recruit":
            return t("castell.move.special_recruit", size=args[1])
        return t("castell.move.special_perform", tile=tile_text(view.data, args[1]))
    return str(move)
