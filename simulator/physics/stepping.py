"""Fixed-step simulation: frames of a constant length, each split into substeps.

Everything that must reproduce a result (a referee judging a placement, a bot
trying one, a replay) steps whole frames with :func:`step_frame`; a live screen
feeds real time into a :class:`FrameClock` and steps the frames it hands out, so
the screen and the referee see the same world.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class FixedStep:
    """``frame_hz`` frames per simulated second, each made of ``substeps`` solver steps.

    Raises ValueError for a non-positive rate or substep count.
    """

    frame_hz: int
    substeps: int

    def __post_init__(self) -> None:
        if self.frame_hz <= 0 or self.substeps <= 0:
            raise ValueError(f"frame_hz and substeps must be positive, got {self.frame_hz}, {self.substeps}")

    @property
    def frame_dt(self) -> float:
        return 1.0 / self.frame_hz

    @property
    def substep_dt(self) -> float:
        return 1.0 / (self.frame_hz * self.substeps)


def step_frame(space: Any, step: FixedStep) -> None:
    """Advance ``space`` by one frame: ``step.substeps`` equal solver steps."""
    dt = step.substep_dt
    for _ in range(step.substeps):
        space.step(dt)


class FrameClock:
    """Turns real elapsed time into whole fixed frames (the accumulator of a game loop).

    ``advance(real_seconds)`` returns how many frames to step now; after a stall it
    hands out at most ``max_catch_up`` frames and drops the rest, so a slow machine
    runs the world slower instead of spiralling. ``alpha`` is how far real time is
    into the next frame, for drawing between the last two frames (drawing never
    changes the model).
    """

    def __init__(self, frame_dt: float, max_catch_up: int = 5) -> None:
        if frame_dt <= 0 or max_catch_up < 1:
            raise ValueError("frame_dt must be positive and max_catch_up at least 1")
        self.frame_dt = frame_dt
        self.max_catch_up = max_catch_up
        self._banked = 0.0

    def advance(self, real_seconds: float) -> int:
        self._banked += max(0.0, real_seconds)
        frames = int(self._banked / self.frame_dt)
        if frames > self.max_catch_up:
            frames = self.max_catch_up
            self._banked = 0.0
        else:
            self._banked -= frames * self.frame_dt
        return frames

    @property
    def alpha(self) -> float:
        return min(1.0, self._banked / self.frame_dt)
