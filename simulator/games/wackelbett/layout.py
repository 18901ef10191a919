"""Where everything lies on the Wackelbett table, as plain values (no pymunk).

A :class:`TableLayout` is what the game state records after every settled
placement and what the pymunk world is rebuilt from: the bed's pose, the pose of
every card on the bed (lowest first) and the princess's pose. The geometry here
(card corners, the pea, the crown, the height of the pile) is plain arithmetic on
those poses, shared by the rules, the bots and the world.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from simulator.physics.snapshot import BodyPose

from .components import CardFace, WackelbettPhysics

Point = tuple[float, float]


def local_to_world(pose: BodyPose, x: float, y: float) -> Point:
    c, s = math.cos(pose.angle), math.sin(pose.angle)
    return pose.x + c * x - s * y, pose.y + s * x + c * y


def world_to_local(pose: BodyPose, x: float, y: float) -> Point:
    c, s = math.cos(pose.angle), math.sin(pose.angle)
    dx, dy = x - pose.x, y - pose.y
    return c * dx + s * dy, -s * dx + c * dy


def wrap_angle(angle: float) -> float:
    """``angle`` brought into [-pi, pi)."""
    return (angle + math.pi) % (2 * math.pi) - math.pi


def relative_pose(frame: BodyPose, pose: BodyPose) -> BodyPose:
    """``pose`` expressed in the frame of ``frame``."""
    x, y = world_to_local(frame, pose.x, pose.y)
    return BodyPose(x, y, wrap_angle(pose.angle - frame.angle))


def card_corners(physics: WackelbettPhysics, pose: BodyPose) -> list[Point]:
    hl, ht = physics.card.length / 2, physics.card.thickness / 2
    return [local_to_world(pose, x, y) for x, y in ((-hl, -ht), (hl, -ht), (hl, ht), (-hl, ht))]


@dataclass(frozen=True)
class TableLayout:
    """The table at rest: bed pose, cards on the bed lowest first, princess (None = beside the bed)."""

    bed: BodyPose
    cards: tuple[tuple[int, BodyPose], ...] = ()  # in :func:`pile_order`: the last is the top card
    princess: BodyPose | None = None

    @property
    def card_ids(self) -> tuple[int, ...]:
        return tuple(card for card, _ in self.cards)

    @property
    def top_card(self) -> int | None:
        return self.cards[-1][0] if self.cards else None

    def pose_of(self, card: int) -> BodyPose:
        """The pose of ``card``; KeyError if it is not on the bed."""
        for other, pose in self.cards:
            if other == card:
                return pose
        raise KeyError(f"card {card} is not on the bed")

    def without(self, cards: Iterable[int]) -> TableLayout:
        gone = set(cards)
        return replace(self, cards=tuple((c, p) for c, p in self.cards if c not in gone))

    def to_json(self) -> dict[str, Any]:
        return {
            "bed": list(self.bed),
            "cards": [[card, *pose] for card, pose in self.cards],
            "princess": list(self.princess) if self.princess is not None else None,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableLayout:
        """Rebuild from :meth:`to_json`; ValueError/TypeError/KeyError if malformed."""
        bed = BodyPose(*map(float, data["bed"]))
        cards = tuple((int(c[0]), BodyPose(*map(float, c[1:4]))) for c in data["cards"])
        princess = data["princess"]
        return cls(bed, cards, BodyPose(*map(float, princess)) if princess is not None else None)


@dataclass(frozen=True)
class TableOutcome:
    """What the physics found when everything had settled (or the time limit passed).

    ``fallen_cards`` left the bed; ``layout`` holds what stayed (princess None if
    she left it). ``lodged``: those of them that the physics left inside another card
    (counted as fallen so a recorded pile is always whole; a measure of the solver, not
    part of a verdict). ``pea_covered``/``on_top`` judge the card just laid (True when
    no card was laid); ``princess_pushed``: she was shoved or tipped while it was laid.
    """

    layout: TableLayout
    fallen_cards: tuple[int, ...] = ()
    princess_upright: bool = False
    pea_covered: bool = True
    on_top: bool = True
    princess_pushed: bool = False
    lodged: tuple[int, ...] = field(default=(), compare=False)  # fallen because they ended inside a card


def resting_bed(physics: WackelbettPhysics) -> BodyPose:
    """The bed's pose when level on its pea (origin = middle of its underside)."""
    return BodyPose(0.0, physics.bed.pea_height, 0.0)


def pile_top(physics: WackelbettPhysics, layout: TableLayout) -> float:
    """World height of the highest point of any card on the bed (the bed's surface if none)."""
    if not layout.cards:
        return local_to_world(layout.bed, 0.0, physics.bed_surface)[1]
    return max(y for _, pose in layout.cards for _, y in card_corners(physics, pose))


def resting_height(physics: WackelbettPhysics, bed: BodyPose, card: BodyPose) -> float:
    """How high a card's lowest corner is in the bed's frame: what orders the pile.

    A card lying on the pile rests higher than every card under it, while a card that
    slid down into the bed rests low even when its other end leans on the pile.
    """
    return min(world_to_local(bed, x, y)[1] for x, y in card_corners(physics, card))


def is_lying_flat(physics: WackelbettPhysics, bed: BodyPose, card: BodyPose) -> bool:
    """Does ``card`` lie face up within the scene's ``top_tilt`` of the bed's level? Only such a
    card can be the top card: a steep or upended one is not a bed to lie on."""
    return abs(wrap_angle(card.angle - bed.angle)) <= physics.card.top_tilt


# mm: a card whose underside passes this close to the top of a bed wall rests on that wall.
_RIM_CONTACT = 1.0


def rests_on_rim(physics: WackelbettPhysics, bed: BodyPose, card: BodyPose) -> bool:
    """Does ``card`` rest on the top of one of the bed's walls (the rim), like a ramp from the
    pile to the post? Such a card lies on no pile, whatever its tilt: it is never the top card."""
    b = physics.bed
    top = b.plate_thickness + b.wall_height
    half_length, underside = physics.card.length / 2, -physics.card.thickness / 2
    for side in (-1.0, 1.0):
        for x in (side * b.inner_width / 2, side * (b.inner_width / 2 + b.wall_thickness)):
            along, up = world_to_local(card, *local_to_world(bed, x, top))
            if abs(along) <= half_length and abs(up - underside) <= _RIM_CONTACT:
                return True
    return False


def can_be_top(physics: WackelbettPhysics, bed: BodyPose, card: BodyPose) -> bool:
    """Can ``card`` be the pile's top card: lying flat (:func:`is_lying_flat`), not on the rim?"""
    return is_lying_flat(physics, bed, card) and not rests_on_rim(physics, bed, card)


# How many cards at the top of the pile are ordered by which lies on which (see pile_order).
TOP_ORDERED = 6


def lies_on(physics: WackelbettPhysics, upper: BodyPose, lower: BodyPose) -> bool:
    """Does ``upper`` lie on ``lower``: its centre over ``lower`` and above its face, and
    ``lower``'s centre below ``upper``'s? (A card that tipped off the pile's end and leans on
    it has its centre beyond that end.)"""
    along, up = world_to_local(lower, upper.x, upper.y)
    return abs(along) <= physics.card.length / 2 and up > 0.0 > world_to_local(upper, lower.x, lower.y)[1]


def pile_order(physics: WackelbettPhysics, bed: BodyPose,
               cards: Iterable[tuple[int, BodyPose]]) -> tuple[tuple[int, BodyPose], ...]:
    """``cards`` in pile order: steep cards and cards on the rim first (never the top), then by resting height, the
    top few by which lies on which: three free cards that tipped together on an edge of the
    pile rest their lowest corners at one height, yet one of them visibly lies on the others."""
    ordered = sorted(cards, key=lambda item: (can_be_top(physics, bed, item[1]),
                                               resting_height(physics, bed, item[1])))
    top = [item for item in ordered[-TOP_ORDERED:] if can_be_top(physics, bed, item[1])]
    placed = []
    while top:  # the lowest card that lies on none of the others left, each time
        bottom = next((item for item in top if not any(lies_on(physics, item[1], other[1])
                                                       for other in top if other is not item)), top[0])
        placed.append(bottom)
        top.remove(bottom)
    return tuple(ordered[:len(ordered) - len(placed)] + placed)


def pile_height(physics: WackelbettPhysics, layout: TableLayout) -> float:
    """How high the pile stands above the bed's surface: the top card's upper face at its middle,
    in the bed's frame (mm). A card's end tipped up (lying on the wall, say) counts no higher."""
    if layout.top_card is None:
        return 0.0
    middle = layout.pose_of(layout.top_card)
    top = world_to_local(layout.bed, middle.x, middle.y)[1] + physics.card.thickness / 2
    return max(0.0, top - physics.bed_surface)


def rest_pose_on(physics: WackelbettPhysics, layout: TableLayout, along: float, gap: float = 0.0) -> BodyPose:
    """Pose of a card lying on the top card (or on the bed), its centre ``along`` mm from the
    top card's centre (the bed's middle), parallel to it, ``gap`` mm above it."""
    t = physics.card.thickness
    if layout.cards:
        base = layout.cards[-1][1]
        x, y = local_to_world(base, along, t + gap)
    else:
        base = layout.bed
        x, y = local_to_world(base, along, physics.bed_surface + t / 2 + gap)
    return BodyPose(x, y, base.angle)


def pea_point(physics: WackelbettPhysics, face: CardFace, pose: BodyPose) -> Point:
    return local_to_world(pose, face.pea, physics.card.thickness / 2)


def crown_point(physics: WackelbettPhysics, face: CardFace, pose: BodyPose) -> Point:
    return local_to_world(pose, face.crown, physics.card.thickness / 2)


def covers_pea(physics: WackelbettPhysics, beneath_face: CardFace, beneath: BodyPose, card: BodyPose) -> bool:
    """True when ``card`` lies above ``beneath`` and hides its whole printed pea.

    Seen from the side: the pea's extent along the card beneath must lie within
    the span of the new card's outline, measured along the card beneath.
    """
    r = physics.card.pea_radius
    local = [world_to_local(beneath, x, y) for x, y in card_corners(physics, card)]
    if world_to_local(beneath, card.x, card.y)[1] <= physics.card.thickness / 2:
        return False
    xs = [x for x, _ in local]
    return min(xs) <= beneath_face.pea - r and max(xs) >= beneath_face.pea + r


def is_on_crown(physics: WackelbettPhysics, face: CardFace, card: BodyPose, princess: BodyPose) -> bool:
    """True when the princess stands upright on ``card`` within the crown's radius."""
    rel = relative_pose(card, princess)
    return (abs(rel.x - face.crown) <= physics.card.crown_radius
            and abs(rel.y - physics.card.thickness / 2) <= 1.0
            and abs(rel.angle) <= physics.princess.upright_tolerance)


def lying_tilt(physics: WackelbettPhysics) -> float:
    """How far she is turned when laid on her side: her slanted side then lies flat."""
    p = physics.princess
    return math.pi / 2 + math.atan2((p.base_width - p.top_width) / 2, p.height)


def princess_rest_pose(physics: WackelbettPhysics, base: BodyPose, along: float, up: float, lying: bool) -> BodyPose:
    """Where the princess rests, upright or lying, her middle ``along`` mm from ``base``'s origin
    along its axis, on a surface ``up`` mm above that origin (``base`` = a card or the bed)."""
    tilt = lying_tilt(physics) if lying else 0.0
    c, s = math.cos(tilt), math.sin(tilt)
    turned = [(c * x - s * y, s * x + c * y) for x, y in princess_outline(physics)]
    mid = (min(x for x, _ in turned) + max(x for x, _ in turned)) / 2
    low = min(y for _, y in turned)
    x, y = local_to_world(base, along - mid, up - low + 0.05)
    return BodyPose(x, y, base.angle + tilt)


def princess_middle_along(physics: WackelbettPhysics, card: BodyPose, pose: BodyPose) -> float:
    """Where along ``card`` (mm from its middle) the princess at ``pose`` has her middle."""
    xs = [world_to_local(card, x, y)[0] for x, y in princess_corners(physics, pose)]
    return (min(xs) + max(xs)) / 2


def princess_outline(physics: WackelbettPhysics) -> list[Point]:
    """Her outline in her own frame: a trapezoid standing on its wide base, origin mid-base."""
    p = physics.princess
    hb, ht = p.base_width / 2, p.top_width / 2
    return [(-hb, 0.0), (hb, 0.0), (ht, p.height), (-ht, p.height)]


def princess_corners(physics: WackelbettPhysics, pose: BodyPose) -> list[Point]:
    """The princess's outline at ``pose``."""
    return [local_to_world(pose, x, y) for x, y in princess_outline(physics)]


def bed_outlines(physics: WackelbettPhysics, pose: BodyPose) -> list[list[Point]]:
    """The bed's solid parts at ``pose``: the plate, the two walls and the under-bed card."""
    b, u = physics.bed, physics.under_bed
    half, wall, plate = b.inner_width / 2, b.wall_thickness, b.plate_thickness
    boxes = ((-half - wall, 0.0, half + wall, plate),
             (-half - wall, plate, -half, plate + b.wall_height),
             (half, plate, half + wall, plate + b.wall_height),
             (-u.length / 2, plate, u.length / 2, plate + u.thickness))
    return [[local_to_world(pose, x, y) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
            for x0, y0, x1, y1 in boxes]


def separation(a: list[Point], b: list[Point]) -> tuple[float, float, float]:
    """How deep two convex polygons overlap and which way ``a`` must move to come out of ``b``:
    (depth in mm, unit x, unit y); depth 0 when they do not overlap. Exact (separating axes),
    independent of any physics engine."""
    depth, axis = math.inf, (0.0, 1.0)
    for nx, ny, pa, pb in _projections(a, b):
        overlap = min(max(pa), max(pb)) - max(min(pa), min(pb))
        if overlap <= 0.0:
            return 0.0, 0.0, 0.0
        if overlap < depth:
            # out of b along the side where a's middle lies
            way = 1.0 if sum(pa) / len(pa) >= sum(pb) / len(pb) else -1.0
            depth, axis = overlap, (way * nx, way * ny)
    return (depth, *axis) if math.isfinite(depth) else (0.0, 0.0, 0.0)


def swept_up(corners: list[Point], height: float) -> list[Point]:
    """The convex polygon ``corners`` (a convex outline) sweeps moving ``height`` mm straight
    up, counter-clockwise: what a card lowered from there onto that outline passes through."""
    points = sorted(set(corners) | {(x, y + height) for x, y in corners})

    def half(ordered: list[Point]) -> list[Point]:
        chain: list[Point] = []
        for p in ordered:
            while len(chain) >= 2 and ((chain[-1][0] - chain[-2][0]) * (p[1] - chain[-2][1])
                                       - (chain[-1][1] - chain[-2][1]) * (p[0] - chain[-2][0])) <= 0.0:
                chain.pop()
            chain.append(p)
        return chain[:-1]

    return half(points) + half(points[::-1])


def _projections(a: list[Point], b: list[Point]):
    """For each edge normal of ``a`` and ``b`` (unit, the separating axes): (nx, ny, a's
    corners projected on it, b's corners projected on it)."""
    for poly in (a, b):
        for i, (x0, y0) in enumerate(poly):
            x1, y1 = poly[(i + 1) % len(poly)]
            nx, ny = y1 - y0, x0 - x1
            norm = math.hypot(nx, ny)
            if norm == 0.0:
                continue
            nx, ny = nx / norm, ny / norm
            yield nx, ny, [x * nx + y * ny for x, y in a], [x * nx + y * ny for x, y in b]


def penetration(a: list[Point], b: list[Point]) -> float:
    """How deep two convex polygons overlap (mm); 0 when they do not (see :func:`separation`)."""
    return separation(a, b)[0]


def overlaps_deeper(a: list[Point], b: list[Point], depth: float) -> bool:
    """Do two convex polygons overlap more than ``depth`` mm along every axis that could
    separate them? (:func:`penetration` > depth, but it stops at the first shallow axis:
    two cards lying on each other are told apart on the first one.)"""
    return all(min(max(pa), max(pb)) - max(min(pa), min(pb)) > depth for _, _, pa, pb in _projections(a, b))


def overlapping_cards(physics: WackelbettPhysics, layout: TableLayout, depth: float = 0.5) -> list[tuple[str, str, float]]:
    """Cards on the bed that lie inside another card or the bed more than ``depth`` mm:
    (name, name, depth) with names "card N" or "bed". A settled pile has none. (The princess
    is left out: the card laid beside her feet overlaps her in the side view by design.)"""
    bodies = [(f"card {card}", card_corners(physics, pose)) for card, pose in layout.cards]
    parts = bed_outlines(physics, layout.bed)
    found = []
    boxes = [(min(x for x, _ in c), max(x for x, _ in c), min(y for _, y in c), max(y for _, y in c))
             for _, c in bodies]
    for i, (name, corners) in enumerate(bodies):
        for j in range(i + 1, len(bodies)):
            a, b = boxes[i], boxes[j]
            if a[0] > b[1] or b[0] > a[1] or a[2] > b[3] or b[2] > a[3]:
                continue
            if overlaps_deeper(corners, bodies[j][1], depth):
                found.append((name, bodies[j][0], penetration(corners, bodies[j][1])))
        for part in parts:
            if overlaps_deeper(corners, part, depth):
                found.append((name, "bed", penetration(corners, part)))
                break
    return found


def leaned_bed(physics: WackelbettPhysics, lean: float) -> BodyPose:
    """The bed's pose resting on its underside at ``lean`` radians (> 0: its right side down),
    rolled there from level on its pea without slipping."""
    bed = physics.bed
    table_x, table_y = local_to_world(resting_bed(physics), *bed.contact(0.0))
    # the underside's touching point, turned with the bed, sits on the table where it rolled to
    dx, dy = local_to_world(BodyPose(0.0, 0.0, -lean), *bed.contact(lean))
    return BodyPose(table_x + math.copysign(bed.rolled(lean), lean) - dx, table_y - dy, -lean)


def neat_stack(physics: WackelbettPhysics, cards: Iterable[int], offsets: Iterable[float], lean: float = 0.0
               ) -> TableLayout:
    """A bed with ``cards`` stacked flat on it at the given x offsets (bed frame), touching, at
    rest; level, or resting on its underside at ``lean`` radians (:func:`leaned_bed`).

    For benchmarks and tests: the stack a careful pair of hands would build.
    """
    if lean:  # the level stack, each card moved with the bed
        level, bed = neat_stack(physics, cards, offsets), leaned_bed(physics, lean)
        moved = []
        for card, pose in level.cards:
            x, y = local_to_world(bed, *world_to_local(level.bed, pose.x, pose.y))
            moved.append((card, BodyPose(x, y, bed.angle)))
        return TableLayout(bed, tuple(moved))
    bed = resting_bed(physics)
    t = physics.card.thickness
    placed = []
    y = bed.y + physics.bed_surface + t / 2
    for card, dx in zip(cards, offsets):
        placed.append((card, BodyPose(dx, y, 0.0)))
        y += t
    return TableLayout(bed, tuple(placed))
