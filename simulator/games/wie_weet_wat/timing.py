"""How a Wie Weet Wat answering window keeps time on a server (simulator.net).

The same rules as the shared screen (realtime.py; RULES.md, "The buzzer"): the clock runs
from the moment the category is read and nothing stops it; a player buzzes **once per
category**, which opens their answer box for ``TYPE_SECONDS`` (and ``MORE_SECONDS`` after
each answer); an answer counts at the buzz plus whatever time the player took beyond
typing the word; when the box closes the buzz is spent and the seat passes. Online every
player has their own keyboard, so boxes never queue. Pure: no pygame.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from simulator.engine import Action

from .buzzer import MORE_SECONDS, TYPE_SECONDS, typing_ms
from .rules import Answer, BotLevel, ChooseCategory, CounterAttack, Pass, WieWeetWatState


def pass_due_ms(level: BotLevel, *, answered: bool, clock_ms: float, deadline_ms: int) -> int:
    """When a bot that plans to pass gives up: when it would almost surely have found a word by now."""
    at = clock_ms + level.extra_card_ms if answered else \
        max(clock_ms, level.reaction_mean_ms + 3 * level.reaction_sd_ms)
    return int(min(at, deadline_ms))


class WieWeetWatTiming:
    """The answering window's clock rules, as a server asks for them (see simulator.net.clock)."""

    box_seconds = TYPE_SECONDS
    more_seconds = MORE_SECONDS

    def window(self, state: Any) -> tuple[int, int] | None:
        """(key, deadline_ms) of the open answering window, or None. The key is the place in
        the log of the choice that read the category, so each window has its own."""
        if not isinstance(state, WieWeetWatState) or state.phase != "answer":
            return None
        key = next((i for i in range(len(state.history) - 1, -1, -1)
                    if isinstance(state.history[i], ChooseCategory)), -1)
        return key, state.deadline_ms()

    def elapsed_ms(self, state: Any) -> int:
        """Where the clock of an open window stands at least (after a restart or an undo):
        at the latest answer on the table."""
        return state.latest_answer_ms()

    def timed_ms(self, action: Action) -> int | None:
        """The moment a timed action (an answer) claims, or None for untimed ones."""
        return action.at_ms if isinstance(action, (Answer, CounterAttack)) else None

    def answer_ms(self, action: Action, *, dated_from: float, typing_from: float, arrived: float) -> int:
        """When an answer that ``arrived`` (on the window's clock) counts: from the buzz (or the
        seat's last answer) plus the time beyond typing its word."""
        beyond = max(0.0, arrived - typing_from - typing_ms(action.word))
        return round(dated_from + beyond)

    def at(self, action: Action, at_ms: int) -> Action:
        """``action`` counted at ``at_ms`` instead."""
        return dataclasses.replace(action, at_ms=int(at_ms))

    def spent(self, seat: int) -> Action:
        """What a seat does when its answer box closes: it passes (its one buzz is spent)."""
        return Pass(seat)

    def buzz_refusal(self, state: Any, seat: int, clock_ms: float) -> str:
        """Why ``seat`` may not buzz now ('' when it may); one buzz per category is the server's to count."""
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
