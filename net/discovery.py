"""LAN announcement and discovery (zeroconf / mDNS): friends in one house need not type an address.

Why it may do nothing: multicast needs a network interface that allows it. A server on the
loopback address is not announced (nobody else could reach it), and any failure to announce or
browse is one line on stderr, never an error: the server runs and the client can still be given
an address by hand.
"""
from __future__ import annotations

import socket
import sys
import time
from typing import Any

from .protocol import PROTOCOL_VERSION

SERVICE = "_el-grande._tcp.local."


class Beacon:
    """A running announcement; `close` withdraws it."""

    def __init__(self, zc: Any, info: Any) -> None:
        self.zc, self.info = zc, info

    def close(self) -> None:
        try:
            self.zc.unregister_service(self.info)
            self.zc.close()
        except Exception:  # noqa: BLE001 - withdrawing is best effort
            pass


def _lan_address(host: str) -> str | None:
    """The address to announce: `host` itself, or for 0.0.0.0 the interface a LAN route uses."""
    if host not in ("0.0.0.0", "", "::"):
        return host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))      # TEST-NET address: no packet is sent
            return str(s.getsockname()[0])
    except OSError:
        return None


def announce(host: str, port: int, name: str | None = None, interfaces: list[str] | None = None) -> Beacon | None:
    """Announce the server at host:port on the LAN; None when it is loopback-only or zeroconf
    cannot work here. `interfaces`: the addresses to send the announcement from (default all;
    the tests keep it on loopback)."""
    address = _lan_address(host)
    if address is None or address.startswith("127.") or address == "localhost":
        return None
    try:
        from zeroconf import ServiceInfo, Zeroconf
        label = (name or socket.gethostname())[:40]
        info = ServiceInfo(SERVICE, f"{label}.{SERVICE}", addresses=[socket.inet_aton(address)],
                           port=port, properties={"protocol": str(PROTOCOL_VERSION)})
        zc = _zeroconf(Zeroconf, interfaces)
        zc.register_service(info)
        return Beacon(zc, info)
    except Exception as exc:  # noqa: BLE001 - no multicast here: play on by address
        print(f"el-grande-server: not announced on the LAN ({exc.__class__.__name__}: {exc})", file=sys.stderr)
        return None


def _zeroconf(factory: Any, interfaces: list[str] | None) -> Any:
    return factory() if interfaces is None else factory(interfaces=interfaces)


def discover(timeout: float = 2.0, interfaces: list[str] | None = None) -> list[tuple[str, str, int]]:
    """Servers announced on the LAN as (name, address, port), found within `timeout` seconds;
    empty when there are none or zeroconf cannot work here."""
    try:
        from zeroconf import NotRunningException, ServiceBrowser, ServiceListener, Zeroconf
        zc = _zeroconf(Zeroconf, interfaces)
    except Exception:  # noqa: BLE001 - no network
        return []
    found: dict[str, tuple[str, str, int]] = {}

    class Listener(ServiceListener):
        def add_service(self, zc: Any, kind: str, name: str) -> None:
            try:
                info = zc.get_service_info(kind, name, timeout=int(timeout * 1000))
            except NotRunningException:     # the search ended while this server was being asked
                return
            if info and info.addresses:
                found[name] = (name.removesuffix("." + SERVICE), socket.inet_ntoa(info.addresses[0]), info.port)

        def update_service(self, zc: Any, kind: str, name: str) -> None:
            self.add_service(zc, kind, name)

        def remove_service(self, zc: Any, kind: str, name: str) -> None:
            found.pop(name, None)

    try:
        ServiceBrowser(zc, SERVICE, Listener())
        time.sleep(timeout)
        return sorted(found.values())
    except Exception:  # noqa: BLE001 - no network
        return []
    finally:
        zc.close()
