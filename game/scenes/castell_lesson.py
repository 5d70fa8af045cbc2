"""Learn Castell: a layer over the Castell table with the lesson's panel docked under the boards.

Why a layer: the lesson runs the real table (its lit targets, buttons, tower builder and festival
results) unchanged, held under this layer in the app's stack (`Transition.under`), which gets the
input the layer leaves. The layer only reads the table's public state and adds the panel (game/tutorial/panel.py) with the step's text,
a gold frame on what the step talks about, a white ring on where to click for the asked move,
the opponent's scripted moves paced so they can be watched, and Continue. A move the step does
not ask for is refused by the match with a nudge (game/tutorial/castell_match.py), a staged one
dropped at once. The step reached is saved, so the lesson resumes there; once finished, the
title menu offers it below Challenges, beside El Grande's.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, cast

import pygame

from engine.castell.position import FESTIVAL
from game.present import castell_builder as bmodel
from game.present import castell_screen as model
from game.present.castell_turn import SPECIAL
from game.render import castell_builder as bpanel
from game.render import castell_overlays, draw, style
from game.scenes import navigation
from game.shell import input as inp
from game.shell.castell_layout import CastellLayout
from game.shell.focus import Target
from game.shell.i18n import language, t
from game.shell.scene import PULSE, Context, Scene, Transition
from game.tutorial.castell_lesson import PROGRESS_FILE, CastellLesson
from game.tutorial.castell_match import CastellLessonMatch
from game.tutorial.castell_targets import element_rect, region_outline, ring_position
from game.tutorial.panel import PanelText, continue_button, footer, outlined_frame, paint_panel
from game.tutorial.progress import Progress, load_progress, save_progress

if TYPE_CHECKING:
    from game.scenes.castell_play import CastellScene     # the held table's type only

TEXT_LINES = 4
PANEL_H = 178
SCRIPT_SECONDS = 0.7        # between two of the opponent's scripted moves, at animation speed 1
SPOT = 44                   # the white ring on a region's label
RING_ROOM = 12              # the white ring's pulse around what to click: no tooltip covers it (CastellScene.keep_clear)


def panel_rect(layout: CastellLayout) -> pygame.Rect:
    """The lesson panel: at the foot of the side column, over the game log's lower part."""
    side = layout.panel_rect
    return pygame.Rect(side.x, side.bottom - PANEL_H, side.width, PANEL_H)


class CastellLessonScene(Scene):
    """The lesson from step `index` (see the module docstring)."""

    name = "castell_lesson"
    opaque = False          # the table, under it in the stack, shows through

    def __init__(self, ctx: Context, lesson: CastellLesson, index: int = 0) -> None:
        super().__init__(ctx)
        index = min(max(index, 0), lesson.total - 1)
        self.lesson = lesson
        self.match = CastellLessonMatch(lesson, index)
        self.table = cast("CastellScene", navigation.castell_table(ctx, self.match))
        self.table.builder_room = PANEL_H + 6
        self.table.ai_pause = SCRIPT_SECONDS / max(ctx.settings.anim_speed, 0.1)
        self.request(Transition.under(self.table, swap=False))
        self.hover: tuple[int, int] | None = None
        self.clock = 0.0
        self.save(index)

    @property
    def ui(self) -> model.Ui:
        return self.table.ui

    def layout(self) -> CastellLayout:
        return self.table.table_layout()

    # ---- the lesson's course --------------------------------------------------------------------
    def save(self, index: int, done: bool | None = None) -> None:
        finished = load_progress(PROGRESS_FILE).done if done is None else done
        save_progress(Progress(index, finished), PROGRESS_FILE)

    def advance(self) -> None:
        """To the next step, or the end of the lesson (back to the title, finished)."""
        match = self.match
        if match.index + 1 >= self.lesson.total:
            self.save(0, done=True)
            self.request(Transition.reset(navigation.title(self.ctx)))
            return
        if self.ui.results is not None:          # Continue also closes a festival's results
            self.table.close_results()
        match.next_step()
        self.save(match.index)

    def shown_text(self) -> str:
        step, match = self.match.step, self.match
        value = step.notice if match.moves_done and step.notice else step.say
        return value.get(language()) or value["en"]

    def can_continue(self) -> bool:
        return self.match.needs_continue and self.table.wheel == 0 and not self.table.showing()

    def update(self, dt: float) -> Transition | None:
        """After the table's own update (the app runs it first): a staged move the step does not
        ask for is dropped, a refusal sounds, a step whose moves are made moves on (or waits for
        Continue)."""
        self.clock += dt
        match = self.match
        staged = self.ui.staged
        if staged is not None and not self.on_the_way() and (nudge := match.nudge_for(str(staged))):
            self.table.ui = model.Ui(mode=self.ui.mode, refusal=nudge)
            match.nudge, match.nudged = nudge, True
        if match.nudged:
            match.nudged = False
            self.ctx.sounds.play("error")
        if match.moves_done and not match.needs_continue:
            self.advance()
        spot = self.click_spot(self.table.table_frame()) if self.ui.results is None else None
        if spot is not None:
            spot = spot.inflate(RING_ROOM, RING_ROOM)
        self.table.keep_clear = () if spot is None else ((spot.x, spot.y, spot.width, spot.height),)
        return self.take_request()

    def on_the_way(self) -> bool:
        """Castellers picked so far are part of the asked recruit (its first click stages a
        recruit of one, which the second click completes)."""
        asked, picked = self.asked(), [str(size) for size in self.ui.picked]
        if asked is None or not picked or asked.split()[0] != "recruit":
            return False
        wanted = asked.split()[1:]
        return all(picked.count(size) <= wanted.count(size) for size in picked) and len(picked) < len(wanted)

    # ---- input --------------------------------------------------------------------------------
    def handle(self, intent: inp.Intent) -> bool:
        """The lesson's own input: Continue, and clicks on its panel; the rest goes on to the table."""
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
            return False           # the table follows the pointer too
        panel = panel_rect(self.layout())
        if self.can_continue() and (intent.kind == inp.Kind.CONFIRM or (
                intent.kind == inp.Kind.CLICK and continue_button(panel).collidepoint(intent.pos))):
            self.ctx.sounds.play("click")
            self.advance()
            return True
        if intent.kind == inp.Kind.CLICK and panel.collidepoint(intent.pos):
            return True                   # the panel lies over the log: clicks on it go nowhere else
        return False

    def focus_targets(self) -> list[Target]:
        """Continue while a step waits to be read, else the table's targets, the ring going to
        where the white ring says to click (so Enter after Enter walks the lesson)."""
        if self.can_continue():
            return [Target("continue", continue_button(panel_rect(self.layout())))]
        spot = self.click_spot(self.table.table_frame())
        return [replace(t, default=t.rect == spot) for t in self.table.focus_targets()]

    # ---- where the step points --------------------------------------------------------------------
    def pointed(self) -> pygame.Rect | None:
        point = self.match.step.point
        if point is None:
            return None
        return element_rect(point, self.layout(), self.match.view(), self.match.players[0], self.table.builder_rect(),
                            self.ui.builder)

    def asked(self) -> str | None:
        """The move the learner is asked for now (None while it is not his to make)."""
        match = self.match
        if match.moves_done or match.human_to_move is None or self.ui.results is not None:
            return None
        return match.expected()

    def click_spot(self, frame: model.Frame) -> pygame.Rect | None:
        """Where the next click of the asked move goes: a lit target, a button, the builder's
        Confirm (None: nothing asked now)."""
        asked = self.asked()
        if asked is None:
            return None
        layout = self.layout()
        buttons = {b.id: r for b, r in castell_overlays.button_rects(layout, frame.buttons) if b.enabled}
        if self.ui.builder is not None:
            return bpanel.target_rect(self.table.builder_rect(), self.ui.builder, bmodel.Button("confirm"))
        if self.ui.staged is not None and not self.on_the_way():
            return buttons.get("confirm")
        lit = dict(castell_overlays.lit_rects(layout, frame))
        view = frame.view
        verb, *args = asked.split()
        if verb in ("place", "move"):
            return lit.get(f"region:{args[0]}")
        if verb == "recruit":
            left = list(args)
            for size in self.ui.picked:
                if str(size) in left:
                    left.remove(str(size))
            return lit.get(f"casteller:{left[0]}") if left else buttons.get("confirm")
        if verb == "train":
            region = view.region_of(view.players[view.to_move_idx]) or "all"
            for key in (region, "all"):
                position = ring_position(view, key)
                if view.ring[position] == args[0]:
                    return lit.get(f"skill:{position}")
            return None
        if verb == "special" and args[0] == "perform":
            return lit.get(f"tile:{args[1]}") if model.mode_of(view, self.ui) == SPECIAL else buttons.get("special")
        if verb == "done":
            return buttons.get("done")
        if verb == "tower" and view.phase == FESTIVAL:
            return buttons.get("build")
        return None

    # ---- frame and drawing ----------------------------------------------------------------------
    def redraw_rate(self) -> float:
        """The pulses on what the step points at (the app adds the table's own rate)."""
        return PULSE

    def frame(self) -> object:
        """The lesson panel's state and where its pulses stand (the app adds the table's frame)."""
        match = self.match
        boxes = tuple(None if r is None else tuple(r) for r in (self.pointed(), self.click_spot(self.table.table_frame())))
        return (match.index, match.made, match.nudge, self.can_continue(), self.hover, boxes, round(self.pulse(), 1))

    def draw(self, surface: pygame.Surface) -> None:
        """Over the table (drawn under it by the app): the pulses, never over a festival's
        results, then the panel."""
        if self.ui.results is None:
            self.draw_pointed(surface)
            self.draw_spot(surface, self.table.table_frame())
        self.draw_panel(surface)

    def pulse(self) -> float:
        return 0.5 + 0.5 * math.sin(self.clock * 2 * math.pi / 1.4)

    def draw_pointed(self, surface: pygame.Surface) -> None:
        """A pulsing gold frame around what the step talks about (a region: its own border)."""
        rect = self.pointed()
        if rect is None:
            return
        pulse = self.pulse()
        colour = style.shade(style.HIGHLIGHT, 0.8 + 0.2 * pulse)
        width = 3 + round(2 * pulse)
        point = self.match.step.point or ""
        if point.startswith("region:"):
            outline = region_outline(self.layout(), point.partition(":")[2])
            draw.polygon(surface, style.WOOD_DARK, outline, width + 3)
            draw.polygon(surface, colour, outline, width)
            return
        grow = 10 + round(4 * pulse)
        outlined_frame(surface, rect.inflate(grow, grow), colour, width)

    def draw_spot(self, surface: pygame.Surface, table: model.Frame) -> None:
        """A smaller white pulse on exactly what to click."""
        rect = self.click_spot(table)
        if rect is None:
            return
        grow = 6 + round(4 * self.pulse())
        outlined_frame(surface, rect.inflate(grow, grow), style.WHITE, 3)

    def draw_panel(self, surface: pygame.Surface) -> None:
        match = self.match
        hint, ink, button = footer(match, self.lesson.total, self.can_continue(), match.human_to_move is not None)
        words = PanelText(t("castell.lesson.title"), t("tutorial.step", step=match.index + 1, total=self.lesson.total),
                          self.shown_text(), hint, ink, button)
        paint_panel(surface, panel_rect(self.layout()), words, TEXT_LINES, self.hover)


navigation.SCREENS.castell_lesson = CastellLessonScene
