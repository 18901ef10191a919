"""Headless play: run a game to its end with bots in every seat."""
from __future__ import annotations

import random
from typing import Sequence

from .actions import REFEREE
from .bots import Bot
from .game import Game, Referee, State


class RunawayGame(RuntimeError):
    """A game that did not end within the action limit: a rules bug."""


def play_out(game: Game, bots: Sequence[Bot], seed: int, *, max_actions: int = 200_000,
             state: State | None = None, referee: Referee | None = None) -> State:
    """Play from ``state`` (or a new game dealt from ``seed``) until it is over.

    Each bot gets only its seat's view. Bots draw on their own RNG, seeded from
    ``seed`` but apart from the game's, so a bot's choices never change the deal.
    ``referee`` answers for the table (default: the game's own).
    Raises :class:`RunawayGame` after ``max_actions``.
    """
    if state is None:
        state = game.new_state(seed)
    if referee is None:
        referee = game.make_referee()
    bot_rng = random.Random(seed ^ 0x5EED)
    reads_view = [getattr(bot, "reads_view", True) for bot in bots]
    for _ in range(max_actions):
        seats = state.current_players()
        if not seats:
            return state
        seat = seats[0]
        if seat == REFEREE:
            if referee is None:
                raise RuntimeError(f"{game.id} waits for a referee but has none")
            state.apply(referee.decide(state))
            continue
        view = state.view(seat) if reads_view[seat] else None
        state.apply(bots[seat].choose(view, state.legal_actions(seat), bot_rng))
    raise RunawayGame(f"{game.id} did not end within {max_actions} actions (seed {seed})")
