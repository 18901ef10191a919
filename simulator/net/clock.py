"""The server's clock for a timed window (Wie Weet Wat's answering window), and buzzes.

A game with timed windows has a ``timing.py`` in its folder with ``TIMING`` (see
``simulator/games/wie_weet_wat/timing.py``): which window is open, which actions carry
a time, when an answer counts, what a seat does when its answer box closes. The server
owns the clock; screens only show it. Nothing stops the clock: a buzz opens the buzzing
seat's answer box (every player has their own keyboard online, so boxes never queue).

How network delay is treated (also in that game's RULES.md): the server stamps every
buzz and every answer when it arrives, less the sender's one-way delay (half the round
trip the server measured on that connection), compensated up to :data:`MAX_COMPENSATION_MS`.
"""
from __future__ import annotations

import importlib
import importlib.util
import time
from dataclasses import dataclass
from typing import Any, Callable

MAX_COMPENSATION_MS = 100.0


def timing_for(game_id: str) -> Any | None:
    """The game's ``TIMING`` (from its ``timing.py``), or None for games without timed windows."""
    name = f"simulator.games.{game_id.replace('-', '_')}.timing"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name).TIMING


def compensation_ms(round_trip_s: float | None) -> float:
    """How much earlier than its arrival a message counts: half the round trip, capped."""
    if not round_trip_s or round_trip_s < 0:
        return 0.0
    return min(MAX_COMPENSATION_MS, round_trip_s * 500.0)


@dataclass
class Box:
    """A seat's open answer box: its answers count from ``dated_from`` plus the time since
    ``typing_from`` beyond typing; it closes at ``until`` (server time, seconds)."""

    buzz_ms: float
    dated_from: float
    typing_from: float
    until: float


class WindowClock:
    """Elapsed time in the open window, in ms, and the seats' answer boxes.

    ``scale`` runs the clock faster (tests, benchmarks); ``now`` is the time source.
    """

    def __init__(self, timing: Any, *, scale: float = 1.0, now: Callable[[], float] = time.monotonic) -> None:
        self.timing = timing
        self.scale = scale
        self.now = now
        self.key: Any = None
        self.deadline_ms = 0
        self.opened_at = 0.0
        self.boxes: dict[int, Box] = {}
        self.buzzed: set[int] = set()     # one buzz per seat per window

    @property
    def is_open(self) -> bool:
        return self.key is not None

    def sync(self, state: Any) -> bool:
        """Follow the state: start the clock on a new window, stop it when the window closes.
        True if a new window just opened."""
        window = self.timing.window(state)
        if window is None:
            self.key = None
            self.boxes = {}
            return False
        key, deadline = window
        self.deadline_ms = deadline
        if key == self.key:
            return False
        self.key = key
        # a window already under way (a restarted server, an undo) goes on from its latest answer
        self.opened_at = self.now() - self.timing.elapsed_ms(state) / 1000.0 / self.scale
        self.boxes = {}
        self.buzzed = set()
        return True

    def restart(self) -> None:
        """Forget the window (after an undo): the next :meth:`sync` starts it afresh."""
        self.key = None
        self.boxes = {}

    def ms(self) -> float:
        return (self.now() - self.opened_at) * 1000.0 * self.scale

    def stamp(self, round_trip_s: float | None) -> float:
        """The moment a message arriving now counts, less its sender's delay."""
        return max(0.0, self.ms() - compensation_ms(round_trip_s) * self.scale)

    # -- answer boxes --------------------------------------------------------------------------
    def open_box(self, seat: int, stamp_ms: float) -> Box:
        """``seat`` buzzed at ``stamp_ms``: its answer box opens."""
        self.buzzed.add(seat)
        box = Box(stamp_ms, stamp_ms, stamp_ms, self.now() + self.timing.box_seconds / self.scale)
        self.boxes[seat] = box
        return box

    def answered(self, seat: int, at_ms: float, arrived_ms: float) -> None:
        """``seat`` answered: another card of the letter may follow for a while."""
        box = self.boxes.get(seat)
        if box is not None:
            box.dated_from, box.typing_from = at_ms, arrived_ms
            box.until = self.now() + self.timing.more_seconds / self.scale

    def expired(self) -> list[int]:
        """Seats whose answer box has closed by time."""
        now = self.now()
        return [seat for seat, box in self.boxes.items() if now >= box.until]

    def next_event_in(self) -> float | None:
        """Seconds until the clock needs looking at: a box closing or the deadline."""
        if not self.is_open:
            return None
        now = self.now()
        times = [box.until - now for box in self.boxes.values()]
        times.append((self.deadline_ms - self.ms()) / 1000.0 / self.scale)
        return max(0.0, min(times))

    def to_json(self) -> dict[str, Any] | None:
        """What screens show: the clock, and every open answer box with its buzz and time left."""
        if not self.is_open:
            return None
        now = self.now()
        return {"ms": round(self.ms()), "deadline_ms": self.deadline_ms, "scale": self.scale,
                "boxes": {str(seat): {"buzz_ms": round(box.buzz_ms), "left": max(0.0, (box.until - now) * self.scale)}
                          for seat, box in self.boxes.items()}}
