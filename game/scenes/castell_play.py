"""The Castell table: one game of Castell against AIs or with friends on one screen.

The scene keeps the UI state (game/present/castell_screen.py `Ui`), feeds input to it, lets the
match's AI seats think, and builds a frame each update; `draw` only paints the frame. Each
festival's results and the final scoring are presented over time (game/present/castell_show.py),
as El Grande's scorings are; a key or a click shows them whole, and the AIs wait. Castell
has no secrets, so pass-and-play needs no hand-off screen. Keyboard: Tab / Shift+Tab walk the lit
targets and buttons, Enter chooses or confirms, Esc cancels (or opens the pause menu), Ctrl+Z
undoes, S toggles the special action (or skips a free one).
"""
from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import replace

import pygame

from engine import castell
from engine.castell import events as ev
from engine.castell.position import FESTIVAL
from game.match.castell_source import CastellSource
from game.match.castell_replay import CastellReplay
from game.present import castell_builder as bmodel
from game.present import castell_screen as model
from game.present import castell_show
from game.present.castell_look import Target as TableTarget
from game.render import castell_builder as bpanel
from game.render import castell_overlays, draw, style
from game.render.castell_table import hit_test, paint_table
from game.render.castell_tips import paint_tip
from game.shell import input as inp
from game.scenes import navigation
from game.shell import layout as screen
from game.shell.castell_layout import CastellLayout
from game.shell.focus import Target, of_rects
from game.shell.scene import MOVING, PULSE, STILL, Context, Scene, Transition

WHEEL_SECONDS = 0.9
SKIPPING = {inp.Kind.CLICK, inp.Kind.ALT_CLICK, inp.Kind.CONFIRM, inp.Kind.SKIP, inp.Kind.NEXT, inp.Kind.PREV,
            inp.Kind.CANCEL, inp.Kind.UNDO, inp.Kind.KEY, inp.Kind.STEP_BACK, inp.Kind.STEP_FORWARD, inp.Kind.TO_START,
            inp.Kind.TO_END, inp.Kind.PAGE_UP, inp.Kind.PAGE_DOWN, inp.Kind.LOG, inp.Kind.MARKS, inp.Kind.HINT}
LOG_LINES = 60


class CastellScene(Scene):
    name = "castell"

    def __init__(self, ctx: Context, match: CastellSource) -> None:
        super().__init__(ctx)
        self.match = match
        self.ui = model.Ui()
        self.builder_look = bpanel.Look()
        self.wheel = 0.0                   # the wheel's turn still to animate (1 → 0)
        self.clock = 0.0
        self.seen_events = len(match.events)
        self.layout = CastellLayout.for_window((1280, 800))
        self.ai_pause = 0.0                # seconds between two AI moves (a lesson's scripted ones are watched)
        self.ai_wait = 0.0
        self.builder_room = 0              # units kept free under the tower builder (a lesson's panel)
        self.keep_clear: tuple[model.Box, ...] = ()     # what no tooltip may cover (a lesson's white ring)
        self.show: castell_show.Show | None = None      # a festival's results or the final scoring presented
        self.festivals: list[ev.FestivalHeld] = []      # festivals held, their results still to show
        self.end_due = False               # the game ended while watched: its final scoring is presented

    # ---- the frame -------------------------------------------------------------------------
    def names(self) -> tuple[str, ...]:
        return tuple(self.match.name(p) for p in self.match.players)

    def frame(self) -> object:
        """What the app compares to know whether to redraw (the lesson's table adds its panel)."""
        return self.table_frame()

    def table_frame(self) -> model.Frame:
        m = self.match
        pulse = 0.5 if self.modal() else 0.5 + 0.5 * math.sin(self.clock * 2 * math.pi / 1.6)
        undo = m.undo_steps() > 0 if m.has_undo else None
        return model.build_frame(m.view(), self.ui, self.names(), m.human_to_move is not None, m.thinking,
                                 undo, tuple(m.log_lines()[-LOG_LINES:]), self.wheel, round(pulse, 1), m.banner(),
                                 replayable=m.local is not None, show=self.show.stage() if self.show else None,
                                 waiting=m.waiting_text(), clear=self.keep_clear)

    def showing(self) -> bool:
        """A festival's results or the final scoring is still being presented."""
        return self.show is not None and self.show.busy

    def modal(self) -> bool:
        """A festival's results or the final scoring covers the table (it pulses no more)."""
        return self.ui.results is not None or self.match.is_over

    def redraw_rate(self) -> float:
        if self.wheel > 0 or self.builder_look.dragging is not None or self.showing():
            return MOVING
        return STILL if self.modal() else PULSE

    # ---- time ------------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | None:
        self.clock += dt
        if self.wheel > 0:
            self.wheel = max(0.0, self.wheel - dt / WHEEL_SECONDS)
        self.ai_wait = max(0.0, self.ai_wait - dt)
        if self.show is not None:
            self.show.update(dt, self.ctx.settings.anim_speed)
            for cue in self.show.cues:
                self.ctx.sounds.play(cue)
            self.show.cues.clear()
        if self.ui.results is None and not self.match.is_over and self.ai_wait == 0:
            played = len(self.match.events)
            self.match.think()
            if len(self.match.events) > played:
                self.ai_wait = self.ai_pause
        if self.ctx.notices and self.ui.refusal is None:      # a server's refusal of a move sent
            self.ui = replace(self.ui, refusal=self.ctx.notices.pop(0))
        self._take_events()
        if (lost := self.match.seat_lost()) is not None:
            return Transition.push(navigation.seat_lost(self.ctx, *lost))
        return self.take_request()

    def _take_events(self) -> None:
        """New events since the last update: the wheel's turn animates, each festival's results
        are presented in turn, then the final scoring; a festival decision opens the builder with
        the best tower."""
        new = self.match.events[self.seen_events:]
        self.seen_events = len(self.match.events)
        for event in new:
            if isinstance(event, ev.WheelTurned):
                self.wheel = 1.0
            elif isinstance(event, ev.FestivalHeld) and event.entries:
                self.festivals.append(event)
            elif isinstance(event, ev.GameOver):
                self.end_due = True
        if self.ui.results is None:
            self._present_next()
        view = self.match.view()
        if (view.phase == FESTIVAL and self.match.human_to_move and self.ui.builder is None
                and self.ui.results is None and new):
            builder = bmodel.Builder.for_festival(view, view.to_move_idx)
            self.ui = model.Ui(builder=builder.best())

    def _present_next(self) -> None:
        """The next festival's results waiting, else the final scoring once the game is over."""
        speed = self.ctx.settings.anim_speed
        if self.festivals:
            held = self.festivals.pop(0)
            self.ui = model.Ui(results=held)
            self.show = castell_show.festival(held, speed)
        elif self.end_due:
            self.end_due = False
            self.show = castell_show.final(len(self.match.players), speed)

    def close_results(self) -> None:
        """The festival's results put away (Continue), the next presentation if any."""
        self.ui = model.Ui()
        self._present_next()

    # ---- input -----------------------------------------------------------------------------
    def handle(self, intent: inp.Intent) -> bool:
        layout = self.table_layout()
        if self.showing() and intent.kind in SKIPPING:       # a key or click shows it all at once
            assert self.show is not None
            self.show.skip()
            return True
        if intent.kind == inp.Kind.HOVER:
            self._hover(intent.pos, layout)
            return True
        if intent.kind == inp.Kind.UNDO:
            return self._button("undo")
        if intent.kind == inp.Kind.HELP:
            self.request(Transition.push(navigation.castell_help(self.ctx)))
            return True
        if self.ui.builder is not None and self._builder_intent(intent, layout):
            return True
        if intent.kind == inp.Kind.CLICK:
            return self._click(intent.pos, layout)
        if intent.kind == inp.Kind.CONFIRM:
            for primary in (b for b in self.table_frame().buttons if b.primary and b.enabled):
                return self._button(primary.id)
            return False
        if intent.kind == inp.Kind.SKIP:
            ids = {b.id for b in self.table_frame().buttons if b.enabled}
            for wanted in ("skip", "special", "normal"):
                if wanted in ids:
                    return self._button(wanted)
            return False
        if intent.kind == inp.Kind.CANCEL:
            if self.ui.staged is not None or self.ui.picked or self.ui.refusal:
                return self._button("cancel")
            self.request(Transition.push(navigation.castell_pause(self.ctx, self.match.local)))
            return True
        return False

    def table_layout(self) -> CastellLayout:
        """The table's layout for the current window."""
        size = screen.current().window
        if self.layout.window != size:
            self.layout = CastellLayout.for_window(size)
        return self.layout

    def builder_rect(self) -> pygame.Rect:
        """Where the tower builder lies: the side column, but for `builder_room` at its foot."""
        rect = self.table_layout().panel_rect
        return pygame.Rect(rect.x, rect.y, rect.width, rect.height - self.builder_room)

    def _hover(self, pos: tuple[int, int], layout: CastellLayout) -> None:
        if self.ui.builder is not None:
            rect = self.builder_rect()
            part = bpanel.hit_test(rect, self.ui.builder, pos)
            self.builder_look = bpanel.Look(hover=part, dragging=self.builder_look.dragging, pointer=pos,
                                            focus=self.builder_look.focus)
            return
        target = hit_test(layout, self.match.view(), pos)        # tooltips also while others play
        if target != self.ui.hover:
            self.ui = replace(self.ui, hover=target)

    def _click(self, pos: tuple[int, int], layout: CastellLayout) -> bool:
        if self.ui.results is not None:                            # a results panel: any click goes on
            return self._button("continue")
        for button, rect in castell_overlays.frame_buttons(layout, self.table_frame()):
            if rect.collidepoint(pos):
                return self._button(button.id) if button.enabled else True
        if self.ui.results is not None or self.match.human_to_move is None:
            return False
        target: TableTarget | None = hit_test(layout, self.match.view(), pos)
        names = dict(zip(self.match.players, self.names()))
        self.ui, move = model.click_target(self.match.view(), self.ui, target, self.ctx.settings.confirm_moves, names)
        if move is not None:
            self._play(move)
        self.ctx.sounds.play("click")
        return True

    def _builder_intent(self, intent: inp.Intent, layout: CastellLayout) -> bool:
        builder = self.ui.builder
        assert builder is not None
        rect = self.builder_rect()
        if intent.kind == inp.Kind.CANCEL:
            return self._close_builder()
        if intent.kind not in (inp.Kind.CLICK, inp.Kind.DRAG, inp.Kind.RELEASE):
            return False
        target = bpanel.hit_test(rect, builder, intent.pos)
        if intent.kind == inp.Kind.DRAG:
            size = self.builder_look.dragging
            if size is None and isinstance(self.builder_look.hover, bmodel.ReserveSize):
                size = self.builder_look.hover.size
            self.builder_look = bpanel.Look(hover=target, dragging=size, pointer=intent.pos)
            return True
        if intent.kind == inp.Kind.RELEASE:
            if self.builder_look.dragging is not None:
                self._set_builder(bmodel.drop(builder, self.builder_look.dragging, target))
            self.builder_look = bpanel.Look(hover=target, pointer=intent.pos)
            return True
        if not rect.collidepoint(intent.pos):
            return False                               # the table's buttons stay usable
        if target == bmodel.Button("confirm"):
            move = builder.move()
            if move is not None:
                self._play(move)
            return True
        if target == bmodel.Button("cancel"):
            return self._close_builder()
        if target is not None:
            self._set_builder(bmodel.activate(builder, target))
        return True

    def _set_builder(self, builder: bmodel.Builder) -> None:
        self.ui = replace(self.ui, builder=builder)

    def _close_builder(self) -> bool:
        self.ui = model.Ui(mode=self.ui.mode)
        return True

    def _button(self, button_id: str) -> bool:
        ui, m = self.ui, self.match
        if button_id == "confirm" and ui.staged is not None:
            self._play(ui.staged)
        elif button_id == "cancel":
            self.ui = model.Ui(mode=ui.mode)
        elif button_id in ("special", "normal"):
            self.ui = model.Ui(mode=model.SPECIAL if button_id == "special" else model.NORMAL)
        elif button_id in ("done", "skip"):
            self._play_text(button_id)
        elif button_id == "no_tower":
            self._play_text("no tower")
        elif button_id == "build":
            view = m.view()
            self.ui = model.Ui(builder=bmodel.Builder.for_festival(view, view.to_move_idx).best())
        elif button_id == "undo":
            if m.undo():
                self.ui, self.show, self.festivals, self.end_due = model.Ui(), None, [], False
                self.seen_events = len(m.events)
        elif button_id == "continue":
            self.close_results()
            self._take_events()
        elif button_id == "title":
            self.request(Transition.reset(navigation.title(self.ctx)))
        elif button_id == "replay" and (here := m.local) is not None:
            seats = [here.seats[p] for p in here.players]
            self.request(Transition.push(navigation.castell_replay(self.ctx, CastellReplay(here.game.record(), seats), 0)))
        else:
            return False
        self.ctx.sounds.play("click")
        return True

    def _play_text(self, text: str) -> None:
        self._play(castell.parse_move(text, self.match.view().data))

    def _play(self, move: castell.Move) -> None:
        """Play a move; the UI keeps its mode within a turn and starts the next turn afresh."""
        if self.match.play(move):
            self.ui = model.Ui() if castell_turn_mode_done(self.match) else model.Ui(mode=self.ui.mode)
            self._take_events()
        else:
            self.ui = replace(self.ui, refusal=self.match.refusal())

    def pause(self) -> None:
        """Covered by a menu or a dialog: the pointer is on that now, so nothing under it stays
        hovered (no ghost piece or tooltip behind the pause menu)."""
        self.ui = replace(self.ui, hover=None)
        self.builder_look = replace(self.builder_look, hover=None, pointer=None)

    def exit(self) -> None:
        """Off the stack: an online table's connection is closed (the others see the seat gone)."""
        self.match.close()

    # ---- keyboard focus --------------------------------------------------------------------
    def focus_targets(self) -> list[Target]:
        layout = self.table_layout()
        if self.ui.builder is not None:
            rect = self.builder_rect()
            named: list[tuple[Hashable, pygame.Rect]] = [
                (("builder", t), r) for t in bmodel.focus_targets(self.ui.builder)
                if (r := bpanel.target_rect(rect, self.ui.builder, t)) is not None]
            return of_rects(named)
        frame = self.table_frame()
        named = [(("table", key), rect) for key, rect in castell_overlays.lit_rects(layout, frame)]
        named += [(("button", b.id), r) for b, r in castell_overlays.frame_buttons(layout, frame) if b.enabled]
        return of_rects(named)

    # ---- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, self.frame())

    def draw_frame(self, surface: pygame.Surface, frame: object) -> None:
        """Paint the frame the app just compared (never built twice); changes nothing."""
        assert isinstance(frame, model.Frame)
        layout = self.table_layout()
        paint_table(surface, layout, frame.view, frame.look)
        castell_overlays.paint_chrome(surface, layout, frame)
        if frame.builder is not None:
            draw.rect(surface, style.WOOD_DARK, self.builder_rect(), border_radius=10)
            bpanel.paint_builder(surface, self.builder_rect(), frame.builder, self.builder_look)
        stage = frame.show
        if frame.results is not None:
            before = castell_show.best_before(frame.view.players, self.match.events, frame.results)
            castell_overlays.paint_festival(surface, layout, frame.view, frame.results, frame.look.names,
                                            stage if isinstance(stage, castell_show.FestivalStage) else None, before)
        elif frame.over:
            castell_overlays.paint_final(surface, layout, frame, self.match.events,
                                         stage if isinstance(stage, castell_show.FinalStage) else None)
        paint_tip(surface, layout, frame)


def castell_turn_mode_done(match: CastellSource) -> bool:
    """After a move that ends the human's turn, the next one starts with the ordinary actions."""
    return match.human_to_move is None or match.view().used == 0


navigation.SCREENS.castell_table = CastellScene
