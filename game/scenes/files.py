"""Saved games and records: the load screen (named slots: name, date, players, round; load or
delete), the Continue list (the unfinished games' autosaves: who plays, date, round), the replay
browser (slots, the autosaves and exported records) and the "save as" dialog.

Every read goes through game/match/saves.py, so a broken file is listed with its error and a failed load
shows the one-line message in a dialog; the game below (if any) is never touched by a failure.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

import engine
from game.shell import input as inp
from game.shell.focus import Target, of_rects
from game.shell import layout
from game.match import castell_saves, saves
from game.match.castell_match import CastellMatch
from game.match.castell_replay import CastellReplay
from game.match.replay_model import ReplayModel
from game.shell.i18n import t, tn
from game.render import draw, pieces, style
from game.shell.scene import CARET, Context, Scene, Transition
from game.shell.text_field import TextField
from game.scenes import navigation
from game.present import saved_games


def panel() -> pygame.Rect:
    return layout.in_frame(200, 70, 880, 660)
ROWS = 9
ROW_H = 50


@dataclass(frozen=True)
class Entry:
    """One file as the list shows it."""
    kind: str                 # "slot", "autosave" or "record"
    path: Path
    name: str
    when: str = ""
    players: tuple[str, ...] = ()
    round: int | None = None
    moves: int = 0
    error: str | None = None
    finished: bool = False
    game: str = "el-grande"   # or "castell"


GAME_TITLES = {"el-grande": "El Grande", "castell": "Castell"}   # the games' names, never translated
KINDS = {"record": "files.kind_record", "autosave": "files.kind_autosave", "slot": "files.kind_slot"}


def slot_entry(info: saves.SlotInfo, kind: str = "slot") -> Entry:
    name = (saved_games.who_plays(info.seats) or t("files.autosave")) if kind == "autosave" else (info.label or info.name)
    if info.error:
        return Entry(kind, info.path, name, error=info.error, game=info.game)
    return Entry(kind, info.path, name, saved_games.local_time(info.saved_at), info.players, info.round,
                 info.moves, finished=info.is_over, game=info.game)


def record_entry(path: Path) -> Entry:
    """An exported record: date and players from its header, or the load error."""
    try:
        doc = saves.read_json(path)
        if not isinstance(doc, dict) or doc.get("format") != saves.RECORD_FORMAT:
            raise engine.DataError(f"{path.name}: field 'format' is not {saves.RECORD_FORMAT!r}")
        record = doc.get("record") or {}
        setup = record.get("setup") or {}
        players = tuple(str(p) for p in setup.get("players", ())) if isinstance(setup, dict) else ()
        moves = record.get("moves")
        return Entry("record", path, path.stem, saved_games.local_time(str(doc.get("exported_at", ""))), players,
                     moves=len(moves) if isinstance(moves, list) else 0)
    except (engine.EngineError, AttributeError, TypeError) as exc:
        return Entry("record", path, path.stem, error=str(exc))


def slot_entries() -> list[Entry]:
    """The named saves of both games, newest first."""
    infos = sorted(saves.list_slots() + castell_saves.list_slots(), key=lambda s: s.saved_at, reverse=True)
    return [slot_entry(info) for info in infos]


def replay_entries() -> list[Entry]:
    """Everything the replay viewer can open: exported records, named slots, the autosave."""
    try:
        records = sorted(saves.records_dir().glob("*.json"), key=lambda p: p.name, reverse=True)
    except OSError:
        records = []
    entries = [record_entry(p) for p in records if not p.name.startswith(".")]
    entries += slot_entries()
    entries += [slot_entry(saves.peek(path), "autosave") for path in saves.autosave_files()]
    entries += [slot_entry(info, "record") for info in castell_saves.finished_records()]
    entries += [slot_entry(castell_saves.peek(u.path), "autosave") for u in castell_saves.unfinished()]
    return entries


def castell_entries() -> list[Entry]:
    """The unfinished Castell games (their own autosave folder), most recent first."""
    return [Entry("autosave", u.path, ", ".join(u.seats), u.when, u.players, u.round, game="castell")
            for u in castell_saves.unfinished()]


def continue_entries() -> list[Entry]:
    """The unfinished games, most recent first."""
    return [slot_entry(info, "autosave") for info in saves.continue_slots()] + castell_entries()


class FilesScene(Scene):
    """A list of files with a selection and buttons. mode "load": named slots (load, delete);
    mode "continue": the unfinished games' autosaves (resume); mode "replay": records and saves
    opened in the replay viewer."""

    name = "files"
    opaque = False

    def __init__(self, ctx: Context, mode: str = "load", in_game: bool = False) -> None:
        super().__init__(ctx)
        self.mode = mode
        self.in_game = in_game
        self.hover: tuple[int, int] | None = None
        self.selected = 0
        self.top = 0
        self.arming = False
        self.entries: list[Entry] = []
        self.refresh()

    def refresh(self) -> None:
        self.entries = {"load": slot_entries, "continue": continue_entries}.get(self.mode, replay_entries)()
        self.selected = min(self.selected, max(0, len(self.entries) - 1))

    # ---- layout -------------------------------------------------------------------------------
    def row_rects(self) -> list[tuple[pygame.Rect, int]]:
        visible = range(self.top, min(len(self.entries), self.top + ROWS))
        return [(pygame.Rect(panel().x + 30, panel().y + 100 + k * (ROW_H + 6), panel().width - 60, ROW_H), i)
                for k, i in enumerate(visible)]

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        names = ["open", "delete", "back"] if self.mode == "load" else ["open", "back"]
        width, gap = 200, 20
        left = panel().centerx - (len(names) * width + (len(names) - 1) * gap) // 2
        return [(pygame.Rect(left + i * (width + gap), panel().bottom - 74, width, 50), n) for i, n in enumerate(names)]

    # ---- input --------------------------------------------------------------------------------
    focus_arrows = False     # ↑/↓ choose a file

    def focus_targets(self) -> list[Target]:
        return of_rects([(("row", i), rect) for rect, i in self.row_rects()] +
                        [((name,), rect) for rect, name in self.buttons()])

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
        elif intent.kind == inp.Kind.CANCEL:
            self.request(Transition.pop())
        elif intent.kind == inp.Kind.CONFIRM:
            self.act("open")
        elif intent.kind in (inp.Kind.STEP_BACK, inp.Kind.STEP_FORWARD) or (intent.kind == inp.Kind.KEY and intent.key in
                                                                   (pygame.K_UP, pygame.K_DOWN)):
            down = intent.kind == inp.Kind.STEP_FORWARD or intent.key == pygame.K_DOWN
            self.select(self.selected + (1 if down else -1))
        elif intent.kind == inp.Kind.SCROLL:
            self.select(self.selected - intent.key)
        elif intent.kind == inp.Kind.KEY and intent.key == pygame.K_DELETE and self.mode == "load":
            self.act("delete")
        elif intent.kind == inp.Kind.CLICK:
            for rect, index in self.row_rects():
                if rect.collidepoint(intent.pos):
                    self.select(index)
            for rect, name in self.buttons():
                if rect.collidepoint(intent.pos):
                    self.act(name)
        return True   # modal

    def select(self, index: int) -> None:
        if not self.entries:
            return
        if index != self.selected:
            self.arming = False
        self.selected = max(0, min(len(self.entries) - 1, index))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + ROWS:
            self.top = self.selected - ROWS + 1

    def act(self, name: str) -> None:
        if name == "back":
            self.request(Transition.pop())
            return
        if not self.entries:
            return
        entry = self.entries[self.selected]
        self.ctx.sounds.play("click")
        if name == "delete" and not self.arming:
            self.arming = True         # a second click deletes: nothing is destroyed by one slip
            return
        if name == "delete":
            self.arming = False
            try:
                if entry.game == "castell":
                    castell_saves.delete_file(entry.path)
                else:
                    saves.delete_slot(entry.path.stem)
            except engine.EngineError as exc:
                self.request(Transition.push(navigation.message(self.ctx, t("files.delete_failed"), str(exc), True)))
            self.refresh()
            return
        try:
            scene = self.open(entry)
        except engine.EngineError as exc:
            note = t("files.untouched_game") if self.in_game else t("files.untouched")
            self.request(Transition.push(navigation.message(self.ctx, t("files.load_failed"), str(exc), True, note)))
            return
        self.request(scene)

    def open(self, entry: Entry) -> Transition:
        """Load the file (raises engine.EngineError with a one-line message) and say where to go."""
        if self.mode == "replay" and entry.game == "castell":
            return Transition.replace(navigation.castell_replay(self.ctx, CastellReplay.from_file(entry.path)))
        if self.mode == "replay":
            return Transition.replace(navigation.replay(self.ctx, ReplayModel.from_file(entry.path).window()))
        if entry.game == "castell":
            autosaved = entry.kind == "autosave"       # goes on in its slot; a named save gets a new one
            match = CastellMatch.from_document(castell_saves.read_file(entry.path),
                                               slot=entry.path.stem if autosaved else None)
            match.save()                                # now the first game under Continue
            return Transition.reset(navigation.castell_table(self.ctx, match))
        game, meta = saves.load_save(entry.path)
        return Transition.reset(navigation.resume(self.ctx, game, meta.seats, meta.hints_used, entry.path))

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 170)
        style.panel(surface, panel(), border=style.GOLD, width=3, radius=14)
        title = {"load": t("files.load_title"), "continue": t("files.continue_title")}.get(self.mode) \
            or t("files.replay_title")
        style.text(surface, title, (panel().centerx, panel().y + 20), 30, style.INK, bold=True, face="serif",
                   anchor="midtop")
        first = t("files.who_plays") if self.mode == "continue" else t("files.name")
        heads = ((first, 46), (t("files.date"), 330), (t("files.players"), 500), (t("files.round"), 760))
        for label, dx in heads:
            style.text(surface, label, (panel().x + dx, panel().y + 76), 12, style.INK_SOFT, bold=True)
        if not self.entries:
            empty = t("files.no_records") if self.mode == "replay" else t("files.empty")
            style.text(surface, empty, (panel().centerx, panel().y + 200), 18, style.INK_SOFT, anchor="center")
        for rect, index in self.row_rects():
            self.draw_row(surface, rect, self.entries[index], index == self.selected)
        if len(self.entries) > ROWS:
            more = t("files.more", shown=f"{self.top + 1}–{min(len(self.entries), self.top + ROWS)}",
                     total=len(self.entries))
            style.text(surface, more, (panel().right - 30, panel().bottom - 92), 12, style.INK_SOFT, anchor="bottomright")
        for rect, name in self.buttons():
            enabled = bool(self.entries) or name == "back"
            label = t(f"files.{name}")
            if name == "open" and self.mode != "load":
                label = t("files.watch") if self.mode == "replay" else t("title.continue")
            if name == "delete" and self.arming:
                label = t("files.confirm_delete")
            style.button(surface, rect, label, hover=bool(self.hover and rect.collidepoint(self.hover)),
                         enabled=enabled, primary=name == "open")

    def draw_row(self, surface: pygame.Surface, rect: pygame.Rect, entry: Entry, selected: bool) -> None:
        hover = bool(self.hover and rect.collidepoint(self.hover))
        fill = style.GOLD_LIGHT if selected else (style.PARCHMENT_DARK if hover else style.PARCHMENT)
        draw.rect(surface, fill, rect, border_radius=8)
        draw.rect(surface, style.GOLD if selected else style.INK_SOFT, rect, 2 if selected else 1,
                         border_radius=8)
        kind = f"{GAME_TITLES[entry.game]} · {t(KINDS[entry.kind])}"
        name = entry.name
        style.text(surface, name, (rect.x + 16, rect.y + 6), style.fit_size(name, 270, 17, True, "serif"), style.INK,
                   bold=True, face="serif")
        style.text(surface, kind, (rect.x + 16, rect.y + 29), 11, style.INK_SOFT)
        if entry.error:
            message = entry.error
            style.text(surface, message, (rect.x + 300, rect.centery), style.fit_size(message, rect.width - 320, 13),
                       style.DANGER, anchor="midleft")
            return
        style.text(surface, entry.when, (rect.x + 300, rect.centery), style.fit_size(entry.when, 164, 15), style.INK,
                   anchor="midleft")
        x = rect.x + 470
        for player in entry.players:
            pieces.chip(surface, (x + 9, rect.centery), 18, player)     # colour and shape
            x += 24
        style.text(surface, t("files.players_count", count=len(entry.players)), (x + 4, rect.centery), 13,
                   style.INK_SOFT, anchor="midleft")
        if entry.round:
            detail = t("files.round_value", round=entry.round)
        else:
            detail = tn("files.moves", entry.moves)
        if entry.finished:
            detail = t("files.finished")
        style.text(surface, detail, (rect.right - 16, rect.centery), 15, style.INK, bold=True, anchor="midright")


class SaveScene(Scene):
    """Save the running game under a name (pause menu): a text field and Save / Cancel."""

    name = "save"
    opaque = False
    text_entry = True
    @staticmethod
    def box() -> pygame.Rect:
        return layout.in_frame(340, 260, 600, 260)

    def __init__(self, ctx: Context, match: Any) -> None:
        super().__init__(ctx)
        self.match = match
        stamp = datetime.now().strftime("%Y-%m-%d %H.%M")
        self.name_field = TextField(t("files.default_name", round=match.view().round, time=stamp), 40)
        self.replaces = False
        self.check_name()
        self.hover: tuple[int, int] | None = None

    @property
    def field(self) -> pygame.Rect:
        return pygame.Rect(self.box().x + 40, self.box().y + 90, self.box().width - 80, 48)

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        return [(pygame.Rect(self.box().centerx - 210, self.box().bottom - 74, 200, 50), "save"),
                (pygame.Rect(self.box().centerx + 10, self.box().bottom - 74, 200, 50), "cancel")]

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
        elif intent.kind == inp.Kind.CANCEL:
            self.request(Transition.pop())
        elif intent.kind == inp.Kind.CONFIRM:
            self.save()
        elif intent.kind in (inp.Kind.KEY, inp.Kind.SELECT_ALL):
            if self.name_field.handle(intent):
                self.check_name()
        elif intent.kind == inp.Kind.CLICK:
            for rect, name in self.buttons():
                if rect.collidepoint(intent.pos):
                    if name == "save":
                        self.save()
                    else:
                        self.request(Transition.pop())
        return True

    def check_name(self) -> None:
        """Whether saving now would replace a slot of the same name (said under the field)."""
        try:
            self.replaces = self.match.save_path(self.name_field.value).exists()
        except (engine.EngineError, OSError):
            self.replaces = False

    def save(self) -> None:
        try:
            path = self.match.save_as(self.name_field.value)
        except engine.EngineError as exc:
            self.request(Transition.push(navigation.message(self.ctx, t("files.save_failed"), str(exc), error=True)))
            return
        self.ctx.sounds.play("click")
        self.request(Transition.replace(navigation.message(self.ctx, t("files.saved"),
                                                     t("files.saved_as", name=self.name_field.value.strip(), path=str(path)))))

    def redraw_rate(self) -> float:
        return CARET   # the name field's caret blinks

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 160)
        style.panel(surface, self.box(), border=style.GOLD, width=3, radius=14)
        style.text(surface, t("files.save_title"), (self.box().centerx, self.box().y + 20), 28, style.INK, bold=True,
                   face="serif", anchor="midtop")
        style.text(surface, t("files.name"), (self.field.x, self.field.y - 20), 12, style.INK_SOFT, bold=True)
        draw.rect(surface, style.WHITE, self.field, border_radius=6)
        draw.rect(surface, style.GOLD, self.field, 2, border_radius=6)
        value = self.name_field.value
        caret = "|" if (pygame.time.get_ticks() // 500) % 2 == 0 and not self.name_field.selected else " "
        size = style.fit_size(value + caret, self.field.width - 24, 20)
        if self.name_field.selected:
            style.mark_selection(surface, value, (self.field.x + 12, self.field.centery), size)
        style.text(surface, value + caret, (self.field.x + 12, self.field.centery), size, style.INK, anchor="midleft")
        if self.replaces:
            style.text(surface, t("files.replaces"), (self.field.x, self.field.bottom + 8), 13, style.DANGER)
        for rect, name in self.buttons():
            label = t("files.replace") if name == "save" and self.replaces else t(f"files.{name}")
            style.button(surface, rect, label, hover=bool(self.hover and rect.collidepoint(self.hover)),
                         primary=name == "save")


navigation.SCREENS.files = FilesScene
navigation.SCREENS.save = SaveScene
