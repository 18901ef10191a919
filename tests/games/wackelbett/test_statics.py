"""Where the bed rests, worked out from its underside (statics.py), is where the simulated
bed comes to rest: one rest to the heavy side while the pile's centre of mass lies below the
underside's centre of curvature at the pea, two rests once it lies above it."""
from __future__ import annotations

import dataclasses
import math

import pytest

from simulator.engine import load_game
from simulator.games.wackelbett.layout import local_to_world, neat_stack, relative_pose
from simulator.games.wackelbett.statics import load_of, pile_centre, resting_leans
from simulator.games.wackelbett.world import WackelbettWorld

GAME = load_game("wackelbett", players=1)
PHYSICS, FACES = GAME.physics, GAME.faces
G = PHYSICS.solver.gravity


def with_underside(radius: float, outer: float, turn_deg: float):
    bed = dataclasses.replace(PHYSICS.bed, rock_radius=radius, rock_radius_outer=outer, rock_turn=math.radians(turn_deg))
    return dataclasses.replace(PHYSICS, bed=bed)


def rested_lean(physics, cards: int, offset: float, seconds: float = 15.0) -> float:
    """The lean (radians, > 0: right side down) a neat pile's bed comes to, left alone."""
    world = WackelbettWorld(physics, FACES, neat_stack(physics, range(cards), [offset] * cards))
    for _ in range(int(seconds * physics.solver.frame_hz)):
        world.step_frame()
    assert not world.fallen_cards()
    return -world.bed.angle


def test_the_centre_of_a_neat_pile_is_the_worlds():
    world = WackelbettWorld(PHYSICS, FACES, neat_stack(PHYSICS, range(12), [1.5] * 12))
    centre, mass = load_of(world)
    (x, y), m = pile_centre(PHYSICS, 12, 1.5, princess=False)
    assert m == pytest.approx(mass) and x == pytest.approx(centre[0]) and y == pytest.approx(centre[1])


@pytest.mark.parametrize("radius, outer, turn, cards, offset", [
    (58.0, 0.0, 0.0, 10, 1.0),     # one arc, a low pile a millimetre off the pea
    (58.0, 0.0, 0.0, 24, 0.5),     # one arc, a tall pile: far more lean for less imbalance
    (40.0, 74.0, 6.0, 10, 0.5),    # tight at the pea, wider further out
])
def test_the_bed_comes_to_rest_where_its_underside_says(radius, outer, turn, cards, offset):
    physics = with_underside(radius, outer, turn)
    centre, mass = pile_centre(physics, cards, offset, princess=False)
    (predicted,) = resting_leans(physics.bed, centre, mass, G)
    assert predicted > 0, "it leans to the side the pile lies off"
    assert rested_lean(physics, cards, offset) == pytest.approx(predicted, abs=math.radians(0.15))


def test_a_balanced_pile_above_the_centre_of_curvature_falls_to_one_side_and_stays():
    """40 mm at the pea: a centred 25-card pile's centre of mass lies above 40 mm, so level is a
    summit with a rest on either side; a tenth of a millimetre decides the side, not the lean."""
    physics = with_underside(40.0, 74.0, 6.0)
    centre, mass = pile_centre(physics, 25, 0.0, princess=False)
    assert centre[1] + physics.bed.pea_height > 40.0
    left, right = resting_leans(physics.bed, centre, mass, G)
    assert left == pytest.approx(-right) and right > math.radians(2.0)
    assert rested_lean(physics, 25, 0.1) == pytest.approx(right, abs=math.radians(0.3))
    assert rested_lean(physics, 25, -0.1) == pytest.approx(left, abs=math.radians(0.3))


def test_a_stack_built_leaning_where_the_statics_rest_it_stays_there():
    """neat_stack(..., lean) rolls the bed to ``lean`` on its underside and lays the cards on it
    as on the level bed (how the benchmark builds the scene's tower); built at the lean where
    the statics rest it, the bed neither rolls back nor sheds a card."""
    cards, offset = 20, 4.0
    centre, mass = pile_centre(PHYSICS, cards, offset, princess=False)
    lean = resting_leans(PHYSICS.bed, centre, mass, G)[-1]
    level = neat_stack(PHYSICS, range(cards), [offset] * cards)
    leaning = neat_stack(PHYSICS, range(cards), [offset] * cards, lean)
    assert leaning.bed.angle == pytest.approx(-lean)
    # the underside touches the table at the point it rolled to, and the cards lie on the bed as before
    touch = local_to_world(leaning.bed, *PHYSICS.bed.contact(lean))
    assert touch[1] == pytest.approx(0.0, abs=1e-9)
    assert touch[0] == pytest.approx(PHYSICS.bed.rolled(lean))
    for (_, flat), (_, leant) in zip(level.cards, leaning.cards):
        assert relative_pose(leaning.bed, leant) == pytest.approx(relative_pose(level.bed, flat))
    world = WackelbettWorld(PHYSICS, FACES, leaning)
    for _ in range(PHYSICS.solver.frame_hz):
        world.step_frame()
    assert -world.bed.angle == pytest.approx(lean, abs=math.radians(1.0))
    assert not world.fallen_cards()
