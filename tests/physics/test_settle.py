"""Settle detection: still for long enough, or not yet."""
from __future__ import annotations

import pymunk
import pytest

from simulator.physics.settle import SettleWatch, is_still


def body_moving(speed: float, spin: float = 0.0) -> pymunk.Body:
    body = pymunk.Body(1.0, 1.0)
    body.velocity = (speed, 0.0)
    body.angular_velocity = spin
    return body


def test_still_means_slower_than_both_thresholds():
    assert is_still([body_moving(0.5), body_moving(0.0, 0.01)], speed=1.0, spin=0.02)
    assert not is_still([body_moving(0.5), body_moving(1.5)], speed=1.0, spin=0.02)
    assert not is_still([body_moving(0.0, 0.05)], speed=1.0, spin=0.02)


def test_settled_only_after_the_hold_and_a_twitch_starts_over():
    watch = SettleWatch(speed=1.0, spin=0.02, hold_frames=3)
    still, moving = [body_moving(0.1)], [body_moving(5.0)]
    assert [watch.update(still) for _ in range(2)] == [False, False]
    assert not watch.update(moving)
    assert [watch.update(still) for _ in range(3)] == [False, False, True]
    assert watch.is_settled
    watch.reset()
    assert not watch.is_settled


def test_a_hold_of_no_frames_is_refused():
    with pytest.raises(ValueError):
        SettleWatch(1.0, 0.02, 0)
