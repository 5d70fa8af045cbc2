"""A server on the LAN is announced and found (zeroconf / mDNS), so friends in one
house need not type an address. Multicast works on this machine's loopback interface, so the
announcement and the browse run for real there (the advertised address is a TEST-NET one: only
its text travels); where zeroconf cannot work, announce and discover say so quietly."""
from __future__ import annotations

import zeroconf

from net import discovery

LOOPBACK = ["127.0.0.1"]
ADDRESS = "192.0.2.77"          # TEST-NET-1: advertised, never connected to


def test_an_announced_server_is_found_and_gone_once_withdrawn():
    beacon = discovery.announce(ADDRESS, 8799, name="ana-laptop", interfaces=LOOPBACK)
    assert beacon is not None
    try:
        found = discovery.discover(1.0, interfaces=LOOPBACK)
        assert ("ana-laptop", ADDRESS, 8799) in found
    finally:
        beacon.close()
    assert ("ana-laptop", ADDRESS, 8799) not in discovery.discover(0.6, interfaces=LOOPBACK)


def test_a_loopback_server_is_not_announced():
    assert discovery.announce("127.0.0.1", 8765, interfaces=LOOPBACK) is None
    assert discovery.announce("localhost", 8765, interfaces=LOOPBACK) is None


def test_without_multicast_announce_says_why_in_one_line_and_discover_finds_nothing(monkeypatch, capsys):
    def no_network(*args, **kwargs):
        raise OSError("no multicast here")
    monkeypatch.setattr(zeroconf, "Zeroconf", no_network)
    assert discovery.announce(ADDRESS, 8765) is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not announced on the LAN" in err and "no multicast here" in err
    assert discovery.discover(0.1) == []
