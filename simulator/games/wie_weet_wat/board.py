"""Where every part of the Wie Weet Wat table lies on the 1030 x 720 table area.

Top to bottom: the name plates of the other seats; the category banner (or the reader's
choice, or the notices) with the clock on its right; the tiles where answers land; the desk
with the answer box and the buttons; the displayed seat's hand fanned at the bottom, its
plate in the corner. The category and letter piles lie on the left, the discards on the
right. The functions below lay out a given moment: plates, tiles, the category rows, the
desk's buttons and where each card sprite goes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from simulator.ui.sprites import Place, fan

from .faces import CardFaces
from .rules import JOKER
from .words import Audience

HAND = (74, 104)
TILE_CARD = (46, 64)
PILE = (74, 104)
ACTION_CARD = (132, 186)
CAT_PILE = (80, 300)
LETTER_PILE = (80, 470)
DISCARD = (952, 470)
HAND_Y = 642
PLATE_TOP = 62
PLATE_H = 92
BANNER = pygame.Rect(185, 162, 660, 108)
TIMER = (912, 216)
TILES = pygame.Rect(185, 280, 660, 172)
DESK = pygame.Rect(185, 460, 660, 106)
HOME = pygame.Rect(8, 594, 144, 116)
CHOICE = pygame.Rect(245, 166, 540, 286)
CENTRE = pygame.Rect(185, 162, 660, 404)
ROW_H = 36              # the answer box and its buttons: room above for the title, below for a two-line hint
ENTRY = pygame.Rect(DESK.x + 16, DESK.y + 34, 300, ROW_H)
VOTE_NAME_WIDTH = 64   # room for a voter's name left of their buttons when several people vote


@dataclass(frozen=True)
class Button:
    """A button drawn on the table; ``key`` says what pressing it does."""

    key: tuple
    rect: pygame.Rect
    label: str
    primary: bool = False


@dataclass(frozen=True)
class Tile:
    """One card lying on the table in the open window: an answer, or a card held for a play-off."""

    rect: pygame.Rect
    card: int
    seat: int
    word: str
    letter: str
    at_ms: int
    target: int = -1
    bonus: bool = False
    held: bool = False
    first: bool = False       # the seat's first own answer: the one a counter-attack answers


def plate_rects(players: int, home: int | None, area: pygame.Rect) -> dict[int, pygame.Rect]:
    """The displayed seat sits at the bottom; the others along the top, clockwise from its left."""
    n = players
    top = [(home + k) % n for k in range(1, n)] if home is not None else list(range(n))
    gap = 10
    width = min(200, (area.width - 40 - gap * (len(top) - 1)) // max(1, len(top)))
    x0 = area.centerx - (len(top) * width + gap * (len(top) - 1)) // 2
    rects = {seat: pygame.Rect(x0 + i * (width + gap), PLATE_TOP, width, PLATE_H) for i, seat in enumerate(top)}
    if home is not None:
        rects[home] = HOME.copy()
    return rects


TILE_GAP = 6
TILE_ROWS = ((80, 2), ((TILES.height - 2 * TILE_GAP) // 3, 3))   # (tile height, rows that fit at it)


def tile_card_size(height: int) -> tuple[int, int]:
    """The card face on a tile ``height`` tall."""
    return (height - 14) * TILE_CARD[0] // TILE_CARD[1], height - 14


def tile_layout(v: dict[str, Any], need: Callable[[Tile, int], int] | None = None) -> list[Tile]:
    """The answers in time order, then the cards held for a play-off, in rows.

    ``need(tile, height)`` is the width its words take on a tile ``height`` tall: each tile is as wide as
    its card and words, so a long word is shown whole ("marechaussee" was cut). When they do not fit in
    the rows, the tiles share the width equally (up to 6 a row) and the painter makes the words fit.
    """
    if v["phase"] not in ("answer", "vote"):
        return []
    entries: list[Tile] = []
    firsts: set[int] = set()
    for a in sorted(v["answers"], key=lambda a: a["at_ms"]):
        first = a["target"] < 0 and a["seat"] not in firsts
        if first:
            firsts.add(a["seat"])
        entries.append(Tile(pygame.Rect(0, 0, 0, 0), a["card"], a["seat"], a["word"], a["letter"], a["at_ms"],
                            a["target"], a["bonus"], first=first))
    on_table = {a["card"] for a in v["answers"]}
    for seat, held in enumerate(v["held_cards"]):
        for card in held:
            if card not in on_table:
                entries.append(Tile(pygame.Rect(0, 0, 0, 0), card, seat, "", v["held_letters"][seat], -1,
                                    held=True))
    if not entries:
        return []
    rects = None
    if need is not None:
        for height, rows in TILE_ROWS:
            widths = [min(TILES.width, tile_card_size(height)[0] + 22 + need(t, height)) for t in entries]
            rects = _flow(widths, height, rows)
            if rects is not None:
                break
    if rects is None:
        count = len(entries)
        cols = min(6, max(4, math.ceil(count / 2)))
        rows = math.ceil(count / cols)
        width = (TILES.width - TILE_GAP * (cols - 1)) // cols
        height = 80 if rows <= 2 else (TILES.height - TILE_GAP * (rows - 1)) // rows
        rects = [pygame.Rect(TILES.x + c * (width + TILE_GAP), TILES.y + r * (height + TILE_GAP), width, height)
                 for r, c in (divmod(i, cols) for i in range(count))]
    return [Tile(rect, t.card, t.seat, t.word, t.letter, t.at_ms, t.target, t.bonus, t.held, t.first)
            for rect, t in zip(rects, entries)]


def _flow(widths: list[int], height: int, rows: int) -> list[pygame.Rect] | None:
    """Tiles of ``widths`` laid left to right in up to ``rows`` rows of TILES; None if they need more."""
    out: list[pygame.Rect] = []
    x, row = 0, 0
    for width in widths:
        if x and x + width > TILES.width:
            x, row = 0, row + 1
        if row >= rows:
            return None
        out.append(pygame.Rect(TILES.x + x, TILES.y + row * (height + TILE_GAP), width, height))
        x += width + TILE_GAP
    return out


def choice_rows(count: int) -> list[tuple[int, pygame.Rect]]:
    """The rows of the reader's category card, one per category."""
    return [(i, pygame.Rect(CHOICE.x + 20, CHOICE.y + 62 + i * 54, CHOICE.width - 40, 48)) for i in range(count)]


def desk_buttons(v: dict[str, Any], aud: Audience, buzzed: int | None, buzz_label: str, notice_up: bool,
                 may_draw: bool) -> list[Button]:
    """The buttons on the desk for the moment: answer, vote, speak in the circle or draw.

    ``buzz_label`` is the displayed seat's buzzer key; ``notice_up`` hides the vote under a notice.
    """
    phase = v["phase"]
    out: list[Button] = []
    row_y = ENTRY.y
    if phase == "answer":
        if buzzed is not None:
            x = ENTRY.right + 14
            answered = any(a["seat"] == buzzed for a in v["answers"])
            out.append(Button(("answer",), pygame.Rect(x, row_y, 148, ROW_H), aud.say("Answer (Enter)"), True))
            out.append(Button(("pass", buzzed), pygame.Rect(x + 156, row_y, 96, ROW_H),
                              aud.say("Done" if answered else "Pass")))
        elif aud.viewer in aud.humans and aud.viewer in v["current"] and not aud.several_humans:
            out.append(Button(("buzz", aud.viewer), pygame.Rect(DESK.centerx - 190, DESK.y + 8, 260, 52),
                              f"{aud.say('BUZZ!')}   [{buzz_label}]", True))
            out.append(Button(("pass", aud.viewer), pygame.Rect(DESK.centerx + 84, DESK.y + 8, 110, 52),
                              aud.say("Pass")))
    elif phase == "vote" and not notice_up:
        voters = [s for s in v["current"] if s in aud.humans]
        if voters and not aud.several_humans:
            x = DESK.centerx - 130
            out.append(Button(("vote", voters[0], True), pygame.Rect(x, DESK.y + 62, 126, 38), aud.say("Accept"), True))
            out.append(Button(("vote", voters[0], False), pygame.Rect(x + 134, DESK.y + 62, 126, 38),
                              aud.say("Reject")))
        elif voters:
            # one group per human voter: the name, then its two buttons
            width = (DESK.width - 20) // len(voters)
            for i, seat in enumerate(voters):
                x = DESK.x + 10 + i * width + VOTE_NAME_WIDTH
                half = min(150, (width - VOTE_NAME_WIDTH - 14) // 2)
                yes, no = (aud.say("Accept"), aud.say("Reject")) if half >= 90 else (aud.say("Yes"), aud.say("No"))
                out.append(Button(("vote", seat, True), pygame.Rect(x, DESK.y + 62, half, 38), yes, True))
                out.append(Button(("vote", seat, False), pygame.Rect(x + half + 4, DESK.y + 62, half, 38), no))
    elif phase == "circle":
        seat = v["circle"]["order"][v["circle"]["turn"]]
        if seat in aud.humans:
            x = ENTRY.right + 14
            out.append(Button(("say",), pygame.Rect(x, row_y, 148, ROW_H), aud.say("Say it (Enter)"), True))
            out.append(Button(("giveup", seat), pygame.Rect(x + 156, row_y, 120, ROW_H), aud.say("Give up")))
    elif phase == "draw" and may_draw:
        out.append(Button(("draw",), pygame.Rect(DESK.centerx - 150, DESK.y + 8, 300, 52),
                          aud.say("Draw a category card"), True))
    return out


def hand_order(hand: Sequence[int], card_letter: Sequence[str]) -> list[int]:
    """Letters in alphabetical order, the Wie Weet Wat cards last."""
    return sorted(hand, key=lambda c: (card_letter[c] == JOKER, card_letter[c], c))


def card_places(v: dict[str, Any], tiles: list[Tile], faces: CardFaces, *, viewer: int | None,
                selected: int | None, hover: int | None, hand_centre_x: int) -> list[Place]:
    """Where each card sprite goes: the piles, the discards, the tiles and the displayed seat's hand."""
    places: list[Place] = []
    pile = v["category_pile_size"]
    for i in range(min(4, pile // 12 + 1) if pile else 0):
        places.append(Place(("catpile", i), (CAT_PILE[0] - i * 1.5, CAT_PILE[1] - i * 2), ("catback", PILE), z=i))
    pile = v["letter_pile_size"]
    for i in range(min(4, pile // 12 + 1) if pile else 0):
        places.append(Place(("letterpile", i), (LETTER_PILE[0] - i * 1.5, LETTER_PILE[1] - i * 2),
                            ("back", PILE), z=i))
    for i, card in enumerate(v["discard_cards"]):
        jitter = (card * 37) % 17 - 8
        places.append(Place(("card", card), (DISCARD[0] + jitter * 0.4, DISCARD[1] - i * 2),
                            faces.face_key(card, PILE), jitter, z=20 + i))
    for i, tile in enumerate(tiles):
        chosen = tile.letter if faces.card_letter[tile.card] == JOKER and not tile.held else ""
        size = tile_card_size(tile.rect.height)
        places.append(Place(("card", tile.card), (tile.rect.x + 8 + size[0] / 2, tile.rect.centery),
                            faces.face_key(tile.card, size, chosen=chosen), z=60 + i))
    if viewer is not None:
        hand = hand_order(v["hand_cards"], faces.card_letter)
        dim = bool(v["playoff"]) and v["phase"] == "answer"
        spots = fan(len(hand), (hand_centre_x, HAND_Y), spacing=80, max_width=640, curve=0.015)
        for i, ((pos, angle), card) in enumerate(zip(spots, hand)):
            lift = 30 if card == selected else (16 if card == hover else 0)
            places.append(Place(("card", card), pos, faces.face_key(card, HAND, dim=dim), angle, z=100 + i,
                                lift=lift))
    return places
