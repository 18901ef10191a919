"""A welded pile lets go exactly where a resting contact would: it slides past friction,
tips past its support's edge, lifts off when pulled; it holds otherwise."""
from __future__ import annotations

import math

import pymunk
import pytest
from hypothesis import given, settings, strategies as st

from simulator.physics.pile import _REACH, CarrierFrame, Slab, WeldedPile, _overload, _terms
from simulator.physics.snapshot import BodyPose
from simulator.physics.stepping import FixedStep, step_frame

G = 9810.0
STEP = FixedStep(60, 8)
LENGTH, THICK, MASS, FRICTION = 90.0, 3.0, 2.0, 0.4  # a card; friction 0.4 on 0.4 holds up to atan(0.16)
FLOOR = ((-200.0, 0.0), (200.0, 0.0), FRICTION)


def carrier_at(space: pymunk.Space, angle: float) -> pymunk.Body:
    """A kinematic board tilted by ``angle``, its top face at y = 0 in its own frame."""
    board = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    board.angle = angle
    shape = pymunk.Poly(board, [(-200, -10), (200, -10), (200, 0), (-200, 0)])
    shape.friction = FRICTION
    space.add(board, shape)
    return board


def welded(space: pymunk.Space, board: pymunk.Body, offsets: list[float], slip: float = 20.0) -> WeldedPile:
    """Cards stacked on ``board`` at the given offsets along it, welded onto it."""
    bodies = []
    for i, dx in enumerate(offsets):
        x, y = board.local_to_world((dx, THICK * (i + 0.5)))
        body = pymunk.Body()
        shape = pymunk.Poly(body, [(-LENGTH / 2, -THICK / 2), (LENGTH / 2, -THICK / 2),
                                   (LENGTH / 2, THICK / 2), (-LENGTH / 2, THICK / 2)])
        shape.mass, shape.friction = MASS, FRICTION
        body.position, body.angle = (x, y), board.angle
        space.add(body, shape)
        bodies.append((Slab(i, BodyPose(x, y, board.angle), LENGTH, THICK, MASS, FRICTION), body))
    return WeldedPile.weld(board, bodies, [FLOOR], slip_speed=slip)


def first_failure(pile: WeldedPile, space: pymunk.Space, frames: int = 30) -> int | None:
    for _ in range(frames):
        step_frame(space, STEP)
        failing = pile.failing_weld(G, STEP.frame_dt)
        if failing is not None:
            return failing
    return None


def space_with_gravity() -> pymunk.Space:
    space = pymunk.Space()
    space.gravity = (0.0, -G)
    return space


def test_a_pile_on_a_slope_gentler_than_friction_holds():
    space = space_with_gravity()
    pile = welded(space, carrier_at(space, math.radians(8.0)), [0.0, 5.0, -5.0, 10.0])
    assert first_failure(pile, space) is None


def test_a_pile_on_a_slope_steeper_than_friction_slides_as_a_whole():
    """Friction 0.4 on 0.4 (Chipmunk multiplies them) holds up to atan(0.16) = 9.1 degrees:
    at 11 degrees every contact is overloaded alike, so the pile goes from its lowest weld."""
    space = space_with_gravity()
    board = carrier_at(space, math.radians(11.0))
    pile = welded(space, board, [0.0, 5.0, -5.0, 10.0])
    assert first_failure(pile, space) == 0
    loose = pile.detach(0)
    assert loose.keys == [0, 1, 2, 3] and pile.keys == []
    start = loose.carrier.position
    for _ in range(30):
        step_frame(space, STEP)
    assert loose.carrier.position.get_distance(start) > 5.0, "the freed pile slides down the slope"


def test_a_sub_pile_leaning_past_its_support_tips_over_the_edge():
    """Two cards 60 mm out over the end of the one beneath: their weight acts beyond the
    30 mm they rest on, so the weld under them gives way (the pile below, with them on it,
    still has its weight over its support)."""
    space = space_with_gravity()
    pile = welded(space, carrier_at(space, 0.0), [0.0, 0.0, 60.0, 65.0])
    assert first_failure(pile, space) == 2
    assert pile.subtree(2) == [2, 3]


def test_a_frame_of_jitter_does_not_break_a_weld_but_a_hard_jolt_does():
    space = space_with_gravity()
    board = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    floor = pymunk.Poly(board, [(-200, -10), (200, -10), (200, 0), (-200, 0)])
    space.add(board, floor)
    pile = welded(space, board, [0.0, 0.0, 0.0])
    pile.failing_weld(G, STEP.frame_dt)       # the first call only records the motion
    board.velocity = (2.0, 0.0)               # a sideways twitch of 2 mm/s in a frame: 0.012 g
    step_frame(space, STEP)
    assert pile.failing_weld(G, STEP.frame_dt) is None
    board.velocity = (300.0, 0.0)             # a knock of 300 mm/s in a frame: friction cannot follow
    step_frame(space, STEP)
    assert pile.failing_weld(G, STEP.frame_dt) == 0


def test_detaching_keeps_every_card_where_it_lies():
    space = space_with_gravity()
    board = carrier_at(space, math.radians(4.0))
    pile = welded(space, board, [0.0, 10.0, -10.0])
    before = [board.local_to_world((pile.local_pose(k).x, pile.local_pose(k).y)) for k in range(3)]
    loose = pile.detach(1)
    after = [board.local_to_world((pile.local_pose(0).x, pile.local_pose(0).y))]
    after += [loose.carrier.local_to_world((loose.local_pose(k).x, loose.local_pose(k).y)) for k in (1, 2)]
    assert all(a.get_distance(b) < 1e-9 for a, b in zip(before, after))
    assert all(shape.body is loose.carrier for layer in loose.layers for shape in layer.shapes)
    assert len(board.shapes) == 1 + 1, "the board keeps its floor and the one card left on it"


def test_a_shake_back_and_forth_does_not_add_up_but_a_push_one_way_does():
    """An overload that turns each frame (a bed chattering on its corner) starts its slip
    again each time; the same overload the same way adds up until the weld gives."""
    space = space_with_gravity()
    board = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    space.add(board, pymunk.Poly(board, [(-200, -10), (200, -10), (200, 0), (-200, 0)]))
    pile = welded(space, board, [0.0, 0.0, 0.0])
    pile.failing_weld(G, STEP.frame_dt)
    kick = 0.25 * G * STEP.frame_dt  # a quarter g for a frame: past friction (0.16), under the slip speed alone
    for frame in range(12):
        board.velocity = (kick if frame % 2 == 0 else 0.0, 0.0)
        step_frame(space, STEP)
        assert pile.failing_weld(G, STEP.frame_dt) is None, f"a shake broke the weld at frame {frame}"
    broke = None
    for frame in range(12):
        board.velocity = (kick * (frame + 1), 0.0)  # speeding up the same way, a quarter g each frame
        step_frame(space, STEP)
        broke = pile.failing_weld(G, STEP.frame_dt)
        if broke is not None:
            break
    assert broke == 0


def test_a_detached_sub_pile_moves_on_as_the_turning_carrier_moved_it():
    space = space_with_gravity()
    board = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    space.add(board, pymunk.Poly(board, [(-200, -10), (200, -10), (200, 0), (-200, 0)]))
    board.velocity, board.angular_velocity = (30.0, -5.0), 0.8
    pile = welded(space, board, [0.0, 5.0, -5.0])
    loose = pile.detach(1)
    body = loose.carrier
    centre = body.local_to_world(body.center_of_gravity)
    assert body.angular_velocity == 0.8
    assert body.velocity.get_distance(board.velocity_at_world_point(centre)) < 1e-9


def loaded_failure(pile: WeldedPile, space: pymunk.Space, load: tuple[float, float, float, float],
                   frames: int = 30) -> int | None:
    """The first failing weld while a free body puts ``load`` (x, y, fx, fy; world) on the top."""
    for _ in range(frames):
        step_frame(space, STEP)
        failing = pile.failing_weld(G, STEP.frame_dt, [load])
        if failing is not None:
            return failing
    return None


def test_a_shove_on_the_top_reaches_the_pile_only_as_far_as_friction_carries_it():
    """A card sliding across the top, stopped by a wall, pushes sideways far harder than its
    weight; only what the resting contact can carry (friction times its push) reaches the pile,
    so a pile on a slope gentler than friction holds under it."""
    space = space_with_gravity()
    board = carrier_at(space, math.radians(8.0))
    pile = welded(space, board, [0.0, 5.0, -5.0, 10.0])
    x, y = board.local_to_world((0.0, THICK * 4.5))
    weight = MASS * G
    assert loaded_failure(pile, space, (x, y, -5.0 * weight, -weight)) is None
    space = space_with_gravity()
    steep = carrier_at(space, math.radians(11.0))
    pile = welded(space, steep, [0.0, 5.0, -5.0, 10.0])
    x, y = steep.local_to_world((0.0, THICK * 4.5))
    assert loaded_failure(pile, space, (x, y, 0.0, -weight)) == 0, "past friction the pile still slides"


def test_a_heavy_load_out_over_the_end_still_tips_the_top_card():
    """Limiting a load to what friction carries keeps its push and where it acts: a weight set
    out past the edge the top card rests on tips it over that edge."""
    space = space_with_gravity()
    board = carrier_at(space, 0.0)
    pile = welded(space, board, [0.0, 0.0, 40.0])
    x, y = board.local_to_world((84.0, THICK * 3.5))
    assert loaded_failure(pile, space, (x, y, 0.0, -MASS * G)) == 2


@settings(max_examples=60, deadline=None)
@given(x=st.floats(-500, 500), y=st.floats(-500, 500), angle=st.floats(-math.pi, math.pi),
       px=st.floats(-300, 300), py=st.floats(-300, 300))
def test_a_carrier_frame_converts_world_points_and_forces_as_pymunk_does(x, y, angle, px, py):
    """The weld check reads a carrier's pose once a frame and converts by hand: the same
    points (and forces: directions only) as Body.world_to_local."""
    body = pymunk.Body(1.0, 1.0)
    body.position, body.angle = (x, y), angle
    frame = CarrierFrame.of(body)
    assert frame.point(px, py) == pytest.approx(tuple(body.world_to_local((px, py))), abs=1e-9)
    origin = body.world_to_local((0.0, 0.0))
    turned = body.world_to_local((px, py)) - origin
    assert frame.vector(px, py) == pytest.approx(tuple(turned), abs=1e-9)


@settings(max_examples=150, deadline=None)
@given(offsets=st.lists(st.floats(-25, 25), min_size=2, max_size=8), angle=st.floats(-0.25, 0.25),
       start=st.tuples(*[st.floats(-1, 1)] * 7), way=st.tuples(*[st.floats(-1, 1)] * 7), share=st.floats(0, 0.999))
def test_inputs_that_move_less_than_a_holding_checks_room_break_no_weld(offsets, angle, start, way, share):
    """The check that every weld held gives its room; the next frames skip the check while the
    inputs move less than that (in their scales). Exact: any such move leaves every weld held."""
    space = space_with_gravity()
    board = carrier_at(space, angle)
    pile = welded(space, board, offsets)
    mass = pile.layers[0].subtree_mass
    scales = (G, G, G / _REACH, G / _REACH, G * mass, G * mass, G * mass * _REACH)
    cg = board.center_of_gravity
    terms = [_terms(layer, cg.x, cg.y, scales) for layer in pile.layers]
    # inputs near a pile at rest: gravity in the board's frame, a little shaking, a load on top
    g0x, g0y = -G * math.sin(angle), -G * math.cos(angle)
    u0 = tuple(base + 0.2 * k * s for base, k, s in zip((g0x, g0y, 0.0, 0.0, 0.0, -0.3 * G * mass, 0.0), start, scales))
    u0 = (*u0[:3], abs(u0[3]), *u0[4:])  # w^2 is never negative
    held = [_overload(t, u0) for t in terms]
    if any(excess > 0.0 for _, excess, _ in held):
        return  # a check that found a weld giving leaves no room
    room = min(r for _, _, r in held)
    largest = max(abs(k) for k in way)
    if room <= 0.0 or largest == 0.0:
        return
    moved = tuple(u + share * room * k / largest * s for u, k, s in zip(u0, way, scales))
    assert all(_overload(t, moved)[1] == 0.0 for t in terms)


@pytest.mark.parametrize("seed", range(4))
def test_sparing_the_check_within_its_room_changes_no_verdict(seed, monkeypatch):
    """Two identical piles on a rocking, loaded board, frame after frame: one spares its check
    within the room of the last check that held, the other is made to check in full each time.
    The same weld gives on the same frame, and every slip adds up alike; most checks are spared."""
    import random

    import simulator.physics.pile as pile_module

    rng = random.Random(seed)
    piles = []
    for _ in range(2):
        space = space_with_gravity()
        board = carrier_at(space, 0.05)
        piles.append((board, welded(space, board, [0.0, 6.0, -4.0, 10.0, 3.0], slip=40.0)))
    checked = [0, 0]
    overload = pile_module._overload

    def counted(terms, inputs):
        checked[which] += 1
        return overload(terms, inputs)

    monkeypatch.setattr(pile_module, "_overload", counted)
    motion = [0.0, 0.0, 0.0]
    for frame in range(240):
        jolt = 40.0 if rng.random() < 0.05 else 0.5  # mostly a gentle rock, now and then a knock
        motion = [m + rng.gauss(0.0, jolt * s) for m, s in zip(motion, (1.0, 1.0, 0.01))]
        # a card's weight on the top card, wobbling a little (where it lies, sideways, how hard)
        weight = (3.0 + rng.gauss(0.0, 2.0), 20.0, rng.gauss(0.0, 200.0), -MASS * G * (1.0 + rng.gauss(0.0, 0.02)))
        verdicts = []
        for which, (board, pile) in enumerate(piles):
            board.velocity, board.angular_velocity = (motion[0], motion[1]), motion[2]
            if which == 1:
                pile._held = None  # no room to spare: a full check whenever the inputs are not quiet
            x, y = board.local_to_world(weight[:2])
            verdicts.append((pile.failing_weld(G, STEP.frame_dt, [(x, y, *weight[2:])]), list(pile._slip)))
        assert verdicts[0] == verdicts[1], f"frame {frame}"
        if verdicts[0][0] is not None:
            break
    assert checked[0] < checked[1] / 2, f"{checked[0]} of {checked[1]} weld checks run"
