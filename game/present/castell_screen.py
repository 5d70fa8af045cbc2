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
from dataclasses import dataclass, replace

from engine import castell
from engine.castell import events as ev
from engine.castell.position import FESTIVAL
from game.present import castell_turn
from game.present.castell_builder import Builder
from game.present.castell_look import Ghost, Target, TableLook
from game.present.castell_turn import NORMAL, SPECIAL, Targets

Colour = tuple[int, int, int]


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
    id: str           # confirm, cancel, special, normal, done, skip, undo, build, no_tower, continue
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


def lit_keys(t: Targets, view: castell.Position) -> frozenset[str]:
    """The keys the painter lights: regions, tiles and skills of the mode's moves, and the pawn's
    region while castellers may be recruited there."""
    keys = set(t.regions) | set(t.tiles) | set(t.skills)
    seat = view.to_move_idx
    if t.recruits and seat >= 0 and view.pawn[seat] >= 0:
        keys.add(view.data.regions[view.pawn[seat]])
    return frozenset(keys)


def mode_of(view: castell.Position, ui: Ui) -> str:
    return castell_turn.forced_mode(view) or ui.mode


def click_target(view: castell.Position, ui: Ui, target: Target | None, confirm: bool) -> tuple[Ui, castell.Move | None]:
    """A click on the table: the new UI state and the move to play now (None: only staged).
    A target no legal move names says why, in the engine's words (`refusal`)."""
    moves = view.legal_moves()
    t = castell_turn.targets(moves, mode_of(view, ui))
    move: castell.Move | None = None
    if target is None:
        return replace(ui, refusal=None), None
    if target.kind == "casteller" and not (t.recruits and _pawn_region(view) == target.key):
        target = Target("region", target.key)            # a click on a region's castellers
    if target.kind == "region" and target.key in t.regions:
        move = t.regions[target.key]
    elif target.kind == "skill" and target.key in t.skills:
        move = t.skills[target.key]
    elif target.kind == "casteller" and t.recruits and _pawn_region(view) == target.key:
        return _pick(ui, t, target.index, confirm)
    elif target.kind == "tile" and target.key in t.tiles:
        seat = view.to_move_idx
        builder = Builder.for_tile(view, seat, target.key)
        return replace(ui, builder=builder.best(), staged=None, picked=(), refusal=None), None
    else:
        return replace(ui, refusal=why_not(view, ui, target)), None
    if confirm and move != ui.staged:              # a second click on the staged target confirms it
        return replace(ui, staged=move, picked=(), refusal=None), None
    return Ui(mode=ui.mode), move


def _pick(ui: Ui, t: Targets, size: int, confirm: bool) -> tuple[Ui, castell.Move | None]:
    """Recruiting: a click adds a casteller of that size to the pick (or takes it back)."""
    picked = ui.picked
    if size in picked:
        rest = list(picked)
        rest.remove(size)
        picked = tuple(rest)
    elif t.can_extend(picked, size):
        picked = picked + (size,)
    elif t.recruit_move((size,)) is not None:
        picked = (size,)
    move = t.recruit_move(picked) if picked else None
    if not confirm and move is not None and not t.can_extend(picked, max(picked)) and len(picked) == 2:
        return Ui(mode=ui.mode), move
    return replace(ui, picked=picked, staged=move, refusal=None), None


def _pawn_region(view: castell.Position) -> str | None:
    seat = view.to_move_idx
    return None if seat < 0 or view.pawn[seat] < 0 else view.data.regions[view.pawn[seat]]


def why_not(view: castell.Position, ui: Ui, target: Target) -> str | None:
    """The engine's refusal of what a click on an unlit target would mean, or None for targets
    that name no move (a board, a festival banner)."""
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
        return str(exc)
    except castell.NotationError:
        return None
    return None


def buttons(view: castell.Position, ui: Ui, human: bool, can_undo: bool) -> tuple[Button, ...]:
    """The button row: Confirm/Cancel while something is staged; the special action's toggle;
    End turn or Skip; the festival's Build tower / No tower; Undo."""
    if ui.results is not None:
        return (Button("continue", "Continue", primary=True),)
    if view.is_over:
        return (Button("title", "Back to the title", primary=True),)
    out: list[Button] = []
    if not human:
        return (Button("undo", "Undo", enabled=False),)
    moves = view.legal_moves()
    out.append(Button("undo", "Undo", enabled=can_undo))
    if view.phase == FESTIVAL:
        out += [Button("build", "Build a tower"), Button("no_tower", "No tower")]
        return tuple(out)
    mode = mode_of(view, ui)
    t = castell_turn.targets(moves, mode)
    if ui.staged is not None or ui.picked:
        out += [Button("cancel", "Cancel"), Button("confirm", "Confirm", primary=True, enabled=ui.staged is not None)]
        return tuple(out)
    if castell_turn.forced_mode(view) is None and castell_turn.has_special(moves):
        out.append(Button("normal", "Ordinary actions") if mode == SPECIAL
                   else Button("special", f"Special action ({view.tokens[view.to_move_idx]})"))
    if t.skip:
        out.append(Button("skip", "Skip", primary=True))
    elif t.done:
        out.append(Button("done", "End turn", primary=True))
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
    t = castell_turn.targets(view.legal_moves(), mode_of(view, ui))
    if target.kind == "region":
        return t.regions.get(target.key)
    if target.kind == "skill":
        return t.skills.get(target.key)
    if target.kind == "casteller" and _pawn_region(view) == target.key:
        return t.recruit_move(ui.picked + (target.index,)) or t.recruit_move((target.index,))
    return None


def build_frame(view: castell.View, ui: Ui, names: tuple[str, ...], human: bool, thinking: str | None,
                can_undo: bool, log: tuple[str, ...], wheel_angle: float, pulse: float) -> Frame:
    """Everything the Castell table shows now, as one comparable value."""
    seat = view.to_move_idx
    name = names[seat] if seat >= 0 else ""
    if view.is_over:
        prompt, tone = "The game is over: the final scoring", "plain"
    elif not human:
        prompt, tone = (f"{name} is thinking…" if thinking else f"Waiting for {name}…"), "wait"
    elif ui.refusal:
        prompt, tone = ui.refusal, "error"
    else:
        prompt, tone = castell_turn.prompt(view, name), "plain"
        if ui.staged is not None:
            prompt = f"{name} — {describe_move(view, ui.staged, names)}: Confirm (Enter) or Cancel (Esc)"
    lit: frozenset[str] = frozenset()
    if human and ui.builder is None and ui.results is None and view.phase != FESTIVAL:
        lit = lit_keys(castell_turn.targets(view.legal_moves(), mode_of(view, ui)), view)
    look = TableLook(names=names, lit=lit, hover=ui.hover, ghost=ghost(view, ui, hovered_move(view, ui)) if human else None,
                     wheel_angle=wheel_angle, pulse=pulse)
    return Frame(view, look, prompt, tone, buttons(view, ui, human, can_undo), ui.builder, ui.results, log,
                 view.is_over)


def describe_move(view: castell.Position, move: castell.Move, names: tuple[str, ...]) -> str:
    """A staged move in a player's words."""
    regions = view.data.region_names
    verb, args = move.verb, move.args
    if verb in ("place", "move"):
        return f"{'place the pawn in' if verb == 'place' else 'move to'} {regions[args[0]]}"
    if verb == "recruit":
        return f"recruit {' and '.join(args)}"
    if verb == "train":
        return "train on the special tile (a free special action)" if args[0] == "special" else f"train {args[0]}"
    if verb == "special":
        if args[0] == "move":
            return f"special action: move to {regions[args[1]]}"
        if args[0] == "recruit":
            return f"special action: recruit {args[1]}"
        return f"special action: perform {args[1]}"
    return str(move)
