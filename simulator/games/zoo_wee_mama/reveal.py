"""The count at a challenge: its timing and how it is painted (pygame; used by the table view).

:class:`RevealShow` times the count: the cards glide into one row in counting order,
each card still face down for the viewer turns over, and the named symbol's pictures
are counted one by one while the total climbs; then the verdict lingers. The painting
functions draw over the row's card sprites and the verdict panel below them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable

import pygame

from simulator.ui.card_art import outlined_text
from simulator.ui.theme import DANGER, GOLD, GOOD, HIGHLIGHT, TEXT, TEXT_DIM, WHITE, panel, text

from .faces import PSYCHIC_GLOW, face_key, mark_symbol
from .icons import symbol_icon
from .layout import MID
from .rules import ZooWeeMamaGame
from .words import TableWords

# -- the pace (seconds) -----------------------------------------------------------------------------
GATHER = 0.5     # the cards glide into the counting row
FLIP = 0.32      # one card turns over
TICK = 0.17      # one picture of the named symbol is counted
PAUSE = 0.3      # after each card
LINGER = 2.2     # the verdict stays before a bot deals again


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


def flips_for(reveal: dict[str, Any], viewer: int | None) -> list[bool]:
    """Which cards of the count were face down for ``viewer`` while bidding (they turn over)."""
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


def row_tag_rect(centre: tuple[int, int]) -> pygame.Rect:
    """The tag under a card of the counting row centred at ``centre``: whose card, and its count."""
    rect = pygame.Rect(0, 0, MID[0] + 8, 22)
    rect.midtop = (centre[0], centre[1] + MID[1] // 2 + 4)
    return rect


def draw_row(surface: pygame.Surface, game: ZooWeeMamaGame, row: list[tuple[int, tuple[int, int], str, bool]],
             reveal: dict[str, Any] | None, show: RevealShow | None,
             face: Callable[[Hashable], pygame.Surface]) -> None:
    """Over the row's sprites, given as (card, centre, owner's name, landed): the card turning over,
    the named symbol's pictures counted so far and, under each card that has landed, a tag with
    its owner and count. Without a ``reveal`` the row is a deal the pile could not finish,
    labelled as counting for nobody."""
    for i, (card, (x, y), name, landed) in enumerate(row):
        progress = show.turn_progress(i) if show is not None else None
        if progress is not None:  # turning over: squeeze the back, then open the face
            image = face(("back", MID) if progress < 0.5 else face_key(card, MID))
            width = max(1, round(MID[0] * abs(1 - 2 * progress)))
            squeezed = pygame.transform.smoothscale(image, (width, MID[1]))
            surface.blit(squeezed, squeezed.get_rect(center=(x, y)))
        label_rect = row_tag_rect((x, y)) if landed else None
        if reveal is None:
            if label_rect is not None:
                panel(surface, label_rect, alpha=200, radius=10)
                text(surface, "counts for nobody", label_rect.center, size=12, colour=TEXT_DIM, anchor="center")
            continue
        face_up = show is None or show.is_face_up(i)
        if face_up and not game.is_psychic[card]:
            counted = show.counted(i) if show is not None else None
            mark_symbol(surface, game.card_symbols[card], MID, (x, y), reveal["symbol"], counted)
        if label_rect is None:
            continue
        active = show is not None and show.active() == i
        panel(surface, label_rect, colour=(70, 60, 16) if active else (16, 20, 26), alpha=220, radius=10,
              border=GOLD if active else None)
        counted_now = show.counted(i) if show is not None else reveal["counts"][i]["count"]
        done = show is None or show.clock >= show.steps[i].done_at
        tag = f"{name}: {counted_now}" if (done or active) else name
        text(surface, tag, label_rect.center, size=14, bold=True, colour=GOLD if active else TEXT,
             anchor="center")


def draw_verdict(surface: pygame.Surface, rect: pygame.Rect, reveal: dict[str, Any], show: RevealShow | None,
                 words: TableWords, viewer: int | None) -> None:
    """The panel under the row: the bid, the total so far against it and, once counted, who wins.

    The caller adds what comes next (the deal button or the game's result) below it once
    the count has finished.
    """
    panel(surface, rect, alpha=230, radius=16, border=(90, 96, 110))
    symbol = words.symbols[reveal["symbol"]]
    number = reveal["number"]
    challenger, bidder = words.who(reveal["challenger"], viewer), words.whom(reveal["bidder"], viewer)
    outlined_text(surface, "HEISSA MAMA!", (rect.left + 104, rect.top + 20), 22, colour=(255, 96, 90))
    text(surface, f"{challenger} challenged {bidder}", (rect.left + 202, rect.top + 20), size=16,
         colour=TEXT, anchor="midleft")
    surface.blit(symbol_icon(symbol, 46), (rect.left + 18, rect.top + 38))
    text(surface, f"Bid: {number} × {symbol.name}", (rect.left + 76, rect.top + 38), size=19, bold=True,
         colour=GOLD)
    total = show.total() if show is not None else reveal["total"]
    text(surface, f"Counted: {total}", (rect.left + 76, rect.top + 62), size=19, bold=True, colour=WHITE)
    draw_meter(surface, pygame.Rect(rect.left + 18, rect.top + 94, rect.width - 44, 18), number, total)
    if show is not None and not show.finished:
        text(surface, "Counting card by card… click to skip", (rect.centerx, rect.top + 150), size=15,
             colour=TEXT_DIM, anchor="midtop")
        return
    line, who = words.verdict(reveal, viewer)
    text(surface, line, (rect.centerx, rect.top + 132), size=17, bold=True, colour=TEXT, anchor="midtop")
    text(surface, who, (rect.centerx, rect.top + 154), size=19, bold=True, colour=GOOD, anchor="midtop")
    if reveal["secret_is_psychic"]:
        text(surface, "The Secret Card is a Psychic card: next round is a Psychic round.",
             (rect.centerx, rect.top + 179), size=13, colour=PSYCHIC_GLOW, anchor="midtop")


def draw_meter(surface: pygame.Surface, rect: pygame.Rect, number: int, counted: int) -> None:
    """One box per picture up to the bid ``number``, growing when the count goes past it."""
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
