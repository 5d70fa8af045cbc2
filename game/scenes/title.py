"""Title screen of the collection: a card for each game (El Grande's and Castell's: its name,
player count and what it is, with New game and Learn to play, and El Grande's Challenges), then
what both share: continue an unfinished game (the only one at once, or a list of them, most recent
first), play online, load a named save, watch replays, settings, help, quit; beside the cards, the
player's online tables with whose turn it is, each resumable.
Until a game's lesson is finished, Learn to play is its card's first and highlighted button (El
Grande's the first of the screen, which Enter starts); a finished lesson moves to its card's foot
(El Grande's below Challenges) and carries a tick, to be taken again from its start."""
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
from game.match.last_setup import CASTELL, EL_GRANDE, Profile
from game.shell.i18n import language, t, tn
from game.render import board, draw, style, title_cards
from game.shell.scene import STILL, Context, Scene, Transition
from game.tutorial import castell_lesson
from game.tutorial.lesson import load_lesson
from game.tutorial.progress import Progress, load_progress
from game.scenes import navigation
from game.match.online_tables import OnlineTables, failure_text
from game.render import online_tables

SHARED = ("continue", "online", "load", "replays", "settings", "help", "quit")
NOTICE_SECONDS = 8.0
CARD_TOP, CARD_WIDTH, CARD_HEIGHT, CARD_GAP = 192, 376, 356, 28      # design frame units
BUTTON_HEIGHT, BUTTON_GAP, BUTTON_TEXT = 40, 10, 18
LABELS = {"castell": "new", "learn_castell": "learn"}       # Castell's card says what El Grande's does
CARDS = ((EL_GRANDE, "El Grande", "title.about_el_grande", "crown", (122, 32, 30)),
         (CASTELL, "Castell", "title.about_castell", "human_tower", (34, 82, 110)))


def notice_rect() -> pygame.Rect:
    """Where a start-up notice shows: between the shared buttons and the footer."""
    return layout.in_frame(180, 718, 920, 34)


def card_items(lesson_done: bool, castell_done: bool = False) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Each card's buttons, top first: an unfinished lesson leads its card, a finished one ends
    it (see the module docstring)."""
    grande = ("new", "challenges", "learn") if lesson_done else ("learn", "new", "challenges")
    castell = ("castell", "learn_castell") if castell_done else ("learn_castell", "castell")
    return grande, castell


def menu_items(lesson_done: bool, castell_done: bool = False) -> tuple[str, ...]:
    """Every button in keyboard order: El Grande's card, Castell's, then the shared ones."""
    grande, castell = card_items(lesson_done, castell_done)
    return grande + castell + SHARED


def card_rects() -> tuple[pygame.Rect, pygame.Rect]:
    """The two game cards side by side, centred in the design frame."""
    left = (layout.DESIGN[0] - 2 * CARD_WIDTH - CARD_GAP) // 2
    return (layout.in_frame(left, CARD_TOP, CARD_WIDTH, CARD_HEIGHT),
            layout.in_frame(left + CARD_WIDTH + CARD_GAP, CARD_TOP, CARD_WIDTH, CARD_HEIGHT))


def card_buttons(card: pygame.Rect, items: tuple[str, ...]) -> list[tuple[pygame.Rect, str]]:
    """A card's buttons stacked at its foot, the card's width less its margins."""
    top = card.bottom - 16 - len(items) * (BUTTON_HEIGHT + BUTTON_GAP) + BUTTON_GAP
    return [(pygame.Rect(card.x + 16, top + i * (BUTTON_HEIGHT + BUTTON_GAP), card.width - 32, BUTTON_HEIGHT), item)
            for i, item in enumerate(items)]


def shared_buttons() -> list[tuple[pygame.Rect, str]]:
    """Under the cards: Continue and Play online as wide as a card each, then a row of five, each
    as wide as its label asks of the row."""
    grande, castell = card_rects()
    y = grande.bottom + 20
    rects = [pygame.Rect(grande.x, y, grande.width, 44), pygame.Rect(castell.x, y, castell.width, 44)]
    wanted = [style.text_width(t(f"title.{item}"), BUTTON_TEXT, True) + 32 for item in SHARED[2:]]
    room = castell.right - grande.x - 12 * (len(wanted) - 1)
    x = float(grande.x)
    for width in wanted:
        rects.append(pygame.Rect(round(x), y + 56, round(x + width * room / sum(wanted)) - round(x), BUTTON_HEIGHT))
        x += width * room / sum(wanted) + 12
    return list(zip(rects, SHARED))


def title_buttons(lesson_done: bool = False, castell_done: bool = False) -> list[tuple[pygame.Rect, str]]:
    """Every button and its id, in keyboard order (tests find a button by its id here)."""
    cards = card_items(lesson_done, castell_done)
    return [pair for card, items in zip(card_rects(), cards) for pair in card_buttons(card, items)] + shared_buttons()


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

    def progress(self, item: str) -> Progress | None:
        """The lesson a button starts, how far it got (None: not a lesson's button)."""
        return {"learn": self.lesson, "learn_castell": self.castell_lesson}.get(item)

    def label(self, item: str) -> str:
        """A button's text: on Continue the unfinished game's round (or how many there are), on a
        lesson its step once started."""
        label = t(f"title.{LABELS.get(item, item)}")
        if item == "continue" and self.unfinished_count > 1:
            label += " · " + tn("title.continue_games", self.unfinished_count)
        elif item == "continue" and self.castell_unfinished:
            label += " · Castell · " + t("files.round_value", round=self.castell_unfinished[0].round)
        elif item == "continue" and self.can_continue and self.unfinished[0].round:
            label += " · " + t("files.round_value", round=self.unfinished[0].round)
        progress = self.progress(item)
        if progress is not None and progress.started:
            label = t("title.learn_resume", step=progress.step + 1)
        return label

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        frame = layout.current().frame
        art = board.static_layer(language())
        draw.blit(surface, art, (frame.centerx - layout.current().map_rect.width // 2, frame.y + 60))
        style.dim(surface, 150, style.WOOD_DARK)
        title_cards.fade_top(surface, frame.y + 180)
        title_cards.heading(surface, frame, t("title.tagline"))
        buttons = title_buttons(self.lesson.done, self.castell_lesson.done)
        leaders = {items[0] for items in card_items(self.lesson.done, self.castell_lesson.done)}
        title_cards.cards(surface, [(rect, title_cards.Card(name, players(profile), t(about), emblem, colour),
                                     min(r.y for r, _ in buttons if rect.contains(r)))
                                    for rect, (profile, name, about, emblem, colour) in zip(card_rects(), CARDS)])
        ticked = {item for _, item in buttons if (progress := self.progress(item)) is not None and progress.done}
        size = min(style.fit_size(self.label(item), rect.width - (96 if item in ticked else 16), BUTTON_TEXT, True)
                   for rect, item in buttons)      # every label in one size, centred clear of a tick
        for rect, item in buttons:
            enabled = item != "continue" or self.can_continue
            style.button(surface, rect, self.label(item), hover=bool(self.hover and rect.collidepoint(self.hover)),
                         enabled=enabled, primary=item in leaders, size=size)
            if item in ticked:
                title_cards.tick(surface, rect)
        online_tables.draw(surface, self.online, self.hover, self.seating is not None)
        style.text(surface, t("title.footer"), (frame.centerx, layout.current().height - 24), 13, style.PARCHMENT,
                   anchor="center")
        if self.notice_time > 0:
            rect = notice_rect()
            style.plate(surface, rect, (*style.DANGER, 225))
            size = style.fit_size(self.notice, rect.width - 24, 15, True)
            style.text(surface, self.notice, rect.center, size, style.PARCHMENT, bold=True, anchor="center")


def players(profile: Profile) -> str:
    """A game's player count, as its set-up screen offers seats (two at least)."""
    return t("title.players", fewest=2, most=profile.max_seats)


navigation.SCREENS.title = TitleScene
