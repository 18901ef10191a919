"""The Wackelbett table as a pymunk world, seen from the side (units mm, g, s).

A static table; the bed (the can bottom: a plate with two walls, the under-bed
card welded inside) resting on its rounded underside, an arc through the
wobble-pea that rolls on the table, with a damped rotary spring for the magnet's
extra pull (optional) and the rim's losses, so it rocks and settles back;
bedding cards as thin boxes; the princess as a tall trapezoid that can stand,
lean, topple and slide, whose rocks her contacts damp; and a hand
(:class:`~simulator.physics.drag.DragHand`) that carries the card being laid, or
the princess.

The world is always built from a :class:`~.layout.TableLayout` (the poses the game
state recorded) and always advanced by whole fixed frames, so the referee, a bot
trying a placement and a live screen all compute the same thing. With
``method = "weld"`` every card lying flat below the top ``dynamic_top_cards`` is
welded onto the bed as it lies, and each weld lets go where a resting contact would
(:mod:`simulator.physics.pile`; PHYSICS.md explains why).

The screen's use, frame by frame:
``world = WackelbettWorld(physics, faces, state_layout)`` when the player picks a
card up; ``hold_card(card, pose)``; then each frame ``move_hand(x, y, angle)`` and
``step_frame()``; ``release()``; then step the frames of ``settling_frames()`` one
by one (the referee's ``settle()`` steps the very same ones); draw from
``card_pose``/``bed_pose``/``princess_pose``.
"""
from __future__ import annotations

import math
from typing import Callable, Iterator, Sequence

import pymunk

from simulator.physics.drag import DragHand
from simulator.physics.settle import SettleWatch
from simulator.physics.snapshot import BodyPose, kinetic_energy, pose_of, potential_energy, put_at_rest
from simulator.physics.stepping import FixedStep, step_frame
from simulator.physics.pile import CarrierFrame, Motion, Slab, WeldedPile, motion_of

from .components import CardFace, WackelbettPhysics
from .layout import (TableLayout, TableOutcome, can_be_top, card_corners, covers_pea, is_on_crown, local_to_world,
                     pile_order, overlapping_cards, princess_outline, princess_rest_pose, relative_pose,
                     resting_height, separation, world_to_local, wrap_angle)

_CAT_TABLE, _CAT_BED, _CAT_CARD, _CAT_LAID, _CAT_PRINCESS = 1, 2, 4, 8, 16
_ALL = 0xFFFFFFFF
_CARD_FILTER = pymunk.ShapeFilter(categories=_CAT_CARD, mask=_ALL)
# The card being laid passes beside the princess: in the real game she stands on
# one spot of a wide card and the new card is laid next to her feet. Seen from the
# side that card would overlap her, so it ignores her until she is put on it.
_LAID_FILTER = pymunk.ShapeFilter(categories=_CAT_LAID, mask=_ALL & ~_CAT_PRINCESS)
_PRINCESS_FILTER = pymunk.ShapeFilter(categories=_CAT_PRINCESS, mask=_ALL & ~_CAT_LAID)
_BED_FILTER = pymunk.ShapeFilter(categories=_CAT_BED, mask=_ALL)
_TABLE_FILTER = pymunk.ShapeFilter(categories=_CAT_TABLE, mask=_ALL)
_PRINCESS_TYPE = 1  # collision type of her shape: her contacts damp her rock
_GAP = 0.05  # mm: bodies put down by the table start this far above what carries them
_TOUCH = 0.5  # mm: a body whose lowest point is this close to the table top touches it
_BELOW_TOUCH = pymunk.BB(-math.inf, -math.inf, math.inf, _TOUCH)
_ANY_SHAPE = pymunk.ShapeFilter()
# A body leaving the table needs many frames to get out of bounds, so looking every
# 16th frame is enough and keeps the per-frame cost at the solver's.
_LOST_CHECK_FRAMES = 16
ITERATIONS_PER_PART = 2  # solver iterations added per part of the pile that broke loose
_REPAIRS = 2  # times a settled world may push lodged bodies apart and settle again


def _remove_if_there(space: pymunk.Space, damper: pymunk.Constraint) -> None:
    """Take a princess's rock damper out of ``space`` (it may be gone already)."""
    if damper in space.constraints:
        space.remove(damper)


def _box(body: pymunk.Body, x0: float, y0: float, x1: float, y1: float) -> pymunk.Poly:
    return pymunk.Poly(body, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


class WackelbettWorld:
    """One table in pymunk, built from ``layout``. Cards are identified by their ids."""

    def __init__(self, physics: WackelbettPhysics, faces: Sequence[CardFace], layout: TableLayout) -> None:
        self.physics = physics
        self.faces = faces
        solver = physics.solver
        self.fixed_step = FixedStep(solver.frame_hz, solver.substeps)
        space = pymunk.Space()
        space.gravity = (0.0, -solver.gravity)
        space.iterations = solver.iterations
        space.collision_slop = solver.collision_slop
        space.idle_speed_threshold = solver.idle_speed_threshold
        if solver.sleep_time_threshold > 0:
            space.sleep_time_threshold = solver.sleep_time_threshold
        self.space = space
        self.frame = 0
        # pymunk's kinetic_energy is m v^2 + I w^2: a body with less than this can be neither too
        # fast nor spinning too fast, so only a body with more gets its speed and spin read
        card = physics.card
        card_moment = card.mass * (card.length ** 2 + card.thickness ** 2) / 12
        self._card_energy_cap = min(card.mass * solver.terminal_speed ** 2, card_moment * solver.terminal_spin ** 2)
        self._princess_energy_cap = 0.0  # set when she is made (her moment is pymunk's)
        self._rock_dampers: dict[pymunk.Body, list] = {}  # a body touching her -> [her damper to it, contacts]
        self._dampers_made = 0  # how many dampers she has had: their order, for taking them out
        self._dampers_out: list[tuple[int, pymunk.Constraint]] = []  # to take out after this step
        # cards let go and not yet landed -> None; landed on air -> the frame their grip returns
        self._air_film: dict[pymunk.Body, int | None] = {}
        self._build_table()
        self._rocker: pymunk.Circle | None = None  # the underside, when its radius varies with the lean
        self.bed = self._build_bed(layout.bed)
        self.free_cards: dict[int, pymunk.Body] = {}
        self._centred: set[pymunk.Body] = set()  # card bodies: their centre of gravity is their origin
        self._fixed_mass: dict[pymunk.Body, float] = {}  # cards and the princess: read once, not per frame
        self.laid_card: int | None = None
        # Weld the cards lying flat on the pile, lowest first, all but the top few; a steep card
        # (one that slid into the bed, or leans on the pile) or one resting on the rim stays a free body.
        flat = [card for card, pose in layout.cards if can_be_top(physics, layout.bed, pose)]
        free = len(flat) if solver.method == "substeps" else solver.dynamic_top_cards
        welded = set(flat[:max(0, len(flat) - free)])
        to_weld = []
        for card, pose in layout.cards:
            body = self._add_card(pose, _CARD_FILTER)
            if card in welded:
                to_weld.append((self._slab(card, pose), body))
            else:
                self.free_cards[card] = body
        # The bed's pile: welded for speed, and every weld lets go where a resting contact would.
        self.piles: list[WeldedPile] = [WeldedPile.weld(self.bed, to_weld, self._bed_faces(),
                                                        slip_speed=solver.weld_slip_speed)]
        self._last_velocity: dict[pymunk.Body, pymunk.Vec2d] = {}
        self._lodged_seen: tuple[int, set[int]] = (-1, set())  # (frame, cards lodged then)
        # a body whose centre of gravity is higher than this cannot touch the table
        self._near_table = _TOUCH + max(physics.card.length, physics.princess.height)
        self._still_frames = 0  # frames in a row that nothing loading a weld has moved
        # a body resting on the pile's top card (on the free cards, or the princess on them) has its
        # centre of gravity no higher than this above the top card's middle
        self._load_reach = (solver.dynamic_top_cards + 1.5) * physics.card.thickness + physics.princess.height
        self._load_half_width = physics.card.length / 2 + physics.card.thickness  # nor further along it than this
        self.princess: pymunk.Body | None = None
        if layout.princess is not None:
            self.princess = self._add_princess(layout.princess)
        self.hand = DragHand(space, physics.hand.max_force, physics.hand.max_torque)
        self._hand_target: BodyPose | None = None
        self._gone: set[int] = set()  # cards removed after leaving the table altogether
        self._lost_piles: list[int] = []  # cards of detached parts of the pile that flew off the table

    # -- building ------------------------------------------------------------------
    def _build_table(self) -> None:
        t = self.physics.table
        top = _box(self.space.static_body, -t.half_width, -t.thickness, t.half_width, 0.0)
        top.friction = t.friction
        top.elasticity = t.bounce
        top.filter = _TABLE_FILTER
        self.space.add(top)

    def _build_bed(self, pose: BodyPose) -> pymunk.Body:
        b, u = self.physics.bed, self.physics.under_bed
        bed = pymunk.Body()
        half, wall, plate = b.inner_width / 2, b.wall_thickness, b.plate_thickness
        shapes = [
            _box(bed, -half - wall, 0.0, half + wall, plate),
            _box(bed, -half - wall, plate, -half, plate + b.wall_height),
            _box(bed, half, plate, half + wall, plate + b.wall_height),
            _box(bed, -u.length / 2, plate, u.length / 2, plate + u.thickness),  # the under-bed card
        ]
        for shape, mass in zip(shapes, (b.plate_mass, b.wall_mass, b.wall_mass, u.mass)):
            shape.mass = mass
            shape.friction = b.friction
            shape.filter = _BED_FILTER
        shapes[0].elasticity = 1.0  # the plate's rim on the table bounces by the table's bounce
        shapes[3].friction = self.physics.card.friction
        if b.rigid:  # held still where it lies (to measure what the wobble changes)
            bed.body_type = pymunk.Body.KINEMATIC
        put_at_rest(bed, pose)
        self.space.add(bed, *shapes)
        if not b.rigid:
            # the rounded underside it rolls on: an arc through the pea; it meets only the table
            # where the radius varies, the circle is refitted every frame to the underside where
            # it touches the table (_fit_rocker): to second order it is the underside there
            rocker = pymunk.Circle(bed, b.rock_radius, (0.0, b.rock_radius - b.pea_height))
            self._rocker = None if b.is_arc else rocker
            rocker.friction = b.friction
            rocker.elasticity = 1.0
            rocker.filter = pymunk.ShapeFilter(categories=_CAT_BED, mask=_CAT_TABLE)
            magnet = pymunk.DampedRotarySpring(self.space.static_body, bed, 0.0, b.wobble_stiffness, b.wobble_damping)
            self.space.add(rocker, magnet)
        return bed

    def _bed_faces(self) -> list[tuple[tuple[float, float], tuple[float, float], float]]:
        """The faces in the bed that a card can lie on (bed frame): the under-bed card and the
        plate on either side of it, each with its friction."""
        b, u, c = self.physics.bed, self.physics.under_bed, self.physics.card
        half, plate, under = b.inner_width / 2, b.plate_thickness, u.length / 2
        return [((-under, plate + u.thickness), (under, plate + u.thickness), c.friction),
                ((-half, plate), (-under, plate), b.friction),
                ((under, plate), (half, plate), b.friction)]

    def _slab(self, card: int, pose: BodyPose) -> Slab:
        c = self.physics.card
        return Slab(card, pose, c.length, c.thickness, c.mass, c.friction)

    def _add_card(self, pose: BodyPose, shape_filter: pymunk.ShapeFilter) -> pymunk.Body:
        c = self.physics.card
        body = pymunk.Body()
        shape = _box(body, -c.length / 2, -c.thickness / 2, c.length / 2, c.thickness / 2)
        shape.mass = c.mass
        shape.friction = c.friction
        shape.elasticity = c.elasticity
        shape.filter = shape_filter
        put_at_rest(body, pose)
        self.space.add(body, shape)
        self._centred.add(body)
        self._fixed_mass[body] = body.mass
        return body

    def _add_princess(self, pose: BodyPose) -> pymunk.Body:
        p = self.physics.princess
        body = pymunk.Body()
        shape = pymunk.Poly(body, princess_outline(self.physics))
        shape.mass = p.mass
        shape.friction = p.friction
        shape.filter = _PRINCESS_FILTER
        shape.collision_type = _PRINCESS_TYPE
        put_at_rest(body, pose)
        self.space.add(body, shape)
        self._fixed_mass[body] = body.mass
        if p.rock_damping > 0:
            self.space.on_collision(_PRINCESS_TYPE, None, begin=self._princess_touches,
                                    separate=self._princess_leaves)
        solver = self.physics.solver
        self._princess_energy_cap = min(p.mass * solver.terminal_speed ** 2, body.moment * solver.terminal_spin ** 2)
        return body

    def _princess_touches(self, arbiter: pymunk.Arbiter, space: pymunk.Space, _data: object) -> None:
        """She meets a body: while they touch, a rock of hers relative to it loses energy in the
        contact (a viscous damper between the two, added on the first contact)."""
        her, other = (shape.body for shape in sorted(arbiter.shapes, key=lambda s: s.collision_type != _PRINCESS_TYPE))
        entry = self._rock_dampers.get(other)
        if entry is not None:
            entry[1] += 1
            return
        damper = pymunk.DampedRotarySpring(her, other, 0.0, 0.0, self.physics.princess.rock_damping)
        self._rock_dampers[other] = [damper, 1, self._dampers_made]
        self._dampers_made += 1
        # after the step, in the order asked (pymunk adds what a step asks for in set order: not replayable)
        space.add_post_step_callback(lambda sp, key: sp.add(key[0]), (damper, "add"))

    def _princess_leaves(self, arbiter: pymunk.Arbiter, space: pymunk.Space, _data: object) -> None:
        _, other = (shape.body for shape in sorted(arbiter.shapes, key=lambda s: s.collision_type != _PRINCESS_TYPE))
        entry = self._rock_dampers.get(other)
        if entry is None:
            return
        entry[1] -= 1
        if entry[1] == 0:
            del self._rock_dampers[other]
            self._dampers_out.append((entry[2], entry[0]))
            space.add_post_step_callback(self._take_out_dampers, "rock dampers out")

    def _take_out_dampers(self, space: pymunk.Space, _key: str) -> None:
        """After the step: take out the dampers whose contacts ended, in the order they were
        made. Chipmunk reports separations in an order it takes from memory addresses, and
        taking constraints out in another order leaves the rest in another order for the
        solver: the same placement would not give the same verdict twice."""
        out, self._dampers_out = sorted(self._dampers_out), []  # by when each was made (unique)
        for _, damper in out:
            _remove_if_there(space, damper)

    # -- time ----------------------------------------------------------------------
    def step_frame(self) -> None:
        """Advance one fixed frame (``physics.solver.frame_hz``) of substeps, steering the hand."""
        if self._hand_target is not None:
            self._steer_hand(self._hand_target)
        if self._rocker is not None:
            self._fit_rocker()
        # a card in the air: its fall speed at the frame's start (only then: this runs every frame)
        falls = ({body: body.velocity.y for body, grip in self._air_film.items() if grip is None}
                 if self._air_film else None)
        step_frame(self.space, self.fixed_step)
        self.frame += 1
        if falls is not None:
            self._land_on_air(falls)
        self._apply_air_drag()
        self._let_go_of_overloaded_welds()
        if self.frame % _LOST_CHECK_FRAMES == 0:
            self._drop_lost_bodies()

    def _land_on_air(self, falls: dict[pymunk.Body, float]) -> None:
        """A card let go from high lands on the air it pushes ahead of it and skates before it
        grips: frictionless for [card] air_film_time per mm it fell beyond air_film_drop (the
        height its fall speed at the start of the landing frame comes from); one set down
        lower lets the air out at its edges and grips at once (PHYSICS.md, step 23)."""
        c, g = self.physics.card, self.physics.solver.gravity
        for body, grip in list(self._air_film.items()):
            if body.space is None:
                del self._air_film[body]
            elif grip is None:
                touching: list[pymunk.Arbiter] = []
                body.each_arbiter(touching.append)
                if not touching:
                    continue
                fall = max(0.0, -falls[body])  # only coming down squeezes the air
                fallen = fall * fall / (2.0 * g)
                frames = int(c.air_film_time * (fallen - c.air_film_drop) * self.fixed_step.frame_hz)
                if frames > 0:
                    self._air_film[body] = self.frame + frames
                    for shape in body.shapes:
                        shape.friction = 0.0
                else:
                    del self._air_film[body]
            elif self.frame >= grip:
                for shape in body.shapes:
                    shape.friction = c.friction
                del self._air_film[body]

    def _fit_rocker(self) -> None:
        """The bed's underside circle made the circle that fits the underside where it now
        touches the table (its radius grows with the lean: [bed] rock_radius_outer)."""
        radius, centre = self.physics.bed.osculating(-self.bed.angle)
        self._rocker.unsafe_set_radius(radius)
        self._rocker.unsafe_set_offset(centre)

    def _free_bodies(self) -> list[pymunk.Body]:
        """Bodies that lie on the pile by contact: free cards (not in the hand), detached
        parts of the pile, the princess."""
        bodies = [b for c, b in self.free_cards.items() if c not in self._gone and b is not self.hand.held]
        bodies += [pile.carrier for pile in self.piles[1:]]
        if self.princess is not None and self.princess is not self.hand.held:
            bodies.append(self.princess)
        return bodies

    def _let_go_of_overloaded_welds(self) -> None:
        """Free the part of a welded pile whose weld carries more than a resting contact could
        (see :mod:`simulator.physics.pile`): it lifts, slides or tips from here on."""
        if len(self.piles) == 1 and not self.piles[0].layers:
            return
        bodies = self._free_bodies()
        motions = [motion_of(pile.carrier) for pile in self.piles]  # read once: this runs every frame
        if self._is_still(bodies, motions):
            for pile, motion in zip(self.piles, motions):
                pile.note_still(motion)
            return
        free = [(body, body.velocity) for body in bodies]
        frames = [CarrierFrame.of(pile.carrier, motion) for pile, motion in zip(self.piles, motions)]
        dt, g = self.fixed_step.frame_dt, self.physics.solver.gravity
        loads: list[tuple[pymunk.Body, tuple[float, float, float, float]]] = []
        last, self._last_velocity = self._last_velocity, dict(free)
        on_table: set[pymunk.Body] | None = None  # asked of the space once, if a body is low enough
        fixed = self._fixed_mass
        for body, (vx, vy) in free:
            if body not in last:
                continue
            # a card's centre of gravity is its origin: its position is the same point, read cheaper
            x, y = body.position if body in self._centred else body.local_to_world(body.center_of_gravity)
            if y < self._near_table:
                on_table = self._bodies_touching_table() if on_table is None else on_table
                if body in on_table:
                    continue  # it rests on the table, not on a pile
            px, py = last[body]
            m = fixed.get(body) or body.mass  # a dynamic body's mass is never 0
            # what it weighs on whatever carries it: its weight less what accelerates it
            loads.append((body, (x, y, -m * (vx - px) / dt, -m * (g + (vy - py) / dt))))
        for pile, frame in list(zip(self.piles, frames)):
            index = pile.failing_weld(g, dt, self._loads_on(pile, frame, loads), frame)
            if index is not None:
                self.piles.append(pile.detach(index))
                self._fit_iterations()

    def _fit_iterations(self) -> None:
        """Give the solver iterations for the parts of the pile that broke loose.

        An iterative solver carries a weight down a stack of loose bodies one contact per
        iteration; the scene's count is enough for the few free cards on a welded pile, not
        for a pile that came apart, whose parts it would leave pressed into one another.
        Each loose part adds ``ITERATIONS_PER_PART``; only a collapse pays for it.
        """
        self.space.iterations = self.physics.solver.iterations + ITERATIONS_PER_PART * (len(self.piles) - 1)

    def _is_still(self, bodies: list[pymunk.Body], motions: list[Motion]) -> bool:
        """Has nothing that loads a weld moved for three frames (and no weld is slipping)? Then
        the loads are what the last full check saw and the check can rest. ``bodies``: the free
        bodies; ``motions``: the piles' carriers', read this frame."""
        s = self.physics.solver
        fast = s.settle_speed ** 2  # speeds compared squared: this runs every frame
        still = True
        for pile, (vx, vy, w) in zip(self.piles, motions):
            if pile.is_slipping or vx * vx + vy * vy >= fast or abs(w) >= s.settle_spin:
                still = False
                break
        if still:
            last, fixed = self._last_velocity, self._fixed_mass
            for body in bodies:
                if body not in last:
                    still = False
                    break
                m = fixed.get(body) or body.mass
                # pymunk's kinetic energy, m v^2 + I w^2, is a float read (a velocity is a new
                # vector): below m times the limit squared the speed is below it, exactly
                if body.kinetic_energy >= m * fast:
                    vx, vy = body.velocity
                    if vx * vx + vy * vy >= fast:
                        still = False
                        break
        self._still_frames = self._still_frames + 1 if still else 0
        return self._still_frames > 2

    def _loads_on(self, pile: WeldedPile, frame: CarrierFrame,
                  loads: list[tuple[pymunk.Body, tuple[float, float, float, float]]]) -> list[tuple[float, float, float, float]]:
        """The loads of the free bodies that lie on ``pile``'s top card (its carrier at
        ``frame``): their centre of gravity above it, over it, and near enough to rest on it (or
        on what rests on it)."""
        top_x, top_y = pile.top_middle()
        mine = []
        for body, load in loads:
            if body is not pile.carrier:
                x, y = frame.point(load[0], load[1])
                if top_y < y < top_y + self._load_reach and abs(x - top_x) <= self._load_half_width:
                    mine.append(load)
        return mine

    def _steer_hand(self, target: BodyPose) -> None:
        """Head for ``target``, no faster than a hand moves (the trace may ask for more)."""
        h, dt = self.physics.hand, self.fixed_step.frame_dt
        hx, hy = self.hand.body.position
        dx, dy = target.x - hx, target.y - hy
        reach = h.max_speed * dt
        dist = math.hypot(dx, dy)
        if dist > reach:
            dx, dy = dx * reach / dist, dy * reach / dist
        turn = max(-h.max_spin * dt, min(h.max_spin * dt, target.angle - self.hand.body.angle))
        self.hand.steer(hx + dx, hy + dy, self.hand.body.angle + turn, dt)

    def _apply_air_drag(self) -> None:
        """Cap free bodies at the terminal speed of a flat card falling through air.

        Without it a card dropped from high moves more than its own thickness per
        substep and can pass through the top card (PHYSICS.md, "Why 480 Hz").
        """
        for body in self.free_cards.values():
            if body.kinetic_energy > self._card_energy_cap:
                self._cap_speed(body)
        for pile in self.piles[1:]:
            self._cap_speed(pile.carrier)
        if self.princess is not None and self.princess.kinetic_energy > self._princess_energy_cap:
            self._cap_speed(self.princess)

    def _cap_speed(self, body: pymunk.Body) -> None:
        """No faster than the terminal speed, no faster spin than the terminal spin."""
        s = self.physics.solver
        vx, vy = body.velocity
        speed = math.hypot(vx, vy)
        if speed > s.terminal_speed:
            body.velocity = (vx * s.terminal_speed / speed, vy * s.terminal_speed / speed)
        if abs(body.angular_velocity) > s.terminal_spin:
            body.angular_velocity = math.copysign(s.terminal_spin, body.angular_velocity)

    def _drop_lost_bodies(self) -> None:
        """Take out bodies that flew off the table altogether, before they poison the solver."""
        limit = self.physics.solver.out_of_bounds
        for card, body in self.free_cards.items():
            if card in self._gone:
                continue
            x, y = body.position
            if not (abs(x) < limit and -limit < y < limit):
                self._remove_lost(body)
                self._gone.add(card)
        for pile in self.piles[1:]:
            x, y = pile.carrier.position
            if not (abs(x) < limit and -limit < y < limit):
                self._remove_lost(pile.carrier)
                self._gone.update(pile.keys)
                self._lost_piles.extend(pile.keys)
                self.piles.remove(pile)
                self._fit_iterations()
        if self.princess is not None:
            x, y = self.princess.position
            if not (abs(x) < limit and -limit < y < limit):
                self._remove_lost(self.princess)
                self.princess = None

    def _remove_lost(self, body: pymunk.Body) -> None:
        if self.hand.held is body:
            self.release()
        self.space.remove(body, *body.shapes)
        for other, (damper, _, _) in list(self._rock_dampers.items()):  # no damper outlives its body
            if body in (damper.a, damper.b):
                del self._rock_dampers[other]
                _remove_if_there(self.space, damper)

    def moving_bodies(self) -> list[pymunk.Body]:
        """The bodies that can move: the bed, the free cards still in play, the princess."""
        bodies = [self.bed]
        bodies += [b for c, b in self.free_cards.items() if c not in self._gone]
        bodies += [pile.carrier for pile in self.piles[1:]]
        if self.princess is not None:
            bodies.append(self.princess)
        return bodies

    def is_settled(self) -> bool:
        """True when nothing moves faster than the scene's settle speed (one frame's look)."""
        s = self.physics.solver
        watch = SettleWatch(s.settle_speed, s.settle_spin, 1)
        return watch.update(self.moving_bodies())

    def settle_watch(self) -> SettleWatch:
        """A watch with the scene's thresholds (what :meth:`settling_frames` uses to tell that
        everything is still)."""
        s = self.physics.solver
        return SettleWatch(s.settle_speed, s.settle_spin, s.settle_hold_frames)

    def settling_frames(self, limit_frames: int | None = None) -> Iterator[None]:
        """Step whole frames, yielding after each, until everything has been still for
        ``settle_hold`` or the limit passes; :attr:`settled` then says which.

        Then a free body found lodged inside another (deeper than the scene's ``lodged_depth``)
        is lifted out and the world settles again for a moment (twice at most): a pile stays whole.
        """
        s = self.physics.solver
        limit = limit_frames if limit_frames is not None else s.settle_limit_frames
        for attempt in range(_REPAIRS + 1):
            watch = self.settle_watch()
            self.settled = False
            for _ in range(limit):
                self.step_frame()
                yield
                if watch.update(self.moving_bodies()):
                    self.settled = True
                    break
            if attempt == _REPAIRS or not self._push_out_lodged():
                return  # (after the last try a card still lodged counts as fallen: see layout())
            limit = s.settle_hold_frames * 4

    def settle(self, on_frame: Callable[[], None] | None = None, limit_frames: int | None = None) -> bool:
        """Step until everything has been still for ``settle_hold`` or the limit passes
        (:meth:`settling_frames`). Returns True if it settled. ``on_frame`` is called after every frame.
        """
        for _ in self.settling_frames(limit_frames):
            if on_frame is not None:
                on_frame()
        return self.settled

    def _push_out_lodged(self) -> bool:
        """Lift every free body on the bed that rests inside another body (exact polygon test,
        deeper than ``lodged_depth``) out of it, straight up from the bed; True if any moved.
        What fell off the bed is out of the game and left alone."""
        limit = self.physics.solver.lodged_depth
        bed = self.bed
        up = (-math.sin(bed.angle), math.cos(bed.angle))
        moved = False
        for body in self._free_bodies():
            centre = body.local_to_world(body.center_of_gravity)
            if self._touches_table(body) or not self._inside_bed(BodyPose(centre.x, centre.y, body.angle)):
                continue
            lift = 0.0
            for shape in body.shapes:
                mine = [body.local_to_world(v) for v in shape.get_vertices()]
                height = sum(x * up[0] + y * up[1] for x, y in mine) / len(mine)
                for other in self.space.shapes:
                    if other.body is body or other.body is self.space.static_body or not shape.bb.intersects(other.bb):
                        continue
                    if not isinstance(other, pymunk.Poly) or shape.filter.rejects_collision(other.filter):
                        continue  # bodies that pass by each other (the card laid beside her feet) may overlap
                    theirs = [other.body.local_to_world(v) for v in other.get_vertices()]
                    depth = separation(mine, theirs)[0]
                    if depth > limit and height >= sum(x * up[0] + y * up[1] for x, y in theirs) / len(theirs):
                        lift = max(lift, depth)
            if lift:
                body.position += (up[0] * (lift + _GAP), up[1] * (lift + _GAP))
                body.velocity = (0.0, 0.0)
                body.angular_velocity = 0.0
                self.space.reindex_shapes_for_body(body)
                moved = True
        if moved:
            self._lodged_seen = (-1, set())
        return moved

    # -- the hand ------------------------------------------------------------------
    def hold_card(self, card: int, pose: BodyPose) -> None:
        """The card ``card`` appears in the hand at ``pose`` (its centre), to be laid.

        Raises ValueError if it is already on the table, RuntimeError if the hand is full.
        """
        if card in self.free_cards or self._pile_of(card) is not None:
            raise ValueError(f"card {card} is already on the table")
        body = self._add_card(pose, _LAID_FILTER)
        self.free_cards[card] = body
        self.laid_card = card
        self._lodged_seen = (-1, set())
        self.hand.attach(body)
        self._hand_target = pose

    def move_hand(self, x: float, y: float, angle: float) -> None:
        """Where the hand should be at the end of the next frame."""
        self._hand_target = BodyPose(x, y, angle)

    def release(self) -> None:
        """Let go of the card (it keeps the velocity the hand gave it)."""
        held = self.hand.held
        self.hand.release()
        self._hand_target = None
        if held is not None and held is not self.princess and self.physics.card.air_film_time > 0:
            self._air_film[held] = None

    @property
    def is_holding(self) -> bool:
        return self.hand.is_holding

    # -- the princess --------------------------------------------------------------
    def princess_spot(self, card: int | None, dx: float, lying: bool) -> BodyPose:
        """Where the princess rests on ``card``'s crown (+``dx`` along it), upright or lying on
        her side; on the middle of the bed when ``card`` is None."""
        if card is None:
            return princess_rest_pose(self.physics, pose_of(self.bed), dx, self.physics.bed_surface, lying)
        return princess_rest_pose(self.physics, self.card_pose(card), self.faces[card].crown + dx,
                                  self.physics.card.thickness / 2, lying)

    def place_princess(self, card: int | None, dx: float = 0.0, *, lying: bool = False) -> None:
        """Put the princess on ``card``'s crown (or lay her down there), at rest: the table's
        own act at set-up (a player's hand uses :meth:`hold_princess`)."""
        self._put_princess(self.princess_spot(card, dx, lying))

    def hold_princess(self, pose: BodyPose) -> None:
        """The princess appears in the hand at ``pose`` (her base's middle), to be stood or laid.

        Raises RuntimeError if the hand is full.
        """
        if self.hand.is_holding:
            raise RuntimeError("the hand already holds something; release it first")
        self._put_princess(pose)
        assert self.princess is not None
        self.hand.attach(self.princess)
        self._hand_target = pose

    def _put_princess(self, pose: BodyPose) -> None:
        if self.laid_card is not None and self.laid_card in self.free_cards:
            # The card just laid passed beside her feet; once she is put down again they touch.
            for shape in self.free_cards[self.laid_card].shapes:
                shape.filter = _CARD_FILTER
            self.laid_card = None
        if self.princess is None:
            self.princess = self._add_princess(pose)
        else:
            put_at_rest(self.princess, pose)
            self.space.reindex_shapes_for_body(self.princess)

    # -- what is where -------------------------------------------------------------
    def bed_pose(self) -> BodyPose:
        return pose_of(self.bed)

    def card_pose(self, card: int) -> BodyPose:
        """The pose of a card in the world (welded or free); KeyError if it is not there."""
        pile = self._pile_of(card)
        if pile is not None:
            local = pile.local_pose(card)
            carrier = pose_of(pile.carrier)
            x, y = local_to_world(carrier, local.x, local.y)
            return BodyPose(x, y, carrier.angle + local.angle)
        return pose_of(self.free_cards[card])

    def _pile_of(self, card: int) -> WeldedPile | None:
        return next((pile for pile in self.piles if card in pile), None)

    @property
    def welded_cards(self) -> list[int]:
        """Cards welded into the bed's pile (lowest first); those that let go are not."""
        return list(self.piles[0].keys)

    def princess_pose(self) -> BodyPose | None:
        return pose_of(self.princess) if self.princess is not None else None

    def card_ids(self) -> list[int]:
        """Every card in the world, welded first, then free ones in the order they came."""
        welded = [card for pile in self.piles for card in pile.keys if card not in self._gone]
        return welded + [c for c in self.free_cards if c not in self._gone]

    def _touches_table(self, body: pymunk.Body) -> bool:
        return any(shape.bb.bottom < _TOUCH for shape in body.shapes)

    def _bodies_touching_table(self) -> set[pymunk.Body]:
        """Every body that :meth:`_touches_table`, from one query of the space (a detached part
        of the pile has a shape per card)."""
        low = self.space.bb_query(_BELOW_TOUCH, _ANY_SHAPE)
        return {shape.body for shape in low if shape.bb.bottom < _TOUCH}

    def _inside_bed(self, pose: BodyPose) -> bool:
        if not pose.is_finite():
            return False
        x, y = world_to_local(pose_of(self.bed), pose.x, pose.y)
        return abs(x) <= self.physics.bed.outer_half_width and y >= 0.0

    def is_card_on_bed(self, card: int) -> bool:
        """False once a card has left the bed: it touches the table or lies outside the bed's outline."""
        if card in self.piles[0]:
            return True
        if card in self._gone:
            return False
        pile = self._pile_of(card)
        if pile is None:
            body = self.free_cards[card]
            return self._inside_bed(pose_of(body)) and not self._touches_table(body)
        pose = self.card_pose(card)
        low = min(y for _, y in card_corners(self.physics, pose))
        return self._inside_bed(pose) and low >= _TOUCH

    def is_princess_on_bed(self) -> bool:
        body = self.princess
        return body is not None and self._inside_bed(pose_of(body)) and not self._touches_table(body)

    def is_princess_upright(self) -> bool:
        """She stands (leans less than the tolerance against the bed) and is on the bed."""
        if not self.is_princess_on_bed():
            return False
        assert self.princess is not None
        return abs(wrap_angle(self.princess.angle - self.bed.angle)) <= self.physics.princess.upright_tolerance

    def fallen_cards(self) -> tuple[int, ...]:
        """Every card that left the bed, including those that flew off the table and were
        removed, and those the physics lost inside another card (see :meth:`layout`)."""
        every = [card for pile in self.piles for card in pile.keys] + list(self.free_cards) + self._lost_piles
        kept = set(self.layout().card_ids)
        return tuple(c for c in every if c not in kept)

    def layout(self) -> TableLayout:
        """The table now: the cards still on the bed, in pile order (see :func:`pile_order`).

        A card that came to rest inside another (deeper than ``lodged_depth`` even after the
        settling lifted it out) is not a card lying on the pile: it counts as fallen, so a
        recorded pile is always whole.
        """
        bed = pose_of(self.bed)
        on_bed = pile_order(self.physics, bed, [(c, self.card_pose(c)) for c in self.card_ids()
                                                 if self.is_card_on_bed(c)])
        lodged = self._lodged(TableLayout(bed, on_bed))
        if lodged:
            on_bed = tuple(item for item in on_bed if item[0] not in lodged)
        princess = self.princess_pose() if self.is_princess_on_bed() else None
        return TableLayout(bed, tuple(on_bed), princess)

    def _lodged(self, layout: TableLayout) -> set[int]:
        """Cards lying inside a card beneath them or inside the bed (the upper card of each pair);
        worked out once a frame."""
        if self._lodged_seen[0] == self.frame:
            return self._lodged_seen[1]
        height = {card: resting_height(self.physics, layout.bed, pose) for card, pose in layout.cards}
        lodged = set()
        for a, b, _ in overlapping_cards(self.physics, layout, self.physics.solver.lodged_depth):
            cards = [int(name.split()[1]) for name in (a, b) if name != "bed"]
            lodged.add(max(cards, key=height.__getitem__))
        self._lodged_seen = (self.frame, lodged)
        return lodged

    def top_card(self) -> int | None:
        return self.layout().top_card

    def covers_pea(self, card: int, beneath: int) -> bool:
        """Did ``card`` come to lie over ``beneath`` hiding its whole pea?"""
        return covers_pea(self.physics, self.faces[beneath], self.card_pose(beneath), self.card_pose(card))

    def is_on_top(self, card: int) -> bool:
        """Is ``card`` on the bed and the highest card of the pile?"""
        return self.is_card_on_bed(card) and self.top_card() == card

    def is_princess_on_crown(self, card: int) -> bool:
        """Does the princess stand upright on ``card``'s crown?"""
        pose = self.princess_pose()
        return pose is not None and is_on_crown(self.physics, self.faces[card], self.card_pose(card), pose)

    def princess_relative_to(self, card: int | None) -> BodyPose | None:
        """The princess's pose in ``card``'s frame (the bed's when None); None if she is gone."""
        pose = self.princess_pose()
        if pose is None:
            return None
        return relative_pose(self.card_pose(card) if card is not None else self.bed_pose(), pose)

    def outcome(self, **judgement: bool) -> TableOutcome:
        """The settled table as the referee reports it (``judgement``: pea_covered, on_top, ...)."""
        layout = self.layout()
        fallen = self.fallen_cards()
        lodged = tuple(c for c in fallen if c not in self._gone and self.is_card_on_bed(c))
        return TableOutcome(layout, fallen, self.is_princess_upright(), lodged=lodged, **judgement)

    def mechanical_energy(self) -> float:
        """Kinetic + gravitational energy of the moving bodies + the magnet spring's energy
        (a bed held still has neither: it is left out). Rolling, the bed keeps its energy but
        for what the rim's damper and the contacts take out."""
        bodies = [b for b in self.moving_bodies() if b.body_type == pymunk.Body.DYNAMIC]
        spring = 0.0 if self.physics.bed.rigid else 0.5 * self.physics.bed.wobble_stiffness * self.bed.angle ** 2
        return kinetic_energy(bodies) + potential_energy(bodies, self.physics.solver.gravity) + spring
