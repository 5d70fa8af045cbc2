"""The `update` frames of a table: one per seat connected (its own View, the move as that seat
may read it — its own secret move in full, `seen_by` — and its legal moves when it is to move),
and the spectators' public one at most every SPECTATOR_INTERVAL a table (the moves held back in
between go first, as a `history`, so a spectator's log misses none).

Why apart: what each connection at a table is sent after a move (and on attaching) is one
decision, kept from how a move is checked and stored (moves.py).
"""
from __future__ import annotations

import asyncio
import json
import time

from .conn import Conn
from .hub import Hub
from .protocol import compact, encode_raw
from .table import Table

SPECTATOR_INTERVAL = 0.5         # seconds between spectators' updates of one table


class Updates(Hub):
    """The tables' update frames to seats and spectators."""

    def _broadcast_update(self, table: Table, events: str, move: str, played: str) -> None:
        """The frames of a move (`move`: its public JSON; `played`: its text as played)."""
        texts: dict[str | None, str] = {}         # one frame per seat (and one for spectators)
        spectators = []
        for conn in list(self.at_table.get(table.code, ())):
            player = conn.attached.get(table.code)
            if player is None:
                spectators.append(conn)
                continue
            text = texts.get(player)
            if text is None:
                text = texts[player] = self._update(table, player, events, seen_by(table, move, played, player))
            self._send(conn, text)
        if spectators:
            self._spectate(table, events, move)

    def _spectate(self, table: Table, events: str, move: str) -> None:
        """Spectators' updates, at most one per SPECTATOR_INTERVAL a table: a move within it is
        held back, and after the interval the moves held go as one `history` (their public steps,
        as other seats' updates carried them) before one update of the position (its `n` says how far)."""
        now = time.monotonic()
        last = self._spectators_sent.get(table.code)
        wait = 0.0 if last is None else last + SPECTATOR_INTERVAL - now   # (the monotonic clock may start near 0)
        if table.code in self._spectators_due or wait > 0:
            self._hold_for_spectators(table, move)
            if table.code not in self._spectators_due:
                self._spectators_due.add(table.code)
                asyncio.get_running_loop().call_later(wait, self._spectators_catch_up, table)
            return
        self._spectators_sent[table.code] = now
        self._to_spectators(table, self._update(table, None, events, move))

    def _hold_for_spectators(self, table: Table, move: str) -> None:
        """Keep the step of the move just played for the spectators' next `history`."""
        step = self._last_step.get(table.code)
        if not move or step is None or step[0] != table.n - 1:
            return
        first, steps = self._spectators_missed.setdefault(table.code, (step[0], []))
        if first + len(steps) == step[0]:
            steps.append(step[1])

    def _spectators_catch_up(self, table: Table) -> None:
        self._spectators_due.discard(table.code)
        missed = self._spectators_missed.pop(table.code, None)
        if self.tables.get(table.code) is not table:
            return
        if missed is not None:
            first, steps = missed
            self._to_spectators(table, encode_raw("history", {"steps": "[" + ",".join(steps) + "]"}, code=table.code,
                                                  start=first, n=first + len(steps)))
        self._spectators_sent[table.code] = time.monotonic()
        self._to_spectators(table, self._update(table, None, "[]"))

    def _to_spectators(self, table: Table, text: str) -> None:
        for conn in list(self.at_table.get(table.code, ())):
            if conn.attached.get(table.code, "") is None:
                self._send(conn, text)

    def _update(self, table: Table, player: str | None, events: str, move: str = "") -> str:
        """An `update` frame: the move as this seat may read it (after a move; its log line), its
        events (public: engine events carry no secret), the seat's view (built once a move and seat) and, for the seat to move, its legal
        moves (a client needs no rules engine to choose one)."""
        raw = {"move": move} if move else {}
        raw.update(events=events, view=table.view_text(player))
        if player is not None and player == table.game.to_move and (legal := table.legal_texts()):
            raw["legal"] = compact(legal)
        return encode_raw("update", raw, code=table.code, n=table.n, game=table.kind.name)

    def _send_state(self, conn: Conn, table: Table) -> None:
        self._send(conn, self._update(table, conn.attached.get(table.code), "[]"))


def seen_by(table: Table, step: str, played: str, player: str | None) -> str:
    """A move's JSON as sent (an update's `move` or a history's step, in its public text) as
    `player`'s seat may read it: its own secret move in full (`played`, the text as played), any
    other move, another seat's and every move to a spectator (None) as it is."""
    if player is None or not table.kind.secret(played):
        return step
    data = json.loads(step)
    if data.get("player") != player:
        return step
    data["text"] = played
    return compact(data)
