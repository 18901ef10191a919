"""Finding servers on the local network, where the optional zeroconf package is installed
(kept to the loopback interface here). Without it the Online screen says what it needs."""
from __future__ import annotations

import pytest

from simulator.net import discovery


def test_a_server_announced_on_the_network_is_found_with_its_address():
    pytest.importorskip("zeroconf", reason="zeroconf is an optional extra: pip install '.[lan]'")
    announcement = discovery.advertise(8123, "127.0.0.1", interfaces=["127.0.0.1"])
    try:
        found = discovery.browse(1.5, interfaces=["127.0.0.1"])
    finally:
        announcement.close()
    assert any(address == "127.0.0.1:8123" for _, address in found)


def test_without_zeroconf_nothing_is_announced_or_found(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_zeroconf(name, *args, **kwargs):
        if name == "zeroconf" or name.startswith("zeroconf."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_zeroconf)
    assert discovery.available() is False
    assert discovery.advertise(8123) is None
    assert discovery.browse(0.1) == []
