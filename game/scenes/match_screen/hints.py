"""The advisor's hints on the match screen (ai/advisor.py through game/match/hints.py): the Hint
button offered to the human deciding in a game played here, the rows it brings, and a clicked
hint's plan docked and followed step by step (game/present/hint_plan.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import engine
from ai.advisor import Hint
from game.match.controller import Match
from game.match.hints import compare_text, gain_text, plan_text
from game.present.match_frame import HintRow
from game.render import hint_panel
from game.shell.i18n import t

if TYPE_CHECKING:
    from game.scenes.play import MatchScene


def hints_offered(screen: MatchScene) -> bool:
    """The Hint button shows for the human deciding a power card, a turn or a disc (not in a
    lesson, whose panel says what to play and holds the hints' place)."""
    return (screen.ctx.settings.hints and screen.log_view.dock != "lesson"
            and screen.hints.available(screen.match, screen.my_turn()))


def ask_hints(screen: MatchScene) -> None:
    player = screen.my_turn()
    if player and isinstance(screen.match, Match) and screen.hints.ask(screen.match, player):
        screen.ctx.sounds.play("click")


def hint_rows(screen: MatchScene) -> list[HintRow]:
    hints = screen.hints.hints
    return [HintRow(plan_text(h.plan, screen.match.name), compare_text(h, hints, screen.match.name),
                               gain_text(h.gain)) for h in hints]


def hint_at(screen: MatchScene, pos: tuple[int, int] | None) -> Hint | None:
    """The hint whose row is under `pos` (None when the panel is not showing hints)."""
    if pos is None or not screen.hints.hints or not screen.my_turn():
        return None
    for rect, hint in zip(hint_panel.row_rects(hint_rows(screen)), screen.hints.hints):
        if rect.collidepoint(pos):
            return hint
    return None


def play_hint(screen: MatchScene, hint: Hint) -> bool:
    """A clicked hint docks its plan (followed until done or left) and plays its first step
    (staged when it waits for Confirm)."""
    player = screen.my_turn()
    if player is None:
        return True
    screen.hint_plan.dock(hint.plan, player, screen.match, hint.foreseen)
    screen.hint_plan.number = screen.hints.hints.index(hint) + 1
    return play_docked_step(screen)


def docked_step(screen: MatchScene) -> engine.Move | None:
    """The docked plan's next step, when it is the human's to play now."""
    return screen.hint_plan.step(screen.match.view(), screen.match, screen.my_turn())


def play_docked_step(screen: MatchScene) -> bool:
    """A click on the docked plan plays (or stages) its next step."""
    move = docked_step(screen)
    return screen.play_choice(move) if move is not None else True


def step_label(screen: MatchScene, move: engine.Move) -> str:
    """A plan step without arguments (Done, Do the action, Allow, Skip) by its button's words."""
    return str(move) if engine.VERB_INFO[move.verb].args else t(f"button.{move.verb}")
