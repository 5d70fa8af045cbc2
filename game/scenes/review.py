"""Post-game review screen: per human seat, the decisions the hard AI judged furthest below its
best choice, each opening the replay viewer at that decision with the better choice shown.

Why one decision per worker job: the window keeps drawing a progress bar between answers, and
leaving the screen simply cancels the job in flight (game/match/review.py has the judging itself).
"""
from __future__ import annotations

import pygame

import engine

from game.match import ai_worker
from game.shell import layout
from game.shell import input as inp
from game.shell.focus import Target, of_rects
from game.match.controller import Match
from game.present.describe import Namer
from game.match.hints import plan_text, reason_text
from game.shell.i18n import t, tn
from game.render import draw, style
from game.match.review import WORST, Blunder, blunder, changes_text, decisions, judge_rng, worst_per_seat
from game.shell.scene import PULSE, STILL, Context, Scene, Transition
from game.scenes import navigation
from game.match import replay_model

TABS_Y, TAB_H = 44, 38      # the seats' tabs, below the panel's one-line help
ROWS_Y, ROW_H = 92, 98      # the chosen seat's decisions: up to five rows of four lines
LINE_SIZE, DETAIL_SIZE = 17, 15
PART_GAP = 3


def back_button() -> pygame.Rect:
    return layout.in_frame(515, 712, 250, 52)


def panel() -> pygame.Rect:
    return layout.in_frame(60, 112, 1160, 588)


PARTING_VERBS = ("power", "court", "card")     # a step that makes the rest of the turn another one


def headline(b: Blunder, name: Namer) -> tuple[str, str]:
    """The decision played and the better one in few words: up to the step where they part when
    that step is a power card, a court count or an action card (the rest follows from it); when
    they part later (the same card, other placements), the card, then from where they part on."""
    parting = next((i for i, (p, q) in enumerate(zip(b.played, b.best)) if p != q), None)
    if parting is None:
        return plan_text(b.played, name), plan_text(b.best, name)
    if b.played[parting].verb in PARTING_VERBS:
        return plan_text(b.played[:parting + 1], name), plan_text(b.best[:parting + 1], name)
    card = plan_text(tuple(m for m in b.played[:parting] if m.verb == "card"), name)

    def from_parting(plan: tuple[engine.Move, ...]) -> str:
        return " … ".join(part for part in (card, plan_text(plan[parting:], name)) if part)
    return from_parting(b.played), from_parting(b.best)


class ReviewScene(Scene):
    name = "review"

    def __init__(self, ctx: Context, match: Match) -> None:
        super().__init__(ctx)
        self.match = match
        self.record = match.finished_record()
        self.seats = set(match.humans) or set(match.players)
        self.found, self.games = decisions(self.record, self.seats)
        self.judged: list[Blunder] = []
        self.job: ai_worker.Job | None = None
        self.error: str | None = None
        self.hover: tuple[int, int] | None = None
        self.seat = 0                 # whose decisions are shown (the tab chosen)
        self.clock = 0.0

    @property
    def done(self) -> bool:
        return len(self.judged) >= len(self.found) or self.error is not None

    def results(self) -> dict[str, list[Blunder]]:
        return worst_per_seat(self.judged, self.seats) if self.done else {}

    # ---- the work -------------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | None:
        self.clock += dt
        if not self.done:
            self.judge_next()
        return self.take_request()

    def judge_next(self) -> None:
        """Ask the worker about the next decision, or take its answer."""
        worker = ai_worker.shared()
        if self.job is None or worker.job is not self.job:
            d = self.found[len(self.judged)]
            g = self.games[d.start]
            self.job = ai_worker.Job(ai_worker.JUDGE, 0, g.view(d.player), judge_rng(self.match.seed, d), d.played)
            worker.ask(self.job)
            return
        reply = worker.poll()
        if reply.result is not None:
            d = self.found[len(self.judged)]
            self.judged.append(blunder(self.games[d.start], d, reply.result))
            self.job = None
        elif reply.given_up:
            self.error, self.job = reply.notice or "", None

    def leave(self) -> None:
        worker = ai_worker.shared()
        if self.job is not None and worker.job is self.job:
            worker.cancel()
        self.job = None
        self.request(Transition.pop())

    def poll_interval(self) -> float:
        return 1 / 30 if not self.done else super().poll_interval()

    def redraw_rate(self) -> float:
        return PULSE if not self.done else STILL

    # ---- input ----------------------------------------------------------------------------------
    def rows(self) -> list[tuple[pygame.Rect, Blunder | None, str]]:
        """(rect, blunder or None for a seat's tab, seat) for every line of the screen: a tab per
        reviewed seat across the top, then the chosen seat's decisions (up to `WORST`), one under
        the other at a size that reads."""
        box = panel()
        results = list(self.results().items())
        if not results:
            return []
        width = min(260, (box.width - 48 - 12 * (len(results) - 1)) // len(results))
        out: list[tuple[pygame.Rect, Blunder | None, str]] = [
            (pygame.Rect(box.x + 24 + i * (width + 12), box.y + TABS_Y, width, TAB_H), None, player)
            for i, (player, _) in enumerate(results)]
        player, found = results[min(self.seat, len(results) - 1)]
        for k, b in enumerate(found[:WORST]):
            out.append((pygame.Rect(box.x + 24, box.y + ROWS_Y + k * ROW_H, box.width - 48, ROW_H - 6), b, player))
        return out

    def focus_targets(self) -> list[Target]:
        """The seats' tabs, the flagged decisions (each opens the replay there), then Back."""
        named = [(("seat", player) if b is None else ("decision", i), rect)
                 for i, (rect, b, player) in enumerate(self.rows())]
        return of_rects(named + [(("back",), back_button())])

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind in (inp.Kind.CANCEL, inp.Kind.CONFIRM):
            self.leave()
            return True
        if intent.kind != inp.Kind.CLICK:
            return False
        if back_button().collidepoint(intent.pos):
            self.leave()
            return True
        for rect, b, player in self.rows():
            if not rect.collidepoint(intent.pos):
                continue
            if b is None:
                self.seat = list(self.results()).index(player)
                self.ctx.sounds.play("click")
            else:
                self.open(b)
            return True
        return False

    def open(self, b: Blunder) -> None:
        """The replay viewer at the decision, the better choice on a plate and as ghosts."""
        model = replay_model.ReplayModel(self.record, "game", tuple(self.match.seat_meta())).window()
        _, best = headline(b, self.match.name)
        note = tn("review.better", round(b.loss), best=best)
        self.request(Transition.push(navigation.replay(self.ctx, model, position=b.start,
                                                 advice=replay_model.ReplayAdvice(b.start, note, b.best, b.player))))
        self.ctx.sounds.play("click")

    # ---- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        frame = layout.current().frame
        style.text(surface, t("review.title"), (frame.centerx, frame.y + 28), 40, style.GOLD_LIGHT, bold=True,
                   face="serif", anchor="midtop", shadow=(0, 0, 0))
        style.text(surface, t("review.subtitle"), (frame.centerx, frame.y + 80), 17, style.PARCHMENT,
                   anchor="midtop")
        box = panel()
        style.panel(surface, box, border=style.GOLD, width=3, radius=14)
        if self.error is not None:
            style.text(surface, t("review.failed", error=self.error), box.center, 16, style.DANGER, bold=True,
                       anchor="center")
        elif not self.done:
            self.draw_progress(surface, box)
        else:
            self.draw_results(surface, box)
        style.button(surface, back_button(), t("review.back"),
                     hover=bool(self.hover and back_button().collidepoint(self.hover)), primary=True)

    def draw_progress(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        total = max(1, len(self.found))
        done = len(self.judged)
        label = t("review.progress", done=done, total=len(self.found))
        style.text(surface, label, (box.centerx, box.centery - 40), 18, style.INK, bold=True, anchor="midtop")
        bar = pygame.Rect(0, 0, 560, 22)
        bar.center = (box.centerx, box.centery + 10)
        draw.rect(surface, style.PARCHMENT_DARK, bar, border_radius=11)
        fill = bar.copy()
        fill.width = max(22, int(bar.width * done / total))
        draw.rect(surface, style.GOLD, fill, border_radius=11)
        draw.rect(surface, style.INK_SOFT, bar, 2, border_radius=11)

    def draw_results(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        style.text(surface, t("review.open"), (box.centerx, box.y + 20), 15, style.INK_SOFT, anchor="midtop")
        results = self.results()
        for rect, b, player in self.rows():
            if b is None:
                self.draw_tab(surface, rect, player, len(results[player]))
            else:
                self.draw_decision(surface, rect, b)
        shown = list(results)[min(self.seat, len(results) - 1)] if results else None
        if shown is not None and not results[shown]:
            style.text(surface, t("review.none"), (box.x + 36, box.y + ROWS_Y + 8), 17, style.INK_SOFT)

    def draw_tab(self, surface: pygame.Surface, rect: pygame.Rect, player: str, count: int) -> None:
        """A seat's tab: its colour, its name and how many decisions are flagged."""
        chosen = list(self.results()).index(player) == min(self.seat, len(self.results()) - 1)
        hovered = bool(self.hover and rect.collidepoint(self.hover))
        fill = style.GOLD_LIGHT if chosen else style.PARCHMENT_DARK if hovered else style.shade(style.PARCHMENT, 0.95)
        draw.rect(surface, fill, rect, border_radius=8)
        draw.rect(surface, style.INK if chosen else style.INK_SOFT, rect, 2 if chosen else 1, border_radius=8)
        swatch = pygame.Rect(rect.x + 10, rect.centery - 10, 20, 20)
        draw.rect(surface, style.player_colour(player), swatch, border_radius=4)
        draw.rect(surface, style.INK, swatch, 2, border_radius=4)
        label = f"{self.match.name(player)} · {tn('review.seat_count', count)}"
        style.text(surface, label, (swatch.right + 8, rect.centery), style.fit_size(label, rect.right - swatch.right - 16,
                   17, True, minimum=13), style.INK, bold=True, anchor="midleft")

    def draw_decision(self, surface: pygame.Surface, rect: pygame.Rect, b: Blunder) -> None:
        """One flagged decision: what was played against the better plan, what the better plan
        would have changed on the board (the engine's points by area), and the advisor's reason."""
        name = self.match.name
        hovered = bool(self.hover and rect.collidepoint(self.hover))
        draw.rect(surface, style.PARCHMENT_DARK if hovered else style.shade(style.PARCHMENT, 1.04), rect,
                  border_radius=6)
        draw.rect(surface, style.INK_SOFT, rect, 1, border_radius=6)
        for line, y, size, bold, ink in decision_lines(b, name, rect.width - 24):
            if y + style.line_height(size, bold) > rect.height:     # never past the row (the replay shows all)
                break
            style.text(surface, line, (rect.x + 12, rect.y + y), size, ink, bold=bold)


def decision_lines(b: Blunder, name: Namer, width: int) -> list[tuple[str, int, int, bool, tuple[int, int, int]]]:
    """(text, y within the row, size, bold, colour) of a decision's lines, each wrapped to
    `width` at a readable size: the headline, what the better plan changes, why."""
    played, best = headline(b, name)
    changes = changes_text(b.changes)
    better = t("review.with", best=best, changes=changes) if changes else t("review.better_only", best=best)
    line = tn("review.line", round(b.loss), round=b.round, played=played)
    if b.noise:      # the judge's own uncertainty at that position (the review flags beyond it)
        line = t("review.give_or_take", line=line, noise=f"{b.noise:.1f}")
    parts = [(line, LINE_SIZE, True, style.INK),
             (better, DETAIL_SIZE, False, style.INK)]
    parts.append((t("review.why", reason=reason_text(b.reason, name)), DETAIL_SIZE, False, style.INK_SOFT))
    out: list[tuple[str, int, int, bool, tuple[int, int, int]]] = []
    y = 5.0
    for text, size, bold, ink in parts:
        for line in style.wrap(text, width, size, bold):
            out.append((line, round(y), size, bold, ink))
            y += style.line_height(size, bold)
        y += PART_GAP
    return out


navigation.SCREENS.review = ReviewScene
