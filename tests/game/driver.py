"""A scripted player for client tests: posts real pygame events at on-screen targets taken from
the layout module and the scenes' own hit boxes, and steps the app with a hand-driven clock."""
from __future__ import annotations

import math
import random
from pathlib import Path

import pygame

from game.shell import layout
from game.shell.app import App
from game.shell.assets import Sounds
from game.shell.scene import Context, Scene
from game.shell.settings import Settings

FRAME = 1 / 30


def make_context(speed: float = 40.0, seed: int | None = 11) -> Context:
    return Context(Settings(anim_speed=speed, mute=True), Sounds(mute=True), {"seed": seed})


class Driver:
    """`paint_every` > 1 is for long scripted games that look at no pixels: the app still decides
    each frame what to draw (its `drawn_frame` follows every change), but the window is painted
    only at a change of screen and at every `paint_every`-th draw, so the painting code still runs
    in every phase the game goes through while the frames of a game cost a fraction of the time."""

    def __init__(self, first: Scene, size: tuple[int, int] = layout.LOGICAL, shots: Path | None = None,
                 paint_every: int = 1) -> None:
        self.app = App(first, size, screenshots=shots)
        if paint_every > 1:
            self._paint_sampled(paint_every)

    def _paint_sampled(self, every: int) -> None:
        paint = self.app.draw
        skipped = 0
        painted_screen = ""

        def draw(frame: object = None) -> None:
            nonlocal skipped, painted_screen
            skipped += 1
            if skipped >= every or self.app.scene.name != painted_screen:
                skipped, painted_screen = 0, self.app.scene.name
                paint(frame)
        self.app.draw = draw  # type: ignore[method-assign]

    @property
    def scene(self) -> Scene:
        return self.app.scene

    def step(self, frames: int = 1) -> None:
        """Advance frames; an AI seat that is thinking is waited for first, so a test's frame
        count never depends on how fast the machine runs the AI worker."""
        for _ in range(frames):
            match = getattr(self.app.scene, "match", None)
            if match is not None:
                match.wait_for_ai()
            if not self.app.step(FRAME):
                return

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        window = self.app.to_window(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=window, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window, button=button))
        self.step()

    def hover(self, pos: tuple[int, int]) -> None:
        """Move the mouse to a logical point (no click)."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=self.app.to_window(pos), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        self.step()

    def ctrl_z(self) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, unicode="z", mod=pygame.KMOD_LCTRL,
                                             scancode=0))
        self.step()

    def key(self, key: int, text: str = "", mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=mod, scancode=0))
        self.step()

    def focus_on(self, wanted, limit: int = 60) -> bool:
        """Press Tab (or Shift+Tab, whichever is shorter) until the keyboard focus is on the
        target whose key is `wanted`; False when it never gets there."""
        focus = self.app.focus
        for _ in range(limit):
            if focus.keyboard and focus.key == wanted:
                return True
            keys = [t.key for t in self.scene.focus_targets()]
            if not focus.keyboard or wanted not in keys or focus.key not in keys:
                self.key(pygame.K_TAB)
                continue
            ahead = (keys.index(wanted) - keys.index(focus.key)) % len(keys)
            back = ahead > len(keys) // 2
            self.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT if back else 0)
        return focus.keyboard and focus.key == wanted

    def past_key_guard(self) -> None:
        """Wait out the play scenes' guard (no key commits a step in its first KEY_GUARD seconds),
        as a player reading the new prompt would."""
        from game.scenes.match_screen.input import KEY_GUARD

        def guarded() -> bool:
            scene = self.scene
            return hasattr(scene, "step_clock") and scene.clock - scene.step_clock < KEY_GUARD
        self.until(lambda: not guarded(), limit=math.ceil(KEY_GUARD / FRAME) + 1)

    def until(self, predicate, limit: int = 3000) -> bool:
        for _ in range(limit):
            if predicate():
                return True
            self.step()
        return predicate()


def human_target(scene, rng: random.Random, prefer: str | None = None) -> tuple[int, int] | None:
    """Where a human would click now to make some legal choice: a power card, an action card,
    a lit area or a button — all positions come from the layout the scene draws with — or to
    dismiss a scoring summary."""
    if getattr(scene, "summary", None) is not None:
        return layout.current().map_rect.center      # a scoring summary is up: click it away
    if not hasattr(scene, "picker") or not scene.my_turn():
        return None
    scene.refresh_picker()
    confirm = [rect.center for rect, choice in scene.choice_buttons() if choice.verb == "confirm"]
    if confirm:
        return confirm[0]            # a staged move: confirm it
    picker = scene.picker
    options: list[tuple[int, int]] = []
    for value in picker.values("power"):
        options.append(layout.hand_rects()[int(value) - 1].center)
    for card in picker.values("card"):
        for rect, offered in zip(layout.card_rects(len(scene.table.offer)), scene.table.offer):
            if offered == card:
                options.append(rect.center)
    if prefer in picker.areas():
        return layout.area_point(prefer)
    for area in sorted(picker.areas()):
        options.append(layout.area_point(area))
    buttons = scene.choice_buttons()
    done = [rect.center for rect, choice in buttons if choice.verb in ("done", "skip")]
    options += [rect.center for rect, choice in buttons if choice.verb not in ("done", "skip")]
    if done and (not options or rng.random() < 0.3):
        return rng.choice(done)
    return rng.choice(options) if options else None



AVOIDED = ("undo", "hint", "hint_row")   # a scripted player never takes back or asks the advisor


def keyboard_turn(driver: Driver, rng: random.Random) -> bool:
    """One key-only decision of a human, if one is open now: a scoring summary is read away with
    Enter; else one of the scene's focus targets is chosen (a staged move's Confirm first, Done or
    Skip now and then), reached with Tab / Shift+Tab and taken with Enter. False: nothing to do."""
    scene = driver.scene
    if getattr(scene, "summary", None) is not None:
        driver.key(pygame.K_RETURN)
        return True
    if not hasattr(scene, "picker") or not scene.my_turn():
        return False
    targets = [t.key for t in scene.focus_targets() if t.key[0] not in AVOIDED]
    if not targets:
        return False
    confirm = [k for k in targets if k[0] == "confirm"]
    done = [k for k in targets if k[0] == "choice" and k[1] in ("done", "skip")]
    others = [k for k in targets if k not in done]
    if confirm:
        goal = confirm[0]
    elif done and (not others or rng.random() < 0.3):
        goal = rng.choice(done)
    else:
        goal = rng.choice(others)
    assert driver.focus_on(goal), f"Tab never reached {goal}"
    driver.past_key_guard()
    driver.key(pygame.K_RETURN)
    return True
