"""Post-game review screen: per human seat, the decisions the hard AI judged furthest below its
best choice, each opening the replay viewer at that decision with the better choice shown.

Why one decision per worker job: the window keeps drawing a progress bar between answers, and
leaving the screen simply cancels the job in flight (game/review.py has the judging itself).
"""
from __future__ import annotations

import pygame

from game.match import ai_worker
from game.shell import layout
from game.shell import input as inp
from game.shell.focus import Target, of_rects
from game.match.controller import Match
from game.match.hints import plan_text, reason_text
from game.shell.i18n import t
from game.render import draw, style
from game.match.review import WORST, Blunder, blunder, decisions, judge_rng, worst_per_seat
from game.shell.scene import PULSE, STILL, Context, Scene, Transition

ROW_H = 46


def back_button() -> pygame.Rect:
    return layout.in_frame(515, 712, 250, 52)


def panel() -> pygame.Rect:
    return layout.in_frame(60, 120, 1160, 570)


def headline(b: Blunder, name) -> tuple[str, str]:
    """The decision played and the better one in few words: the first step alone when that is
    where they part (a different card), else the whole plans (same card, other placements)."""
    differ_at_first = b.played[0] != b.best[0]
    played = plan_text(b.played[:1] if differ_at_first else b.played, name)
    best = plan_text(b.best[:1] if differ_at_first else b.best, name)
    return played, best


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
            best, loss = reply.result
            self.judged.append(blunder(self.games[d.start], d, best, loss))
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
        """(rect, blunder or None for a seat's heading, seat) for every line of the list: one
        column for one or two seats, two columns beyond; five decisions a seat, three when two
        seats share a column."""
        out: list[tuple[pygame.Rect, Blunder | None, str]] = []
        box = panel()
        results = list(self.results().items())
        columns = 1 if len(results) <= 1 else 2
        per_column = -(-len(results) // columns)
        shown = WORST if per_column == 1 else 3
        width = (box.width - 48 - 16 * (columns - 1)) // columns
        for i, (player, found) in enumerate(results):
            x = box.x + 24 + (i // per_column) * (width + 16)
            y = box.y + 64 + (i % per_column) * (40 + shown * ROW_H)
            out.append((pygame.Rect(x, y, width, 30), None, player))
            for k, b in enumerate(found[:shown]):
                out.append((pygame.Rect(x, y + 34 + k * ROW_H, width, ROW_H - 4), b, player))
        return out

    def focus_targets(self) -> list[Target]:
        """The flagged decisions (each opens the replay there), then Back."""
        named = [(("decision", i), rect) for i, (rect, b, _) in enumerate(self.rows()) if b is not None]
        return of_rects(named + [(("back",), back_button())])

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.HOVER:
            self.hover = intent.pos
            return True
        if intent.kind in (inp.CANCEL, inp.CONFIRM):
            self.leave()
            return True
        if intent.kind != inp.CLICK:
            return False
        if back_button().collidepoint(intent.pos):
            self.leave()
            return True
        for rect, b, _ in self.rows():
            if b is not None and rect.collidepoint(intent.pos):
                self.open(b)
                return True
        return False

    def open(self, b: Blunder) -> None:
        """The replay viewer at the decision, the better choice on a plate and as ghosts."""
        from game.match.replay_model import ReplayModel
        from game.scenes.replay import ReplayAdvice, ReplayScene
        model = ReplayModel(self.record, "game", tuple(self.match.seat_meta())).window()
        _, best = headline(b, self.match.name)
        note = t("review.better", best=best, points=f"{b.loss:.0f}")
        self.request(Transition.push(ReplayScene(self.ctx, model, position=b.start,
                                                 advice=ReplayAdvice(b.start, note, b.best, b.player))))
        self.ctx.sounds.play("click")

    # ---- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(style.wood_background(surface.get_size()), (0, 0))
        frame = layout.FRAME
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
        style.text(surface, t("review.open"), (box.centerx, box.y + 24), 15, style.INK_SOFT, anchor="midtop")
        name = self.match.name
        for rect, b, player in self.rows():
            if b is None:
                draw.rect(surface, style.player_colour(player), (rect.x, rect.y + 6, 20, 20), border_radius=4)
                draw.rect(surface, style.INK, (rect.x, rect.y + 6, 20, 20), 2, border_radius=4)
                style.text(surface, name(player), (rect.x + 30, rect.y + 2), 22, style.INK, bold=True, face="serif")
                if not self.results()[player]:
                    style.text(surface, t("review.none"), (rect.x + 30, rect.bottom + 2), 15, style.INK_SOFT)
                continue
            hovered = bool(self.hover and rect.collidepoint(self.hover))
            draw.rect(surface, style.PARCHMENT_DARK if hovered else style.shade(style.PARCHMENT, 1.04), rect,
                      border_radius=6)
            draw.rect(surface, style.INK_SOFT, rect, 1, border_radius=6)
            played, best = headline(b, name)
            line = t("review.line", round=b.round, played=played, points=f"{b.loss:.0f}", best=best)
            style.text(surface, line, (rect.x + 12, rect.y + 3), style.fit_size(line, rect.width - 24, 16, True),
                       style.INK, bold=True)
            why = reason_text(b.reason, name)
            style.text(surface, why, (rect.x + 28, rect.bottom - 3), style.fit_size(why, rect.width - 40, 13),
                       style.INK_SOFT, anchor="bottomleft")
