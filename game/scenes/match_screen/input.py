"""The match screen's input: pointer, keys and the keyboard focus's targets, turned into the
screen's actions (play, stage, confirm, undo, hints, overlays) — all from the picker, i.e. from the
engine's legal moves, at the places the frame paints them."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.match.controller import Match
from game.match.remote import RemoteTable
from game.present.picker import Choice
from game.render import cards, hint_panel
from game.render.focus_ring import outline_rect, region_outline
from game.scenes import navigation
from game.scenes.match_screen import hints as match_hints
from game.scenes.match_screen.modes import Explain, Pick
from game.shell import input as inp
from game.shell import layout
from game.shell.focus import Target
from game.shell.scene import Transition

if TYPE_CHECKING:
    from game.scenes.play import MatchScene

KEY_GUARD = 0.3      # seconds after a new step in which no key commits it (a stray second Enter)
CONFIRM = Choice("confirm", "", "verb")


def handle(screen: MatchScene, intent: inp.Intent) -> bool:
    if screen.summary is not None and intent.kind in (inp.Kind.CONFIRM, inp.Kind.CLICK):
        screen.summary = None
        return True
    if key_too_soon(screen, intent):
        return True
    hint = match_hints.hint_at(screen, intent.pos) if intent.kind == inp.Kind.CLICK else None
    if hint is not None:
        return match_hints.play_hint(screen, hint)
    if intent.kind == inp.Kind.CLICK and match_hints.docked_step(screen) is not None and \
            hint_panel.panel_rect().collidepoint(intent.pos):
        return match_hints.play_docked_step(screen)
    if screen.log_view.handle(intent):
        return True
    if intent.kind == inp.Kind.HOVER:
        screen.hover = intent.pos
        if layout.area_at(intent.pos) != screen.pinned_area:
            screen.pinned_area = None
        return True
    if intent.kind == inp.Kind.MARKS:
        screen.marks = not screen.marks
        return True
    if intent.kind == inp.Kind.HELP or (intent.kind == inp.Kind.CLICK and layout.current().help_button.collidepoint(intent.pos)):
        screen.request(Transition.push(navigation.help_screen(screen.ctx)))
        return True
    if intent.kind == inp.Kind.CANCEL and (screen.picker.verb or screen.staged()):
        screen.picker.cancel()
        screen.staging.clear()
        return True
    if intent.kind == inp.Kind.CANCEL or (intent.kind == inp.Kind.CLICK and layout.current().menu_button.collidepoint(intent.pos)):
        screen.request(Transition.push(navigation.settings(screen.ctx, in_game=True,
                                                         match=screen.match if isinstance(screen.match, Match) else None,
                                                         online=isinstance(screen.match, RemoteTable))))
        return True
    if intent.kind == inp.Kind.UNDO or (intent.kind == inp.Kind.CLICK and screen.undo_shown()
                                   and screen.undo_rect().collidepoint(intent.pos)):
        if screen.staged():
            screen.staging.clear()      # Undo first takes back the staged choice
            screen.ctx.sounds.play("click")
        else:
            screen.undo()
        return True
    if match_hints.hints_offered(screen) and (intent.kind == inp.Kind.HINT or (
            intent.kind == inp.Kind.CLICK and layout.current().hint_button.collidepoint(intent.pos))):
        match_hints.ask_hints(screen)
        return True
    if intent.kind in (inp.Kind.NEXT, inp.Kind.PREV):    # Tab with nothing to focus: skip the animation
        screen.skipping = True
        screen.tweener.finish()
        return True
    if intent.kind == inp.Kind.ALT_CLICK:
        card = cards.card_at(screen.table, intent.pos)
        if card:
            screen.request(Transition.push(navigation.help_screen(screen.ctx, card=card)))
            return True
        screen.pinned_area = layout.area_at(intent.pos)
        screen.picker.cancel()
        return True
    if screen.my_turn():
        screen.refresh_picker()
        return handle_turn(screen, intent)
    return False


def key_too_soon(screen: MatchScene, intent: inp.Intent) -> bool:
    """A key that would choose something (Enter, D, S, Enter on a focused target) within
    KEY_GUARD of a new step is dropped: it was meant for the step before."""
    if not intent.key or intent.kind not in (inp.Kind.CONFIRM, inp.Kind.SKIP, inp.Kind.CLICK) or not screen.my_turn():
        return False
    screen.refresh_picker()
    return screen.clock - screen.step_clock < KEY_GUARD


def focus_targets(screen: MatchScene) -> list[Target]:
    """The choices open to the human deciding, in Tab order: the hand or the offer, the lit
    regions, the choice row (a staged move's Confirm takes the ring), Undo, the hints. All come
    from the picker, i.e. from the engine's legal moves, and sit where the mouse clicks them."""
    if screen.summary is not None or not screen.my_turn():
        return []
    screen.refresh_picker()
    out = screen.mode.card_targets()
    points = {area: layout.area_point(area) for area in screen.targets()}
    for area in sorted(points, key=lambda a: (points[a][1] // 80, points[a][0])):
        outline = region_outline(area)
        rect = outline_rect(outline) if outline else layout.castillo_rect()
        out.append(Target(("area", area), rect, points[area], outline))
    staged = screen.staged()
    for rect, choice in screen.choice_buttons():
        if choice == CONFIRM:
            out.append(Target(("confirm", str(staged)), rect, default=True))
        else:
            out.append(Target(("choice", choice.verb, choice.value), rect))
    if screen.undo_shown():
        out.append(Target(("undo",), screen.undo_rect()))
    if match_hints.hints_offered(screen):
        out.append(Target(("hint",), layout.current().hint_button))
    if screen.hints.shown and screen.hints.hints:
        rows = hint_panel.row_rects(match_hints.hint_rows(screen))
        out += [Target(("hint_row", i), rect) for i, rect in enumerate(rows)]
    return out


def handle_turn(screen: MatchScene, intent: inp.Intent) -> bool:
    """Clicks and keys while a human decides. Enter confirms a staged move, else means Done."""
    if intent.kind == inp.Kind.CONFIRM:
        return screen.confirm() if screen.staged() else press_verb(screen, "done")
    if intent.kind == inp.Kind.SKIP:
        return press_verb(screen, "skip")
    if intent.kind != inp.Kind.CLICK:
        return False
    for rect, choice in screen.choice_buttons():
        if rect.collidepoint(intent.pos):
            if choice == CONFIRM:
                return screen.confirm()
            return screen.play_choice(screen.picker.pick(choice.verb, choice.value))
    screen.staging.clear()   # a click elsewhere drops the staged choice (or stages another)
    return handle_click(screen, intent.pos)


def handle_click(screen: MatchScene, pos: tuple[int, int]) -> bool:
    """A click on the mode's own targets, the offer or the map."""
    command = screen.mode.handle_click(pos)
    if isinstance(command, Pick):
        return screen.play_choice(screen.picker.pick(command.verb, command.value))
    if isinstance(command, Explain):
        screen.explain(command.move)
        return True
    card = cards.card_at(screen.table, pos)
    if card and card in screen.picker.values("card"):
        return screen.play_choice(screen.picker.pick("card", card))
    area = layout.area_at(pos)
    if area:
        if area in screen.picker.areas():
            return screen.play_choice(screen.picker.click_area(area))
        explain_area(screen, area)
        return True
    return False


def press_verb(screen: MatchScene, verb: str) -> bool:
    for choice in screen.picker.buttons():
        if choice.verb == verb and choice.kind == "verb":
            return screen.play_choice(screen.picker.pick(verb, ""))
    return False


def explain_area(screen: MatchScene, area: str) -> None:
    """An illegal click on the map: say why."""
    text = screen.picker.partial_text(area)
    if text is not None:
        screen.explain(text)
