"""Fixed-step frames and the live screen's frame clock."""
from __future__ import annotations

import pymunk
import pytest

from simulator.physics.stepping import FixedStep, FrameClock, step_frame


def test_a_frame_is_made_of_equal_substeps():
    step = FixedStep(60, 8)
    assert step.frame_dt == pytest.approx(1 / 60) and step.substep_dt == pytest.approx(1 / 480)
    space = pymunk.Space()
    body = pymunk.Body(1.0, 1.0)
    body.velocity = (480.0, 0.0)
    space.add(body)
    steps = []

    class CountingSpace:
        def step(self, dt: float) -> None:
            steps.append(dt)
            space.step(dt)

    step_frame(CountingSpace(), step)
    assert steps == [pytest.approx(1 / 480)] * 8
    assert body.position.x == pytest.approx(8.0), "one frame moves a body 1/60 s worth"


@pytest.mark.parametrize("hz,substeps", [(0, 4), (60, 0), (-1, 1)])
def test_a_step_of_no_time_is_refused(hz, substeps):
    with pytest.raises(ValueError):
        FixedStep(hz, substeps)


def test_the_frame_clock_hands_out_whole_frames_and_keeps_the_rest():
    clock = FrameClock(0.01)
    assert clock.advance(0.025) == 2
    assert clock.alpha == pytest.approx(0.5)
    assert clock.advance(0.005) == 1
    assert clock.alpha == pytest.approx(0.0, abs=1e-9)


def test_the_frame_clock_drops_time_after_a_stall():
    """A stall of a second must not make the world race through 60 frames at once."""
    clock = FrameClock(1 / 60, max_catch_up=5)
    assert clock.advance(1.0) == 5
    assert clock.advance(0.0) == 0
