"""The match screen's model: (match source, the screen's UI state, the pointer) → a Frame.

Why a function of the screen's state and not of drawing: the frame loop compares frames to know
whether anything changed, so building one must read only (no picker refresh, no undocking: the
screen's update did those) and must name everything painting shows (game/present/match_frame.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import engine

from game.present.hint_plan import ghost_counts
from game.present.match_frame import Button, DockedPlan, Frame, Ghost, Hints, Panel, Prompt, Tooltip
from game.render import cards
from game.scenes.match_screen import hints as match_hints
from game.shell import layout
from game.shell.i18n import language, t
from game.match.hints import plan_text
from game.match.remote import RemoteTable

if TYPE_CHECKING:
    import pygame

    from game.match.source import MatchSource
    from game.scenes.play import MatchScene

PRIMARY = ("done", "action", "allow", "confirm")
DWELL_SECONDS = 0.5     # how long the pointer rests on an area before its standings show


def box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.width, rect.height)


def frame_of(screen: MatchScene) -> Frame:
    """The screen as it would be painted now."""
    match = screen.match
    view = match.view()
    turn = screen.my_turn()
    hover = screen.hover
    staged_area = screen.staging.area(match.version) if turn else None
    buttons = tuple(Button(screen.choice_label(choice), box(rect), choice.verb in PRIMARY,
                           bool(hover and rect.collidepoint(hover))) for rect, choice in screen.choice_buttons())
    undo = None
    if screen.undo_shown():
        rect = screen.undo_rect()
        undo = Button("↶ " + t("button.undo"), box(rect), hover=bool(hover and rect.collidepoint(hover)))
    discs = match.visible_discs()
    panels = tuple(Panel(player, match.name(player), seat_label(match, player),
                         player == screen.table.active or player == view.to_move, player == screen.thinking(),
                         discs.get(player)) for player in match.players)
    log = screen.log_view
    return Frame(
        mode=screen.mode.name, caption=screen.phase_caption(), position=(match.version, match.viewer),
        language=language(), table=screen.table.snapshot(), overlay=screen.mode.state(), turn=turn,
        targets=screen.targets(), hover=hover, hover_area=layout.area_at(hover) if hover else None,
        focus_area=(staged_area or screen.picker.source) if turn else None, ghosts=ghosts(screen),
        panels=panels, selectable_cards=frozenset(screen.picker.values("card")) if turn else frozenset(),
        card_in_play=view.card, staged_card=screen.staging.lifted(engine.Where.OFFER, match.version) if turn else None,
        log=tuple(match.visible_log()), log_state=(log.first, log.expanded, log.dock, log.hover),
        prompt=prompt(screen), buttons=buttons, undo=undo, hints=hints(screen),
        banner=(screen.animator.banner.text, round(screen.animator.banner.alpha)), summary=screen.summary,
        tooltip=tooltip(screen), marks=screen.marks and screen.settled(), pulse=screen.pulse(), clock=screen.clock,
        connection=match.connection_text() if isinstance(match, RemoteTable) else "", clear=screen.keep_clear)


def seat_label(match: MatchSource, player: str) -> str:
    """Who plays a seat: Human, the AI's level, or the lesson for a lesson's scripted opponent;
    online, a player away ("away · AI Normal") or gone (his connection lost, or left) is marked."""
    seat = match.seats[player]
    if isinstance(match, RemoteTable):
        state = next((s for s in match.seat_states() if s.player == player), None)
        if state is not None and state.away:
            return t("online.away", level=t(f"seat.{seat.kind}"))
        if player in match.disconnected():
            return t("online.seat_left" if match.has_left(player) else "online.seat_gone")
    if seat.scripted:
        return t("tutorial.seat")
    return t("seat.human") if seat.human else t(f"seat.{seat.kind}")


def prompt(screen: MatchScene) -> Prompt:
    """The plate: a toast while one counts down, else the decision or the wait, with the preview
    line of the move a click would make (once worked out for that move)."""
    if screen.toast_time > 0:
        return Prompt(screen.toast, "error" if screen.toast_error else "news")
    text = screen.prompt()
    key, line = screen.preview
    move = screen.pending_move()
    if not line or key[2] != (str(move) if move is not None else None):
        line = None
    return Prompt(text, "plain", line, screen.match.view().to_move or "")


def ghosts(screen: MatchScene) -> tuple[Ghost, ...]:
    """The pieces a move would put down: the staged or hovered move, else a hovered hint's plan,
    else the docked plan's steps to come (the next one breathing)."""
    match = screen.match
    mover = match.view().to_move
    move = screen.pending_move()
    if move is not None:
        return (Ghost(move, mover, solid=screen.staged() is not None),)
    hint = match_hints.hint_at(screen, screen.hover)
    if hint is not None:
        return tuple(Ghost(step, mover, count=count) for step, count in ghost_counts(hint.plan))
    steps = screen.hint_plan.ahead(match.view(), match) if screen.my_turn() else ()
    return tuple(Ghost(step, mover, count=count, breathing=step is steps[0]) for step, count in ghost_counts(steps))


def hints(screen: MatchScene) -> Hints:
    """The Hint button, and the panel's rows or the docked plan (only to the human deciding)."""
    offered, turn = match_hints.hints_offered(screen), screen.my_turn()
    request = screen.hints
    if request.shown and turn:
        return Hints(offered, True, tuple(match_hints.hint_rows(screen)), request.thinking, request.failed)
    if not turn:
        return Hints(offered, request.shown)
    match = screen.match
    steps = screen.hint_plan.ahead(match.view(), match)
    if not steps:
        return Hints(offered, request.shown)
    plan = screen.hint_plan.plan
    docked = DockedPlan(
        t("hint.following", number=screen.hint_plan.number, step=len(plan) - len(steps) + 1, steps=len(plan)),
        plan_text(plan, match.name),
        t("hint.step", step=plan_text(steps[:1], match.name) or match_hints.step_label(screen, steps[0])))
    return Hints(offered, request.shown, plan=docked)


def tooltip(screen: MatchScene) -> Tooltip | None:
    """A card's help under the pointer, else the standings of the area pinned or rested on — after
    the hovered or staged move when one is pending; no standings (nor a card's gains) while an
    animation has still to show what they would tell (MatchScene.results_view)."""
    hover = screen.hover
    if hover is None:
        return None
    results = screen.results_view()
    card = cards.card_at(screen.table, hover)
    if card:
        return Tooltip("card", card, hover, gains=results is not None)
    area = screen.pinned_area or (screen.hover_area if screen.hover_time >= DWELL_SECONDS else None)
    if not area or results is None:
        return None
    move = screen.pending_move()
    return Tooltip("standings", area, hover, str(move) if move is not None and results is screen.preview_after else None)
