"""The table server: websocket connections in, many :class:`OnlineTable` s in one process.

Each connection sits at one table at a time. Messages are read and checked by
:func:`~.protocol.read_message` (size, depth, type, fields) after a per-connection rate
limit; a bad one gets an ``error`` and changes nothing. Wrong join codes are limited
per address, so codes cannot be guessed by trying. Every table autosaves (its record,
options and seat tokens) to ``state_dir`` shortly after each change and on shutdown;
a server started on the same folder resumes every unfinished table, and players
rejoin with their code and seat token.
"""
from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

import websockets
from websockets.asyncio.server import ServerConnection, serve

from simulator.engine import SeatInfo

from .config import NAME_LIMIT, TableConfig, shown_name
from .protocol import (BURST, BYTES_PER_SECOND, MAX_MESSAGE_BYTES, PING_INTERVAL, PING_TIMEOUT, RATE_PER_SECOND,
                       ProtocolError, encode, new_code, normal_code, read_message)
from .table import JoinRefused, OnlineTable

log = logging.getLogger("simulator.net")

MAX_TABLES = 2000
OUTBOX_LIMIT = 512          # messages queued for a client that does not read: then it is dropped
SEND_TIMEOUT = 10.0         # seconds one message may take to go out: a client that stops reading is
                            # dropped (its seat is kept for it to rejoin)
STOPPED = "the server stopped; it keeps the table for when it starts again"
BYE_SECONDS = 0.2           # how long a closing server gives its goodbyes to go out
STRIKES_LIMIT = 50          # rate-limit strikes before a flooding connection is closed
WRONG_CODES_PER_MINUTE = 20  # then an address waits a minute (a seat token still lets its holder back in)
CONNECTIONS_PER_ADDRESS = 32  # open connections from one address (loopback, this machine's own, is not limited)
JOIN_TIMEOUT = 60.0           # seconds a connection may stay without hosting, joining or watching a table
HOSTS_PER_HOUR = 12         # tables one address may open, so nobody fills the server (loopback: the
                            # host's own screen and tools on this machine, is not limited)
SAVE_DELAY = 0.5            # seconds: changes within this time are saved together
EXPIRE_AFTER = 24 * 3600.0  # seconds a table nobody is at is kept (serve --expire): then it is closed


def bind_problem(host: str, port: int, exc: BaseException) -> str:
    """Why a server cannot listen on ``host``:``port``, in a player's words."""
    if getattr(exc, "errno", None) == errno.EADDRINUSE:
        return f"port {port} is already in use on this machine (by another table?): choose another port"
    return f"cannot serve on {host}:{port}: {getattr(exc, 'strerror', None) or exc}"


class Connection:
    """One client connection, as a table member: ``send`` queues, a writer task sends."""

    def __init__(self, ws: ServerConnection, *, rate: float = RATE_PER_SECOND, burst: int = BURST) -> None:
        self.ws = ws
        self.rate = rate
        self.burst = burst
        self.name = ""
        self.round_trip: float | None = None
        self.table: OnlineTable | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.tokens = float(burst)
        self.byte_tokens = float(MAX_MESSAGE_BYTES)
        self.refilled = time.monotonic()
        self.strikes = 0
        self.dropped = False

    def send(self, message: dict[str, Any]) -> None:
        if self.dropped:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.dropped = True
            self.outbox.put_nowait(None)  # too slow to read: the writer closes the connection
            return
        self.outbox.put_nowait(encode(message))

    def allow(self, size: int) -> str:
        """Token buckets for messages and for bytes: '' if a message of ``size`` bytes is within
        both, else what is over (the message is then not read)."""
        now = time.monotonic()
        elapsed, self.refilled = now - self.refilled, now
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        self.byte_tokens = min(MAX_MESSAGE_BYTES, self.byte_tokens + elapsed * BYTES_PER_SECOND)
        if self.tokens < 1:
            return "too many messages: slow down"
        if self.byte_tokens < size:
            return "too much data: slow down"
        self.tokens -= 1
        self.byte_tokens -= size
        return ""

    async def write(self) -> None:
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    await self._drop("too slow")
                    return
                try:
                    await asyncio.wait_for(self.ws.send(text), SEND_TIMEOUT)
                except TimeoutError:  # it stopped reading: the line goes, the seat stays for a rejoin
                    await self._drop("not reading")
                    return
        except websockets.ConnectionClosed:
            return  # the reader sees the close too and takes the member off its table

    async def _drop(self, why: str) -> None:
        """Close the line (cut it when even the closing handshake does not go through)."""
        self.dropped = True
        try:
            await asyncio.wait_for(self.ws.close(1008, why), 2.0)
        except (TimeoutError, websockets.ConnectionClosed):
            pass
        if self.ws.transport is not None:
            self.ws.transport.abort()


class TableServer:
    """Holds the tables and serves them over websockets (see the module docstring).

    ``rate`` and ``burst`` limit the messages of each connection (bot clients on loopback,
    in tests and benchmarks, move faster than people and get a higher limit)."""

    def __init__(self, *, state_dir: str | os.PathLike[str] | None = None, max_tables: int = MAX_TABLES,
                 rate: float = RATE_PER_SECOND, burst: int = BURST, expire_after: float = EXPIRE_AFTER,
                 announce: Callable[[str], None] | None = None, join_timeout: float = JOIN_TIMEOUT) -> None:
        """``expire_after``: seconds a table nobody has been at is kept, here or in its autosave;
        ``announce``: where the server says what it did of itself (a closed idle table)."""
        self.rate = rate
        self.join_timeout = join_timeout
        self.open_from: dict[str, int] = {}  # open connections by address
        self.expire_after = expire_after
        self.announce = announce or (lambda line: log.info("%s", line))
        self.burst = burst
        self.state_dir = Path(state_dir) if state_dir is not None else None
        self.max_tables = max_tables
        self.tables: dict[str, OnlineTable] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.dirty: set[str] = set()
        # The autosaves are written on a worker thread; a finished table's file is removed on
        # the loop's. The lock and the set of removed codes keep a save already under way from
        # writing a removed table's file back.
        self.files_lock = threading.Lock()
        self.removed: set[str] = set()
        self.wrong_codes: dict[str, list[float]] = {}
        self.hosted: dict[str, list[float]] = {}
        self.server: Any = None
        self.saver: asyncio.Task[None] | None = None
        self.address: tuple[str, int] | None = None

    # -- life cycle ---------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        """Resume saved tables and listen; returns the address (port 0: any free port)."""
        self.resume()
        self.server = await serve(self.handle, host, port, max_size=MAX_MESSAGE_BYTES, max_queue=64,
                                  ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT, close_timeout=1,
                                  compression=None)
        sock = next(iter(self.server.sockets))
        self.address = sock.getsockname()[:2]
        self.saver = asyncio.create_task(self._save_loop())
        return self.address

    async def close(self, reason: str = STOPPED, *, back: bool = True) -> None:
        """Tell everyone at a table why it closes (``reason``; ``back``: the server is expected
        to start again, so their screens keep trying to rejoin), stop listening, stop the
        tables and save them all."""
        for table in self.tables.values():
            for member in [*table.members, *table.watchers]:
                member.send({"type": "bye", "reason": reason, "back": back})
        if self.tables:
            await asyncio.sleep(BYE_SECONDS)  # the writers send it before the connections close
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()
        for table in self.tables.values():
            table.closed = True
            table._poke()
        for task in self.tasks.values():
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        if self.saver is not None:
            self.saver.cancel()
            await asyncio.gather(self.saver, return_exceptions=True)
        self.dirty.update(self.tables)
        self._flush()

    def resume(self) -> None:
        """Open every saved table in ``state_dir`` (a broken file is logged and skipped)."""
        if self.state_dir is None or not self.state_dir.is_dir():
            return
        for path in sorted(self.state_dir.glob("*.json")):
            try:
                table = OnlineTable.from_saved(json.loads(path.read_text(encoding="utf-8")),
                                               on_change=self._mark_dirty)
            except (OSError, ValueError, KeyError, TypeError) as exc:
                log.warning("cannot resume %s: %s", path, exc)
                continue
            if table.state.is_over():
                path.unlink(missing_ok=True)  # a finished game has nothing left to resume
                continue
            if time.time() - table.last_seen > self.expire_after:
                path.unlink(missing_ok=True)
                self.announce(self._expired_line(table))
                continue
            self._open(table)

    # -- tables -------------------------------------------------------------------------------
    def create_table(self, config: TableConfig) -> OnlineTable:
        """A new table with a fresh join code; raises ValueError when the server is full."""
        if len(self.tables) >= self.max_tables:
            raise ValueError("this server holds as many tables as it can; try later")
        code = new_code()
        while code in self.tables or code in self.removed:
            code = new_code()
        table = OnlineTable(config, code, on_change=self._mark_dirty)
        self._open(table)
        self._mark_dirty(table)
        return table

    def _open(self, table: OnlineTable) -> None:
        self.tables[table.code] = table
        self.tasks[table.code] = asyncio.get_running_loop().create_task(self._run(table))

    async def _run(self, table: OnlineTable) -> None:
        try:
            await table.run()
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - one broken table must not take the server down
            log.exception("table %s stopped", table.code)
            for member in [*table.members, *table.watchers]:
                member.send({"type": "bye", "reason": "the table stopped because of an error on the server"})

    def _mark_dirty(self, table: OnlineTable) -> None:
        self.dirty.add(table.code)

    def _expired_line(self, table: OnlineTable) -> str:
        hours = self.expire_after / 3600
        since = f"{hours:g} hours" if hours >= 1 else f"{self.expire_after:g} s"
        return f"closed {table.game.title} table {table.code}: nobody has been at it for {since}"

    def _expire_idle(self) -> None:
        """Close every unfinished table nobody has been at for ``expire_after`` (and its file)."""
        now = time.time()
        for table in list(self.tables.values()):
            if table.members or table.watchers:
                table.last_seen = now
            elif now - table.last_seen > self.expire_after:
                self._close_table(table)
                self.announce(self._expired_line(table))

    async def _save_loop(self) -> None:
        while True:
            await asyncio.sleep(SAVE_DELAY)
            self._expire_idle()
            if self.dirty:
                # the snapshots are taken here, between two messages; the files are written on a
                # worker thread, so a server with many tables does not stall while it saves
                await asyncio.to_thread(self._write_all, self._snapshots())

    def _snapshots(self) -> list[tuple[str, Path, Callable[[], dict[str, Any]]]]:
        if self.state_dir is None:
            self.dirty.clear()
            return []
        out = []
        for code in list(self.dirty):
            self.dirty.discard(code)
            table = self.tables.get(code)
            if table is not None:
                out.append((code, self.state_dir / f"{code}.json", table.saved_snapshot()))
        return out

    def _flush(self) -> None:
        self._write_all(self._snapshots())

    def _write_all(self, snapshots: list[tuple[str, Path, Callable[[], dict[str, Any]]]]) -> None:
        """Build each snapshot's JSON and write it (on the saving thread, off the event loop)."""
        for code, path, build in snapshots:
            data = build()
            with self.files_lock:
                if code not in self.removed:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    _write_atomically(path, data)

    # -- connections --------------------------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        conn = Connection(ws, rate=self.rate, burst=self.burst)
        address = _address(conn)
        if address != "127.0.0.1" and self.open_from.get(address, 0) >= CONNECTIONS_PER_ADDRESS:
            await ws.close(1008, f"too many connections from your address (at most {CONNECTIONS_PER_ADDRESS})")
            return
        self.open_from[address] = self.open_from.get(address, 0) + 1
        writer = asyncio.create_task(conn.write())
        idle = asyncio.create_task(self._close_if_it_never_joins(conn))
        try:
            try:
                conn.round_trip = await asyncio.wait_for(await ws.ping(), 5)
            except (TimeoutError, websockets.ConnectionClosed):
                conn.round_trip = None
            async for raw in ws:
                if ws.latency:
                    conn.round_trip = ws.latency
                over = conn.allow(len(raw))
                if over:
                    conn.strikes += 1
                    conn.send({"type": "error", "reason": over})
                    if conn.strikes > STRIKES_LIMIT:
                        await ws.close(1008, "flooding")
                        return
                    continue
                try:
                    self.dispatch(conn, read_message(raw))
                except ProtocolError as exc:
                    conn.send({"type": "error", "reason": str(exc)})
        except websockets.ConnectionClosed:
            pass
        finally:
            if conn.table is not None:
                table = conn.table
                table.leave(conn)
                self._forget_if_done(table)
            writer.cancel()
            idle.cancel()
            self.open_from[address] -= 1
            if not self.open_from[address]:
                del self.open_from[address]

    async def _close_if_it_never_joins(self, conn: Connection) -> None:
        """A connection that has neither hosted, joined nor watched a table after the join
        timeout holds a place for nothing: it is closed, saying why."""
        await asyncio.sleep(self.join_timeout)
        if conn.table is None:
            await conn.ws.close(1008, f"no table joined within {self.join_timeout:g} s")

    def dispatch(self, conn: Connection, msg: dict[str, Any]) -> None:
        """Carry out one checked message from ``conn``."""
        kind = msg["type"]
        if kind == "host":
            return self._host(conn, msg)
        if kind == "hello":
            return self._hello(conn, msg)
        table = conn.table
        if table is None:
            conn.send({"type": "error", "reason": "join a table first (hello with its code)"})
            return
        if kind == "act":
            table.act(conn, msg["seat"], msg["action"], msg.get("id"))
        elif kind == "claim":
            table.claim(conn, msg["seat"])
        elif kind == "undo":
            table.ask_undo(conn, msg["seat"])
        elif kind == "consent":
            table.consent(conn, msg["request"], msg["agree"])
        elif kind == "leave":
            conn.table = None
            table.leave(conn)
            self._forget_if_done(table)

    def _host(self, conn: Connection, msg: dict[str, Any]) -> None:
        if conn.table is not None:
            conn.send({"type": "error", "reason": "you are already at a table"})
            return
        address = _address(conn)
        now = time.monotonic()
        recent = [t for t in self.hosted.get(address, []) if now - t < 3600]
        if len(recent) >= HOSTS_PER_HOUR and address != "127.0.0.1":
            conn.send({"type": "error", "reason": "your address has opened many tables this hour: try later"})
            return
        try:
            config = TableConfig.from_json(msg)
            table = self.create_table(config)
            self.hosted[address] = [*recent, now]
        except ValueError as exc:
            conn.send({"type": "error", "reason": str(exc)})
            return
        tokens = table.host_tokens()
        conn.name = _name(msg.get("name"))
        conn.send({"type": "hosted", "code": table.code, "tokens": {str(k): v for k, v in tokens.items()},
                   "seats": [s.kind for s in table.seats]})
        conn.table = table
        if tokens:
            table.join(conn, tokens=list(tokens.values()))
        else:
            table.join(conn, watch=True)

    def _hello(self, conn: Connection, msg: dict[str, Any]) -> None:
        if conn.table is not None:
            conn.send({"type": "error", "reason": "you are already at a table"})
            return
        address = _address(conn)
        now = time.monotonic()
        recent = [t for t in self.wrong_codes.get(address, []) if now - t < 60]
        table = self.tables.get(normal_code(msg["code"]))
        tokens = msg.get("tokens")
        rejoining = table is not None and isinstance(tokens, list) and table.knows_tokens(tokens)
        if len(recent) >= WRONG_CODES_PER_MINUTE and not rejoining:  # a seat token is no guess: it comes in
            conn.send({"type": "error", "reason": "too many wrong codes from your address: wait a minute"})
            return
        if table is None:
            self.wrong_codes[address] = [*recent, now]
            conn.send({"type": "error", "reason": "no table has that code"})
            return
        if tokens is not None and (not isinstance(tokens, list) or len(tokens) > len(table.seats)
                                   or not all(isinstance(t, str) and len(t) <= 64 for t in tokens)):
            conn.send({"type": "error", "reason": "'tokens' must be a short list of seat tokens"})
            return
        conn.name = _name(msg.get("name"))
        try:
            conn.table = table
            table.join(conn, tokens=tokens or None, watch=msg.get("watch") is True)
        except JoinRefused as exc:
            conn.table = None
            if exc.guess:
                self.wrong_codes[address] = [*recent, now]
            conn.send({"type": "error", "reason": str(exc), **({"unknown_token": True} if exc.guess else {})})

    def _forget_if_done(self, table: OnlineTable) -> None:
        """A finished table is closed (and its file removed) once everyone has left it."""
        if not table.state.is_over() or table.members or table.watchers:
            return
        self._close_table(table)

    def _close_table(self, table: OnlineTable) -> None:
        """Stop ``table`` and forget it, its autosave too."""
        table.closed = True
        table._poke()
        self.tables.pop(table.code, None)
        self.tasks.pop(table.code, None)
        self.dirty.discard(table.code)
        if self.state_dir is not None:
            with self.files_lock:
                self.removed.add(table.code)
                (self.state_dir / f"{table.code}.json").unlink(missing_ok=True)


def _address(conn: Connection) -> str:
    return str(conn.ws.remote_address[0]) if conn.ws.remote_address else "?"


def _name(value: Any) -> str:
    """A joiner's name; "" for none. Control and format characters (NUL, a right-to-left
    override) are dropped: a name is shown to others. "You" is no name: every screen calls its
    own player so."""
    if not isinstance(value, str):
        return ""
    name = shown_name(value)[:NAME_LIMIT]
    return "" if SeatInfo(name).is_called_you else name


def _write_atomically(path: Path, data: dict[str, Any]) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class ServerThread:
    """A :class:`TableServer` on its own thread and event loop, for a screen that hosts a
    table (the launcher) or a test. ``address`` is (host, port) once started."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, **kwargs: Any) -> None:
        import threading

        self.loop = asyncio.new_event_loop()
        self.server = TableServer(**kwargs)
        started = threading.Event()
        self.error: BaseException | None = None

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            try:
                self.address = self.loop.run_until_complete(self.server.start(host, port))
            except BaseException as exc:  # noqa: BLE001 - reported to the caller below
                self.error = exc
                started.set()
                return
            started.set()
            self.loop.run_forever()

        self.address: tuple[str, int] = (host, port)
        self.thread = threading.Thread(target=run, daemon=True, name="table-server")
        self.thread.start()
        started.wait(10)
        if self.error is not None:
            raise OSError(bind_problem(host, port, self.error))

    def stop(self, reason: str = STOPPED, *, back: bool = True) -> None:
        """Tell the players ``reason`` (see :meth:`TableServer.close`), save the tables and stop
        (bounded)."""
        if self.loop.is_running():
            asyncio.run_coroutine_threadsafe(self.server.close(reason, back=back), self.loop).result(10)
            self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
