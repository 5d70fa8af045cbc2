"""Where friends reach a table hosted on this computer, and the server addresses the player used
before (no pygame).

Why: a friend needs an address, not the host's own 127.0.0.1. On a LAN that is one of this
computer's IPv4 addresses (every non-loopback one is listed: a laptop may have wired and Wi-Fi);
from the internet it is the router's public address with the port forwarded, which this computer
cannot know, so the lobby names the port to open. The Join form offers the last addresses typed,
kept in a small file written atomically (a crash leaves the previous list).
"""
from __future__ import annotations

import json
import os
import socket
import tempfile
from pathlib import Path

from net.datadir import data_dir

RECENT_FILE = "servers.json"
RECENT_KEPT = 5


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses a friend on the same network may use, the routed one first;
    empty when it has none (no network)."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))          # TEST-NET address: no packet is sent
            found.append(str(s.getsockname()[0]))
    except OSError:
        pass
    try:
        for *_, address in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(address[0]))
    except OSError:
        pass
    return [a for i, a in enumerate(found) if not a.startswith("127.") and a != "0.0.0.0" and a not in found[:i]]


def join_text(addresses: list[str], port: int, code: str) -> str:
    """What the host copies for a friend: each address with the port, and the code."""
    where = " / ".join(f"{address}:{port}" for address in addresses) or f"127.0.0.1:{port}"
    return f"{where} · {code}"


def recent_path() -> Path:
    return data_dir() / RECENT_FILE


def recent_servers() -> list[str]:
    """The server addresses last used, newest first (an unreadable file reads as none)."""
    try:
        data = json.loads(recent_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    servers = data.get("servers") if isinstance(data, dict) else None
    return [s for s in servers if isinstance(s, str) and s.strip()][:RECENT_KEPT] if isinstance(servers, list) else []


def remember_server(address: str) -> None:
    """Put `address` first in the list of last used servers (written atomically)."""
    address = address.strip()
    if not address:
        return
    servers = [address] + [s for s in recent_servers() if s != address]
    path = recent_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".servers-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"format": "el-grande-servers", "version": 1, "servers": servers[:RECENT_KEPT]}, f)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
