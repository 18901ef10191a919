"""Faces of the Wie Weet Wat cards, drawn in code (pygame; used by the table view).

Every face is described by a hashable key (a tuple) so the sprite layer can cache it:

- ``("letter", letter, (w, h), dim)`` a letter card; ``dim`` shades one that may not be played
- ``("joker", chosen, (w, h), dim)`` the Wie Weet Wat card; once played it shows ``chosen``,
  the letter it stood for
- ``("back", (w, h))`` a letter card's back, ``("catback", (w, h))`` a category card's back

Action cards are drawn whole for the notice that announces them (:meth:`CardFaces.action_face`).
"""
from __future__ import annotations

import math
from typing import Hashable, Mapping, Sequence

import pygame

from simulator.ui.card_art import blank_card, burst, card_back, mark, outlined_text
from simulator.ui.theme import GOLD, font, wrap

from .rules import JOKER

NAVY = (34, 56, 118)
CREAM = (252, 246, 228)
PURPLE = (92, 46, 146)
TEAL = (20, 112, 122)
ACTION_COLOURS = {"grote_kans": (214, 138, 28), "vicieuze_cirkel": (150, 56, 150), "rotonde": (36, 124, 186),
                  "verkiezingspartij": (204, 66, 106), "verloren_geluk": (52, 146, 78),
                  "te_veel_keuze": (112, 84, 196), "pechvogel": (86, 88, 100)}


class CardFaces:
    """Draws the faces of one game's cards: ``card_letter`` per letter card, ``card_name`` per action kind
    and ``deck_name`` on the back of the category cards, in the edition's language."""

    def __init__(self, card_letter: Sequence[str], card_name: Mapping[str, str], deck_name: str) -> None:
        self.card_letter = card_letter
        self.card_name = card_name
        self.deck_name = deck_name

    def face_key(self, card: int, size: tuple[int, int], *, dim: bool = False, chosen: str = "") -> tuple:
        letter = self.card_letter[card]
        if letter == JOKER:
            return ("joker", chosen, size, dim)
        return ("letter", letter, size, dim)

    def render(self, face: Hashable) -> pygame.Surface:
        """The surface for a face key (the sprite layer caches it)."""
        kind = face[0]
        if kind == "back":
            return card_back(face[1], "Wie Weet Wat", fill=NAVY)
        if kind == "catback":
            return card_back(face[1], self.deck_name, fill=TEAL)
        if kind == "joker":
            _, chosen, size, dim = face
            return self._joker_face(chosen, size, dim)
        _, letter, size, dim = face
        return self._letter_face(letter, size, dim)

    @staticmethod
    def _letter_face(letter: str, size: tuple[int, int], dim: bool) -> pygame.Surface:
        w, h = size
        card = blank_card(size, CREAM, border=NAVY, margin=4)
        pygame.draw.rect(card, (*NAVY, 255), pygame.Rect(7, 7, w - 14, h - 14), width=1, border_radius=6)
        big = font(int(h * 0.58), True).render(letter, True, NAVY)
        card.blit(big, big.get_rect(center=(w // 2, h // 2 + 2)))
        if w >= 60:
            small = font(max(10, h // 8), True).render(letter, True, NAVY)
            card.blit(small, small.get_rect(topleft=(10, 8)))
            card.blit(pygame.transform.rotate(small, 180), small.get_rect(bottomright=(w - 10, h - 8)))
        if dim:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (10, 14, 20, 150), shade.get_rect(), border_radius=10)
            card.blit(shade, (0, 0))
        return card

    @staticmethod
    def _joker_face(chosen: str, size: tuple[int, int], dim: bool) -> pygame.Surface:
        """The Wie Weet Wat card: purple and gold; once played it shows the letter it stood for."""
        w, h = size
        card = blank_card(size, PURPLE, border=GOLD, margin=4)
        mark(card, "star", (w // 2, int(h * 0.2)), max(4, w * 0.13), colour=GOLD)
        step = h * 0.17
        for i, word in enumerate(("WIE", "WEET", "WAT")):
            outlined_text(card, word, (w // 2, int(h * 0.42 + i * step)), max(9, int(w * 0.2)), colour=GOLD, width=1)
        if chosen:
            r = max(8, w // 5)
            centre = (w - r - 3, h - r - 3)
            pygame.draw.circle(card, GOLD, centre, r + 2)
            pygame.draw.circle(card, CREAM, centre, r)
            letter = font(int(r * 1.4), True).render(chosen, True, NAVY)
            card.blit(letter, letter.get_rect(center=centre))
        if dim:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (10, 14, 20, 150), shade.get_rect(), border_radius=10)
            card.blit(shade, (0, 0))
        return card

    def action_face(self, kind: str, size: tuple[int, int]) -> pygame.Surface:
        """An action card: its colour, a sign and its Dutch name."""
        w, h = size
        colour = ACTION_COLOURS[kind]
        card = blank_card(size, colour, border=CREAM, margin=5)
        centre = (w // 2, int(h * 0.58))
        r = w * 0.26
        light = tuple(min(255, c + 90) for c in colour)
        if kind == "grote_kans":
            burst(card, centre, r * 1.25, GOLD)
            mark(card, "star", centre, r * 0.55, colour=CREAM)
        elif kind in ("vicieuze_cirkel", "rotonde"):
            rect = pygame.Rect(0, 0, int(2 * r), int(2 * r))
            rect.center = centre
            pygame.draw.arc(card, light, rect, 0.3, 2 * math.pi - 0.3, width=6)
            tip = (rect.right - 2, centre[1] - 10)
            pygame.draw.polygon(card, light, [(tip[0] - 10, tip[1]), (tip[0] + 10, tip[1]), (tip[0], tip[1] + 14)])
            if kind == "vicieuze_cirkel":
                outlined_text(card, "?!", centre, int(r), colour=CREAM, width=1)
        elif kind == "verkiezingspartij":
            for dx, c in ((-r * 0.6, GOLD), (0, CREAM), (r * 0.6, light)):
                pygame.draw.circle(card, c, (centre[0] + dx, centre[1] - r * 0.2), r * 0.42)
                pygame.draw.line(card, CREAM, (centre[0] + dx, centre[1] + r * 0.2), (centre[0], centre[1] + r), 2)
        elif kind == "verloren_geluk":
            for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
                pygame.draw.circle(card, light, (centre[0] + dx * r * 0.35, centre[1] + dy * r * 0.35), r * 0.4)
            pygame.draw.line(card, colour, (centre[0] - r, centre[1] + r), (centre[0] + r, centre[1] - r), 5)
        elif kind == "te_veel_keuze":
            for dx in (-r * 0.7, 0, r * 0.7):
                outlined_text(card, "?", (int(centre[0] + dx), centre[1]), int(r * 1.1), colour=CREAM, width=1)
        else:  # pechvogel: a storm cloud and a bolt
            for dx, rr in ((-r * 0.45, 0.45), (0, 0.6), (r * 0.45, 0.45)):
                pygame.draw.circle(card, light, (centre[0] + dx, centre[1] - r * 0.3), r * rr)
            x, y = centre[0], centre[1]
            pygame.draw.polygon(card, GOLD, [(x, y - 2), (x - 10, y + 20), (x - 1, y + 20), (x - 8, y + 40),
                                             (x + 12, y + 12), (x + 2, y + 12), (x + 8, y - 2)])
        lines = wrap(self.card_name[kind], w - 16, 20, True)
        for i, line in enumerate(lines[:2]):
            outlined_text(card, line, (w // 2, 24 + 22 * i), 20, colour=CREAM, width=2)
        return card
