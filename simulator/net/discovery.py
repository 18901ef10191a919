"""Finding table servers on the local network with zeroconf (mDNS), where it is installed.

zeroconf is an optional extra (``pip install '.[lan]'``): without it :func:`advertise`
returns None and :func:`browse` finds nothing, and players type the address instead.
Only a server's address is announced, never a join code.
"""
from __future__ import annotations

import socket
import time
from typing import Any

SERVICE = "_tabletop._tcp.local."


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent to find it)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def available() -> bool:
    try:
        import zeroconf  # noqa: F401
    except ImportError:
        return False
    return True


def advertise(port: int, address: str | None = None, *, interfaces: list[str] | None = None) -> Any | None:
    """Announce a server on ``port``; returns a handle with ``close()``, or None without zeroconf.
    ``interfaces`` limits the announcement to those addresses (default: every interface)."""
    try:
        from zeroconf import ServiceInfo, Zeroconf
    except ImportError:
        return None
    address = address or lan_address()
    name = socket.gethostname().split(".")[0] or "tabletop"
    info = ServiceInfo(SERVICE, f"Tabletop on {name}.{SERVICE}", addresses=[socket.inet_aton(address)],
                       port=port, properties={"v": "1"})
    zc = Zeroconf(interfaces=interfaces) if interfaces else Zeroconf()
    zc.register_service(info)

    class Announcement:
        def close(self) -> None:
            zc.unregister_service(info)
            zc.close()

    return Announcement()


def browse(seconds: float = 1.5, *, interfaces: list[str] | None = None) -> list[tuple[str, str]]:
    """Servers announced on the local network: (name, "host:port"), found within ``seconds``."""
    try:
        from zeroconf import ServiceBrowser, ServiceStateChange, Zeroconf
    except ImportError:
        return []
    names: list[str] = []

    def on_change(zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        if state_change is ServiceStateChange.Added:
            names.append(name)

    zc = Zeroconf(interfaces=interfaces) if interfaces else Zeroconf()
    try:
        ServiceBrowser(zc, SERVICE, handlers=[on_change])
        time.sleep(seconds)
        found = []
        for name in names:
            info = zc.get_service_info(SERVICE, name, timeout=1000)
            if info and info.parsed_addresses():
                found.append((name.removesuffix("." + SERVICE), f"{info.parsed_addresses()[0]}:{info.port}"))
        return found
    finally:
        zc.close()
