"""Where everything lies on the 1030 x 720 Zoo-Wee Mama! table (pygame rects; used by the view and its painters).

The others sit along the top edge in turn order (the next bidder on the left), the
displayed player's card lies large at the bottom left beside the bid panel, and the
middle band holds the draw pile, the Secret Card, the bids of the round and the
Psychic cards set aside. At a challenge the cards form one counting row in that band.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

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
ASIDE_BESIDE_ROW_RECT = pygame.Rect(792, 486, 226, 222)   # below the counting row, which fills the band
PANEL_RECT = pygame.Rect(280, 462, 742, 252)
VERDICT_RECT = pygame.Rect(296, 470, 484, 244)
GAME_OVER_RECT = pygame.Rect(296, 520, 480, 150)
PILE_SHOWN = 6           # backs drawn per won pile (the badge gives the count)
PILE_LABEL = 24          # the label over the bottom of the draw pile and the Secret Card (backs keep it clear)


@dataclass(frozen=True)
class Seating:
    """Where each seat's card and won pile lie with ``bottom`` at the bottom edge of ``area``."""

    players: int
    bottom: int
    area: pygame.Rect

    def top_seats(self) -> list[int]:
        """The others from the bottom seat's left (the next bidder) to their right."""
        return [(self.bottom + k) % self.players for k in range(1, self.players)]

    def card_pos(self, seat: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """Centre and size of ``seat``'s card while bidding."""
        if seat == self.bottom:
            return OWN_POS, BIG
        tops = self.top_seats()
        slot = (self.area.width - 24) / len(tops)
        # the card and its won pile share the slot, so the card sits left of the slot's centre
        x = 12 + slot * (tops.index(seat) + 0.5) - 38
        return (round(x), TOP_Y), MID

    def pile_pos(self, seat: int) -> tuple[int, int]:
        """Centre of ``seat``'s won pile."""
        if seat == self.bottom:
            return OWN_PILE_POS
        (x, y), _ = self.card_pos(seat)
        return x + MID[0] // 2 + 38, y + 24

    def row_pos(self, i: int, count: int) -> tuple[int, int]:
        """Centre of place ``i`` of the counting row of ``count`` cards."""
        spacing = MID[0] + 14
        return round(self.area.centerx + (i - (count - 1) / 2) * spacing), MIDDLE_Y


def aside_rect(beside_row: bool) -> pygame.Rect:
    """The panel of the Psychic cards set aside (moved out of the band while the row fills it)."""
    return ASIDE_BESIDE_ROW_RECT if beside_row else ASIDE_RECT


def aside_pos(rect: pygame.Rect, i: int) -> tuple[int, int]:
    """Centre of the ``i``-th Psychic card in the aside panel ``rect``, four to a line."""
    per_row = 4
    return (rect.left + 34 + (i % per_row) * 58, rect.top + 78 + (i // per_row) * 40)
