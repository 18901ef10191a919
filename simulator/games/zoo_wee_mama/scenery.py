"""What the Zoo-Wee Mama! table paints around the card sprites (pygame; used by the table view).

While bidding: the slots of the draw pile and the Secret Card with their labels, the
round's bids, the gold halo round the bidder's card and the symbol being picked marked
on every visible card. Always: the name plates with each seat's latest bid in a speech
bubble, the won piles, the Psychic cards set aside, and the panel at the bottom when the
viewer has nothing to pick (waiting for another bidder, the game's end).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from simulator.ui.theme import GOLD, HIGHLIGHT, INK, TEXT, TEXT_DIM, font, panel, text

from .faces import PSYCHIC_FILL, PSYCHIC_GLOW, count_badge, mark_symbol
from .icons import symbol_icon
from .layout import (BIDS_RECT, BIG, DECK_POS, GAME_OVER_RECT, MID, OWN_POS, PANEL_RECT, PILE_LABEL,
                     PILE_SHOWN, SECRET_POS, SMALL, VERDICT_RECT, Seating)
from .rules import BIDDING, ZooWeeMamaGame
from .words import TableWords


# -- the middle band while bidding --------------------------------------------------------------
def draw_middle(surface: pygame.Surface, v: dict[str, Any], words: TableWords, viewer: int | None) -> None:
    """The felt slots under the draw pile and the Secret Card, and the round's bids."""
    for pos in (DECK_POS, SECRET_POS):
        rect = pygame.Rect(0, 0, MID[0] + 8, MID[1] + 8)
        rect.center = pos
        pygame.draw.rect(surface, (24, 78, 54), rect, border_radius=12)
        pygame.draw.rect(surface, (60, 130, 96), rect, width=2, border_radius=12)
    _draw_bid_history(surface, v, words, viewer)


def _draw_bid_history(surface: pygame.Surface, v: dict[str, Any], words: TableWords, viewer: int | None) -> None:
    """The last five bids of the round, the latest large; before the first, who opens and how."""
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
        opening, rule = words.opening(v, viewer)
        text(surface, opening, (rect.left + 14, rect.top + 52), size=22, bold=True)
        text(surface, rule, (rect.left + 14, rect.top + 86), size=16, colour=TEXT_DIM)
        if v["psychic_round"] and viewer is not None:
            text(surface, "You see the others' cards; your own shows its back.", (rect.left + 14, rect.top + 112),
                 size=15, colour=PSYCHIC_GLOW)
        return
    y = rect.top + 40
    for i, bid in enumerate(shown):
        latest = i == len(shown) - 1
        size = 24 if latest else 16
        colour = GOLD if latest else TEXT
        name = words.who(bid["seat"], viewer)
        x = rect.left + 14
        text(surface, name, (x, y + (4 if latest else 0)), size=size - 4 if latest else 15, bold=latest,
             colour=colour)
        x = rect.left + 150
        label = text(surface, f"{bid['number']} ×", (x, y), size=size, bold=True, colour=colour)
        icon = symbol_icon(words.symbols[bid["symbol"]], size + 6)
        surface.blit(icon, (label.right + 6, y - 2))
        text(surface, words.symbols[bid["symbol"]].name, (label.right + size + 18, y), size=size, bold=latest,
             colour=colour)
        y += 32 if latest else 22


def draw_card_hints(surface: pygame.Surface, v: dict[str, Any], game: ZooWeeMamaGame, seating: Seating,
                    viewer: int | None, symbol: int | None) -> None:
    """Labels on the middle cards, the Psychic hint on your own card, and ``symbol`` (the one
    being considered, if any) marked on every card you can see."""
    for pos, label in ((DECK_POS, f"Draw pile: {v['draw_pile_size']}"), (SECRET_POS, "Secret Card")):
        if label.startswith("Secret") and not v["secret_size"]:
            continue
        rect = pygame.Rect(0, 0, MID[0] + 4, PILE_LABEL)
        rect.midbottom = (pos[0], pos[1] + MID[1] // 2 - 6)
        panel(surface, rect, alpha=215, radius=10)
        text(surface, label, rect.center, size=14, bold=True, anchor="center")
    if v["hand_sizes"][seating.bottom] and v["psychic_round"] and viewer is not None:
        rect = pygame.Rect(0, 0, BIG[0] - 16, 40)
        rect.midbottom = (OWN_POS[0], OWN_POS[1] + BIG[1] // 2 - 10)
        panel(surface, rect, colour=(30, 24, 40), alpha=225, radius=10)
        text(surface, "Only the others", (rect.centerx, rect.top + 3), size=14, bold=True,
             colour=PSYCHIC_GLOW, anchor="midtop")
        text(surface, "can see your card", (rect.centerx, rect.top + 20), size=14, bold=True,
             colour=PSYCHIC_GLOW, anchor="midtop")
    if symbol is None:
        return
    for s, card in enumerate(v["hand_cards"]):
        if card is None or not v["hand_sizes"][s]:
            continue
        pos, size = seating.card_pos(s)
        mark_symbol(surface, game.card_symbols[card], size, pos, symbol, None)


def draw_turn_halo(surface: pygame.Surface, v: dict[str, Any], seating: Seating) -> None:
    """A gold frame round the card of the seat to bid."""
    current = v["current"]
    if v["phase"] != BIDDING or current is None or not v["hand_sizes"][current]:
        return
    pos, size = seating.card_pos(current)
    halo = pygame.Rect(0, 0, size[0] + 14, size[1] + 14)
    halo.center = pos
    pygame.draw.rect(surface, GOLD, halo, width=5, border_radius=14)


# -- the seats -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class NamePlate:
    """A seat's name plate where it lies now, and the seat's latest bid beside it (while bidding)."""

    seat: int
    label: str
    rect: pygame.Rect
    acting: bool
    bid: dict[str, Any] | None
    latest: bool

    @property
    def bubble(self) -> pygame.Rect | None:
        """The bid's speech bubble right of the plate."""
        if self.bid is None:
            return None
        rect = pygame.Rect(0, 0, font(16, True).size(f"{self.bid['number']} ×")[0] + 40, 28)
        rect.midleft = (self.rect.right + 9, self.rect.centery)
        return rect

    @property
    def bounds(self) -> pygame.Rect:
        """The plate and its bubble together."""
        bubble = self.bubble
        return self.rect.union(bubble) if bubble else self.rect.copy()


def name_plates(v: dict[str, Any], words: TableWords, viewer: int | None, name_centres: list[tuple[int, int]],
                area: pygame.Rect) -> list[NamePlate]:
    """Each seat's plate at its centre in ``name_centres`` (kept inside ``area``), with its latest bid."""
    bidding = v["phase"] == BIDDING
    last_bid: dict[int, dict[str, Any]] = {}
    for bid in v["bids"]:
        last_bid[bid["seat"]] = bid
    out = []
    for seat, centre in enumerate(name_centres):
        name = words.names[seat]
        label = name if seat != viewer else ("You" if name == "You" else f"{name} (you)")
        rect = pygame.Rect(0, 0, max(110, font(15, True).size(label)[0] + 24), 26)
        rect.center = centre
        rect.clamp_ip(area.inflate(-8, -8))
        bid = last_bid.get(seat) if bidding else None
        out.append(NamePlate(seat, label, rect, v["current"] == seat and bidding, bid,
                             bid is not None and bid is v["bids"][-1]))
    return out


def draw_name_plate(surface: pygame.Surface, plate: NamePlate, words: TableWords) -> None:
    """A name plate (gold for the bidder to act) and the seat's latest bid as a speech bubble."""
    acting = plate.acting
    panel(surface, plate.rect, colour=(70, 60, 16) if acting else (16, 20, 26), alpha=225, radius=12,
          border=GOLD if acting else None)
    text(surface, plate.label, plate.rect.center, size=15, bold=True, colour=GOLD if acting else TEXT,
         anchor="center")
    bubble = plate.bubble
    if bubble is not None:
        _draw_bubble(surface, words, plate.bid, bubble, (plate.rect.right + 2, plate.rect.centery),
                     latest=plate.latest)


def _draw_bubble(surface: pygame.Surface, words: TableWords, bid: dict[str, Any], rect: pygame.Rect,
                 tip: tuple[int, int], *, latest: bool) -> None:
    """A speech bubble with a seat's bid in ``rect``, its tail at ``tip``."""
    fill = (255, 244, 200) if latest else (236, 236, 236)
    pygame.draw.polygon(surface, fill, [(rect.left + 1, tip[1] - 6), (rect.left + 1, tip[1] + 6), tip])
    pygame.draw.rect(surface, fill, rect, border_radius=10)
    pygame.draw.rect(surface, GOLD if latest else (150, 150, 150), rect, width=2, border_radius=10)
    text(surface, f"{bid['number']} ×", (rect.left + 8, rect.centery), size=16, bold=True, colour=INK,
         anchor="midleft")
    icon = symbol_icon(words.symbols[bid["symbol"]], 24)
    surface.blit(icon, icon.get_rect(midright=(rect.right - 5, rect.centery)))


def draw_piles(surface: pygame.Surface, v: dict[str, Any], seating: Seating) -> None:
    """Under and over each won pile's sprites: an empty slot, the count badge, the word "won"."""
    for seat, pile in enumerate(v["won_cards"]):
        x, y = seating.pile_pos(seat)
        if not pile:
            rect = pygame.Rect(0, 0, SMALL[0], SMALL[1])
            rect.center = (x, y)
            pygame.draw.rect(surface, (40, 104, 74), rect, width=2, border_radius=8)
        shown = min(len(pile), PILE_SHOWN)
        top = (x + (shown - 1) * 2 + SMALL[0] // 2 - 4, y - (shown - 1) * 3 - SMALL[1] // 2 + 4)
        count_badge(surface, top, 13, len(pile), fill=(30, 110, 60) if pile else (60, 66, 80))
        text(surface, "won", (x, y + SMALL[1] // 2 + 2), size=12, colour=TEXT_DIM, anchor="midtop")


def draw_aside(surface: pygame.Surface, v: dict[str, Any], words: TableWords, rect: pygame.Rect,
               aside: list[tuple[int, str]]) -> None:
    """The panel under the Psychic cards set aside, saying what they wait for."""
    if not aside:
        return
    panel(surface, rect, colour=(40, 22, 70), alpha=200, radius=14, border=PSYCHIC_GLOW)
    text(surface, "Psychic cards aside", (rect.left + 12, rect.top + 8), size=15, bold=True, colour=PSYCHIC_GLOW)
    prize = sum(1 for _, what in aside if what == "prize")
    notes = words.aside_notes(v, prize, len(aside) - prize)
    for i, note in enumerate(notes):
        text(surface, note, (rect.left + 12, rect.bottom - 44 + 20 * i), size=13,
             colour=TEXT if i else HIGHLIGHT)


# -- the bottom panel when there is nothing to pick -----------------------------------------------
def draw_waiting(surface: pygame.Surface, v: dict[str, Any], words: TableWords, viewer: int | None) -> None:
    """Whom the table waits for while another seat bids."""
    rect = pygame.Rect(PANEL_RECT.left, PANEL_RECT.top + 40, PANEL_RECT.width, 150)
    panel(surface, rect, alpha=150, radius=16)
    if v["current"] is None:
        return
    title, line = words.waiting(v, viewer)
    text(surface, title, (rect.centerx, rect.top + 30), size=24, bold=True, anchor="midtop")
    text(surface, line, (rect.centerx, rect.top + 76), size=16, colour=TEXT_DIM, anchor="midtop")


def draw_game_over(surface: pygame.Surface, v: dict[str, Any], result: str) -> None:
    """The end of the game: why it ended and the ``result`` line."""
    rect = GAME_OVER_RECT
    panel(surface, rect, alpha=225, radius=16, border=(90, 96, 110))
    text(surface, "Game over", (rect.centerx, rect.top + 16), size=26, bold=True, colour=GOLD, anchor="midtop")
    text(surface, v["end_reason"], (rect.centerx, rect.top + 56), size=15, colour=TEXT_DIM, anchor="midtop")
    draw_result_line(surface, result, rect.bottom - 30)


def draw_result_line(surface: pygame.Surface, result: str, y: int) -> None:
    """Who won the game, in gold, its bottom at ``y`` (under the verdict or the game-over panel)."""
    text(surface, result, (VERDICT_RECT.centerx, y), size=18, bold=True, colour=GOLD, anchor="midbottom")
