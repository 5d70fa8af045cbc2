"""An online table: its lobby (the code to give friends, the seats as they fill, Start for the
host), then the one match screen driven by the remote table, with "X lost the connection —
waiting" as its prompt and, for the host, the choice to wait or hand the seat to an AI."""
from __future__ import annotations

from typing import Any

import pygame

from game.match.remote import RemoteTable
from game.render import draw, pieces, style
from game.scenes.online import Buttons, heading
from game.scenes.play import MatchScene
from game.shell import input as inp
from game.shell import layout
from game.shell.i18n import t
from game.shell.scene import Context, Transition

HAND_OVER_LEVEL = "normal"      # the AI that plays a seat whose player is gone


class LobbyScene(Buttons):
    """Waits for the seats to fill and the start; a table already in play opens at once."""
    name = "online_lobby"

    def __init__(self, ctx: Context, table: RemoteTable) -> None:
        super().__init__(ctx)
        self.table = table

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        out = [(layout.in_frame(420, 620, 200, 52), "start")] if self.table.host_token else []
        return out + [(layout.in_frame(660, 620, 200, 52), "back")]

    def can_start(self) -> bool:
        seats = self.table.seat_states()
        return bool(seats) and all(s.taken or s.kind != "human" for s in seats)

    def choose(self, key: str) -> bool:
        if key == "start" and self.pending is None:
            if not self.can_start():
                self.status = t("online.seats_open")
                return True
            self.pending = self.table.start()
        elif key == "back":
            self.table.close()
            from game.scenes.online import OnlineScene
            self.request(Transition.replace(OnlineScene(self.ctx)))
            return True
        return super().choose(key)

    def update(self, dt: float) -> Transition | None:
        self.table.think()
        if self.pending is not None and self.pending.done():
            exc, self.pending = self.pending.exception(), None
            if exc is not None:
                from game.scenes.online import failure_text
                self.status = failure_text(exc)
        if self.table.ready and self.table.status != "open":
            return Transition.replace(OnlineMatchScene(self.ctx, self.table))
        return self.take_request()

    def draw(self, surface: pygame.Surface) -> None:
        heading(surface, t("online.table_code", code=self.table.code), t("online.code_help"))
        frame = layout.current().frame
        for i, seat in enumerate(self.table.seat_states()):
            rect = layout.in_frame(390, 160 + i * 72, 500, 60)
            style.panel(surface, rect, border=style.player_colour(seat.player))
            pieces.cube(surface, (rect.x + 30, rect.centery), 22, style.player_colour(seat.player), seat.player)
            who = self.table.name(seat.player)
            if seat.kind != "human":
                state = t(f"seat.{seat.kind}")
            elif seat.player == self.table.viewer:
                state = t("online.you")
            else:
                state = t("online.joined") if seat.taken else t("online.open_seat")
            style.text(surface, who, (rect.x + 60, rect.centery), 20, style.INK, bold=True, anchor="midleft")
            style.text(surface, state, (rect.right - 16, rect.centery), 16, style.INK_SOFT, bold=True,
                       anchor="midright")
        if self.table.host_token and not self.can_start() and not self.status:
            self.status = t("online.seats_open")
        elif self.can_start() and self.status == t("online.seats_open"):
            self.status = ""
        if not self.table.seat_states():
            style.text(surface, t("online.connecting"), (frame.centerx, frame.y + 300), 18, style.PARCHMENT,
                       anchor="midtop")
        self.draw_buttons(surface, "start")


class OnlineMatchScene(MatchScene):
    """The match screen on a remote table: the table's news in the prompt, the host's choice
    when a seat's player is gone."""

    def __init__(self, ctx: Context, table: RemoteTable) -> None:
        match: Any = table          # the reading surface the match screen uses (duck-typed)
        super().__init__(ctx, match)
        self.remote = table

    def prompt(self) -> str:
        waiting = self.remote.waiting_text()
        return waiting if waiting and not self.my_turn() else super().prompt()

    def update(self, dt: float) -> Transition | None:
        transition = super().update(dt)
        if transition is None and self.remote.host_token:
            for player in self.remote.disconnected():
                if player not in self.remote.asked:
                    self.remote.asked.add(player)
                    return Transition.push(SeatLostScene(self.ctx, self.remote, player))
        return transition


class SeatLostScene(Buttons):
    """The host's choice for a seat whose player lost the connection: wait, or an AI plays it
    until the player comes back."""
    name = "online_seat_lost"
    opaque = False

    def __init__(self, ctx: Context, table: RemoteTable, player: str) -> None:
        super().__init__(ctx)
        self.table, self.player = table, player

    @staticmethod
    def box() -> pygame.Rect:
        return layout.in_frame(340, 260, 600, 260)

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        box = self.box()
        return [(pygame.Rect(box.x + 40, box.bottom - 76, 240, 52), "wait"),
                (pygame.Rect(box.right - 280, box.bottom - 76, 240, 52), "hand_to_ai")]

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.CANCEL:
            return self.choose("wait")
        return super().handle(intent)

    def choose(self, key: str) -> bool:
        if key == "hand_to_ai":
            self.table.hand_to_ai(self.player, HAND_OVER_LEVEL)
        if key in ("wait", "hand_to_ai"):
            self.request(Transition.pop())
        return True

    def update(self, dt: float) -> Transition | None:
        self.table.think()
        if self.player not in self.table.disconnected():      # he came back meanwhile
            return Transition.pop()
        return self.take_request()

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 150)
        box = self.box()
        style.panel(surface, box, border=style.GOLD, width=3, radius=14)
        who = self.table.name(self.player)
        style.text(surface, t("online.lost_title", who=who), (box.centerx, box.y + 30), 26, style.INK, bold=True,
                   face="serif", anchor="midtop")
        style.paragraph(surface, t("online.lost_question", who=who),
                        pygame.Rect(box.x + 30, box.y + 90, box.width - 60, 80), 16)
        draw.line(surface, style.PARCHMENT_DARK, (box.x + 20, box.bottom - 92), (box.right - 20, box.bottom - 92), 1)
        self.draw_buttons(surface, "wait")
