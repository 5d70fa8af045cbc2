"""New game setup: 2–5 seats (human or an AI level, name, colour), variant, Veto, Castillo mode and,
with 2 seats, the neutral colour (the 2-player game with a dummy, docs/rulings.md R4-R9)."""
from __future__ import annotations

import random
from dataclasses import replace

import pygame

from game import input as inp
from game import layout
from game.controller import Match
from game.i18n import t
from game.render import draw, style
from game.scene import CARET, STILL, Context, Scene, Transition
from game.seats import COLOURS, SEAT_KINDS, Seat

ROW_TOP = 150
ROW_H = 62


def seat_rects(i: int) -> dict[str, pygame.Rect]:
    """Hit boxes of seat row i: colour swatch, seat kind, name field, remove button."""
    y = ROW_TOP + i * ROW_H
    return {"colour": layout.in_frame(250, y, 48, 48), "kind": layout.in_frame(314, y, 230, 48),
            "name": layout.in_frame(560, y, 320, 48), "remove": layout.in_frame(896, y, 48, 48)}


def option_rects() -> dict[str, pygame.Rect]:
    return {"variant": layout.in_frame(250, 490, 250, 44), "veto": layout.in_frame(515, 490, 250, 44),
            "castillo": layout.in_frame(780, 490, 250, 44), "dummy": layout.in_frame(250, 544, 380, 44)}


def start_button() -> pygame.Rect:
    return layout.in_frame(660, 620, 300, 56)


def back_button() -> pygame.Rect:
    return layout.in_frame(320, 620, 300, 56)


def add_seat_rect(count: int) -> pygame.Rect:
    return layout.in_frame(250, ROW_TOP + count * ROW_H + 4, 230, 44)


class SetupScene(Scene):
    name = "setup"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        kinds = ["human", "normal", "normal", "normal"]
        self.seats = [Seat(COLOURS[i], kind) for i, kind in enumerate(kinds)]
        self.options = {"variant": "classic", "veto": True, "castillo": "announced", "dummy": False}
        self.editing: int | None = None
        self.hover: tuple[int, int] | None = None

    @property
    def text_entry(self) -> bool:  # type: ignore[override]
        return self.editing is not None

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.HOVER:
            self.hover = intent.pos
            return True
        if self.editing is not None and intent.kind in (inp.KEY, inp.CONFIRM, inp.CANCEL):
            return self.type_key(intent)
        if intent.kind == inp.CONFIRM:
            return self.start()
        if intent.kind == inp.CANCEL:
            return self.back()
        if intent.kind == inp.CLICK:
            return self.click(intent.pos)
        return False

    def type_key(self, intent: inp.Intent) -> bool:
        seat = self.seats[self.editing]
        if intent.kind in (inp.CONFIRM, inp.CANCEL):
            self.editing = None
        elif intent.key == pygame.K_BACKSPACE:
            self.seats[self.editing] = replace(seat, name=seat.name[:-1])
        elif intent.text and intent.text.isprintable() and len(seat.name) < 14:
            self.seats[self.editing] = replace(seat, name=seat.name + intent.text)
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        self.editing = None
        for i, seat in enumerate(self.seats):
            rects = seat_rects(i)
            if rects["colour"].collidepoint(pos):
                self.seats[i] = replace(seat, player=self.next_colour(seat.player))
            elif rects["kind"].collidepoint(pos):
                self.seats[i] = replace(seat, kind=SEAT_KINDS[(SEAT_KINDS.index(seat.kind) + 1) % len(SEAT_KINDS)])
            elif rects["name"].collidepoint(pos):
                self.editing = i
            elif rects["remove"].collidepoint(pos) and len(self.seats) > 2:
                del self.seats[i]
            else:
                continue
            self.ctx.sounds.play("click")
            return True
        if add_seat_rect(len(self.seats)).collidepoint(pos) and len(self.seats) < 5:
            free = [c for c in COLOURS if c not in {s.player for s in self.seats}]
            self.seats.append(Seat(free[0], "normal"))
            return True
        for key, rect in option_rects().items():
            if rect.collidepoint(pos) and self.offered(key):
                self.toggle(key)
                return True
        if start_button().collidepoint(pos):
            return self.start()
        if back_button().collidepoint(pos):
            return self.back()
        return False

    def next_colour(self, current: str) -> str:
        taken = {s.player for s in self.seats} - {current}
        index = COLOURS.index(current)
        for step in range(1, len(COLOURS) + 1):
            colour = COLOURS[(index + step) % len(COLOURS)]
            if colour not in taken:
                return colour
        return current

    def toggle(self, key: str) -> None:
        flips = {"variant": ("classic", "short"), "veto": (True, False), "castillo": ("announced", "secret"),
                 "dummy": (False, True)}
        a, b = flips[key]
        self.options[key] = b if self.options[key] == a else a
        self.ctx.sounds.play("click")

    def start(self) -> bool:
        from game.scenes.play import phase_scene
        seed = self.ctx.options.get("seed")
        if seed is None:
            seed = random.randrange(1, 10**6)
        options = dict(self.options, dummy=self.options["dummy"] and self.offered("dummy"))
        match = Match(self.seats, seed, **options)
        self.request(Transition.replace(phase_scene(match.game.phase)(self.ctx, match)))
        return True

    def back(self) -> bool:
        from game.scenes.title import TitleScene
        self.request(Transition.replace(TitleScene(self.ctx)))
        return True

    def offered(self, key: str) -> bool:
        """The neutral colour is only for 2 seats; every other option always."""
        return key != "dummy" or len(self.seats) == 2

    def option_label(self, key: str) -> str:
        value = self.options[key]
        if key == "veto":
            return t("setup.veto_on") if value else t("setup.veto_off")
        if key == "dummy":
            return t("setup.dummy_on") if value and self.offered(key) else t("setup.dummy_off")
        return t(f"setup.{key}_{value}")

    def redraw_rate(self) -> float:
        return CARET if self.editing is not None else STILL

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        frame = layout.in_frame(200, 30, 880, 720)
        style.panel(surface, frame, border=style.GOLD, width=3, radius=14)
        style.text(surface, t("setup.title"), (frame.centerx, frame.y + 20), 34, style.INK, bold=True, face="serif",
                   anchor="midtop")
        style.text(surface, t("setup.seats"), (frame.x + 50, frame.y + ROW_TOP - 58), 15, style.INK_SOFT, bold=True)
        for i, seat in enumerate(self.seats):
            self.draw_seat(surface, i, seat)
        if len(self.seats) < 5:
            rect = add_seat_rect(len(self.seats))
            style.button(surface, rect, t("setup.add_seat"), hover=self._over(rect), size=16)
        style.text(surface, t("setup.options"), (frame.x + 50, option_rects()["variant"].y - 28), 15,
                   style.INK_SOFT, bold=True)
        for key, rect in option_rects().items():
            style.button(surface, rect, self.option_label(key), hover=self._over(rect) and self.offered(key),
                         size=15, enabled=self.offered(key))
        style.button(surface, back_button(), t("setup.back"), hover=self._over(back_button()))
        style.button(surface, start_button(), t("setup.start"), hover=self._over(start_button()), primary=True)

    def draw_seat(self, surface: pygame.Surface, i: int, seat: Seat) -> None:
        rects = seat_rects(i)
        colour = style.player_colour(seat.player)
        draw.rect(surface, colour, rects["colour"], border_radius=8)
        draw.rect(surface, style.INK, rects["colour"], 2, border_radius=8)
        kind = t("seat.human") if seat.human else t("setup.ai", level=t(f"seat.{seat.kind}"))
        style.button(surface, rects["kind"], kind, hover=self._over(rects["kind"]), size=16)
        field = rects["name"]
        draw.rect(surface, (252, 246, 230), field, border_radius=6)
        draw.rect(surface, style.GOLD if self.editing == i else style.INK_SOFT, field, 2, border_radius=6)
        shown = seat.name or t(f"colour.{seat.player}")
        ink = style.INK if seat.name else style.GREY
        label = style.text(surface, shown, (field.x + 12, field.centery), 18, ink, anchor="midleft")
        if self.editing == i and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = label.right + 2 if seat.name else field.x + 12
            draw.line(surface, style.INK, (x, field.y + 12), (x, field.bottom - 12), 2)
        if len(self.seats) > 2:
            style.button(surface, rects["remove"], "×", hover=self._over(rects["remove"]), size=22)

    def _over(self, rect: pygame.Rect) -> bool:
        return bool(self.hover and rect.collidepoint(self.hover))
