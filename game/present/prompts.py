"""The prompt line: who acts and what is left of the step, e.g. "Blue — place up to 3 Caballeros
(2 left)", "Red — Intrigue: any three: move 2 of 3", "Red — choose one of Green's Caballeros (One
from each)".

Why a module: with two humans at one screen the prompt is what tells them whose turn it is. Every
count comes from the engine (`engine.progress`, the legal moves); Done and Skip are mentioned only
when their buttons are on screen (`offered`: the verbs whose buttons are shown).
"""
from __future__ import annotations

from collections.abc import Collection

import engine
from game.present.describe import Namer, move_words, step_text
from game.shell.i18n import has, t, tn


def _mover(game: engine.Position) -> str:
    """Who acts: a prompt is asked only of a position where somebody is to move."""
    if game.to_move is None:
        raise ValueError("no prompt for a finished game")
    return game.to_move


def decision_prompt(game: engine.Position, name: Namer, offered: Collection[str], castillo_disc: bool = False) -> str:
    """The prompt for the player to move in `game` (a Game or the viewer's View)."""
    what = _body(game, name, castillo_disc)
    if "done" in offered:
        what = t("prompt.or_done", what=what, done=t("button.done"))
    return t("prompt.who", who=name(_mover(game)), what=what)


def staged_prompt(game: engine.Position, name: Namer, move: engine.Move) -> str:
    """The prompt while a move waits for Confirm: what it is, and how to confirm or change it."""
    what = staged_text(game, move, name)
    return t("prompt.who", who=name(_mover(game)), what=t("stage.confirm", what=what, confirm=t("button.confirm")))


def staged_text(game: engine.Position, move: engine.Move, name: Namer) -> str:
    """What a staged move does, in words: its own staging text, Done with Caballeros still in the
    court to place ("end placing with 2 Caballeros unplaced"), else the move's step text."""
    if move.verb == "done" and game.phase == "place":
        # the placements still allowed (the card's, the King's 5 or a stack's), never the court
        step = engine.progress(game)
        left = min(step.left, game.count(_mover(game), "court")) if step else 0
        if left:
            return tn("stage.done_unplaced", left)
    if has(f"stage.{move.verb}"):
        return t(f"stage.{move.verb}", **move_words(move.verb, move.args, name))
    return step_text(move.verb, move.args, name)


def _card(game: engine.Position) -> str:
    return t(f"card.{game.card}.name") if game.card else ""


def _left(left: int) -> str:
    return tn("prompt.left", left)


def _body(game: engine.Position, name: Namer, castillo_disc: bool) -> str:
    phase = game.phase
    legal = list(game.legal_moves())
    verbs = {m.verb for m in legal}
    step = engine.progress(game)
    if phase == "court":
        return tn("prompt.court", max(int(m.args[0]) for m in legal))
    if phase == "place" and step:
        return tn("prompt.place", step.total or step.left, left=_left(step.left))
    if phase == "recall" and step:
        return tn("prompt.recall", step.left)
    if phase == "action":
        if "action" in verbs:
            return t("prompt.action_button", card=_card(game), action=t("button.action"), skip=t("button.skip"))
        if "recover" in verbs:      # the power cards are buttons, not lit targets on the map
            return t("prompt.recover", card=_card(game), skip=t("button.skip"))
        return t("prompt.action_target", card=_card(game), skip=t("button.skip"))
    if phase == "veto":
        return t("prompt.veto", owner=name(game.active or _mover(game)), card=_card(game), veto=t("button.veto"),
                 allow=t("button.allow"))
    if phase == "disc":
        return t("prompt.disc_castillo") if castillo_disc else t("prompt.disc", card=_card(game))
    if phase in ("steps", "return"):
        return _step_body(game, name, step)
    if phase == "order" and engine.idle_moves(game):
        return t("prompt.order_empty", action=t("button.first_action"))
    return t(f"prompt.{phase}")


def _step_body(game: engine.Position, name: Namer, step: engine.Progress | None) -> str:
    """A running special action: moves made of the card's allowance, whose Caballero, what is left."""
    card = _card(game)
    if step is None:
        return t("prompt.steps", card=card)
    if step.step == "move" and step.total:
        return t("prompt.move_of", card=card, number=step.total - step.left + 1, total=step.total)
    if step.step == "move":
        return tn("prompt.withdraw", step.left, card=card)
    if step.step == "anywhere":
        return tn("prompt.anywhere", step.total or step.left, card=card, left=_left(step.left))
    if step.step == "cull":
        owner = name(step.subject or _mover(game))
        if len(step.sequence) > 1:
            return t("prompt.cull_next", owner=owner, card=card, next=", ".join(map(name, step.sequence[1:])))
        return t("prompt.cull", owner=owner, card=card)
    if step.step == "return":
        return tn("prompt.return", step.total or step.left, card=card, left=_left(step.left))
    return t("prompt.steps", card=card)
