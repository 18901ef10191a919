"""The Wackelbett table drawn from the side with pygame: wall, wooden table, the tin bed
rolling on its rounded underside and pea, bedding cards as colourful slabs, and Penny Pea princess.

Everything here draws poses (plain :class:`~simulator.physics.snapshot.BodyPose`
values, in the world's mm with y up) through a :class:`Camera`; nothing here steps
or changes a world. The table view and ``tools/physics_lab.py`` both draw with a
:class:`TablePainter`. Also here: a card's face seen from above, for the hand.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Sequence

import pygame

from simulator.physics.snapshot import BodyPose
from simulator.ui.card_art import mark
from simulator.ui.theme import INK, font

from .components import CardFace, WackelbettPhysics
from .layout import TableLayout, local_to_world, wrap_angle

RGB = tuple[int, int, int]
Point = tuple[float, float]

# One shape per colour, so colours can be told apart without seeing colour
# (the scene file names the colours; they get these marks in its order).
COLOUR_MARKS = ("circle", "triangle", "square", "diamond", "star", "hexagon")
PEA_GREEN = (118, 196, 72)
PEA_DARK = (52, 110, 36)
CROWN_GOLD = (250, 200, 50)
CROWN_DARK = (150, 100, 20)
WOOD = (156, 104, 62)
WOOD_DARK = (112, 70, 40)
WOOD_LIGHT = (190, 138, 88)
WALL = (66, 74, 110)
WALL_STRIPE = (74, 83, 122)
WALL_DARK = (46, 52, 82)
TIN = (176, 184, 196)
TIN_DARK = (110, 118, 132)
TIN_LIGHT = (226, 232, 240)
UNDER_BED = (238, 226, 196)
DRESS = (236, 112, 168)
DRESS_LIGHT = (250, 170, 206)
DRESS_DARK = (176, 64, 120)
SKIN = (250, 214, 184)
HAIR = (226, 164, 60)
HAIR_DARK = (170, 110, 30)
_ROTATED_CACHE_LIMIT = 900


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` blended towards ``b`` by ``t`` (0..1)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@dataclass
class Camera:
    """World mm (y up) to screen px (y down): ``scale`` px per mm, and the world point
    ``(0, focus_y)`` sits at the screen point ``anchor``."""

    scale: float
    anchor: Point
    focus_y: float = 0.0

    def to_screen(self, x: float, y: float) -> Point:
        return self.anchor[0] + x * self.scale, self.anchor[1] - (y - self.focus_y) * self.scale

    def to_world(self, px: float, py: float) -> Point:
        return (px - self.anchor[0]) / self.scale, self.focus_y + (self.anchor[1] - py) / self.scale

    def table_top(self) -> float:
        """Screen y of the table's top (world y = 0)."""
        return self.to_screen(0.0, 0.0)[1]

    def bounds(self, points: Sequence[Point]) -> pygame.Rect:
        """The screen rectangle around world ``points`` (a card's corners, the princess's outline)."""
        screen = [self.to_screen(x, y) for x, y in points]
        xs, ys = [p[0] for p in screen], [p[1] for p in screen]
        return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def lerp_pose(a: BodyPose, b: BodyPose, t: float) -> BodyPose:
    """Between two poses (the angle the short way round)."""
    return BodyPose(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.angle + wrap_angle(b.angle - a.angle) * t)


def lerp_layout(a: TableLayout, b: TableLayout, t: float) -> TableLayout:
    """``b`` with every body moved back towards where it was in ``a`` (for drawing between frames)."""
    if t >= 1.0:
        return b
    before = dict(a.cards)
    cards = tuple((card, lerp_pose(before[card], pose, t) if card in before else pose) for card, pose in b.cards)
    princess = b.princess
    if a.princess is not None and b.princess is not None:
        princess = lerp_pose(a.princess, b.princess, t)
    return TableLayout(lerp_pose(a.bed, b.bed, t), cards, princess)


class TablePainter:
    """Draws the Wackelbett table seen from the side.

    ``colour_rgb`` paints each card colour; ``colours`` is the scene's colour order,
    which picks each colour's mark. Images are rendered once per camera scale and
    cached, rotated images per tenth of a degree.
    """

    def __init__(self, physics: WackelbettPhysics, faces: Sequence[CardFace], colour_rgb: Mapping[str, RGB],
                 colours: Sequence[str]) -> None:
        self.physics = physics
        self.faces = faces
        self.colour_rgb = dict(colour_rgb)
        self.colour_mark = {name: COLOUR_MARKS[i % len(COLOUR_MARKS)] for i, name in enumerate(colours)}
        self._images: dict[tuple, pygame.Surface] = {}
        self._rotated: dict[tuple, pygame.Surface] = {}
        self._backdrops: dict[tuple, pygame.Surface] = {}

    # -- the whole table -------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, camera: Camera, layout: TableLayout, *,
                   loose: Sequence[tuple[int, BodyPose]] = (), dim_cards: frozenset[int] = frozenset(),
                   princess_ghost: BodyPose | None = None) -> None:
        """Backdrop, bed (its rounded underside and the pea under it), the cards of ``layout``
        lowest first, then ``loose`` cards (carried or fallen), then the princess
        (``princess_ghost``: a see-through one)."""
        self.draw_backdrop(surface, camera)
        self.draw_bed(surface, camera, layout.bed)
        for card, pose in (*layout.cards, *loose):
            self.draw_card(surface, camera, card, pose, dim=card in dim_cards)
        if layout.princess is not None:
            self.draw_princess(surface, camera, layout.princess)
        if princess_ghost is not None:
            self.draw_princess(surface, camera, princess_ghost, alpha=150)

    def draw_backdrop(self, surface: pygame.Surface, camera: Camera) -> None:
        """The bedroom wall and the wooden table (its top at world y = 0), filling the clip area."""
        area = surface.get_clip()
        top = round(camera.table_top())
        key = (area.size, top, round(camera.scale, 3))
        image = self._backdrops.get(key)
        if image is None:
            if len(self._backdrops) > 40:
                self._backdrops.clear()
            image = self._backdrops[key] = self._render_backdrop(area.size, top - area.top, camera.scale)
        surface.blit(image, area.topleft)

    def _render_backdrop(self, size: tuple[int, int], top: int, scale: float) -> pygame.Surface:
        w, h = size
        image = pygame.Surface(size)
        image.fill(WALL)
        stripe = max(18, round(12 * scale))
        for x in range(0, w, stripe * 2):
            pygame.draw.rect(image, WALL_STRIPE, (x, 0, stripe, h))
        # a row of small stencilled crowns, like nursery wallpaper
        for row, y in enumerate(range(40, max(40, top - 40), 110)):
            for x in range(stripe // 2 + (row % 2) * stripe * 2, w, stripe * 4):
                _crown_icon(image, (x, y), 7, WALL_DARK, WALL_DARK)
        # a soft shadow where the wall meets the table
        for i in range(12):
            pygame.draw.line(image, mix(WALL, WALL_DARK, 1 - i / 12), (0, top - 12 + i), (w, top - 12 + i))
        if top < h:
            depth = max(6, round(6 * scale))  # the table's top face, seen a little from above
            pygame.draw.rect(image, WOOD_LIGHT, (0, top, w, depth))
            pygame.draw.line(image, (226, 180, 126), (0, top), (w, top), 2)
            front = pygame.Rect(0, top + depth, w, h - top - depth)
            pygame.draw.rect(image, WOOD, front)
            for i, gy in enumerate(range(front.top + 10, front.bottom, 17)):
                wave = 7 * math.sin(i * 1.7)
                pygame.draw.line(image, WOOD_DARK, (0, gy + wave), (w, gy - wave), 1)
            for kx in range(90, w, 260):  # knots
                pygame.draw.ellipse(image, WOOD_DARK, (kx, front.top + 30, 34, 12), 2)
            pygame.draw.line(image, WOOD_DARK, (0, top + depth), (w, top + depth), 2)
        return image

    # -- the bed, its rounded underside and its pea ---------------------------------------
    def draw_bed(self, surface: pygame.Surface, camera: Camera, pose: BodyPose) -> None:
        image = self._image(("bed",), camera.scale, self._render_bed)
        self._blit_rotated(surface, ("bed",), image, camera, pose)

    def _render_bed(self, s: float) -> pygame.Surface:
        b, u = self.physics.bed, self.physics.under_bed
        half = b.inner_width / 2 + b.wall_thickness
        top = b.plate_thickness + b.wall_height
        w, h = math.ceil(2 * half * s) + 4, math.ceil(2 * top * s) + 4
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        cx, cy = w / 2, h / 2

        def box(x0: float, y0: float, x1: float, y1: float) -> pygame.Rect:
            return pygame.Rect(round(cx + x0 * s), round(cy - y1 * s), round((x1 - x0) * s), round((y1 - y0) * s))

        plate = box(-half, 0.0, half, b.plate_thickness)
        pygame.draw.rect(image, TIN_DARK, plate, border_radius=round(2 * s))
        pygame.draw.rect(image, TIN, plate.inflate(-4, -4), border_radius=round(2 * s))
        pygame.draw.line(image, TIN_LIGHT, (plate.left + 6, plate.top + 3), (plate.right - 6, plate.top + 3), 2)
        for x0 in (-half, b.inner_width / 2):
            wall = box(x0, b.plate_thickness - 0.5, x0 + b.wall_thickness, top)
            pygame.draw.rect(image, TIN_DARK, wall, border_radius=round(1.5 * s))
            pygame.draw.rect(image, TIN, wall.inflate(-4, -4), border_radius=round(1.5 * s))
            pygame.draw.line(image, TIN_LIGHT, (wall.centerx - 2, wall.top + 6), (wall.centerx - 2, wall.bottom - 6), 2)
            # the rolled rim of the tin
            pygame.draw.circle(image, TIN_DARK, (wall.centerx, wall.top + 2), wall.width / 2 + 2)
            pygame.draw.circle(image, TIN_LIGHT, (wall.centerx, wall.top + 2), wall.width / 2 - 1)
        # embossed rings on the can bottom
        for ring in (0.33, 0.66):
            y = plate.top + plate.height * ring
            pygame.draw.line(image, TIN_DARK, (plate.left + 10, y), (plate.right - 10, y), 1)
        card = box(-u.length / 2, b.plate_thickness, u.length / 2, b.plate_thickness + u.thickness)
        pygame.draw.rect(image, UNDER_BED, card.inflate(0, 2), border_radius=2)
        pygame.draw.line(image, (200, 184, 150), card.bottomleft, card.bottomright, 1)
        self._render_underside(image, s, (cx, cy))
        return image

    def _render_underside(self, image: pygame.Surface, s: float, centre: tuple[float, float]) -> None:
        """The can bottom's rounded underside (what it rolls on) and the wobble-pea at its
        lowest point, held there by the magnet."""
        b = self.physics.bed
        cx, cy = centre
        arc = [(cx + x * s, cy - y * s) for x, y in b.underside(step=math.radians(2.0))]
        pygame.draw.polygon(image, TIN, arc)
        pygame.draw.lines(image, TIN_DARK, False, arc, max(2, round(0.6 * s)))
        for ring in (0.45, 0.75):  # the dome's pressed rings
            inner = [(cx + (x - cx) * ring, cy + (y - cy) * ring) for x, y in arc]
            pygame.draw.lines(image, TIN_LIGHT, False, inner, 1)
        r = max(2.0, 3.0 * s)
        px, py = cx, cy + (b.pea_height - 2.0) * s
        pygame.draw.circle(image, PEA_DARK, (px, py), r + 1.5)
        pygame.draw.circle(image, PEA_GREEN, (px, py), r)
        pygame.draw.circle(image, (196, 236, 150), (px - r * 0.35, py - r * 0.35), max(1.0, r * 0.3))

    # -- bedding cards ----------------------------------------------------------------
    def draw_card(self, surface: pygame.Surface, camera: Camera, card: int, pose: BodyPose, *,
                  dim: bool = False) -> None:
        key = ("card", card, dim)
        image = self._image(key, camera.scale, lambda s: self._render_card(card, s, dim))
        self._blit_rotated(surface, key, image, camera, pose)

    def _render_card(self, card: int, s: float, dim: bool) -> pygame.Surface:
        face = self.faces[card]
        c = self.physics.card
        w, h = max(8, round(c.length * s)), max(4, round(c.thickness * s))
        rgb = self.colour_rgb[face.colour]
        if dim:
            rgb = mix(rgb, (120, 120, 130), 0.6)
        image = side_slab(face.bedding, rgb, (w, h))
        # where the pea and the crown are printed along the card
        mm = w / c.length
        px, cx = (face.pea + c.length / 2) * mm, (face.crown + c.length / 2) * mm
        pygame.draw.circle(image, PEA_DARK, (px, h / 2), max(2.0, h * 0.3) + 1)
        pygame.draw.circle(image, PEA_GREEN, (px, h / 2), max(2.0, h * 0.3))
        _crown_icon(image, (cx, h / 2), max(4.0, h * 0.6), CROWN_GOLD, CROWN_DARK)
        # the colour's mark on a little sewn-on label near each end
        kind = self.colour_mark[face.colour]
        r = max(2.5, h * 0.36)
        for x in (h * 1.9, w - h * 1.9):
            pygame.draw.rect(image, (250, 248, 240), pygame.Rect(x - r - 2, 1, 2 * r + 4, h - 2), border_radius=2)
            mark(image, kind, (x, h / 2), r - 0.5, colour=mix(rgb, (255, 255, 255), 0.1), outline=INK)
        return image

    def draw_printed_marks(self, surface: pygame.Surface, camera: Camera, card: int, pose: BodyPose, *,
                           pea: bool = True, crown: bool = True) -> None:
        """The pea and the crown printed on ``card``, shown as marks standing on its top edge."""
        (pea_at, r), (crown_at, size) = self._marks(camera, card, pose)
        if pea:
            x, y = pea_at
            pygame.draw.circle(surface, PEA_DARK, (x, y), r + 1.5)
            pygame.draw.circle(surface, PEA_GREEN, (x, y), r)
            pygame.draw.circle(surface, (200, 240, 160), (x - r * 0.3, y - r * 0.3), max(1.2, r * 0.3))
        if crown:
            _crown_icon(surface, crown_at, size, CROWN_GOLD, CROWN_DARK)

    def printed_marks_bounds(self, camera: Camera, card: int, pose: BodyPose) -> pygame.Rect:
        """The screen rectangle :meth:`draw_printed_marks` draws in (labels keep off it)."""
        ((px, py), r), ((cx, cy), size) = self._marks(camera, card, pose)
        pea = pygame.Rect(px - r - 2, py - r - 2, 2 * r + 4, 2 * r + 4)
        crown = pygame.Rect(cx - 0.65 * size, cy - 0.65 * size, 1.3 * size, 1.15 * size + 1)  # tip to shadow
        return pea.union(crown).inflate(4, 4)

    def _marks(self, camera: Camera, card: int, pose: BodyPose) -> tuple[tuple[Point, float], tuple[Point, float]]:
        """Where the pea mark (centre, radius px) and the crown mark (centre, size px) stand."""
        face, t, s = self.faces[card], self.physics.card.thickness, camera.scale
        pea = camera.to_screen(*local_to_world(pose, face.pea, t / 2 + self.physics.card.pea_radius * 0.6))
        crown = camera.to_screen(*local_to_world(pose, face.crown, t / 2 + 1.6))
        return (pea, self.physics.card.pea_radius * s * 0.6), (crown, max(4.0, 1.6 * s))

    def card_outline(self, camera: Camera, pose: BodyPose, grow: float = 0.0) -> list[Point]:
        """Screen corners of a card at ``pose`` (``grow`` mm larger all round)."""
        c = self.physics.card
        hl, ht = c.length / 2 + grow, c.thickness / 2 + grow
        return [camera.to_screen(*local_to_world(pose, x, y)) for x, y in ((-hl, -ht), (hl, -ht), (hl, ht), (-hl, ht))]

    # -- the princess -----------------------------------------------------------------
    def draw_princess(self, surface: pygame.Surface, camera: Camera, pose: BodyPose, *, alpha: int = 255) -> None:
        image = self._image(("princess",), camera.scale, self._render_princess)
        self._blit_rotated(surface, ("princess",), image, camera, pose, alpha=alpha)

    def _render_princess(self, s: float) -> pygame.Surface:
        p = self.physics.princess
        height = p.height
        w = math.ceil(max(p.base_width, 14.0) * s * 1.3) + 8
        h = math.ceil(2 * (height + 4.0) * s) + 4
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        cx, cy = w / 2, h / 2  # the body's origin (middle of her base) sits in the middle

        def at(x: float, y: float) -> Point:
            return cx + x * s, cy - y * s

        hb, ht = p.base_width / 2, p.top_width / 2
        waist_y, shoulder_y = height * 0.55, height * 0.70
        head_r = height * 0.105
        head_y = height - head_r * 1.25
        # the skirt: a bell from the hem to the waist, with a golden hem and frills
        skirt = [at(-hb, 0.0), at(hb, 0.0), at(hb * 0.62, waist_y * 0.55), at(ht * 0.85, waist_y),
                 at(-ht * 0.85, waist_y), at(-hb * 0.62, waist_y * 0.55)]
        pygame.draw.polygon(image, DRESS_DARK, skirt)
        inner = [at(-hb + 0.8, 0.8), at(hb - 0.8, 0.8), at(hb * 0.62 - 0.7, waist_y * 0.55),
                 at(ht * 0.85 - 0.6, waist_y - 0.5), at(-ht * 0.85 + 0.6, waist_y - 0.5),
                 at(-hb * 0.62 + 0.7, waist_y * 0.55)]
        pygame.draw.polygon(image, DRESS, inner)
        pygame.draw.polygon(image, DRESS_LIGHT, [at(-hb * 0.35, 1.0), at(-hb * 0.05, 1.0), at(-ht * 0.1, waist_y - 1),
                                                 at(-ht * 0.45, waist_y - 1)])
        for i in range(5):  # scalloped frill above the hem
            fx = -hb + 1.6 + i * (2 * hb - 3.2) / 4
            pygame.draw.circle(image, DRESS_LIGHT, at(fx, 3.4), 1.3 * s)
        pygame.draw.rect(image, CROWN_GOLD, pygame.Rect(at(-hb + 0.3, 1.6)[0], at(0, 1.6)[1],
                                                        (2 * hb - 0.6) * s, 1.0 * s))
        # bodice, sash and puffed sleeves
        bodice = [at(-ht * 0.85, waist_y), at(ht * 0.85, waist_y), at(ht * 1.05, shoulder_y), at(-ht * 1.05, shoulder_y)]
        pygame.draw.polygon(image, DRESS_DARK, bodice)
        pygame.draw.polygon(image, DRESS, [(x, y + 1) for x, y in bodice[:2]] + [(x, y + 1) for x, y in bodice[2:]])
        pygame.draw.rect(image, CROWN_GOLD, pygame.Rect(at(-ht * 0.9, waist_y + 0.6)[0], at(0, waist_y + 0.6)[1],
                                                        ht * 1.8 * s, 1.1 * s))
        for side in (-1, 1):
            pygame.draw.circle(image, DRESS_DARK, at(side * ht * 1.15, shoulder_y - 0.8), 2.0 * s)
            pygame.draw.circle(image, DRESS_LIGHT, at(side * ht * 1.15, shoulder_y - 0.6), 1.5 * s)
            # arms down to hands folded at the waist
            pygame.draw.line(image, SKIN, at(side * ht * 1.25, shoulder_y - 2.2), at(side * ht * 0.45, waist_y + 1.8),
                             max(2, round(1.1 * s)))
        pygame.draw.circle(image, SKIN, at(0.0, waist_y + 1.8), 1.0 * s)
        # neck, hair behind, head, face
        pygame.draw.rect(image, SKIN, pygame.Rect(at(-0.9, shoulder_y + 2.2)[0], at(0, shoulder_y + 2.2)[1],
                                                  1.8 * s, 2.4 * s))
        hx, hy = at(0.0, head_y)
        r = head_r * s
        # long hair: a crown of hair round the top of the head and locks down both sides
        pygame.draw.ellipse(image, HAIR_DARK, pygame.Rect(hx - r * 1.28, hy - r * 1.22, r * 2.56, r * 2.1))
        for side in (-1, 1):
            lock = pygame.Rect(0, 0, r * 0.62, r * 2.3)
            lock.midtop = (round(hx + side * r * 0.98), round(hy - r * 0.2))
            pygame.draw.rect(image, HAIR_DARK, lock, border_radius=round(r * 0.3))
            pygame.draw.line(image, HAIR, (lock.centerx, lock.top + 2), (lock.centerx, lock.bottom - 4), 1)
        pygame.draw.circle(image, SKIN, (hx, hy), r)
        pygame.draw.arc(image, HAIR, pygame.Rect(hx - r * 1.02, hy - r * 1.12, 2.04 * r, 1.3 * r),
                        0.1, math.pi - 0.1, max(2, round(1.4 * s)))
        eye = max(1.5, 0.45 * s)
        for side in (-1, 1):
            pygame.draw.circle(image, INK, (hx + side * head_r * 0.4 * s, hy - head_r * 0.05 * s), eye)
            pygame.draw.circle(image, (246, 150, 150), (hx + side * head_r * 0.62 * s, hy + head_r * 0.35 * s),
                               eye * 1.2)
        mouth = pygame.Rect(hx - head_r * 0.35 * s, hy + head_r * 0.15 * s, head_r * 0.7 * s, head_r * 0.5 * s)
        pygame.draw.arc(image, (170, 60, 70), mouth, math.pi + 0.3, 2 * math.pi - 0.3, max(1, round(0.35 * s)))
        _crown_icon(image, at(0.0, head_y + head_r + 0.9), head_r * 0.95 * s, CROWN_GOLD, CROWN_DARK)
        return image

    # -- helpers -----------------------------------------------------------------------
    def _image(self, key: tuple, scale: float, render) -> pygame.Surface:
        full = (*key, round(scale, 3))
        image = self._images.get(full)
        if image is None:
            image = self._images[full] = render(scale)
        return image

    def _blit_rotated(self, surface: pygame.Surface, key: tuple | None, image: pygame.Surface, camera: Camera,
                      pose: BodyPose, *, alpha: int = 255) -> None:
        """Blit ``image`` (the body's origin at its middle) turned to ``pose``, ``alpha`` opaque;
        rotations are cached (the see-through is applied after turning: a turn drops it)."""
        degrees = math.degrees(pose.angle)
        tenth = round(degrees * 10)
        if tenth:
            full = (key, round(camera.scale, 3), tenth) if key is not None else None
            rotated = self._rotated.get(full) if full is not None else None
            if rotated is None:
                rotated = pygame.transform.rotozoom(image, tenth / 10, 1.0)
                if full is not None:
                    if len(self._rotated) > _ROTATED_CACHE_LIMIT:
                        self._rotated.clear()
                    self._rotated[full] = rotated
            image = rotated
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        x, y = camera.to_screen(pose.x, pose.y)
        surface.blit(image, image.get_rect(center=(round(x), round(y))))


def _crown_icon(surface: pygame.Surface, centre: Point, size: float, fill: RGB, edge: RGB) -> None:
    """A small three-pointed crown, ``size`` px high, its base centred under ``centre``."""
    x, y = centre
    w = size * 1.3
    base = y + size / 2
    pts = [(x - w / 2, base), (x - w / 2, y - size / 2), (x - w / 4, y), (x, y - size / 2 - size * 0.15),
           (x + w / 4, y), (x + w / 2, y - size / 2), (x + w / 2, base)]
    pygame.draw.polygon(surface, edge, [(px, py + 1) for px, py in pts])
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, edge, pts, 1)


def crown_icon(surface: pygame.Surface, centre: Point, size: float) -> None:
    """The crown symbol as printed on the cards."""
    _crown_icon(surface, centre, size, CROWN_GOLD, CROWN_DARK)


def side_slab(bedding: str, rgb: RGB, size: tuple[int, int]) -> pygame.Surface:
    """A bedding card seen edge-on: a pillow is plump with rounded ends, a comforter is
    quilted into puffs, a mattress has ticking stripes and buttons."""
    w, h = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    light, dark = mix(rgb, (255, 255, 255), 0.45), mix(rgb, (30, 20, 30), 0.45)
    rect = image.get_rect()
    if bedding == "pillow":
        pygame.draw.rect(image, dark, rect, border_radius=h // 2)
        pygame.draw.rect(image, rgb, rect.inflate(-2, -2), border_radius=h // 2)
        pygame.draw.line(image, light, (h, 2), (w - h, 2), max(1, h // 5))
        for x in (h * 0.75, w - h * 0.75):  # pinched corners
            pygame.draw.line(image, dark, (x, h * 0.3), (x, h * 0.7), 1)
        seam = h // 2
        for x in range(h * 3, w - h * 3, 7):
            pygame.draw.line(image, mix(rgb, (255, 255, 255), 0.25), (x, seam), (x + 3, seam), 1)
    elif bedding == "comforter":
        pygame.draw.rect(image, dark, rect, border_radius=max(2, h // 3))
        puff = max(10, h * 2)
        count = max(1, round((w - 4) / puff))
        step = (w - 4) / count
        for i in range(count):
            x0 = 2 + i * step
            pygame.draw.ellipse(image, rgb, pygame.Rect(x0, 1, step + 1, h - 2))
            pygame.draw.ellipse(image, light, pygame.Rect(x0 + step * 0.25, 2, step * 0.5, max(2, h * 0.3)))
        for i in range(1, count):
            x = 2 + i * step
            pygame.draw.line(image, dark, (x, 2), (x, h - 3), 1)
    else:  # mattress, and any bedding the scene adds later
        pygame.draw.rect(image, dark, rect, border_radius=max(1, h // 5))
        pygame.draw.rect(image, rgb, rect.inflate(-2, -2), border_radius=max(1, h // 5))
        for x in range(4, w - 3, 6):
            pygame.draw.line(image, light, (x, 2), (x, h - 3), 1)
        pygame.draw.line(image, (250, 250, 246), (2, 1), (w - 3, 1), 1)
        pygame.draw.line(image, (250, 250, 246), (2, h - 2), (w - 3, h - 2), 1)
        for x in range(h * 3, w - h * 2, h * 3):
            pygame.draw.circle(image, dark, (x, h / 2), max(1.2, h * 0.14))
    return image


def card_top_face(face: CardFace, physics: WackelbettPhysics, rgb: RGB, mark_kind: str,
                  size: tuple[int, int], *, dim: bool = False) -> pygame.Surface:
    """A bedding card seen from above, as it lies in a hand: its colour and the colour's
    mark, a picture of its bedding, and where along it the pea and the crown are printed
    (the card's length runs left to right, as on the bed)."""
    w, h = size
    if dim:
        rgb = mix(rgb, (110, 112, 120), 0.55)
    light, dark = mix(rgb, (255, 255, 255), 0.5), mix(rgb, (30, 20, 30), 0.45)
    image = pygame.Surface(size, pygame.SRCALPHA)
    rect = image.get_rect()
    pygame.draw.rect(image, (0, 0, 0, 90), rect, border_radius=10)
    pygame.draw.rect(image, (250, 248, 240), rect.inflate(-2, -2), border_radius=10)
    field = rect.inflate(-10, -10)
    pygame.draw.rect(image, rgb, field, border_radius=7)
    art = pygame.Rect(field.left + 8, field.top + 22, field.width - 16, field.height - 30)
    _bedding_from_above(image, face.bedding, art, rgb, light, dark)
    mark(image, mark_kind, (field.left + 12, field.top + 11), 7, colour=light, outline=INK)
    label = font(13, True).render(face.bedding, True, INK)
    image.blit(label, label.get_rect(midleft=(field.left + 24, field.top + 11)))
    # pea and crown at their places along the card
    mm = field.width / physics.card.length
    px = field.centerx + face.pea * mm
    cx = field.centerx + face.crown * mm
    cy, py = art.top + art.height * 0.36, art.top + art.height * 0.74
    pygame.draw.line(image, dark, (cx, art.top + 2), (cx, art.bottom - 2), 1)
    pygame.draw.line(image, dark, (px, art.top + 2), (px, art.bottom - 2), 1)
    crown_icon(image, (cx, cy), 13)
    pr = max(5.0, physics.card.pea_radius * mm)
    pygame.draw.circle(image, PEA_DARK, (px, py), pr + 1.5)
    pygame.draw.circle(image, PEA_GREEN, (px, py), pr)
    pygame.draw.circle(image, (210, 244, 170), (px - pr * 0.3, py - pr * 0.3), max(1.5, pr * 0.3))
    if dim:
        shade = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (20, 22, 30, 90), rect, border_radius=10)
        image.blit(shade, (0, 0))
    return image


def _bedding_from_above(image: pygame.Surface, bedding: str, art: pygame.Rect, rgb: RGB, light: RGB,
                        dark: RGB) -> None:
    if bedding == "pillow":
        pygame.draw.rect(image, dark, art, border_radius=art.height // 3)
        pygame.draw.rect(image, light, art.inflate(-3, -3), border_radius=art.height // 3)
        pygame.draw.rect(image, mix(light, (255, 255, 255), 0.3), art.inflate(-art.width // 3, -art.height // 2),
                         border_radius=art.height // 5)
        for corner in (art.topleft, art.topright, art.bottomleft, art.bottomright):
            pygame.draw.circle(image, dark, corner, 3)
    elif bedding == "comforter":
        pygame.draw.rect(image, dark, art, border_radius=6)
        pygame.draw.rect(image, light, art.inflate(-3, -3), border_radius=6)
        step = max(10, art.height // 2)
        for x in range(art.left - art.height, art.right, step):
            pygame.draw.line(image, dark, (max(art.left + 2, x), art.top + 2 + max(0, art.left + 2 - x)),
                             (min(art.right - 3, x + art.height), art.bottom - 3 - max(0, x + art.height - art.right + 3)), 1)
            pygame.draw.line(image, dark, (max(art.left + 2, x), art.bottom - 3 - max(0, art.left + 2 - x)),
                             (min(art.right - 3, x + art.height), art.top + 2 + max(0, x + art.height - art.right + 3)), 1)
    else:
        pygame.draw.rect(image, dark, art, border_radius=3)
        pygame.draw.rect(image, light, art.inflate(-3, -3), border_radius=3)
        for x in range(art.left + 5, art.right - 3, 7):
            pygame.draw.line(image, mix(light, rgb, 0.5), (x, art.top + 3), (x, art.bottom - 4), 2)
        for row in (0.3, 0.7):
            for x in range(art.left + 14, art.right - 8, 22):
                pygame.draw.circle(image, dark, (x, art.top + art.height * row), 2)
