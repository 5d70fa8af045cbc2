"""The Hint button's state: asking the advisor in the AI worker, and the hints' words.

Why here and not in the play scene: the request outlives frames (the worker thinks for a second or
two while the window keeps drawing), is tied to one position and one player (a move, an undo or a
hand-off makes it stale), and its wording is shared with the post-game review. No pygame here.
"""
from __future__ import annotations


import engine
from ai.advisor import ADVISED_PHASES, Hint, Reason, position_rng
from game.match import ai_worker
from game.match.controller import Match
from game.match.source import MatchSource
from game.present.describe import QUIET_VERBS, Namer, step_text
from game.shell.i18n import area_name, t, tn



class HintRequest:
    """Hints for one (position version, player): asked once, polled every frame, then kept."""

    def __init__(self) -> None:
        self.key: tuple[int, str] | None = None
        self.job: ai_worker.Job | None = None
        self.hints: list[Hint] = []
        self.failed = False

    def available(self, match: MatchSource, player: str | None) -> bool:
        """Hints are offered to a human deciding a power card, an action turn or a disc, in a
        game played here (the advisor reads the true game's seed)."""
        return bool(player) and isinstance(match, Match) and match.host_game.ph in ADVISED_PHASES \
            and len(match.legal_moves()) > 1

    def ask(self, match: Match, player: str) -> bool:
        """Start the advisor on `player`'s own View (counted once per position); False if these
        hints are already shown or on their way."""
        key = (match.version, player)
        if self.key == key:
            return False
        self.clear()
        self.key = key
        # the position's own seed, as the review judges it (ai.advisor.position_rng): one judge
        self.job = ai_worker.Job(ai_worker.ADVISE, 0, match.host_game.view(player),
                                 position_rng(match.seed, match.moves_played()))
        ai_worker.shared().ask(self.job)
        match.hints_used += 1
        return True

    def poll(self, match: MatchSource, player: str | None) -> None:
        """Collect the answer; hints for another position or player are dropped at once."""
        if self.key is not None and self.key != (match.version, player):
            self.clear()
            return
        worker = ai_worker.shared()
        if self.job is None or worker.job is not self.job:
            return
        reply = worker.poll()
        if reply.result is not None:
            self.hints, self.job = list(reply.result), None
        elif reply.given_up:
            self.failed, self.job = True, None

    @property
    def thinking(self) -> bool:
        return self.job is not None

    @property
    def shown(self) -> bool:
        return self.key is not None

    def clear(self) -> None:
        """Forget the hints (a hand-off, a move); a search still running is stopped."""
        worker = ai_worker.shared()
        if self.job is not None and worker.job is self.job:
            worker.cancel()
        self.key, self.job, self.hints, self.failed = None, None, [], False


def plan_text(plan: tuple[engine.Move, ...], name: Namer) -> str:
    """A plan in a few words: "Power card 9", "“The King” · place first · 2× Castillo · King →
    Sevilla" (placements to one area counted; `done`, `action` and `allow` left out)."""
    parts: list[str] = []
    placed: dict[str, tuple[int, int]] = {}     # area -> (its part, Caballeros placed there)
    for move in plan:
        verb, args = move.verb, tuple(move.args)
        if verb in QUIET_VERBS:
            continue
        if verb == "place":
            index, count = placed.get(args[0], (len(parts), 0))
            if not count:
                parts.append("")
            placed[args[0]] = (index, count + 1)
            parts[index] = t("hint.place", count=count + 1, area=area_name(args[0]))
        else:
            parts.append(step_text(verb, args, name))
    return " · ".join(parts)


COUNTED_REASONS = ("hold", "rival", "rival_court", "castillo", "score", "court")   # worded .one / .other
REASONS = ("place", "place_tied", "keep", "recover", "order", "same_turn", "skip", *COUNTED_REASONS)
VERSUS = ("place", "place_tied", "court", "order", "same_turn", "keep", "value")    # worded against the other hint


def reason_text(reason: Reason, name: Namer) -> str:
    """The reason in words: "takes 1st in Castilla la Nueva: +7 at the next general scoring" ("at
    this scoring" for a disc in the scoring it acts in, "at the final scoring" when that one ends
    the game); against another hint, "takes 1st in Aragón instead of tying it: +6 …". `name`
    words a player id."""
    if reason.kind not in REASONS and reason.kind != "value":
        return t("hint.reason.value")
    values = dict(place=t(f"rank.{reason.place}") if reason.place else "", when=t(f"hint.when.{reason.scoring}"),
                  area=area_name(reason.area) if reason.area else "", player=name(reason.player) if reason.player else "")
    if reason.versus and reason.kind in VERSUS:
        instead = _instead(reason)
        if instead is not None:
            values.update(other=instead, points=str(reason.points))
            if reason.kind == "court":
                return tn("hint.versus.court", reason.points, other=instead)
            return t(f"hint.versus.{reason.kind}", **values)
    if reason.kind == "value":
        return t("hint.reason.value")
    if reason.kind in COUNTED_REASONS:
        return tn(f"hint.reason.{reason.kind}", reason.points, **values)
    return t(f"hint.reason.{reason.kind}", points=reason.points, **values)


def _instead(reason: Reason) -> str | None:
    """What the other hint gets instead, in words (None when a region's place is the same there:
    the plain reason says it)."""
    if reason.kind == "value":
        return str(reason.versus)
    if reason.kind in ("court", "order", "same_turn"):
        return str(reason.other)
    if reason.kind == "keep":
        return ""
    tied = reason.kind == "place_tied"
    if reason.other_place == reason.place and reason.other_tied == tied:
        return None
    if reason.other_place == 0:
        return t("hint.other.none")
    if reason.other_place == reason.place:
        return t("hint.other.tied")
    rank = t(f"rank.{reason.other_place}")
    return t("hint.other.shared", place=rank) if reason.other_tied else t("hint.other.rank", place=rank)


def compare_text(hint: Hint, hints: list[Hint], name: Namer) -> str:
    """The reason as a sentence comparing two hints (the search's points between them): for the
    best, "6 points more than #2: it takes 1st in Aragón instead of tying it: …"; for the others,
    why they are worse, "6 points less than #1: #1 brings 4 Caballeros to the court instead of 2."
    (ai.advisor.advise gives #2 and #3 #1's reason over them)."""
    text = reason_text(hint.reason, name)
    number = hints.index(hint) + 1 if hint in hints else 0
    versus = hint.reason.versus
    if number == 1 and 1 < versus <= len(hints):
        key, other, diff = "over", versus, hint.gain - hints[versus - 1].gain
    elif number > 1 and versus == number:
        key, other, diff = "below", 1, hints[0].gain - hint.gain
    else:
        return sentence(text)
    points = round(abs(diff))
    if not points:
        return sentence(t(f"hint.compare.even_{key}", other=other, reason=text))
    return sentence(tn(f"hint.compare.{key}", points, other=other, reason=text))


def sentence(text: str) -> str:
    """A full sentence: a capital first letter and a final full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def gain_text(gain: float) -> str:
    """The best hint is "best"; the others say how far below it they are, in points."""
    return t("hint.best") if gain > -0.05 else t("hint.below", points=f"{-gain:.1f}")
