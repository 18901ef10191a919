"""Bots: seats played by the program. A bot sees only its seat's view.

A bot is built for one seat of one game (``factory(game, seat)``) and asked
``choose(view, legal_actions, rng)`` whenever its seat may act. It must return one
of ``legal_actions`` or another action the rules accept (free-form games).
A bot that never reads its view says so with ``reads_view = False`` and is then
passed ``None``, so headless runs do not build views nobody reads.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Protocol, Sequence

from .actions import Action
from .game import Game


class Bot(Protocol):
    """What a bot must provide."""

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        ...


BotFactory = Callable[[Game, int], Bot]


class RandomBot:
    """Picks uniformly among the legal actions; the baseline every game has."""

    reads_view = False

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        return legal_actions[int(rng.random() * len(legal_actions))]
