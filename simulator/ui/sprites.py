"""Card sprites that glide to where the layout wants them.

A game view says, every time the state changes, where each card should lie
(:class:`Place`). :class:`SpriteLayer` keeps one sprite per card key, eases each
towards its place, and spawns new cards at a hint position, so every change on the
table animates without the view scripting animations. Rotated images are cached
per (face, angle) so a resting table costs plain blits.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Hashable

import pygame

GLIDE_SECONDS = 0.32


@dataclass(frozen=True)
class Place:
    """Where one card should be: centre, angle in degrees, face key, draw order."""

    key: Hashable
    center: tuple[float, float]
    face: Hashable
    angle: float = 0.0
    z: int = 0
    lift: float = 0.0  # pixels to raise (hover)


class CardSprite:
    """One card on screen, moving from where it was towards its place."""

    def __init__(self, place: Place, start: tuple[float, float], start_angle: float) -> None:
        self.place = place
        self.x, self.y = start
        self.angle = start_angle
        self.from_x, self.from_y, self.from_angle = self.x, self.y, self.angle
        self.t = 0.0

    def retarget(self, place: Place) -> None:
        """Glide to ``place`` from wherever the sprite is now (also after being dragged)."""
        moved = place.center != self.place.center or place.angle != self.place.angle
        displaced = self.t >= 1.0 and (abs(self.x - place.center[0]) > 0.5 or abs(self.y - place.center[1]) > 0.5)
        if moved or displaced:
            self.from_x, self.from_y, self.from_angle = self.x, self.y, self.angle
            self.t = 0.0
        self.place = place

    def update(self, dt: float) -> None:
        if self.t >= 1.0:
            return
        self.t = min(1.0, self.t + dt / GLIDE_SECONDS)
        ease = 1 - (1 - self.t) ** 3
        tx, ty = self.place.center
        self.x = self.from_x + (tx - self.from_x) * ease
        self.y = self.from_y + (ty - self.from_y) * ease
        self.angle = self.from_angle + (self.place.angle - self.from_angle) * ease

    @property
    def moving(self) -> bool:
        return self.t < 1.0


class SpriteLayer:
    """All card sprites of one table, keyed by what the view calls each card."""

    def __init__(self, render_face: Callable[[Hashable], pygame.Surface]) -> None:
        self.render_face = render_face
        self.sprites: dict[Hashable, CardSprite] = {}
        self._faces: dict[Hashable, pygame.Surface] = {}
        self._rotated: dict[tuple[Hashable, int], pygame.Surface] = {}

    def face(self, key: Hashable) -> pygame.Surface:
        image = self._faces.get(key)
        if image is None:
            image = self._faces[key] = self.render_face(key)
        return image

    def sync(self, places: list[Place], spawn_at: Callable[[Place], tuple[float, float] | None]) -> None:
        """Move to ``places``: keep known keys, spawn new ones, drop the rest."""
        wanted = {p.key: p for p in places}
        for key in list(self.sprites):
            if key not in wanted:
                del self.sprites[key]
        for key, place in wanted.items():
            sprite = self.sprites.get(key)
            if sprite is None:
                start = spawn_at(place) or place.center
                self.sprites[key] = CardSprite(place, start, place.angle)
            else:
                sprite.retarget(place)

    def update(self, dt: float) -> None:
        for sprite in self.sprites.values():
            sprite.update(dt)

    @property
    def moving(self) -> bool:
        return any(s.moving for s in self.sprites.values())

    def image(self, face: Hashable, angle: float) -> pygame.Surface:
        quantised = int(round(angle)) % 360
        if quantised == 0:
            return self.face(face)
        key = (face, quantised)
        image = self._rotated.get(key)
        if image is None:
            if len(self._rotated) > 600:
                self._rotated.clear()
            image = self._rotated[key] = pygame.transform.rotozoom(self.face(face), quantised, 1.0)
        return image

    def draw(self, surface: pygame.Surface,
             under: Callable[[pygame.Surface, Hashable, CardSprite, pygame.Rect], None] | None = None) -> None:
        """Every sprite, lowest first; ``under`` draws beneath each one (its glow), so the
        cards above cover it as they cover the card."""
        for key, sprite in sorted(self.sprites.items(), key=lambda item: (item[1].place.z, item[1].moving)):
            image = self.image(sprite.place.face, sprite.angle)
            rect = image.get_rect(center=(round(sprite.x), round(sprite.y - sprite.place.lift)))
            if under is not None:
                under(surface, key, sprite, rect)
            surface.blit(image, rect)

    def rect_of(self, key: Hashable) -> pygame.Rect | None:
        """Screen rect of a sprite (unrotated), for hit tests."""
        sprite = self.sprites.get(key)
        if sprite is None:
            return None
        image = self.face(sprite.place.face)
        return image.get_rect(center=(round(sprite.x), round(sprite.y - sprite.place.lift)))

    def bounds_of(self, key: Hashable) -> pygame.Rect | None:
        """Screen rect a sprite covers as drawn (rotation and lift included)."""
        sprite = self.sprites.get(key)
        if sprite is None:
            return None
        image = self.image(sprite.place.face, sprite.angle)
        return image.get_rect(center=(round(sprite.x), round(sprite.y - sprite.place.lift)))

    def top_key_at(self, pos: tuple[int, int], keys: set[Hashable] | None = None) -> Hashable | None:
        """The topmost sprite under ``pos`` (optionally among ``keys``)."""
        best = None
        for key, sprite in self.sprites.items():
            if keys is not None and key not in keys:
                continue
            image = self.face(sprite.place.face)
            w, h = image.get_size()
            # hit test in the sprite's own frame so rotated cards are hit where they are drawn
            dx, dy = pos[0] - sprite.x, pos[1] - (sprite.y - sprite.place.lift)
            a = math.radians(sprite.angle)
            lx = dx * math.cos(a) - dy * math.sin(a)
            ly = dx * math.sin(a) + dy * math.cos(a)
            if abs(lx) <= w / 2 and abs(ly) <= h / 2:
                if best is None or sprite.place.z >= self.sprites[best].place.z:
                    best = key
        return best


def fan(count: int, center: tuple[float, float], *, spacing: float, max_width: float,
        vertical: bool = False, curve: float = 0.0) -> list[tuple[tuple[float, float], float]]:
    """Positions and angles of ``count`` cards fanned around ``center``."""
    if count <= 0:
        return []
    step = spacing if count == 1 else min(spacing, max_width / (count - 1))
    out = []
    for i in range(count):
        offset = (i - (count - 1) / 2) * step
        tilt = -offset * curve
        bend = abs(offset) * abs(curve) * 0.6
        if vertical:
            out.append(((center[0] + bend, center[1] + offset), tilt))
        else:
            out.append(((center[0] + offset, center[1] + bend), tilt))
    return out
