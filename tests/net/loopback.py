"""Helpers for the online tests: a server on 127.0.0.1 (ephemeral port) and clients of it.

Every wait is bounded: each test runs inside :func:`run` with an overall timeout, and
every receive has its own.
"""
from __future__ import annotations

import asyncio
import json
from typing import Any

from simulator.engine import GameRecord
from simulator.net.bot_client import BotClient
from simulator.net.client import TableClient
from simulator.net.server import TableServer

FAST = {"bot_pace": 0, "time_scale": 200}


def run(coro, timeout: float = 30.0):
    """Run one test's coroutine with an overall time limit."""
    async def bounded():
        return await asyncio.wait_for(coro, timeout)
    return asyncio.run(bounded())


async def close_all(server: TableServer, *clients: Any) -> None:
    """Close the clients, then the server (each close bounded)."""
    for client in clients:
        ws = getattr(client, "client", client).ws
        await asyncio.wait_for(ws.close(), 2)
    await server.close()


async def start_server(**kwargs: Any) -> tuple[TableServer, str]:
    server = TableServer(rate=kwargs.pop("rate", 5000), burst=kwargs.pop("burst", 5000), **kwargs)
    host, port = await server.start("127.0.0.1", 0)
    return server, f"{host}:{port}"


def seats(players: int, kinds: dict[int, str] | None = None) -> list[dict[str, str]]:
    kinds = kinds or {}
    return [{"name": f"P{i + 1}", "kind": kinds.get(i, "remote")} for i in range(players)]


async def host(address: str, game: str, players: int, *, kinds: dict[int, str] | None = None, seed: int = 1,
               **extra: Any) -> tuple[TableClient, dict[str, Any]]:
    """A host connection and its ``hosted`` answer (a table with the given seats)."""
    client = await TableClient.open(address)
    await client.send({"type": "host", "game": game, "players": players, "seats": seats(players, kinds),
                       "seed": seed, **FAST, **extra})
    return client, await client.until("hosted", 5)


async def bot_joins(address: str, code: str, count: int, **kwargs: Any) -> list[BotClient]:
    bots = []
    for i in range(count):
        bot = BotClient(await TableClient.open(address), seed=i)
        await bot.join(code, name=f"Bot{i + 1}", **kwargs)
        bots.append(bot)
    return bots


async def drain(client: TableClient, seconds: float = 0.15) -> list[dict[str, Any]]:
    """Every message that arrives within ``seconds``."""
    out = []
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while True:
        left = end - loop.time()
        if left <= 0:
            return out
        try:
            out.append(await client.receive(left))
        except TimeoutError:
            return out


def check_updates(record: GameRecord, updates: list[tuple[int | None, dict[str, Any]]]) -> int:
    """Assert each (seat, update) holds exactly that seat's view and the onlooker view of
    the state at the update's version (the number of actions applied, when no undo
    happened), and no other seat's view. Returns how many were checked."""
    state = record.replay(0)
    for seat, message in sorted(updates, key=lambda pair: pair[1]["version"]):
        while len(state.history) < message["version"]:
            state.apply(state.game.decode_action(record.actions[len(state.history)]))
        expected = set() if seat is None else {str(seat)}
        assert set(message["views"]) == expected, "a message carried another seat's view"
        if seat is not None:
            assert message["views"][str(seat)] == jsonish(state.view(seat))
        assert message["onlooker"] == jsonish(state.view(None))
    return len(updates)


def jsonish(value: Any) -> Any:
    return json.loads(json.dumps(value))
