"""The hand trace: what a placement records (pure).

A trace is a flat tuple ``(x0, y0, a0, x1, y1, a1, ...)``: where the hand holds
the card's centre, and at what angle, at each successive frame of the world's
fixed frame rate. The card appears in the hand at the first point, follows the
hand through a joint of limited force, and is let go after the last point. A
screen records the mouse once per frame; bots build a trace from a few
parameters with :func:`lowering_trace`. Either way the referee replays the very
same frames through the same physics.
"""
from __future__ import annotations

import math
from typing import Sequence

from simulator.physics.snapshot import BodyPose

from .components import CardFace, PlacementSpec, WackelbettPhysics
from .layout import (TableLayout, card_corners, lying_tilt, pile_top, princess_corners, princess_middle_along,
                     princess_rest_pose, rest_pose_on, separation, swept_up, world_to_local, wrap_angle)

HandTrace = tuple[float, ...]


def trace_points(trace: Sequence[float]) -> list[BodyPose]:
    return [BodyPose(trace[i], trace[i + 1], trace[i + 2]) for i in range(0, len(trace), 3)]


def lowest_start(physics: WackelbettPhysics, layout: TableLayout, angle: float) -> float:
    """The lowest centre height at which a card at ``angle`` clears the pile."""
    c = physics.card
    return pile_top(physics, layout) + c.length / 2 * abs(math.sin(angle)) + c.thickness / 2 * abs(math.cos(angle))


def trace_problem(physics: WackelbettPhysics, layout: TableLayout, trace: object) -> str | None:
    """Why ``trace`` cannot be a hand's movement here, as a sentence; None if it can."""
    if not isinstance(trace, tuple) or not trace or len(trace) % 3:
        return "The hand trace must be a list of x, y, angle triples."
    frames = len(trace) // 3
    if frames > physics.hand.max_frames:
        return f"The hand may move the card for at most {physics.hand.max_frames} frames, not {frames}."
    for value in trace:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return f"The hand trace holds {value!r}, which is not a finite number."
    ceiling = pile_top(physics, layout) + 1000.0
    for pose in trace_points(trace):
        if abs(pose.x) > physics.table.half_width or not 0.0 < pose.y <= ceiling:
            return "The hand must stay over the table."
        if abs(wrap_angle(pose.angle)) > math.pi / 2:
            return "Hold the card face up: it may be tilted at most 90 degrees from level."
    first = trace_points(trace[:3])[0]
    if first.y < lowest_start(physics, layout, first.angle):
        return "Pick the card up above the pile: it may not appear inside the bedding."
    return None


def let_go_over_pile(physics: WackelbettPhysics, layout: TableLayout, trace: Sequence[float]) -> bool:
    """Did the hand let go of the card over the pile: its centre above the top card, within its
    length? A card let go there that ends anywhere but on top slid or fell off the pile."""
    top = layout.top_card
    if top is None or len(trace) < 3:
        return False
    x, y = world_to_local(layout.pose_of(top), trace[-3], trace[-2])
    return abs(x) <= physics.card.length / 2 and y > physics.card.thickness / 2


def _let_go(physics: WackelbettPhysics, trace: Sequence[float]) -> tuple[BodyPose, float]:
    """Where the hand let go (its last point) and how fast it still moved sideways (mm/s, over
    its last four frames)."""
    points = trace_points(trace[-15:])
    last, before = points[-1], points[0]
    frames = len(points) - 1
    return last, abs(last.x - before.x) * physics.solver.frame_hz / frames if frames else 0.0


def _release(height: float, sideways: float, turned: float) -> dict[str, float]:
    """The measures as a failure event keeps them (rounded; height never below 0)."""
    return {"height_mm": round(max(0.0, height), 1), "sideways_mm_s": round(sideways, 1),
            "turned_deg": round(abs(math.degrees(wrap_angle(turned))), 1)}


def card_release(physics: WackelbettPhysics, layout: TableLayout, face: CardFace,
                 trace: Sequence[float]) -> dict[str, float]:
    """How the hand let go of ``face`` laid on ``layout``, in measures a player can act on:
    ``height_mm``, how far its lowest corner was above the top card; ``sideways_mm_s``, how fast
    the hand still moved sideways; ``turned_deg``, how far it was turned from the top card;
    ``off_balance_mm``, how far (along the top card, + to the right) from the spot where it and
    the princess on its crown would bring the pile's weight over the bed's middle
    (:func:`steady_spot`)."""
    last, sideways = _let_go(physics, trace)
    c = physics.card
    top = layout.top_card
    base = layout.pose_of(top) if top is not None else layout.bed
    surface = c.thickness / 2 if top is not None else physics.bed_surface
    turned = last.angle - base.angle
    along, up = world_to_local(base, last.x, last.y)
    lowest = up - c.length / 2 * abs(math.sin(turned)) - c.thickness / 2
    off = along - steady_spot(physics, layout, face)
    return {**_release(lowest - surface, sideways, turned), "off_balance_mm": round(off, 1)}


# Frames over which a hand that lets go while moving sweeps onto its target.
RELEASE_SWEEP_FRAMES = 4


def lowering_trace(physics: WackelbettPhysics, target: BodyPose, start_y: float, *,
                   release_gap: float | None = None, jitter: Sequence[float] = (),
                   release_speed: float = 0.0, lower_speed: float | None = None) -> HandTrace:
    """Hold the card at ``target.x``/``target.angle`` ``start_y`` high, lower it at
    ``lower_speed`` (mm/s; the scene's calm pace by default) until it is ``release_gap`` above
    ``target.y`` and let go, still moving down at that speed.

    ``jitter`` (optional) adds one x offset per frame: a trembling hand. ``release_speed``
    (mm/s, signed) makes the hand still move sideways when it lets go: over the last
    :data:`RELEASE_SWEEP_FRAMES` frames it sweeps onto the target at that speed.
    """
    gap = physics.hand.release_clearance if release_gap is None else release_gap
    end_y = target.y + gap
    step = (physics.hand.lower_speed if lower_speed is None else lower_speed) / physics.solver.frame_hz
    sweep = release_speed / physics.solver.frame_hz
    frames = max(1, math.ceil(max(0.0, start_y - end_y) / step))
    out: list[float] = []
    for i in range(frames + 1):
        y = start_y + (end_y - start_y) * i / frames
        dx = jitter[i % len(jitter)] if jitter else 0.0
        dx -= sweep * min(RELEASE_SWEEP_FRAMES, frames - i)
        out += [target.x + dx, y, target.angle]
    return tuple(out)


# How far inside the top card's ends the steady spot keeps the new load's centre.
_SUPPORT_MARGIN = 15.0


def steady_spot(physics: WackelbettPhysics, layout: TableLayout, face: CardFace) -> float:
    """Where along the top card (mm from its centre) to put ``face`` so that the card and the
    princess on its crown bring the weight of the whole pile back over the middle of the bed --
    the balance rule of a careful person, who sees which way the bed leans and lays the next card
    on its high side (never nearer the top card's ends than a margin).

    ``face`` is the card being laid; returns an offset along the top card's axis (the
    bed's when it is bare).
    """
    c, p = physics.card, physics.princess
    load = c.mass + p.mass
    base = layout.cards[-1][1] if layout.cards else layout.bed
    # the pile's weight off the bed's middle (the princess will move onto the new card)
    off = sum(c.mass * world_to_local(layout.bed, pose.x, pose.y)[0] for _, pose in layout.cards)
    middle_along = world_to_local(base, layout.bed.x, layout.bed.y)[0]  # the bed's middle, along the top card
    reach = (c.length / 2 - _SUPPORT_MARGIN) if layout.cards else physics.bed.inner_width / 2 - c.length / 2
    load_at = max(-reach, min(reach, middle_along - off / load))
    return load_at - face.crown * p.mass / load


def cover_range(physics: WackelbettPhysics, layout: TableLayout, faces: Sequence[CardFace]) -> tuple[float, float]:
    """Offsets along the top card where a new card's centre covers the top card's pea."""
    if not layout.cards:
        half = physics.bed.inner_width / 2 - physics.card.length / 2
        return -half, half
    top = faces[layout.cards[-1][0]]
    reach = physics.card.length / 2 - physics.card.pea_radius
    return top.pea - reach, top.pea + reach


def aim_range(physics: WackelbettPhysics, layout: TableLayout, faces: Sequence[CardFace],
              margin: float = 2.0) -> tuple[float, float]:
    """Offsets along the top card worth aiming at: the new card covers the pea (``margin``
    mm to spare) and, where it can, its centre rests over the top card, not beyond an end."""
    lo, hi = cover_range(physics, layout, faces)
    lo, hi = lo + margin, hi - margin
    if layout.cards:
        rest = physics.card.length / 2 - _SUPPORT_MARGIN / 2
        if max(lo, -rest) <= min(hi, rest):
            lo, hi = max(lo, -rest), min(hi, rest)
    return lo, hi


# Spots looked at across the aim range when those near the balance point are blocked.
_SEARCH_STEPS = 24
# mm above the top card where a card being lowered may first meet nothing else.
_CLEARANCE = 0.5


def aim_spots(physics: WackelbettPhysics, layout: TableLayout, faces: Sequence[CardFace], face: CardFace,
              offsets: Sequence[float], margin: float = 2.0) -> list[float]:
    """Offsets along the top card worth trying for ``face``: its steady spot moved by each of
    ``offsets``, kept inside :func:`aim_range` (``margin`` mm inside the pea's edge), without
    repeats, in the order given; those a card leaning over the pile blocks are left out (see
    :func:`is_clear_above`), and when it blocks them all, the clear spots nearest the steady one."""
    lo, hi = aim_range(physics, layout, faces, margin)
    spot = steady_spot(physics, layout, face)
    spots = list(dict.fromkeys(round(min(hi, max(lo, spot + offset)), 3) for offset in offsets))
    clear = [along for along in spots if is_clear_above(physics, layout, along)]
    if clear:
        return clear
    # every spot near the balance point is in the way of a card leaning over the pile:
    # the clear spots across the range, nearest the balance point first
    grid = [lo + (hi - lo) * i / _SEARCH_STEPS for i in range(_SEARCH_STEPS + 1)]
    found = sorted((along for along in grid if is_clear_above(physics, layout, along)), key=lambda a: abs(a - spot))
    return [round(along, 3) for along in found[:len(spots)]] or spots


def is_clear_above(physics: WackelbettPhysics, layout: TableLayout, along: float) -> bool:
    """Can a card come straight down onto the top card at ``along`` (see :func:`rest_pose_on`)
    without meeting another card on the way -- one that slid into the bed and leans over the
    pile's top? A person sees such a card and lays the new one beside it."""
    if not layout.cards:
        return True
    rest = rest_pose_on(physics, layout, along, gap=_CLEARANCE)
    column = swept_up(card_corners(physics, rest), pile_top(physics, layout) + physics.card.length - rest.y)
    left, right = min(x for x, _ in column), max(x for x, _ in column)
    bottom = min(y for _, y in column)
    for _, pose in layout.cards[:-1]:
        corners = card_corners(physics, pose)
        if (max(x for x, _ in corners) < left or min(x for x, _ in corners) > right
                or max(y for _, y in corners) < bottom):
            continue
        if separation(column, corners)[0] > 0.0:
            return False
    return True


def offered_targets(physics: WackelbettPhysics, placements: PlacementSpec, layout: TableLayout,
                    faces: Sequence[CardFace], face: CardFace) -> list[BodyPose]:
    """The representative resting spots offered for ``face``: the steady spot and the
    scene's careful offsets around it (see :func:`aim_spots`), then careless ones that
    need not cover the pea, as an unpractised hand might lay it (kept over the bed)."""
    careful = aim_spots(physics, layout, faces, face, placements.card_offsets)
    spot = steady_spot(physics, layout, face)
    reach = physics.bed.inner_width / 2 - physics.card.length / 4
    careless = [round(max(-reach, min(reach, spot + offset)), 3) for offset in placements.careless_offsets]
    return [rest_pose_on(physics, layout, along) for along in dict.fromkeys([*careful, *careless])]


def start_height(physics: WackelbettPhysics, layout: TableLayout, target: BodyPose) -> float:
    """Where offered placements pick the card up: clear of the pile, above the target."""
    return max(target.y + physics.hand.start_clearance, lowest_start(physics, layout, target.angle) + 0.5)



# -- the princess ------------------------------------------------------------------------
# How far from her proper pose (upright, or on her side) she may be held when let go.
_PRINCESS_HOLD = math.radians(45.0)


def princess_base(physics: WackelbettPhysics, layout: TableLayout, faces: Sequence[CardFace],
                  card: int | None) -> tuple[BodyPose, float, float]:
    """What she is put on: (its pose, where along it she belongs, the surface's height above
    its origin) -- the crown of ``card``, or the middle of the bare bed when it is None."""
    if card is None:
        return layout.bed, 0.0, physics.bed_surface
    return layout.pose_of(card), faces[card].crown, physics.card.thickness / 2


def princess_target(physics: WackelbettPhysics, layout: TableLayout, faces: Sequence[CardFace], card: int | None,
                    lying: bool, dx: float = 0.0) -> BodyPose:
    """Her resting pose on ``card``'s crown, ``dx`` mm along it (see :func:`princess_base`)."""
    base, along, up = princess_base(physics, layout, faces, card)
    return princess_rest_pose(physics, base, along + dx, up, lying)


# Below this lean (degrees) a card has no uphill side worth naming: her tilt is told as left or right.
_LEVEL_DEG = 1.0


def princess_release(physics: WackelbettPhysics, layout: TableLayout, faces: Sequence[CardFace], card: int | None,
                     lying: bool, trace: Sequence[float]) -> dict[str, float | str]:
    """:func:`card_release` for the princess put on ``card``'s crown: against her resting pose
    there; ``turned_toward`` says which way her head was tilted: "uphill" or "downhill" of the
    card she was put on, or "left" or "right" when it lay level."""
    last, sideways = _let_go(physics, trace)
    rest = princess_target(physics, layout, faces, card, lying)
    turned = wrap_angle(last.angle - rest.angle)
    slope = (layout.pose_of(card) if card is not None else layout.bed).angle
    # turned counter-clockwise, her head goes left; a card turned counter-clockwise is downhill on the left
    if abs(math.degrees(slope)) < _LEVEL_DEG:
        toward = "left" if turned > 0 else "right"
    else:
        toward = "downhill" if (turned > 0) == (slope > 0) else "uphill"
    return {**_release(last.y - rest.y, sideways, turned), "turned_toward": toward}


def princess_start_height(physics: WackelbettPhysics, layout: TableLayout, pose: BodyPose) -> float:
    """The lowest height of her base's middle at which she is clear of the pile at ``pose``'s angle."""
    low = min(y for _, y in princess_corners(physics, BodyPose(0.0, 0.0, pose.angle)))
    return pile_top(physics, layout) - low


def princess_trace(physics: WackelbettPhysics, layout: TableLayout, faces: Sequence[CardFace], card: int | None,
                   lying: bool, *, dx: float = 0.0, tilt: float = 0.0, release_gap: float | None = None,
                   jitter: Sequence[float] = (), lower_speed: float | None = None,
                   release_speed: float = 0.0) -> HandTrace:
    """A hand lowering her onto ``card``'s crown (``dx`` mm off it, turned ``tilt`` radians
    from her resting angle) from clear of the pile, letting go ``release_gap`` mm above it
    (``lower_speed``, ``release_speed``: see :func:`lowering_trace`)."""
    rest = princess_target(physics, layout, faces, card, lying, dx)
    target = BodyPose(rest.x, rest.y, rest.angle + tilt)
    gap = physics.hand.release_clearance if release_gap is None else release_gap
    start = max(target.y + gap + physics.hand.start_clearance, princess_start_height(physics, layout, target) + 0.5)
    return lowering_trace(physics, target, start, release_gap=gap, jitter=jitter, lower_speed=lower_speed,
                          release_speed=release_speed)


def princess_trace_problem(physics: WackelbettPhysics, layout: TableLayout, faces: Sequence[CardFace],
                           card: int | None, lying: bool, trace: object) -> str | None:
    """Why ``trace`` cannot be a hand putting her on ``card``'s crown, as a sentence; None if it can.

    She is picked up clear of the pile, stays over the table, is let go over the crown (her
    feet, or her middle when she is laid down, within the crown's radius; over the under-bed
    card on a bare bed) and the right way up (within 45 degrees of upright, or of lying on
    her side when she is to be laid down).
    """
    if not isinstance(trace, tuple) or not trace or len(trace) % 3:
        return "The hand trace must be a list of x, y, angle triples."
    frames = len(trace) // 3
    if frames > physics.hand.max_frames:
        return f"The hand may move the princess for at most {physics.hand.max_frames} frames, not {frames}."
    for value in trace:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return f"The hand trace holds {value!r}, which is not a finite number."
    points = trace_points(trace)
    ceiling = pile_top(physics, layout) + 1000.0
    for pose in points:
        if abs(pose.x) > physics.table.half_width or not 0.0 < pose.y <= ceiling:
            return "The hand must stay over the table."
    if points[0].y < princess_start_height(physics, layout, points[0]):
        return "Pick the princess up above the pile: she may not appear inside the bedding."
    base, along, _ = princess_base(physics, layout, faces, card)
    last = points[-1]
    want = base.angle + (lying_tilt(physics) if lying else 0.0)
    turned = abs(wrap_angle(last.angle - want))
    if lying:
        turned = min(turned, abs(wrap_angle(last.angle - (base.angle - lying_tilt(physics)))))
    if turned > _PRINCESS_HOLD:
        how = "on her side" if lying else "upright"
        return f"Let her go {how}: she is turned {math.degrees(turned):.0f} degrees."
    reach = physics.under_bed.length / 2 if card is None else physics.card.crown_radius
    # upright, her feet go on the crown; lying on her side, her middle does
    feet = princess_middle_along(physics, base, last) if lying else world_to_local(base, last.x, last.y)[0]
    off = feet - along
    if abs(off) > reach:
        where = "over the bed" if card is None else "over the crown"
        shown = math.ceil(abs(off) * 10) / 10  # rounded up: never "6 mm off (at most 6 mm)"
        return f"Let her go {where}: she is {shown:g} mm off (at most {reach:g} mm)."
    return None
