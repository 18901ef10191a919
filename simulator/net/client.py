"""The client side of a table: a connection to a server, for bots, tools and the screen.

:class:`TableClient` is the asyncio connection (send a message, wait for the next one).
:class:`ClientThread` runs one in a background thread for the pygame screen, which
polls it once a frame and never waits on the network.
"""
from __future__ import annotations

import asyncio
import errno
import json
import queue
import socket
import threading
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from .protocol import encode

DEFAULT_PORT = 8765
CONNECT_TIMEOUT = 5.0


def server_url(address: str) -> str:
    """``host``, ``host:port`` or a ws:// URL, as a websocket URL (default port 8765)."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if ":" not in address.rsplit("]", 1)[-1]:
        address = f"{address}:{DEFAULT_PORT}"
    return f"ws://{address}"


class TableClient:
    """One asyncio connection to a table server."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    @classmethod
    async def open(cls, address: str, *, timeout: float = CONNECT_TIMEOUT) -> TableClient:
        ws = await asyncio.wait_for(connect(server_url(address), max_size=None, max_queue=None, compression=None,
                                            open_timeout=timeout), timeout)
        return cls(ws)

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(encode(message))

    async def receive(self, timeout: float) -> dict[str, Any]:
        """The next message (raises TimeoutError after ``timeout`` seconds)."""
        return json.loads(await asyncio.wait_for(self.ws.recv(), timeout))

    async def until(self, kind: str, timeout: float) -> dict[str, Any]:
        """Read messages until one of type ``kind`` arrives (others are dropped)."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.receive(timeout)
                if message.get("type") == kind:
                    return message

    async def close(self) -> None:
        await self.ws.close()


class ClientThread:
    """A :class:`TableClient` on its own thread: ``send`` from anywhere, ``poll`` each frame.

    A failure to connect or a lost connection arrives as ``{"type": "lost", "reason": ...}``.
    """

    def __init__(self, address: str, first: dict[str, Any]) -> None:
        self.address = address
        self.inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.loop = asyncio.new_event_loop()
        self.outbox: asyncio.Queue[dict[str, Any] | None] | None = None
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(first,), daemon=True, name="table-client")
        self.thread.start()
        self.ready.wait(CONNECT_TIMEOUT)

    def _run(self, first: dict[str, Any]) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._main(first))

    async def _main(self, first: dict[str, Any]) -> None:
        self.outbox = asyncio.Queue()
        self.ready.set()
        try:
            client = await TableClient.open(self.address)
        except (OSError, TimeoutError, ValueError) as exc:
            self.inbox.put({"type": "lost", "reason": reach_problem(self.address, exc)})
            return
        await client.send(first)

        async def write() -> None:
            while True:
                message = await self.outbox.get()
                if message is None:
                    await client.close()
                    return
                await client.send(message)

        writer = asyncio.create_task(write())
        try:
            async for raw in client.ws:
                self.inbox.put(json.loads(raw))
        except Exception as exc:  # noqa: BLE001 - whatever ends the connection, the screen is told
            self.inbox.put({"type": "lost", "reason": f"connection lost: {exc}"})
        else:
            if not writer.done():
                self.inbox.put({"type": "lost", "reason": "the server closed the connection"})
        finally:
            writer.cancel()

    def send(self, message: dict[str, Any]) -> None:
        if self.outbox is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.outbox.put_nowait, message)

    def poll(self) -> list[dict[str, Any]]:
        """Every message received since the last poll, oldest first."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        """Leave the table and end the thread."""
        self.send(None)  # type: ignore[arg-type]
        self.thread.join(2.0)


def reach_problem(address: str, exc: BaseException) -> str:
    """Why ``address`` (host:port) could not be reached, in a player's words."""
    if getattr(exc, "errno", None) == errno.ECONNREFUSED:
        return f"no table server answers at {address}: is it running, and is that its port?"
    if isinstance(exc, socket.gaierror):
        return f"no machine is called {address.rsplit(':', 1)[0]}: check the address"
    if isinstance(exc, TimeoutError):
        return f"no answer from {address}: check the address (a firewall may be in the way)"
    return f"cannot reach {address}: {getattr(exc, 'strerror', None) or exc or 'no answer'}"


class Refused(ConnectionError):
    """The server refused the join; ``unknown_token``: it did not know the seat token shown."""

    def __init__(self, reason: str, *, unknown_token: bool = False) -> None:
        super().__init__(reason)
        self.unknown_token = unknown_token


def wait_for_welcome(client: ClientThread, *, timeout: float = CONNECT_TIMEOUT
                     ) -> tuple[dict[str, Any], dict[str, Any] | None, list[dict[str, Any]]]:
    """Block until the server welcomes ``client`` and sends its first update:
    (welcome, hosted or None, the messages from that update on).

    Raises :class:`Refused` with the server's reason if it refuses, ConnectionError with the
    network's if the line fails.
    """
    import time

    hosted = welcome = None
    rest: list[dict[str, Any]] = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for message in client.poll():
            if welcome is not None:
                rest.append(message)
            elif message["type"] == "hosted":
                hosted = message
            elif message["type"] == "welcome":
                welcome = message
            elif message["type"] == "error":
                raise Refused(message["reason"], unknown_token=message.get("unknown_token") is True)
            elif message["type"] in ("lost", "bye"):
                raise ConnectionError(message["reason"])
        first = next((i for i, m in enumerate(rest) if m["type"] == "update"), None)
        if welcome is not None and first is not None:
            return welcome, hosted, rest[first:]
        time.sleep(0.01)
    raise ConnectionError(f"no answer from {client.address} within {timeout:.0f} s")
