"""The Wackelbett world: a resting stack stays at rest, the bed rocks and settles back, cards
never pass through each other, and the same layout and hand always give the same result."""
from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import pytest

from simulator.engine import load_game
from simulator.games.wackelbett.hand import lowering_trace, start_height, trace_points
from simulator.games.wackelbett.layout import (TableLayout, local_to_world, covers_pea, crown_point, neat_stack, overlapping_cards,
                                               pea_point, relative_pose, rest_pose_on, resting_bed)
from simulator.games.wackelbett.referee import judge_card
from simulator.games.wackelbett.statics import load_of, resting_leans
from simulator.games.wackelbett.world import WackelbettWorld
from simulator.physics.snapshot import BodyPose

GAME = load_game("wackelbett", players=2)
PHYSICS, FACES = GAME.physics, GAME.faces
HELD_BED = dataclasses.replace(PHYSICS, bed=dataclasses.replace(PHYSICS.bed, rigid=True))  # to test the method alone


def stack_of(n: int, phase: float = 1.0, physics=PHYSICS) -> WackelbettWorld:
    """``n`` cards stacked flat with offsets within +-15 mm (as careful hands would), the
    princess on the top crown."""
    offsets = [15.0 * math.sin(i * 2.399963 + phase) for i in range(n)]
    world = WackelbettWorld(physics, FACES, neat_stack(physics, range(n), offsets))
    world.place_princess(n - 1)
    return world


def in_bed(world: WackelbettWorld, card: int) -> BodyPose:
    return relative_pose(world.bed_pose(), world.card_pose(card))


def watch_at_rest(world: WackelbettWorld, seconds: float) -> dict[str, float]:
    """Let the table stand; measure creep after the first second, overlaps, energy, NaN."""
    hz = world.physics.solver.frame_hz
    for _ in range(hz):
        world.step_frame()
    cards = world.card_ids()
    start = {c: in_bed(world, c) for c in cards}
    start_princess = world.princess_relative_to(None)
    energy0 = world.mechanical_energy()
    worst_gain = worst_overlap = 0.0
    finite = True
    for frame in range(int(seconds * hz)):
        world.step_frame()
        worst_gain = max(worst_gain, world.mechanical_energy() - energy0)
        if frame % 10 == 0:
            heights = [in_bed(world, c).y for c in cards]
            worst_overlap = max(worst_overlap, *(PHYSICS.card.thickness - (b - a) for a, b in zip(heights, heights[1:])))
            finite = finite and all(world.card_pose(c).is_finite() for c in cards)
    creep = max(math.dist(in_bed(world, c)[:2], start[c][:2]) for c in cards)
    creep = max(creep, math.dist(world.princess_relative_to(None)[:2], start_princess[:2]))
    return {"creep": creep, "overlap": worst_overlap, "gain": worst_gain / abs(energy0), "finite": finite}


@pytest.mark.parametrize("phase", [1.0, 1.7, 2.4])
def test_a_36_card_stack_left_alone_stays_at_rest(phase):
    """The method holds (PHYSICS.md): 36 cards and the princess on a bed held still, left
    alone for 10 s: nothing creeps more than 1 mm, no card passes through another, no NaN,
    no energy from nowhere, nothing falls, she stands. (On the wobbling bed such a pile
    leans and may slide: that is the game, see the next test.)"""
    world = stack_of(36, phase, physics=HELD_BED)
    found = watch_at_rest(world, 10.0)
    assert found["finite"]
    assert found["creep"] < 1.0
    assert found["overlap"] < 0.5, "adjacent cards overlap: one is passing through the other"
    assert found["gain"] < 1e-5, "the table gained energy while standing still"
    assert world.fallen_cards() == () and world.is_princess_upright()
    assert world.layout().card_ids == tuple(range(36)), "the pile keeps its order"


def test_all_cards_free_at_960_hz_also_hold_the_stack():
    """The other method that holds 36 cards (PHYSICS.md): no welding, 16 substeps per frame."""
    solver = dataclasses.replace(PHYSICS.solver, method="substeps", substeps=16)
    physics = dataclasses.replace(HELD_BED, solver=solver)
    world = stack_of(36, physics=physics)
    assert not world.welded_cards
    found = watch_at_rest(world, 10.0)
    assert found["finite"] and found["creep"] < 1.0 and found["overlap"] < 0.5
    assert world.fallen_cards() == ()


def test_settled_lower_cards_are_welded_to_the_bed():
    """With method "weld" only the top cards are free bodies; the rest ride on the bed."""
    world = stack_of(20)
    top = PHYSICS.solver.dynamic_top_cards
    assert sorted(world.free_cards) == list(range(20 - top, 20))
    assert sorted(world.welded_cards) == list(range(20 - top))
    assert all(world.is_card_on_bed(c) for c in range(20))


def test_a_tall_pile_leans_the_wobbling_bed_further_than_a_low_one():
    """The same offset load leans the bed more the higher the pile: its weight rises towards the
    centre of the arc the bed rolls on, and the less it lies below, the less the arc rights it
    (the difficulty grows with height)."""
    leans = []
    for n in (6, 24):
        world = WackelbettWorld(PHYSICS, FACES, neat_stack(PHYSICS, range(n), [3.0] * n))
        world.settle()
        leans.append(abs(world.bed_pose().angle))
    assert leans[1] > 2 * leans[0] > 0


def test_a_tall_balanced_pile_stands_off_its_corner_and_its_balance_decides_the_lean():
    """Issue 27: the bed is a can bottom rolling on its rounded underside, not a pivot that locks
    on a corner. Thirty cards laid on the balance point stand level; the same pile with every
    card a millimetre to the right leans the bed right, short of its corner, and the bed
    rolls along the table as it leans: where it touches the table moves by the length of
    underside rolled."""
    b = PHYSICS.bed
    corner = 10.7
    found = {}
    for offset in (0.0, 1.0):
        world = WackelbettWorld(PHYSICS, FACES, neat_stack(PHYSICS, range(30), [offset] * 30))
        world.settle()
        found[offset] = world.bed_pose()
    assert abs(math.degrees(found[0.0].angle)) < 0.5
    lean = -found[1.0].angle  # clockwise: the right side goes down
    assert math.radians(2.0) < lean < math.radians(corner - 1.0)

    def touching(pose):  # where the underside touches the table: its lowest point
        return min((local_to_world(pose, x, y) for x, y in b.underside(step=math.radians(0.1))), key=lambda p: p[1])

    rolled = touching(found[1.0])[0] - touching(found[0.0])[0]  # rolling clockwise: to the right
    assert rolled == pytest.approx(b.rolled(lean), rel=0.1)


def test_an_underside_tighter_at_the_pea_than_further_out_rolls_on_its_own_curve():
    """Issue 27, the underside's profile as data: with a radius of 40 mm at the pea growing to
    80 mm at 6 degrees of lean, the same 20-card pile a half millimetre per card off balance
    leans further than on the one 58 mm arc, short of the corner; the bed rests on its curve
    (its lowest point on the table, not sunk into it) and rolls along the table by the length
    of curve that touched it."""
    profile = dataclasses.replace(PHYSICS.bed, rock_radius=40.0, rock_radius_outer=80.0, rock_turn=math.radians(6.0))
    physics = dataclasses.replace(PHYSICS, bed=profile)
    one_arc = dataclasses.replace(PHYSICS, bed=dataclasses.replace(PHYSICS.bed, rock_radius=58.0, rock_radius_outer=0.0))
    level = resting_bed(physics)

    def settled(physics):
        world = WackelbettWorld(physics, FACES, neat_stack(physics, range(20), [0.5] * 20))
        world.settle()
        return world.bed_pose()

    lean = -settled(physics).angle
    assert lean > 2 * -settled(one_arc).angle > 0
    assert lean < profile.corner_angle - math.radians(1.0)
    bed = settled(physics)
    lowest = min((local_to_world(bed, x, y) for x, y in profile.underside(step=math.radians(0.05))), key=lambda p: p[1])
    assert abs(lowest[1]) < 0.3, "it rests on its underside: the table is at height 0"
    pea_at_rest = local_to_world(level, *profile.contact(0.0))[0]
    assert lowest[0] - pea_at_rest == pytest.approx(profile.rolled(lean), rel=0.05)


def test_the_bed_rocks_on_its_pea_and_settles_back():
    """The wobble-pea: a bump rocks the bed on its rounded underside, and it comes back to rest
    where its underside says it rests under this pile (statics.py; a tin rim on a table loses
    little: it takes a few seconds)."""
    world = stack_of(4)
    world.settle()
    rest = world.bed.angle
    world.bed.angular_velocity += 0.6
    angles = []
    for _ in range(8 * PHYSICS.solver.frame_hz):
        world.step_frame()
        angles.append(world.bed.angle - rest)
    assert max(map(abs, angles)) > math.radians(1.0), "the bump rocks it"
    assert world.is_settled() and world.fallen_cards() == ()
    (lean,) = resting_leans(PHYSICS.bed, *load_of(world), PHYSICS.solver.gravity)
    assert -world.bed.angle == pytest.approx(lean, abs=math.radians(0.3))


def test_a_bed_knocked_onto_its_corner_bounces_off_the_table():
    """The bed's tin rim bounces on the table (``[table] bounce``): knocked down onto its corner,
    it comes back off it faster than on a dead table (bounce 0), where it only rolls back on its
    rounded underside."""
    rebounds = []
    for bounce in (PHYSICS.table.bounce, 0.0):
        physics = dataclasses.replace(PHYSICS, table=dataclasses.replace(PHYSICS.table, bounce=bounce))
        world = stack_of(12, physics=physics)
        world.settle()
        world.bed.angular_velocity += 3.5  # hard enough to reach the corner
        angles = []
        for _ in range(physics.solver.frame_hz // 2):
            world.step_frame()
            angles.append(math.degrees(world.bed.angle))
        peak = angles.index(max(angles))
        assert angles[peak] > math.degrees(physics.bed.corner_angle) - 0.2, "it reached its corner"
        rebounds.append(angles[peak] - angles[peak + 5])
    assert PHYSICS.table.bounce > 0 and rebounds[0] > rebounds[1] + 0.3


def test_a_card_dropped_from_high_lands_on_top_without_passing_through():
    """Air drag caps a falling card's speed, so even a card let go 300 mm above the pile
    lands on it instead of tunnelling into it (the air film off: it would skate on)."""
    physics = dataclasses.replace(PHYSICS, card=dataclasses.replace(PHYSICS.card, air_film_time=0.0))
    world = stack_of(20, physics=physics)
    world.settle()
    layout = world.layout()
    target = rest_pose_on(physics, layout, 0.0)
    outcome = judge_card(physics, FACES, layout, 30, lowering_trace(physics, target, target.y + 310, release_gap=300))
    assert outcome.layout.top_card == 30 and outcome.fallen_cards == ()
    heights = [relative_pose(outcome.layout.bed, pose).y for _, pose in outcome.layout.cards]
    assert all(b - a > PHYSICS.card.thickness - 0.5 for a, b in zip(heights, heights[1:]))


def leaning_pile(cards: int, degrees: float, physics=HELD_BED) -> TableLayout:
    """``cards`` stacked flat on a bed held still, turned ``degrees`` about the pea."""
    level = neat_stack(physics, range(cards), [0.0] * cards)
    pea = local_to_world(level.bed, 0.0, -physics.bed.pea_height)
    turn = math.radians(degrees)

    def turned(pose: BodyPose) -> BodyPose:
        dx, dy = pose.x - pea[0], pose.y - pea[1]
        return BodyPose(pea[0] + dx * math.cos(turn) - dy * math.sin(turn),
                        pea[1] + dx * math.sin(turn) + dy * math.cos(turn), pose.angle + turn)

    return TableLayout(turned(level.bed), tuple((c, turned(p)) for c, p in level.cards))


def slid_along(physics, layout: TableLayout, card: int, release_gap: float) -> float:
    """How far (mm) ``card``, laid over the middle of ``layout``'s top card and let go
    ``release_gap`` above it, ends up from that middle along the pile."""
    target = rest_pose_on(physics, layout, 0.0)
    outcome = judge_card(physics, FACES, layout, card, lowering_trace(physics, target, target.y + 40, release_gap=release_gap))
    top = dict(layout.cards)[layout.top_card]
    return relative_pose(top, dict(outcome.layout.cards)[card]).x


def test_a_card_let_go_high_skates_on_air_down_a_slope_it_would_grip():
    """A card let go 30 mm above a pile leaning 6 degrees (cards grip up to 11) lands on the
    air it pushes ahead of it and skates downhill before it grips; set down 2 mm above, it
    stays where it was laid. With the air film off, the high card would stay too."""
    layout = leaning_pile(10, 6.0)
    assert HELD_BED.card.air_film_time > 0 and HELD_BED.card.air_film_drop < 30.0
    set_down = slid_along(HELD_BED, layout, 20, release_gap=2.0)
    dropped = slid_along(HELD_BED, layout, 20, release_gap=30.0)
    no_air = dataclasses.replace(HELD_BED, card=dataclasses.replace(HELD_BED.card, air_film_time=0.0))
    assert abs(set_down) < 1.0
    assert abs(slid_along(no_air, layout, 20, release_gap=30.0)) < 1.0
    assert dropped < -10.0, f"skated {dropped:.1f} mm along the pile (downhill is -x)"


def test_a_card_set_down_below_the_air_film_drop_lands_exactly_as_without_it():
    """Only a fall from higher than [card] air_film_drop lands on air: a card let go 5 mm
    above the pile ends exactly where it does with the film off, and it grips again after
    its skate (its friction is the card's once the table has settled)."""
    layout = leaning_pile(10, 6.0)
    no_air = dataclasses.replace(HELD_BED, card=dataclasses.replace(HELD_BED.card, air_film_time=0.0))
    target = rest_pose_on(HELD_BED, layout, 0.0)
    low = lowering_trace(HELD_BED, target, target.y + 40, release_gap=5.0)
    assert judge_card(HELD_BED, FACES, layout, 20, low) == judge_card(no_air, FACES, layout, 20, low)
    world = WackelbettWorld(HELD_BED, FACES, layout)
    points = trace_points(lowering_trace(HELD_BED, target, target.y + 40, release_gap=30.0))
    world.hold_card(20, points[0])
    for point in points[1:]:
        world.move_hand(point.x, point.y, point.angle)
        world.step_frame()
    world.release()
    skating = []
    for _ in range(60):
        world.step_frame()
        skating.append(all(shape.friction == 0.0 for shape in world.free_cards[20].shapes))
    assert any(skating) and not skating[-1]
    assert all(shape.friction == HELD_BED.card.friction for shape in world.free_cards[20].shapes)


def test_the_hand_carries_the_card_along_its_trace():
    """In free air the card follows the hand; the hand moves no faster than the scene allows."""
    world = WackelbettWorld(PHYSICS, FACES, TableLayout(resting_bed(PHYSICS)))
    world.hold_card(5, BodyPose(0.0, 150.0, 0.0))
    for k in range(1, 31):
        world.move_hand(k * 2.0, 150.0, 0.01 * k)
        world.step_frame()
    pose = world.card_pose(5)
    assert abs(pose.x - 60.0) < 1.5 and abs(pose.y - 150.0) < 1.5 and abs(pose.angle - 0.3) < 0.02
    world.move_hand(500.0, 150.0, 0.3)
    world.step_frame()
    step = PHYSICS.hand.max_speed / PHYSICS.solver.frame_hz
    assert world.hand.body.position.x == pytest.approx(60.0 + step)
    world.release()
    assert not world.is_holding
    for _ in range(120):
        world.step_frame()
    assert world.card_pose(5).y < 150.0, "let go, it falls"


def test_the_same_layout_and_trace_always_give_the_same_outcome():
    """Determinism: the referee's judgement is a function of the recorded poses and the trace."""
    world = stack_of(15)
    world.settle()
    layout = world.layout()
    target = rest_pose_on(PHYSICS, layout, 6.0)
    trace = lowering_trace(PHYSICS, target, start_height(PHYSICS, layout, target), release_gap=6.0)
    first = judge_card(PHYSICS, FACES, layout, 20, trace)
    assert judge_card(PHYSICS, FACES, layout, 20, trace) == first
    assert judge_card(PHYSICS, FACES, TableLayout.from_json(layout.to_json()), 20, trace) == first


def test_a_screen_stepping_frame_by_frame_sees_what_the_referee_judges():
    """The live screen's path through the world API -- hold, move each frame, release, step
    until the settle watch says so -- ends in exactly the referee's poses."""
    world = stack_of(10)
    world.settle()
    layout = world.layout()
    target = rest_pose_on(PHYSICS, layout, -4.0)
    trace = lowering_trace(PHYSICS, target, start_height(PHYSICS, layout, target), release_gap=3.0)
    judged = judge_card(PHYSICS, FACES, layout, 25, trace)

    screen = WackelbettWorld(PHYSICS, FACES, layout)  # built when the player picks the card up
    points = trace_points(trace)
    screen.hold_card(25, points[0])
    for point in points[1:]:  # one recorded mouse position per frame
        screen.move_hand(*point)
        screen.step_frame()
    screen.release()
    watch = screen.settle_watch()
    for _ in range(PHYSICS.solver.settle_limit_frames):
        screen.step_frame()
        if watch.update(screen.moving_bodies()):
            break
    assert screen.layout() == judged.layout


def test_the_pea_is_covered_only_by_a_card_spanning_all_of_it():
    """"making sure the pea on the card beneath it is completely covered" -- seen from the side,
    the new card must span the whole printed pea."""
    face = FACES[0]
    assert face.pea == -30.0  # the pea spans -34..-26 along the card beneath
    t = PHYSICS.card.thickness
    beneath = BodyPose(0.0, 20.0, 0.0)

    def on_top_at(x: float) -> BodyPose:
        return BodyPose(x, 20.0 + t, 0.0)

    # A 90 mm card covers -34..-26 when its centre lies within -71..11.
    assert covers_pea(PHYSICS, face, beneath, on_top_at(10.9))
    assert not covers_pea(PHYSICS, face, beneath, on_top_at(11.5))
    assert covers_pea(PHYSICS, face, beneath, on_top_at(-70.9))
    assert not covers_pea(PHYSICS, face, beneath, on_top_at(-71.5))
    assert not covers_pea(PHYSICS, face, beneath, BodyPose(-30.0, 20.0 - t, 0.0)), "beneath it, not over it"


def test_the_marks_and_the_princess_sit_where_the_card_prints_them():
    """The pea and the crown are where the scene prints them along the card; the princess put
    on a crown stands on it (what the screen draws and hints)."""
    world = stack_of(3)
    pose = world.card_pose(2)
    face = FACES[2]
    t = PHYSICS.card.thickness
    assert pea_point(PHYSICS, face, pose) == pytest.approx((pose.x + face.pea, pose.y + t / 2))
    assert crown_point(PHYSICS, face, pose) == pytest.approx((pose.x + face.crown, pose.y + t / 2))
    world.settle()
    assert world.is_princess_on_crown(2) and not world.is_princess_on_crown(1)
    world.place_princess(2, PHYSICS.card.crown_radius * 2)
    world.settle()
    assert not world.is_princess_on_crown(2), "beside the crown is not on it"


def test_a_card_on_the_table_has_left_the_bed_and_one_in_the_bed_has_not():
    """"slides off the princess bed" is touching the table or lying outside the bed's outline."""
    world = WackelbettWorld(PHYSICS, FACES, TableLayout(resting_bed(PHYSICS)))
    world.hold_card(1, BodyPose(200.0, 30.0, 0.0))
    world.release()
    world.hold_card(2, BodyPose(-40.0, 30.0, 0.0))
    world.release()
    world.settle()
    assert world.fallen_cards() == (1,)
    assert world.is_card_on_bed(2) and world.layout().card_ids == (2,)


def test_a_card_that_flies_off_the_table_is_still_counted_as_fallen():
    """A card out of bounds is taken out of the solver, but the verdict must still name it."""
    world = WackelbettWorld(PHYSICS, FACES, TableLayout(resting_bed(PHYSICS)))
    world.hold_card(1, BodyPose(-40.0, 30.0, 0.0))
    world.release()
    body = world.free_cards[1]
    body.position = (10 * PHYSICS.solver.out_of_bounds, 0.0)
    for _ in range(40):
        world.step_frame()
    assert 1 not in world.card_ids(), "the lost card left the solver"
    assert world.fallen_cards() == (1,)


def test_a_pile_that_comes_apart_comes_to_rest_with_no_card_inside_another():
    """A real pile from a careless hand's run: its bed on a corner, its second card lying at 17
    degrees (past the 10 that cards hold), so laying the next card lets the welds above go one
    by one. The loose parts stack on each other by contact; the solver gets iterations for them
    (``ITERATIONS_PER_PART``), so none is left pressed into another and counted as fallen."""
    data = json.loads((Path(__file__).parent / "data" / "collapsing_pile.json").read_text(encoding="utf-8"))
    layout = TableLayout(BodyPose(*data["bed"]), tuple((c, BodyPose(x, y, a)) for c, x, y, a in data["cards"]),
                         BodyPose(*data["princess"]))
    world = WackelbettWorld(PHYSICS, FACES, layout)
    points = trace_points(data["trace"])
    world.hold_card(data["card"], points[0])
    for point in points[1:]:
        world.move_hand(point.x, point.y, point.angle)
        world.step_frame()
    world.release()
    world.settle()
    assert len(world.piles) > 5, "the welds let go: the pile is in loose parts"
    outcome = world.outcome()
    assert outcome.lodged == () and outcome.fallen_cards == ()
    assert not overlapping_cards(PHYSICS, outcome.layout, PHYSICS.solver.lodged_depth)
