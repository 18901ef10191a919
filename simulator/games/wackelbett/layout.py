"""Where everything lies on the Wackelbett table, as plain values (no pymunk).

A :class:`TableLayout` is what the game state records after every settled
placement and what the pymunk world is rebuilt from: the bed's pose, the pose of
every card on the bed (lowest first) and the princess's pose. The geometry here
(card corners, the pea, the crown, the height of the pile) is plain arithmetic on
those poses, shared by the rules, the bots and the world.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
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
    cards: tuple[tuple[int, BodyPose], ...] = ()  # ordered by :func:`resting_height`
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
    she left it). ``pea_covered``/``on_top`` judge the card just laid (True when
    no card was laid); ``princess_pushed``: she was shoved or tipped while it was laid.
    """

    layout: TableLayout
    fallen_cards: tuple[int, ...] = ()
    princess_upright: bool = False
    pea_covered: bool = True
    on_top: bool = True
    princess_pushed: bool = False


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


def pile_height(physics: WackelbettPhysics, layout: TableLayout) -> float:
    """How high the pile rises above the bed's surface, measured in the bed's frame (mm)."""
    top = physics.bed_surface
    for _, pose in layout.cards:
        for x, y in card_corners(physics, pose):
            top = max(top, world_to_local(layout.bed, x, y)[1])
    return top - physics.bed_surface


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


def neat_stack(physics: WackelbettPhysics, cards: Iterable[int], offsets: Iterable[float]) -> TableLayout:
    """A level bed with ``cards`` stacked flat at the given x offsets, touching, at rest.

    For benchmarks and tests: the stack a careful pair of hands would build.
    """
    bed = resting_bed(physics)
    t = physics.card.thickness
    placed = []
    y = bed.y + physics.bed_surface + t / 2
    for card, dx in zip(cards, offsets):
        placed.append((card, BodyPose(dx, y, 0.0)))
        y += t
    return TableLayout(bed, tuple(placed))
