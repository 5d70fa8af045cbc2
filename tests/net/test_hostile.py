"""Hostile clients. Garbage, a wrong schema or version, oversized messages, a move for
another seat, out of turn or replayed, a flood and a client that never reads are each refused
with a reason (docs/protocol.md's error codes), and the server goes on serving everyone else.
A dead AI worker is replaced."""
from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket

import engine
import websockets
from websockets.asyncio.client import connect

from ai.worker_pool import Job, Pool
from net.client import Client, Refused
from net.protocol import PROTOCOL_VERSION

from .helpers import play_seat, run, running_server


async def _raw(url, **kw):
    ws = await connect(url, compression=None, **kw)
    hello = json.loads(await ws.recv())
    assert hello["type"] == "hello" and hello["protocol"] == PROTOCOL_VERSION
    return ws


async def _answer(ws, text):
    """Send raw text; the next message that is not a broadcast."""
    await ws.send(text)
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] not in ("table", "update"):
            return msg


def _msg(kind, **fields):
    return json.dumps({"v": PROTOCOL_VERSION, "type": kind, **fields})


async def _still_serving(url):
    ws = await _raw(url)
    assert (await _answer(ws, _msg("ping", id=7)))["type"] == "pong"
    await ws.close()


def test_garbage_schema_and_version_are_refused_with_a_reason(tmp_path):
    cases = [("not json at all {", "bad_json"), ("[1, 2, 3]", "bad_json"), ("\"text\"", "bad_json"),
             (json.dumps({"v": PROTOCOL_VERSION - 1, "type": "ping"}), "bad_version"), (json.dumps({"type": "ping"}), "bad_version"),
             (_msg("launch_missiles"), "bad_message"), (_msg("join"), "bad_message"),
             (_msg("join", code=12345), "bad_message"), (_msg("ping", extra=1), "bad_message"),
             (_msg("create", seats=["human", "robot"]), "bad_message"),
             (_msg("create", seats=["human"] * 6), "bad_message"),
             (_msg("move", code="ABCDEF", move="power 5", n=-1), "bad_message"),
             (_msg("ping", id="seven"), "bad_message"),
             (_msg("watch", code="ZZZZZZ"), "unknown_table"),
             (_msg("x" * 70_000), "too_large")]

    async def main():
        async with running_server(tmp_path / "s.db") as (_, url):
            ws = await _raw(url)
            for text, code in cases:
                reply = await _answer(ws, text)
                assert reply["type"] == "error" and reply["code"] == code, (text[:40], reply)
                assert reply["detail"]
            await ws.send(b"\xff\xfe binary garbage")
            assert json.loads(await ws.recv())["code"] == "bad_json"
            await ws.send("x" * 300_000)                # beyond the frame limit: closed (1009)
            try:
                await ws.recv()
                raise AssertionError("the oversized frame did not close the connection")
            except websockets.ConnectionClosed as exc:
                assert exc.rcvd is not None and exc.rcvd.code == 1009
            await _still_serving(url)
    run(main())


def test_moves_for_another_seat_out_of_turn_replayed_or_illegal_are_refused(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana, ben = Client(url), Client(url)
            await ana.connect()
            await ben.connect()
            created = await ana.create(["human", "human"])
            code, host = created["code"], created["host_token"]

            async def refused(coro):
                try:
                    await coro
                except Refused as exc:
                    return exc
                raise AssertionError("not refused")

            assert (await refused(ana.move(code, "power 5"))).code == "not_started"
            assert (await refused(ben.resume(code, "forged-credential"))).code == "bad_credential"
            await ben.join(code)
            assert (await refused(ben.start(code, "not-the-host-token"))).code == "not_host"
            assert (await refused(ben.seat_ai(code, ben.seats[code], "red", "random"))).code == "not_host"
            assert (await refused(ana.seat_ai(code, host, "blue", "random"))).code == "player_connected"
            await ana.start(code, host)
            mover, other = (ana, ben) if ana.to_move(code) == "red" else (ben, ana)
            legal = str(mover.view(code).legal_moves()[0])
            # a move for another seat: the waiting player's connection plays the mover's move
            exc = await refused(other.move(code, legal))
            assert exc.code == "illegal_move" and exc.reason[0] == "not_your_turn"
            exc = await refused(mover.move(code, "recover 3"))
            assert exc.code == "illegal_move" and exc.reason[0] == "wrong_step"
            exc = await refused(mover.move(code, "fly to the moon"))
            assert exc.code == "illegal_move" and exc.reason[0] == "bad_notation"
            n = await mover.move(code, legal)
            # the same move sent again for the position it was made in: replayed
            stale = await refused(mover.request("move", code=code, move=legal, n=n - 1))
            assert stale.code == "stale_move"
            watcher = Client(url)
            await watcher.connect()
            await watcher.watch(code)
            assert (await refused(watcher.move(code, legal))).code == "not_seated"
            assert server.tables[code].n == n == 1
            for c in (ana, ben, watcher):
                await c.close()
    run(main())


def test_a_flood_is_rate_limited_and_then_closed(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db", rate=20.0, burst=20.0) as (server, url):
            ws = await _raw(url, max_queue=None)
            for i in range(200):
                await ws.send(_msg("ping", id=i))
            replies = []
            while len(replies) < 21:
                replies.append(json.loads(await ws.recv()))
            assert sum(r["type"] == "pong" for r in replies) == 20
            assert replies[20]["type"] == "error" and replies[20]["code"] == "rate_limited"
            await _still_serving(url)
            async def drain():
                codes = []
                try:
                    while True:
                        codes.append(json.loads(await asyncio.wait_for(ws.recv(), 5)).get("code"))
                except websockets.ConnectionClosed:
                    return codes
            reader = asyncio.create_task(drain())
            try:
                for i in range(1200):                  # a flood that goes on: disconnected
                    await ws.send(_msg("ping", id=i))
                    await asyncio.sleep(0)              # (this client reads: it is no slow reader)
            except websockets.ConnectionClosed:
                pass
            codes = await reader
            assert "rate_limited" in codes and set(codes) <= {"rate_limited", None}   # None: a pong
            assert server.stats["flood_closed"] == 1 and server.stats["slow_closed"] == 0, server.stats
            await _still_serving(url)
    run(main())


def _frame(text):
    """One masked client text frame (RFC 6455 §5.2), written by hand."""
    payload, mask = text.encode(), os.urandom(4)
    size = len(payload)
    head = bytes([0x81, 0x80 | size]) if size < 126 else bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def _never_reading_socket(port):
    """A raw TCP client that completes the WebSocket handshake and then never reads again."""
    loop = asyncio.get_running_loop()
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await loop.sock_connect(sock, ("127.0.0.1", port))
    await loop.sock_sendall(sock, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                            b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                            b"Sec-WebSocket-Version: 13\r\n\r\n")
    response = b""
    while b"\r\n\r\n" not in response:
        response += await loop.sock_recv(sock, 1)
    assert response.startswith(b"HTTP/1.1 101")
    return sock


def test_a_client_that_never_reads_is_closed_and_others_are_served(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db", queue_size=8, write_timeout=1.0,
                                  rate=10_000.0, burst=10_000.0) as (server, url):
            host = Client(url)
            await host.connect()
            code = (await host.create(["human", "random"]))["code"]
            sock = await _never_reading_socket(int(url.rsplit(":", 1)[1]))
            frame = _frame(_msg("watch", code=code))     # each answered with some 2 KB
            for _ in range(20_000):
                try:
                    sock.send(frame)
                except BlockingIOError:
                    pass                                 # the server has stopped reading us
                except OSError:
                    break                                # closed by the server
                if server.stats["slow_closed"]:
                    break
                await asyncio.sleep(0)
            for _ in range(100):
                if server.stats["slow_closed"]:
                    break
                await asyncio.sleep(0.05)
            assert server.stats["slow_closed"] == 1
            await _still_serving(url)
            assert (await host.list_tables({code: host.seats[code]}))[0]["code"] == code
            sock.close()
            await host.close()
    run(main())


def _alive(pid: int) -> bool:
    """Whether a process still runs (a zombie awaiting its parent's wait counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except OSError:
        return False


def test_a_dead_ai_worker_is_replaced_and_the_seat_still_moves():
    async def main():
        pool = Pool(1)
        game = engine.new_game(["red", "blue", "green"], seed=5)
        view = game.view(game.to_move)
        first = await pool.decide(Job("greedy", 1, view, random.Random(1)))
        assert first.move is not None and engine.why_illegal(view, first.move) is None and pool.restarts == 0
        pid = pool.pids()[0]
        os.kill(pid, signal.SIGKILL)
        for _ in range(200):                  # the kill lands asynchronously: wait until it has
            if not _alive(pid):
                break
            await asyncio.sleep(0.01)
        again = await pool.decide(Job("greedy", 1, view, random.Random(1)))
        assert again.move == first.move and pool.restarts == 1 and pool.pids()[0] != pid
        pool.close()
    run(main())


def test_ai_seats_play_whole_games_on_a_server(tmp_path):
    """Every seat an AI but one human, who also survives an AI worker killed mid-game."""
    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            ana = Client(url)
            await ana.connect()
            created = await ana.create(["human", "random", "greedy"])
            code = created["code"]
            await ana.start(code, created["host_token"])
            await play_seat(ana, code, "red", random.Random(1), stop_at=40)
            for pid in server.ai.pids():
                os.kill(pid, signal.SIGKILL)
            await play_seat(ana, code, "red", random.Random(2))
            assert server.tables[code].game.is_over and server.ai.restarts >= 1
            await ana.close()
    run(main())


def test_a_connections_messages_are_answered_in_order_when_one_has_to_wait(tmp_path):
    """A `create` waits for its store write; the `ping` sent right behind it on the same
    connection is answered after it, and another connection is answered meanwhile."""
    async def main():
        async with running_server(tmp_path / "s.db") as (_, url):
            ws, other = await _raw(url), await _raw(url)
            await ws.send(_msg("create", seats=["human", "random"], id=1))
            await ws.send(_msg("ping", id=2))
            assert (await _answer(other, _msg("ping", id=3)))["id"] == 3
            replies = []
            while len(replies) < 2:
                msg = json.loads(await ws.recv())
                if msg["type"] not in ("table", "update"):
                    replies.append((msg["type"], msg["id"]))
            assert replies == [("created", 1), ("pong", 2)]
            await ws.close()
            await other.close()
    run(main())


def test_a_handshake_never_finished_and_a_silent_peer_are_closed_and_others_kept(tmp_path, monkeypatch):
    import net.conn
    import net.server
    monkeypatch.setattr(net.conn, "OPEN_TIMEOUT", 0.3)
    monkeypatch.setattr(net.server, "PING_S", 0.4)
    monkeypatch.setattr(net.server, "KEEPALIVE_S", 0.1)

    async def closed_within(sock, seconds):
        """Whether the server closes `sock` within `seconds` (whatever it sends before is read)."""
        loop = asyncio.get_running_loop()
        try:
            while await asyncio.wait_for(loop.sock_recv(sock, 4096), seconds):
                pass
        except asyncio.TimeoutError:
            return False
        except ConnectionResetError:
            pass
        return True

    async def main():
        async with running_server(tmp_path / "s.db") as (server, url):
            port = int(url.rsplit(":", 1)[1])
            answering = await _raw(url)              # websockets' client answers pings by itself
            mute = socket.socket()
            mute.setblocking(False)
            await asyncio.get_running_loop().sock_connect(mute, ("127.0.0.1", port))
            assert await closed_within(mute, 3.0)    # no handshake within OPEN_TIMEOUT
            silent = await _never_reading_socket(port)
            assert await closed_within(silent, 3.0)  # pinged after PING_S, no answer
            assert (await _answer(answering, _msg("ping", id=1)))["type"] == "pong"
            assert len(server.conns) == 1
            for s in (mute, silent):
                s.close()
            await answering.close()
    run(main())


def test_a_stopping_server_closes_its_connections_as_going_away(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db") as (_, url):
            ws = await _raw(url)
        try:
            await asyncio.wait_for(ws.recv(), 5)
        except websockets.ConnectionClosed as exc:
            return exc.rcvd.code if exc.rcvd is not None else None
        return "still open"
    assert run(main()) == 1001
