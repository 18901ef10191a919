"""Zoo-Wee Mama! card faces, drawn in code (pygame; used by the table view's sprites).

Every face is described by a hashable key so the sprite layer can cache it:
``("face", card, (w, h))`` a card's front (motif or Psychic), ``("back", (w, h))``,
``("unknown", (w, h))`` the viewer's own card in a Psychic round, and ``("blank", (w, h))``
a transparent stand-in while the count turns a card over.
A motif card shows one tinted tile per symbol with its pictures and a count badge;
:func:`mark_symbol` highlights one symbol's tile on a face already on the table.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Hashable

import pygame

from simulator.ui.card_art import blank_card, card_back, outlined_text
from simulator.ui.theme import GOLD, HIGHLIGHT, INK, WHITE, font

from .icons import CREAM, mix, symbol_icon
from .layout import MID, PILE_LABEL
from .rules import Symbol, ZooWeeMamaGame

FRAME = (52, 58, 74)
PSYCHIC_FILL = (54, 28, 104)
PSYCHIC_GLOW = (196, 160, 255)


def face_key(card: int, size: tuple[int, int]) -> tuple:
    """The key of ``card``'s front at ``size``."""
    return ("face", card, size)


def render_face(game: ZooWeeMamaGame, face: Hashable) -> pygame.Surface:
    """The surface for a face key (see the module docstring)."""
    kind, *rest = face
    if kind == "back":
        return card_back(rest[0], "Zoo-Wee Mama!", label_room=PILE_LABEL if rest[0] == MID else 0)
    if kind == "unknown":
        return unknown_back(rest[0])
    if kind == "blank":
        return pygame.Surface(rest[0], pygame.SRCALPHA)
    card, size = rest
    if game.is_psychic[card]:
        return psychic_face(size)
    return motif_face(game.symbols, game.card_symbols[card], size)


@dataclass(frozen=True)
class PictureGroup:
    """Where one symbol's pictures lie on a card face (card-local pixels)."""

    symbol: int
    tile: tuple[int, int, int, int]
    icon: int
    centres: tuple[tuple[int, int], ...]
    badge: tuple[int, int]
    badge_r: int


def _best_grid(n: int, w: float, h: float) -> tuple[float, int, int]:
    """The largest picture size for ``n`` pictures in a ``w`` x ``h`` box, with its columns and rows."""
    best = (0.0, 1, n)
    for rows in range(1, n + 1):
        cols = math.ceil(n / rows)
        size = min(w / cols, h / rows)
        if size > best[0]:
            best = (size, cols, rows)
    return best


@lru_cache(maxsize=2048)
def picture_groups(counts: tuple[int, ...], size: tuple[int, int]) -> tuple[PictureGroup, ...]:
    """Lay out a card's pictures: one tile per symbol (in symbol order) in one or two columns.

    Two columns when they give larger pictures; each tile keeps a strip
    on its right for the badge with the group's count.
    """
    groups = [(s, n) for s, n in enumerate(counts) if n]
    w, h = size
    margin = max(7, w // 16)
    gap = max(2, w // 40)
    inner_w, inner_h = w - 2 * margin, h - 2 * margin
    best: tuple[float, int] = (-1.0, 1)
    for cols in (1, 2):
        rows = math.ceil(len(groups) / cols)
        tw, th = (inner_w - gap * (cols - 1)) / cols, (inner_h - gap * (rows - 1)) / rows
        badge = min(th * 0.9, tw * 0.3, w * 0.15)
        sizes = [min(_best_grid(n, tw - badge - 4, th - 4)[0], th * 0.8) for _, n in groups]
        score = min(sizes) + 0.3 * sum(sizes) / len(sizes)  # the smallest pictures first, then all
        if score > best[0] + 0.5:
            best = (score, cols)
    cols = best[1]
    rows = math.ceil(len(groups) / cols)
    tw, th = (inner_w - gap * (cols - 1)) / cols, (inner_h - gap * (rows - 1)) / rows
    badge = min(th * 0.9, tw * 0.3, w * 0.15)
    out = []
    for i, (symbol, n) in enumerate(groups):
        col, row = i % cols, i // cols
        x, y = margin + col * (tw + gap), margin + row * (th + gap)
        icon_room_w = tw - badge - 4
        step, gc, gr = _best_grid(n, icon_room_w, th - 4)
        icon = int(min(step * 0.96, th * 0.8))
        ox = x + 2 + (icon_room_w - gc * step) / 2
        oy = y + 2 + (th - 4 - gr * step) / 2
        centres = tuple((round(ox + (k % gc + 0.5) * step), round(oy + (k // gc + 0.5) * step)) for k in range(n))
        out.append(PictureGroup(symbol, (round(x), round(y), round(tw), round(th)), icon, centres,
                                (round(x + tw - badge / 2 - 2), round(y + th / 2)), max(5, round(badge / 2))))
    return tuple(out)


def count_badge(surface: pygame.Surface, centre: tuple[int, int], r: int, number: int, *,
                fill=INK, ring=WHITE) -> None:
    """A disc of radius ``r`` with ``number`` in white."""
    pygame.draw.circle(surface, ring, centre, r + 1)
    pygame.draw.circle(surface, fill, centre, r - 1)
    f = font(max(8, int(r * 1.3)), True)
    label = f.render(str(number), True, WHITE)
    surface.blit(label, label.get_rect(center=(centre[0], centre[1] + 1)))


def motif_face(symbols: tuple[Symbol, ...], counts: tuple[int, ...], size: tuple[int, int]) -> pygame.Surface:
    """A motif card: cream face, one tinted tile per symbol with its pictures and a count badge."""
    card = blank_card(size, CREAM, border=FRAME, margin=4, radius=max(6, size[0] // 12))
    for group in picture_groups(counts, size):
        symbol = symbols[group.symbol]
        tile = pygame.Rect(group.tile)
        tint = mix(symbol.colour, CREAM, 0.78)
        pygame.draw.rect(card, tint, tile, border_radius=max(3, tile.height // 5))
        pygame.draw.rect(card, mix(symbol.colour, INK, 0.3), tile, width=1, border_radius=max(3, tile.height // 5))
        icon = symbol_icon(symbol, group.icon)
        for centre in group.centres:
            card.blit(icon, icon.get_rect(center=centre))
        count_badge(card, group.badge, group.badge_r, counts[group.symbol])
    return card


def psychic_face(size: tuple[int, int]) -> pygame.Surface:
    """A Psychic card: night purple with stars, a crystal ball with an eye, gold trim."""
    w, h = size
    card = blank_card(size, PSYCHIC_FILL, border=GOLD, margin=max(3, w // 24), radius=max(6, w // 12))
    for i in range(14):  # stars at fixed spots, so every Psychic card looks alike
        x, y = (i * 37 % 89 + 6) / 100 * w, (i * 53 % 83 + 8) / 100 * h
        r = max(1.0, w / 70 * (1 + i % 3))
        pygame.draw.circle(card, (250, 236, 180), (x, y), r)
    ball = (w // 2, int(h * 0.44))
    r = int(w * 0.3)
    pygame.draw.polygon(card, GOLD, [(ball[0] - r * 0.7, ball[1] + r * 1.25), (ball[0] + r * 0.7, ball[1] + r * 1.25),
                                     (ball[0] + r * 0.45, ball[1] + r * 0.8), (ball[0] - r * 0.45, ball[1] + r * 0.8)])
    pygame.draw.circle(card, PSYCHIC_GLOW, ball, r + 2)
    pygame.draw.circle(card, (150, 110, 230), ball, r - 1)
    pygame.draw.ellipse(card, WHITE, pygame.Rect(ball[0] - r * 0.6, ball[1] - r * 0.32, r * 1.2, r * 0.64))
    pygame.draw.circle(card, (60, 40, 140), ball, r * 0.27)
    pygame.draw.circle(card, INK, ball, r * 0.13)
    pygame.draw.circle(card, WHITE, (ball[0] - r * 0.35, ball[1] - r * 0.5), max(1, r * 0.12))
    outlined_text(card, "PSYCHIC", (w // 2, int(h * 0.85)), max(8, w // 7), colour=GOLD, width=1)
    return card


def unknown_back(size: tuple[int, int]) -> pygame.Surface:
    """The back of the viewer's own card in a Psychic round, with a big question mark."""
    card = card_back(size, "")
    w, h = size
    pygame.draw.circle(card, (30, 24, 40), (w // 2, h // 2), w * 0.27)
    pygame.draw.circle(card, PSYCHIC_GLOW, (w // 2, h // 2), w * 0.27, max(2, w // 40))
    outlined_text(card, "?", (w // 2, h // 2), int(w * 0.42), colour=PSYCHIC_GLOW)
    return card


def mark_symbol(surface: pygame.Surface, counts: tuple[int, ...], size: tuple[int, int],
                centre: tuple[float, float], symbol: int, counted: int | None) -> None:
    """On the motif face with ``counts`` drawn at ``centre``: dim every picture but ``symbol``'s
    and ring its pictures (only the first ``counted`` if given)."""
    origin = (round(centre[0] - size[0] / 2), round(centre[1] - size[1] / 2))
    shade = pygame.Surface(size, pygame.SRCALPHA)
    inner = shade.get_rect().inflate(-8, -8)
    pygame.draw.rect(shade, (20, 22, 30, 140), inner, border_radius=8)
    group = next((g for g in picture_groups(counts, size) if g.symbol == symbol), None)
    if group is None and counted is None:
        return  # choosing a symbol this card lacks: leave the card as it is
    if group is not None:
        pygame.draw.rect(shade, (0, 0, 0, 0), pygame.Rect(group.tile).inflate(2, 2), border_radius=6)
    surface.blit(shade, origin)
    if group is None:
        return
    tile = pygame.Rect(group.tile).move(origin)
    pygame.draw.rect(surface, HIGHLIGHT, tile.inflate(4, 4), width=2, border_radius=6)
    shown = len(group.centres) if counted is None else counted
    r = max(5, group.icon // 2 + 2)
    for cx, cy in group.centres[:shown]:
        pygame.draw.circle(surface, HIGHLIGHT, (origin[0] + cx, origin[1] + cy), r, width=max(2, r // 5))
