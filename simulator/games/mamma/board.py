"""Where every part of the Mamma table lies on the 1030 x 720 table area.

Top to bottom: the school, bank and W.C. cards; the city's grid of city cards, with
column A (a panel per character: the reference card and the money, ingredients, Guests
and W.C. cards to its left) and column B (the six seats) on its left and a strip on its
right (the W.C. track, or in the Dinner Hour the characters waiting to be placed); the
hospital, bench and church; a bar of buttons; and the band with the viewer's hand, the
two face-up decks, the ingredients still to come, the bus deck, the Guests cards and the
viewer's own secret character. :meth:`Board.spots` says where each card and piece sprite
goes for a given view.
"""
from __future__ import annotations

from typing import Any, Hashable

import pygame

from simulator.ui.sprites import Place as Spot

from .box import CHARACTERS, GRANDPA, SITE_NAMES
from .rules import (BENCH, CHURCH, EXITING, HOSPITAL, SCHOOLBUS, SEAT, TABLE, WAITING, WC,
                    MammaGame)

GRID = pygame.Rect(364, 110, 596, 352)     # the city cards
GAP = 4
TOP_SITES_Y, SITE_H = 58, 48
PANEL_X, PANEL_W = 6, 286                   # column A
SEAT_X, SEAT_W = 296, 62                    # column B
STRIP = pygame.Rect(964, 110, 60, 352)      # the W.C. track / the characters waiting to be placed
BAR = pygame.Rect(6, 518, 1018, 32)         # buttons
BAND_Y = 556                                # labels of the band
HAND_CARD = (70, 100)
# The hand and the decks sit a name tag's height (the last move's, see simulator/ui/marks.py)
# below the band's labels, so neither the tag nor a selected card, lifted, covers a label.
HAND_Y = 652
HAND_X0, HAND_STEP, HAND_SPAN = 42, 66, 330  # the hand: up to six cards side by side, more squeezed
DECK_CARD = (62, 88)
MOVEMENT_DECK = (460, HAND_Y)
MONEY_DECK = (538, HAND_Y)
ROW_X, ROW_W, ROW_STRIP_H = 578, 90, 21     # the ingredients still to come: two columns of strips
ROW_ROWS = 5
BUS_POS = (804, 618)
GUESTS_POS = (890, 618)
SECRET_POS = (975, 622)
SMALL_CARD = (52, 74)
SECRET_CARD = (56, 76)
SECRET_CHOICE = (76, 100)
TOKEN = (60, 54)
MINI_TOKEN = (28, 36)
MONEY_MINI = (22, 32)
FOOD_MINI = (34, 48)
FOOD_NARROW = 24                            # the narrowest an upright ingredients card beside a character gets
TAG_MINI = (22, 26)
REF_W = 94                                  # a reference card in column A


def centred(size: tuple[int, int], centre: tuple[float, float]) -> pygame.Rect:
    rect = pygame.Rect(0, 0, *size)
    rect.center = (round(centre[0]), round(centre[1]))
    return rect


class Board:
    """The rects of the city cards, sites, panels, seats and strip, from the scene's city."""

    def __init__(self, game: MammaGame) -> None:
        self.game = game
        self.box = game.box
        city = game.city
        cols, rows = city.columns, city.rows
        cw = (GRID.width - (cols - 1) * GAP) / cols
        ch = (GRID.height - (rows - 1) * GAP) / rows
        self.cell_size = (int(cw), int(ch))
        self.cells = [pygame.Rect(round(GRID.left + (s % cols) * (cw + GAP)), round(GRID.top + (s // cols) * (ch + GAP)),
                                  int(cw), int(ch)) for s in range(city.size)]
        self.sites: dict[str, pygame.Rect] = {}
        for name, touching, side in zip(SITE_NAMES, city.site_spaces, city.site_sides):
            span = self.cells[touching[0]].unionall([self.cells[s] for s in touching])
            if side == "top":
                self.sites[name] = pygame.Rect(span.left + 3, TOP_SITES_Y, span.width - 6, SITE_H)
            elif side == "bottom":
                self.sites[name] = pygame.Rect(span.left + 3, GRID.bottom + 4, span.width - 6, SITE_H)
            else:
                self.sites[name] = pygame.Rect(STRIP.left, span.top, STRIP.width, span.height)
        self.panels: list[pygame.Rect] = []
        self.seats: list[pygame.Rect] = []
        for c in range(CHARACTERS):  # two seats beside each row of the city, in the family's order
            row = city.row(city.seat_entrances[c])
            mates = [x for x in range(CHARACTERS) if city.row(city.seat_entrances[x]) == row]
            k, n = mates.index(c), len(mates)
            band = self.cells[row * cols]
            h = (band.height - 4 * (n - 1)) / n
            top = round(band.top + k * (h + 4))
            self.panels.append(pygame.Rect(PANEL_X, top, PANEL_W, int(h)))
            self.seats.append(pygame.Rect(SEAT_X, top, SEAT_W, int(h)))
        self.slots = [pygame.Rect(STRIP.left, round(STRIP.top + i * STRIP.height / CHARACTERS), STRIP.width,
                                  int(STRIP.height / CHARACTERS) - 2) for i in range(CHARACTERS)]
        self.track = [pygame.Rect(STRIP.left, round(STRIP.top + i * STRIP.height / city.wc_track), STRIP.width,
                                  int(STRIP.height / city.wc_track) - 2) for i in range(city.wc_track)]
        self.decks = {"movement": centred(DECK_CARD, MOVEMENT_DECK), "money": centred(DECK_CARD, MONEY_DECK)}
        self.bus = centred(SMALL_CARD, BUS_POS)
        self.guests = centred(SMALL_CARD, GUESTS_POS)
        self.secret = centred(SECRET_CARD, SECRET_POS)

    # -- a character's panel in column A (the reference card at its right end) ----------------------------
    def ref_rect(self, c: int) -> pygame.Rect:
        rect = self.panels[c]
        return pygame.Rect(rect.right - REF_W, rect.top, REF_W, rect.height)

    def tag_rect(self, c: int) -> pygame.Rect:
        """Where the Guests card (top) and the W.C. card (bottom) lie."""
        ref = self.ref_rect(c)
        return pygame.Rect(ref.left - 24, ref.top, 22, ref.height)

    def money_slots(self, c: int) -> list[tuple[float, float]]:
        """Centres of the money card places, nearest the reference card first."""
        tags = self.tag_rect(c)
        count = self.box.grandpa_bank_money_cards if c == GRANDPA else self.box.money_cards
        return [(tags.left - 14 - i * 25, tags.centery) for i in range(count)]

    def food_slots(self, ch: dict[str, Any]) -> list[tuple[tuple[float, float], bool, int]]:
        """Centres of a character's ingredients cards, whether each lies sideways, and how wide an
        upright one is drawn: narrower when many (down to FOOD_NARROW) so that each shows whole,
        overlapping only beyond that."""
        rect = self.panels[ch["character"]]
        room = self.money_slots(ch["character"])[-1][0] - 16 - rect.left - 8
        sideways = [card in ch["sideways_cards"] for card in ch["ingredient_cards"]]
        gap = 3.0
        upright = FOOD_MINI[0]
        if sideways.count(False) and sum(FOOD_MINI[1] if s else upright for s in sideways) + gap * len(sideways) > room:
            fit = (room - FOOD_MINI[1] * sideways.count(True) - gap * (len(sideways) - 1)) / sideways.count(False)
            upright = int(max(FOOD_NARROW, min(upright, fit)))
        widths = [FOOD_MINI[1] if s else upright for s in sideways]
        if len(widths) > 1 and sum(widths) + gap * (len(widths) - 1) > room:
            gap = (room - sum(widths)) / (len(widths) - 1)
        out, x = [], rect.left + 6.0
        for width, s in zip(widths, sideways):
            out.append(((x + width / 2, rect.centery), s, upright))
            x += width + gap
        return out

    # -- the city ------------------------------------------------------------------------------------------
    def is_on_the_city(self, pos: tuple[int, int]) -> bool:
        """Is ``pos`` over the city (its cards, the sites around them, the strip)? A piece dropped
        anywhere else was not put anywhere."""
        area = GRID.unionall([*self.sites.values(), STRIP]).inflate(2 * GAP, 2 * GAP)
        return area.collidepoint(pos) or any(seat.collidepoint(pos) for seat in self.seats)

    def place_at(self, pos: tuple[int, int], piece: int | None = None) -> Any:
        """The city space (int), site name or (for ``piece``) "seat" under ``pos``, or None."""
        for space, rect in enumerate(self.cells):
            if rect.inflate(GAP, GAP).collidepoint(pos):
                return space
        for name, rect in self.sites.items():
            if rect.collidepoint(pos):
                return name
        if piece is not None and piece < CHARACTERS and self.seats[piece].collidepoint(pos):
            return SEAT
        return None

    def centre(self, place: Any, piece: int) -> tuple[float, float]:
        """Where ``piece`` stands at ``place`` (a little below a city card's middle: its number is on top)."""
        if isinstance(place, int):
            rect = self.cells[place]
            return rect.centerx, rect.centery + 10
        if place in (SEAT, TABLE) and piece < CHARACTERS:
            return self.seats[piece].center
        if place in self.sites:  # at the right end, clear of the site's name
            rect = self.sites[place]
            return rect.right - 17, rect.centery
        return GRID.center

    def hand_centre(self, i: int, count: int) -> tuple[float, float]:
        step = min(HAND_STEP, HAND_SPAN / max(1, count - 1))
        return HAND_X0 + i * step, HAND_Y

    def arrival_badge(self, c: int) -> pygame.Rect:
        """The badge on the seat of a character at the table: 1st, 2nd ..."""
        badge = pygame.Rect(0, 0, 30, 17)
        badge.topright = (self.seats[c].right + 4, self.seats[c].top - 4)
        return badge

    @staticmethod
    def row_centre(i: int) -> tuple[float, float]:
        """Where the ``i``-th ingredients card still to come lies: down the first column, then the second."""
        column, row = divmod(i, ROW_ROWS)
        return ROW_X + column * (ROW_W + 4) + ROW_W / 2, BAND_Y + 30 + row * (ROW_STRIP_H + 1)

    def panel_at(self, pos: tuple[int, int]) -> int | None:
        for c in range(CHARACTERS):
            if self.panels[c].collidepoint(pos) or self.seats[c].collidepoint(pos):
                return c
        return None

    def deck_at(self, pos: tuple[int, int]) -> str | None:
        return next((deck for deck, rect in self.decks.items() if rect.collidepoint(pos)), None)

    def setup_box(self, phase: str) -> pygame.Rect:
        tall = phase != "draft"
        return pygame.Rect(GRID.left + 20, GRID.top + (40 if tall else 6), GRID.width - 40, 250 if tall else 108)

    def setup_rects(self, phase: str, count: int) -> list[pygame.Rect]:
        box = self.setup_box(phase)
        x0 = box.centerx - (count * (SECRET_CHOICE[0] + 10) - 10) / 2
        return [pygame.Rect(round(x0 + i * (SECRET_CHOICE[0] + 10)), box.top + 46, *SECRET_CHOICE)
                for i in range(count)]

    # -- the sprites ---------------------------------------------------------------------------------------
    def spots(self, v: dict[str, Any], *, hover: Hashable | None, selected: list[int], movable: set[int],
              acting: bool) -> list[Spot]:
        """Where every piece and face-up card of the view lies (hover and selection lift them)."""
        return (self._piece_spots(v, hover, movable) + self._hand_spots(v, hover, selected, acting)
                + self._panel_spots(v) + self._supply_spots(v))

    def piece_face(self, v: dict[str, Any], piece: int, size: tuple[int, int] = TOKEN) -> tuple:
        city = self.game.city
        if piece < CHARACTERS:
            return ("token", piece, size, piece == GRANDPA and v["grandpa_child"])
        if piece == SCHOOLBUS:
            return ("schoolbus", (58, 40), city.schoolbus_cost)
        return ("traffic", (54, 32), city.traffic_costs[piece - SCHOOLBUS - 1])

    def card_face(self, card: int, size: tuple[int, int]) -> tuple:
        return ("movement" if self.box.is_movement(card) else "money", self.box.value[card], size)

    def _piece_spots(self, v: dict[str, Any], hover: Hashable | None, movable: set[int]) -> list[Spot]:
        out = []
        movement, item = v.get("movement"), v.get("pending")
        where = [c["at"] for c in v["characters"]] + [p["at"] for p in v["pieces"]]
        waiting = [c for c, at in enumerate(where[:CHARACTERS]) if at == WAITING]
        for piece, at in enumerate(where):
            size, z = TOKEN, 20
            if isinstance(at, int):
                x, y = self.centre(at, piece)
                crossing = any(a == at for p, a in enumerate(where) if p != piece)
                if movement is not None and movement["piece"] == piece and crossing:
                    x, y, z = x + 9, y - 12, 40  # crossing someone: on top, a little aside
            elif at in (SEAT, TABLE):
                x, y = self.seats[piece].center
            elif at in (BENCH, CHURCH, HOSPITAL):
                size = MINI_TOKEN
                x, y = self.centre(at, piece)
            elif at == WC:
                x, y = self.track[min(max(v["wc_step"], 1), len(self.track)) - 1].center
            elif at == EXITING:  # off the bus next to its stop, or out of the hospital bed
                if item is not None and item["kind"] == "bus-arrival" and item["character"] == piece:
                    x, y = self.centre(item["stop"], piece)
                else:
                    x, y = self.sites[HOSPITAL].midtop
                z = 60
            elif at == WAITING:
                x, y = self.slots[waiting.index(piece)].center
            else:
                continue  # the schoolbus, gone with the Child
            lift = 4.0 if hover == ("piece", piece) and piece in movable else 0.0
            out.append(Spot(("piece", piece), (x, y), self.piece_face(v, piece, size), 0.0, z, lift))
        return out

    def _hand_spots(self, v: dict[str, Any], hover: Hashable | None, selected: list[int], acting: bool) -> list[Spot]:
        box = self.box
        hand = sorted(v.get("hand_cards", []), key=lambda c: (box.is_money(c), box.value[c], c))
        out = []
        for i, card in enumerate(hand):
            lift = 18.0 if card in selected else 8.0 if hover == ("card", card) and acting else 0.0
            out.append(Spot(("card", card), self.hand_centre(i, len(hand)), self.card_face(card, HAND_CARD), 0.0,
                            100 + i, lift))
        return out

    def _panel_spots(self, v: dict[str, Any]) -> list[Spot]:
        out = []
        first_food = self.box.ingredients[0]
        for ch in v["characters"]:
            c = ch["character"]
            for card, centre in zip(ch["money_cards"], self.money_slots(c)):
                out.append(Spot(("card", card), centre, self.card_face(card, MONEY_MINI), 0.0, 10))
            for card, (centre, sideways, width) in zip(ch["ingredient_cards"], self.food_slots(ch)):
                face = ("ingredient", card - first_food, FOOD_MINI if sideways else (width, FOOD_MINI[1]), "mini")
                out.append(Spot(("card", card), centre, face, 90.0 if sideways else 0.0, 10))
            tags = self.tag_rect(c)
            if ch["guests_card"] is not None:
                face = ("guests", self.box.guests_value(ch["guests_card"]), TAG_MINI)
                out.append(Spot(("card", ch["guests_card"]), (tags.centerx, tags.top + 14), face, 0.0, 12))
            if ch["wc_card"] is not None:
                out.append(Spot(("card", ch["wc_card"]), (tags.centerx, tags.bottom - 14), ("wc", TAG_MINI), 0.0, 12))
        return out

    def _supply_spots(self, v: dict[str, Any]) -> list[Spot]:
        out = []
        first_food = self.box.ingredients[0]
        for deck, rect in self.decks.items():
            top = v.get(f"{deck}_top_card")
            if top is not None:
                out.append(Spot(("card", top), rect.center, self.card_face(top, DECK_CARD), 0.0, 5))
        space = v.get("ingredient_space")
        if space is not None:
            card = v["floor_cards"][space]
            face = ("ingredient", card - first_food, (self.cell_size[0] - 4, self.cell_size[1] - 4), "city")
            out.append(Spot(("card", card), self.cells[space].center, face, 0.0, 8))
        for i, card in enumerate(v.get("ingredient_row_cards", [])):
            face = ("ingredient", card - first_food, (ROW_W, ROW_STRIP_H), "strip")
            out.append(Spot(("card", card), self.row_centre(i), face, 0.0, 5))
        supply = v.get("guests_cards", [])
        if supply:
            face = ("guests", self.box.guests_value(supply[0]), SMALL_CARD)
            out.append(Spot(("card", supply[0]), self.guests.center, face, 0.0, 6))
        return out

    @staticmethod
    def whereabouts(v: dict[str, Any]) -> dict[Hashable, Any]:
        """Where each piece and each card beside a character or in the city lies, by sprite key
        (what a move can change for everyone to see)."""
        out: dict[Hashable, Any] = {}
        for ch in v.get("characters", []):
            c = ch["character"]
            out[("piece", c)] = ch["at"]
            for card in ch["money_cards"]:
                out[("card", card)] = ("money", c)
            for card in ch["ingredient_cards"]:
                out[("card", card)] = ("ingredients", c, card in ch["sideways_cards"])
            for card in (ch["guests_card"], ch["wc_card"]):
                if card is not None:
                    out[("card", card)] = ("tag", c)
        for piece in v.get("pieces", []):
            out[("piece", piece["piece"])] = piece["at"]
        space = v.get("ingredient_space")
        if space is not None:
            out[("card", v["floor_cards"][space])] = ("city", space)
        return out

    def spawn_at(self, spot: Spot) -> tuple[float, float] | None:
        """Where a card new to the table comes from: its deck (drawn or dealt)."""
        key = spot.key
        if key[0] == "card" and self.box.is_movement(key[1]):
            return self.decks["movement"].center
        if key[0] == "card" and self.box.is_money(key[1]):
            return self.decks["money"].center
        return None
