"""Settle detection: a placement is judged once everything has been still for a while."""
from __future__ import annotations

from typing import Any, Iterable


def is_still(bodies: Iterable[Any], speed: float, spin: float) -> bool:
    """True when every awake body moves slower than ``speed`` and turns slower than ``spin``.

    Sleeping bodies count as still (Chipmunk only puts resting groups to sleep).
    """
    for body in bodies:
        if body.is_sleeping:
            continue
        if body.velocity.length >= speed or abs(body.angular_velocity) >= spin:
            return False
    return True


class SettleWatch:
    """Counts consecutive still frames; settled after ``hold_frames`` of them.

    Call :meth:`update` once per frame with the bodies that matter. Raises
    ValueError for a hold shorter than one frame.
    """

    def __init__(self, speed: float, spin: float, hold_frames: int) -> None:
        if hold_frames < 1:
            raise ValueError("hold_frames must be at least 1")
        self.speed = speed
        self.spin = spin
        self.hold_frames = hold_frames
        self.still_frames = 0

    def update(self, bodies: Iterable[Any]) -> bool:
        if is_still(bodies, self.speed, self.spin):
            self.still_frames += 1
        else:
            self.still_frames = 0
        return self.still_frames >= self.hold_frames

    @property
    def is_settled(self) -> bool:
        return self.still_frames >= self.hold_frames

    def reset(self) -> None:
        self.still_frames = 0
