"""What is in the Wackelbett box and how it behaves, read from ``scenes/wackelbett.toml``.

Pure values: the rules, the bots and the pymunk world all read these. Every reader
raises :class:`~simulator.engine.SceneError` naming the file, the key and what was
expected when the scene file is wrong.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Iterable

from simulator.engine import Scene


@dataclass(frozen=True)
class CardFace:
    """One bedding card: what is printed on it. ``pea``/``crown``: mm along the card from its centre."""

    id: int
    bedding: str
    colour: str
    pea: float
    crown: float

    @property
    def label(self) -> str:
        return f"{self.colour} {self.bedding}"


@dataclass(frozen=True)
class SolverSpec:
    """How the world steps and when it counts as settled (see PHYSICS.md)."""

    gravity: float
    frame_hz: int
    substeps: int
    iterations: int
    collision_slop: float
    sleep_time_threshold: float
    idle_speed_threshold: float
    method: str
    dynamic_top_cards: int
    terminal_speed: float
    terminal_spin: float
    settle_speed: float
    settle_spin: float
    settle_hold: float
    settle_limit: float
    out_of_bounds: float
    lodged_depth: float  # mm: a body deeper than this inside another is pushed out once settled
    weld_slip_speed: float  # mm/s: a weld gives way once its sub-pile would be slipping this fast

    @property
    def frame_dt(self) -> float:
        return 1.0 / self.frame_hz

    @property
    def settle_hold_frames(self) -> int:
        return max(1, round(self.settle_hold * self.frame_hz))

    @property
    def settle_limit_frames(self) -> int:
        return max(1, round(self.settle_limit * self.frame_hz))


@dataclass(frozen=True)
class TableSpec:
    half_width: float
    thickness: float
    friction: float
    bounce: float = 0.0  # restitution of the bed's rim on the table (0: it lands dead)


@dataclass(frozen=True)
class BedSpec:
    """The can bottom seen from the side: a plate with two walls, rolling on its rounded underside.

    The underside is rounded, its lowest point the wobble-pea, ``pea_height`` below the plate:
    its radius of curvature is ``rock_radius`` at the pea and grows to ``rock_radius_outer``
    where the bed leans ``rock_turn`` (radians) and beyond (one arc when the two are equal).
    ``wobble_stiffness`` is the magnet's extra pull towards level (0: none) and
    ``wobble_damping`` what the rim and the table take out of a rock."""

    inner_width: float
    plate_thickness: float
    wall_thickness: float
    wall_height: float
    plate_mass: float
    wall_mass: float
    friction: float
    pea_height: float
    rock_radius: float
    wobble_stiffness: float
    wobble_damping: float
    rigid: bool = False  # held still where it lies: what the wobble changes is measured against this
    rock_radius_outer: float = 0.0  # mm; 0: rock_radius (the underside is one arc)
    rock_turn: float = 0.0          # radians of lean over which the radius grows to rock_radius_outer

    @property
    def outer_half_width(self) -> float:
        return self.inner_width / 2 + self.wall_thickness

    @property
    def is_arc(self) -> bool:
        """Is the underside one arc (its radius the same at every lean)?"""
        return self.rock_radius_outer in (0.0, self.rock_radius) or self.rock_turn <= 0.0

    def radius_at(self, lean: float) -> float:
        """The underside's radius of curvature where it touches the table at ``lean`` radians:
        rock_radius at the pea, growing as the lean squared to rock_radius_outer at rock_turn."""
        if self.is_arc:
            return self.rock_radius
        t = min(1.0, abs(lean) / self.rock_turn)
        return self.rock_radius + (self.rock_radius_outer - self.rock_radius) * t * t

    def contact(self, lean: float) -> tuple[float, float]:
        """The point of the underside (bed frame: y up from the plate's underside) that touches
        the table when the bed leans ``lean`` radians (clockwise, its right side down: > 0)."""
        a = abs(lean)
        r0 = self.rock_radius
        k = 0.0 if self.is_arc else (self.rock_radius_outer - r0) / self.rock_turn ** 2
        t = a if self.is_arc else min(a, self.rock_turn)
        # the integrals of (r0 + k u^2) (cos u, sin u) du from 0 to t
        s, c = math.sin(t), math.cos(t)
        x = r0 * s + k * (t * t * s + 2 * t * c - 2 * s)
        y = r0 * (1 - c) + k * (-t * t * c + 2 * t * s + 2 * c - 2)
        if a > t:  # beyond rock_turn: an arc of rock_radius_outer
            x += self.rock_radius_outer * (math.sin(a) - s)
            y += self.rock_radius_outer * (c - math.cos(a))
        return math.copysign(x, lean), y - self.pea_height

    def osculating(self, lean: float) -> tuple[float, tuple[float, float]]:
        """The circle that fits the underside where it touches the table at ``lean``: its radius
        and centre (bed frame). For one arc, the arc itself at every lean."""
        r = self.radius_at(lean)
        x, y = self.contact(lean)
        return r, (x - r * math.sin(lean), y + r * math.cos(lean))

    def rolled(self, lean: float) -> float:
        """How far (mm) the bed rolls along the table as it leans ``lean`` radians from level:
        the length of underside that has touched the table."""
        a, r0 = abs(lean), self.rock_radius
        if self.is_arc:
            return r0 * a
        t = min(a, self.rock_turn)
        k = (self.rock_radius_outer - r0) / self.rock_turn ** 2
        return r0 * t + k * t ** 3 / 3 + self.rock_radius_outer * (a - t)

    def underside(self, step: float = math.radians(0.5)) -> list[tuple[float, float]]:
        """The rounded underside (bed frame), left to right, from plate to plate through the pea."""
        half = [self.contact(0.0)]
        lean = 0.0
        while half[-1][1] < 0.0 and lean < math.pi / 2:
            lean += step
            x, y = self.contact(lean)
            half.append((x, min(y, 0.0)))
        return [(-x, y) for x, y in reversed(half[1:])] + half

    @property
    def corner_angle(self) -> float:
        """Radians: how far the bed rolls on its underside before a corner of its plate touches
        the table (for one arc: where rock_radius - w sin(a) - (rock_radius - pea_height) cos(a) = 0)."""
        w = self.outer_half_width

        def corner_height(a: float) -> float:  # above the table, the bed leaning a
            cx, cy = self.contact(a)
            return -(w - cx) * math.sin(a) - cy * math.cos(a)

        low, high = 0.0, math.pi / 2
        for _ in range(60):
            mid = (low + high) / 2
            if corner_height(mid) > 0:
                low = mid
            else:
                high = mid
        return low


@dataclass(frozen=True)
class UnderBedCardSpec:
    length: float
    thickness: float
    mass: float


@dataclass(frozen=True)
class CardSpec:
    length: float
    thickness: float
    mass: float
    friction: float
    elasticity: float
    pea_radius: float
    crown_radius: float
    top_tilt: float  # radians: a card steeper than this is never the top card
    air_film_drop: float  # mm: a card let go from higher than this lands on a film of air...
    air_film_time: float  # s per mm fallen beyond it: ...and skates this long before it grips (0: never)

    @property
    def slip_angle(self) -> float:
        """Radians: the slope past which a card slides on another (Chipmunk's friction is the
        product of the two shapes', so card on card holds ``friction`` squared)."""
        return math.atan(self.friction ** 2)


@dataclass(frozen=True)
class PrincessSpec:
    base_width: float
    top_width: float
    height: float
    mass: float
    friction: float
    upright_tolerance: float  # radians
    push_distance: float
    rock_damping: float = 0.0  # g mm^2/s per rad: what her base and the card take out of a rock


@dataclass(frozen=True)
class HandSpec:
    max_force: float
    max_torque: float
    max_speed: float
    max_spin: float
    start_clearance: float
    release_clearance: float
    lower_speed: float
    max_frames: int


@dataclass(frozen=True)
class WackelbettPhysics:
    """Every physical parameter of the table, from the scene file."""

    solver: SolverSpec
    table: TableSpec
    bed: BedSpec
    under_bed: UnderBedCardSpec
    card: CardSpec
    princess: PrincessSpec
    hand: HandSpec

    @property
    def bed_surface(self) -> float:
        """Height of the under-bed card's top above the bed's underside, in the bed's frame."""
        return self.bed.plate_thickness + self.under_bed.thickness

    @property
    def sure_skate_height(self) -> float | None:
        """mm: a card let go at least this far above where it lies lands on air and skates,
        whatever the frame it lands in (the world reads its fall speed at the frame's start,
        up to a frame of gravity short of the speed it lands with); None with the film off."""
        if self.card.air_film_time <= 0:
            return None
        g = self.solver.gravity
        speed = math.sqrt(2.0 * g * self.card.air_film_drop) + g / self.solver.frame_hz
        return speed * speed / (2.0 * g)


@dataclass(frozen=True)
class PlacementSpec:
    """The finite set of placements ``legal_actions`` offers (free input is continuous)."""

    card_offsets: tuple[float, ...]
    careless_offsets: tuple[float, ...]
    princess_offsets: tuple[float, ...]


def _positive(scene: Scene, key: str) -> float:
    value = scene.get(key, float, minimum=0.0)
    if value <= 0.0:
        raise scene.error(key, f"must be greater than 0, got {value!r}")
    return value


def _number_list(scene: Scene, key: str, *, limit: float) -> tuple[float, ...]:
    values = scene.get(key, list)
    if not values or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        raise scene.error(key, f"expected a non-empty list of numbers, got {values!r}")
    if any(abs(v) > limit for v in values):
        raise scene.error(key, f"every value must lie within +-{limit}, got {values!r}")
    return tuple(float(v) for v in values)


def read_deck(scene: Scene, card: CardSpec) -> tuple[tuple[CardFace, ...], tuple[str, ...], tuple[str, ...], int]:
    """The 36 cards, the bedding names, the colour names and the hand size.

    Checks that each bedding has ``cards_per_bedding`` cards, that every colour and
    bedding is declared, and that pea and crown are printed on the card.
    """
    deck = scene.table("deck")
    beddings = tuple(deck.get("beddings", list))
    colours = tuple(deck.get("colours", list))
    for key, names in (("beddings", beddings), ("colours", colours)):
        if not names or not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
            raise deck.error(key, f"expected a list of distinct names, got {list(names)!r}")
    per_bedding = deck.get("cards_per_bedding", int, minimum=1)
    hand_size = deck.get("hand_size", int, minimum=1)
    reach = card.length / 2 - card.pea_radius
    faces = []
    for i, entry in enumerate(deck.tables("cards")):
        bedding = entry.get("bedding", str, choices=beddings)
        colour = entry.get("colour", str, choices=colours)
        pea = entry.get("pea", float, minimum=-reach, maximum=reach)
        crown = entry.get("crown", float, minimum=-reach, maximum=reach)
        entry.refuse_unread()
        faces.append(CardFace(i, bedding, colour, pea, crown))
    deck.refuse_unread()
    for bedding in beddings:
        count = sum(1 for f in faces if f.bedding == bedding)
        if count != per_bedding:
            raise deck.error("cards", f"expected {per_bedding} {bedding} cards, got {count}")
    return tuple(faces), beddings, colours, hand_size


def read_physics(scene: Scene) -> WackelbettPhysics:
    """Every physical parameter; SceneError names the key of a missing or bad one."""
    s = scene.table("physics")
    method = s.get("method", str, choices=("weld", "substeps"))
    solver = SolverSpec(
        gravity=_positive(s, "gravity"),
        frame_hz=s.get("frame_hz", int, minimum=10, maximum=1000),
        substeps=s.get("substeps", int, minimum=1, maximum=64),
        iterations=s.get("iterations", int, minimum=1, maximum=200),
        collision_slop=s.get("collision_slop", float, minimum=0.0, maximum=5.0),
        sleep_time_threshold=s.get("sleep_time_threshold", float, minimum=0.0),
        idle_speed_threshold=_positive(s, "idle_speed_threshold"),
        method=method,
        dynamic_top_cards=s.get("dynamic_top_cards", int, minimum=1),
        terminal_speed=_positive(s, "terminal_speed"),
        terminal_spin=_positive(s, "terminal_spin"),
        settle_speed=_positive(s, "settle_speed"),
        settle_spin=_positive(s, "settle_spin"),
        settle_hold=_positive(s, "settle_hold"),
        settle_limit=_positive(s, "settle_limit"),
        out_of_bounds=_positive(s, "out_of_bounds"),
        lodged_depth=_positive(s, "lodged_depth"),
        weld_slip_speed=_positive(s, "weld_slip_speed"),
    )
    s.refuse_unread()
    t = scene.table("table")
    table = TableSpec(_positive(t, "half_width"), _positive(t, "thickness"), t.get("friction", float, minimum=0.0),
                      t.get("bounce", float, minimum=0.0, maximum=1.0, default=0.0))
    t.refuse_unread()
    b = scene.table("bed")
    bed = BedSpec(
        inner_width=_positive(b, "inner_width"),
        plate_thickness=_positive(b, "plate_thickness"),
        wall_thickness=_positive(b, "wall_thickness"),
        wall_height=b.get("wall_height", float, minimum=0.0),
        plate_mass=_positive(b, "plate_mass"),
        wall_mass=_positive(b, "wall_mass"),
        friction=b.get("friction", float, minimum=0.0),
        pea_height=_positive(b, "pea_height"),
        rock_radius=b.get("rock_radius", float, minimum=1.0, maximum=1e5),
        wobble_stiffness=b.get("wobble_stiffness", float, minimum=0.0, maximum=1e10),  # 1e12 overflows pymunk
        wobble_damping=b.get("wobble_damping", float, minimum=0.0),
        rigid=b.get("rigid", bool, default=False),
        rock_radius_outer=b.get("rock_radius_outer", float, minimum=0.0, maximum=1e5, default=0.0),
        rock_turn=math.radians(b.get("rock_turn_deg", float, minimum=0.0, maximum=45.0, default=0.0)),
    )
    b.refuse_unread()
    u = scene.table("under_bed_card")
    under_bed = UnderBedCardSpec(_positive(u, "length"), _positive(u, "thickness"), _positive(u, "mass"))
    u.refuse_unread()
    if under_bed.length > bed.inner_width:
        raise u.error("length", f"must fit in the bed ({bed.inner_width} mm), got {under_bed.length}")
    c = scene.table("card")
    card = CardSpec(
        length=_positive(c, "length"),
        thickness=_positive(c, "thickness"),
        mass=_positive(c, "mass"),
        friction=c.get("friction", float, minimum=0.0),
        elasticity=c.get("elasticity", float, minimum=0.0, maximum=1.0),
        pea_radius=_positive(c, "pea_radius"),
        crown_radius=_positive(c, "crown_radius"),
        top_tilt=math.radians(c.get("top_tilt_deg", float, minimum=1.0, maximum=89.0)),
        air_film_drop=c.get("air_film_drop", float, minimum=0.0),
        air_film_time=c.get("air_film_time", float, minimum=0.0, maximum=0.1),
    )
    c.refuse_unread()
    if card.pea_radius * 2 >= card.length:
        raise c.error("pea_radius", f"the pea must fit on the card, got {card.pea_radius}")
    p = scene.table("princess")
    princess = PrincessSpec(
        base_width=_positive(p, "base_width"),
        top_width=_positive(p, "top_width"),
        height=_positive(p, "height"),
        mass=_positive(p, "mass"),
        friction=p.get("friction", float, minimum=0.0),
        upright_tolerance=math.radians(p.get("upright_tolerance_deg", float, minimum=1.0, maximum=89.0)),
        push_distance=_positive(p, "push_distance"),
        rock_damping=p.get("rock_damping", float, minimum=0.0, maximum=1e10, default=0.0),
    )
    p.refuse_unread()
    h = scene.table("hand")
    hand = HandSpec(
        max_force=_positive(h, "max_force"),
        max_torque=_positive(h, "max_torque"),
        max_speed=_positive(h, "max_speed"),
        max_spin=_positive(h, "max_spin"),
        start_clearance=_positive(h, "start_clearance"),
        release_clearance=h.get("release_clearance", float, minimum=0.0),
        lower_speed=_positive(h, "lower_speed"),
        max_frames=h.get("max_frames", int, minimum=2, maximum=3000),  # a trace fits an action
    )
    h.refuse_unread()
    lowering = hand.start_clearance / hand.lower_speed * solver.frame_hz
    if lowering > hand.max_frames:
        raise h.error("start_clearance", f"lowering the card from it at lower_speed takes {lowering:.3g} "
                                         f"frames, more than max_frames ({hand.max_frames})")
    return WackelbettPhysics(solver, table, bed, under_bed, card, princess, hand)


def read_placements(scene: Scene, card: CardSpec) -> PlacementSpec:
    p = scene.table("placements")
    placements = PlacementSpec(
        card_offsets=_number_list(p, "card_offsets", limit=card.length / 2),
        careless_offsets=_number_list(p, "careless_offsets", limit=card.length),
        princess_offsets=_number_list(p, "princess_offsets", limit=card.crown_radius),
    )
    p.refuse_unread()
    return placements


def read_colours(scene: Scene, colours: tuple[str, ...]) -> dict[str, tuple[int, int, int]]:
    """RGB for each colour name, for the screen."""
    table = scene.table("colours")
    out = {}
    for name in colours:
        rgb = table.get(name, list)
        if len(rgb) != 3 or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in rgb):
            raise table.error(name, f"expected [r, g, b] with 0-255 integers, got {rgb!r}")
        out[name] = (rgb[0], rgb[1], rgb[2])
    return out


@dataclass(frozen=True)
class HandSkill:
    """How steady a bot's hand is (standard deviations) and how many placements it tries."""

    tremor_mm: float
    tremor_deg: float
    release_mm: float
    jitter_mm: float
    princess_mm: float
    princess_deg: float
    princess_release_mm: float
    tries: int
    balance_mm: float  # sd of how far from the balance point it aims (0: it heeds the balance)
    release_speed: float  # sd of its sideways speed when it lets go of a card (mm/s)
    princess_speed: float = 0.0  # sd of how much faster than the hand's calm pace it brings her down (mm/s)
    princess_sideways: float = 0.0  # sd of its sideways speed when it lets go of her (mm/s)
    lapse_rate: float = 0.0  # chance that one act (a card or the princess) is done absent-mindedly
    lapse_scale: float = 1.0  # and then every error above is this many times as large
    nerves: float = 0.0  # past nerves_from cards on the bed, every error grows by this share per card
    nerves_from: int = 0

    def scaled(self, k: float) -> HandSkill:
        """This hand with every error ``k`` times as large (angles at most 45 degrees)."""
        return replace(self, tremor_mm=self.tremor_mm * k, tremor_deg=min(45.0, self.tremor_deg * k),
                       release_mm=self.release_mm * k, jitter_mm=self.jitter_mm * k,
                       princess_mm=self.princess_mm * k, princess_deg=min(45.0, self.princess_deg * k),
                       princess_release_mm=self.princess_release_mm * k, balance_mm=self.balance_mm * k,
                       release_speed=self.release_speed * k, princess_speed=self.princess_speed * k,
                       princess_sideways=self.princess_sideways * k)

    def lapsed(self) -> HandSkill:
        """This hand in a moment of inattention: every error :attr:`lapse_scale` times as large."""
        return replace(self.scaled(self.lapse_scale), lapse_rate=0.0)

    def over_pile(self, cards: int) -> HandSkill:
        """This hand over a pile of ``cards`` cards: the taller the pile past :attr:`nerves_from`,
        the more every error grows (:attr:`nerves` per card), as a person's does near the top."""
        extra = self.nerves * max(0, cards - self.nerves_from)
        return self.scaled(1.0 + extra) if extra else self


def read_bot_skills(scene: Scene) -> dict[str, HandSkill]:
    """Bot levels by name, in the order the scene lists them (weakest first)."""
    bots = scene.table("bots")
    skills = {}
    for name in bots.keys():
        level = bots.table(name)
        skills[name] = HandSkill(
            tremor_mm=level.get("tremor_mm", float, minimum=0.0),
            tremor_deg=level.get("tremor_deg", float, minimum=0.0, maximum=45.0),
            release_mm=level.get("release_mm", float, minimum=0.0),
            jitter_mm=level.get("jitter_mm", float, minimum=0.0),
            princess_mm=level.get("princess_mm", float, minimum=0.0),
            princess_deg=level.get("princess_deg", float, minimum=0.0, maximum=45.0),
            princess_release_mm=level.get("princess_release_mm", float, minimum=0.0),
            tries=level.get("tries", int, minimum=1, maximum=64),
            balance_mm=level.get("balance_mm", float, default=0.0, minimum=0.0, maximum=100.0),
            release_speed=level.get("release_speed", float, default=0.0, minimum=0.0, maximum=1000.0),
            princess_speed=level.get("princess_speed", float, default=0.0, minimum=0.0, maximum=1000.0),
            princess_sideways=level.get("princess_sideways", float, default=0.0, minimum=0.0, maximum=1000.0),
            lapse_rate=level.get("lapse_rate", float, default=0.0, minimum=0.0, maximum=1.0),
            lapse_scale=level.get("lapse_scale", float, default=1.0, minimum=1.0, maximum=20.0),
            nerves=level.get("nerves", float, default=0.0, minimum=0.0, maximum=1.0),
            nerves_from=level.get("nerves_from", int, default=0, minimum=0, maximum=200),
        )
        level.refuse_unread()
    return skills


@dataclass(frozen=True)
class FallTarget:
    """Designed difficulty at card ``card``: the share of placements where something physically
    fell, was pushed or slid off the pile (not a missed pea) should lie between ``low`` and ``high``."""

    card: int
    low: float
    high: float


def read_design_targets(scene: Scene, hands: Iterable[str], deck_size: int) -> dict[str, tuple[FallTarget, ...]]:
    """``[design_targets]``: per bot hand, rows ``[card number, low, high]``; {} when the scene has none."""
    if not scene.has("design_targets"):
        return {}
    table = scene.table("design_targets")
    hands = tuple(hands)
    out = {}
    for hand in table.keys():
        if hand not in hands:
            raise table.error(hand, f"is not a bot hand of the scene; hands: {', '.join(hands)}")
        targets = []
        for i, row in enumerate(table.get(hand, list)):
            numbers = isinstance(row, list) and len(row) == 3 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in row)
            if not numbers:
                raise table.error(f"{hand}[{i}]", f"expected [card number, low, high], got {row!r}")
            card, low, high = row
            if card != int(card) or not 1 <= card <= deck_size:
                raise table.error(f"{hand}[{i}]", f"the card number must be a whole number from 1 to {deck_size}, "
                                                  f"got {card!r}")
            if not 0.0 <= low <= high <= 1.0:
                raise table.error(f"{hand}[{i}]", f"expected 0 <= low <= high <= 1, got {low!r} and {high!r}")
            targets.append(FallTarget(int(card), float(low), float(high)))
        out[hand] = tuple(targets)
    return out
