"""Faces of the Mamma cards and pieces, drawn in code (pygame; used by the table view).

Every face is described by a hashable key (a tuple) so the sprite layer can cache it:

- ``("token", character, (w, h), with_child)`` a family member's portrait token
- ``("schoolbus", (w, h), cost)``, ``("traffic", (w, h), cost)``
- ``("movement", value, (w, h))``, ``("money", value, (w, h))``
- ``("ingredient", index, (w, h), style)`` with style "city", "mini" or "strip"
- ``("guests", vp, (w, h))``, ``("wc", (w, h))``, ``("secret", character, (w, h))``,
  ``("bus-card", number, (w, h))``
- ``("back", (w, h), title)``

Colour is never the only cue: each character also carries its short name and age,
each food its own shape.
"""
from __future__ import annotations

import math
from typing import Hashable

import pygame

from simulator.ui.card_art import blank_card, card_back, outlined_text, title_size
from simulator.ui.theme import INK, WHITE, font

from .box import MammaBox

# One colour per family member (Grandpa .. Son) and the short name on its token.
CHARACTER_RGB = ((72, 112, 178), (146, 92, 176), (204, 70, 78), (232, 138, 40), (34, 146, 118),
                 (214, 186, 40))
NAME_SIZE, NAME_BAND = 12, 15   # a token's name, written out, on a band at its foot
SKIN = (246, 214, 182)
HAIR = ((222, 222, 222), (236, 236, 240), (140, 96, 60), (120, 64, 30), (70, 50, 36), (214, 160, 60))

PAPER = (250, 246, 232)
MOVEMENT_RGB = (58, 98, 170)
MONEY_RGB = (70, 142, 72)
GUESTS_RGB = (120, 40, 52)
GREEN_CLOTH = ((54, 140, 74), (226, 240, 226))
RED_CLOTH = ((190, 48, 48), (246, 226, 226))
FOOD_NAMES_SHORT = {"tomatoes": "tomato"}


def name_fits(name: str, width: int) -> bool:
    """Whether ``name`` fits across ``width`` pixels in the tokens' type."""
    return font(NAME_SIZE).size(name)[0] + 2 <= width


# -- food icons ------------------------------------------------------------------------------
def food_icon(surface: pygame.Surface, food: str, center: tuple[float, float], r: float) -> None:
    """A small picture of ``food`` (fish, pasta, salami, cheese, tomatoes, bread)."""
    cx, cy = center
    if food == "fish":
        body = pygame.Rect(0, 0, r * 1.6, r * 1.05)
        body.center = (cx - r * 0.15, cy)
        tail = [(cx + r * 0.55, cy), (cx + r * 1.05, cy - r * 0.55), (cx + r * 1.05, cy + r * 0.55)]
        pygame.draw.polygon(surface, INK, [(x, y) for x, y in tail], 0)
        pygame.draw.polygon(surface, (96, 150, 206), [(x - 1, y) for x, y in tail])
        pygame.draw.ellipse(surface, INK, body.inflate(2, 2))
        pygame.draw.ellipse(surface, (96, 150, 206), body)
        pygame.draw.circle(surface, INK, (int(cx - r * 0.55), int(cy - r * 0.1)), max(1, int(r * 0.14)))
    elif food == "pasta":  # a nest of noodles with a fork in it
        pygame.draw.circle(surface, INK, (cx, cy), r + 1)
        pygame.draw.circle(surface, (244, 206, 80), (cx, cy), r)
        for k in (0.62, 0.3):
            pygame.draw.circle(surface, (196, 140, 30), (cx, cy), max(1, r * k), max(1, int(r * 0.16)))
        pygame.draw.line(surface, (120, 120, 130), (cx + r * 0.2, cy - r * 0.1), (cx + r * 1.0, cy - r * 1.0),
                         max(1, int(r * 0.22)))
    elif food == "salami":
        pygame.draw.circle(surface, INK, (cx, cy), r + 1)
        pygame.draw.circle(surface, (170, 40, 56), (cx, cy), r)
        for a in range(5):
            ang = a * 2 * math.pi / 5 + 0.4
            pygame.draw.circle(surface, (250, 220, 220),
                               (cx + math.cos(ang) * r * 0.5, cy + math.sin(ang) * r * 0.5), max(1, r * 0.16))
    elif food == "cheese":
        pts = [(cx - r, cy + r * 0.7), (cx + r, cy + r * 0.7), (cx + r * 0.6, cy - r * 0.8)]
        pygame.draw.polygon(surface, INK, [(x, y + 1) for x, y in pts])
        pygame.draw.polygon(surface, (250, 210, 60), pts)
        pygame.draw.circle(surface, (214, 170, 30), (cx + r * 0.2, cy + r * 0.25), max(1, r * 0.2))
    elif food == "tomatoes":
        pygame.draw.circle(surface, INK, (cx, cy + r * 0.1), r * 0.95 + 1)
        pygame.draw.circle(surface, (226, 56, 40), (cx, cy + r * 0.1), r * 0.95)
        leaf = [(cx - r * 0.5, cy - r * 0.7), (cx, cy - r * 0.35), (cx + r * 0.5, cy - r * 0.7),
                (cx, cy - r * 1.0)]
        pygame.draw.polygon(surface, (50, 140, 50), leaf)
    elif food == "bread":
        loaf = pygame.Rect(0, 0, r * 2, r * 1.2)
        loaf.center = (cx, cy)
        pygame.draw.ellipse(surface, INK, loaf.inflate(2, 2))
        pygame.draw.ellipse(surface, (196, 136, 70), loaf)
        for k in (-1, 0, 1):
            x = cx + k * r * 0.5
            pygame.draw.line(surface, (240, 200, 140), (x - r * 0.15, cy - r * 0.3), (x + r * 0.15, cy + r * 0.3),
                             max(1, int(r * 0.18)))
    else:  # a food the scene names but we have no picture for: its initial in a circle
        pygame.draw.circle(surface, INK, (cx, cy), r + 1)
        pygame.draw.circle(surface, (200, 200, 200), (cx, cy), r)
        outlined_text(surface, food[:1].upper(), (int(cx), int(cy)), max(8, int(r * 1.3)), width=1)


def checkered(surface: pygame.Surface, rect: pygame.Rect, colours: tuple[tuple[int, int, int], ...],
              step: int) -> None:
    """A checkered tablecloth (also the mark of a seat at the table)."""
    surface.fill(colours[1], rect)
    for y in range(rect.top, rect.bottom, step):
        for x in range(rect.left, rect.right, step):
            if ((x - rect.left) // step + (y - rect.top) // step) % 2 == 0:
                surface.fill(colours[0], pygame.Rect(x, y, step, step).clip(rect))


def club(surface: pygame.Surface, center: tuple[float, float], r: float, colour=INK) -> None:
    """The club-shaped mark of the spots where ingredients cards are placed."""
    cx, cy = center
    for dx, dy in ((0, -0.45), (-0.45, 0.1), (0.45, 0.1)):
        pygame.draw.circle(surface, colour, (cx + dx * r, cy + dy * r), r * 0.42)
    pygame.draw.polygon(surface, colour, [(cx, cy), (cx - r * 0.3, cy + r * 0.85), (cx + r * 0.3, cy + r * 0.85)])


# -- the artist ------------------------------------------------------------------------------
class MammaArt:
    """Renders any face key of this module for one box of cards."""

    def __init__(self, box: MammaBox) -> None:
        self.box = box

    def render(self, face: Hashable) -> pygame.Surface:
        kind = face[0]
        if kind == "token":
            return self.token(face[1], face[2], with_child=face[3])
        if kind == "schoolbus":
            return self.schoolbus(face[1], face[2])
        if kind == "traffic":
            return self.traffic(face[1], face[2])
        if kind == "movement":
            return self.game_card(face[1], face[2], movement=True)
        if kind == "money":
            return self.game_card(face[1], face[2], movement=False)
        if kind == "ingredient":
            return self.ingredient(face[1], face[2], face[3])
        if kind == "guests":
            return self.guests(face[1], face[2])
        if kind == "wc":
            return self.wc_card(face[1])
        if kind == "bus-card":
            return self.bus_card(face[1], face[2])
        if kind == "secret":
            return self.secret(face[1], face[2])
        if kind == "back":
            return card_back(face[1], face[2], largest=12)
        raise ValueError(f"unknown face {face!r}")

    # -- pieces --------------------------------------------------------------------------
    def token(self, character: int, size: tuple[int, int], *, with_child: bool = False,
              named: bool = True) -> pygame.Surface:
        """A portrait card: the face, the age (top left, as printed) and, where it fits, the full
        name on a light band at the foot (tokens at the bench, church and hospital are too small:
        their site names them)."""
        w, h = size
        rgb = CHARACTER_RGB[character % len(CHARACTER_RGB)]
        card = blank_card(size, rgb, border=WHITE, margin=2, radius=7)
        inner = pygame.Rect(2, 2, w - 4, h - 4)
        name = self.box.names[character]
        named = named and w >= 40 and name_fits(name, inner.width)
        band = pygame.Rect(inner.left, inner.bottom - NAME_BAND, inner.width, NAME_BAND) if named else None
        portrait = pygame.Rect(inner.left, inner.top, inner.width, (band.top - 1 if band else inner.bottom) - inner.top)
        pygame.draw.rect(card, (250, 240, 222), portrait, border_radius=5)
        head_r = min(portrait.height * 0.34, portrait.width * 0.22)
        hx, hy = portrait.centerx, portrait.top + portrait.height * 0.5
        # shoulders in the character's colour, then the head and hair
        pygame.draw.ellipse(card, rgb, pygame.Rect(hx - head_r * 1.5, portrait.bottom - head_r * 0.9,
                                                   head_r * 3, head_r * 1.6))
        card.set_clip(portrait)
        self._hair(card, character, (hx, hy), head_r, back=True)
        pygame.draw.circle(card, SKIN, (hx, hy), head_r)
        self._hair(card, character, (hx, hy), head_r, back=False)
        pygame.draw.circle(card, INK, (hx - head_r * 0.35, hy), max(1, head_r * 0.12))
        pygame.draw.circle(card, INK, (hx + head_r * 0.35, hy), max(1, head_r * 0.12))
        pygame.draw.arc(card, INK, pygame.Rect(hx - head_r * 0.4, hy, head_r * 0.8, head_r * 0.6),
                        math.pi * 1.15, math.pi * 1.85, 1)
        if character == 0:  # the Grandpa's glasses
            for dx in (-0.35, 0.35):
                pygame.draw.circle(card, INK, (hx + dx * head_r, hy), max(2, head_r * 0.26), 1)
        if with_child:  # the Child on the Grandpa's arm
            cr = head_r * 0.6
            cx, cy = portrait.right - cr - 2, portrait.bottom - cr - 1
            pygame.draw.circle(card, (214, 160, 60), (cx, cy - cr * 0.5), cr * 0.75)
            pygame.draw.circle(card, SKIN, (cx, cy), cr)
            pygame.draw.circle(card, INK, (cx, cy), cr, 1)
        card.set_clip(None)
        age = self.box.ages[character]
        badge = (inner.left + 8, inner.top + 8)
        pygame.draw.circle(card, WHITE, badge, 8)
        pygame.draw.circle(card, INK, badge, 8, 1)
        age_surface = font(10, True).render(str(age), True, INK)
        card.blit(age_surface, age_surface.get_rect(center=badge))
        if band is not None:
            pygame.draw.rect(card, PAPER, band, border_bottom_left_radius=5, border_bottom_right_radius=5)
            label = font(NAME_SIZE).render(name, True, INK)
            card.blit(label, label.get_rect(center=(band.centerx, band.centery)))
        return card

    def _hair(self, card, character: int, head: tuple[float, float], r: float, *, back: bool) -> None:
        hx, hy = head
        colour = HAIR[character % len(HAIR)]
        if back:
            if character in (1, 2, 3):  # long or gathered hair behind the head
                pygame.draw.circle(card, colour, (hx, hy + r * 0.1), r * 1.12)
            if character == 1:  # the Grandma's bun
                pygame.draw.circle(card, colour, (hx, hy - r * 1.05), r * 0.45)
            return
        if character == 0:  # a bald crown with white tufts
            pygame.draw.circle(card, colour, (hx - r * 0.95, hy - r * 0.1), r * 0.3)
            pygame.draw.circle(card, colour, (hx + r * 0.95, hy - r * 0.1), r * 0.3)
        elif character == 5:  # the Son's cap
            pygame.draw.ellipse(card, CHARACTER_RGB[5], pygame.Rect(hx - r, hy - r * 1.15, r * 2, r * 1.1))
            pygame.draw.rect(card, CHARACTER_RGB[5], pygame.Rect(hx, hy - r * 0.45, r * 1.3, r * 0.25))
        else:
            pygame.draw.ellipse(card, colour, pygame.Rect(hx - r, hy - r * 1.08, r * 2, r * 1.0))

    def schoolbus(self, size: tuple[int, int], cost: int) -> pygame.Surface:
        w, h = size
        card = pygame.Surface(size, pygame.SRCALPHA)
        body = pygame.Rect(2, 4, w - 4, h - 12)
        pygame.draw.rect(card, INK, body.inflate(2, 2), border_radius=6)
        pygame.draw.rect(card, (250, 196, 30), body, border_radius=6)
        for k in range(4):
            win = pygame.Rect(body.left + 5 + k * (body.width - 12) // 4, body.top + 4, (body.width - 20) // 4, body.height // 3)
            pygame.draw.rect(card, (190, 226, 246), win, border_radius=2)
        pygame.draw.line(card, INK, (body.left, body.centery + 3), (body.right, body.centery + 3), 1)
        for x in (body.left + 10, body.right - 10):
            pygame.draw.circle(card, INK, (x, body.bottom), 5)
            pygame.draw.circle(card, (120, 120, 120), (x, body.bottom), 2)
        outlined_text(card, "SCHOOL", (w // 2 - 4, body.bottom - 8), 11, width=1)
        self._cost_badge(card, (w - 10, 10), cost)
        return card

    def traffic(self, size: tuple[int, int], cost: int) -> pygame.Surface:
        w, h = size
        card = pygame.Surface(size, pygame.SRCALPHA)
        board = pygame.Rect(2, 2, w - 4, h - 10)
        pygame.draw.rect(card, INK, board.inflate(2, 2), border_radius=4)
        pygame.draw.rect(card, WHITE, board, border_radius=4)
        card.set_clip(board)
        for x in range(board.left - h, board.right, 12):
            pygame.draw.polygon(card, (214, 50, 40), [(x, board.bottom), (x + 6, board.bottom),
                                                      (x + 6 + board.height, board.top), (x + board.height, board.top)])
        card.set_clip(None)
        for x in (board.left + 6, board.right - 6):
            pygame.draw.line(card, INK, (x, board.bottom), (x, h - 1), 3)
        self._cost_badge(card, (w - 10, 10), cost)
        return card

    def _cost_badge(self, card: pygame.Surface, center: tuple[int, int], cost: int) -> None:
        pygame.draw.circle(card, INK, center, 9)
        pygame.draw.circle(card, WHITE, center, 7)
        number = font(11, True).render(str(cost), True, INK)
        card.blit(number, number.get_rect(center=center))

    # -- game cards ------------------------------------------------------------------------
    def game_card(self, value: int, size: tuple[int, int], *, movement: bool) -> pygame.Surface:
        """A movement card (mp, footsteps) or a money card (coins)."""
        w, h = size
        rgb = MOVEMENT_RGB if movement else MONEY_RGB
        small = w < 40
        card = blank_card(size, rgb, margin=2 if small else 5, radius=4 if small else 9)
        if small:
            outlined_text(card, str(value), (w // 2, h // 2), int(h * 0.55), width=1)
            return card
        field = pygame.Rect(9, 9, w - 18, h - 18)
        pygame.draw.ellipse(card, tuple(min(255, c + 40) for c in rgb), field.inflate(-4, -h // 4))
        outlined_text(card, str(value), (w // 2, int(h * 0.45)), int(h * 0.4), width=2)
        outlined_text(card, "mp" if movement else "money", (w // 2, int(h * 0.76)), max(12, w // 6), width=1)
        if movement:
            for k in range(value):
                x = 14 + (k % 4) * 10
                y = 16 + (k % 2) * 4
                pygame.draw.ellipse(card, WHITE, pygame.Rect(x, y, 6, 9))
        else:
            for k in range(value):
                pygame.draw.circle(card, (250, 210, 70), (16 + k * 11, 18), 5)
                pygame.draw.circle(card, INK, (16 + k * 11, 18), 5, 1)
        outlined_text(card, str(value), (w - 14, h - 14), max(10, w // 6), width=1)
        return card

    def ingredient(self, index: int, size: tuple[int, int], style: str) -> pygame.Surface:
        """An ingredients card: tablecloth (green, or red for the Mother-in-Law), foods, cost."""
        info = self.box.ingredient_info[index]
        w, h = size
        cloth = RED_CLOTH if info.mother_in_law else GREEN_CLOTH
        card = pygame.Surface(size, pygame.SRCALPHA)
        outer = card.get_rect()
        pygame.draw.rect(card, (0, 0, 0, 100), outer, border_radius=4)
        inner = outer.inflate(-2, -2)
        card.set_clip(inner)
        checkered(card, inner, cloth, max(3, min(w, h) // 8))
        card.set_clip(None)
        pygame.draw.rect(card, WHITE, inner, 1, border_radius=4)
        foods = info.foods
        if style == "strip":  # a card still to come: its foods, the red number, the cost in black
            plate = pygame.Rect(3, 2, w - 6, h - 4)
            pygame.draw.rect(card, PAPER, plate, border_radius=3)
            room = plate.width - 24 - (18 if info.mother_in_law else 0)  # left of the red number and the cost
            r = min(6.5, (h - 6) / 2.2, room / (2.15 * len(foods)))
            for k, food in enumerate(foods):
                food_icon(card, food, (plate.left + r + 3 + k * (2 * r + 1.5), h / 2), r)
            centre = (plate.right - 9, h // 2)
            pygame.draw.circle(card, INK, centre, 8)
            cost = font(12, True).render(str(info.cost), True, WHITE)
            card.blit(cost, cost.get_rect(center=centre))
            if info.mother_in_law:
                mil = font(12, True).render(f"-{info.mother_in_law}", True, (200, 30, 30))
                card.blit(mil, mil.get_rect(midright=(plate.right - 19, h // 2)))
            return card
        if style == "mini":
            plate = inner.inflate(-8, -8)
            pygame.draw.rect(card, PAPER, plate, border_radius=3)
            cols = 2 if len(foods) > 2 and plate.width >= 18 else 1  # a narrow card: one column
            rows = (len(foods) + cols - 1) // cols
            r = min(plate.width / (2.3 * cols), plate.height / (2.4 * rows), 9)
            for k, food in enumerate(foods):
                cx = plate.left + plate.width * ((k % cols) + 0.5) / cols
                cy = plate.top + plate.height * ((k // cols) + 0.5) / rows
                food_icon(card, food, (cx, cy), r)
            if info.mother_in_law:
                badge = pygame.Rect(0, 0, 20, 15)
                badge.topright = (w, 0)
                pygame.draw.rect(card, (200, 30, 30), badge, border_radius=4)
                mil = font(11, True).render(f"-{info.mother_in_law}", True, WHITE)
                card.blit(mil, mil.get_rect(center=badge.center))
            return card
        # the card as it lies in the city: the foods' pictures in a row, their names, the black cost,
        # the red number
        plate = inner.inflate(-6, -12)
        pygame.draw.rect(card, PAPER, plate, border_radius=5)
        step = min(13.0, (plate.width - 4) / max(1, len(foods)))
        x0 = plate.centerx - step * (len(foods) - 1) / 2
        for k, food in enumerate(foods):
            food_icon(card, food, (x0 + k * step, plate.top + 10), min(6.0, step / 2.2))
        words = [FOOD_NAMES_SHORT.get(food, food) for food in foods]
        size = min(title_size(word, plate.width - 2, 12, 11) for word in words)  # one size for the card
        for k, word in enumerate(words):
            name = font(size).render(word, True, INK)
            card.blit(name, name.get_rect(midtop=(plate.centerx, plate.top + 16 + 13 * k)))
        centre = (plate.centerx, plate.bottom - 13)
        pygame.draw.circle(card, INK, centre, 11)
        number = font(15, True).render(str(info.cost), True, WHITE)
        card.blit(number, number.get_rect(center=centre))
        if info.mother_in_law:
            mil = font(12, True).render(f"-{info.mother_in_law}", True, (210, 30, 30))
            card.blit(mil, mil.get_rect(bottomright=(plate.right - 1, plate.bottom - 1)))
        return card

    def guests(self, vp: int, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        card = blank_card(size, GUESTS_RGB, margin=2 if w < 40 else 5, radius=4 if w < 40 else 8)
        if w >= 40:
            for k, dx in enumerate((-0.22, 0.0, 0.22)):
                cx = w / 2 + dx * w
                pygame.draw.circle(card, (240, 210, 190), (cx, h * 0.3), w * 0.09)
                pygame.draw.rect(card, (90, 120, 200) if k % 2 else (200, 120, 90),
                                 pygame.Rect(cx - w * 0.1, h * 0.38, w * 0.2, h * 0.16), border_radius=3)
            outlined_text(card, "Guests", (w // 2, int(h * 0.64)), title_size("Guests", w - 8, 12, 11), width=1)
            outlined_text(card, str(vp), (w // 2, int(h * 0.84)), max(11, w // 4), colour=(255, 150, 150))
        else:
            outlined_text(card, str(vp), (w // 2, h // 2), 12, colour=(255, 170, 170), width=1)
        return card

    def bus_card(self, label: str, size: tuple[int, int]) -> pygame.Surface:
        """A bus card: a city bus and its number (969, 696, 699)."""
        w, h = size
        card = blank_card(size, (236, 240, 246), border=(40, 110, 200), margin=3, radius=6)
        body = pygame.Rect(6, h // 4, w - 12, h // 3)
        pygame.draw.rect(card, (40, 110, 200), body, border_radius=4)
        for k in range(3):
            pygame.draw.rect(card, (200, 226, 250), pygame.Rect(body.left + 3 + k * (body.width - 6) // 3, body.top + 3,
                                                               (body.width - 12) // 3, body.height // 2 - 1))
        number = font(max(10, w // 4), True).render(label, True, INK)
        card.blit(number, number.get_rect(center=(w // 2, int(h * 0.78))))
        return card

    def wc_card(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        card = blank_card(size, (90, 150, 196), margin=2, radius=4)
        outlined_text(card, "WC", (w // 2, h // 2), 11, width=1)
        return card

    def secret(self, character: int, size: tuple[int, int]) -> pygame.Surface:
        """A secret character card: the portrait with the name written out."""
        w, h = size
        card = blank_card(size, (44, 40, 56), border=(236, 208, 150), margin=4, radius=8)
        token = self.token(character, (int(w * 0.78), int(h * 0.72)), named=False)
        card.blit(token, token.get_rect(midtop=(w // 2, 6)))
        if w >= 70:  # a smaller card leaves the name to the label beside it
            name = self.box.names[character]
            outlined_text(card, name, (w // 2, int(h * 0.88)), title_size(name, w - 8, 13, 11), width=1,
                          colour=(250, 226, 160))
        return card
