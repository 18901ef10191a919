"""The hand tray along the bottom of the table: the viewer's hand seen from above, the draw
pile, the face-up reserve and the Pass button (pygame; used by view.py).

:class:`HandTray` owns the sprites of the hand, lays the hand out as a fan, hit-tests it
and paints the tray, the card taken from the hand while it is not yet over the bed, and
the notes (tooltips) the table shows.
"""
from __future__ import annotations

import math
from typing import Any, Hashable

import pygame

from simulator.ui.card_art import card_back, glow
from simulator.ui.sprites import Place, SpriteLayer, fan
from simulator.ui.theme import HIGHLIGHT, TEXT, TEXT_DIM, font, panel, text, wrap

from .drawing import card_top_face, mix
from .rules import DRAWN, OVER, SETUP, TURN, WackelbettGame
from .sideview import PLAY_RECT

TRAY_RECT = pygame.Rect(0, 596, 1030, 124)      # below the side view (PLAY_RECT)
HAND_CARD = (150, 94)
MINI_CARD = (84, 54)
HAND_Y = TRAY_RECT.top + 62
DRAW_PILE_POS = (966, HAND_Y)
RESERVE_POS = (64, HAND_Y)
PASS_BUTTON = pygame.Rect(TRAY_RECT.right - 184, TRAY_RECT.top - 50, 172, 40)   # inside the table, right


def tooltip(surface: pygame.Surface, message: str, bottom_centre: tuple[int, int], *, bad: bool = False) -> None:
    """A wrapped note above ``bottom_centre`` (red when ``bad``), kept inside the table."""
    lines = wrap(message, 300, 15)
    width = max(font(15).size(line)[0] for line in lines) + 20
    rect = pygame.Rect(0, 0, width, 10 + 20 * len(lines))
    rect.midbottom = bottom_centre
    rect.clamp_ip(PLAY_RECT.union(TRAY_RECT).inflate(-8, -8))
    panel(surface, rect, colour=(110, 30, 30) if bad else (20, 24, 30), alpha=235, radius=8)
    for i, line in enumerate(lines):
        text(surface, line, (rect.centerx, rect.top + 5 + 20 * i), size=15, anchor="midtop")


class HandTray:
    """The tray for one table. Sprite face keys: ``("top", card, size, dim)`` and ``("back", size)``."""

    def __init__(self, game: WackelbettGame, colour_mark: dict[str, str]) -> None:
        self.game = game
        self.colour_mark = colour_mark
        self.sprites = SpriteLayer(self._render_face)

    def _render_face(self, key: Hashable) -> pygame.Surface:
        kind = key[0]
        if kind == "back":
            return card_back(key[1], "Wackelbett", fill=(96, 60, 120), trim=(236, 208, 150))
        _, card, size, dim = key
        face = self.game.faces[card]
        return card_top_face(face, self.game.physics, self.game.colour_rgb[face.colour], self.colour_mark[face.colour],
                             size, dim=dim)

    # -- the hand ---------------------------------------------------------------------------------
    def lay_out(self, v: dict[str, Any], viewer: int | None, *, carried: set[int], acting: bool,
                playable: set[int], hover: int | None) -> None:
        """Fan the viewer's hand (without the ``carried`` card); lift the fitting cards and the one
        pointed at; dim the others while ``acting``. New cards come from the draw pile."""
        places: list[Place] = []
        if viewer is not None:
            hand = [c for c in v["hand_cards"] if c not in carried]
            spots = fan(len(hand), (TRAY_RECT.centerx, HAND_Y), spacing=HAND_CARD[0] + 10, max_width=700)
            for i, ((pos, _), card) in enumerate(zip(spots, hand)):
                dim = acting and card not in playable
                lift = 14 if card == hover else (6 if acting and card in playable else 0)
                places.append(Place(("card", card), pos, ("top", card, HAND_CARD, dim), 0.0, z=i, lift=lift))
        self.sprites.sync(places, lambda place: (DRAW_PILE_POS if v["phase"] != SETUP else None))

    def card_at(self, pos: tuple[int, int], v: dict[str, Any], viewer: int | None) -> int | None:
        """The hand card under ``pos`` (the topmost), or None."""
        if not TRAY_RECT.inflate(0, 40).collidepoint(pos) or viewer is None:
            return None
        keys = {("card", c) for c in v.get("hand_cards", [])}
        key = self.sprites.top_key_at(pos, keys)
        return key[1] if key else None

    @staticmethod
    def is_on_draw_pile(pos: tuple[int, int]) -> bool:
        rect = pygame.Rect(0, 0, MINI_CARD[1] + 30, MINI_CARD[0] + 30)
        rect.center = DRAW_PILE_POS
        return rect.collidepoint(pos)

    # -- painting ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, v: dict[str, Any], viewer: int | None, *, acting: bool,
             playable: set[int], carried: set[int], hover: int | None, hover_reason: str, can_draw: bool,
             can_pass: bool, mouse: tuple[int, int], clock: float) -> None:
        """The tray: piles, the Pass button (if ``can_pass``), the hand with rings on the cards that
        fit, and why the card pointed at (``hover``) does not fit (``hover_reason``; "" if it does)."""
        pygame.draw.rect(surface, (70, 44, 28), TRAY_RECT)
        pygame.draw.line(surface, (150, 104, 64), TRAY_RECT.topleft, TRAY_RECT.topright, 3)
        pygame.draw.line(surface, (40, 24, 14), (0, TRAY_RECT.top + 3), (TRAY_RECT.right, TRAY_RECT.top + 3), 2)
        if not v:
            return
        self._draw_piles(surface, v, can_draw, can_pass, mouse, clock)
        if viewer is None:
            label = "Hands are hidden" if v["phase"] != OVER else "Game over"
            text(surface, label, (TRAY_RECT.centerx, HAND_Y), size=18, colour=TEXT_DIM, anchor="center")
            return
        if not v["hand_cards"]:
            text(surface, "No cards in hand", (TRAY_RECT.centerx, HAND_Y), size=18, colour=TEXT_DIM, anchor="center")
        self.sprites.draw(surface)
        if acting and v["phase"] in (TURN, DRAWN):
            for card in playable:
                if card in carried:
                    continue
                rect = self.sprites.rect_of(("card", card))
                if rect is not None:
                    ring = glow(HAND_CARD, HIGHLIGHT, radius=10, width=4)
                    surface.blit(ring, ring.get_rect(center=rect.center))
        if hover is not None and hover not in carried:
            rect = self.sprites.rect_of(("card", hover))
            if rect is not None:
                tooltip(surface, hover_reason or f"{self.game.card_label(hover)}: press and lift it over the bed",
                        (rect.centerx, rect.top - 8), bad=bool(hover_reason))

    def _draw_piles(self, surface: pygame.Surface, v: dict[str, Any], can_draw: bool, can_pass: bool,
                    mouse: tuple[int, int], clock: float) -> None:
        # the draw pile
        count = v["draw_pile_size"]
        back = self.sprites.face(("back", (MINI_CARD[1], MINI_CARD[0])))
        for i in range(min(5, (count + 7) // 8)):
            surface.blit(back, back.get_rect(center=(DRAW_PILE_POS[0] - i * 2, DRAW_PILE_POS[1] - 4 - i * 2)))
        if can_draw:
            rect = back.get_rect(center=(DRAW_PILE_POS[0] - 4, DRAW_PILE_POS[1] - 8)).inflate(10, 10)
            pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
            pygame.draw.rect(surface, mix(HIGHLIGHT, (255, 255, 255), pulse * 0.5), rect, 4, border_radius=10)
            tooltip(surface, "Nothing fits: click to draw", (DRAW_PILE_POS[0] - 50, TRAY_RECT.top - 8))
        text(surface, f"draw {count}", (DRAW_PILE_POS[0], TRAY_RECT.bottom - 4), size=13, colour=TEXT,
             anchor="midbottom")
        # the reserve (face up)
        reserve = v["reserve_cards"]
        if reserve:
            top = reserve[-1]
            face = self.sprites.face(("top", top, MINI_CARD, False))
            surface.blit(face, face.get_rect(center=(RESERVE_POS[0], RESERVE_POS[1] - 6)))
        else:
            rect = pygame.Rect(0, 0, *MINI_CARD)
            rect.center = (RESERVE_POS[0], RESERVE_POS[1] - 6)
            pygame.draw.rect(surface, (96, 66, 44), rect, 2, border_radius=8)
        text(surface, f"reserve {len(reserve)}", (RESERVE_POS[0], TRAY_RECT.bottom - 4), size=13, colour=TEXT,
             anchor="midbottom")
        if can_pass:
            label = "Keep the card" if v["phase"] == DRAWN else "Pass"
            hover = PASS_BUTTON.collidepoint(mouse)
            panel(surface, PASS_BUTTON, colour=(60, 96, 60) if hover else (40, 70, 46), alpha=240, radius=10,
                  border=HIGHLIGHT)
            text(surface, label, PASS_BUTTON.center, size=17, bold=True, anchor="center")

    def draw_taken_card(self, surface: pygame.Surface, card: int, mouse: tuple[int, int]) -> None:
        """A card taken from the hand but not yet over the bed follows the cursor, seen from above."""
        face = self.sprites.face(("top", card, HAND_CARD, False))
        surface.blit(face, face.get_rect(center=mouse))
        if PLAY_RECT.collidepoint(mouse):
            tooltip(surface, "lift it above the pile", (mouse[0], mouse[1] - HAND_CARD[1] // 2 - 6))

    @staticmethod
    def draw_tip(surface: pygame.Surface, message: str) -> None:
        """A passing hint to the player, just above the tray."""
        tooltip(surface, message, (TRAY_RECT.centerx, TRAY_RECT.top - 10))
