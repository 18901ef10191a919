"""The ten Zoo-Wee Mama! symbols, drawn in code (pygame; used by the card faces and the bid panel).

Each picture is drawn once on a 200 px canvas in a 0..100 design space and scaled down
smoothly, so the same outline reads at 14 px on a crowded card and 60 px on a button.
A symbol the scene adds without a drawing here gets a disc with its short name.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from simulator.ui.card_art import outlined_text
from simulator.ui.theme import INK, WHITE

from .rules import Symbol

CREAM = (252, 248, 236)   # the paper of a motif card (and the house's door)
ICON_CANVAS = 200
_K = ICON_CANVAS / 100


def mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    """``a`` moved ``t`` of the way towards ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _p(*pts: tuple[float, float]) -> list[tuple[float, float]]:
    return [(x * _K, y * _K) for x, y in pts]


def _r(x: float, y: float, w: float, h: float) -> pygame.Rect:
    return pygame.Rect(round(x * _K), round(y * _K), round(w * _K), round(h * _K))


def _w(width: float) -> int:
    return max(1, round(width * _K))


def _shape(s: pygame.Surface, fill, pts: list[tuple[float, float]], width: float = 3) -> None:
    pygame.draw.polygon(s, fill, _p(*pts))
    pygame.draw.polygon(s, INK, _p(*pts), _w(width))


def _disc(s: pygame.Surface, fill, centre: tuple[float, float], r: float, width: float = 3) -> None:
    pygame.draw.circle(s, INK, _p(centre)[0], r * _K + _w(width) / 2)
    pygame.draw.circle(s, fill, _p(centre)[0], r * _K - _w(width) / 2)


def _oval(s: pygame.Surface, fill, rect: pygame.Rect, width: float = 3) -> None:
    pygame.draw.ellipse(s, INK, rect.inflate(_w(width), _w(width)))
    pygame.draw.ellipse(s, fill, rect.inflate(-_w(width), -_w(width)))


def _draw_greg(s: pygame.Surface, c) -> None:
    for x in (19, 81):  # ears
        _disc(s, c, (x, 58), 7)
    _oval(s, c, _r(20, 24, 60, 68))
    for a, b in (((42, 26), (35, 7)), ((50, 25), (50, 4)), ((58, 26), (65, 7))):  # Greg's three hairs
        pygame.draw.line(s, INK, _p(a)[0], _p(b)[0], _w(4.5))
    for x in (40, 60):
        pygame.draw.circle(s, INK, _p((x, 54))[0], 4.6 * _K)
    pygame.draw.arc(s, INK, _r(38, 58, 24, 18), math.pi + 0.35, 2 * math.pi - 0.35, _w(3.4))


def _draw_tricycle(s: pygame.Surface, c) -> None:
    def wheel(centre: tuple[float, float], r: float) -> None:
        _disc(s, (70, 72, 80), centre, r, 2)
        pygame.draw.circle(s, (226, 228, 232), _p(centre)[0], (r - 6) * _K)
        for a in range(0, 180, 45):
            dx, dy = math.cos(math.radians(a)) * (r - 6), math.sin(math.radians(a)) * (r - 6)
            pygame.draw.line(s, (70, 72, 80), _p((centre[0] - dx, centre[1] - dy))[0],
                             _p((centre[0] + dx, centre[1] + dy))[0], _w(1.6))
        pygame.draw.circle(s, INK, _p(centre)[0], 3.4 * _K)

    wheel((70, 64), 25)
    wheel((20, 78), 13)
    frame = [((20, 78), (46, 58)), ((46, 58), (70, 64)), ((44, 58), (40, 36)), ((70, 64), (63, 26))]
    for width, colour in ((12, INK), (7, c)):
        for a, b in frame:
            pygame.draw.line(s, colour, _p(a)[0], _p(b)[0], _w(width))
            pygame.draw.circle(s, colour, _p(a)[0], _w(width) / 2)
            pygame.draw.circle(s, colour, _p(b)[0], _w(width) / 2)
    pygame.draw.rect(s, INK, _r(27, 30, 24, 9), border_radius=_w(4))
    pygame.draw.line(s, INK, _p((53, 24))[0], _p((75, 26))[0], _w(6))


def _draw_chips(s: pygame.Surface, c) -> None:
    _shape(s, c, [(24, 20), (76, 20), (84, 90), (16, 90)])
    crimp = [(22, 22)] + [(24 + 4.33 * i, 10 if i % 2 == 0 else 16) for i in range(13)] + [(78, 22)]
    _shape(s, mix(c, (200, 110, 0), 0.45), crimp, 2.5)
    _oval(s, (214, 48, 49), _r(27, 40, 46, 36))
    _shape(s, (253, 226, 140), [(38, 66), (49, 46), (62, 64), (50, 70)], 2)


def _draw_toilet_roll(s: pygame.Surface, c) -> None:
    _shape(s, c, [(64, 44), (86, 48), (86, 94), (64, 90)])  # the hanging sheet
    for y in (63, 78):
        for x in range(66, 86, 5):
            pygame.draw.line(s, INK, _p((x, y))[0], _p((x + 2.5, y + 0.6))[0], _w(1.8))
    _oval(s, c, _r(14, 72, 52, 20))
    pygame.draw.rect(s, c, _r(14, 30, 52, 52))
    pygame.draw.rect(s, mix(c, INK, 0.16), _r(16, 30, 10, 52))
    for x in (14, 66):
        pygame.draw.line(s, INK, _p((x, 30))[0], _p((x, 82))[0], _w(3))
    _oval(s, mix(c, WHITE, 0.6), _r(14, 20, 52, 22))
    _oval(s, (150, 132, 110), _r(31, 26, 18, 10), 2)


def _draw_rupert(s: pygame.Surface, c) -> None:
    _disc(s, c, (50, 50), 38)  # the round bowl of hair
    _oval(s, (250, 218, 186), _r(25, 38, 50, 50))
    for x in (41, 59):
        pygame.draw.circle(s, INK, _p((x, 60))[0], 4.2 * _K)
    for x in (33, 67):
        pygame.draw.circle(s, (246, 150, 160), _p((x, 71))[0], 4.5 * _K)
    pygame.draw.arc(s, INK, _r(39, 62, 22, 16), math.pi + 0.3, 2 * math.pi - 0.3, _w(3))


def _draw_little_hand(s: pygame.Surface, c) -> None:
    parts = [(_r(26, 46, 48, 42), 16), (_r(26, 20, 11, 38), 6), (_r(38, 10, 11, 44), 6),
             (_r(50, 12, 11, 42), 6), (_r(62, 22, 11, 34), 6)]
    thumb = [(30, 58), (14, 46), (8, 52), (24, 72), (34, 74)]
    pygame.draw.polygon(s, INK, _p(*thumb), _w(7))
    for rect, radius in parts:
        pygame.draw.rect(s, INK, rect.inflate(_w(6), _w(6)), border_radius=_w(radius))
    pygame.draw.polygon(s, c, _p(*thumb))
    for rect, radius in parts:
        pygame.draw.rect(s, c, rect, border_radius=_w(radius))
    for x, top in ((37.5, 30), (49.5, 28), (61.5, 32)):
        pygame.draw.line(s, INK, _p((x, top))[0], _p((x, 50))[0], _w(2))


def _draw_house(s: pygame.Surface, c) -> None:
    pygame.draw.rect(s, INK, _r(63, 18, 11, 24))
    pygame.draw.rect(s, (170, 70, 60), _r(65, 20, 7, 22))
    _shape(s, c, [(22, 46), (78, 46), (78, 90), (22, 90)])
    _shape(s, (190, 72, 60), [(10, 52), (50, 14), (90, 52)])
    _shape(s, CREAM, [(43, 62), (57, 62), (57, 90), (43, 90)], 2.5)
    for x in (27, 62):
        _shape(s, (200, 232, 255), [(x, 58), (x + 11, 58), (x + 11, 69), (x, 69)], 2.5)


def _draw_skull(s: pygame.Surface, c) -> None:
    bone = (250, 246, 232)
    pygame.draw.circle(s, c, _p((50, 42))[0], 32 * _K)
    pygame.draw.rect(s, c, _r(31, 56, 38, 34), border_radius=_w(8))
    for rect in (_r(29, 32, 17, 19), _r(54, 32, 17, 19)):
        pygame.draw.ellipse(s, bone, rect)
    pygame.draw.polygon(s, bone, _p((50, 55), (45, 65), (55, 65)))
    for x in (40, 50, 60):
        pygame.draw.line(s, bone, _p((x, 74))[0], _p((x, 88))[0], _w(3))
    pygame.draw.line(s, bone, _p((34, 74))[0], _p((66, 74))[0], _w(2.5))


def _draw_jet(s: pygame.Surface, c) -> None:
    right = [(50, 3), (56, 16), (57, 36), (94, 64), (94, 72), (58, 62), (58, 78), (72, 90), (72, 96), (50, 91)]
    left = [(100 - x, y) for x, y in reversed(right[1:-1])]
    _shape(s, c, right + left)
    _oval(s, (168, 218, 250), _r(45, 14, 10, 20), 2)
    for x in (26, 74):
        pygame.draw.circle(s, (214, 48, 49), _p((x, 64))[0], 3.5 * _K)


def _draw_cheese(s: pygame.Surface, c) -> None:
    for i, x in enumerate((24, 40, 56)):  # the stink
        pts = [(x + 3.5 * math.sin(t / 3 + i), 30 - t) for t in range(0, 26, 2)]
        pygame.draw.lines(s, (110, 138, 30), False, _p(*pts), _w(3))
    _shape(s, mix(c, WHITE, 0.35), [(8, 58), (68, 32), (92, 58)])
    _shape(s, c, [(8, 58), (92, 58), (92, 90), (8, 90)])
    hole = mix(c, INK, 0.4)
    for centre, r in (((27, 74), 6.5), ((54, 78), 5), ((77, 68), 4.5), ((62, 46), 3.5)):
        pygame.draw.circle(s, hole, _p(centre)[0], r * _K)


SYMBOL_ART = {"greg": _draw_greg, "tricycle": _draw_tricycle, "chips": _draw_chips,
              "toilet_roll": _draw_toilet_roll, "rupert": _draw_rupert, "little_hand": _draw_little_hand,
              "house": _draw_house, "skull": _draw_skull, "jet_fighter": _draw_jet,
              "stinky_cheese": _draw_cheese}
"""Drawings by symbol key (the scene's keys); a symbol without one gets a disc with its short name."""


def _draw_fallback(s: pygame.Surface, c, short: str) -> None:
    _disc(s, c, (50, 50), 44)
    outlined_text(s, short, (ICON_CANVAS // 2, ICON_CANVAS // 2), int(ICON_CANVAS * 0.4))


@lru_cache(maxsize=256)
def _icon_master(key: str, colour: tuple[int, int, int], short: str) -> pygame.Surface:
    surface = pygame.Surface((ICON_CANVAS, ICON_CANVAS), pygame.SRCALPHA)
    art = SYMBOL_ART.get(key)
    if art is None:
        _draw_fallback(surface, colour, short)
    else:
        art(surface, colour)
    return surface


@lru_cache(maxsize=512)
def _icon_at(key: str, colour: tuple[int, int, int], short: str, size: int) -> pygame.Surface:
    return pygame.transform.smoothscale(_icon_master(key, colour, short), (size, size))


def symbol_icon(symbol: Symbol, size: int) -> pygame.Surface:
    """The picture of ``symbol``, ``size`` pixels square (cached)."""
    return _icon_at(symbol.key, symbol.colour, symbol.short, max(4, int(size)))
