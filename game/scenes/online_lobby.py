"""A table's lobby and a gone player's seat.

The lobby waits for the seats to fill and the start (a table already in play opens at once). It
tells each one what he needs: the host of a table on this computer the code and the addresses
friends reach it at (LAN addresses, the port to open for the internet), copyable with one click;
the host on another server that address; a friend who joined that the host starts; a spectator
that he watches. The host may give an open seat to an AI level, and Start is pressable only when
the table can start. When a player is gone in play, any seated player may wait or hand his seat
to an AI until he comes back.
"""
from __future__ import annotations

import pygame

from game.match import local_server, remote
from game.match.reach import join_text, lan_addresses
from game.match.remote_castell import RemoteCastell
from game.match.remote_seat import RemoteSeat
from game.match.online_tables import failure_text
from game.render import draw, pieces, style
from game.scenes import navigation
from game.render.online_forms import Buttons, heading
from game.shell import input as inp
from game.shell import layout
from game.shell.i18n import t
from game.shell.scene import Context, Transition
from net.games import GAMES

HAND_OVER_LEVELS = ("easy", "normal", "hard", "expert")      # the AIs a seat may be handed to


def hand_over_levels(game: str) -> tuple[str, ...]:
    """The AI levels a seat of `game` may be handed to (Castell's presets have no Expert)."""
    return tuple(level for level in HAND_OVER_LEVELS if level in GAMES[game].levels)


def seat_row(i: int) -> pygame.Rect:
    return layout.in_frame(300, 250 + i * 64, 500, 56)


class LobbyScene(Buttons):
    """See the module docstring."""
    name = "online_lobby"

    def __init__(self, ctx: Context, table: remote.RemoteTable | RemoteCastell) -> None:
        super().__init__(ctx)
        self.table = table
        here = local_server.current() if table.hosted else None
        self.port = here.port if here is not None else None
        self.addresses = lan_addresses() if here is not None else []
        self.copied = ""

    def open_seats(self) -> list[str]:
        """The host's open human seats (each may be given to an AI before the start)."""
        if not self.table.host_token or self.table.status != "open":
            return []
        return [s.player for s in self.table.seat_states() if s.kind == "human" and not s.taken]

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        out: list[tuple[pygame.Rect, str]] = []
        seats = [s.player for s in self.table.seat_states()]
        for player in self.open_seats():
            row = seat_row(seats.index(player))
            out += [(pygame.Rect(row.right + 10 + k * 92, row.y + 8, 86, 40), f"ai:{player}:{level}")
                    for k, level in enumerate(hand_over_levels(self.table.game))]
        if self.port is not None:
            out.append((layout.in_frame(1000, 160, 140, 44), "copy"))
        if not self.table.host_token:                   # a friend's lobby: Back alone, centred
            return out + [(layout.in_frame(540, 620, 200, 52), "back")]
        return out + [(layout.in_frame(420, 620, 200, 52), "start"), (layout.in_frame(660, 620, 200, 52), "back")]

    def label(self, key: str) -> str:
        if key.startswith("ai:"):
            return t(f"seat.{key.rsplit(':', 1)[1]}")
        return super().label(key)

    def can_start(self) -> bool:
        seats = self.table.seat_states()
        return bool(seats) and all(s.taken or s.kind != "human" for s in seats)

    def enabled(self, key: str) -> bool:
        if key == "start" and not self.can_start():
            return False
        return super().enabled(key)

    def choose(self, key: str) -> bool:
        if key == "start" and self.pending is None and self.can_start():
            self.pending = self.table.start()
        elif key.startswith("ai:") and self.pending is None:
            _, player, level = key.split(":")
            self.pending = self.table.hand_to_ai(player, level)
        elif key == "copy":
            self.copy()
        elif key == "back":
            self.table.close()
            self.request(Transition.replace(navigation.online(self.ctx)))
            return True
        return super().choose(key)

    def copy(self) -> None:
        """The addresses and the code on the clipboard, for the host to paste to his friends."""
        text = join_text(self.addresses, self.port or 0, self.table.code)
        try:
            pygame.scrap.put_text(text)
            self.status = t("online.copied", text=text)
        except pygame.error:
            self.status = t("online.copy_failed")

    def update(self, dt: float) -> Transition | None:
        self.table.think()
        if self.pending is not None and self.pending.done():
            exc, self.pending = self.pending.exception(), None
            if exc is not None:
                self.status = failure_text(exc)
        if self.table.ready and self.table.status != "open":
            if isinstance(self.table, RemoteCastell):
                return Transition.replace(navigation.castell_table(self.ctx, self.table))
            return Transition.replace(navigation.match_screen(self.ctx, self.table))
        self.follow_seats()
        return self.take_request()

    def follow_seats(self) -> None:
        """The line under the seats follows them: who the guests wait for, open seats, or that
        the host may start."""
        seats = self.table.seat_states()
        said = (t("online.seats_open"), t("online.can_start"))
        if not self.table.host_token and seats and not self.status:
            self.status = t("online.wait_host", host=self.table.name(seats[0].player))
        elif self.table.host_token and (not self.status or self.status in said) and seats:
            self.status = said[1] if self.can_start() else said[0]

    def frame(self) -> object:
        """The seats as the server last told them, the line under them and the pointer: a guest
        joining is drawn as the news arrives."""
        return (tuple(self.table.seat_states()), self.status, self.pending is None, self.hover)

    def subtitle(self) -> str:
        if self.table.viewer is None:
            return t("online.watch_help")
        if not self.table.host_token:
            return t("online.guest_help")
        if self.port is not None:
            return t("online.hosted_help")
        return t("online.remote_help", address=self.table.server.removeprefix("ws://"))

    def draw(self, surface: pygame.Surface) -> None:
        heading(surface, t("online.table_of", game=t(f"online.game.{self.table.game}"), code=self.table.code),
                self.subtitle())
        frame = layout.current().frame
        if self.port is not None:
            where = " · ".join(f"{a}:{self.port}" for a in self.addresses)
            lan = t("online.friends_lan", addresses=where) if where else t("online.friends_none")
            for k, line in enumerate((lan, t("online.friends_internet", port=self.port))):
                style.text(surface, line, (frame.x + 140, frame.y + 156 + k * 26),
                           style.fit_size(line, 840, 16 - k, True), style.GOLD_LIGHT if k == 0 else style.PARCHMENT,
                           bold=k == 0)
        for i, seat in enumerate(self.table.seat_states()):
            rect = seat_row(i)
            style.panel(surface, rect, border=style.player_colour(seat.player))
            pieces.cube(surface, (rect.x + 30, rect.centery), 22, style.player_colour(seat.player), seat.player)
            style.text(surface, self.table.name(seat.player), (rect.x + 60, rect.centery), 20, style.INK, bold=True,
                       anchor="midleft")
            style.text(surface, self.seat_state(i), (rect.right - 16, rect.centery), 16, style.INK_SOFT, bold=True,
                       anchor="midright")
        if not self.table.seat_states():
            style.text(surface, t("online.connecting"), (frame.centerx, frame.y + 300), 18, style.PARCHMENT,
                       anchor="midtop")
        self.draw_buttons(surface, "start")

    def seat_state(self, i: int) -> str:
        seat = self.table.seat_states()[i]
        if seat.kind != "human":
            return t("setup.ai", level=t(f"seat.{seat.kind}"))
        if seat.player == self.table.viewer:
            return t("online.you")
        if i == 0:
            return t("online.host_seat")            # the first seat is the host's
        return t("online.joined") if seat.taken else t("online.open_seat")


class SeatLostScene(Buttons):
    """A seated player's choice for a seat whose player is gone (lost the connection, or left):
    wait, or an AI of the level he picks plays it until the player comes back."""
    name = "online_seat_lost"
    opaque = False

    def __init__(self, ctx: Context, table: RemoteSeat, player: str) -> None:
        super().__init__(ctx)
        self.table, self.player = table, player

    @staticmethod
    def box() -> pygame.Rect:
        return layout.in_frame(340, 230, 600, 340)

    def buttons(self) -> list[tuple[pygame.Rect, str]]:
        box = self.box()
        width = (box.width - 60 - 3 * 12) // 4
        levels = [(pygame.Rect(box.x + 30 + i * (width + 12), box.y + 172, width, 48), f"ai:{level}")
                  for i, level in enumerate(hand_over_levels(self.table.game))]
        return levels + [(pygame.Rect(box.centerx - 120, box.bottom - 70, 240, 50), "wait")]

    def label(self, key: str) -> str:
        return t(f"seat.{key[3:]}") if key.startswith("ai:") else super().label(key)

    def handle(self, intent: inp.Intent) -> bool:
        if intent.kind == inp.Kind.CANCEL:
            return self.choose("wait")
        return super().handle(intent)

    def choose(self, key: str) -> bool:
        if key.startswith("ai:"):
            self.table.hand_to_ai(self.player, key[3:])
        if key == "wait" or key.startswith("ai:"):
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
        title = t("online.left_table" if self.table.has_left(self.player) else "online.lost_title", who=who)
        style.text(surface, title, (box.centerx, box.y + 28), 26,
                   style.INK, bold=True, face="serif", anchor="midtop")
        style.paragraph(surface, t("online.lost_question", who=who),
                        pygame.Rect(box.x + 30, box.y + 80, box.width - 60, 80), 16)
        style.text(surface, t("online.ai_level"), (box.x + 30, box.y + 146), 15, style.INK, bold=True)
        draw.line(surface, style.PARCHMENT_DARK, (box.x + 20, box.bottom - 88), (box.right - 20, box.bottom - 88), 1)
        self.draw_buttons(surface, "wait")


navigation.SCREENS.online_lobby = lambda ctx, online, reply: LobbyScene(
    ctx, remote.table_for(online, reply, ctx.notices))
navigation.SCREENS.seat_lost = SeatLostScene
