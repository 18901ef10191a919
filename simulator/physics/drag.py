"""The hand: a kinematic body that carries another body through joints of limited force.

A :class:`pymunk.PivotJoint` holds the grip point and a :class:`pymunk.GearJoint`
holds the angle, both with a force cap, so the carried body follows the hand in
free air but a clumsy move into a stack pushes the stack like a real hand would
instead of teleporting through it.

The hand is moved by velocity once per frame (:meth:`DragHand.steer`): over one
frame of substeps it arrives exactly at the target, which is what makes a
recorded hand trace replay identically.
"""
from __future__ import annotations

import pymunk


class DragHand:
    """A kinematic hand in ``space``; ``max_force`` caps the pull, ``max_torque`` the twist."""

    def __init__(self, space: pymunk.Space, max_force: float, max_torque: float) -> None:
        self.space = space
        self.max_force = max_force
        self.max_torque = max_torque
        self.body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        space.add(self.body)
        self.held: pymunk.Body | None = None
        self._joints: tuple[pymunk.Constraint, ...] = ()

    @property
    def is_holding(self) -> bool:
        return self.held is not None

    def attach(self, body: pymunk.Body) -> None:
        """Grip ``body`` at its origin, holding its present angle. Raises RuntimeError if holding."""
        if self.held is not None:
            raise RuntimeError("the hand already holds a body; release it first")
        self.body.position = body.position
        self.body.angle = body.angle
        self.body.velocity = (0.0, 0.0)
        self.body.angular_velocity = 0.0
        pivot = pymunk.PivotJoint(self.body, body, (0.0, 0.0), (0.0, 0.0))
        pivot.max_force = self.max_force
        gear = pymunk.GearJoint(self.body, body, 0.0, 1.0)
        gear.max_force = self.max_torque
        self._joints = (pivot, gear)
        self.space.add(*self._joints)
        self.held = body

    def steer(self, x: float, y: float, angle: float, frame_dt: float) -> None:
        """Set the hand's velocity so it reaches ``(x, y, angle)`` after one frame of ``frame_dt``."""
        hx, hy = self.body.position
        self.body.velocity = ((x - hx) / frame_dt, (y - hy) / frame_dt)
        self.body.angular_velocity = (angle - self.body.angle) / frame_dt

    def release(self) -> None:
        """Let go: remove the joints (a body jointed to a kinematic body never sleeps)."""
        if self._joints:
            self.space.remove(*self._joints)
        self._joints = ()
        self.held = None
        self.body.velocity = (0.0, 0.0)
        self.body.angular_velocity = 0.0
