"""The fixed scenery of the Mamma table and the marks laid over it (pygame; used by view.py).

:class:`Scenery` paints what is not a card sprite: the city cards, the sites, the panels
of column A, the seats of column B, the strip, the labels of the band and the set-up
panel. The functions below it paint the marks of the moment: lit places, paths, the
button bar, the cost beside a dragged piece and hover notes.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Hashable, Sequence

import pygame

from simulator.ui.card_art import title_size
from simulator.ui.theme import (GOLD, HIGHLIGHT, INK, TABLE_RECT, TEXT, TEXT_DIM, WHITE, fitting_size, font, panel, text,
                                ui_size)

from .board import (BAND_Y, BAR, GRID, HAND_X0, MONEY_MINI, PANEL_W, PANEL_X, ROW_X, SEAT_W, SEAT_X,
                    SMALL_CARD, STRIP, Board)
from .box import GRANDPA
from .drawing import CHARACTER_RGB, PAPER, checkered, club
from .rules import BENCH, CHURCH, HOSPITAL, SEAT, TABLE, WAITING, WC

FELT_SLOT = (22, 74, 52)
LIT = (120, 236, 140)
SITE_FILLS = {"school": (214, 120, 80), "bank": (90, 130, 90), "wc": (90, 150, 196),
              "hospital": (236, 236, 240), "bench": (150, 110, 70), "church": (170, 160, 200)}
SITE_TITLES = {"school": "School", "bank": "Bank", "wc": "W.C.", "hospital": "Hospital", "bench": "Bench · safe",
               "church": "Church · safe"}
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


# Pixels across a label of the band under the bus deck, the Guests and the secret character.
BAND_ROOM = 84


def small() -> int:
    """The smallest words on the table: 13 px, larger with the larger-text setting."""
    return ui_size(13)


def fitting(words: str, room: int, largest: int, *, bold: bool = False, smallest: int = 13) -> int:
    """The largest size up to ``largest`` at which ``words`` fit across ``room`` pixels (``smallest``
    if none does: the table's words are never smaller than 13 px unless a name must fit)."""
    return fitting_size(words, room, largest, bold=bold, smallest=smallest)


def fitted(surface: pygame.Surface, words: str, pos: tuple[int, int], room: int, *, bold: bool = False,
           colour=TEXT, anchor: str = "midtop") -> None:
    """``words`` at the table's small size, or smaller as far as needed to fit ``room`` pixels."""
    text(surface, words, pos, size=fitting(words, room, small(), bold=bold), bold=bold, colour=colour, anchor=anchor)


def glow_rect(surface: pygame.Surface, rect: pygame.Rect, colour, width: int = 3) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(4, 4), width, border_radius=8)


def polyline(surface: pygame.Surface, points: Sequence[tuple[float, float]], colour) -> None:
    """A path through the city: a line with a dot on every place."""
    if len(points) > 1:
        pygame.draw.lines(surface, INK, False, points, 9)
        pygame.draw.lines(surface, colour, False, points, 5)
    for point in points:
        pygame.draw.circle(surface, INK, point, 6)
        pygame.draw.circle(surface, colour, point, 4)


class Scenery:
    """Paints the fixed parts of the table for a view; ``face`` gives cached card faces."""

    def __init__(self, board: Board, face: Callable[[Hashable], pygame.Surface]) -> None:
        self.board = board
        self.box = board.box
        self.city = board.game.city
        self.face = face
        self._background: pygame.Surface | None = None
        self._background_size = 0  # the small text size it was drawn at (the setting may change)

    def background(self) -> pygame.Surface:
        """The city cards with their numbers, club marks, taxi and bus stops; drawn once."""
        if self._background is not None and self._background_size == small():
            return self._background
        layer = pygame.Surface(TABLE_RECT.size, pygame.SRCALPHA)
        city = self.city
        for space, rect in enumerate(self.board.cells):
            pygame.draw.rect(layer, (0, 0, 0, 70), rect.move(2, 3), border_radius=6)
            pygame.draw.rect(layer, (236, 230, 212), rect, border_radius=6)
            pygame.draw.rect(layer, (170, 160, 136), rect, 1, border_radius=6)
            number = font(13, True).render(str(city.number(space)), True, (120, 110, 90))  # leaves room for a cost
            layer.blit(number, number.get_rect(topleft=(rect.left + 5, rect.top + 3)))
            if space in city.clubs:
                club(layer, (rect.right - 10, rect.top + 10), 7, (96, 120, 96))
            signs = ([("TAXI", (250, 204, 40), INK)] if space == city.taxi else []) + (
                [("BUS", (40, 110, 200), WHITE)] if space in city.bus_stops else [])
            for label, fill, ink in signs:
                word = font(small(), True).render(label, True, ink)
                sign = pygame.Rect(0, 0, max(40, word.get_width() + 8), max(16, word.get_height() - 2))
                sign.midbottom = (rect.centerx, rect.bottom - 4)
                pygame.draw.rect(layer, fill, sign, border_radius=3)
                pygame.draw.rect(layer, INK, sign, 1, border_radius=3)
                layer.blit(word, word.get_rect(center=sign.center))
            if space in city.seat_entrances:  # the way into column B
                pygame.draw.polygon(layer, (150, 140, 110), [(rect.left - 1, rect.centery - 6),
                                                             (rect.left - 6, rect.centery),
                                                             (rect.left - 1, rect.centery + 6)])
        for x, label in ((PANEL_X + PANEL_W // 2, "The family: ingredients · money"),
                         (SEAT_X + SEAT_W // 2, "Seats")):
            text(layer, label, (x, GRID.top - 8), size=small(), bold=True, colour=TEXT, anchor="midbottom")
        self._background, self._background_size = layer, small()
        return layer

    def sites(self, surface: pygame.Surface, v: dict[str, Any], lit: dict[Any, int]) -> None:
        """School, bank (either side), W.C., hospital, bench, church; lit when a drag can end there."""
        subs = {"school": "the Child is out" if v["grandpa_child"] else "", "bank": "",
                "wc": "1 mp in · 6 turns", "hospital": "one bed", "bench": "1 mp on · 3 off",
                "church": "3 mp to leave"}
        titles = dict(SITE_TITLES)
        for name in (HOSPITAL, BENCH, CHURCH):  # who is there (the token is too small for a name)
            occupant = v["sites"][name]["occupant"]
            if occupant is not None:  # the words make room for the token at the right end
                subs[name] = self.box.names[occupant]
                titles[name] = titles[name].split(" · ")[0]
        for name, rect in self.board.sites.items():
            pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=8)
            pygame.draw.rect(surface, SITE_FILLS[name], rect, border_radius=8)
            pygame.draw.rect(surface, WHITE, rect, 2, border_radius=8)
            colour = INK if name == "hospital" else WHITE
            title, sub = titles[name], subs[name]
            if name == "bank" and v["bank_flipped"]:
                title, sub = "Bank (flipped)", "Grandpa: 3 money"
            x = rect.left + 8
            if name == "hospital":  # a red cross before the name
                pygame.draw.rect(surface, (210, 40, 40), pygame.Rect(x, rect.top + 12, 14, 4))
                pygame.draw.rect(surface, (210, 40, 40), pygame.Rect(x + 5, rect.top + 7, 4, 14))
                x += 17
            text(surface, title, (x, rect.top + 4), size=fitting(title, rect.right - x - 4, ui_size(14), bold=True),
                 bold=True, colour=colour)
            below = rect.top + 11 + ui_size(14)
            if lit.get(name) is not None:  # where the picked piece could stop: its cost instead of the rules
                glow_rect(surface, rect, LIT)
                words = f"{lit[name]} mp to get here"
                size = fitting(words, rect.right - x - 6, small(), bold=True)
                pill = pygame.Rect(x - 4, below, font(size, True).size(words)[0] + 10, size + 5)
                pygame.draw.rect(surface, LIT, pill, border_radius=8)
                text(surface, words, pill.center, size=size, bold=True, colour=INK, anchor="center")
            elif sub:
                size = fitting(sub, rect.right - x - 4, small())
                while size > 11 and below + font(size).get_height() > rect.bottom:
                    size -= 1  # larger text: the site's second line stays inside it
                text(surface, sub, (x, below), size=size, colour=colour)

    def strip(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        """The W.C. track (turns 1-6), or in the Dinner Hour the places of those waiting to be placed."""
        waiting = v["dinner"] or any(c["at"] == WAITING for c in v["characters"])
        label = "To place" if waiting else "W.C. turns"
        fitted(surface, label, (STRIP.centerx, STRIP.top - 8), STRIP.width + 4, bold=True, anchor="midbottom")
        if waiting:
            for rect in self.board.slots:
                pygame.draw.rect(surface, FELT_SLOT, rect, border_radius=6)
            return
        inside = v["sites"][WC]["occupant"] is not None
        for i, rect in enumerate(self.board.track):
            here = inside and i + 1 == max(1, v["wc_step"])
            pygame.draw.rect(surface, (40, 96, 130) if here else FELT_SLOT, rect, border_radius=6)
            pygame.draw.rect(surface, (90, 150, 196), rect, 1, border_radius=6)
            mark = "out next" if i == len(self.board.track) - 1 else str(i + 1)
            fitted(surface, mark, (rect.centerx, rect.bottom - 2), rect.width - 4, anchor="midbottom")

    def panels(self, surface: pygame.Surface, v: dict[str, Any], *, choosable: set[int]) -> None:
        """Column A: each character's panel, its money places (the Grandpa's third opens at the bank)
        and its reference card; those the player may choose now glow."""
        for ch in v["characters"]:
            c = ch["character"]
            rect = self.board.panels[c]
            panel(surface, rect, colour=(14, 40, 30), alpha=170, radius=8)
            for i, centre in enumerate(self.board.money_slots(c)):
                slot = pygame.Rect(0, 0, *MONEY_MINI)
                slot.center = (int(centre[0]), int(centre[1]))
                locked = c == GRANDPA and i >= self.box.money_cards and not v["bank_flipped"]
                pygame.draw.rect(surface, (50, 56, 60) if locked else (60, 90, 70), slot, 1, border_radius=3)
                if locked:  # a padlock: opens at the bank (the panel's hover note says so)
                    body = pygame.Rect(0, 0, 12, 9)
                    body.midtop = (slot.centerx, slot.centery - 1)
                    pygame.draw.arc(surface, (130, 140, 140), pygame.Rect(body.left + 2, body.top - 8, 8, 12),
                                    0, math.pi, 2)
                    pygame.draw.rect(surface, (130, 140, 140), body, border_radius=2)
            self.reference(surface, v, ch)
            if c in choosable:
                glow_rect(surface, rect, HIGHLIGHT, width=2)

    def reference(self, surface: pygame.Surface, v: dict[str, Any], ch: dict[str, Any]) -> None:
        """A reference card: name, age, bonus, money, and what the city's ingredients cost it."""
        c = ch["character"]
        ref = self.board.ref_rect(c)
        pygame.draw.rect(surface, PAPER, ref, border_radius=6)
        band = pygame.Rect(ref.left, ref.top, ref.width, 16)
        pygame.draw.rect(surface, CHARACTER_RGB[c], band, border_top_left_radius=6, border_top_right_radius=6)
        child = c == GRANDPA and v["grandpa_child"]
        name = f"{ch['name']} + Child" if child else ch["name"]
        size = title_size(name, band.width - 4, 13, 11)
        if font(size, True).size(name)[0] > band.width - 4:  # "Grandpa + Child" is too long even at 11
            name = name.replace(" + ", "+")
            size = title_size(name, band.width, 13, 11)
        text(surface, name, band.center, size=size, bold=True, colour=WHITE, anchor="center")
        bonus = self.box.grandpa_with_child_vp if child else self.box.bonus_vp[c]
        x, y = ref.left + 5, band.bottom - 3  # the type's own top margin is about 3 pixels
        line = min(small(), (ref.bottom - y - 1) // 3)  # three lines in the card, as large as it holds
        age = f"age {ch['age']}" + (f" · {bonus:+d} vp" if bonus else "")
        size = fitting(age, ref.right - x - 2, line)
        text(surface, age, (x, y), size=size, colour=INK)
        text(surface, f"money {ch['money']}", (x, y + line), size=size, bold=True, colour=(30, 100, 40))
        if ch["at"] == TABLE:
            status = f"seated {ORDINALS[v['arrivals'].index(c)]}" if c in v["arrivals"] else "seated"
        elif ch["bought_this_turn"]:
            status = "bought: done"
        elif ch["price"] is not None:
            status = f"buys for {ch['price']}"
        else:
            status = ""
        if status:
            text(surface, status, (x, y + 2 * line), size=size, colour=(90, 70, 50))

    def seats(self, surface: pygame.Surface, v: dict[str, Any], lit_seat: int | None) -> None:
        """Column B: each character's own seat at the table (checkered); its short name while away."""
        for c, rect in enumerate(self.board.seats):
            inner = rect.inflate(-6, -4)
            layer = pygame.Surface(inner.size)
            checkered(layer, layer.get_rect(), ((200, 200, 200), (150, 40, 40)), 7)
            layer.set_alpha(110)
            surface.blit(layer, inner)
            pygame.draw.rect(surface, CHARACTER_RGB[c], rect, 2, border_radius=6)
            if v["characters"][c]["at"] not in (SEAT, TABLE):  # an empty seat: whose it is
                name = self.box.names[c]
                size = fitting(name, rect.width - 8, small(), smallest=11)
                label = pygame.Rect(0, 0, rect.width - 6, size + 5)
                label.center = rect.center
                pygame.draw.rect(surface, (20, 24, 30), label, border_radius=5)
                text(surface, name, label.center, size=size, colour=WHITE, anchor="center")
            if lit_seat == c:
                glow_rect(surface, rect, LIT)

    def arrivals(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        """A badge on each seat taken at the table: 1st, 2nd ..."""
        for place, c in enumerate(v["arrivals"]):
            badge = self.board.arrival_badge(c)
            pygame.draw.rect(surface, GOLD, badge, border_radius=8)
            pygame.draw.rect(surface, INK, badge, 1, border_radius=8)
            fitted(surface, ORDINALS[place], badge.center, badge.width - 4, bold=True, colour=INK, anchor="center")

    def band(self, surface: pygame.Surface, v: dict[str, Any], viewer: int | None, *, guests_mode: bool) -> None:
        """Labels and places of the hand, the decks, the ingredients to come, the bus, the Guests, the secret."""
        box = self.box
        if viewer is None:
            text(surface, "Hands are hidden", (HAND_X0 - 30, BAND_Y), size=small(), colour=TEXT_DIM)
        else:
            mp = sum(box.value[c] for c in v["hand_cards"] if box.is_movement(c))
            count = len(v["hand_cards"])
            text(surface, f"Your hand · {count} card{'s' if count != 1 else ''} · {mp} mp in movement cards",
                 (HAND_X0 - 30, BAND_Y), size=small(), bold=True, colour=TEXT)
        for deck, rect in self.board.decks.items():
            pygame.draw.rect(surface, FELT_SLOT, rect, border_radius=10)
            fitted(surface, deck.capitalize(), (rect.centerx, BAND_Y), 2 * rect.width, bold=True)
            text(surface, f"{v['deck_sizes'][deck]} left", (rect.centerx, rect.bottom + 3), size=small(), colour=TEXT,
                 anchor="midtop")
        text(surface, "Ingredients to come", (ROW_X, BAND_Y), size=small(), bold=True, colour=TEXT)
        if not v.get("ingredient_row_cards"):
            text(surface, "none left", (ROW_X, BAND_Y + 24), size=small(), colour=TEXT_DIM)
        self._bus(surface, v)
        self._guests(surface, v, viewer, guests_mode)
        self._secret(surface, v)

    def _bus(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        rect = self.board.bus
        fitted(surface, "Bus deck", (rect.centerx, BAND_Y), BAND_ROOM, bold=True)
        if v["bus_cards"]:  # set-up: face up, to be studied
            labels = [self.box.bus_label(c) for c in v["bus_cards"]]
            surface.blit(self.face(("bus-card", labels[0], SMALL_CARD)), rect)
        else:
            surface.blit(self.face(("back", SMALL_CARD, "BUS")), rect)
            labels = v["bus_memory"]
        if labels:
            text(surface, f"next {labels[0]}", (rect.centerx, rect.bottom + 2), size=small(), bold=True, colour=GOLD,
                 anchor="midtop")
            then = "then " + " ".join(labels[1:3])
            fitted(surface, then, (rect.centerx, rect.bottom + 6 + small()), BAND_ROOM)
        elif v["bus_turned"]:
            text(surface, f"last {v['bus_turned'][-1]}", (rect.centerx, rect.bottom + 2), size=small(), colour=TEXT,
                 anchor="midtop")

    def _guests(self, surface: pygame.Surface, v: dict[str, Any], viewer: int | None, active: bool) -> None:
        rect = self.board.guests
        fitted(surface, "Guests", (rect.centerx, BAND_Y), BAND_ROOM, bold=True)
        supply = v.get("guests_cards", [])
        if not supply:
            pygame.draw.rect(surface, FELT_SLOT, rect, border_radius=8)
        left = " ".join(str(self.box.guests_value(c)) for c in supply)
        left = left or "all given"
        fitted(surface, left, (rect.centerx, rect.bottom + 2), BAND_ROOM)
        if viewer is not None:
            given = v["guests_used"][viewer]
            yours = "yours: given" if given else "yours: to give"
            fitted(surface, yours, (rect.centerx, rect.bottom + 5 + small()), BAND_ROOM,
                   colour=TEXT_DIM if given else GOLD)
        if active:
            glow_rect(surface, rect, HIGHLIGHT)

    def _secret(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        """The viewer's own secret character, small in the corner (nobody else's, ever)."""
        mine = v.get("my_character")
        if mine is None:
            return
        rect = self.board.secret
        fitted(surface, "Your character", (rect.centerx, BAND_Y), BAND_ROOM, bold=True, colour=GOLD)
        surface.blit(self.face(("secret", mine, rect.size)), rect)
        name = f"the {self.box.names[mine]}"
        fitted(surface, name, (rect.centerx, rect.bottom + 2), BAND_ROOM, bold=True, colour=GOLD)
        fitted(surface, "(only you see it)", (rect.centerx, rect.bottom + 6 + small()), BAND_ROOM, colour=TEXT_DIM)

    def setup(self, surface: pygame.Surface, v: dict[str, Any], title: str,
              choices: Sequence[tuple[pygame.Rect, Hashable, Any]], mouse: tuple[int, int]) -> None:
        """Set-up: the secret characters to choose or take, and the bus deck to study."""
        box = self.board.setup_box(v["phase"])
        panel(surface, box, alpha=255, border=(90, 96, 110))
        text(surface, title, (box.centerx, box.top + 12), size=18, bold=True, colour=GOLD, anchor="midtop")
        y = box.top + 40
        for rect, face, action in choices:
            surface.blit(self.face(face), rect)
            if action is not None and rect.collidepoint(mouse):
                glow_rect(surface, rect, HIGHLIGHT)
            y = rect.bottom + 14
        mine = v.get("my_character")
        if mine is not None:
            text(surface, f"Your secret character: {self.box.names[mine]}. Keep it to yourself.",
                 (box.centerx, y), size=15, colour=TEXT, anchor="midtop")
            y += 24
        labels = [self.box.bus_label(c) for c in v["bus_cards"]]
        if labels:
            text(surface, "Study the bus deck, top first: " + "  ".join(labels), (box.centerx, y), size=15,
                 bold=True, colour=TEXT, anchor="midtop")
            text(surface, "It turns face down when play begins (the Grandma's bus rides depend on it).",
                 (box.centerx, y + 22), size=13, colour=TEXT_DIM, anchor="midtop")


def shop_marks(surface: pygame.Surface, board: Board, v: dict[str, Any]) -> None:
    """A dashed frame on the spaces next to the ingredients card: stop there (with the money) to buy."""
    space = v.get("ingredient_space")
    if space is None:
        return
    for near in board.game.city.neighbours[space]:
        rect = board.cells[near].inflate(-6, -6)
        for x in range(rect.left, rect.right, 8):
            pygame.draw.line(surface, (60, 150, 80), (x, rect.top), (min(x + 4, rect.right), rect.top), 2)
            pygame.draw.line(surface, (60, 150, 80), (x, rect.bottom), (min(x + 4, rect.right), rect.bottom), 2)
        for y in range(rect.top, rect.bottom, 8):
            pygame.draw.line(surface, (60, 150, 80), (rect.left, y), (rect.left, min(y + 4, rect.bottom)), 2)
            pygame.draw.line(surface, (60, 150, 80), (rect.right, y), (rect.right, min(y + 4, rect.bottom)), 2)


# -- marks of the moment -------------------------------------------------------------------------
def lit_places(surface: pygame.Surface, board: Board, lit: dict[Any, int], placements: set[int]) -> None:
    """Where a picked piece may stop (with the mp it would cost), and the spaces a placement may use."""
    for place, cost in lit.items():
        if isinstance(place, int):
            rect = board.cells[place]
            glow_rect(surface, rect, LIT)
            words = f"{cost} mp"  # beside the card's number (13 px, at most 15 px wide), never over it
            size = fitting(words, rect.width - 31, small(), bold=True, smallest=13)
            badge = pygame.Rect(0, 0, font(size, True).size(words)[0] + 8, size + 4)
            badge.topright = (rect.right - 2, rect.top + 2)
            pygame.draw.rect(surface, LIT, badge, border_radius=8)
            text(surface, words, badge.center, size=size, bold=True, colour=INK, anchor="center")
    for space in placements:
        glow_rect(surface, board.cells[space], HIGHLIGHT)


def button_bar(surface: pygame.Surface, chip: str, buttons: Sequence[Any], hint: str, hint_x: int, *,
               decision: bool, mouse: tuple[int, int]) -> None:
    """The mp chip, the buttons (gold-rimmed while a decision waits) and a hint."""
    if chip:
        rect = pygame.Rect(BAR.left, BAR.top + 2, max(140, font(14, True).size(chip)[0] + 20), BAR.height - 4)
        pygame.draw.rect(surface, (20, 40, 70), rect, border_radius=14)
        pygame.draw.rect(surface, (120, 160, 220), rect, 1, border_radius=14)
        text(surface, chip, rect.center, size=14, bold=True, colour=TEXT, anchor="center")
    for button in buttons:
        fill = {"go": (40, 110, 70), "warn": (150, 100, 20), "plain": (44, 52, 66)}[button.tone]
        if button.rect.collidepoint(mouse):
            fill = tuple(min(255, c + 30) for c in fill)
        pygame.draw.rect(surface, fill, button.rect, border_radius=8)
        pygame.draw.rect(surface, GOLD if decision else (150, 160, 176), button.rect, 2 if decision else 1,
                         border_radius=8)
        text(surface, button.label, button.rect.center, size=15, bold=True, colour=TEXT, anchor="center")
    if hint:
        text(surface, hint, (hint_x, BAR.centery), size=14, colour=GOLD if decision else TEXT_DIM, anchor="midleft")


def cost_tag(surface: pygame.Surface, mouse: tuple[int, int], label: str, *, ok: bool) -> None:
    """The running mp of a drag, beside the cursor: green if the piece may stop there, red if not."""
    tag = font(16, True).render(label, True, INK)
    rect = tag.get_rect(midleft=(mouse[0] + 22, mouse[1] - 22)).inflate(14, 8)
    rect.clamp_ip(TABLE_RECT)
    pygame.draw.rect(surface, LIT if ok else (240, 150, 140), rect, border_radius=10)
    pygame.draw.rect(surface, INK, rect, 1, border_radius=10)
    surface.blit(tag, tag.get_rect(center=rect.center))


def hover_note(surface: pygame.Surface, mouse: tuple[int, int], lines: Sequence[str],
               above: pygame.Surface | None = None) -> None:
    """A note beside the cursor (its first line bold), whole and inside the table area; with
    ``above``, that picture (a hover zoom) heads the note."""
    pic_w, pic_h = above.get_size() if above is not None else (0, 0)
    width = max([font(13, i == 0).size(line)[0] for i, line in enumerate(lines)] + [pic_w]) + 16
    top_gap = pic_h + 8 if above is not None else 0
    rect = pygame.Rect(mouse[0] + 16, mouse[1] + 16, width, 8 + top_gap + 18 * len(lines))
    if rect.right > TABLE_RECT.right - 4:
        rect.right = mouse[0] - 8
    if rect.bottom > TABLE_RECT.bottom - 4:
        rect.bottom = mouse[1] - 8
    rect.clamp_ip(TABLE_RECT.inflate(-8, -8))
    panel(surface, rect, alpha=255, radius=8, border=(90, 96, 110))
    if above is not None:
        surface.blit(above, (rect.left + 8, rect.top + 8))
    for i, line in enumerate(lines):
        text(surface, line, (rect.left + 8, rect.top + 4 + top_gap + 18 * i), size=13, bold=i == 0, colour=TEXT)
