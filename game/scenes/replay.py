"""The replay viewer: step forward and back through every move of a record or a saved game, the
board drawn as it was after that move and the game log beside it, the current move highlighted.

Keys: ←/→ one move, Home/End the start/end, Space or Enter play/pause, Escape back. Clicking a log
line jumps to that move. The positions come from game/match/replay_model.py (the record replayed once,
every move checked), so the board is exactly `engine.replay` of the record cut at that step. The
log and the round's action cards come from the replay's match source (game/match/replay_source.py)
and its event feed, as a match played to that move shows them. What the screen shows is a frame
(`ReplayFrame`): the app draws each step as soon as the frame differs, with no input.
"""
from __future__ import annotations


from dataclasses import dataclass

import pygame

import engine
from game.shell import input as inp
from game.shell.focus import Target, of_rects
from game.shell import layout
from game.match.replay_model import ReplayAdvice, ReplayWindow
from game.match.replay_source import ReplaySource
from game.match.source import MatchSource
from game.present.describe import item_text, move_item
from game.present.hint_plan import ghost_counts
from game.shell.i18n import language, t
from game.render import board, draw, hud, style
from game.render.log_view import LogView
from game.shell.scene import Context, Scene, Transition
from game.present.replay_transport import CONTROLS, Control, Transport
from game.present.table import Table
from game.scenes import navigation


def log_rect(players: int, tall: bool = False) -> pygame.Rect:
    """The log fills the side column under the player panels; tall (L), the whole column."""
    side = layout.current().side.copy()      # the caller may move it
    if tall:
        return side
    top = layout.player_rects(players)[-1].bottom + 10 if players else layout.current().players_rect.bottom + 6
    return pygame.Rect(side.x, top, side.width, side.bottom - top)


LOG_SIZE = 12
AREAS = set(engine.REGIONS) | {"castillo"}


def control_rects() -> list[tuple[pygame.Rect, str]]:
    """The transport buttons, centred at the foot of the map."""
    width, gap = 70, 10
    total = (len(CONTROLS) + 1) * width + (len(CONTROLS) - 1) * gap
    left = layout.current().map_rect.centerx + 70 - total // 2   # right of Sevilla's coast, left of the Castillo
    rects, x = [], left
    for name in CONTROLS:
        w = width * 2 if name == "play" else width
        rects.append((pygame.Rect(x, layout.current().choice_row.y + 4, w, 36), name))
        x += w + gap
    return rects


HELP_SIZE = 12             # the key-help line over the transport buttons, wrapped inside their plate


@style.fixed_size
def controls_plate() -> pygame.Rect:
    """The wooden plate behind the transport buttons, tall enough for the key help above them."""
    rects = control_rects()
    plate = rects[0][0].unionall([r for r, _ in rects]).inflate(24, 16)
    room = round(len(help_lines(plate.width - 20)) * style.line_height(HELP_SIZE)) + 4
    plate.y -= room
    plate.height += room
    return plate


@style.fixed_size
def help_lines(width: int | None = None) -> list[str]:
    """The key help wrapped to the plate's width (at most two lines in every catalog)."""
    if width is None:
        width = controls_plate().width - 20
    return style.wrap(t("replay.keys"), width, HELP_SIZE)


def drawn_table(source: MatchSource, shown: engine.Position, hide: str | None | bool) -> Table:
    """The table of a position jumped to: the board as `shown`, the round's action cards as the
    source's event feed rebuilds them (no animation: the board jumps)."""
    table = Table()
    table.sync(shown, hide)
    table.restore_offer(source.past_events())
    return table


@dataclass(frozen=True)
class LogRow:
    """One line of the replay's log as drawn: its words, its move (-1: the set-up), whether it
    is the move's own line (numbered) or one of its events (indented), where it stands."""
    text: str
    move: int
    numbered: bool
    current: bool
    hover: bool
    rect: tuple[int, int, int, int]



@dataclass(frozen=True)
class ReplayFrame:
    """One picture of the replay screen: the move shown, the board, the log rows and the
    transport buttons (see the module docstring)."""
    position: int
    language: str
    table: tuple[object, ...]
    caption: str
    current: str
    advice: bool
    log: tuple[LogRow, ...]
    log_state: tuple[object, ...]
    controls: tuple[Control, ...]
    hover: tuple[int, int] | None


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, ctx: Context, model: ReplayWindow, position: int | None = None,
                 advice: ReplayAdvice | None = None) -> None:
        super().__init__(ctx)
        self.model = model
        self.advice = advice
        # the window holds only what this screen may show (ReplayModel.window): a game still in
        # progress is its seat's or the public's view, another seat's secret moves masked
        self.source = ReplaySource(model)
        self.kinds = {p: s.kind for p, s in self.source.seats.items()}
        self.players = len(model.players)
        self.table = Table()
        self.transport = Transport()
        self.log_first: int | None = None     # a scrolled log's first line; None follows the move shown
        self.log_view = LogView(place=lambda tall: log_rect(self.players, tall))   # its panel and tall mode
        self.hover: tuple[int, int] | None = None
        self.seek(len(model) if position is None else position)

    # ---- model --------------------------------------------------------------------------------
    def name_of(self, player: str) -> str:
        return self.source.name(player)

    def seek(self, position: int) -> None:
        """Show the game after `position` moves: the source (its log) and the drawn table."""
        self.source.seek(position)
        hide: str | None | bool = False
        shown = self.source.position()
        if shown.options.get("castillo") == "secret" and not self.model.finished:
            hide = self.source.viewer
        table = drawn_table(self.source, shown, hide)
        step = self.model.last_step
        table.focus = next((a for a in reversed(step.move.split()[1:]) if a in AREAS), None) if step else None
        for event in step.events if step else ():
            if isinstance(event, engine.events.DiscsRevealed):     # the discs this move turned face up
                table.revealed = dict(event.discs)
        self.table = table

    @property
    def playing(self) -> bool:
        return self.transport.playing

    @playing.setter
    def playing(self, value: bool) -> None:
        self.transport.playing = value

    def go(self, where: str) -> None:
        self.jump(self.transport.target(where, self.model.position, len(self.model)))

    def jump(self, target: int) -> None:
        if target != self.model.position:
            self.log_first = None        # the log follows the move shown again
            self.seek(target)

    @property
    def lines(self) -> list[str]:
        """The log as a match played to the move shown has it (the source's feed)."""
        return self.source.visible_log()

    # ---- input --------------------------------------------------------------------------------
    focus_arrows = False     # ←/→ step through the moves

    def focus_targets(self) -> list[Target]:
        """The transport buttons, then Help and Menu (back)."""
        return of_rects([(name, rect) for rect, name in control_rects()] +
                        [("help", layout.current().help_button), ("menu", layout.current().menu_button)])

    def handle(self, intent: inp.Intent) -> bool:
        kind = intent.kind
        if kind == inp.Kind.HOVER:
            self.hover = intent.pos
        elif self.log_view.toggles(intent):
            self.log_first = None
        elif kind in inp.STEP_KEYS:
            self.playing = False
            self.go(inp.STEP_KEYS[kind])
        elif kind == inp.Kind.SCROLL and self.hover and self.log_rect().collidepoint(self.hover):
            self.scroll_log(-3 * intent.key)           # the wheel over the log scrolls the log
        elif kind in (inp.Kind.PAGE_UP, inp.Kind.PAGE_DOWN):
            self.scroll_log((self.log_room() - 1) * (-1 if kind == inp.Kind.PAGE_UP else 1))
        elif kind == inp.Kind.SCROLL:
            self.playing = False
            self.go("back" if intent.key > 0 else "forward")
        elif kind == inp.Kind.CONFIRM:
            self.toggle_play()
        elif kind == inp.Kind.CANCEL:
            self.request(Transition.pop())
        elif kind == inp.Kind.HELP:
            self.request(Transition.push(navigation.help_screen(self.ctx)))
        elif kind == inp.Kind.CLICK:
            return self.click(intent.pos)
        else:
            return False
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        if layout.current().menu_button.collidepoint(pos):
            self.request(Transition.pop())
            return True
        if layout.current().help_button.collidepoint(pos):
            self.request(Transition.push(navigation.help_screen(self.ctx)))
            return True
        for rect, name in control_rects():
            if rect.collidepoint(pos):
                if name == "play":
                    self.toggle_play()
                else:
                    self.playing = False
                    self.go(name)
                self.ctx.sounds.play("click")
                return True
        for rect, index in self.log_rows():
            if rect.collidepoint(pos):
                self.playing = False
                self.seek(index + 1)
                return True
        return False

    def toggle_play(self) -> None:
        self.jump(self.transport.toggle(self.model.position, len(self.model)))

    def update(self, dt: float) -> Transition | None:
        if self.transport.tick(dt, self.ctx.settings.anim_speed):
            self.go("forward")
        return self.take_request()

    def poll_interval(self) -> float:
        """While playing, woken for the next move (its frame is drawn as soon as it differs)."""
        return self.transport.wait(self.ctx.settings.anim_speed)

    # ---- frame --------------------------------------------------------------------------------
    def log_room(self) -> int:
        return int((self.log_rect().height - 30) // style.line_height(LOG_SIZE))

    def log_window(self) -> tuple[int, int]:
        """The slice of log lines on screen: the newest, down to the move shown, unless the log was
        scrolled (wheel over it, PgUp/PgDn) — then where it was scrolled to, back to the first line."""
        room, total = self.log_room(), len(self.lines)
        first = total - room if self.log_first is None else self.log_first
        first = max(0, min(total - room, first))
        return first, min(total, first + room)

    def scroll_log(self, lines: int) -> None:
        self.log_first = max(0, min(len(self.lines) - self.log_room(), self.log_window()[0] + lines))

    def log_rect(self) -> pygame.Rect:
        return self.log_view.rect

    def log_rows(self) -> list[tuple[pygame.Rect, int]]:
        """Each line on screen: where it stands and the move it belongs to."""
        line_h = round(style.line_height(LOG_SIZE))
        first, last = self.log_window()
        rect = self.log_rect()
        return [(pygame.Rect(rect.x + 4, rect.y + 24 + k * line_h, rect.width - 8, line_h),
                 self.source.step_of_line(i)) for k, i in enumerate(range(first, last))]

    def caption(self) -> str:
        return t("replay.caption", position=self.model.position, total=len(self.model))

    def current_text(self) -> str:
        """The move that led here, named even when the log leaves it out (Done, Allow)."""
        step = self.model.last_step
        item = move_item(step.move, step.player, every_move=True) if step else None
        text = item_text(item, self.name_of, self.source.log_viewer()) if item else t("replay.start")
        if self.model.at_end and self.model.game.is_over:
            text = t("replay.finished", text=text)
        return text

    def frame(self) -> ReplayFrame:
        """What the screen shows now, as a value: the app draws it as soon as it differs (a step
        while playing needs no input to be drawn)."""
        hover = self.hover
        lines, items, current = self.lines, self.source.feed.items, self.model.position - 1
        first, _ = self.log_window()
        rows = tuple(LogRow(lines[first + k], index, items[first + k].kind != "event", index == current,
                            bool(hover and rect.collidepoint(hover)), (rect.x, rect.y, rect.width, rect.height))
                     for k, (rect, index) in enumerate(self.log_rows()))
        rects = {name: rect for rect, name in control_rects()}
        controls = self.transport.controls(self.model.position, len(self.model),
                                           lambda name: bool(hover and rects[name].collidepoint(hover)))
        advice = self.advice is not None and self.model.position == self.advice.position
        return ReplayFrame(self.model.position, language(), self.table.snapshot(), self.caption(),
                           self.current_text(), advice, rows, (self.log_view.expanded, self.log_view.hover),
                           controls, hover)

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.paint(surface, self.frame())

    def draw_frame(self, surface: pygame.Surface, frame: object) -> None:
        self.paint(surface, frame if isinstance(frame, ReplayFrame) else self.frame())

    def paint(self, surface: pygame.Surface, frame: ReplayFrame) -> None:
        """Paint `frame` over the table it was made from; changes nothing."""
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        board.draw_board(surface, self.table, language(), focus=self.table.focus)
        hud.success_track(surface, self.table)
        if not self.log_view.expanded:
            for rect, player in zip(layout.player_rects(len(self.table.players)), self.table.players):
                kind = self.kinds.get(player)
                label = t(f"seat.{kind}") if kind else ""
                hud.player_panel(surface, rect, self.table, player, self.name_of(player), label,
                                 player == self.table.active, False, None)
        self.draw_log(surface, frame.log)
        hud.top_bar(surface, self.table, frame.caption, frame.hover, menu_label=t("replay.back"))
        self.draw_current(surface, frame.current)
        if frame.advice:
            self.draw_advice(surface)
        self.draw_controls(surface, frame.controls)

    def draw_advice(self, surface: pygame.Surface) -> None:
        """Opened from the post-game review: at that decision, the better choice under the prompt
        and its pieces as ghosts on the board."""
        advice = self.advice
        assert advice is not None, "drawn only at the advice's position"
        for step, count in ghost_counts(advice.plan):
            board.ghost(surface, self.table, step, advice.player, solid=True, count=count)
        prompt = layout.current().prompt_rect
        width = min(prompt.width, int(style.text_width(advice.note, 15, True)) + 32)
        rect = pygame.Rect(0, 0, width, 30)
        rect.midtop = (prompt.centerx, prompt.bottom + 6)
        style.panel(surface, rect, fill=style.PARCHMENT, border=style.GOLD, width=2, radius=8, shadow=False)
        style.text(surface, advice.note, rect.center, style.fit_size(advice.note, rect.width - 16, 15, True),
                   style.INK, bold=True, anchor="center")

    @staticmethod
    def draw_current(surface: pygame.Surface, text: str) -> None:
        """The move that led here, on the prompt plate over the map."""
        rect = layout.current().prompt_rect
        style.plate(surface, rect, (*style.WOOD_DARK, 215))
        size = style.fit_size(text, rect.width - 24, 17, True)
        style.text(surface, text, rect.center, size, style.PARCHMENT, bold=True, anchor="center")

    @staticmethod
    @style.fixed_size          # the transport plate is packed into the composition, like the cards
    def draw_controls(surface: pygame.Surface, controls: tuple[Control, ...]) -> None:
        back = controls_plate()
        style.plate(surface, back, (*style.WOOD_DARK, 215), 12, (*style.GOLD, 255))
        for (rect, _), control in zip(control_rects(), controls):
            style.button(surface, rect, control.glyph, hover=control.hover, enabled=control.enabled,
                         primary=control.name == "play", size=18)
        y: float = back.y + 5
        for line in help_lines(back.width - 20):
            style.text(surface, line, (back.centerx, y), HELP_SIZE, style.PARCHMENT, anchor="midtop")
            y += style.line_height(HELP_SIZE)

    def draw_log(self, surface: pygame.Surface, rows: tuple[LogRow, ...]) -> None:
        self.log_view.draw_frame(surface)
        for row in rows:
            rect = pygame.Rect(row.rect)
            if row.current:
                draw.rect(surface, style.GOLD_LIGHT, rect, border_radius=3)
            elif row.hover:
                draw.rect(surface, style.PARCHMENT_DARK, rect, border_radius=3)
            x = rect.x + 22
            if row.numbered and row.move >= 0:
                style.text(surface, f"{row.move + 1}", (rect.x + 40, rect.y), LOG_SIZE - 1, style.INK_SOFT,
                           anchor="topright")
                x = rect.x + 46
            text, width = row.text, rect.right - x - 4
            while style.text_width(text, LOG_SIZE) > width and len(text) > 2:
                text = text[:-2] + "…"
            style.text(surface, text, (x, rect.y), LOG_SIZE, style.INK, bold=row.current and row.numbered)


navigation.SCREENS.replay = ReplayScene
