"""The last-move marker: what the latest move changed, ringed on the table for a moment.

A game view decides what a move changed (the card a bot played, a bid, the piece that
moved), from the events or the view it was handed, and gives :class:`MoveMarks` the keys
of those things and who moved. The marks stay lit for :data:`HOLD` seconds, then fade
over :data:`FADE`; a newer move replaces them. When drawn, each key is looked up
again, so a ring follows a card still gliding to its place.

:func:`new_events` tells a view which events of its view are new since the last look.
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Sequence

import pygame

from .theme import INK, font

MARK = (80, 220, 255)   # cyan: apart from the gold of the seat to act and the yellow of what may be played
HOLD = 2.0
FADE = 1.0
RING = 4


class MoveMarks:
    """The things the latest move changed, with the name of who moved, fading with time."""

    def __init__(self) -> None:
        self.keys: list[Hashable] = []
        self.label = ""
        self.age = 0.0

    def set(self, keys: Iterable[Hashable], label: str = "") -> None:
        """Mark ``keys``, replacing any earlier marks; ``label`` names the mover over the first.

        A move that changed nothing to see (no keys) leaves the earlier marks as they are.
        """
        keys = list(dict.fromkeys(keys))
        if keys:
            self.keys, self.label, self.age = keys, label, 0.0

    def clear(self) -> None:
        self.keys, self.label = [], ""

    def update(self, dt: float) -> None:
        if self.keys:
            self.age += dt
            if self.age >= HOLD + FADE:
                self.clear()

    @property
    def strength(self) -> float:
        """1 while held, falling to 0 as the marks fade."""
        if not self.keys:
            return 0.0
        return 1.0 if self.age <= HOLD else max(0.0, 1 - (self.age - HOLD) / FADE)

    def draw(self, surface: pygame.Surface, locate: Callable[[Hashable], pygame.Rect | None]) -> None:
        """A ring round each marked thing ``locate`` finds now, and the mover's name over the first."""
        alpha = round(255 * self.strength)
        if not alpha:
            return
        rects = [r for r in (locate(key) for key in self.keys) if r is not None]
        for rect in rects:
            ring(surface, rect, alpha)
        if rects and self.label:
            tag(surface, self.label, rects[0], alpha)


def ring(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 255) -> None:
    """A cyan frame with a dark rim just outside ``rect``."""
    outer = rect.inflate(2 * RING + 6, 2 * RING + 6)
    layer = pygame.Surface(outer.size, pygame.SRCALPHA)
    frame = layer.get_rect()
    pygame.draw.rect(layer, (*INK, alpha), frame, width=RING + 2, border_radius=12)
    pygame.draw.rect(layer, (*MARK, alpha), frame.inflate(-2, -2), width=RING, border_radius=11)
    surface.blit(layer, outer)


def tag(surface: pygame.Surface, label: str, rect: pygame.Rect, alpha: int = 255) -> None:
    """The mover's name in a cyan pill on the ring's top edge (kept on the surface)."""
    words = font(13, True).render(label, True, INK)
    pill = words.get_rect().inflate(14, 4)
    pill.midbottom = (rect.centerx, rect.top - RING - 1)
    if pill.top < 2:  # no room above: sit just inside the top edge instead
        pill.midtop = (rect.centerx, rect.top + 2)
    pill.clamp_ip(surface.get_rect())
    layer = pygame.Surface(pill.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, MARK, layer.get_rect(), border_radius=pill.height // 2)
    layer.blit(words, words.get_rect(center=layer.get_rect().center))
    layer.set_alpha(alpha)   # the pill and its words fade together (a faded text on a faded pill vanished)
    surface.blit(layer, pill)


def new_events(old: Sequence[dict[str, Any]] | None, events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events at the end of ``events`` that ``old`` (the list seen last time) did not end with.

    Views keep only their latest few events, so the old list's tail is matched against the
    new list's head. None for ``old`` (the first look) gives nothing: a table that opens on a
    game in progress marks nothing. No overlap at all (a load, an undo, a new round or a
    flood of events) gives the whole new list when the old one was empty, else nothing.
    """
    if old is None:
        return []
    for k in range(min(len(old), len(events)), 0, -1):
        if list(events[:k]) == list(old[len(old) - k:]):
            return list(events[k:])
    return [] if old and events else list(events)
