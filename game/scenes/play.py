"""The match screen: one long-lived scene for the whole game, read from a match source
(game/match/source.py: a local match, a lesson's, a server's table). It animates the source's
events, lets humans choose moves, and shows all of it as a frame (game/present/match_frame.py)
built by its model (match_screen/model.py) and painted by match_screen/paint.py; the app draws
whenever that frame changes.

Its parts live in game/scenes/match_screen/: input and the keyboard focus's targets, the advisor's
hints, and the phases (power, action, general scoring, Castillo reveal) as modes that answer with
commands this scene carries out, switched as the engine's phase and events say; everything else
the screen holds — the table, the log and its scroll, rank badges, a pinned tooltip, the hint
panel — lives on across them. Hand-offs are overlays pushed on top; the game-over screen follows
the last scoring.
"""
from __future__ import annotations

import math

import pygame

import engine
from engine import events as E
from game.shell import input as inp
from game.shell import layout
from game.present import staging
from game.render.animator import Animator
from game.match.controller import Match
from game.match.remote import RemoteTable
from game.match.source import MatchSource
from game.shell.focus import Target
from game.match.hints import HintRequest
from game.present.hint_plan import HintPlan
from game.present.match_frame import Frame
from game.shell.i18n import area_name, t
from game.present.describe import move_key
from game.present.picker import Choice, Picker, offered
from game.present.preview import preview_line, would_complete
from game.present.prompts import decision_prompt, staged_prompt
from game.render import hint_panel, style
from game.render.log_view import LogView
from game.shell.scene import MOVING, PULSE, STILL, Context, Scene, Transition
from game.present.score_summary import ScoreSummary
from game.present.table import Table
from game.present.waiting import waiting_prompt
from game.shell.tween import Tweener
from game.scenes.match_screen.modes import Flow, Mode, Switch, mode_for_phase
from game.scenes.match_screen.scoring import ScoringMode
from game.scenes import navigation
from game.scenes.match_screen import hints as match_hints
from game.scenes.match_screen import input as match_input
from game.scenes.match_screen.input import CONFIRM
from game.scenes.match_screen.model import DWELL_SECONDS, frame_of
from game.scenes.match_screen.paint import Canvas, asked, paint, paint_tooltip

SUMMARY_SECONDS = 5.0   # how long a scoring summary stays up when no human is seated
PULSE_PERIOD = 3.0   # seconds of one breath of the legal targets' outline (drawn at scene.PULSE Hz)
REMOTE_POLL = 0.1    # seconds between two looks at a server's news while nothing moves


class MatchScene(Scene):

    def __init__(self, ctx: Context, match: MatchSource, table: Table | None = None,
                 log_view: LogView | None = None) -> None:
        super().__init__(ctx)
        self.match = match
        self.table = table or Table()
        if table is None:
            self.resync()
            self.table.restore_offer(match.past_events())
        self.tweener = Tweener(speed=ctx.settings.anim_speed)
        self.animator = Animator(self.table, self.tweener, ctx.sounds, self.panel_point, match.name)
        self.picker = Picker()
        self.log_view = log_view or LogView()       # handed on to the next phase's scene: tall stays tall
        self.summary: ScoreSummary | None = None
        self.summary_time = 0.0
        self.marks = False                      # M: rank badges on every region
        self.hover_area: str | None = None      # the area under the pointer, and for how long
        self.hover_time = 0.0
        self.pinned_area: str | None = None     # right-clicked: its standings show at once
        self._picker_key: tuple | None = None
        self.hover: tuple[int, int] | None = None
        self.toast = ""
        self.toast_time = 0.0
        self.toast_error = True
        self.skipping = False
        self._save_error_shown: str | None = None
        self.staging = staging.Staging()
        self.clock = 0.0   # seconds this scene has run: drives the targets' pulse (draw stays pure)
        self.step_clock = 0.0   # the clock when the current step (position, who decides) began
        self.preview: tuple[tuple, str | None] = ((), None)   # (what it was computed for, the line)
        self.preview_after: engine.View | None = None       # the viewer's position after that move
        self._hand_offs_seen = match.hand_offs
        self.hints = HintRequest()
        self.hint_plan = HintPlan()      # a clicked hint, followed step by step (present/hint_plan.py)
        self.keep_clear: tuple[tuple[int, int, int, int], ...] = ()     # no tooltip covers these (a lesson's target)
        self.mode: Mode = mode_for_phase(self, match.view().phase, None)

    @property
    def name(self) -> str:  # type: ignore[override]  # the mode's: "power", "action", "scoring", "castillo"
        return self.mode.name

    # ---- what a lesson held around the screen reads and asks (game/scenes/tutorial.py) --------
    def settled(self) -> bool:
        """Nothing left to watch: no move or scoring animating, no scoring summary up."""
        return not self.tweener.busy and not self.match.events and self.summary is None

    def half_chosen(self, verb: str) -> dict[int, str]:
        """The arguments already clicked of a `verb` move being built (none for another verb)."""
        return dict(self.picker.chosen) if self.picker.verb == verb else {}

    def drop_staged(self) -> None:
        """Forget the move waiting for Confirm."""
        self.staging.clear()

    def offer(self) -> list[str]:
        """The round's action cards, in their slots."""
        return list(self.table.offer)

    def announce(self, text: str, seconds: float) -> None:
        """A banner across the map (a lesson's chapter title)."""
        self.animator.say(text, seconds)

    def make_room_for_lesson(self) -> None:
        """The log gives its lower part to a lesson's panel (no hint panel is docked there)."""
        self.log_view.dock = "lesson"

    # ---- shared state -------------------------------------------------------------------------
    def resync(self) -> None:
        """Copy the viewer's position into the table (hiding what this screen must not show): in
        the secret-Castillo variant each player sees his own Castillo count — in pass-and-play
        only on his own private turn, behind a hand-off, never while the table looks."""
        options = self.match.view().options
        hide: str | None | bool = False
        if options.get("castillo") == "secret":
            hide = self.match.viewer if not self.match.pass_and_play else self.private_viewer()
        self.table.sync(self.match.view(), hide)

    def private_viewer(self) -> str | None:
        """The player the shared screen was handed to for his private decision (None: the table
        looks); only a local match passes its screen around."""
        return self.match.handed_to if isinstance(self.match, Match) else None

    def panel_point(self, player: str) -> tuple[float, float]:
        rects = layout.player_rects(len(self.match.players))
        rect = rects[self.match.players.index(player)]
        return (rect.x + 60, rect.centery)

    def my_turn(self) -> str | None:
        """The human who may click now: nothing animating, no summary up, no hand-off pending."""
        if self.tweener.busy or self.match.events or self.summary is not None or self.match.handoff_due():
            return None
        player = self.match.human_to_move()
        return player if player == self.match.viewer or not self.match.pass_and_play else None

    def refresh_picker(self) -> None:
        """Rebuild the choices whenever the position or who may click has changed."""
        turn = self.my_turn()
        key = (self.match.version, turn)
        if self._picker_key != key:
            self._picker_key = key
            self.step_clock = self.clock
            self.picker.reset(offered(self.match.view(), self.match.legal_moves()) if turn else [])

    # ---- input (game/scenes/match_screen/input.py) -----------------------------------------------------
    def handle(self, intent: inp.Intent) -> bool:
        return match_input.handle(self, intent)

    def focus_targets(self) -> list[Target]:
        return match_input.focus_targets(self)

    def play_choice(self, move: engine.Move | None) -> bool:
        """A complete move from a click: staged when it waits for Confirm, else played."""
        if move is None:
            return True
        if self.ctx.settings.confirm_moves and staging.needs_confirm(self.match.view(), move):
            self.staging.stage(move, self.match.version)
            self.ctx.sounds.play("click")
            return True
        return self._commit(move)

    def _commit(self, move: engine.Move) -> bool:
        if self.match.play(move):
            self.ctx.sounds.play("click")
            if self.toast_error:
                self.toast_time = 0.0       # a refusal is stale once a legal move is played
        else:
            self.show_toast(self.match.error or "")
        return True

    def staged(self) -> engine.Move | None:
        """The move waiting for Confirm (None when nothing is staged or the position moved on)."""
        return self.staging.current(self.match.version) if self.my_turn() else None

    def confirm(self) -> bool:
        """Enter / the Confirm button: the staged move reaches the engine."""
        move = self.staged()
        self.staging.clear()
        return self._commit(move) if move is not None else False

    def explain(self, text: str) -> None:
        """An illegal choice: show the engine's reason in words (the match words it)."""
        if not self.match.play(text):
            self.show_toast(self.match.error or "")
            self.ctx.sounds.play("error")

    # ---- undo ---------------------------------------------------------------------------------
    def undo_shown(self) -> bool:
        """The Undo button is offered while the human deciding may take a decision (or the staged
        choice) back."""
        return bool(self.my_turn()) and (self.staged() is not None or self.match.can_undo())

    def undo(self) -> None:
        """Ctrl+Z / the Undo button: one decision back, the board jumps there without animating."""
        if not self.undo_shown():
            if self.match.undo_player and not self.tweener.busy and not self.match.events:
                self.show_toast(t("undo.refused"))
                self.ctx.sounds.play("error")
            return
        if not self.match.undo():
            self.show_toast(self.match.error or t("undo.refused"))
            return
        self.jump_to_position()
        self.show_toast(t("undo.done"), error=False)
        self.ctx.sounds.play("click")

    def jump_to_position(self) -> None:
        """Show the match's current position at once: no tweens, no sprites, the offer rebuilt."""
        self.tweener.cancel()
        self.animator.banner.alpha = 0.0
        self.table.reset_animation()
        self.table.offer = []
        self.resync()
        self.table.restore_offer(self.match.past_events())
        self.picker.cancel()
        self._picker_key = None

    def show_toast(self, message: str, error: bool = True) -> None:
        """A message on the prompt plate for a few seconds: red for a refusal, gold for news."""
        self.toast, self.toast_time, self.toast_error = message, 3.5 if error else 2.0, error

    def choice_buttons(self) -> list[tuple[pygame.Rect, Choice]]:
        """The buttons of the choice row: Confirm alone while a move is staged."""
        if not self.my_turn():
            return []
        choices = [CONFIRM] if self.staged() else self.picker.buttons()
        labels = [self.choice_label(c) for c in choices]
        widths = [max(70, int(style.text_width(label, 16, True)) + 28) for label in labels]
        return list(zip(layout.choice_rects(widths, self.choice_row()), choices))

    def choice_row(self) -> pygame.Rect:
        """Where the choice buttons (and Confirm) go: the mode says (under the map, or above the
        power hand)."""
        return self.mode.choice_row()

    def undo_rect(self) -> pygame.Rect:
        return self.mode.undo_rect()

    def choice_label(self, choice: Choice) -> str:
        if choice.kind == "verb":
            return t(f"button.{choice.verb}")
        if (key := move_key(choice.verb, (choice.value,))) != choice.verb:     # "place first", "action first"
            return t(f"button.{key}")
        if choice.value in self.match.view().colours_on_board:   # the neutral colour's too
            return self.match.name(choice.value)
        if choice.value in ("court", "provinces"):        # a region is clicked on the map, never a button
            return area_name(choice.value)
        return choice.value

    # ---- frame --------------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | None:
        """One frame of the match; the choices are rebuilt last, so `draw` reads them as they are
        and changes nothing."""
        transition = self._advance(dt)
        self.refresh_picker()
        if transition is None and isinstance(self.match, RemoteTable) and (gone := self.match.seat_to_ask()):
            return Transition.push(navigation.seat_lost(self.ctx, self.match, gone))
        return transition

    def _advance(self, dt: float) -> Transition | None:
        self.match.think()          # the AI thinks while the board animates
        self.tweener.speed = self.ctx.settings.anim_speed
        self.tweener.update(dt)
        self.clock += dt
        self.update_preview()
        self.hints.poll(self.match, self.my_turn())
        if self.log_view.dock != "lesson":
            docked = bool(self.hint_plan.remaining(self.match.view(), self.match))     # also undocks a finished plan
            if self.hint_plan.left:
                self.hint_plan.left = False
                self.show_toast(t("hint.plan_left"), error=False)
            self.log_view.dock = "hint" if (self.hints.shown or docked) and self.my_turn() else None
            rows = match_hints.hint_rows(self) if self.log_view.dock and self.hints.shown else []
            self.log_view.dock_height = hint_panel.panel_height(rows) if rows else 0
        self.toast_time = max(0.0, self.toast_time - dt)
        self.log_view.follow(self.prompt())     # a new prompt brings the log back to its newest line
        area = layout.area_at(self.hover) if self.hover else None
        self.hover_time = self.hover_time + dt if area == self.hover_area else 0.0
        self.hover_area = area
        if self.match.save_error and self.match.save_error != self._save_error_shown:
            self._save_error_shown = self.match.save_error
            self.show_toast(t("save.autosave_failed", error=self.match.save_error))
        elif self.ctx.notices and self.toast_time <= 0:
            self.show_toast(self.ctx.notices.pop(0))
        self.count_down_summary(dt)
        while not self.holding():
            if self.open_summary():
                break
            if self.tweener.busy:
                if not self.skipping:
                    break
                self.tweener.finish()
            if not self.match.events:
                self.skipping = False
                break
            self.pump(self.match.events[0])
        request = self.take_request()
        if request or self.tweener.busy or self.match.events or self.summary is not None:
            return request
        return self.settle()

    def thinking(self) -> str | None:
        """The AI seat shown as thinking: only while the screen waits for it — not while earlier
        events are still animating, a scoring's table is up, a hand-off is due or an online table
        waits for a human (the AI may already think meanwhile, but nobody waits for it then)."""
        thinking = self.match.thinking
        if thinking is None or not self.settled() or self.match.handoff_due() or self.match.waiting_text():
            return None
        return thinking

    def poll_interval(self) -> float:
        """Every frame's worth while an AI thinks: its move is taken as soon as it arrives (the
        board is only redrawn at the thinking pulse meanwhile). A server's table is polled a few
        times a second more than the app's idle poll: its news is drawn as it comes."""
        if self.match.thinking or self.hints.thinking:
            return 1 / 60
        return math.inf if self.match.local else REMOTE_POLL

    def redraw_rate(self) -> float:
        """Timed redraws for what moves on its own: every frame while pieces move; a slow pulse
        while legal targets glow, an AI thinks or a message counts down. A change of state needs
        none: the frame loop draws whenever the frame differs from the one drawn last."""
        if self.tweener.busy or self.match.events:
            return MOVING
        if self.thinking() or self.hints.thinking or self.toast_time > 0:
            return PULSE
        if self.targets():      # lit targets pulse
            return PULSE
        if (self.summary is not None and not self.match.humans) or \
                (self.hover_area and self.hover_time < DWELL_SECONDS + 2 / PULSE):
            return PULSE     # a summary counting down, a standings tooltip about to show (and shown)
        return STILL

    def holding(self) -> bool:
        """True while the scene shows something that must not be overtaken by later events."""
        return self.summary is not None

    def open_summary(self) -> bool:
        """Put up the summary of a scoring once its last event has been animated."""
        if self.summary is None and not self.tweener.busy:
            self.summary = self.match.take_summary()
            self.summary_time = SUMMARY_SECONDS
        return self.summary is not None

    def count_down_summary(self, dt: float) -> None:
        """With humans seated the summary waits for a click or Enter; in AI-only games it stays a
        few seconds (shorter at higher animation speeds)."""
        if self.summary is not None and not self.match.humans:
            self.summary_time -= dt * self.ctx.settings.anim_speed
            if self.summary_time <= 0:
                self.summary = None

    def pump(self, event: engine.events.Event) -> None:
        """Consume the next event: the mode's own, the start of a general scoring (the scoring
        mode takes over), or animated here. Several Caballeros moved by one effect (a court
        fill, an Intrigue, an eviction) fly together."""
        command = self.mode.pump(event, self.match.events)
        if command is not None:
            self.follow(command)
        elif isinstance(event, E.ScoringStarted) and event.kind == "general":
            self.mode = ScoringMode(self)
        else:
            self.animator.start(self.match.events.popleft())
            if isinstance(event, E.CaballerosMoved):
                self.fly_together()

    def follow(self, command: Flow) -> None:
        """Carry out a mode's answer: drop the events it shows itself, or switch modes."""
        if isinstance(command, Switch):
            self.mode = command.mode
            return
        for _ in range(command.count):
            self.match.events.popleft()

    def fly_together(self) -> None:
        """Start the Caballeros moves queued right behind the one just started, slightly staggered."""
        queue = self.match.events
        delay = 0.0
        while queue and isinstance(event := queue[0], E.CaballerosMoved):
            delay += 0.06
            queue.popleft()
            self.animator.fly(event.player, event.source, event.target, event.count, delay=delay)

    def settle(self) -> Transition | None:
        """Nothing left to animate: resync, then hand-off, game over, the mode of the engine's
        phase, or let the AI think."""
        command = self.mode.settle()
        if command is not None:
            self.follow(command)
            return None
        self.resync()
        if self.match.view().is_over:
            return Transition.replace(navigation.game_over(self.ctx, self.match, self.table))
        due = self.match.handoff_due()
        if due:
            return Transition.push(navigation.handoff(self.ctx, self.match, *due))
        self.mode = mode_for_phase(self, self.match.view().phase, self.mode)
        self.match.follow_turn()
        self.match.poll_ai()
        self.refresh_picker()
        return None

    def exit(self) -> None:
        """Off the stack (quit to title, the end screen): an online table's connection is closed,
        so the server shows the seat as gone to the others at once."""
        self.match.close()

    def resume(self) -> None:
        """Back from an overlay or hand-off: rebuild choices and forget the hover (the mouse may
        rest where the previous player left it). After a hand-off also forget every half-made
        choice, staged move and message: nothing of the previous player may show."""
        self._picker_key = None
        self.hover = None
        if self.match.hand_offs != self._hand_offs_seen:
            self._hand_offs_seen = self.match.hand_offs
            self.picker.cancel()
            self.staging.clear()
            self.hints.clear()
            self.hint_plan.undock()
            self.toast_time = 0.0
            self.resync()            # the first frame after it shows the new viewer's table
        self.refresh_picker()

    def pulse(self) -> float:
        """0..1, one gentle breath every PULSE_PERIOD seconds of scene time."""
        return 0.5 + 0.5 * math.sin(self.clock * 2 * math.pi / PULSE_PERIOD)

    # ---- drawing ------------------------------------------------------------------------------
    def prompt(self) -> str:
        if self.summary is not None:
            return t("scoring.prompt")
        news = self.match.waiting_text()      # an online table waiting for a gone player
        if news and not self.my_turn():
            return news
        player = self.my_turn()
        if player:
            staged = self.staged()
            if staged is not None:
                return staged_prompt(self.match.view(), self.match.name, staged)
            offered = {choice.verb for _, choice in self.choice_buttons() if choice.kind == "verb"}
            return decision_prompt(self.match.view(), self.match.name, offered, self.castillo_disc())
        return waiting_prompt(self.thinking(), self.match.name)

    def frame(self) -> Frame:
        """What the screen shows now, as a value (game/scenes/match_screen/model.py)."""
        return frame_of(self)

    def canvas(self) -> Canvas:
        return Canvas(self.table, self.match.view(), self.match.name, self.match.players, self.log_view,
                      self.mode.draw_overlay, self.results_view())

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the frame (game/scenes/match_screen/paint.py); changes nothing."""
        paint(surface, self.frame(), self.canvas())

    def draw_frame(self, surface: pygame.Surface, frame: object) -> None:
        paint(surface, frame if isinstance(frame, Frame) else self.frame(), self.canvas())

    def asked_buttons(self) -> list[pygame.Rect]:
        """The buttons the prompt asks for (Confirm, Done, Allow, the choice row, Undo): no tooltip
        may cover them."""
        return asked(self.frame())

    def draw_tooltip(self, surface: pygame.Surface, frame: Frame | None = None) -> pygame.Rect | None:
        """The tooltip layer again (over a focus ring or a lesson's highlight)."""
        return paint_tooltip(surface, frame or self.frame(), self.canvas())

    def draw_focus(self, surface: pygame.Surface, target: Target) -> None:
        """The ring, with a region's standings or a card's help still on top of it."""
        super().draw_focus(surface, target)
        if self.summary is None:
            self.draw_tooltip(surface)

    def castillo_disc(self) -> bool:
        """A disc asked for with no action card in play is the general scoring's Castillo disc."""
        game = self.match.view()
        return game.phase == "disc" and game.card is None

    def phase_caption(self) -> str:
        if self.castillo_disc():
            return t("caption.scoring")
        return t(f"caption.{self.name}")

    def targets(self) -> frozenset[str]:
        """The areas a click may choose now; while a move waits for Confirm the others stay lit,
        since a click on one of them changes the choice."""
        if not self.my_turn():
            return frozenset()
        return self.picker.areas()

    def hovered_target(self) -> str | None:
        area = layout.area_at(self.hover) if self.hover else None
        return area if area in self.targets() else None

    def pending_move(self) -> engine.Move | None:
        """The move shown as a ghost: the staged one, else the one a click on the hovered target
        would complete."""
        staged = self.staged()
        if staged is not None:
            return staged
        area = self.hovered_target()
        return would_complete(self.picker, area) if area else None

    def update_preview(self) -> None:
        """Work out the preview line once per hovered or staged move (it plays the move on a copy)."""
        move = self.pending_move()
        key = (self.match.version, self.match.viewer, str(move) if move is not None else None)
        if key != self.preview[0]:
            line = preview_line(self.match.view(), move, self.match.name) if move else None
            self.preview = (key, line)
            self.preview_after = self.match.view().after(move) if move else None

    def results_view(self) -> engine.View | None:
        """The position whose standings and gains a tooltip may show: none while an animation has
        still to show what the engine has already played (a tooltip never runs ahead of the board),
        the position after the hovered or staged move while one is pending (as its preview line
        says), else the viewer's position."""
        if not self.settled():
            return None
        move = self.pending_move()
        if move is not None and self.preview_after is not None and \
                self.preview[0] == (self.match.version, self.match.viewer, str(move)):
            return self.preview_after
        return self.match.view()

    def standings_area(self) -> str | None:
        """The area whose standings tooltip shows: right-clicked, or rested on for a moment."""
        if self.pinned_area:
            return self.pinned_area
        return self.hover_area if self.hover_time >= DWELL_SECONDS else None


navigation.SCREENS.match_screen = MatchScene
