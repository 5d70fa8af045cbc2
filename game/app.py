"""The window, the clock and the frame loop around a stack of scenes.

Everything is drawn on a 1280x800 logical surface, then scaled (letterboxed) into the resizable
window; mouse positions are mapped back, so scenes only ever see logical coordinates. `step(dt)`
runs one frame and is what tests and the benchmark call with a hand-driven clock.
"""
from __future__ import annotations

import time
from pathlib import Path

import pygame

from game import input as inp
from game.i18n import t
from game.layout import LOGICAL
from game.scene import Scene, Transition

BACKDROP = (28, 22, 18)


class App:
    """Owns the display and the scene stack; applies transitions returned by scenes."""

    def __init__(self, first: Scene, size: tuple[int, int] = LOGICAL, fullscreen: bool = False,
                 screenshots: Path | None = None, fps: int = 60) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("El Grande")
        self.fps = fps
        self.fullscreen = fullscreen
        self.window = self._open_window(size)
        self.surface = pygame.Surface(LOGICAL)
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.history: list[str] = []
        self.frame_times: list[float] = []
        self.running = True
        self.screenshots = screenshots
        self._shot_due = False
        self._shots = 0
        self._push(first)

    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        flags = pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE
        return pygame.display.set_mode((0, 0) if self.fullscreen else size, flags)

    # ---- coordinates --------------------------------------------------------------------------
    def _viewport(self) -> pygame.Rect:
        """Where the logical surface lands inside the window (aspect kept, centred)."""
        ww, wh = self.window.get_size()
        scale = min(ww / LOGICAL[0], wh / LOGICAL[1])
        w, h = int(LOGICAL[0] * scale), int(LOGICAL[1] * scale)
        return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        view = self._viewport()
        x = (pos[0] - view.x) * LOGICAL[0] / max(view.w, 1)
        y = (pos[1] - view.y) * LOGICAL[1] / max(view.h, 1)
        return (int(x), int(y))

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        """Inverse of to_logical: where to post a mouse event to hit a logical point (tests)."""
        view = self._viewport()
        return (int(view.x + (pos[0] + 0.5) * view.w / LOGICAL[0]),
                int(view.y + (pos[1] + 0.5) * view.h / LOGICAL[1]))

    # ---- scene stack --------------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        return self.stack[-1]

    def _push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()
        self._entered(scene)

    def _entered(self, scene: Scene) -> None:
        self.history.append(scene.name)
        self._shot_due = True

    def apply(self, transition: Transition) -> None:
        if transition.kind == "quit":
            self.running = False
        elif transition.kind == "push" and transition.scene:
            self._push(transition.scene)
        elif transition.kind == "pop":
            self.stack.pop().exit()
            if not self.stack:
                self.running = False
                return
            self.stack[-1].resume()
            self._entered(self.stack[-1])
        elif transition.kind == "reset" and transition.scene:
            while self.stack:
                self.stack.pop().exit()
            self._push(transition.scene)
        elif transition.kind == "replace" and transition.scene:
            self.stack.pop().exit()
            self.stack.append(transition.scene)
            transition.scene.enter()
            self._entered(transition.scene)

    # ---- frame --------------------------------------------------------------------------------
    def step(self, dt: float) -> bool:
        """One frame; an unexpected exception hands over to the error screen (game/crash.py)
        instead of ending the program. Returns False once the app should stop."""
        try:
            return self._frame(dt)
        except Exception as exc:  # noqa: BLE001 - the frame loop's last line of defence
            from game.crash import recover
            return recover(self, exc)

    def _frame(self, dt: float) -> bool:
        """Input, update, draw, present."""
        started = time.perf_counter()
        for event in pygame.event.get():
            intent = inp.translate(event, self.to_logical, self.scene.text_entry)
            if intent is None:
                continue
            if intent.kind == inp.QUIT:
                self.running = False
            elif intent.kind == inp.FULLSCREEN:
                self.toggle_fullscreen()
            elif intent.kind != inp.RESIZE:
                self.scene.handle(intent)
        if not self.running:
            return False
        transition = self.scene.update(dt)
        if transition:
            self.apply(transition)
        if not self.running:
            return False
        self._sync_fullscreen()
        self.draw()
        self.frame_times.append(time.perf_counter() - started)
        return True

    def draw(self) -> None:
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(self.surface)
        self.present()
        if self._shot_due and self.screenshots:
            self._shots += 1
            self.screenshots.mkdir(parents=True, exist_ok=True)
            name = f"{self._shots:03d}-{self.scene.name}.png"
            pygame.image.save(self.surface, str(self.screenshots / name))
        self._shot_due = False

    def present(self) -> None:
        view = self._viewport()
        if view.size == LOGICAL:
            self.window.blit(self.surface, view.topleft)
        else:
            self.window.fill(BACKDROP)
            self.window.blit(pygame.transform.smoothscale(self.surface, view.size), view.topleft)
        pygame.display.flip()

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
            self.window = self._open_window(LOGICAL)

    def run(self) -> None:
        """The real-time loop at `fps` frames per second until a scene quits or the window closes."""
        while self.running:
            dt = self.clock.tick(self.fps) / 1000.0
            if not self.step(min(dt, 0.1)):
                break
        for scene in reversed(self.stack):
            scene.exit()
        pygame.quit()
