"""Title screen: learn to play, a new game of El Grande or of Castell (each with a line on what it
is), continue an unfinished game (the only one at once, or a
list of them, most recent first), challenge levels, load a named save, watch replays, settings,
help, quit; beside the menu, the player's online tables with whose turn it is, each resumable.
Until El Grande's lesson is finished, Learn to play is the first and highlighted item, and until
Castell's is, Learn Castell follows New Castell game; a finished lesson moves below Challenges
(both games' lessons together there) and carries a tick, to be taken again from its start."""
from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pygame

import engine
from game.shell import input as inp
from game.shell.focus import Target, of_rects
from game.shell import layout
from game.match import castell_saves, saves
from game.match.castell_match import CastellMatch
from game.shell.i18n import language, t, tn
from game.render import board, draw, style
from game.shell.scene import STILL, Context, Scene, Transition
from game.tutorial import castell_lesson
from game.tutorial.lesson import load_lesson
from game.tutorial.progress import Progress, load_progress
from game.scenes import navigation
from game.match.online_tables import OnlineTables, failure_text
from game.render import online_tables

ITEMS = ("new", "castell", "continue", "online", "challenges", "learn", "learn_castell", "load", "replays",
         "settings", "help", "quit")
NOTICE_SECONDS = 8.0
GAME_LINES = {"new": "title.about_el_grande", "castell": "title.about_castell"}   # what each game is


def notice_rect() -> pygame.Rect:
    """Where a start-up notice shows: between the last menu button and the footer."""
    return layout.in_frame(180, 718, 920, 34)


def menu_items(lesson_done: bool, castell_done: bool = False) -> tuple[str, ...]:
    """The menu: an unfinished lesson stands out (El Grande's first, Castell's after New Castell
    game); a finished one waits below Challenges (see the module docstring)."""
    items = list(ITEMS)
    if not castell_done:
        items.remove("learn_castell")
        items.insert(items.index("castell") + 1, "learn_castell")
    if not lesson_done:
        items.remove("learn")
        items.insert(0, "learn")
    return tuple(items)


def title_buttons(lesson_done: bool = False, castell_done: bool = False) -> list[tuple[pygame.Rect, str]]:
    items = menu_items(lesson_done, castell_done)
    return list(zip(layout.menu_rects(len(items), top=234, height=28), items))


class TitleScene(Scene):
    name = "title"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.hover: tuple[int, int] | None = None
        self.unfinished: list[saves.SlotInfo] = []
        self.castell_unfinished: list[castell_saves.Unfinished] = []
        self.notice = ""                 # a start-up fault that did not stop play (ctx.notices)
        self.notice_time = 0.0
        self.lesson = Progress()
        self.castell_lesson = Progress()
        self.online = OnlineTables()
        self.seating: Future[Any] | None = None     # the request resuming an online table
        self.refresh()

    def refresh(self) -> None:
        """The unfinished games Continue offers (their count or round for the button)."""
        self.unfinished = saves.continue_slots()
        self.castell_unfinished = castell_saves.unfinished()
        self.lesson = load_progress()
        self.castell_lesson = load_progress(castell_lesson.PROGRESS_FILE)

    @property
    def unfinished_count(self) -> int:
        """Unfinished games of both games (Continue lists them together)."""
        return len(self.unfinished) + len(self.castell_unfinished)

    @property
    def can_continue(self) -> bool:
        return self.unfinished_count > 0

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        return title_buttons(self.lesson.done, self.castell_lesson.done) + online_tables.row_rects(self.online)

    def resume(self) -> None:
        self.refresh()
        self.online.refresh()

    def redraw_rate(self) -> float:
        """Once a second while a notice shows: when its time is up the rate changes back to
        still, and the app redraws the title without it."""
        return 1.0 if self.notice_time > 0 or self.online.busy or self.online.retrying or self.seating else STILL

    def update(self, dt: float) -> Transition | None:
        self.notice_time = max(0.0, self.notice_time - dt)
        if self.ctx.notices and self.notice_time <= 0:
            self.notice, self.notice_time = self.ctx.notices.pop(0), NOTICE_SECONDS
        self.online.poll()
        return self.seated() or self.take_request()

    def seated(self) -> Transition | None:
        """An online table resumed from the list: its lobby (the match screen once started); a
        failure is the notice line."""
        if self.seating is None or not self.seating.done():
            return None
        pending, self.seating = self.seating, None
        try:
            online, reply = pending.result()
        except Exception as exc:  # noqa: BLE001 - said on the notice line
            self.notice, self.notice_time = failure_text(exc), NOTICE_SECONDS
            return None
        return Transition.replace(navigation.online_lobby(self.ctx, online, reply))

    def focus_targets(self) -> list[Target]:
        return of_rects([(item, rect) for rect, item in self.buttons() if item != "continue" or self.can_continue])

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind == inp.Kind.HELP:
            return self.choose("help")
        if intent.kind == inp.Kind.CONFIRM:
            return self.choose(menu_items(self.lesson.done)[0])
        if intent.kind == inp.Kind.CANCEL:
            return self.choose("quit")
        if intent.kind == inp.Kind.CLICK:
            for rect, item in self.buttons():
                if rect.collidepoint(intent.pos):
                    return self.choose(item)
        return False

    def choose(self, item: str) -> bool:
        self.ctx.sounds.play("click")
        if item == "learn":
            self.learn()
        elif item == "learn_castell":
            self.learn_castell()
        elif item == "new":
            self.request(Transition.replace(navigation.setup(self.ctx)))
        elif item == "castell":
            self.request(Transition.replace(navigation.castell_setup(self.ctx)))
        elif item == "continue" and self.unfinished_count > 1:
            self.request(Transition.push(navigation.files(self.ctx, "continue")))
        elif item == "continue" and self.can_continue:
            self.continue_game()
        elif item == "online":
            self.request(Transition.push(navigation.online(self.ctx)))
        elif item == "challenges":
            self.request(Transition.push(navigation.challenges(self.ctx)))
        elif item in ("load", "replays"):
            self.request(Transition.push(navigation.files(self.ctx, "load" if item == "load" else "replay")))
        elif item == "settings":
            self.request(Transition.push(navigation.settings(self.ctx, in_game=False)))
        elif item == "help":
            self.request(Transition.push(navigation.help_screen(self.ctx)))
        elif item == "quit":
            self.request(Transition.quit())
        elif item.startswith("table:") and self.seating is None:
            self.seating = self.online.resume(item.removeprefix("table:"), self.ctx.settings.online_name)
        return True

    def continue_game(self) -> None:
        """Resume the one unfinished game exactly where it stopped; a broken autosave says why in
        a dialog."""
        if self.castell_unfinished:
            self.continue_castell(self.castell_unfinished[0])
            return
        path = self.unfinished[0].path
        try:
            game, meta = saves.load_save(path)
        except engine.EngineError as exc:
            self.unfinished = []
            self.request(Transition.push(navigation.message(self.ctx, t("files.load_failed"), str(exc), True,
                                                      t("files.untouched"))))
            return
        self.request(Transition.replace(navigation.resume(self.ctx, game, meta.seats, meta.hints_used, path)))

    def continue_castell(self, game: castell_saves.Unfinished) -> None:
        try:
            match = CastellMatch.from_document(castell_saves.read_file(game.path), slot=game.slot)
        except engine.EngineError as exc:
            self.castell_unfinished = []
            self.request(Transition.push(navigation.message(self.ctx, t("files.load_failed"), str(exc), True,
                                                      t("files.untouched"))))
            return
        self.request(Transition.replace(navigation.castell_table(self.ctx, match)))

    def learn(self) -> None:
        """Start the lesson where it was left (from the start once finished); a broken lesson file
        says why in a dialog."""
        try:
            lesson = load_lesson()
        except engine.EngineError as exc:
            self.request(Transition.push(navigation.message(self.ctx, t("tutorial.load_failed"), str(exc), True)))
            return
        start = self.lesson.step if self.lesson.step < lesson.total else 0
        self.request(Transition.replace(navigation.tutorial(self.ctx, lesson, start)))

    def learn_castell(self) -> None:
        """Start Castell's lesson where it was left (from the start once finished); a broken
        lesson file says why in a dialog."""
        try:
            lesson = castell_lesson.load_castell_lesson()
        except engine.EngineError as exc:
            self.request(Transition.push(navigation.message(self.ctx, t("tutorial.load_failed"), str(exc), True)))
            return
        start = self.castell_lesson.step if self.castell_lesson.step < lesson.total else 0
        self.request(Transition.replace(navigation.castell_lesson(self.ctx, lesson, start)))

    def label(self, item: str) -> str:
        """A button's text: on Continue the unfinished game's round (or how many there are), the
        lesson's progress or tick."""
        label = t(f"title.{item}")
        if item == "continue" and self.unfinished_count > 1:
            label += " · " + tn("title.continue_games", self.unfinished_count)
        elif item == "continue" and self.castell_unfinished:
            label += " · Castell · " + t("files.round_value", round=self.castell_unfinished[0].round)
        elif item == "continue" and self.can_continue and self.unfinished[0].round:
            label += " · " + t("files.round_value", round=self.unfinished[0].round)
        if item == "learn" and self.lesson.started:
            label = t("title.learn_resume", step=self.lesson.step + 1)
        if item == "learn_castell" and self.castell_lesson.started:
            label = t("title.learn_castell_resume", step=self.castell_lesson.step + 1)
        return label

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        frame = layout.current().frame
        art = board.static_layer(language())
        draw.blit(surface, art, (frame.centerx - layout.current().map_rect.width // 2, frame.y + 60))
        style.dim(surface, 120, style.WOOD_DARK)
        style.text(surface, "El Grande", (frame.centerx, frame.y + 84), 96, style.GOLD_LIGHT, bold=True, face="serif",
                   anchor="midtop", shadow=(0, 0, 0))
        style.text(surface, t("title.tagline"), (frame.centerx, frame.y + 200), 22, style.PARCHMENT, face="serif",
                   anchor="midtop", shadow=(0, 0, 0))
        first = menu_items(self.lesson.done)[0]
        done = {"learn": self.lesson.done, "learn_castell": self.castell_lesson.done}
        for rect, item in title_buttons(self.lesson.done, self.castell_lesson.done):
            enabled = item != "continue" or self.can_continue
            style.button(surface, rect, self.label(item), hover=bool(self.hover and rect.collidepoint(self.hover)),
                         enabled=enabled, primary=item == first, size=20)
            if done.get(item):
                tick(surface, rect)
            if item in GAME_LINES:
                game_line(surface, t(GAME_LINES[item]), rect, frame)
        online_tables.draw(surface, self.online, self.hover, self.seating is not None)
        style.text(surface, t("title.footer"), (frame.centerx, layout.current().height - 24), 13, style.PARCHMENT,
                   anchor="center")
        if self.notice_time > 0:
            rect = notice_rect()
            style.plate(surface, rect, (*style.DANGER, 225))
            size = style.fit_size(self.notice, rect.width - 24, 15, True)
            style.text(surface, self.notice, rect.center, size, style.PARCHMENT, bold=True, anchor="center")


def game_line(surface: pygame.Surface, text: str, button: pygame.Rect, frame: pygame.Rect) -> None:
    """What a game is, on one line beside its New game button, made smaller to fit the window."""
    size = style.fit_size(text, frame.right - button.right - 24, 13, minimum=8)
    style.text(surface, text, (button.right + 14, button.centery), size, style.PARCHMENT, anchor="midleft",
               shadow=(0, 0, 0))


def tick(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The lesson's "done" mark: a green tick in a circle at the button's left end."""
    centre = (rect.x + 24, rect.centery)
    draw.circle(surface, (46, 120, 60), centre, 12)
    foot = (centre[0] - 1, centre[1] + 5)
    draw.line(surface, style.WHITE, (centre[0] - 6, centre[1]), foot, 3)
    draw.line(surface, style.WHITE, foot, (centre[0] + 6, centre[1] - 5), 3)


navigation.SCREENS.title = TitleScene
