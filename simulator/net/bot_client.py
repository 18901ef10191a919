"""A bot that plays over the network like a remote player: for tests, benchmarks and demos.

It sees only what the server sends its seat (the view and its legal actions) and
answers with actions as JSON, exactly as a person's screen does.
"""
from __future__ import annotations

import asyncio
import random
import time
from typing import Any, Callable

from simulator.engine import Game, load_game, make_bot

from .client import TableClient


class BotClient:
    """Plays the seats a :class:`TableClient` holds with bots of ``level``."""

    def __init__(self, client: TableClient, *, level: str = "random", seed: int = 0, think: float = 0.0) -> None:
        self.client = client
        self.think = think  # mean seconds to wait before each move, like a person (benchmarks)
        self.level = level
        self.rng = random.Random(seed)
        self.game: Game | None = None
        self.seats: list[int] = []
        self.bots: dict[int, Any] = {}
        self.received: list[dict[str, Any]] = []
        self.last: dict[str, Any] | None = None
        self.acted: dict[int, int] = {}
        self.sent = 0
        self.latencies: list[float] = []
        self.sent_at: float | None = None

    async def join(self, code: str, *, name: str = "Bot", tokens: list[str] | None = None,
                   timeout: float = 5.0) -> dict[str, Any]:
        hello: dict[str, Any] = {"type": "hello", "code": code, "name": name}
        if tokens:
            hello["tokens"] = tokens
        await self.client.send(hello)
        welcome = await self._expect("welcome", timeout)
        self.game = load_game(welcome["game"], players=welcome["players"], **welcome["options"])
        self.seats = list(welcome["you"])
        self.bots = {seat: make_bot(self.game, seat, self.level) for seat in self.seats}
        await self._expect("update", timeout)   # a welcome is always followed by the seat's view
        return welcome

    async def _expect(self, kind: str, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = await self.client.receive(max(0.01, deadline - time.monotonic()))
            self._note(message)
            if message["type"] == "error":
                raise RuntimeError(message["reason"])
            if message["type"] == kind:
                return message

    def _note(self, message: dict[str, Any]) -> None:
        self.received.append(message)
        if message["type"] == "update":
            if self.sent_at is not None:
                self.latencies.append(time.perf_counter() - self.sent_at)
                self.sent_at = None
            self.last = message

    async def play(self, *, timeout: float, until: Callable[[dict[str, Any]], bool] | None = None,
                   keep: bool = True) -> dict[str, Any]:
        """Play until the game is over (or ``until(update)``); raises TimeoutError after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            if self.last is not None:
                if self.last["over"] or (until is not None and until(self.last)):
                    return self.last
                await self._move(self.last)
            message = await self.client.receive(max(0.01, deadline - time.monotonic()))
            if not keep:
                self.received.clear()
            self._note(message)
            if message["type"] in ("refused", "error"):
                self.acted.pop(message.get("seat"), None)  # try again from the same update

    async def _move(self, update: dict[str, Any]) -> None:
        assert self.game is not None
        for seat in self.seats:
            legal_json = update["legal"].get(str(seat))
            if not legal_json or self.acted.get(seat) == update["version"]:
                continue
            if self.think:
                await asyncio.sleep(self.think * (0.5 + self.rng.random()))  # people are not in step
            legal = [self.game.decode_action(a) for a in legal_json]
            action = self.bots[seat].choose(update["views"][str(seat)], legal, self.rng)
            self.acted[seat] = update["version"]
            self.sent += 1
            self.sent_at = time.perf_counter()
            await self.client.send({"type": "act", "seat": seat, "action": action.to_json(), "id": self.sent})
