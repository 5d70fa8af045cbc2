"""Castell's replay viewer: a finished or saved game stepped through move by move on the Castell
table drawn read-only, with the game log as the table printed it at that move, the move's own
lines marked.

Keys: ←/→ one move, Home/End the start/end, PgUp/PgDn the previous/next round, Space or Enter
play/pause, Escape back; a click on a round of the top bar's track goes to that round's start.
The positions come from game/match/castell_replay.py (the record replayed once, every move
checked); the transport is the one El Grande's replay uses (game/present/replay_transport.py).
What the screen shows is a frame (`ReplayFrame`): the app draws each step as soon as it differs.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.match.castell_replay import CastellReplay
from game.present import castell_screen as model
from game.present.castell_look import TableLook
from game.present.replay_transport import Transport
from game.render import castell_overlays, style
from game.render.castell_table import paint_table
from game.scenes import navigation
from game.shell import input as inp
from game.shell import layout as screen
from game.shell.castell_layout import CastellLayout
from game.shell.focus import Target, of_rects
from game.shell.i18n import language, t
from game.shell.scene import Context, Scene, Transition

LOG_LINES = 60
@dataclass(frozen=True)
class ReplayFrame:
    """One picture of the viewer: the table's frame (read-only: no lit targets, the transport as
    its buttons), the language, and whether the pointer is on Back."""
    table: model.Frame
    language: str
    back_hover: bool


class CastellReplayScene(Scene):
    name = "castell_replay"

    def __init__(self, ctx: Context, replay: CastellReplay, position: int | None = None) -> None:
        super().__init__(ctx)
        self.replay = replay
        self.transport = Transport()
        self.hover: tuple[int, int] | None = None
        self.layout = CastellLayout.for_window((1280, 800))
        replay.seek(len(replay) if position is None else position)

    def _layout(self) -> CastellLayout:
        size = screen.current().window
        if self.layout.window != size:
            self.layout = CastellLayout.for_window(size)
        return self.layout

    # ---- moving ------------------------------------------------------------------------------
    def go(self, where: str) -> None:
        self.replay.seek(self.transport.target(where, self.replay.position, len(self.replay)))

    def go_round(self, step: int) -> None:
        """To the start of the round before (-1: this round's start first) or after (+1)."""
        here, position = self.replay.view.round, self.replay.position
        start = self.replay.round_start(here)
        target = self.replay.round_start(here + 1) if step > 0 else (start if position > start else
                                                                     self.replay.round_start(here - 1))
        self.transport.playing = False
        self.replay.seek(target)

    def toggle_play(self) -> None:
        self.replay.seek(self.transport.toggle(self.replay.position, len(self.replay)))

    def update(self, dt: float) -> Transition | None:
        if self.transport.tick(dt, self.ctx.settings.anim_speed):
            self.go("forward")
        return self.take_request()

    def poll_interval(self) -> float:
        """While playing, woken for the next move (its frame is drawn as soon as it differs)."""
        return self.transport.wait(self.ctx.settings.anim_speed)

    # ---- input -------------------------------------------------------------------------------
    focus_arrows = False     # ←/→ step through the moves

    def focus_targets(self) -> list[Target]:
        layout = self._layout()
        return of_rects([(b.id, r) for b, r in castell_overlays.button_rects(layout, self.buttons())] +
                        [("leave", layout.menu_button)])

    def handle(self, intent: inp.Intent) -> bool:
        kind = intent.kind
        if kind == inp.Kind.HOVER:
            self.hover = intent.pos
        elif kind in inp.STEP_KEYS:
            self.transport.playing = False
            self.go(inp.STEP_KEYS[kind])
        elif kind in (inp.Kind.PAGE_UP, inp.Kind.PAGE_DOWN):
            self.go_round(-1 if kind == inp.Kind.PAGE_UP else 1)
        elif kind == inp.Kind.CONFIRM:
            self.toggle_play()
        elif kind == inp.Kind.CANCEL:
            self.request(Transition.pop())
        elif kind == inp.Kind.HELP:
            self.request(Transition.push(navigation.castell_help(self.ctx)))
        elif kind == inp.Kind.CLICK:
            return self.click(intent.pos)
        else:
            return False
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        layout = self._layout()
        if layout.menu_button.collidepoint(pos):
            self.request(Transition.pop())
            return True
        for button, rect in castell_overlays.button_rects(layout, self.buttons()):
            if rect.collidepoint(pos) and button.enabled:
                if button.id == "play":
                    self.toggle_play()
                else:
                    self.transport.playing = False
                    self.go(button.id)
                self.ctx.sounds.play("click")
                return True
        for rnd, rect in enumerate(layout.round_rects(), start=1):
            if rect.collidepoint(pos) and rnd in self.replay.rounds():
                self.transport.playing = False
                self.replay.seek(self.replay.round_start(rnd))
                return True
        return False

    # ---- the frame ---------------------------------------------------------------------------
    def buttons(self) -> tuple[model.Button, ...]:
        """The transport as the table's button row (the table paints no hover on its buttons)."""
        controls = self.transport.controls(self.replay.position, len(self.replay))
        return tuple(model.Button(c.name, c.glyph, primary=c.name == "play", enabled=c.enabled) for c in controls)

    def prompt(self) -> str:
        return t("castell.replay.caption", position=self.replay.position, total=len(self.replay),
                 round=self.replay.view.round)

    def frame(self) -> ReplayFrame:
        replay = self.replay
        names = tuple(replay.name(p) for p in replay.players)
        table = model.Frame(replay.view, TableLook(names=names), self.prompt(), "plain", self.buttons(), None, None,
                            tuple(replay.lines()[-LOG_LINES:]), False, log_current=replay.current_lines())
        back = bool(self.hover and self._layout().menu_button.collidepoint(self.hover))
        return ReplayFrame(table, language(), back)

    # ---- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface, self.frame())

    def draw_frame(self, surface: pygame.Surface, frame: object) -> None:
        """Paint the frame the app just compared; changes nothing."""
        assert isinstance(frame, ReplayFrame)
        layout = self._layout()
        paint_table(surface, layout, frame.table.view, frame.table.look)
        castell_overlays.paint_chrome(surface, layout, frame.table)
        style.button(surface, layout.menu_button, t("replay.back"), hover=frame.back_hover, size=14)


navigation.SCREENS.castell_replay = CastellReplayScene
