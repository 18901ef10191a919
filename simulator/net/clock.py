"""The server's clock for a timed window (Wie Weet Wat's answering window), and buzzes.

A game with timed windows has a ``timing.py`` in its folder with ``TIMING`` (see
``simulator/games/wie_weet_wat/timing.py``): which window is open, which actions carry
a time, how a bot's action is timed. The server owns the clock; clients only show it.

How network delay is treated (also in that game's RULES.md): the server stamps every
buzz and every answer when it arrives, less the sender's one-way delay (half the round
trip the server measured on that connection), compensated up to :data:`MAX_COMPENSATION_MS`.
Buzzes are granted :data:`GRACE_MS` after the first one arrives, to the earliest stamp,
so a player on a slower line who buzzed first still gets the floor. While a player has
the floor the clock stands still for everyone, as on the shared screen.
"""
from __future__ import annotations

import importlib
import importlib.util
import time
from dataclasses import dataclass
from typing import Any, Callable

MAX_COMPENSATION_MS = 100.0
GRACE_MS = 100.0


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
class Claim:
    """A seat that has the floor: its answers count at ``at_ms``; it keeps the floor until ``until``."""

    seat: int
    at_ms: int
    until: float


class WindowClock:
    """Elapsed time in the open window, in ms, standing still while a seat has the floor.

    ``scale`` runs the clock faster (tests, benchmarks); ``now`` is the time source.
    """

    def __init__(self, timing: Any, *, scale: float = 1.0, now: Callable[[], float] = time.monotonic) -> None:
        self.timing = timing
        self.scale = scale
        self.now = now
        self.key: Any = None
        self.deadline_ms = 0
        self.base_ms = 0.0
        self.resumed_at = 0.0
        self.claim: Claim | None = None
        self.requests: list[tuple[float, int]] = []   # (stamp ms, seat) waiting for the grace to pass
        self.grant_at: float | None = None

    @property
    def is_open(self) -> bool:
        return self.key is not None

    def sync(self, state: Any) -> bool:
        """Follow the state: open the clock on a new window, stop it when the window closes.
        True if a new window just opened."""
        window = self.timing.window(state)
        if window is None:
            self.key = None
            self.claim = None
            self.requests = []
            self.grant_at = None
            return False
        key, deadline = window
        self.deadline_ms = deadline
        if key == self.key:
            return False
        self.key = key
        self.base_ms = 0.0
        self.resumed_at = self.now()
        self.claim = None
        self.requests = []
        self.grant_at = None
        return True

    def ms(self) -> float:
        """The clock now; it stands still while someone has the floor."""
        if self.claim is not None:
            return self.base_ms
        return self.base_ms + (self.now() - self.resumed_at) * 1000.0 * self.scale

    def stamp(self, round_trip_s: float | None) -> float:
        """The moment a message arriving now counts, less its sender's delay."""
        return max(0.0, self.ms() - compensation_ms(round_trip_s) * self.scale)

    # -- the floor -----------------------------------------------------------------------
    def request(self, seat: int, stamp_ms: float) -> None:
        """``seat`` buzzed at ``stamp_ms``; granted after the grace, to the earliest stamp."""
        if all(s != seat for _, s in self.requests):
            self.requests.append((stamp_ms, seat))
        if self.grant_at is None:
            self.grant_at = self.now() + GRACE_MS / 1000.0 / self.scale

    def grant_due(self) -> tuple[int, int] | None:
        """If the grace has passed, give the floor to the earliest buzz: (seat, at_ms)."""
        if self.grant_at is None or self.now() < self.grant_at or self.claim is not None:
            return None
        stamp, seat = min(self.requests)
        self.requests = []
        self.grant_at = None
        self.base_ms = self.ms()
        self.claim = Claim(seat, round(stamp), self.now() + self.timing.claim_seconds / self.scale)
        return seat, round(stamp)

    def answered(self) -> None:
        """The seat with the floor answered: it may add another card for a while."""
        if self.claim is not None:
            self.claim.until = self.now() + self.timing.more_seconds / self.scale

    def release(self) -> int | None:
        """The floor is given back (or taken away): the clock runs on. Returns the seat that had it."""
        if self.claim is None:
            return None
        seat = self.claim.seat
        self.claim = None
        self.resumed_at = self.now()
        return seat

    def claim_expired(self) -> bool:
        return self.claim is not None and self.now() >= self.claim.until

    def next_event_in(self) -> float | None:
        """Seconds until the clock needs looking at: a grant, the floor's end or the deadline."""
        now = self.now()
        times = []
        if self.grant_at is not None:
            times.append(self.grant_at - now)
        if self.claim is not None:
            times.append(self.claim.until - now)
        elif self.is_open:
            times.append((self.deadline_ms - self.ms()) / 1000.0 / self.scale)
        return max(0.0, min(times)) if times else None

    def to_json(self) -> dict[str, Any] | None:
        """What clients show: the clock, whether it runs, who has the floor."""
        if not self.is_open:
            return None
        claim = None
        if self.claim is not None:
            claim = {"seat": self.claim.seat, "at_ms": self.claim.at_ms,
                     "left": max(0.0, (self.claim.until - self.now()) * self.scale)}
        return {"ms": round(self.ms()), "deadline_ms": self.deadline_ms, "running": self.claim is None,
                "scale": self.scale, "claim": claim}
