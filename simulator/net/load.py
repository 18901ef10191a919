"""Load on a table server: many tables, each played by bot clients over real connections.

Used by ``tools/bench.py --online``: how many tables one server process holds, and the
round trip of an action (sent, applied, the seat's new view back) under that load.
"""
from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from .bot_client import BotClient
from .client import TableClient


async def _table(address: str, game: str, players: int, think: float, seed: int) -> list[BotClient]:
    host = await TableClient.open(address)
    await host.send({"type": "host", "game": game, "players": players, "seed": seed, "bot_pace": 0.5,
                     "seats": [{"name": f"P{i}", "kind": "remote"} for i in range(players)]})
    hosted = await host.until("hosted", 10)
    await host.close()
    bots = []
    for i in range(players):
        bot = BotClient(await TableClient.open(address), seed=seed * 10 + i, think=think)
        await bot.join(hosted["code"], name=f"B{i}", timeout=10)
        bots.append(bot)
    return bots


async def measure(address: str, *, tables: int, seconds: float, think: float = 0.5, game: str = "wham-bam",
                  players: int = 2) -> dict[str, Any]:
    """Open ``tables`` tables on the server at ``address``, let bot clients play them for
    ``seconds`` (each waits ``think`` s before a move) and report the round trips."""
    clients: list[BotClient] = []
    opened = 0
    start = time.perf_counter()
    for batch in range(0, tables, 20):
        groups = await asyncio.gather(*(_table(address, game, players, think, seed)
                                        for seed in range(batch, min(tables, batch + 20))))
        for group in groups:
            clients.extend(group)
        opened = len(clients) // players
    set_up = time.perf_counter() - start

    async def play(bot: BotClient) -> None:
        try:
            await bot.play(timeout=seconds, keep=False)
        except TimeoutError:
            pass

    start = time.perf_counter()
    await asyncio.gather(*(play(bot) for bot in clients))
    elapsed = time.perf_counter() - start
    for bot in clients:
        await bot.client.close()
    latencies = sorted(ms for bot in clients for ms in bot.latencies)
    moves = sum(bot.sent for bot in clients)

    def percentile(q: float) -> float:
        return 1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))] if latencies else float("nan")

    return {"tables": opened, "connections": len(clients), "seconds": round(elapsed, 1),
            "setup_s": round(set_up, 1), "actions": moves, "actions_per_s": round(moves / elapsed, 1),
            "latency_ms_p50": round(percentile(0.50), 2), "latency_ms_p95": round(percentile(0.95), 2),
            "latency_ms_p99": round(percentile(0.99), 2), "latency_ms_p99_9": round(percentile(0.999), 2),
            "latency_ms_mean": round(1000 * statistics.fmean(latencies), 2) if latencies else None}
