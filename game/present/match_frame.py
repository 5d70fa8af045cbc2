"""The match screen's frame: everything one picture of the screen shows, as a frozen value.

Why a value: the frame loop draws whenever the frame differs from the one drawn last, whatever
changed it (a server update, a hand-off, a connection coming back, an AI move, an animation
ending), and sleeps otherwise; painting reads the frame and changes nothing. So nothing that
shows may be missing from it, and it holds no pygame object (rectangles are (x, y, w, h) tuples).
The pulse of lit targets is carried but left out of equality: it is timed by the scene's redraw
rate, not a change of state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import engine
from game.present.score_summary import ScoreSummary

Rect = tuple[int, int, int, int]
Point = tuple[int, int]


@dataclass(frozen=True)
class HintRow:
    """One hint as drawn: the plan in words, the reason, the gain against the best."""
    plan: str
    reason: str
    gain: str


@dataclass(frozen=True)
class DockedPlan:
    """A clicked hint being followed: where the player is in it, the whole plan, the next step."""
    heading: str
    plan: str
    step: str


@dataclass(frozen=True)
class Button:
    """A button of the prompt's row (or Undo): its words, where it stands, how it looks."""
    label: str
    rect: Rect
    primary: bool = False
    hover: bool = False


@dataclass(frozen=True)
class Panel:
    """One player's strip beside the map (its counts come from the table)."""
    player: str
    name: str
    seat: str
    active: bool
    thinking: bool
    disc: str | None


@dataclass(frozen=True)
class Ghost:
    """A piece a move would put down. `breathing`: the docked plan's next step, solid on the
    pulse's upper half."""
    move: engine.Move
    mover: str | None
    solid: bool = False
    count: int = 1
    breathing: bool = False


@dataclass(frozen=True)
class Prompt:
    """The plate over the map: a decision, a wait, or a toast (tone "error" or "news"), with the
    hovered or staged move's preview line under it."""
    text: str
    tone: str = "plain"
    preview: str | None = None
    preview_colour: str = ""


@dataclass(frozen=True)
class Hints:
    """The Hint button and the docked panel: its rows, or the plan being followed."""
    button: bool = False
    open: bool = False
    rows: tuple[HintRow, ...] = ()
    thinking: bool = False
    failed: bool = False
    plan: DockedPlan | None = None


@dataclass(frozen=True)
class Tooltip:
    """A card's help ("card") or an area's standings ("standings"), by the pointer. `after`: the
    hovered or staged move whose result the standings show (None: the position now); `gains`: a
    scoring card's gains may show (not while an animation has still to show the position)."""
    kind: str
    subject: str
    at: Point
    after: str | None = None
    gains: bool = True


@dataclass(frozen=True)
class Frame:
    """One picture of the match screen (see the module docstring). `position` is the source's
    version and viewer (what the View-drawn parts depend on); `table` the board's snapshot
    (game/present/table.py); `overlay` the mode's own stage."""
    mode: str
    caption: str
    position: tuple[int, str | None]
    language: str
    table: tuple[object, ...]
    overlay: tuple[object, ...]
    turn: str | None
    targets: frozenset[str]
    hover: Point | None
    hover_area: str | None
    focus_area: str | None
    ghosts: tuple[Ghost, ...]
    panels: tuple[Panel, ...]
    selectable_cards: frozenset[str]
    card_in_play: str | None
    staged_card: str | None
    log: tuple[str, ...]
    log_state: tuple[object, ...]
    prompt: Prompt
    buttons: tuple[Button, ...]
    undo: Button | None
    hints: Hints
    banner: tuple[str, int]
    summary: ScoreSummary | None
    tooltip: Tooltip | None
    marks: bool
    connection: str = ""        # an online table's connection trouble, as a banner (else "")
    clear: tuple[Rect, ...] = ()    # what no tooltip may cover (a lesson's pointed target)
    pulse: float = field(default=0.0, compare=False)
    clock: float = field(default=0.0, compare=False)
