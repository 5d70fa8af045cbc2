"""New game setup, for El Grande or (with the Castell profile) Castell: El Grande's 2–5 seats
(human or an AI level chosen from a list, name, colour), variant,
Veto, Castillo mode and, with 2 seats, the neutral colour (the 2-player game with a dummy,
docs/rulings.md R4-R9); every option and every seat kind explained on hover. The set-up starts
from the one played last (game/match/last_setup.py) and is remembered when the game starts; an
unfinished game under Continue is never replaced without asking (game/scenes/unfinished.py).
Castell's: 2–4 seats, the wheel's side (standard or advanced) and the house rules' note."""
from __future__ import annotations

import logging
from collections.abc import Hashable
from dataclasses import replace

import pygame

from game.match import last_setup, saves
from game.match.castell_match import CastellMatch
from game.match.controller import Match
from game.match.seats import SEAT_KINDS, Seat
from game.match.seed import new_seed
from game.render import draw, style
from game.shell import input as inp
from game.shell import layout
from game.shell.focus import Target, of_rects
from game.shell.i18n import player_name, t
from game.shell.scene import CARET, STILL, Context, Scene, Transition
from game.shell.text_field import TextField
from game.scenes import navigation

ROW_TOP = 150
ROW_H = 62
KIND_ROW_H = 34
LOG = logging.getLogger("el_grande")


def seat_rects(i: int) -> dict[str, pygame.Rect]:
    """Hit boxes of seat row i: colour swatch, seat kind, name field, remove button."""
    y = ROW_TOP + i * ROW_H
    return {"colour": layout.in_frame(250, y, 48, 48), "kind": layout.in_frame(314, y, 230, 48),
            "name": layout.in_frame(560, y, 320, 48), "remove": layout.in_frame(896, y, 48, 48)}


def option_rects(profile: last_setup.Profile = last_setup.EL_GRANDE) -> dict[str, pygame.Rect]:
    """The option buttons of a game's set-up: El Grande's four; Castell's wheel side and the
    house-rules note (a click reads what the house rules are)."""
    if profile is last_setup.CASTELL:
        return {"wheel": layout.in_frame(250, 490, 250, 44), "house": layout.in_frame(515, 490, 515, 44)}
    return {"variant": layout.in_frame(250, 490, 250, 44), "veto": layout.in_frame(515, 490, 250, 44),
            "castillo": layout.in_frame(780, 490, 250, 44), "dummy": layout.in_frame(250, 544, 380, 44)}


def start_button() -> pygame.Rect:
    return layout.in_frame(660, 620, 300, 56)


def back_button() -> pygame.Rect:
    return layout.in_frame(320, 620, 300, 56)


def add_seat_rect(count: int) -> pygame.Rect:
    return layout.in_frame(250, ROW_TOP + count * ROW_H + 4, 230, 44)


def frame_rect() -> pygame.Rect:
    return layout.in_frame(200, 30, 880, 720)


def note_box() -> pygame.Rect:
    """Where the hover note stands: under Back and Start, across the dialog (under the first row
    of options it was drawn over the neutral-colour button)."""
    frame, start = frame_rect(), start_button()
    return pygame.Rect(frame.x + 50, start.bottom + 6, frame.width - 100, frame.bottom - start.bottom - 12)



def kind_list_rects(i: int, kinds: tuple[str, ...] = SEAT_KINDS) -> list[tuple[pygame.Rect, str]]:
    """The list of seat kinds opened from seat i's kind button: beside it (over the name field),
    lifted so it ends by the first row of options (the hover note, beside the last row, stays
    clear)."""
    kind = seat_rects(i)["kind"]
    height = len(kinds) * KIND_ROW_H
    top = min(kind.y, option_rects()["variant"].bottom + 2 - height)
    return [(pygame.Rect(kind.right + 8, top + k * KIND_ROW_H, kind.width, KIND_ROW_H), name)
            for k, name in enumerate(kinds)]


def kind_label(kind: str) -> str:
    return t("seat.human") if kind == "human" else t("setup.ai", level=t(f"seat.{kind}"))


class SetupScene(Scene):
    name = "setup"

    def __init__(self, ctx: Context, profile: last_setup.Profile = last_setup.EL_GRANDE) -> None:
        super().__init__(ctx)
        self.profile = profile
        remembered = last_setup.load(profile)
        self.seats = remembered.seats
        self.options = remembered.options
        self.problem = remembered.problem       # why the remembered set-up was not used
        if self.problem:
            LOG.warning("el-grande: %s; the default set-up is used", self.problem)
        self.editing: int | None = None
        self.name_field = TextField(limit=last_setup.NAME_LIMIT)
        self.choosing: int | None = None        # the seat whose kind list is open
        self.hover: tuple[int, int] | None = None

    @property
    def text_entry(self) -> bool:  # type: ignore[override]
        return self.editing is not None

    def focus_targets(self) -> list[Target]:
        """With a kind list open, its entries; else each seat's colour, kind, name and remove
        button, then the options, Back and Start."""
        if self.choosing is not None:
            return of_rects([(("kind_of", kind), rect) for rect, kind in self.kind_rects(self.choosing)])
        named: list[tuple[Hashable, pygame.Rect]] = []
        for i in range(len(self.seats)):
            named += [((part, i), rect) for part, rect in seat_rects(i).items()
                      if part != "remove" or len(self.seats) > 2]
        if len(self.seats) < self.profile.max_seats:
            named.append((("add",), add_seat_rect(len(self.seats))))
        named += [((key,), rect) for key, rect in option_rects(self.profile).items()]
        return of_rects(named + [(("back",), back_button()), (("start",), start_button())])

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
            return True
        if self.editing is not None and intent.kind in (inp.Kind.KEY, inp.Kind.SELECT_ALL, inp.Kind.CONFIRM, inp.Kind.CANCEL):
            return self.type_key(intent)
        if self.choosing is not None and intent.kind in (inp.Kind.CANCEL, inp.Kind.CLICK):
            return self.pick_kind(intent)
        if intent.kind == inp.Kind.CONFIRM:
            return self.start()
        if intent.kind == inp.Kind.CANCEL:
            return self.back()
        if intent.kind == inp.Kind.CLICK:
            return self.click(intent.pos)
        return False

    def type_key(self, intent: inp.Intent) -> bool:
        assert self.editing is not None
        if intent.kind in (inp.Kind.CONFIRM, inp.Kind.CANCEL):
            self.editing = None
        elif self.name_field.handle(intent):
            self.seats[self.editing] = replace(self.seats[self.editing], name=self.name_field.value)
        return True

    def pick_kind(self, intent: inp.Intent) -> bool:
        """A click in the open kind list sets that kind; Esc or a click elsewhere closes it."""
        assert self.choosing is not None
        for rect, kind in self.kind_rects(self.choosing):
            if intent.kind == inp.Kind.CLICK and rect.collidepoint(intent.pos):
                self.seats[self.choosing] = replace(self.seats[self.choosing], kind=kind)
                self.ctx.sounds.play("click")
        self.choosing = None
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        self.editing = None
        for i, seat in enumerate(self.seats):
            rects = seat_rects(i)
            if rects["colour"].collidepoint(pos):
                self.seats[i] = replace(seat, player=self.next_colour(seat.player))
            elif rects["kind"].collidepoint(pos):
                self.choosing = i
            elif rects["name"].collidepoint(pos):
                self.editing = i
                self.name_field = TextField(seat.name, last_setup.NAME_LIMIT)
            elif rects["remove"].collidepoint(pos) and len(self.seats) > 2:
                del self.seats[i]
            else:
                continue
            self.ctx.sounds.play("click")
            return True
        if add_seat_rect(len(self.seats)).collidepoint(pos) and len(self.seats) < self.profile.max_seats:
            free = [c for c in self.profile.colours if c not in {s.player for s in self.seats}]
            self.seats.append(Seat(free[0], "normal"))
            return True
        for key, rect in option_rects(self.profile).items():
            if rect.collidepoint(pos) and key == "house":
                self.request(Transition.push(navigation.message(self.ctx, t("setup.house"), t("setup.note.house_rules"))))
                return True
            if rect.collidepoint(pos) and self.offered(key):
                self.toggle(key)
                return True
        if start_button().collidepoint(pos):
            return self.start()
        if back_button().collidepoint(pos):
            return self.back()
        return False

    def next_colour(self, current: str) -> str:
        colours = self.profile.colours
        taken = {s.player for s in self.seats} - {current}
        index = colours.index(current)
        for step in range(1, len(colours) + 1):
            colour = colours[(index + step) % len(colours)]
            if colour not in taken:
                return colour
        return current

    def toggle(self, key: str) -> None:
        a, b = self.profile.option_values[key]
        self.options[key] = b if self.options[key] == a else a
        self.ctx.sounds.play("click")

    def start(self) -> bool:
        """Start the game; with an unfinished El Grande game under Continue, ask first what becomes
        of it (every Castell game has a slot of its own: nothing is replaced)."""
        unfinished = saves.continue_slots() if self.profile is last_setup.EL_GRANDE else []
        if unfinished:
            self.request(Transition.push(navigation.unfinished(self.ctx, unfinished, self.launch)))
        else:
            self.request(Transition.replace(self.launch()))
        return True

    def launch(self) -> Scene:
        """The new game's first scene; the set-up is remembered for the next one."""
        problem = last_setup.save(self.seats, self.options, self.profile)
        if problem:
            LOG.warning("el-grande: %s; the set-up is not remembered", problem)
        seed = self.ctx.options.get("seed")
        if seed is None:
            seed = new_seed()
        if self.profile is last_setup.CASTELL:
            return navigation.castell_table(self.ctx, CastellMatch(self.seats, seed, self.options["wheel"]))
        options = dict(self.options, dummy=self.options["dummy"] and self.offered("dummy"))
        match = Match(self.seats, seed, **options)
        return navigation.match_screen(self.ctx, match)

    def back(self) -> bool:
        self.request(Transition.replace(navigation.title(self.ctx)))
        return True

    def offered(self, key: str) -> bool:
        """The neutral colour is only for 2 seats; every other option always."""
        return key != "dummy" or len(self.seats) == 2

    def kind_rects(self, i: int) -> list[tuple[pygame.Rect, str]]:
        return kind_list_rects(i, self.profile.seat_kinds)

    def option_label(self, key: str) -> str:
        if key == "house":
            return t("setup.house")
        value = self.options[key]
        if key == "veto":
            return t("setup.veto_on") if value else t("setup.veto_off")
        if key == "dummy":
            return t("setup.dummy_on") if value and self.offered(key) else t("setup.dummy_off")
        return t(f"setup.{key}_{value}")

    def hovered_kind(self) -> str | None:
        """The seat kind under the pointer: an entry of the open list, or a seat's kind button."""
        if self.choosing is not None:
            return next((kind for rect, kind in self.kind_rects(self.choosing) if self._over(rect)), None)
        return next((seat.kind for i, seat in enumerate(self.seats) if self._over(seat_rects(i)["kind"])), None)

    def option_note(self) -> str:
        """What the hovered seat kind or option means; with none hovered, why the remembered
        set-up was not used, or what the secret Castillo is (a memory variant, docs/rulings.md
        R3), so nobody takes it for a hidden-information rule. A name's character the fonts cannot
        draw is said first, as it is refused."""
        if self.editing is not None and self.name_field.refused:
            return t("name.glyphs", chars=self.name_field.refused)
        kind = self.hovered_kind()
        if kind is not None:
            return t(f"setup.note.kind_{kind}")
        hovered = next((key for key, rect in option_rects(self.profile).items() if self._over(rect)), None)
        if hovered == "house" and self.choosing is None:
            return t("setup.note.house")
        if hovered is not None and self.choosing is None:
            value = self.options[hovered]
            suffix = ("on" if value else "off") if isinstance(value, bool) else value
            return t(f"setup.note.{hovered}_{suffix}")
        if self.problem:
            return t("setup.note.not_remembered", problem=self.problem)
        if self.profile is last_setup.CASTELL:
            return t("setup.note.castell")
        if self.options["castillo"] == "secret":
            return t("setup.note.castillo_secret")
        return ""

    def draw_option_note(self, surface: pygame.Surface) -> None:
        note = self.option_note()
        if note:
            style.paragraph(surface, note, note_box(), 13, style.INK_SOFT, max_lines=2)

    def redraw_rate(self) -> float:
        return CARET if self.editing is not None else STILL

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        frame = frame_rect()
        style.panel(surface, frame, border=style.GOLD, width=3, radius=14)
        title = t("setup.title_castell") if self.profile is last_setup.CASTELL else t("setup.title")
        style.text(surface, title, (frame.centerx, frame.y + 20), 34, style.INK, bold=True, face="serif",
                   anchor="midtop")
        header = t("setup.seats")     # kept inside the dialog at any text size ("JOGADORES (clica …)" ran off it)
        style.text(surface, header, (frame.x + 50, frame.y + ROW_TOP - 58),
                   style.fit_size(header, frame.width - 100, 15, True), style.INK_SOFT, bold=True)
        for i, seat in enumerate(self.seats):
            self.draw_seat(surface, i, seat)
        if len(self.seats) < self.profile.max_seats:
            rect = add_seat_rect(len(self.seats))
            style.button(surface, rect, t("setup.add_seat"), hover=self._over(rect), size=16)
        options = option_rects(self.profile)
        style.text(surface, t("setup.options"), (frame.x + 50, next(iter(options.values())).y - 28), 15,
                   style.INK_SOFT, bold=True)
        for key, rect in options.items():
            style.button(surface, rect, self.option_label(key), hover=self._over(rect) and self.offered(key),
                         size=15, enabled=self.offered(key))
        self.draw_option_note(surface)
        style.button(surface, back_button(), t("setup.back"), hover=self._over(back_button()))
        style.button(surface, start_button(), t("setup.start"), hover=self._over(start_button()), primary=True)
        if self.choosing is not None:
            self.draw_kind_list(surface, self.choosing)

    def draw_seat(self, surface: pygame.Surface, i: int, seat: Seat) -> None:
        rects = seat_rects(i)
        colour = style.player_colour(seat.player)
        draw.rect(surface, colour, rects["colour"], border_radius=8)
        draw.rect(surface, style.INK, rects["colour"], 2, border_radius=8)
        kind = rects["kind"]
        style.button(surface, kind, kind_label(seat.kind), hover=self._over(kind) or self.choosing == i, size=16)
        tip = (kind.right - 18, kind.centery + 4)
        draw.polygon(surface, style.INK_SOFT, [(tip[0] - 6, tip[1] - 8), (tip[0] + 6, tip[1] - 8), tip])
        field = rects["name"]
        draw.rect(surface, (252, 246, 230), field, border_radius=6)
        draw.rect(surface, style.GOLD if self.editing == i else style.INK_SOFT, field, 2, border_radius=6)
        shown = seat.name or player_name(seat.player)
        ink = style.INK if seat.name else style.GREY
        at = (field.x + 12, field.centery)
        if self.editing == i and self.name_field.selected:
            style.mark_selection(surface, seat.name, at, 18)
        label = style.text(surface, shown, at, 18, ink, anchor="midleft")
        if self.editing == i and not self.name_field.selected and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = label.right + 2 if seat.name else field.x + 12
            draw.line(surface, style.INK, (x, field.y + 12), (x, field.bottom - 12), 2)
        if len(self.seats) > 2:
            style.button(surface, rects["remove"], "×", hover=self._over(rects["remove"]), size=22)

    def draw_kind_list(self, surface: pygame.Surface, i: int) -> None:
        """The open list of seat kinds: the seat's own kind marked, the hovered one lit."""
        rows = self.kind_rects(i)
        outline = rows[0][0].unionall([rect for rect, _ in rows]).inflate(8, 8)
        style.panel(surface, outline, border=style.GOLD, width=2, radius=8)
        current = self.seats[i].kind
        for rect, kind in rows:
            if self._over(rect) or kind == current:
                draw.rect(surface, style.GOLD_LIGHT if self._over(rect) else style.PARCHMENT_DARK, rect,
                          border_radius=5)
            style.text(surface, kind_label(kind), (rect.x + 14, rect.centery), 16, style.INK,
                       bold=kind == current, anchor="midleft")

    def _over(self, rect: pygame.Rect) -> bool:
        return bool(self.hover and rect.collidepoint(self.hover))


navigation.SCREENS.setup = SetupScene
navigation.SCREENS.castell_setup = lambda ctx: SetupScene(ctx, last_setup.CASTELL)
