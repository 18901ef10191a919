"""The bid panel: a number picked with - and +, ten symbol buttons, Bid, and "Heissa Mama!".

:class:`BidPanel` is mixed into the table view, so the panel's buttons and the number and
symbol being picked are the view's own attributes; the view routes the mouse here while
its seat may bid or challenge.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from simulator.engine import Action
from simulator.ui.card_art import burst, outlined_text
from simulator.ui.theme import GOLD, HIGHLIGHT, INK, TEXT_DIM, WHITE, font, panel, text

from .faces import count_badge
from .icons import mix, symbol_icon
from .layout import PANEL_RECT
from .rules import Bid, Challenge, Symbol, ZooWeeMamaGame

HEISSA_RED = (206, 36, 42)


@dataclass(frozen=True)
class SymbolButton:
    """One of the ten symbol buttons of the bid panel."""

    symbol: int
    rect: pygame.Rect


def draw_button(surface: pygame.Surface, rect: pygame.Rect, label: str, fill, ink, *, enabled: bool = True,
                hover: bool = False, size: int = 18) -> None:
    """A rounded button with a drop shadow; greyed out when not ``enabled``, lighter on ``hover``."""
    if not enabled:
        fill, ink = (70, 74, 84), (140, 146, 158)
    elif hover:
        fill = mix(fill, WHITE, 0.2)
    pygame.draw.rect(surface, mix(fill, INK, 0.5), rect.move(0, 3), border_radius=12)
    pygame.draw.rect(surface, fill, rect, border_radius=12)
    text(surface, label, rect.center, size=size, bold=True, colour=ink, anchor="center")


class BidPanel:
    """The panel's buttons, what the seat may bid now, the number and symbol picked, and what a
    click on the panel gives the table."""

    # provided by the view the panel is mixed into
    game: ZooWeeMamaGame
    symbols: tuple[Symbol, ...]
    view: dict[str, Any]
    viewer: int | None
    mouse: tuple[int, int]
    refusal: tuple[str, float] | None

    def _init_bid_panel(self) -> None:
        self.hover_symbol: int | None = None
        self.pick_number: int | None = None
        self.pick_symbol: int | None = None
        self.turn_key: tuple[Any, ...] | None = None
        self.bid_options: dict[int, set[int]] = {}
        self.challenge: Challenge | None = None
        p = PANEL_RECT
        self.minus_rect = pygame.Rect(p.left + 16, p.top + 34, 46, 46)
        self.number_rect = pygame.Rect(self.minus_rect.right + 6, p.top + 30, 78, 54)
        self.plus_rect = pygame.Rect(self.number_rect.right + 6, p.top + 34, 46, 46)
        self.heissa_rect = pygame.Rect(p.right - 330, p.top + 12, 314, 76)
        width = (p.width - 32) // len(self.symbols)
        self.symbol_buttons = [SymbolButton(s, pygame.Rect(p.left + 16 + s * width, p.top + 96, width - 6, 90))
                               for s in range(len(self.symbols))]
        self.bid_rect = pygame.Rect(p.right - 366, p.bottom - 58, 350, 48)

    def offer_bids(self, view: dict[str, Any], viewer: int | None, legal: list[Action]) -> None:
        """Take the bids and challenge ``viewer`` may make now; a new turn starts the number at
        the lowest legal bid with no symbol picked."""
        self.bid_options = {}
        for action in legal:
            if isinstance(action, Bid):
                self.bid_options.setdefault(action.number, set()).add(action.symbol)
        self.challenge = next((a for a in legal if isinstance(a, Challenge)), None)
        turn_key = (view.get("round"), len(view.get("bids", [])), viewer)
        if turn_key != self.turn_key:
            self.turn_key = turn_key
            self.pick_number = min(self.bid_options) if self.bid_options else None
            self.pick_symbol = None
        elif self.bid_options:
            numbers = sorted(self.bid_options)
            self.pick_number = min(max(self.pick_number or numbers[0], numbers[0]), numbers[-1])

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

    # -- input ------------------------------------------------------------------------------------
    def panel_motion(self, pos: tuple[int, int]) -> None:
        """Note the symbol button under the mouse (its pictures are marked on the cards)."""
        hover = next((b.symbol for b in self.symbol_buttons if b.rect.collidepoint(pos)), None)
        self.hover_symbol = hover if self.is_bidding_turn else None

    def panel_wheel(self, up: bool) -> None:
        """The wheel over the panel steps the number."""
        if self.is_bidding_turn and PANEL_RECT.collidepoint(self.mouse):
            self._step_number(1 if up else -1)

    def panel_click(self, pos: tuple[int, int]) -> Action | None:
        """A left click at ``pos``: the challenge, the bid picked, or a change of the picks."""
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

    # -- drawing ----------------------------------------------------------------------------------
    def draw_bid_panel(self, surface: pygame.Surface, v: dict[str, Any]) -> None:
        """The panel while the seat may bid or challenge: number, symbols, Bid and Heissa Mama!"""
        p = PANEL_RECT
        panel(surface, p, alpha=225, radius=16, border=(90, 96, 110))
        numbers = sorted(self.bid_options)
        if numbers:
            text(surface, "How many?", (self.minus_rect.left, p.top + 10), size=14, bold=True, colour=TEXT_DIM)
            low, high = numbers[0], numbers[-1]
            number = self.pick_number or low
            draw_button(surface, self.minus_rect, "−", (70, 78, 96), WHITE, enabled=number > low,
                        hover=self.minus_rect.collidepoint(self.mouse), size=28)
            draw_button(surface, self.plus_rect, "+", (70, 78, 96), WHITE, enabled=number < high,
                        hover=self.plus_rect.collidepoint(self.mouse), size=28)
            pygame.draw.rect(surface, (250, 246, 232), self.number_rect, border_radius=10)
            pygame.draw.rect(surface, GOLD, self.number_rect, width=3, border_radius=10)
            text(surface, str(number), self.number_rect.center, size=34, bold=True, colour=INK, anchor="center")
            hint = f"at least {low}" if v["bids"] else "any number"
            text(surface, hint, (self.plus_rect.right + 12, p.top + 48), size=14, colour=TEXT_DIM, anchor="midleft")
            self._draw_symbol_buttons(surface)
            bid = self.chosen_bid()
            if bid is None:
                label, enabled = "Pick a symbol to bid", False
            else:
                label, enabled = f"Bid {bid.number} × {self.symbols[bid.symbol].name}", True
            draw_button(surface, self.bid_rect, label, GOLD, INK, enabled=enabled,
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

    def _draw_symbol_buttons(self, surface: pygame.Surface) -> None:
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
