"""Where the bed comes to rest under the weight it carries, worked out without simulating.

The bed rolls on its rounded underside without slipping, so at a lean ``a`` it touches the
table at the underside's point ``BedSpec.contact(a)``, and the centre of mass of the bed and
everything on it stands at a height fixed by ``a`` alone. It rests where that height (plus
the magnet's spring energy, if any) is lowest: a bed whose centre of mass lies right of the
pea leans right until the point it touches the table is under that centre. Where the centre
of mass lies higher than the underside's centre of curvature under the pea, level is a
summit, not a valley, and a balanced pile has two rests, one to each side.

For a designer choosing an underside: :func:`lean_table` answers in a moment what the
stacking trials answer in an hour about the bed itself (how far a pile leans for a given
imbalance at each height, and from which height it reaches a corner or tips to a side).
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from .components import BedSpec, WackelbettPhysics


def height_at(bed: BedSpec, centre: tuple[float, float], lean: float) -> float:
    """How high above the table a point ``centre`` of the bed's frame stands when the bed rests
    on its underside at ``lean`` radians (> 0: its right side down)."""
    cx, cy = bed.contact(lean)
    x, y = centre[0] - cx, centre[1] - cy
    return -math.sin(lean) * x + math.cos(lean) * y


def resting_leans(bed: BedSpec, centre: tuple[float, float], mass: float, gravity: float,
                  samples: int = 4000) -> list[float]:
    """The leans (radians, > 0: right side down, lowest first) at which the bed rests when the
    bed and what it carries weigh ``mass`` with their centre of mass at ``centre`` (bed frame):
    the valleys of the potential energy between the corners (a corner itself when the energy
    falls all the way to it)."""
    corner = bed.corner_angle
    leans = [corner * (2 * k / samples - 1) for k in range(samples + 1)]
    energy = [mass * gravity * height_at(bed, centre, a) + 0.5 * bed.wobble_stiffness * a * a for a in leans]
    rests = [leans[k] for k in range(1, samples) if energy[k] <= energy[k - 1] and energy[k] < energy[k + 1]]
    if energy[0] < energy[1]:
        rests.insert(0, leans[0])
    if energy[-1] < energy[-2]:
        rests.append(leans[-1])
    return rests


def pile_centre(physics: WackelbettPhysics, cards: int, offset: float, princess: bool = True
                ) -> tuple[tuple[float, float], float]:
    """The centre of mass (bed frame) and the mass of the bed with a neat stack of ``cards``
    cards, every card ``offset`` mm right of the pea, and the princess on the top card's middle."""
    bed, ubc, card, her = physics.bed, physics.under_bed, physics.card, physics.princess
    parts = [(bed.plate_mass, 0.0, bed.plate_thickness / 2),
             (2 * bed.wall_mass, 0.0, bed.plate_thickness + bed.wall_height / 2),
             (ubc.mass, 0.0, bed.plate_thickness + ubc.thickness / 2)]
    top = physics.bed_surface
    for _ in range(cards):
        parts.append((card.mass, offset, top + card.thickness / 2))
        top += card.thickness
    if princess:  # a trapezoid's centroid: h (b + 2t) / 3 (b + t) above its base
        b, t = her.base_width, her.top_width
        parts.append((her.mass, offset if cards else 0.0, top + her.height * (b + 2 * t) / (3 * (b + t))))
    mass = sum(m for m, _, _ in parts)
    return (sum(m * x for m, x, _ in parts) / mass, sum(m * y for m, _, y in parts) / mass), mass


def load_of(world) -> tuple[tuple[float, float], float]:
    """The centre of mass (bed frame) and the mass of a live world's bed and everything that
    can move on it (a ``WackelbettWorld``): what :func:`resting_leans` needs to say where it rests."""
    bodies = world.moving_bodies()
    mass = sum(b.mass for b in bodies)
    points = [world.bed.world_to_local(b.local_to_world(b.center_of_gravity)) for b in bodies]
    return (sum(b.mass * p.x for b, p in zip(bodies, points)) / mass,
            sum(b.mass * p.y for b, p in zip(bodies, points)) / mass), mass


def lean_table(physics: WackelbettPhysics, heights: Iterable[int], offsets: Sequence[float]
               ) -> list[tuple[int, list[list[float]]]]:
    """For each pile height, the resting leans (degrees) of a neat pile whose cards lie each of
    ``offsets`` mm right of the pea: [(cards, [leans for each offset])]."""
    g = physics.solver.gravity
    rows = []
    for n in heights:
        row = []
        for offset in offsets:
            centre, mass = pile_centre(physics, n, offset)
            row.append([round(math.degrees(a), 2) for a in resting_leans(physics.bed, centre, mass, g)])
        rows.append((n, row))
    return rows

