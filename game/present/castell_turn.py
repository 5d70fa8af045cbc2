"""What a Castell player may click now, read from the engine's legal moves (never re-derived):
which regions, castellers, wheel tiles and performance tiles are lit, what a click on each
stages, and the prompt that names the player and what is left of the turn.

A turn's moves fall in two modes the table switches between: the ordinary actions (move,
recruit, train) and the special action (special move, special recruit, perform), whose targets
are the same kinds of things; while a free special action is open (docs/castell.md "A turn") only
the special mode exists. pygame-free: the scene and the tests use it alike.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine import castell
from engine.castell.position import ACTION_NAMES, FESTIVAL, FREE, TURN
from engine.castell.solver import FESTIVAL_HEIGHT
from game.present.castell_words import action_name, sizes_text
from game.shell.i18n import t, tn

NORMAL, SPECIAL = "normal", "special"


@dataclass(frozen=True)
class Targets:
    """The lit targets of one mode and the move (or, for castellers, the moves) each stands for."""
    regions: dict[str, castell.Move] = field(default_factory=dict)       # move / place / special move
    skills: dict[str, castell.Move] = field(default_factory=dict)        # train
    tiles: dict[str, castell.Move] = field(default_factory=dict)         # special perform (the solver's tower)
    recruits: tuple[castell.Move, ...] = ()                              # recruit / special recruit
    done: bool = False
    skip: bool = False

    @property
    def recruit_sizes(self) -> frozenset[int]:
        return frozenset(int(a) for m in self.recruits for a in m.args if a.isdigit())

    def recruit_move(self, sizes: tuple[int, ...]) -> castell.Move | None:
        """The recruit move that takes exactly these sizes, if one is legal."""
        want = sorted(sizes, reverse=True)
        for move in self.recruits:
            if sorted((int(a) for a in move.args if a.isdigit()), reverse=True) == want:
                return move
        return None

    def can_extend(self, sizes: tuple[int, ...], size: int) -> bool:
        """Whether a selection of castellers can grow by one of `size` and still be legal."""
        return self.recruit_move(sizes + (size,)) is not None


def targets(moves: list[castell.Move], mode: str) -> Targets:
    """The targets of `mode` among the legal moves (festival declarations are the builder's)."""
    regions: dict[str, castell.Move] = {}
    skills: dict[str, castell.Move] = {}
    tiles: dict[str, castell.Move] = {}
    recruits: list[castell.Move] = []
    done = skip = False
    for move in moves:
        verb, args = move.verb, move.args
        if verb == "done":
            done = True
        elif verb == "skip":
            skip = True
        elif mode == NORMAL and verb in ("place", "move"):
            regions[args[0]] = move
        elif mode == NORMAL and verb == "recruit":
            recruits.append(move)
        elif mode == NORMAL and verb == "train":
            skills[args[0]] = move
        elif mode == SPECIAL and verb == "special":
            if args[0] == "move":
                regions[args[1]] = move
            elif args[0] == "recruit":
                recruits.append(move)
            else:
                tiles.setdefault(args[1], move)
    return Targets(regions, skills, tiles, tuple(recruits), done, skip)


def has_special(moves: list[castell.Move]) -> bool:
    return any(m.verb == "special" for m in moves)


def forced_mode(view: castell.Position) -> str | None:
    """The mode the position imposes: special while a free special action is open."""
    return SPECIAL if view.phase == FREE else None


def actions_left(view: castell.Position) -> tuple[str, ...]:
    """The turn's actions not used yet (docs/castell.md "A turn"), in the rules' order."""
    if view.phase not in (TURN, FREE) or view.to_move is None:
        return ()
    if view.pawn[view.to_move_idx] < 0:
        return ("place",)
    left = tuple(name for bit, name in ACTION_NAMES.items() if not view.used & bit)
    if "special" in left and view.tokens[view.to_move_idx] == 0:
        left = tuple(a for a in left if a != "special")
    return left


def prompt(view: castell.Position, name: str) -> str:
    """The plate's line: who acts and what is left ("Blue — 2 of 4 actions left: recruit, train")."""
    if view.is_over:
        return t("castell.prompt.over")
    if view.phase == FESTIVAL:
        fest = view.festival
        assert fest is not None
        return t("castell.prompt.festival", name=name, town=fest.tile.town, height=FESTIVAL_HEIGHT,
                 sizes=sizes_text(fest.sizes))
    if view.phase == FREE:
        return t("castell.prompt.free", name=name)
    left = actions_left(view)
    if left == ("place",):
        return t("castell.prompt.place", name=name)
    if not left:
        return t("castell.prompt.end", name=name)
    return tn("castell.prompt.left", len(left), name=name, total=len(ACTION_NAMES),
              actions=", ".join(action_name(a) for a in left))


def trainable_positions(view: castell.Position, seat: int) -> set[int]:
    """The ring positions the seat's pawn may train from this round (ruling C19: its region's
    segment and, on the standard side, All Regions; segment i faces (i + round) mod 8, C18)."""
    region = view.pawn[seat] if seat >= 0 else -1
    if region < 0:
        return set()
    segments = [view.data.wheel.index(region)] + ([len(view.data.wheel)] if view.wheel == "standard" else [])
    return {(s + view.round) % len(view.ring) for s in segments}
