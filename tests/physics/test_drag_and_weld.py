"""The hand (a kinematic body with force-limited joints), welding, and body snapshots."""
from __future__ import annotations

import pymunk
import pytest

from simulator.physics.drag import DragHand
from simulator.physics.snapshot import BodyPose, kinetic_energy, pose_of, potential_energy, put_at_rest
from simulator.physics.stepping import FixedStep, step_frame
from simulator.physics.weld import weld_onto

STEP = FixedStep(60, 8)
G = 9810.0


def box_body(space: pymunk.Space, mass: float, at: tuple[float, float]) -> pymunk.Body:
    body = pymunk.Body()
    shape = pymunk.Poly.create_box(body, (20.0, 4.0))
    shape.mass = mass
    body.position = at
    space.add(body, shape)
    return body


def space_with_gravity() -> pymunk.Space:
    space = pymunk.Space()
    space.gravity = (0.0, -G)
    return space


def test_the_hand_carries_a_light_body_where_it_goes():
    space = space_with_gravity()
    body = box_body(space, 2.0, (0.0, 100.0))
    hand = DragHand(space, max_force=50 * 2.0 * G, max_torque=1e7)
    hand.attach(body)
    for k in range(1, 61):
        hand.steer(k * 1.0, 100.0, 0.0, STEP.frame_dt)
        step_frame(space, STEP)
    assert body.position.x == pytest.approx(60.0, abs=1.0)
    assert body.position.y == pytest.approx(100.0, abs=1.0)


def test_the_hand_cannot_lift_more_than_its_force():
    """A force-limited hand: a body heavier than max_force/g sinks out of it."""
    space = space_with_gravity()
    body = box_body(space, 100.0, (0.0, 100.0))
    hand = DragHand(space, max_force=10.0 * G, max_torque=1e7)
    hand.attach(body)
    for _ in range(30):
        hand.steer(0.0, 100.0, 0.0, STEP.frame_dt)
        step_frame(space, STEP)
    assert body.position.y < 60.0


def test_releasing_removes_the_joints_so_the_body_can_fall_and_sleep():
    space = space_with_gravity()
    body = box_body(space, 2.0, (0.0, 100.0))
    hand = DragHand(space, max_force=1e6, max_torque=1e7)
    hand.attach(body)
    with pytest.raises(RuntimeError):
        hand.attach(body)
    assert len(space.constraints) == 2
    hand.release()
    assert not list(space.constraints) and not hand.is_holding
    step_frame(space, STEP)
    assert body.velocity.y < 0


def test_welding_keeps_shapes_where_they_are_and_adds_their_mass():
    space = space_with_gravity()
    carrier = box_body(space, 10.0, (0.0, 0.0))
    card = box_body(space, 2.0, (5.0, 4.0))
    card.angle = 0.1
    corners = [card.local_to_world(v) for v in list(card.shapes)[0].get_vertices()]
    shapes = weld_onto(card, carrier)
    assert carrier.mass == pytest.approx(12.0)
    assert card not in space.bodies and len(space.bodies) == 1
    welded = [carrier.local_to_world(v) for v in shapes[0].get_vertices()]
    assert all(min(a.get_distance(b) for b in welded) < 1e-9 for a in corners)


def test_a_snapshot_puts_a_body_back_at_rest():
    body = pymunk.Body(2.0, 10.0)
    body.velocity = (3.0, 4.0)
    body.angular_velocity = 2.0
    assert kinetic_energy([body]) == pytest.approx(0.5 * 2 * 25 + 0.5 * 10 * 4)
    put_at_rest(body, BodyPose(1.0, 2.0, 0.5))
    assert pose_of(body) == BodyPose(1.0, 2.0, 0.5)
    assert kinetic_energy([body]) == 0.0
    assert potential_energy([body], G) == pytest.approx(2.0 * G * 2.0)
    assert not BodyPose(float("nan"), 0.0, 0.0).is_finite()
