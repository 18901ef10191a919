"""How Zoo-Wee Mama! sits on the table, and how the mouse bids and calls "Heissa Mama!".

The others sit along the top edge in turn order (the next bidder on the left), the
displayed player's card lies large at the bottom left beside the bid panel, and
the middle holds the draw pile, the face-down Secret Card, the bids of the round
and the Psychic cards set aside. At a challenge every card moves into one row in
counting order and is turned up and counted picture by picture.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Hashable

import pygame

from simulator.engine import Action
from simulator.ui.card_art import blank_card, burst, card_back, outlined_text
from simulator.ui.game_view import GameView, SeatPlate, Summary
from simulator.ui.sprites import Place, SpriteLayer
from simulator.ui.theme import (DANGER, GOLD, GOOD, HIGHLIGHT, INK, TEXT, TEXT_DIM, WHITE, font, panel,
                                text)

from .rules import BIDDING, Bid, Challenge, DealNextRound, Symbol, ZooWeeMamaGame

# -- sizes and places on the 1030 x 720 table ----------------------------------------------
BIG = (168, 236)         # the displayed player's own card
MID = (118, 166)         # the others' cards, the Secret Card, the draw pile, the reveal row
SMALL = (52, 72)         # won piles and Psychic cards set aside
TOP_Y = 146              # centre line of the others' cards
MIDDLE_Y = 356           # centre line of the middle band (and of the reveal row)
OWN_POS = (98, 598)
OWN_PILE_POS = (232, 628)
OWN_LABEL_POS = (98, 467)
DECK_POS = (72, MIDDLE_Y)
SECRET_POS = (204, MIDDLE_Y)
BIDS_RECT = pygame.Rect(280, 276, 470, 166)
ASIDE_RECT = pygame.Rect(764, 276, 254, 166)
PANEL_RECT = pygame.Rect(280, 462, 742, 252)
PILE_SHOWN = 6           # backs drawn per won pile (the badge gives the count)

CREAM = (252, 248, 236)
FRAME = (52, 58, 74)
PSYCHIC_FILL = (54, 28, 104)
PSYCHIC_GLOW = (196, 160, 255)
HEISSA_RED = (206, 36, 42)

# -- the reveal's pace (seconds) ------------------------------------------------------------
GATHER = 0.5     # the cards glide into the counting row
FLIP = 0.32      # one card turns over
TICK = 0.17      # one picture of the named symbol is counted
PAUSE = 0.3      # after each card
LINGER = 2.2     # the verdict stays before a bot deals again

HELP = """# Zoo-Wee Mama!

Everyone holds one card full of pictures (3 to 15 of them, 10 different symbols).
One more card, the Secret Card, lies face down in the middle. Bid on how many pictures
of one symbol all the cards show together, the Secret Card included.

# Bidding
The first bidder names a number and a symbol from their own card, e.g. 5 x Rupert.
Each next player must raise: a higher number, with the same or any other symbol (even
one not on their own card). Pick the number with - and +, click a symbol, then Bid.
Symbols you may not name now are greyed out; a gold badge says how many of a symbol
you can see.

# Heissa Mama!
Instead of raising, the player whose turn it is may call "Heissa Mama!" to challenge
the last bid. All cards are turned up and the symbol is counted card by card. Fewer
than the bid: the challenger wins. At least the bid: the bidder wins. The winner takes
every revealed card onto their won pile, deals the next round and bids first.

# Psychic cards
A Psychic card dealt to a player is laid aside face up and replaced; the next round is
a Psychic round: you see everybody's card except your own (you see its back), and the
first bid may name any symbol. The winner of a Psychic round also takes the Psychic
cards set aside for it.

# The end
When the draw pile cannot deal another round, the player with the most cards wins;
ties share the win. The sidebar shows everyone's cards won.

# Keys
Click the table to skip the count · Esc menu · F1 this help ·
Ctrl+Z undo a bid (not past a challenge) · Ctrl+S save · Ctrl+O load · F12 screenshot
"""


def cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    """``a`` moved ``t`` of the way towards ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


# -- the ten symbols, drawn in code ------------------------------------------------------------
# Each picture is drawn once on a 200 px canvas in a 0..100 design space and scaled down
# smoothly, so the same outline reads at 14 px on a crowded card and 60 px on a button.
ICON_CANVAS = 200
_K = ICON_CANVAS / 100


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
"""Drawings by symbol key (the scene's keys); a symbol without one gets its scene shape's badge."""


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


# -- a motif card's face: its pictures in a grid, grouped by symbol with a count badge ----------
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


# -- the count at a challenge ------------------------------------------------------------------
@dataclass(frozen=True)
class CountStep:
    """One card of the counting row: when it turns over and when each picture is counted."""

    flips: bool                 # face down for this viewer until now
    turn_at: float
    ticks: tuple[float, ...]    # when each picture of the named symbol is counted
    done_at: float


class RevealShow:
    """The animated count of one challenge: cards turn in counting order, the total climbs.

    ``clock`` runs from 0; :attr:`finished` once the verdict is due, :attr:`settled`
    once it has been on view long enough for a bot to deal again.
    """

    def __init__(self, reveal: dict[str, Any], flips: list[bool]) -> None:
        self.round: int = reveal["round"]
        self.reveal = reveal
        steps = []
        t = GATHER
        for entry, flip in zip(reveal["counts"], flips):
            turn_at = t
            t += FLIP if flip else 0.12
            ticks = tuple(t + TICK * (k + 1) for k in range(entry["count"]))
            t = (ticks[-1] if ticks else t) + PAUSE
            steps.append(CountStep(flip, turn_at, ticks, t))
        self.steps = steps
        self.verdict_at = t
        self.clock = 0.0

    def update(self, dt: float) -> None:
        self.clock += dt

    def skip(self) -> None:
        self.clock = max(self.clock, self.verdict_at)

    @property
    def finished(self) -> bool:
        return self.clock >= self.verdict_at

    @property
    def settled(self) -> bool:
        return self.clock >= self.verdict_at + LINGER

    def is_face_up(self, i: int) -> bool:
        step = self.steps[i]
        return not step.flips or self.clock >= step.turn_at + FLIP

    def turn_progress(self, i: int) -> float | None:
        """0..1 while card ``i`` is turning over, else None."""
        step = self.steps[i]
        if not step.flips or not step.turn_at <= self.clock < step.turn_at + FLIP:
            return None
        return (self.clock - step.turn_at) / FLIP

    def faces(self) -> tuple[tuple[bool, bool], ...]:
        """Per card: face up, turning; the layout changes when this does."""
        return tuple((self.is_face_up(i), self.turn_progress(i) is not None) for i in range(len(self.steps)))

    def counted(self, i: int) -> int:
        return sum(1 for t in self.steps[i].ticks if t <= self.clock)

    def total(self) -> int:
        return sum(self.counted(i) for i in range(len(self.steps)))

    def active(self) -> int | None:
        """The card being turned or counted now."""
        for i, step in enumerate(self.steps):
            if step.turn_at <= self.clock < step.done_at:
                return i
        return None


@dataclass(frozen=True)
class SymbolButton:
    """One of the ten symbol buttons of the bid panel."""

    symbol: int
    rect: pygame.Rect


class ZooWeeMamaView(GameView):
    """The others along the top, the middle band, the own card and the bid panel at the bottom."""

    help_text = HELP
    game: ZooWeeMamaGame

    def __init__(self, game: ZooWeeMamaGame, names) -> None:
        super().__init__(game, names)
        self.sprites = SpriteLayer(self._render)
        self.symbols = game.symbols
        self.mouse = (0, 0)
        self.hover_symbol: int | None = None
        self.pick_number: int | None = None
        self.pick_symbol: int | None = None
        self.turn_key: tuple[Any, ...] | None = None
        self.bid_options: dict[int, set[int]] = {}
        self.challenge: Challenge | None = None
        self.deal: DealNextRound | None = None
        self.show: RevealShow | None = None
        self.seen_reveals: dict[int, dict[str, Any]] = {}
        self.laid_out_faces: tuple[tuple[bool, bool], ...] = ()
        self._build_panel()

    # -- faces -------------------------------------------------------------------------
    def _render(self, face: Hashable) -> pygame.Surface:
        kind, *rest = face
        if kind == "back":
            return card_back(rest[0], "Zoo-Wee Mama!")
        if kind == "unknown":
            return unknown_back(rest[0])
        if kind == "blank":
            return pygame.Surface(rest[0], pygame.SRCALPHA)
        card, size = rest
        if self.game.is_psychic[card]:
            return psychic_face(size)
        return motif_face(self.symbols, self.game.card_symbols[card], size)

    @staticmethod
    def face_key(card: int, size: tuple[int, int]) -> tuple:
        return ("face", card, size)

    # -- who sits where ------------------------------------------------------------------
    @property
    def bottom_seat(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def top_seats(self) -> list[int]:
        """The others from the bottom seat's left (the next bidder) to their right."""
        n = self.game.players
        return [(self.bottom_seat + k) % n for k in range(1, n)]

    def seat_card_pos(self, seat: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """Centre and size of ``seat``'s card while bidding."""
        if seat == self.bottom_seat:
            return OWN_POS, BIG
        tops = self.top_seats()
        slot = (self.area.width - 24) / len(tops)
        # the card and its won pile share the slot, so the card sits left of the slot's centre
        x = 12 + slot * (tops.index(seat) + 0.5) - 38
        return (round(x), TOP_Y), MID

    def pile_pos(self, seat: int) -> tuple[int, int]:
        if seat == self.bottom_seat:
            return OWN_PILE_POS
        (x, y), _ = self.seat_card_pos(seat)
        return x + MID[0] // 2 + 38, y + 24

    def name_pos(self, seat: int) -> tuple[int, int]:
        if seat == self.bottom_seat:
            if self.view.get("hand_sizes", [0] * self.game.players)[seat] and not self.row_cards():
                return OWN_LABEL_POS
            return OWN_PILE_POS[0], OWN_PILE_POS[1] - 70
        (x, y), _ = self.seat_card_pos(seat)
        return x, y + MID[1] // 2 + 16

    def row_pos(self, i: int, count: int) -> tuple[int, int]:
        """Centre of place ``i`` of the counting row of ``count`` cards."""
        spacing = MID[0] + 14
        return round(self.area.centerx + (i - (count - 1) / 2) * spacing), MIDDLE_Y

    # -- new information -------------------------------------------------------------------
    def refresh(self, viewer, view: dict[str, Any], legal: list[Action]) -> None:
        old_viewer = self.viewer
        super().refresh(viewer, view, legal)
        reveal = view.get("reveal")
        if reveal is not None:
            self.seen_reveals[reveal["round"]] = reveal
            if self.show is None or self.show.round != reveal["round"] or viewer != old_viewer:
                # a new count, or another player sits down to watch it: count from the start
                self.show = RevealShow(reveal, self._flips(reveal))
        else:
            self.show = None
        self.bid_options = {}
        for action in legal:
            if isinstance(action, Bid):
                self.bid_options.setdefault(action.number, set()).add(action.symbol)
        self.challenge = next((a for a in legal if isinstance(a, Challenge)), None)
        self.deal = next((a for a in legal if isinstance(a, DealNextRound)), None)
        turn_key = (view.get("round"), len(view.get("bids", [])), viewer)
        if turn_key != self.turn_key:
            self.turn_key = turn_key
            self.pick_number = min(self.bid_options) if self.bid_options else None
            self.pick_symbol = None
        elif self.bid_options:
            numbers = sorted(self.bid_options)
            self.pick_number = min(max(self.pick_number or numbers[0], numbers[0]), numbers[-1])
        self._layout()

    def _flips(self, reveal: dict[str, Any]) -> list[bool]:
        """Which cards of the count were face down for this viewer while bidding."""
        viewer = self.viewer
        out = []
        for entry in reveal["counts"]:
            seat = entry["seat"]
            if seat is None:
                out.append(True)
            elif reveal["psychic"]:
                out.append(viewer is None or seat == viewer)
            else:
                out.append(seat != viewer)
        return out

    def refused(self, action: Action, reason: str) -> None:
        super().refused(action, reason)
        self._layout()

    # -- layout ----------------------------------------------------------------------------
    def _layout(self) -> None:
        v = self.view
        if not v:
            return
        places: list[Place] = []
        rnd = v["round"]
        row = self.row_cards()
        self.laid_out_faces = self.show.faces() if self.show is not None else ()
        if row:
            show = self.show
            for i, (key, card, _seat) in enumerate(row):
                if show is not None and show.turn_progress(i) is not None:
                    face: tuple = ("blank", MID)
                elif show is None or show.is_face_up(i):
                    face = self.face_key(card, MID)
                else:
                    face = ("back", MID)
                places.append(Place(key, self.row_pos(i, len(row)), face, z=60 + i))
        else:
            for seat, card in enumerate(v["hand_cards"]):
                if not v["hand_sizes"][seat]:
                    continue
                pos, size = self.seat_card_pos(seat)
                if card is not None:
                    face = self.face_key(card, size)
                elif v["psychic_round"] and seat == self.viewer:
                    face = ("unknown", size)
                else:
                    face = ("back", size)
                places.append(Place(("hand", rnd, seat), pos, face, z=50 if seat == self.bottom_seat else 10))
            if v["secret_size"]:
                places.append(Place(("secret", rnd), SECRET_POS, ("back", MID), z=30))
            for i in range(min(5, math.ceil(v["draw_pile_size"] / 8))):
                places.append(Place(("deck", i), (DECK_POS[0] - i * 2, DECK_POS[1] - i * 2), ("back", MID), z=20 + i))
        for seat, pile in enumerate(v["won_cards"]):
            x, y = self.pile_pos(seat)
            for i in range(min(len(pile), PILE_SHOWN)):
                places.append(Place(("won", seat, i), (x + i * 2, y - i * 3), ("back", SMALL), z=40 + i))
        for i, (card, _) in enumerate(self.aside_cards()):
            places.append(Place(("aside", card), self.aside_pos(i), self.face_key(card, SMALL), z=45 + i))
        self.sprites.sync(places, self._spawn_at)

    def row_cards(self) -> list[tuple[Hashable, int, int | None]]:
        """The counting row (sprite key, card, seat or None for the Secret Card), or the
        cards of a deal the pile could not finish; empty while bidding."""
        v = self.view
        reveal = v.get("reveal")
        if reveal is not None:
            out: list[tuple[Hashable, int, int | None]] = []
            for entry in reveal["counts"]:
                seat = entry["seat"]
                key = ("secret", reveal["round"]) if seat is None else ("hand", reveal["round"], seat)
                out.append((key, entry["card"], seat))
            return out
        return [(("left", card), card, None) for card in v.get("unfinished_cards", [])]

    def aside_cards(self) -> list[tuple[int, str]]:
        """Psychic cards lying face up beside the table, with what they are waiting for."""
        v = self.view
        return ([(c, "prize") for c in v["psychic_prize_cards"]] +
                [(c, "next") for c in v["psychic_next_cards"]])

    def aside_rect(self) -> pygame.Rect:
        return ASIDE_RECT if not self.row_cards() else pygame.Rect(792, 486, 226, 222)

    def aside_pos(self, i: int) -> tuple[int, int]:
        rect = self.aside_rect()
        per_row = 4
        return (rect.left + 34 + (i % per_row) * 58, rect.top + 78 + (i // per_row) * 40)

    def _spawn_at(self, place: Place) -> tuple[float, float] | None:
        kind = place.key[0]
        if kind in ("hand", "secret", "aside"):
            return DECK_POS
        if kind == "won":
            return (self.area.centerx, MIDDLE_Y)
        return None

    # -- the bid panel ------------------------------------------------------------------------
    def _build_panel(self) -> None:
        p = PANEL_RECT
        self.minus_rect = pygame.Rect(p.left + 16, p.top + 34, 46, 46)
        self.number_rect = pygame.Rect(self.minus_rect.right + 6, p.top + 30, 78, 54)
        self.plus_rect = pygame.Rect(self.number_rect.right + 6, p.top + 34, 46, 46)
        self.heissa_rect = pygame.Rect(p.right - 330, p.top + 12, 314, 76)
        width = (p.width - 32) // len(self.symbols)
        self.symbol_buttons = [SymbolButton(s, pygame.Rect(p.left + 16 + s * width, p.top + 96, width - 6, 90))
                               for s in range(len(self.symbols))]
        self.bid_rect = pygame.Rect(p.right - 366, p.bottom - 58, 350, 48)
        self.deal_rect = pygame.Rect(0, 0, 400, 40)
        self.deal_rect.midbottom = (538, p.bottom - 8)

    @property
    def is_bidding_turn(self) -> bool:
        return bool(self.bid_options) or self.challenge is not None

    def visible_counts(self) -> list[int]:
        """How many of each symbol the displayed player can see on the cards in front of them."""
        totals = [0] * len(self.symbols)
        for card in self.view.get("hand_cards", []):
            if card is not None:
                for s, k in enumerate(self.game.card_symbols[card]):
                    totals[s] += k
        return totals

    def symbol_allowed(self, symbol: int) -> bool:
        return self.pick_number is not None and symbol in self.bid_options.get(self.pick_number, set())

    def chosen_bid(self) -> Bid | None:
        if self.pick_number is None or self.pick_symbol is None or not self.symbol_allowed(self.pick_symbol):
            return None
        return self.game.bid_action(self.viewer, self.pick_number, self.pick_symbol)

    def _step_number(self, delta: int) -> None:
        numbers = sorted(self.bid_options)
        if not numbers or self.pick_number is None:
            return
        wanted = self.pick_number + delta
        if wanted < numbers[0]:
            last = self.view.get("bid")
            reason = (f"You must raise the bid: more than {last['number']}." if last
                      else "The lowest bid is 1.")
            self.refusal = (reason, 3.0)
            return
        self.pick_number = min(wanted, numbers[-1])
        if self.pick_symbol is not None and not self.symbol_allowed(self.pick_symbol):
            self.pick_symbol = None

    # -- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            hover = next((b.symbol for b in self.symbol_buttons if b.rect.collidepoint(event.pos)), None)
            self.hover_symbol = hover if self.is_bidding_turn else None
            return None
        if event.type == pygame.MOUSEWHEEL and self.is_bidding_turn and PANEL_RECT.collidepoint(self.mouse):
            self._step_number(1 if event.y > 0 else -1)
            return None
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        pos = event.pos
        if self.show is not None and not self.show.finished and self.area.collidepoint(pos):
            self.show.skip()  # an impatient click: straight to the verdict
            self._layout()
            return None
        if self.deal is not None and self.deal_rect.collidepoint(pos):
            return self.deal
        if not self.is_bidding_turn:
            return None
        if self.challenge is not None and self.heissa_rect.collidepoint(pos):
            return self.challenge
        if self.bid_options:
            if self.minus_rect.collidepoint(pos):
                self._step_number(-1)
            elif self.plus_rect.collidepoint(pos):
                self._step_number(1)
            elif self.bid_rect.collidepoint(pos):
                return self.chosen_bid()
            for button in self.symbol_buttons:
                if button.rect.collidepoint(pos):
                    if self.symbol_allowed(button.symbol):
                        self.pick_symbol = button.symbol
                    elif self.pick_number is not None:
                        # greyed out: let the rules say why (they refuse it, nothing changes)
                        return Bid(self.viewer, self.pick_number, button.symbol)
        return None

    # -- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.sprites.update(dt)
        show = self.show
        if show is not None:
            show.update(dt)
            if show.faces() != self.laid_out_faces:
                self._layout()  # a card started or finished turning over

    def busy(self) -> bool:
        return self.sprites.moving or (self.show is not None and not self.show.settled)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        v = self.view
        if not v:
            return
        row = self.row_cards()
        if not row:
            self._draw_middle(surface, v)
            self._draw_turn_halo(surface, v)
        self._draw_aside(surface, v)
        self.sprites.draw(surface)
        if row:
            self._draw_row(surface, v, row)
        else:
            self._draw_card_hints(surface, v)
        self._draw_piles(surface, v)
        self._draw_seats(surface, v)
        if v["reveal"] is not None:
            self._draw_verdict(surface, v)
        elif v["over"]:
            self._draw_game_over(surface, v)
        elif self.is_bidding_turn:
            self._draw_bid_panel(surface, v)
        else:
            self._draw_waiting(surface, v)

    # the middle band while bidding
    def _draw_middle(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        for pos in (DECK_POS, SECRET_POS):
            rect = pygame.Rect(0, 0, MID[0] + 8, MID[1] + 8)
            rect.center = pos
            pygame.draw.rect(surface, (24, 78, 54), rect, border_radius=12)
            pygame.draw.rect(surface, (60, 130, 96), rect, width=2, border_radius=12)
        self._draw_bid_history(surface, v)

    def _draw_card_hints(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        """Labels on the middle cards, the Psychic hint on your own card, and the symbol you are
        considering marked on every card you can see."""
        for pos, label in ((DECK_POS, f"Draw pile: {v['draw_pile_size']}"), (SECRET_POS, "Secret Card")):
            if label.startswith("Secret") and not v["secret_size"]:
                continue
            rect = pygame.Rect(0, 0, MID[0] + 4, 24)
            rect.center = (pos[0], pos[1] + MID[1] // 2 - 18)
            panel(surface, rect, alpha=215, radius=10)
            text(surface, label, rect.center, size=14, bold=True, anchor="center")
        seat = self.bottom_seat
        if v["hand_sizes"][seat] and v["psychic_round"] and self.viewer is not None:
            rect = pygame.Rect(0, 0, BIG[0] - 16, 40)
            rect.midbottom = (OWN_POS[0], OWN_POS[1] + BIG[1] // 2 - 10)
            panel(surface, rect, colour=(30, 24, 40), alpha=225, radius=10)
            text(surface, "Only the others", (rect.centerx, rect.top + 3), size=14, bold=True,
                 colour=PSYCHIC_GLOW, anchor="midtop")
            text(surface, "can see your card", (rect.centerx, rect.top + 20), size=14, bold=True,
                 colour=PSYCHIC_GLOW, anchor="midtop")
        symbol = self.hover_symbol if self.hover_symbol is not None else self.pick_symbol
        if symbol is None or not self.is_bidding_turn:
            return
        for s, card in enumerate(v["hand_cards"]):
            if card is None or not v["hand_sizes"][s]:
                continue
            pos, size = self.seat_card_pos(s)
            self._mark_symbol(surface, card, size, pos, symbol, None)

    def _mark_symbol(self, surface: pygame.Surface, card: int, size: tuple[int, int], centre: tuple[float, float],
                     symbol: int, counted: int | None) -> None:
        """Dim every picture but ``symbol``'s; ring its pictures (only the first ``counted`` if given)."""
        origin = (round(centre[0] - size[0] / 2), round(centre[1] - size[1] / 2))
        shade = pygame.Surface(size, pygame.SRCALPHA)
        inner = shade.get_rect().inflate(-8, -8)
        pygame.draw.rect(shade, (20, 22, 30, 140), inner, border_radius=8)
        group = next((g for g in picture_groups(self.game.card_symbols[card], size) if g.symbol == symbol), None)
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

    def _draw_bid_history(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        rect = BIDS_RECT
        panel(surface, rect, alpha=190, radius=14)
        bids = v["bids"]
        shown = bids[-5:]
        title = f"Round {v['round']} · bids" + (f" (last {len(shown)} of {len(bids)})" if len(bids) > 5 else "")
        text(surface, title, (rect.left + 14, rect.top + 10), size=16, bold=True, colour=TEXT_DIM)
        if v["psychic_round"]:
            pill = pygame.Rect(rect.right - 196, rect.top + 8, 186, 26)
            panel(surface, pill, colour=PSYCHIC_FILL, alpha=255, radius=13, border=PSYCHIC_GLOW)
            text(surface, "PSYCHIC ROUND", pill.center, size=15, bold=True, colour=PSYCHIC_GLOW, anchor="center")
        if not bids:
            opener = self.you_or_name(v["opener"])
            verb = "open" if opener == "You" else "opens"
            whose = "your" if opener == "You" else "their"
            rule = ("with any symbol: nobody sees their own card" if v["psychic_round"]
                    else f"with a symbol from {whose} own card")
            text(surface, f"{opener} {verb} the bidding", (rect.left + 14, rect.top + 52), size=22, bold=True)
            text(surface, rule, (rect.left + 14, rect.top + 86), size=16, colour=TEXT_DIM)
            if v["psychic_round"] and self.viewer is not None:
                text(surface, "You see the others' cards; your own shows its back.", (rect.left + 14, rect.top + 112),
                     size=15, colour=PSYCHIC_GLOW)
            return
        y = rect.top + 40
        for i, bid in enumerate(shown):
            latest = i == len(shown) - 1
            size = 24 if latest else 16
            colour = GOLD if latest else TEXT
            name = self.you_or_name(bid["seat"])
            x = rect.left + 14
            text(surface, name, (x, y + (4 if latest else 0)), size=size - 4 if latest else 15, bold=latest,
                 colour=colour)
            x = rect.left + 150
            label = text(surface, f"{bid['number']} ×", (x, y), size=size, bold=True, colour=colour)
            icon = symbol_icon(self.symbols[bid["symbol"]], size + 6)
            surface.blit(icon, (label.right + 6, y - 2))
            text(surface, self.symbols[bid["symbol"]].name, (label.right + size + 18, y), size=size, bold=latest,
                 colour=colour)
            y += 32 if latest else 22

    def _draw_turn_halo(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        current = v["current"]
        if v["phase"] != BIDDING or current is None or not v["hand_sizes"][current]:
            return
        pos, size = self.seat_card_pos(current)
        halo = pygame.Rect(0, 0, size[0] + 14, size[1] + 14)
        halo.center = pos
        pygame.draw.rect(surface, GOLD, halo, width=5, border_radius=14)

    def _draw_seats(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        """Name plates (gold for the bidder to act) and each seat's latest bid as a speech bubble."""
        current = v["current"]
        last_bid: dict[int, dict[str, Any]] = {}
        for bid in v["bids"]:
            last_bid[bid["seat"]] = bid
        for seat in range(self.game.players):
            x, y = self.name_pos(seat)
            acting = current == seat and v["phase"] == BIDDING
            if seat != self.viewer:
                label = self.names[seat]
            else:
                label = "You" if self.names[seat] == "You" else f"{self.names[seat]} (you)"
            width = max(110, font(15, True).size(label)[0] + 24)
            rect = pygame.Rect(0, 0, width, 26)
            rect.center = (x, y)
            rect.clamp_ip(self.area.inflate(-8, -8))
            panel(surface, rect, colour=(70, 60, 16) if acting else (16, 20, 26), alpha=225, radius=12,
                  border=GOLD if acting else None)
            text(surface, label, rect.center, size=15, bold=True, colour=GOLD if acting else TEXT, anchor="center")
            bid = last_bid.get(seat)
            if bid is None or v["phase"] != BIDDING:
                continue
            self._draw_bubble(surface, bid, (rect.right + 2, rect.centery), latest=bid is v["bids"][-1])

    def _draw_bubble(self, surface: pygame.Surface, bid: dict[str, Any], tip: tuple[int, int], *,
                     latest: bool) -> None:
        """A speech bubble with a seat's bid, right of its name plate (tail at ``tip``)."""
        label = f"{bid['number']} ×"
        f = font(16, True)
        w = f.size(label)[0] + 40
        rect = pygame.Rect(0, 0, w, 28)
        fill = (255, 244, 200) if latest else (236, 236, 236)
        rect.midleft = (tip[0] + 7, tip[1])
        pygame.draw.polygon(surface, fill, [(rect.left + 1, tip[1] - 6), (rect.left + 1, tip[1] + 6), tip])
        pygame.draw.rect(surface, fill, rect, border_radius=10)
        pygame.draw.rect(surface, GOLD if latest else (150, 150, 150), rect, width=2, border_radius=10)
        text(surface, label, (rect.left + 8, rect.centery), size=16, bold=True, colour=INK, anchor="midleft")
        icon = symbol_icon(self.symbols[bid["symbol"]], 24)
        surface.blit(icon, icon.get_rect(midright=(rect.right - 5, rect.centery)))

    def _draw_piles(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        for seat, pile in enumerate(v["won_cards"]):
            x, y = self.pile_pos(seat)
            if not pile:
                rect = pygame.Rect(0, 0, SMALL[0], SMALL[1])
                rect.center = (x, y)
                pygame.draw.rect(surface, (40, 104, 74), rect, width=2, border_radius=8)
            shown = min(len(pile), PILE_SHOWN)
            top = (x + (shown - 1) * 2 + SMALL[0] // 2 - 4, y - (shown - 1) * 3 - SMALL[1] // 2 + 4)
            count_badge(surface, top, 13, len(pile), fill=(30, 110, 60) if pile else (60, 66, 80))
            text(surface, "won", (x, y + SMALL[1] // 2 + 2), size=12, colour=TEXT_DIM, anchor="midtop")

    def _draw_aside(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        aside = self.aside_cards()
        if not aside:
            return
        rect = self.aside_rect()
        panel(surface, rect, colour=(40, 22, 70), alpha=200, radius=14, border=PSYCHIC_GLOW)
        text(surface, "Psychic cards aside", (rect.left + 12, rect.top + 8), size=15, bold=True, colour=PSYCHIC_GLOW)
        prize = [c for c, what in aside if what == "prize"]
        waiting = [c for c, what in aside if what == "next"]
        notes = []
        if v["over"]:
            notes.append(f"{cards(len(aside))} left over: nobody's")
        else:
            if prize:
                notes.append(f"{cards(len(prize))} for this round's winner" if v["psychic_round"]
                             else f"{cards(len(prize))} for the next Psychic round's winner")
            if waiting:
                notes.append("Next round is a Psychic round!")
        for i, note in enumerate(notes):
            text(surface, note, (rect.left + 12, rect.bottom - 44 + 20 * i), size=13,
                 colour=TEXT if i else HIGHLIGHT)

    # the count
    def _draw_row(self, surface: pygame.Surface, v: dict[str, Any], row: list) -> None:
        reveal = v.get("reveal")
        show = self.show
        for i, (key, card, seat) in enumerate(row):
            x, y = self.row_pos(i, len(row))
            sprite = self.sprites.sprites.get(key)
            if sprite is not None:
                x, y = round(sprite.x), round(sprite.y)
            progress = show.turn_progress(i) if show is not None else None
            if progress is not None:  # turning over: squeeze the back, then open the face
                image = self.sprites.face(("back", MID) if progress < 0.5 else self.face_key(card, MID))
                width = max(1, round(MID[0] * abs(1 - 2 * progress)))
                squeezed = pygame.transform.smoothscale(image, (width, MID[1]))
                surface.blit(squeezed, squeezed.get_rect(center=(x, y)))
            name = "Secret Card" if seat is None else self.you_or_name(seat)
            label_rect = pygame.Rect(0, 0, MID[0] + 8, 22)
            label_rect.midtop = (x, y + MID[1] // 2 + 4)
            if reveal is None:
                panel(surface, label_rect, alpha=200, radius=10)
                text(surface, "counts for nobody", label_rect.center, size=12, colour=TEXT_DIM, anchor="center")
                continue
            face_up = show is None or show.is_face_up(i)
            if face_up and not self.game.is_psychic[card]:
                counted = show.counted(i) if show is not None else None
                self._mark_symbol(surface, card, MID, (x, y), reveal["symbol"], counted)
            active = show is not None and show.active() == i
            panel(surface, label_rect, colour=(70, 60, 16) if active else (16, 20, 26), alpha=220, radius=10,
                  border=GOLD if active else None)
            counted_now = show.counted(i) if show is not None else reveal["counts"][i]["count"]
            done = show is None or show.clock >= show.steps[i].done_at
            tag = f"{name}: {counted_now}" if (done or active) else name
            text(surface, tag, label_rect.center, size=14, bold=True, colour=GOLD if active else TEXT,
                 anchor="center")

    def verdict_rect(self) -> pygame.Rect:
        return pygame.Rect(296, 470, 484, 244)

    def _draw_verdict(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        reveal = v["reveal"]
        show = self.show
        rect = self.verdict_rect()
        panel(surface, rect, alpha=230, radius=16, border=(90, 96, 110))
        symbol = self.symbols[reveal["symbol"]]
        number = reveal["number"]
        challenger, bidder = self.you_or_name(reveal["challenger"]), self.you_or_name(reveal["bidder"])
        outlined_text(surface, "HEISSA MAMA!", (rect.left + 104, rect.top + 20), 22, colour=(255, 96, 90))
        text(surface, f"{challenger} challenged {bidder}", (rect.left + 202, rect.top + 20), size=16,
             colour=TEXT, anchor="midleft")
        surface.blit(symbol_icon(symbol, 46), (rect.left + 18, rect.top + 38))
        text(surface, f"Bid: {number} × {symbol.name}", (rect.left + 76, rect.top + 38), size=19, bold=True,
             colour=GOLD)
        total = show.total() if show is not None else reveal["total"]
        text(surface, f"Counted: {total}", (rect.left + 76, rect.top + 62), size=19, bold=True, colour=WHITE)
        self._draw_meter(surface, pygame.Rect(rect.left + 18, rect.top + 94, rect.width - 44, 18), number, total)
        if show is not None and not show.finished:
            text(surface, "Counting card by card… click to skip", (rect.centerx, rect.top + 150), size=15,
                 colour=TEXT_DIM, anchor="midtop")
            return
        winner = self.you_or_name(reveal["winner"])
        verb = "win" if winner == "You" else "wins"
        taken = cards(len(reveal["taken_cards"]))
        if reveal["challenger_won"]:
            line, who = f"Only {reveal['total']}: the bid was too high!", f"{winner} (the challenger) {verb} {taken}"
        else:
            line, who = f"{reveal['total']}: at least {number}, the bid holds!", f"{winner} (the bidder) {verb} {taken}"
        text(surface, line, (rect.centerx, rect.top + 132), size=17, bold=True, colour=TEXT, anchor="midtop")
        text(surface, who, (rect.centerx, rect.top + 154), size=19, bold=True, colour=GOOD, anchor="midtop")
        if reveal["secret_is_psychic"]:
            text(surface, "The Secret Card is a Psychic card: next round is a Psychic round.",
                 (rect.centerx, rect.top + 179), size=13, colour=PSYCHIC_GLOW, anchor="midtop")
        if v["over"]:
            self._draw_game_over_line(surface, rect.bottom - 12)
        elif self.deal is not None:
            self._button(surface, self.deal_rect, f"Take the cards and deal round {v['round'] + 1}", GOLD, INK,
                         hover=self.deal_rect.collidepoint(self.mouse))
        else:
            text(surface, f"{winner} takes the cards and deals the next round…", (rect.centerx, rect.bottom - 34),
                 size=15, colour=TEXT_DIM, anchor="midtop")

    def _draw_meter(self, surface: pygame.Surface, rect: pygame.Rect, number: int, counted: int) -> None:
        """One box per picture up to the bid, growing when the count goes past it."""
        slots = max(number, counted, 1)
        step = rect.width / slots
        for k in range(slots):
            box = pygame.Rect(round(rect.left + k * step) + 1, rect.top, max(2, round(step) - 2), rect.height)
            if k < counted:
                colour = GOOD if k >= number - 1 and counted >= number else HIGHLIGHT
            else:
                colour = (60, 66, 80) if k < number else (40, 44, 54)
            pygame.draw.rect(surface, colour, box, border_radius=3)
        mark_x = round(rect.left + number * step)
        pygame.draw.line(surface, DANGER, (mark_x, rect.top - 5), (mark_x, rect.bottom + 5), 3)
        text(surface, str(number), (mark_x, rect.bottom + 4), size=12, bold=True, colour=DANGER, anchor="midtop")

    def _draw_game_over(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        rect = pygame.Rect(296, 520, 480, 150)
        panel(surface, rect, alpha=225, radius=16, border=(90, 96, 110))
        text(surface, "Game over", (rect.centerx, rect.top + 16), size=26, bold=True, colour=GOLD, anchor="midtop")
        text(surface, v["end_reason"], (rect.centerx, rect.top + 56), size=15, colour=TEXT_DIM, anchor="midtop")
        self._draw_game_over_line(surface, rect.bottom - 30)

    def _draw_game_over_line(self, surface: pygame.Surface, y: int) -> None:
        text(surface, self.result_line(), (self.verdict_rect().centerx, y), size=18, bold=True, colour=GOLD,
             anchor="midbottom")

    def _draw_waiting(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        rect = pygame.Rect(PANEL_RECT.left, PANEL_RECT.top + 40, PANEL_RECT.width, 150)
        panel(surface, rect, alpha=150, radius=16)
        current = v["current"]
        if current is None:
            return
        who = self.you_or_name(current)
        if v["bids"]:
            bid = v["bid"]
            line = f"{who} must raise {bid['number']} × {self.symbols[bid['symbol']].name} or call Heissa Mama!"
        else:
            line = f"{who} makes the first bid of round {v['round']}."
        text(surface, f"Waiting for {who}…", (rect.centerx, rect.top + 30), size=24, bold=True, anchor="midtop")
        text(surface, line, (rect.centerx, rect.top + 76), size=16, colour=TEXT_DIM, anchor="midtop")

    def _draw_bid_panel(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        p = PANEL_RECT
        panel(surface, p, alpha=225, radius=16, border=(90, 96, 110))
        numbers = sorted(self.bid_options)
        if numbers:
            text(surface, "How many?", (self.minus_rect.left, p.top + 10), size=14, bold=True, colour=TEXT_DIM)
            low, high = numbers[0], numbers[-1]
            number = self.pick_number or low
            self._button(surface, self.minus_rect, "−", (70, 78, 96), WHITE, enabled=number > low,
                         hover=self.minus_rect.collidepoint(self.mouse), size=28)
            self._button(surface, self.plus_rect, "+", (70, 78, 96), WHITE, enabled=number < high,
                         hover=self.plus_rect.collidepoint(self.mouse), size=28)
            pygame.draw.rect(surface, (250, 246, 232), self.number_rect, border_radius=10)
            pygame.draw.rect(surface, GOLD, self.number_rect, width=3, border_radius=10)
            text(surface, str(number), self.number_rect.center, size=34, bold=True, colour=INK, anchor="center")
            hint = f"at least {low}" if v["bids"] else "any number"
            text(surface, hint, (self.plus_rect.right + 12, p.top + 48), size=14, colour=TEXT_DIM, anchor="midleft")
            self._draw_symbol_buttons(surface, v)
            bid = self.chosen_bid()
            if bid is None:
                label, enabled = "Pick a symbol to bid", False
            else:
                label, enabled = f"Bid {bid.number} × {self.symbols[bid.symbol].name}", True
            self._button(surface, self.bid_rect, label, GOLD, INK, enabled=enabled,
                         hover=self.bid_rect.collidepoint(self.mouse), size=20)
            legend = ("Gold badge: how many you see on the others' cards" if v["psychic_round"]
                      else "Gold badge: how many are on your card")
            text(surface, legend, (p.left + 18, self.bid_rect.centery), size=13, colour=TEXT_DIM, anchor="midleft")
            if not v["bids"] and not v["psychic_round"]:
                text(surface, "Open with a symbol on your card", (p.left + 18, self.bid_rect.centery - 20),
                     size=13, colour=HIGHLIGHT, anchor="midleft")
        if self.challenge is not None:
            self._draw_heissa(surface)
        elif not numbers:
            return
        else:
            text(surface, "Your opening bid: no challenge yet", (self.heissa_rect.centerx, self.heissa_rect.centery),
                 size=15, colour=TEXT_DIM, anchor="center")

    def _draw_heissa(self, surface: pygame.Surface) -> None:
        rect = self.heissa_rect
        hover = rect.collidepoint(self.mouse)
        pygame.draw.rect(surface, (90, 10, 14), rect.move(0, 4), border_radius=18)
        pygame.draw.rect(surface, (236, 56, 60) if hover else HEISSA_RED, rect, border_radius=18)
        pygame.draw.rect(surface, GOLD, rect, width=3, border_radius=18)
        burst(surface, (rect.left + 40, rect.centery), 28, GOLD, spikes=10)
        outlined_text(surface, "!", (rect.left + 40, rect.centery), 30, colour=HEISSA_RED)
        outlined_text(surface, "HEISSA MAMA!", (rect.centerx + 22, rect.centery - 9), 30, colour=WHITE)
        bid = self.view.get("bid")
        if bid:
            text(surface, f"challenge {bid['number']} × {self.symbols[bid['symbol']].name}",
                 (rect.centerx + 22, rect.centery + 21), size=14, bold=True, colour=(255, 220, 210), anchor="center")

    def _draw_symbol_buttons(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        seen = self.visible_counts()
        for button in self.symbol_buttons:
            s, rect = button.symbol, button.rect
            symbol = self.symbols[s]
            allowed = self.symbol_allowed(s)
            chosen = s == self.pick_symbol
            hover = rect.collidepoint(self.mouse) and allowed
            fill = (255, 246, 210) if chosen else ((250, 248, 240) if allowed else (90, 94, 104))
            if hover and not chosen:
                fill = (255, 252, 230)
            draw_rect = rect.move(0, -4) if chosen else rect
            pygame.draw.rect(surface, fill, draw_rect, border_radius=10)
            edge = GOLD if chosen else ((214, 170, 60) if hover else ((120, 126, 140) if allowed else (70, 74, 84)))
            pygame.draw.rect(surface, edge, draw_rect, width=4 if chosen or hover else 2, border_radius=10)
            icon = symbol_icon(symbol, 46)
            if not allowed:
                icon = icon.copy()
                icon.set_alpha(70)
            surface.blit(icon, icon.get_rect(midtop=(draw_rect.centerx, draw_rect.top + 6)))
            words = symbol.name.split(" ")
            lines = [symbol.name] if font(12, True).size(symbol.name)[0] <= rect.width - 6 else words[:2]
            for k, line in enumerate(lines):
                text(surface, line, (draw_rect.centerx, draw_rect.top + 54 + 14 * k), size=12, bold=True,
                     colour=INK if allowed else (150, 154, 164), anchor="midtop")
            if seen[s]:
                count_badge(surface, (draw_rect.right - 9, draw_rect.top + 9), 10, seen[s], fill=(196, 140, 20))

    def _button(self, surface: pygame.Surface, rect: pygame.Rect, label: str, fill, ink, *, enabled: bool = True,
                hover: bool = False, size: int = 18) -> None:
        if not enabled:
            fill, ink = (70, 74, 84), (140, 146, 158)
        elif hover:
            fill = mix(fill, WHITE, 0.2)
        pygame.draw.rect(surface, mix(fill, INK, 0.5), rect.move(0, 3), border_radius=12)
        pygame.draw.rect(surface, fill, rect, border_radius=12)
        text(surface, label, rect.center, size=size, bold=True, colour=ink, anchor="center")

    # -- words -------------------------------------------------------------------------------------
    def result_line(self) -> str:
        v = self.view
        scores = v["scores"]
        winners = v["winners"]
        best = scores[winners[0]] if winners else 0
        names = [self.you_or_name(s) for s in winners]
        if len(names) == 1:
            verb = "win" if names[0] == "You" else "wins"
            return f"{names[0]} {verb} with {cards(best)}!"
        return f"{' and '.join(names)} share the win with {cards(best)} each!"

    def status(self) -> str:
        v = self.view
        if not v:
            return ""
        reveal = v["reveal"]
        if reveal is not None and self.show is not None and not self.show.finished:
            name = self.symbols[reveal["symbol"]].name
            return f"Heissa Mama! Counting {name}: {self.show.total()} so far (bid {reveal['number']})"
        if v["over"]:
            return "Game over: " + self.result_line()
        if reveal is not None:
            winner = self.you_or_name(reveal["winner"])
            if self.deal is not None:
                return f"You won the challenge: take {cards(len(reveal['taken_cards']))} and deal the next round"
            return f"{winner} won the challenge and deals next"
        current = v["current"]
        if current != self.viewer or not self.is_bidding_turn:
            return f"{self.names[current]} is bidding…"
        if not v["bids"]:
            if v["psychic_round"]:
                return "Psychic round! Open with any symbol: you see every card but yours"
            return "Your opening bid: a number and a symbol from your card"
        bid = v["bid"]
        return f"Raise {bid['number']} × {self.symbols[bid['symbol']].name}, or call Heissa Mama!"

    def headline(self) -> str:
        v = self.view
        if not v:
            return ""
        if v["psychic_round"] and v["phase"] == BIDDING:
            return f"Round {v['round']} · a Psychic round"
        return f"Round {v['round']} · {v['draw_pile_size']} cards left"

    def plates(self) -> list[SeatPlate]:
        v = self.view
        last_bid: dict[int, str] = {}
        if v.get("phase") == BIDDING:
            for bid in v["bids"]:
                last_bid[bid["seat"]] = f"bid {bid['number']} × {self.symbols[bid['symbol']].name}"
        return [SeatPlate(f"{cards(v['scores'][s])} won", highlight=v["current"] == s,
                          extra=[last_bid[s]] if s in last_bid else [])
                for s in range(self.game.players)]

    def _result_sentence(self, r: dict[str, Any]) -> str:
        symbol = self.symbols[r["symbol"]].name
        return (f"{self.you_or_name(r['challenger'])} challenged {r['number']} × {symbol}; "
                f"{r['total']} counted, {self.you_or_name(r['winner'])} +{r['taken']}")

    def log_lines(self) -> list[str]:
        v = self.view
        lines = [f"Round {r['round']}: {self._result_sentence(r)}" for r in self.told_rounds()[-3:]]
        if v.get("phase") == BIDDING:
            lines.append(f"Round {v['round']}" + (" (Psychic)" if v["psychic_round"] else "") + ":")
            for bid in v["bids"]:
                lines.append(f"  {self.you_or_name(bid['seat'])}: {bid['number']} × "
                             f"{self.symbols[bid['symbol']].name}")
        return lines

    def told_rounds(self) -> list[dict[str, Any]]:
        """Results of the challenges, but not the one still being counted on the table."""
        v = self.view
        rounds = v.get("rounds", [])
        show = self.show
        if rounds and show is not None and not show.finished and rounds[-1]["round"] == show.round:
            return rounds[:-1]
        return rounds

    def summaries(self) -> list[Summary]:
        """One summary per challenge, shown once its count has played (the game's end: at once)."""
        v = self.view
        if not v:
            return []
        out = []
        totals = [0] * self.game.players
        for r in self.told_rounds() if not v["over"] else v["rounds"]:
            totals[r["winner"]] += r["taken"]
            out.append(self._challenge_summary(r, list(totals)))
        if v["over"]:
            out.append(self._game_summary(v))
        return out

    def _challenge_summary(self, r: dict[str, Any], totals: list[int]) -> Summary:
        symbol = self.symbols[r["symbol"]].name
        winner = self.names[r["winner"]]
        bidder, challenger = self.names[r["bidder"]], self.names[r["challenger"]]
        verdict = (f"{r['total']} counted, fewer than {r['number']}: the challenger wins."
                   if r["total"] < r["number"] else
                   f"{r['total']} counted, at least {r['number']}: the bid holds.")
        lines = [f"{bidder} bid {r['number']} × {symbol}; {challenger} called Heissa Mama!", verdict]
        if r["psychic"]:
            lines.append("A Psychic round: the winner also took the Psychic cards that caused it.")
        seen = self.seen_reveals.get(r["round"])
        shown: dict[int | None, int] = {e["seat"]: e["count"] for e in seen["counts"]} if seen else {}
        rows: list[tuple[str, ...]] = [("Player", f"{symbol} shown", "Took", "Cards now")]
        for s in range(self.game.players):
            rows.append((self.names[s], str(shown[s]) if s in shown else "?",
                         str(r["taken"]) if s == r["winner"] else "", str(totals[s])))
        if seen:
            rows.append(("Secret Card", str(shown[None]), "", ""))
        return Summary(f"challenge-{r['round']}", f"Round {r['round']}: {winner} takes {cards(r['taken'])}",
                       tuple(lines), tuple(rows))

    def _game_summary(self, v: dict[str, Any]) -> Summary:
        scores = v["scores"]
        wins = [0] * self.game.players
        for r in v["rounds"]:
            wins[r["winner"]] += 1
        order = sorted(range(self.game.players), key=lambda s: (-scores[s], s))
        rows = [("Player", "Cards", "Challenges won")] + [
            (self.names[s], str(scores[s]), str(wins[s])) for s in order]
        names = [self.names[s] for s in v["winners"]]
        title = f"{names[0]} wins the game!" if len(names) == 1 else f"{' and '.join(names)} share the win!"
        lines = (v["end_reason"], "The most cards wins; a tie shares the win.")
        return Summary("game", title, lines, tuple(rows))


TABLE_VIEW = ZooWeeMamaView
