"""docs/design.md §1: each connection receives only its seat's View and the events its seat
may see. A raw websocket client (red) records every frame of whole games: no frame holds the
seed, another seat's set disc before the reveal, the stacks' order or another seat's secret move
text; every view frame is exactly the engine's view for red at that move; and the frames of two
games that differ only in another seat's secret disc are identical up to that disc's reveal; the history
sent to red coming back on a new connection holds exactly the events of red's updates."""
from __future__ import annotations

import asyncio
import json
import random

import engine
from websockets.asyncio.client import connect

from net import updates
from net.client import Client
from net.protocol import PROTOCOL_VERSION

from .helpers import play_seat, random_choice, run, running_server, to_secret

SEED = 918273645


async def _red_raw(url, table, rng, frames):
    """Red's seat, played over a raw websocket: it creates the table (four human seats; the
    creator sits in red's), tells `table` (a future) its code and host token, then plays; every
    frame received is kept as text."""
    async with connect(url, compression=None) as ws:
        frames.append(await ws.recv())
        await ws.send(json.dumps({"v": PROTOCOL_VERSION, "type": "create", "seats": ["human"] * 4, "id": 1}))
        code = None
        while True:
            text = await ws.recv()
            frames.append(text)
            msg = json.loads(text)
            if msg["type"] == "created":
                code = msg["code"]
                table.set_result((code, msg["host_token"], msg["credential"]))
            if msg["type"] != "update":
                continue
            view = engine.view_from_json(msg["view"])
            if view.is_over:
                return
            if view.to_move == "red":
                await ws.send(json.dumps({"v": PROTOCOL_VERSION, "type": "move", "code": code, "n": msg["n"],
                                          "move": random_choice(view, rng)}))


def _eager(view, rng):
    """Blue, green and yellow: random, but they take the power recovery card whenever it is on
    offer and use it (so the games hold secretly recovered cards)."""
    move = random_choice(view, rng)
    legal = [str(m) for m in view.legal_moves()]
    if "card power_recovery" in legal:
        return "card power_recovery"
    recover = [m for m in legal if m.startswith("recover")]
    return move if move in recover or not recover else recover[0]


def _other_disc(view, rng):
    """Blue in the second game: the same draws, but a different disc whenever he has a choice."""
    move = _eager(view, rng)
    discs = [str(m) for m in view.legal_moves() if m.verb == "disc"]
    if move in discs and len(discs) > 1:
        return discs[(discs.index(move) + 1) % len(discs)]
    return move


async def _game(url, server, blue_choice):
    frames: list[str] = []
    table = asyncio.get_running_loop().create_future()
    red_task = asyncio.create_task(_red_raw(url, table, random.Random(1), frames))
    code, host_token, credential = await table
    others = [Client(url) for _ in range(3)]
    for c, player in zip(others, ("blue", "green", "yellow")):
        await c.connect()
        await c.join(code, player=player)
    await others[0].start(code, host_token)
    choices = {"blue": blue_choice, "green": _eager, "yellow": _eager}
    await asyncio.gather(red_task, *(play_seat(c, code, p, random.Random(i + 2), choose=choices[p])
                                     for i, (c, p) in enumerate(zip(others, choices))))
    played = server.tables[code]      # while seats follow it: a finished table nobody follows leaves memory
    for c in others:
        await c.close()
    frames += await _come_back(url, code, credential)
    return code, frames, played


async def _come_back(url, code, credential):
    """Red back on a new connection, asking for the whole history: its frames, up to the update
    that brings it to the table's position."""
    frames = []
    async with connect(url, compression=None) as ws:
        await ws.send(json.dumps({"v": PROTOCOL_VERSION, "type": "resume", "code": code, "credential": credential,
                                  "history": 0}))
        while not frames or json.loads(frames[-1])["type"] != "update":
            frames.append(await ws.recv())
    return frames


def _updates(frames, code):
    """The frames every game shares the shape of (table summaries and updates), code masked."""
    return [f.replace(code, "CODE") for f in frames if json.loads(f)["type"] in ("update", "table")]


def test_frames_hold_only_reds_view_and_public_events(tmp_path):
    async def main():
        async with running_server(tmp_path / "s.db", seed_source=lambda: SEED) as (server, url):
            code_a, frames_a, table_a = await _game(url, server, _eager)
            code_b, frames_b, table_b = await _game(url, server, _other_disc)
        return code_a, frames_a, table_a, code_b, frames_b, table_b

    code_a, frames_a, table_a, code_b, frames_b, table_b = run(main())
    moves_a = table_a.game.record()["moves"]
    assert table_a.game.is_over and len(moves_a) > 100
    # every frame: no seed, no other seat's secret move text; views exactly red's, stacks unordered
    movers = []
    game = engine.new_game(["red", "blue", "green", "yellow"], seed=SEED)
    for move in moves_a:
        movers.append(game.to_move)
        game.play(move)
    secret = {f'"{m}"' for m, who in zip(moves_a, movers) if who != "red" and m.startswith(("disc", "recover"))}
    secret -= {f'"{m}"' for m, who in zip(moves_a, movers) if who == "red"}
    assert any(t.startswith("\"recover") for t in secret) and any(t.startswith("\"disc") for t in secret)
    game = engine.new_game(["red", "blue", "green", "yellow"], seed=SEED)
    played = hidden_order = 0
    legal_frames = 0
    for text in frames_a:
        assert str(SEED) not in text and '"seed"' not in text
        msg = json.loads(text)
        legal = msg.pop("legal", None)      # red's own options: may read like another seat's move
        assert not any(t in json.dumps(msg, separators=(",", ":")) for t in secret)
        if msg["type"] != "update":
            continue
        while played < msg["n"]:
            game.play(moves_a[played])
            played += 1
        assert msg["view"] == json.loads(json.dumps(game.view("red").to_json()))
        if legal is not None:               # only while red is to move, and exactly his view's moves
            assert game.to_move == "red" and legal == [str(m) for m in game.view("red").legal_moves()]
            legal_frames += 1
        state = msg["view"]["state"]
        assert all(stack == sorted(stack) for stack in state["stacks"])
        hidden_order += any(list(stack) != sorted(stack) for stack in game.stacks)
        for player in game.players[1:]:                  # another seat's set disc is hidden
            assert state["discs"].get(player) == ("hidden" if game.disc(player) else None)
    assert legal_frames > 0
    assert hidden_order > 0        # the true stacks were in an order the frames never showed
    # the history a returning red is sent: exactly the events of red's updates, nothing more
    history = [json.loads(f) for f in frames_a if json.loads(f)["type"] == "history"]
    events = [e for f in frames_a for e in json.loads(f).get("events", []) if json.loads(f)["type"] == "update"]
    moves = [json.loads(f)["move"] for f in frames_a if json.loads(f)["type"] == "update" and "move" in json.loads(f)]
    assert len(history) == 1 and history[0]["n"] == len(moves_a)
    assert [e for step in history[0]["steps"] for e in step["events"]] == events
    assert [{"player": s["player"], "text": s["text"]} for s in history[0]["steps"]] == moves
    assert any(json.loads(f).get("type") == "update" and '"DiscsRevealed"' in f for f in frames_a)

    # the second game differs only in blue's discs: red's frames are identical up to the reveal
    moves_b = table_b.game.record()["moves"]
    first_diff = next(i for i, (a, b) in enumerate(zip(moves_a, moves_b)) if a != b)
    assert moves_a[first_diff].startswith("disc") and table_a.game.players[
        engine.replay({"setup": table_a.setup, "moves": moves_a[:first_diff]}).to_move_idx] == "blue"
    seen_a, seen_b = _updates(frames_a, code_a), _updates(frames_b, code_b)
    split = next(i for i, (a, b) in enumerate(zip(seen_a, seen_b)) if a != b)
    assert '"DiscsRevealed"' in seen_a[split]
    assert max(json.loads(f).get("n", 0) for f in seen_a[:split]) > first_diff   # after blue's disc


SECRETS = {"disc": 59, "recover": 342}        # seeds whose deal leads red to that secret move soon (to_secret)


async def _secret_table(url, server, moves):
    """A three-seat table of humans played through `moves` (red created it), followed by a
    spectator from the start; then a latecomer watches it and blue and red come back on new
    connections, each asking for its whole history. What the server sent, per connection in the
    order they opened (red, blue, green, spectator, latecomer, blue back, red back)."""
    sent: list[tuple[int, str]] = []
    base, send = server._opened, server._send
    server._send = lambda conn, text, arrived=None: (sent.append((conn.number - base, text)),
                                                     send(conn, text, arrived))
    clients = [Client(url) for _ in range(4)]
    red, blue, green, spectator = clients
    for client in clients:
        await client.connect()
    created = await red.create(["human"] * 3)
    code = created["code"]
    await blue.join(code, player="blue")
    await green.join(code, player="green")
    await spectator.watch(code)
    await red.start(code, created["host_token"])
    seats = {"red": red, "blue": blue, "green": green}
    for n, text in enumerate(moves):
        mover = seats[red.to_move(code)]
        await mover.wait_n(code, n)
        await mover.move(code, text)
    late, blue_back, red_back = (Client(url) for _ in range(3))
    for client, back in ((late, None), (blue_back, blue), (red_back, red)):
        await client.connect()
        if back is None:
            await client.watch(code)
        else:
            await client.resume(code, back.seats[code], history=0)
        await client.wait_n(code, len(moves))
    for client in (*clients, late):
        await client.wait_n(code, len(moves))
    server._send = send
    assert server.tables[code].game.record()["moves"] == moves
    for client in (*clients, late, blue_back, red_back):
        await client.close()
    by_conn: dict[int, list[str]] = {}
    for number, text in sent:          # credentials and host tokens are new at every table
        if json.loads(text)["type"] not in ("created", "joined"):
            by_conn.setdefault(number, []).append(text.replace(code, "CODE"))
    return [by_conn[number] for number in sorted(by_conn)]


async def _two_secrets(db, seed, moves_a, moves_b):
    """Two tables of one server dealt from `seed`, played through `moves_a` and `moves_b`."""
    async with running_server(db, seed_source=lambda: seed) as (server, url):
        return await _secret_table(url, server, moves_a), await _secret_table(url, server, moves_b)


def test_frames_to_every_other_connection_do_not_depend_on_a_seats_secret(tmp_path, monkeypatch):
    """docs/protocol.md `update` and `history`: two games that differ only in red's secret (the
    region of its disc; the power card it takes back) send byte for byte the same frames to
    blue, green, a spectator (every move at once: SPECTATOR_INTERVAL 0, so no timing shows) and
    a latecomer, and to blue coming back with the whole history; only red's own frames differ,
    reading its secret in full, live and in its history."""
    monkeypatch.setattr(updates, "SPECTATOR_INTERVAL", 0.0)
    for verb, seed in SECRETS.items():
        moves, others = to_secret(seed, ["red", "blue", "green"], "red", verb)
        frames_a, frames_b = run(_two_secrets(tmp_path / f"{verb}.db", seed, moves, moves[:-1] + others[:1]))
        assert len(frames_a) == len(frames_b) == 7
        red_a, blue_a, green_a, spectator_a, late_a, blue_back_a, red_back_a = frames_a
        for a, b in list(zip(frames_a, frames_b))[1:6]:     # blue, green, spectator, latecomer, blue back
            assert a == b
        text_a, text_b = json.dumps(moves[-1]), json.dumps(others[0])
        for frames in (blue_a, green_a, spectator_a, late_a, blue_back_a):
            assert not any(text_a in f for f in frames)
            assert any(json.dumps(f"{verb} ?") in f for f in frames)
        assert red_a != frames_b[0] and red_back_a != frames_b[6]
        last = [json.loads(f) for f in red_a if json.loads(f)["type"] == "update"][-1]
        assert last["n"] == len(moves) and last["move"] == {"player": "red", "text": moves[-1]}
        history = next(json.loads(f) for f in red_back_a if json.loads(f)["type"] == "history")
        assert history["steps"][-1]["text"] == moves[-1] and text_b not in red_back_a[-1]
        assert [s["text"] for s in history["steps"]] == moves      # red played or saw each in full
