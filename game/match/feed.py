"""The event feed of a table: the events still to animate, the log, the scorings' summaries and how
far the screen has shown them — one for every match source (a local match, a server's table, a
lesson), so a seat back from a resume or a lost connection gets the log and the action cards a
local game shows at the same position.

Why one: a move is logged the same way wherever it was played. A move played while the screen
watches is animated: its line shows once its first event starts, its events' lines as each one
starts, and a scoring's summary once its last event is shown. A move from before (a resume, an
undo's rebuilt log, the moves missed while a connection was down) is "settled": its lines show at
once and its events are only remembered, for the round's action cards.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from typing import Callable, Iterable, Mapping

import engine
from engine import events as E
from game.present.describe import LogItem, event_item, item_text, move_item
from game.present.score_summary import ScoreSummary, SummaryCollector
from game.shell.i18n import language

Namer = Callable[[str], str]


class EventFeed:
    """See the module docstring. `boards`: where the mobile scoreboards lie now (a summary marks
    the rows they set)."""

    def __init__(self, boards: Callable[[], Mapping[str, str | None]]) -> None:
        self._boards = boards
        self.reset()

    def reset(self) -> None:
        """Forget everything (the log is about to be rebuilt from a record or a history)."""
        self.events: deque[E.Event] = deque()
        self.total = 0                            # events ever queued; minus len(events) = shown
        self.items: list[LogItem] = []
        self.dues: list[list[int]] = []           # per log item: `total` each repeat waits for
        self.summaries: list[tuple[int, ScoreSummary]] = []
        self.summaries_seen = 0
        self.past: list[E.Event] = []             # every event known, oldest first
        self.changes = 0
        self._collector = SummaryCollector(self._boards)
        self._lines: tuple[tuple[object, ...], list[str]] | None = None
        self._texts: tuple[tuple[object, ...], list[str]] | None = None    # every item worded, for a key

    # ---- what comes in --------------------------------------------------------------------------
    def played(self, player: str | None, text: str, events: Iterable[E.Event]) -> None:
        """A move played while the screen watches: queued to animate."""
        queued = list(events)
        self.note(move_item(text, player), self.total + (1 if queued else 0))
        for event in queued:
            self.events.append(event)
            self.past.append(event)
            self.total += 1
            self.note(event_item(event, text), self.total)
            summary = self._collector.feed(event)
            if summary:
                self.summaries.append((self.total, summary))

    def settled(self, player: str | None, text: str, events: Iterable[E.Event]) -> None:
        """A move from before: logged as shown, its events remembered, nothing animated."""
        known = list(events)
        for item in [move_item(text, player), *(event_item(event, text) for event in known)]:
            self.note(item)
        self.past += known

    def opening(self, events: Iterable[E.Event]) -> None:
        """The set-up's own events (the first round's cards, the neutral colour's opening),
        remembered; logged as shown but for the first round's start (the screen's banner says it)."""
        for event in events:
            self.past.append(event)
            if not isinstance(event, E.RoundStarted):
                self.note(event_item(event))

    def note(self, item: LogItem | None, due: int = 0) -> None:
        """A log item shown once `due` events have started animating; one repeating the item
        before it is counted there instead ("… ×N")."""
        if item is None:
            return
        self.changes += 1
        if self.items and self.items[-1] == item:
            self.dues[-1].append(due)
        else:
            self.items.append(item)
            self.dues.append([due])

    def note_now(self, item: LogItem) -> None:
        """A line about what happens now (an AI restarted): shown with the events queued so far."""
        self.note(item, self.total)

    # ---- what the screen has shown --------------------------------------------------------------
    @property
    def shown(self) -> int:
        """How many queued events the screen has taken off the queue (animated)."""
        return self.total - len(self.events)

    def take_summary(self) -> ScoreSummary | None:
        """The next scoring summary once its last event has been shown (each is handed out once)."""
        if self.summaries_seen < len(self.summaries):
            due, summary = self.summaries[self.summaries_seen]
            if due <= self.shown:
                self.summaries_seen += 1
                return summary
        return None

    def visible_log(self, name: Namer, viewer: str | None = None) -> list[str]:
        """The log as far as the animations have got (it never runs ahead of the board), as
        `viewer` reads it: his own secret moves in full, everybody else's hidden (item_text)."""
        return self._worded(name, self.shown, viewer)

    def log_lines(self, name: Namer, viewer: str | None = None) -> list[str]:
        """The whole log, every line shown, as `viewer` reads it."""
        return self._worded(name, None, viewer)

    def _worded(self, name: Namer, shown: int | None, viewer: str | None) -> list[str]:
        key = (self.changes, shown, language(), viewer)
        if self._lines and self._lines[0] == key:
            return self._lines[1]
        texts = self._item_texts(name, viewer)
        lines: list[str] = []
        for text, dues in zip(texts, self.dues):
            n = len(dues) if shown is None else sum(1 for due in dues if due <= shown)
            if n == 0:
                break
            lines.append(text if n == 1 else f"{text} ×{n}")
        self._lines = (key, lines)
        return lines

    def _item_texts(self, name: Namer, viewer: str | None) -> list[str]:
        """Every item's words, kept until the language changes or another seat looks: an
        animation moves `shown` every frame, and the log was worded again each time. Items only
        ever come at the end (`reset` starts over), so an event words only the items new since."""
        key = (language(), viewer, name)
        if self._texts is None or self._texts[0] != key:
            self._texts = (key, [])
        texts = self._texts[1]
        texts += [item_text(item, name, viewer) for item in self.items[len(texts):]]
        return texts

    def round_events(self, view: engine.View) -> list[E.Event]:
        """The events the round's action cards are rebuilt from (Table.restore_offer): every one
        known, and when the round's own start is not among them (the first round of a history,
        which the set-up dealt), the round's start as the cards on offer and those taken since
        show it — in their slots' order, the order of their stacks."""
        starts = [e for e in self.past if isinstance(e, E.RoundStarted)]
        if starts and starts[-1].round == view.round:
            return self.past
        since = self.past[self.past.index(starts[-1]) + 1:] if starts else self.past
        taken = [e.card for e in since if isinstance(e, (E.CardTaken, E.DummyCardTaken))]
        cards = sorted({*view.face_up, *taken}, key=lambda card: engine.CARDS[card].stack)
        return [*self.past, E.RoundStarted(view.round, tuple(cards)), *(e for e in since if isinstance(
            e, (E.CardTaken, E.DummyCardTaken)))]


class FeedReads(ABC):
    """The log and summary reads every match source answers the same way from its event feed
    (the local match, the remote table, the replay): written once here."""

    feed: EventFeed

    @abstractmethod
    def name(self, player: str) -> str: ...

    @abstractmethod
    def view(self) -> engine.View: ...

    def log_viewer(self) -> str | None:
        """The seat the log is read by: the View's own (its secret moves read in full to it)."""
        return self.view().viewer_id

    def take_summary(self) -> ScoreSummary | None:
        return self.feed.take_summary()

    def visible_log(self) -> list[str]:
        """The game log as far as the animations have got, in the current language."""
        return self.feed.visible_log(self.name, self.log_viewer())

    def log_lines(self) -> list[str]:
        """The whole game log, every line shown, in the current language."""
        return self.feed.log_lines(self.name, self.log_viewer())

    def past_events(self) -> list[E.Event]:
        """The events the round's action cards are rebuilt from (EventFeed.round_events)."""
        return self.feed.round_events(self.view())
