"""The window, the clock and the frame loop around a stack of scenes.

Scenes draw straight onto the window at its real size: `game.shell.layout` is recomputed whenever the
window's size changes, scenes lay out in its UI units and `game.render.draw` turns them into
pixels, and mouse positions are turned into the same units here. Below the minimum size the
window shows a request to enlarge it instead of a cramped scene.

The window is redrawn only when something changed: input, a transition, a resize, the top
scene's frame (`Scene.frame`, a value of what it shows) differing from the one drawn last, or the
top scene asking for frames (`Scene.redraw_rate`: every frame while something moves, a few a second
for a pulse or caret, none when still; a change of rate redraws once). When nothing moves, `run()`
sleeps until input arrives or the next timed redraw is due. `step(dt)` runs one frame and is what tests and the benchmarks call with a
hand-driven clock.

A scene put under the top one by `Transition.under` (a lesson's match screen) is held: the app
runs it with the scene over it — updated first, given the input the top scene leaves, its frame
and redraw rate counted — so the layer above only observes it.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

import pygame

from game.shell import input as inp
from game.shell import display, layout, shots
from game.shell.assets import font
from game.shell.display import first_window_size, init_video
from game.shell.focus import Focus
from game.shell.i18n import t
from game.shell.scene import Scene, Transition, TransitionKind

BACKDROP = (28, 22, 18)
NOTICE_TITLE, NOTICE_TEXT = (246, 214, 128), (240, 226, 192)   # the window-too-small request
IDLE_POLL = 0.25     # seconds: how often a still scene still gets update() (AI results, timers)
TIMER_SLACK = 0.005  # seconds: a wake-up this early for a timed redraw still draws it
INPUT_SLICE = 0.012  # seconds between two looks at the event queue while waiting
REDRAW_EVENTS = (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN)


def wait_for_input(seconds: float) -> bool:
    """Sleep until an event is queued or `seconds` have passed; True when woken by an event.

    Why not pygame.event.wait(timeout): it polls SDL every millisecond while it waits (1.5% of a
    core measured on an idle screen); short sleeps between peeks cost a third of that and answer
    input within INPUT_SLICE, well inside one frame."""
    end = time.perf_counter() + seconds
    while True:
        pygame.event.pump()
        if pygame.event.peek():
            return True
        left = end - time.perf_counter()
        if left <= 0:
            return False
        time.sleep(min(INPUT_SLICE, left))


class App:
    """Owns the display and the scene stack; applies transitions returned by scenes."""

    # The error screen's hook: the scenes are above the shell, so game/scenes/crash.py sets it when
    # the scenes load (game/scenes/__init__.py); without it an unexpected exception is raised.
    recover: ClassVar[Callable[["App", Exception], bool] | None] = None

    def __init__(self, first: Scene, size: tuple[int, int] | None = layout.LOGICAL, fullscreen: bool = False,
                 screenshots: Path | None = None, fps: int = 60) -> None:
        """`size` None: the window as the player last left it (settings), within the desktop."""
        init_video()
        pygame.font.init()
        pygame.display.set_caption("El Grande")
        self.fps = fps
        self.fullscreen = fullscreen
        self.settings = first.ctx.settings
        self._opened_with = self.settings.window
        if size is None:
            size = first_window_size(self.settings.window, layout.LOGICAL, layout.MINIMUM, self.settings.desktop)
        self.windowed = size      # the window's size out of fullscreen (what settings remember)
        self.window = self._open_window(size)
        layout.use(self.window.get_size())
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.held: set[Scene] = set()           # scenes run under the scene over them (Transition.under)
        self.history: list[str] = []
        self.focus = Focus()
        self.frame_times: list[float] = []   # one per frame drawn
        self.running = True
        self.screenshots = screenshots
        self._shot_due = False
        self._shots = shots.last_number(screenshots) if screenshots else 0   # numbering goes on
        self._dirty = True
        self.drawn_frame: object = None         # the running scenes' frame when the window was drawn last
        self._parts: dict[Scene, object] = {}    # each running scene's part of it
        self._last_rate = math.inf
        self._since_draw = 0.0
        self._push(first)

    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        flags = pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE
        return pygame.display.set_mode((0, 0) if self.fullscreen else size, flags)

    @property
    def surface(self) -> pygame.Surface:
        """What was drawn last (the window itself: scenes draw at its real size)."""
        return self.window

    # ---- coordinates --------------------------------------------------------------------------
    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window pixel in UI units (the pixel's centre, so it hits exactly what covers it)."""
        scale = layout.current().scale
        return (int((pos[0] + 0.5) / scale), int((pos[1] + 0.5) / scale))

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Inverse of to_logical: where to post a mouse event to hit a point in UI units (tests)."""
        scale = layout.current().scale
        return (int((pos[0] + 0.5) * scale), int((pos[1] + 0.5) * scale))

    # ---- scene stack --------------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        return self.stack[-1]

    def driven(self) -> list[Scene]:
        """The scenes the frame loop runs, bottom first: the top one and the held scenes right
        under it (a lesson's match screen)."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first - 1] in self.held:
            first -= 1
        return self.stack[first:]

    def handle(self, intent: inp.Intent) -> bool:
        """Give an intent to the top scene; one it leaves goes on to the held scene under it."""
        return any(scene.handle(intent) for scene in reversed(self.driven()))

    def redraw_rate(self) -> float:
        return max(scene.redraw_rate() for scene in self.driven())

    def poll_interval(self) -> float:
        return min(scene.poll_interval() for scene in self.driven())

    def _pop(self) -> Scene:
        scene = self.stack.pop()
        self.held.discard(scene)
        scene.exit()
        return scene

    def _push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()
        self._entered(scene)

    def _entered(self, scene: Scene) -> None:
        self.history.append(scene.name)
        self._shot_due = True
        self._dirty = True

    def apply(self, transition: Transition) -> None:
        if transition.kind is TransitionKind.QUIT:
            self.running = False
        elif transition.kind is TransitionKind.PUSH and transition.scene:
            self._push(transition.scene)
        elif transition.kind is TransitionKind.POP:
            self._pop()
            if not self.stack:
                self.running = False
                return
            self.stack[-1].resume()
            self._entered(self.stack[-1])
        elif transition.kind is TransitionKind.RESET and transition.scene:
            while self.stack:
                self._pop()
            self._push(transition.scene)
        elif transition.kind is TransitionKind.UNDER and transition.scene:
            top = self.stack.pop()
            if transition.swap and self.stack:
                self._pop()
            self.stack += [transition.scene, top]
            self.held.add(transition.scene)
            transition.scene.enter()
            self._dirty = True
        elif transition.kind is TransitionKind.REPLACE and transition.scene:
            self._pop()
            self.stack.append(transition.scene)
            transition.scene.enter()
            self._entered(transition.scene)

    # ---- frame --------------------------------------------------------------------------------
    def step(self, dt: float) -> bool:
        """One frame; an unexpected exception hands over to the error screen (game/scenes/crash.py)
        instead of ending the program. Returns False once the app should stop."""
        try:
            return self._frame(dt)
        except Exception as exc:  # noqa: BLE001 - the frame loop's last line of defence
            if App.recover is None:
                raise
            return App.recover(self, exc)

    def _frame(self, dt: float) -> bool:
        """Input, update, and a redraw if anything changed."""
        started = time.perf_counter()
        self._follow_window()
        for event in pygame.event.get():
            if event.type in REDRAW_EVENTS:
                self._dirty = True
            intent = inp.translate(event, self.to_logical, self.scene.text_entry)
            if intent is None:
                continue
            self._dirty = True
            if intent.kind == inp.Kind.QUIT:
                self.running = False
            elif intent.kind == inp.Kind.FULLSCREEN:
                self.toggle_fullscreen()
            elif intent.kind == inp.Kind.RESIZE:
                self._follow_window()
            elif not layout.current().too_small:   # nothing to click on a window too small to show it
                self.focus.dispatch(self.scene, intent, self.handle)
        if not self.running:
            return False
        for scene in self.driven():     # a held scene first: the layer over it sees it updated
            transition = scene.update(dt)
            if transition:
                self.apply(transition)
                break
        if not self.running:
            return False
        if self.history and self.scene.name != self.history[-1]:
            self._entered(self.scene)     # a screen that changed its mode (the match screen's phases)
        if self.focus.follow(self.scene, self.handle):
            self._dirty = True
        self._sync_fullscreen()
        rate = self.redraw_rate()
        self._parts = {scene: scene.frame() for scene in self.driven()}
        parts = list(self._parts.values())
        frame = parts[0] if len(parts) == 1 else tuple(parts)
        self._since_draw += dt
        # a change of rate is a change of state (a message timed out, the lit regions went out)
        if self._dirty or (frame is not None and frame != self.drawn_frame) or rate != self._last_rate \
                or rate == math.inf or self._until_redraw(rate) <= TIMER_SLACK:
            self.draw(frame)
            self.drawn_frame = frame
            self.frame_times.append(time.perf_counter() - started)
        self._last_rate = rate
        return True

    def _until_redraw(self, rate: float) -> float:
        """Seconds until a scene redrawn `rate` times a second is due again (inf when still)."""
        return math.inf if rate <= 0 else 1 / rate - self._since_draw

    def _follow_window(self) -> None:
        """Recompute the layout when the window's size changed (resize, fullscreen); a windowed
        size is noted in the settings, saved when the app ends."""
        size = self.window.get_size()
        if layout.current().window != size:
            layout.use(size)
            self._dirty = True
        if not self.fullscreen and size != self.windowed:
            self.windowed = size
            self.settings.window = f"{size[0]}x{size[1]}"
            desktop = display.desktop_size()
            self.settings.desktop = f"{desktop[0]}x{desktop[1]}" if desktop else ""

    def draw(self, frame: object = None) -> None:
        """Paint the stack; `frame`, when given, is the running scenes' frame just compared (each
        part is painted as it is, not built again)."""
        self._dirty = False
        self._since_draw = 0.0
        if layout.current().too_small:
            self.draw_too_small()
        else:
            first = len(self.stack) - 1
            while first > 0 and not self.stack[first].opaque:
                first -= 1
            parts = self._parts if frame is not None else {}
            for scene in self.stack[first:]:
                part = parts.get(scene)
                if part is not None:
                    scene.draw_frame(self.window, part)
                else:
                    scene.draw(self.window)
            ring = self.focus.shown(self.scene)
            if ring is not None:
                self.scene.draw_focus(self.window, ring)
        pygame.display.flip()
        if self._shot_due and self.screenshots:
            self._shots += 1
            shots.save(self.window, self.screenshots / f"{self._shots:03d}-{self.scene.name}.png")
        self._shot_due = False

    def draw_too_small(self) -> None:
        """Below the minimum size: ask for a bigger window, in text a person can read (in window
        pixels: the UI units are what no longer fits)."""
        self.window.fill(BACKDROP)
        width, height = layout.MINIMUM
        x, y = self.window.get_rect().center
        for line, size, bold, colour, dy in ((t("window.too_small"), 20, True, NOTICE_TITLE, -14),
                                             (t("window.minimum", width=width, height=height), 14, False,
                                              NOTICE_TEXT, 14)):
            image = font(size, bold, "serif" if bold else "sans").render(line, True, colour)
            self.window.blit(image, image.get_rect(center=(x, y + dy)))

    def toggle_fullscreen(self) -> None:
        """F11: flip the setting; `_sync_fullscreen` reopens the window at the next frame."""
        settings = self.scene.ctx.settings
        settings.fullscreen = not settings.fullscreen
        if not settings.save():
            self.scene.ctx.notices.append(t("settings.save_failed", error=settings.save_error))

    def _sync_fullscreen(self) -> None:
        wanted = self.scene.ctx.settings.fullscreen
        if wanted != self.fullscreen:
            self.fullscreen = wanted
            self.window = self._open_window(self.windowed)
            self._follow_window()

    def run(self) -> None:
        """The real-time loop: `fps` frames a second while something moves; otherwise it sleeps
        until input arrives or the top scene's next redraw (or update poll) is due. The scenes
        are exited however the loop ends (Ctrl+C included)."""
        try:
            while self.running:
                rate = self.redraw_rate()
                if self._dirty or rate == math.inf or rate != self._last_rate:
                    dt = min(self.clock.tick(self.fps) / 1000.0, 0.1)
                else:
                    woken = wait_for_input(min(IDLE_POLL, self.poll_interval(), self._until_redraw(rate)))
                    dt = self.clock.tick() / 1000.0
                    if woken:
                        dt = min(dt, 1 / self.fps)   # what the input starts moves from its first frame
                if not self.step(dt):
                    break
        finally:      # Ctrl+C and SIGTERM end here too: scenes close their connections, workers end
            for scene in reversed(self.stack):
                scene.exit()
            self.remember_window_size()
            pygame.quit()

    def remember_window_size(self) -> None:
        """Save the window's last size for the next start (a refused write is not worth a word
        as the window closes: the size is only a convenience)."""
        if self.settings.window != self._opened_with:
            self.settings.save()
