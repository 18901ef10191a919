"""Drawing helpers for card faces: rounded cards, outlined text, marks, backs.

Every game draws its own faces with these, so cards across the table share one
look. Colour is never the only cue: :func:`mark` draws a shape per colour.
"""
from __future__ import annotations

import math

import pygame

from .theme import CARD_BACK, CARD_BACK_TRIM, INK, WHITE, fitting_size, font


def blank_card(size: tuple[int, int], fill: tuple[int, int, int], *, border: tuple[int, int, int] = WHITE,
               margin: int = 5, radius: int = 10) -> pygame.Surface:
    """A card with a soft shadow edge, a border and a rounded inner field."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    pygame.draw.rect(surface, (0, 0, 0, 90), rect, border_radius=radius)
    pygame.draw.rect(surface, border, rect.inflate(-2, -2), border_radius=radius)
    pygame.draw.rect(surface, fill, rect.inflate(-2 * margin, -2 * margin), border_radius=max(2, radius - 3))
    return surface


def outlined_text(surface: pygame.Surface, message: str, center: tuple[int, int], size: int, *,
                  colour=WHITE, outline=INK, bold: bool = True, width: int = 2, angle: float = 0) -> None:
    """Text with a dark outline so it reads on any card colour."""
    f = font(size, bold)
    fg = f.render(message, True, colour)
    bg = f.render(message, True, outline)
    if angle:
        fg = pygame.transform.rotozoom(fg, angle, 1)
        bg = pygame.transform.rotozoom(bg, angle, 1)
    rect = fg.get_rect(center=center)
    for dx in range(-width, width + 1):
        for dy in range(-width, width + 1):
            if dx or dy:
                surface.blit(bg, rect.move(dx, dy))
    surface.blit(fg, rect)


def mark_points(kind: str, center: tuple[float, float], r: float) -> list[tuple[float, float]]:
    cx, cy = center
    if kind == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if kind == "square":
        k = r * 0.8
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if kind == "diamond":
        return [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
    if kind == "hexagon":
        return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in (math.pi / 3 * i for i in range(6))]
    if kind == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    raise ValueError(f"unknown mark {kind!r}")


def mark(surface: pygame.Surface, kind: str, center: tuple[float, float], r: float,
         colour=WHITE, outline=INK) -> None:
    """A colour's shape (circle, triangle, square, diamond, star, hexagon)."""
    if kind == "circle":
        pygame.draw.circle(surface, outline, center, r + 2)
        pygame.draw.circle(surface, colour, center, r)
        return
    pts = mark_points(kind, center, r)
    pygame.draw.polygon(surface, outline, pts)
    inner = mark_points(kind, center, max(1.0, r - 2.5))
    pygame.draw.polygon(surface, colour, inner)


def burst(surface: pygame.Surface, center: tuple[float, float], r: float, colour, spikes: int = 12) -> None:
    """A comic-book starburst."""
    cx, cy = center
    pts = []
    for i in range(spikes * 2):
        a = i * math.pi / spikes
        rr = r if i % 2 == 0 else r * 0.68
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surface, INK, [(x + 2, y + 2) for x, y in pts])
    pygame.draw.polygon(surface, colour, pts)


def card_back(size: tuple[int, int], title: str, *, fill=CARD_BACK, trim=CARD_BACK_TRIM,
              label_room: int = 0, largest: int = 0) -> pygame.Surface:
    """The back every hidden card shows: a trimmed pattern and the game's name.

    The name runs along the long side, sized to fit whole (up to ``largest`` pixels, by default
    a sixth of the card's width); ``label_room`` keeps that many pixels at the bottom clear of
    it, for a label the table lays over the card there.
    """
    surface = blank_card(size, fill, border=trim, margin=4)
    w, h = size
    inner = pygame.Rect(8, 8, w - 16, h - 16)
    pygame.draw.rect(surface, trim, inner, width=1, border_radius=6)
    for i in range(-h, w, 10):
        pygame.draw.line(surface, (*[min(255, c + 18) for c in fill], 255), (inner.left + i, inner.top),
                         (inner.left + i + inner.height, inner.bottom))
    upright = h > w  # the title runs along the card's long side
    room = inner.copy()
    room.height -= label_room
    along = (room.height if upright else room.width) - 6
    size = title_size(title, along - 8, largest or max(10, w // 6))
    across = font(size, True).get_height() + 8
    band = pygame.Rect(0, 0, across, along) if upright else pygame.Rect(0, 0, along, across)
    band.center = room.center
    pygame.draw.rect(surface, fill, band, border_radius=6)
    if title and size >= 9:  # a title too small to read is left off (the smallest backs)
        outlined_text(surface, title, band.center, size, colour=trim, width=1, angle=90 if upright else 0)
    return surface


def title_size(title: str, room: int, largest: int, smallest: int = 8) -> int:
    """The largest bold size up to ``largest`` at which ``title`` (outlined: 2 px more) fits in ``room`` pixels."""
    return fitting_size(title, room - 2, largest, bold=True, smallest=smallest)


def glow(size: tuple[int, int], colour, radius: int = 12, width: int = 4) -> pygame.Surface:
    """A highlight ring to lay behind or over a card."""
    surface = pygame.Surface((size[0] + 2 * width, size[1] + 2 * width), pygame.SRCALPHA)
    pygame.draw.rect(surface, (*colour, 220), surface.get_rect(), width=width, border_radius=radius + width)
    return surface
