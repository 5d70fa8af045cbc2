"""The game server and its protocol (docs/design.md §1: the host holds the Game, everyone else a View).

Modules, one job each: protocol.py (message shapes, validation, error codes), table.py (one
table's seats and game, no I/O), store.py (SQLite: tables, seats, moves; its schema version),
server.py (the websockets server and `el-grande-server`; its AI seats think in ai/worker_pool.py),
datadir.py (the data folder, shared with the client), discovery.py (LAN
announcement with zeroconf), client.py (the Python client library, asyncio), background.py (the
same on a thread of its own, for a frame loop that never blocks). The wire protocol is
written down in docs/protocol.md. Nothing here imports pygame or the client (game/).
"""
from .protocol import PROTOCOL_VERSION

__all__ = ["PROTOCOL_VERSION"]
