"""How a Wie Weet Wat answering window keeps time, for any table that runs its clock.

The shared screen (realtime.py) and an online server (simulator.net) both run the same
clock: it starts when the category is read, a player **buzzes** to claim the floor (the
clock stands still while they pick a card and type, for at most :data:`BUZZ_SECONDS`;
:data:`MORE_SECONDS` more after each answer to add a card), their answers count at the
moment of the buzz, bots answer at their own ``at_ms``, and at the deadline the referee
closes the window. Pure: no pygame.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from simulator.engine import Action

from .rules import Answer, BotLevel, ChooseCategory, CounterAttack, WieWeetWatState

BUZZ_SECONDS = 7.0       # after a buzz, time to pick a card and type a word one knows (the clock stands still)
MORE_SECONDS = 5.0       # after an answer, time to add another card in the same buzz


def pass_due_ms(level: BotLevel, *, answered: bool, clock_ms: float, deadline_ms: int) -> int:
    """When a bot that plans to pass gives up: when it would almost surely have found a word by now."""
    at = clock_ms + level.extra_card_ms if answered else \
        max(clock_ms, level.reaction_mean_ms + 3 * level.reaction_sd_ms)
    return int(min(at, deadline_ms))


class WieWeetWatTiming:
    """The answering window's clock rules, as a server asks for them (see simulator.net.clock)."""

    claim_seconds = BUZZ_SECONDS
    more_seconds = MORE_SECONDS

    def window(self, state: Any) -> tuple[int, int] | None:
        """(key, deadline_ms) of the open answering window, or None. The key is the place in
        the log of the choice that read the category, so each window has its own."""
        if not isinstance(state, WieWeetWatState) or state.phase != "answer":
            return None
        key = next((i for i in range(len(state.history) - 1, -1, -1)
                    if isinstance(state.history[i], ChooseCategory)), -1)
        return key, state.deadline_ms()

    def timed_ms(self, action: Action) -> int | None:
        """The moment a timed action (an answer) claims, or None for untimed ones."""
        return action.at_ms if isinstance(action, (Answer, CounterAttack)) else None

    def at(self, action: Action, at_ms: int) -> Action:
        """``action`` counted at ``at_ms`` instead."""
        return dataclasses.replace(action, at_ms=int(at_ms))

    def claim_refusal(self, state: Any, seat: int, clock_ms: float) -> str:
        """Why ``seat`` may not buzz now ('' when it may)."""
        if seat == state.reader and not state.playoff:
            return "The reader does not answer their own category."
        if seat not in state.current_players():
            return "You have nothing more to play for this category."
        if clock_ms >= state.deadline_ms():
            return "Time is up."
        return ""

    def bot_due_ms(self, state: Any, seat: int, action: Action, level: str, clock_ms: float) -> int:
        """When the bot in ``seat`` carries out ``action`` on the window's clock."""
        timed = self.timed_ms(action)
        if timed is not None:
            return timed
        levels = state.game.bot_levels
        bot_level = levels.get(level) or levels.get("good") or next(iter(levels.values()))
        answered = any(a["seat"] == seat for a in state.answers)
        return pass_due_ms(bot_level, answered=answered, clock_ms=clock_ms, deadline_ms=state.deadline_ms())


TIMING = WieWeetWatTiming()
