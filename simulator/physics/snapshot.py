"""Body snapshots as plain values: what a world records and is rebuilt from.

Pure on purpose (no pymunk import): rule modules keep poses in their state, and
only the world turns them back into bodies. Functions that touch bodies take any
object with pymunk's ``position``/``angle``/``velocity`` attributes.
"""
from __future__ import annotations

import math
from typing import Any, Iterable, NamedTuple


class BodyPose(NamedTuple):
    """Where a body is: its origin in world coordinates and its angle in radians."""

    x: float
    y: float
    angle: float

    def is_finite(self) -> bool:
        return math.isfinite(self.x) and math.isfinite(self.y) and math.isfinite(self.angle)


def pose_of(body: Any) -> BodyPose:
    """The pose of a pymunk body."""
    x, y = body.position
    return BodyPose(x, y, body.angle)


def put_at_rest(body: Any, pose: BodyPose) -> None:
    """Move ``body`` to ``pose`` with no velocity (a rebuilt world starts at rest)."""
    body.position = (pose.x, pose.y)
    body.angle = pose.angle
    body.velocity = (0.0, 0.0)
    body.angular_velocity = 0.0


def kinetic_energy(bodies: Iterable[Any]) -> float:
    """Total kinetic energy, linear plus rotational (units of the world: g mm^2/s^2)."""
    total = 0.0
    for body in bodies:
        vx, vy = body.velocity
        total += 0.5 * body.mass * (vx * vx + vy * vy) + 0.5 * body.moment * body.angular_velocity ** 2
    return total


def potential_energy(bodies: Iterable[Any], gravity: float) -> float:
    """Gravitational energy of the bodies' centres of gravity above y = 0."""
    total = 0.0
    for body in bodies:
        _, y = body.local_to_world(body.center_of_gravity)
        total += body.mass * gravity * y
    return total
