"""A welded pile that lets go where friction could not hold it.

Welding (:mod:`.weld`) folds resting slabs -- thin boxes such as cards -- into one carrier
body so the solver sees one rigid body instead of a tower of thin contacts. That is a speed
trick; this module keeps it physical. Each welded slab stands for a resting contact with
the body beneath it (its *support*: a lower slab or one of the carrier's base faces). A
resting contact can push but not pull; its friction holds at most ``mu`` times the push;
and the push acts somewhere inside the contact patch, so the load above may not lean
past the patch's edge.

After every frame :meth:`WeldedPile.failing_weld` works out, from the carrier's motion
over the frame (Newton-Euler for the rigid sub-pile resting on each slab: gravity, the
carrier's linear and angular acceleration, the centripetal term) and from the loads of
free bodies lying on top, the force and moment each weld carries, and how much of it a
real contact could not carry -- the sub-pile would lift, slide or tip there. That excess
is integrated over the frames it lasts; the lowest weld whose sub-pile would by now be
slipping faster than ``slip_speed`` gives way (a jolt or a lasting overload breaks a
weld; a frame of solver jitter does not). Each weld's holding conditions are linear in the
frame's inputs, so a check in which every weld held also says how far the inputs may move
before any could give; until they move that far the check is spared, exactly.
:meth:`WeldedPile.detach` then turns that sub-pile into a free rigid body of its own
(still welded inside, checked the same way), moving as it moved, so the pile can slide
as a whole or shear, while the solver still never sees a tower of thin contacts.

Friction follows Chipmunk's rule: a contact's coefficient is the product of the two
shapes' frictions. Everything here is computed in the carrier's own frame, so a weld's
geometry is fixed while it holds. Imports pymunk, never pygame.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Hashable, NamedTuple, Sequence

import pymunk

from .snapshot import BodyPose
from .weld import copy_poly, weld_onto

Point = tuple[float, float]
Face = tuple[Point, Point, float]  # a supporting face (two ends, carrier frame) and its friction

_CONTACT = 1.0       # mm: a face this close under a slab's underside carries it
_QUIET = 1.0e-3      # of g: inputs that changed less than this since the last check cannot break a weld
_REACH = 200.0       # mm: about a pile's size, to compare spins with accelerations
_ROUNDING = 1.0e-6   # of a change's scale: what float rounding might take off a weld's room
_ROOT = -1.0         # the friction marking a slab that is not welded to anything beneath


@dataclass(frozen=True)
class Slab:
    """A thin box to weld: its key (a card id), pose, size, mass and friction."""

    key: Hashable
    pose: BodyPose
    length: float
    thickness: float
    mass: float
    friction: float


Motion = tuple[float, float, float]  # a body's velocity (x, y) and spin


def motion_of(body: pymunk.Body) -> Motion:
    vx, vy = body.velocity
    return vx, vy, body.angular_velocity


class CarrierFrame(NamedTuple):
    """A carrier's pose and motion this frame, read once: world points and forces into its
    frame by plain arithmetic (each conversion through pymunk costs a call into C and a new
    vector)."""

    x: float      # the carrier's origin (world)
    y: float
    cos: float    # of its angle
    sin: float
    vx: float     # its velocity and spin
    vy: float
    w: float

    @classmethod
    def of(cls, body: pymunk.Body, motion: Motion | None = None) -> CarrierFrame:
        """``body``'s frame; ``motion``: its :func:`motion_of` if already read this frame."""
        x, y = body.position
        angle = body.angle
        vx, vy, w = motion_of(body) if motion is None else motion
        return cls(x, y, math.cos(angle), math.sin(angle), vx, vy, w)

    def point(self, x: float, y: float) -> Point:
        """A world point in the carrier's frame."""
        dx, dy = x - self.x, y - self.y
        return self.cos * dx + self.sin * dy, -self.sin * dx + self.cos * dy

    def vector(self, fx: float, fy: float) -> Point:
        """A world vector (a force, an acceleration) in the carrier's frame."""
        return self.cos * fx + self.sin * fy, -self.sin * fx + self.cos * fy


class _Layer:
    """One welded slab, its support, and the sums over the sub-pile resting on it."""

    __slots__ = ("slab", "shapes", "x", "y", "angle", "parent", "supports", "subtree_mass", "p1x", "p1y", "p2", "own_inertia",
                 "ox", "oy", "tx", "ty", "s_lo", "s_hi", "mu", "carries_top")

    def __init__(self, slab: Slab, shapes: list[pymunk.Shape], x: float, y: float, angle: float) -> None:
        self.slab = slab
        self.shapes = shapes
        self.x, self.y, self.angle = x, y, angle  # pose in the carrier's frame
        self.parent = -1                          # index of the main supporting layer; -1 = a base face or none
        self.supports: list[int] = []            # every lower layer it touches
        self.subtree_mass = self.p1x = self.p1y = self.p2 = self.own_inertia = 0.0
        self.ox = self.oy = 0.0                   # the middle of the underside (carrier frame)
        self.tx, self.ty = math.cos(angle), math.sin(angle)
        self.s_lo = self.s_hi = 0.0               # the contact patch along (tx, ty) from (ox, oy)
        self.mu = 0.0
        self.carries_top = False

    def local(self, x: float, y: float) -> Point:
        """A carrier-frame point in this slab's frame (x along it, y up from its middle)."""
        dx, dy = x - self.x, y - self.y
        return self.tx * dx + self.ty * dy, -self.ty * dx + self.tx * dy

    def top_face(self) -> Face:
        hl, ht = self.slab.length / 2, self.slab.thickness / 2
        ends = [(self.x + self.tx * sx - self.ty * ht, self.y + self.ty * sx + self.tx * ht) for sx in (-hl, hl)]
        return ends[0], ends[1], self.slab.friction


def _patch_under(layer: _Layer, face: Face) -> tuple[float, float] | None:
    """The stretch of ``layer``'s underside (x from its middle) that ``face`` touches, if any."""
    (ax, ay), (bx, by), _ = face
    a, b = layer.local(ax, ay), layer.local(bx, by)
    if a[0] > b[0]:
        a, b = b, a
    bottom = -layer.slab.thickness / 2
    hl = layer.slab.length / 2
    lo, hi = max(a[0], -hl), min(b[0], hl)
    if lo > hi:
        return None
    # the face's height under the slab is linear in x: keep where it lies within reach of the underside
    span = b[0] - a[0]
    slope = (b[1] - a[1]) / span if span > 1e-9 else 0.0

    def gap(x: float) -> float:
        return bottom - (a[1] + slope * (x - a[0]))

    g_lo, g_hi = gap(lo), gap(hi)
    if min(g_lo, g_hi) > _CONTACT or max(g_lo, g_hi) < -_CONTACT:
        return None
    if g_lo != g_hi:  # keep where |gap| <= reach: the gap is linear in x, so that is one stretch
        a_x = lo + (-_CONTACT - g_lo) * (hi - lo) / (g_hi - g_lo)
        b_x = lo + (_CONTACT - g_lo) * (hi - lo) / (g_hi - g_lo)
        lo, hi = max(lo, min(a_x, b_x)), min(hi, max(a_x, b_x))
    return lo, hi


def _terms(layer: _Layer, cgx: float, cgy: float, scales: Sequence[float]) -> tuple:
    """What :func:`_overload` needs of ``layer`` that stays fixed while its weld holds and the
    carrier's centre of gravity (``cgx``, ``cgy``) does not move: worked out once, not per frame.

    Each of the weld's five holding conditions (it pushes; friction holds it either way; the
    push acts inside the patch at either end) is linear in the frame's seven inputs; the last
    two terms bound how far a change of the inputs by ``scales`` (each input's own scale) can
    move the force conditions and the moment ones: sum over inputs of |coefficient| x scale,
    the larger of each kind."""
    m = layer.subtree_mass
    qx, qy = layer.p1x - m * cgx, layer.p1y - m * cgy          # first moment about the cg
    spread = layer.p2 - 2.0 * (cgx * layer.p1x + cgy * layer.p1y) + m * (cgx * cgx + cgy * cgy)
    turning = spread + layer.own_inertia
    ox, oy, tx, ty, mu = layer.ox - cgx, layer.oy - cgy, layer.tx, layer.ty, layer.mu
    c = 1.0 if layer.carries_top else 0.0
    # coefficients of (g0x, g0y, alpha, w2, ex, ey, torque) in the load, its moment, push, along
    lx = (m, 0.0, qy, qx, c, 0.0, 0.0)
    ly = (0.0, m, -qx, qy, 0.0, c, 0.0)
    moment = tuple(a - ox * y + oy * x for a, x, y in zip((-qy, qx, -turning, 0.0, 0.0, 0.0, c), lx, ly))
    push = tuple(ty * x - tx * y for x, y in zip(lx, ly))
    along = tuple(tx * x + ty * y for x, y in zip(lx, ly))

    force_lift = force_slide = force_slide_back = moment_lo = moment_hi = 0.0  # sum |coefficient| x scale
    for p, a, t, scale in zip(push, along, moment, scales):
        force_lift += abs(p) * scale
        force_slide += abs(mu * p - a) * scale
        force_slide_back += abs(mu * p + a) * scale
        moment_lo += abs(-t - layer.s_lo * p) * scale
        moment_hi += abs(t + layer.s_hi * p) * scale
    force_reach = max(force_lift, force_slide, force_slide_back)
    moment_reach = max(moment_lo, moment_hi)
    return (m, qx, qy, turning, layer.carries_top, ox, oy, tx, ty, mu, layer.s_lo, layer.s_hi, layer,
            max(force_reach, 1e-300), max(moment_reach, 1e-300))


def _overload(terms: tuple, inputs: tuple[float, ...]) -> tuple[int, float, float]:
    """Which way and how hard (mm/s^2) the sub-pile on a slab (its :func:`_terms`) would
    accelerate away from its support if the weld were a resting contact, and, while the contact
    could hold it, its room: how large a change of the inputs (in their scales) it stands for
    sure. (way, excess, 0) when it gives; (0, 0, room) when it holds. Ways: 0 lift off, 1/-1
    slide along the card (+/-), 2/-2 tip over its end (+/-)."""
    g0x, g0y, alpha, w2, ex, ey, torque = inputs
    m, qx, qy, turning, carries_top, ox, oy, tx, ty, mu, s_lo, s_hi, layer, force_reach, moment_reach = terms
    # the load the sub-pile puts on its support: its effective weight (+ what lies on top)
    lx = m * g0x + w2 * qx + alpha * qy
    ly = m * g0y - alpha * qx + w2 * qy
    moment = qx * g0y - qy * g0x - alpha * turning  # about the cg
    if carries_top:
        lx += ex
        ly += ey
        moment += torque
    # about the middle of the slab's underside
    moment -= ox * ly - oy * lx
    push = ty * lx - tx * ly            # -(load . normal), normal = (-ty, tx)
    if push <= 0.0:
        return 0, (1e-9 - push) / m, 0.0  # it would have to pull: the sub-pile lifts off
    along = lx * tx + ly * ty
    slide = abs(along) - mu * push
    if slide > 0.0:
        return (1 if along > 0 else -1), slide / m, 0.0  # more than friction holds: it slides
    centre = -moment / push             # where along the patch the push must act
    outside = max(s_lo - centre, centre - s_hi, 0.0)
    if outside == 0.0:
        room = min(min(push, -slide) / force_reach, push * min(centre - s_lo, s_hi - centre) / moment_reach)
        return 0, 0.0, room - _ROUNDING
    # outside the patch it tips over the edge: the unbalanced moment turns it about the edge
    up = (layer.p1x / m - layer.ox) * -ty + (layer.p1y / m - layer.oy) * tx
    return (2 if centre > s_hi else -2), push * outside / (m * max(up, layer.slab.thickness)), 0.0


class WeldedPile:
    """Slabs welded onto ``carrier`` in resting order (lowest first), each resting on a lower
    slab or on one of ``base_faces`` (faces of the carrier itself; none for a detached pile,
    whose lowest slab rests by real contact).

    Build with :meth:`weld`; after every frame call :meth:`failing_weld` and, when it names a
    slab, :meth:`detach`.
    """

    def __init__(self, carrier: pymunk.Body, layers: list[_Layer], base_faces: Sequence[Face], *,
                 slip_speed: float) -> None:
        self.carrier = carrier
        self.layers = layers
        self.base_faces = tuple(base_faces)
        self.slip_speed = slip_speed
        self._slip: list[float] = []  # per slab: how fast its sub-pile would be slipping by now (mm/s)
        self._way: list[int] = []
        self._last_motion: tuple[float, float, float] | None = None  # vx, vy, w after the last frame
        self._checked: tuple[float, ...] | None = None               # the inputs of the last full check
        self._terms: list[tuple | None] = []                        # per slab: _terms() about the carrier's cg
        self._terms_key: tuple[float, float, float] | None = None  # the cg they were taken about, and gravity
        self._scales: tuple[float, ...] = ()                        # each input's scale (see _change)
        self._held: tuple[float, ...] | None = None                # the inputs of the last check that all held
        self._room = 0.0                                            # how far (scaled) they may move since
        self._by_key: dict[Hashable, _Layer] = {}
        self._link()

    # -- building ------------------------------------------------------------------
    @classmethod
    def weld(cls, carrier: pymunk.Body, bodies: Sequence[tuple[Slab, pymunk.Body]],
             base_faces: Sequence[Face] = (), *, slip_speed: float) -> WeldedPile:
        """Weld each body (a box described by its slab) onto ``carrier``, lowest first.
        ``slip_speed`` (mm/s): a weld gives way once its sub-pile would be slipping this fast."""
        layers = []
        for slab, body in bodies:
            shapes = weld_onto(body, carrier)
            x, y = carrier.world_to_local((slab.pose.x, slab.pose.y))
            layers.append(_Layer(slab, shapes, x, y, slab.pose.angle - carrier.angle))
        return cls(carrier, layers, base_faces, slip_speed=slip_speed)

    def _link(self) -> None:
        """Find every slab's support and contact patch; sum each sub-pile; mark the top's path."""
        layers = self.layers
        self._terms_key = None  # the sums below change: _terms() again
        self._held = None
        self._by_key = {layer.slab.key: layer for layer in layers}
        top = max(layers, key=lambda layer: layer.y, default=None)
        self._top = (top.x, top.y) if top is not None else (0.0, -math.inf)
        self._top_layer = top
        self._slip = [0.0] * len(layers)
        self._way = [0] * len(layers)  # per slab: which way its sub-pile was overloaded last
        for i, layer in enumerate(layers):
            best: tuple[float, int, tuple[float, float], Face] | None = None
            faces = [(j, layers[j].top_face()) for j in range(i)] + [(-1, f) for f in self.base_faces]
            layer.supports = []
            for j, face in faces:
                patch = _patch_under(layer, face)
                if patch is None:
                    continue
                if j >= 0:
                    layer.supports.append(j)
                if best is None or patch[1] - patch[0] > best[0]:
                    best = (patch[1] - patch[0], j, patch, face)
            ht = layer.slab.thickness / 2
            layer.ox, layer.oy = layer.x + layer.ty * ht, layer.y - layer.tx * ht
            if best is None:
                layer.parent = -1
                layer.s_lo = layer.s_hi = 0.0
                # the lowest slab of a detached pile rests by real contact: no weld to test;
                # any other slab with nothing beneath it cannot be held by its weld at all
                layer.mu = _ROOT if i == 0 and not self.base_faces else 0.0
                continue
            _, layer.parent, (lo, hi), face = best
            layer.s_lo, layer.s_hi = lo, hi
            layer.mu = layer.slab.friction * face[2]
        for layer in layers:
            s = layer.slab
            layer.subtree_mass = s.mass
            layer.p1x, layer.p1y = s.mass * layer.x, s.mass * layer.y
            layer.p2 = s.mass * (layer.x ** 2 + layer.y ** 2)
            layer.own_inertia = s.mass * (s.length ** 2 + s.thickness ** 2) / 12.0
            layer.carries_top = False
        for layer in reversed(layers):  # children come after their parents
            if layer.parent >= 0:
                up = layers[layer.parent]
                up.subtree_mass += layer.subtree_mass
                up.p1x += layer.p1x
                up.p1y += layer.p1y
                up.p2 += layer.p2
                up.own_inertia += layer.own_inertia
        if layers:
            top = max(range(len(layers)), key=lambda k: layers[k].y + layers[k].slab.thickness / 2)
            while top >= 0:
                layers[top].carries_top = True
                top = layers[top].parent

    # -- reading -------------------------------------------------------------------
    @property
    def keys(self) -> list[Hashable]:
        return [layer.slab.key for layer in self.layers]

    def local_pose(self, key: Hashable) -> BodyPose:
        """Where slab ``key`` lies in the carrier's frame; KeyError if it is not welded here."""
        layer = self._by_key[key]
        return BodyPose(layer.x, layer.y, layer.angle)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._by_key

    def top_middle(self) -> tuple[float, float]:
        """The middle of the highest welded slab (carrier frame); y is -inf for an empty pile."""
        return self._top

    # -- the test ------------------------------------------------------------------
    def failing_weld(self, gravity: float, frame_dt: float, loads: Sequence[tuple[float, float, float, float]] = (),
                     frame: CarrierFrame | None = None) -> int | None:
        """The lowest slab whose weld a resting contact could not carry this frame, or None.

        ``loads``: (x, y, fx, fy) in world coordinates, forces that free bodies lying on the
        pile's top put on it (their weight less what accelerates them). ``frame``: the
        carrier's pose and motion if the caller read them this frame. Call once per frame, after
        stepping; the first call only records the motion.
        """
        body = self.carrier
        frame = CarrierFrame.of(body) if frame is None else frame
        vx, vy, w = frame.vx, frame.vy, frame.w
        last, self._last_motion = self._last_motion, (vx, vy, w)
        if last is None or not self.layers:
            return None
        ax, ay = (vx - last[0]) / frame_dt, (vy - last[1]) / frame_dt
        alpha = (w - last[2]) / frame_dt
        # effective gravity at the carrier's centre of gravity, in the carrier's frame
        g0x, g0y = frame.vector(-ax, -gravity - ay)
        w2 = w * w
        cgx, cgy = body.center_of_gravity
        ex = ey = torque = 0.0  # external loads (carrier frame) and their moment about the cg
        ox, oy, cos, sin = frame.x, frame.y, frame.cos, frame.sin
        top = self._top_layer
        tx, ty, mu = top.tx, top.ty, top.slab.friction ** 2  # card on card: the top slab's friction squared
        for x, y, fx, fy in loads:  # frame.point and frame.vector, written out: this runs most frames
            lx, ly = cos * (x - ox) + sin * (y - oy), -sin * (x - ox) + cos * (y - oy)
            fx, fy = cos * fx + sin * fy, -sin * fx + cos * fy
            # A resting contact on the top slab passes the load on as far as it can: it pushes,
            # never pulls, and along the slab it carries at most mu times its push. The rest of
            # what moves the body -- a wall it leans on, a card it slides across -- does not
            # reach the pile.
            push = ty * fx - tx * fy  # along -normal, normal = (-ty, tx)
            if push <= 0.0:
                fx = fy = 0.0
            else:
                limit = mu * push
                along = max(-limit, min(limit, fx * tx + fy * ty))
                fx, fy = along * tx + push * ty, along * ty - push * tx
            ex += fx
            ey += fy
            torque += (lx - cgx) * fy - (ly - cgy) * fx
        inputs = (g0x, g0y, alpha, w2, ex, ey, torque)
        if self._checked is not None and not any(self._slip):
            if self._is_quiet(inputs, gravity):
                return None
            if self._held is not None and self._terms_key == (cgx, cgy, gravity) and self._change(inputs) < self._room:
                self._checked = inputs  # all that a full check would change: every weld holds, as proven
                return None
        self._checked = inputs
        if self._terms_key != (cgx, cgy, gravity):
            mass = max(self.layers[0].subtree_mass, 1e-9)
            self._scales = (gravity, gravity, gravity / _REACH, gravity / _REACH, gravity * mass, gravity * mass,
                            gravity * mass * _REACH)
            self._terms = [None if layer.mu == _ROOT else _terms(layer, cgx, cgy, self._scales) for layer in self.layers]
            self._terms_key = (cgx, cgy, gravity)
        failing = None
        room = math.inf
        for i, terms in enumerate(self._terms):
            if terms is None:
                continue
            way, excess, holds = _overload(terms, inputs)
            # A resting contact gives way once the sub-pile would have started to move faster than
            # the slip speed the same way: a jolt of a frame or a lasting overload, not a tremor of
            # the solver (a shake back and forth starts again each time it turns).
            if excess > 0.0 and way == self._way[i]:
                self._slip[i] += excess * frame_dt
            else:
                self._slip[i] = excess * frame_dt
            self._way[i] = way
            if failing is None and self._slip[i] > self.slip_speed:
                failing = i
            if holds < room:
                room = holds
        # every weld held: until the inputs move by ``room`` (in their scales) none can give
        self._held, self._room = (inputs, room) if room > 0.0 else (None, 0.0)
        return failing

    @property
    def is_slipping(self) -> bool:
        """Is any weld overloaded, its slip still adding up?"""
        return any(self._slip)

    def note_still(self, motion: Motion) -> None:
        """Nothing moved this frame: record the carrier's motion (:func:`motion_of`, read this
        frame) without a check (the loads are those the last check saw)."""
        self._last_motion = motion

    def _is_quiet(self, inputs: tuple[float, ...], gravity: float) -> bool:
        """True when the loads moved too little since the last full check to break anything."""
        old = self._checked
        assert old is not None
        mass = max(self.layers[0].subtree_mass, 1e-9)
        tol = _QUIET * gravity
        return (abs(inputs[0] - old[0]) < tol and abs(inputs[1] - old[1]) < tol
                and abs(inputs[2] - old[2]) * _REACH < tol and abs(inputs[3] - old[3]) * _REACH < tol
                and abs(inputs[4] - old[4]) < tol * mass and abs(inputs[5] - old[5]) < tol * mass
                and abs(inputs[6] - old[6]) < tol * mass * _REACH)

    def _change(self, inputs: tuple[float, ...]) -> float:
        """How far the inputs moved since the last full check in which every weld held, in
        their scales (the largest of the seven): below that check's room no weld can give.

        The full check's conditions are linear in the inputs, so each moves by at most its
        coefficients' reach (:func:`_terms`) times this: an exact test, not a tolerance, that
        spares the check while a pile rocks gently."""
        u, h, s = inputs, self._held, self._scales  # written out: this runs most frames a pile moves
        return max(abs(u[0] - h[0]) / s[0], abs(u[1] - h[1]) / s[1], abs(u[2] - h[2]) / s[2], abs(u[3] - h[3]) / s[3],
                   abs(u[4] - h[4]) / s[4], abs(u[5] - h[5]) / s[5], abs(u[6] - h[6]) / s[6])

    # -- letting go ----------------------------------------------------------------
    def subtree(self, index: int) -> list[int]:
        """``index`` and every slab lying on it, directly or not (also in part: what lies
        across a sliding slab goes with it), in pile order."""
        inside = {index}
        for k in range(index + 1, len(self.layers)):
            if any(j in inside for j in self.layers[k].supports):
                inside.add(k)
        return sorted(inside)

    def detach(self, index: int) -> WeldedPile:
        """Take slab ``index`` and the sub-pile on it off the carrier as one new free body,
        moving as it moved; returns the new pile (its lowest slab rests by real contact)."""
        carrier = self.carrier
        space = carrier.space
        moving = self.subtree(index)
        body = pymunk.Body()
        body.position = carrier.position
        body.angle = carrier.angle
        new_layers = []
        old_shapes = []
        for k in moving:
            layer = self.layers[k]
            shapes = []
            for shape in layer.shapes:
                shapes.append(copy_poly(shape, body, shape.get_vertices()))
                old_shapes.append(shape)
            moved = _Layer(layer.slab, shapes, layer.x, layer.y, layer.angle)
            new_layers.append(moved)
        (vx, vy), w = carrier.velocity, carrier.angular_velocity
        cx, cy = carrier.local_to_world(carrier.center_of_gravity)

        def velocity_at(point: pymunk.Vec2d) -> tuple[float, float]:
            """The carrier's velocity at ``point`` as it moved before anything was taken off."""
            return vx - w * (point.y - cy), vy + w * (point.x - cx)

        space.remove(*old_shapes)
        for shape in old_shapes:
            shape.body = None  # a body keeps listing shapes taken out of the space until they leave it
        space.add(body, *(s for layer in new_layers for s in layer.shapes))
        body.velocity = velocity_at(body.local_to_world(body.center_of_gravity))
        body.angular_velocity = w
        if carrier.body_type == pymunk.Body.DYNAMIC:  # the carrier's centre of gravity moved
            carrier.velocity = velocity_at(carrier.local_to_world(carrier.center_of_gravity))
        gone = set(moving)
        self.layers = [layer for k, layer in enumerate(self.layers) if k not in gone]
        self._link()
        self._checked = self._last_motion = None
        return WeldedPile(body, new_layers, (), slip_speed=self.slip_speed)
