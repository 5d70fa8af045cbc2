"""Learn to play: the lesson panel and highlight drawn over the ordinary match screen.

Why a layer over the match screen: the lesson runs the real match screen (its phases and the
Castillo reveal) unchanged. Each chapter's match screen is put in the app's scene stack right
under this layer (`Transition.under`): the app enters, updates and leaves it and gives it the
input this layer leaves. The layer only observes it through its public API (what is staged,
asked and settled) and draws the lesson on top: the step's text, a pulsing frame around the
element it points at, a nudge when a legal move is not the one asked for, and Continue. Menus, help and the pause menu (Esc → leave) are pushed above it as in any game. The
step reached is saved (game/tutorial/progress.py), so the lesson resumes there.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import math

import pygame

import engine

from game.shell import input as inp
from game.shell import layout
from game.shell.focus import Target
from game.shell.i18n import language, t
from game.present.picker import ARG_ORDER, AREAS
from game.render import draw, style
from game.shell.scene import PULSE, Context, Scene, Transition
from game.tutorial.lesson import Lesson
from game.tutorial.match import TutorialMatch
from game.tutorial.panel import PanelText, continue_button, footer, log_button, outlined_frame, paint_panel
from game.tutorial.panel import fits as fits, text_box as text_box   # read by the tests
from game.tutorial.progress import Progress, load_progress, save_progress
from game.tutorial.targets import (
    event_element,
    element_rect,
    frame_around,
    element_region,
    panel_rect,
    region_outline,
)
from game.scenes import navigation

if TYPE_CHECKING:
    from game.scenes.play import MatchScene     # the held match screen's type only

SPOT = 40            # the ring marking where to click in an area
SPOT_DROP = 26       # the ring sits this far below where Caballeros land, clear of the values
RING_ROOM = 16       # the white ring's pulse around its target: no tooltip covers it (MatchScene.keep_clear)


class TutorialScene(Scene):
    """The lesson from step `index` (see the module docstring)."""

    name = "tutorial"
    opaque = False          # the chapter's match screen, under it in the stack, shows through

    def __init__(self, ctx: Context, lesson: Lesson, index: int = 0) -> None:
        super().__init__(ctx)
        self.lesson = lesson
        self.hover: tuple[int, int] | None = None
        self.screen: MatchScene | None = None   # the chapter's match screen, under this layer
        self.match = self.start(min(max(index, 0), lesson.total - 1))

    # ---- the lesson's course --------------------------------------------------------------------
    def start(self, index: int) -> TutorialMatch:
        """A chapter's game at step `index`, on a match screen put under this layer (in place of
        the previous chapter's), with the chapter named."""
        match = TutorialMatch(self.lesson, index)
        scene = navigation.match_screen(self.ctx, match)
        self.request(Transition.under(scene, swap=self.screen is not None))
        self.screen = scene
        scene.make_room_for_lesson()
        scene.announce(self.text(match.chapter.title), 1.8)
        self.save(index)
        return match

    def save(self, index: int) -> None:
        save_progress(Progress(index, load_progress().done))

    def advance(self) -> None:
        """To the next step: the same game, the next chapter's game, or the end of the lesson."""
        match = self.match
        following = match.index + 1
        if following >= self.lesson.total:
            save_progress(Progress(0, True))
            self.request(Transition.reset(navigation.title(self.ctx)))
            return
        if self.lesson.locate(following)[0] != match.chapter_index:
            self.match = self.start(following)
            return
        match.next_step()
        self.save(following)

    @property
    def top(self) -> MatchScene:
        assert self.screen is not None, "a lesson always holds its chapter's match screen"
        return self.screen

    @staticmethod
    def text(value: dict[str, str]) -> str:
        return value.get(language()) or value["en"]

    def shown_text(self) -> str:
        """The step's instruction, then what to notice once its moves are made."""
        step = self.match.step
        if self.match.moves_done and step.notice:
            return self.text(step.notice)
        return self.text(step.say)

    def pointed(self) -> str | None:
        """The element the step points at now: "live" follows the event being shown (nothing
        before the first one, the last one's place after it)."""
        point = self.match.step.point
        if point == "live":
            feed = self.match.feed
            shown = feed.past[self.match.step_events:len(feed.past) - len(feed.events)]
            return next((element for event in reversed(shown) if (element := event_element(event))), None)
        if point == "hand" and self.top.name != "power":
            return None          # the power hand is drawn only while power cards are played
        return point

    def pointed_rect(self) -> pygame.Rect | None:
        """Where the step points now (None: nothing to point at)."""
        point = self.pointed()
        if point is None:
            return None
        game = self.match.view()
        return element_rect(point, tuple(game.players), self.match.humans[0], game.king)

    def asked_move(self) -> str | None:
        """The move the player is asked for right now (None while it is not the player's turn)."""
        match = self.match
        return None if match.moves_done or not self.top.my_turn() else match.expected()

    def asked_click(self) -> tuple[str, str] | None:
        """(verb, value) of the next click the asked move needs: the argument the move picker asks
        for next (a scoreboard's board, then its region), or "" for a move without arguments."""
        move = self.asked_move()
        if move is None:
            return None
        verb, *args = move.split()
        chosen = self.top.half_chosen(verb)
        if not all(i < len(args) and args[i] == v for i, v in chosen.items()):
            chosen = {}
        left = [i for i in ARG_ORDER.get(verb, tuple(range(len(args)))) if i not in chosen]
        return verb, args[left[0]] if left else ""

    def asked_area(self) -> str | None:
        """The region or Castillo the asked move is made in, if it is clicked on the map now."""
        click = None if self.top.staged() is not None else self.asked_click()
        return click[1] if click and click[1] in AREAS else None

    def move_target(self) -> pygame.Rect | None:
        """Where the player makes the asked move: the power card, the action card, the button, or
        a spot in the area (None while nothing is asked of the player)."""
        click, area = self.asked_click(), self.asked_area()
        if click is None:
            return None
        if self.top.staged() is not None:     # the asked move waits for its Confirm button
            return next((rect for rect, choice in self.top.choice_buttons() if choice.verb == "confirm"), None)
        if area:
            spot = pygame.Rect(0, 0, SPOT, SPOT)
            x, y = layout.area_anchor(area)
            below = (round(x), round(y) + SPOT_DROP)        # under the Caballeros, clear of the values
            spot.center = below if layout.area_at(below) == area else layout.area_point(area)
            return spot
        verb, value = click
        where = engine.VERB_INFO[verb].chosen_on
        if where is engine.Where.HAND:
            return layout.hand_rects()[int(value) - 1]
        if where is engine.Where.OFFER:
            offer = self.top.offer()
            return layout.card_rects(len(offer) or 5)[offer.index(value)] if value in offer else None
        return next((rect for rect, choice in self.top.choice_buttons() if (choice.verb, choice.value) == click),
                    None)

    def settled(self) -> bool:
        """Nothing left to watch: no move or scoring still animating, no scoring summary up (the
        next step's text must match the board it talks about)."""
        return self.top.settled()

    def can_continue(self) -> bool:
        return self.match.needs_continue and self.settled()

    # ---- input --------------------------------------------------------------------------------
    def focus_targets(self) -> list[Target]:
        """The lesson's Continue while a step waits to be read, else the held game's choices."""
        log = Target("log", log_button(panel_rect()))
        if self.can_continue():
            return [Target("continue", continue_button(panel_rect())), log]
        return self.top.focus_targets() + [log]

    def handle(self, intent: inp.Intent) -> bool:
        """The lesson's own input: Continue, and clicks on its panel. The rest it leaves: the app
        gives it to the match screen under this layer."""
        if intent.kind == inp.Kind.HOVER:
            self.hover = intent.pos
            return False           # the match screen follows the pointer too
        if self.can_continue() and (intent.kind == inp.Kind.CONFIRM or (
                intent.kind == inp.Kind.CLICK and continue_button(panel_rect()).collidepoint(intent.pos))):
            self.ctx.sounds.play("click")
            self.advance()
            return True
        if intent.kind == inp.Kind.CLICK and log_button(panel_rect()).collidepoint(intent.pos):
            self.top.log_view.expanded = not self.top.log_view.expanded
            self.ctx.sounds.play("click")
            return True
        # the panel lies over the log: clicks on it go nowhere else
        return intent.kind == inp.Kind.CLICK and panel_rect().collidepoint(intent.pos)

    def check_staged(self) -> None:
        """A move staged for Confirm is checked at once: one the step does not ask for is dropped
        with its nudge, so the player never confirms a move only to be refused."""
        staged, player = self.top.staged(), self.match.view().to_move
        if staged is None or player is None:
            return
        refusal = self.match.refusal(player, str(staged))
        if refusal:
            self.top.drop_staged()
            self.match.nudge, self.match.nudged = refusal, True
        else:
            self.match.nudge = None

    # ---- frame --------------------------------------------------------------------------------
    def update(self, dt: float) -> Transition | None:
        """After the match screen's own update (the app runs it first): a staged move the step
        does not ask for is dropped, a refused one nudged, a step whose moves are made moved on."""
        self.check_staged()
        if self.match.nudged:
            self.match.nudged = False
            self.top.show_toast(t("tutorial.toast"), error=False)
            self.ctx.sounds.play("error")
        if self.match.moves_done and not self.match.needs_continue:
            self.advance()
        ring = self.move_target()
        if ring is not None:
            ring = ring.inflate(RING_ROOM, RING_ROOM)
        self.top.keep_clear = () if ring is None else ((ring.x, ring.y, ring.width, ring.height),)
        return self.take_request()

    def redraw_rate(self) -> float:
        """The pulses on what the step points at (the app adds the match screen's own rate)."""
        return PULSE

    def frame(self) -> object:
        """The lesson panel's state and where its pulses stand (the app adds the match screen's
        frame)."""
        match = self.match
        boxes = tuple(None if r is None else (r.x, r.y, r.width, r.height)
                      for r in (self.pointed_rect(), self.move_target()))
        return (match.index, match.moves_done, match.nudge, self.can_continue(), self.hover, boxes,
                self.top.log_view.expanded)

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Over the match screen (drawn under it by the app): the lesson's pulses on what the step
        points at — never over a modal panel (a scoring's summary), and under an open tooltip —
        then the lesson panel."""
        top = self.top
        if top.summary is None:
            self.draw_highlight(surface)
            self.draw_move_target(surface)
            top.draw_tooltip(surface)
        self.draw_panel(surface)

    def draw_move_target(self, surface: pygame.Surface) -> None:
        """A smaller, brighter pulse on exactly what to click (a ring in an area)."""
        rect = self.move_target()
        if rect is None:
            return
        pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 160)
        if self.asked_area():
            radius = SPOT // 2 + 4 * pulse
            draw.circle(surface, style.WOOD_DARK, rect.center, radius, 6)
            draw.circle(surface, style.WHITE, rect.center, radius, 3)
            return
        outlined_frame(surface, frame_around(rect, 6 + round(4 * pulse)), style.WHITE, 3)

    def draw_highlight(self, surface: pygame.Surface) -> None:
        """A pulsing gold frame around the element the step points at (a region's own border)."""
        rect = self.pointed_rect()
        if rect is None:
            return
        pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 220)
        colour = style.shade(style.HIGHLIGHT, 0.8 + 0.2 * pulse)
        width = 3 + round(2 * pulse)
        region = element_region(self.pointed() or "", self.match.view().king)
        if region:
            outline = region_outline(region)
            glow = draw.layer(rect.size)
            draw.polygon(glow, (*style.HIGHLIGHT, int(20 + 30 * pulse)), [(x - rect.x, y - rect.y) for x, y in outline])
            draw.blit(surface, glow, rect)
            draw.polygon(surface, style.WOOD_DARK, outline, width + 3)
            draw.polygon(surface, colour, outline, width)
            return
        outlined_frame(surface, frame_around(rect, 10 + round(4 * pulse)), colour, width)

    @style.fixed_size
    def draw_panel(self, surface: pygame.Surface) -> None:
        """The lesson's panel, docked in the log's place at its designed text size: its three
        lines and the foot's two are checked to fit it (tests/game/test_tutorial.py)."""
        match = self.match
        hint, ink, button = footer(match, self.lesson.total, self.can_continue(), match.view().to_move in match.humans,
                                   self.top.summary is not None)
        words = PanelText(t("tutorial.title") + " · " + self.text(match.chapter.title),
                          t("tutorial.step", step=match.index + 1, total=self.lesson.total), self.shown_text(), hint,
                          ink, button, log=self.top.log_view.expanded)
        paint_panel(surface, panel_rect(), words, hover=self.hover)


navigation.SCREENS.tutorial = TutorialScene
