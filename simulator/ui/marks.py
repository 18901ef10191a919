"""The last-move marker: what the latest move changed, ringed on the table until the next move.

A game view decides what a move changed (the card a bot played, a bid, the piece that
moved), from the events or the view it was handed, and gives :class:`MoveMarks` the keys
of those things and who moved. The marks stay lit until a newer move replaces them (a
player who looks away, or plays at the fast bot speed, still finds what happened before
their turn). When drawn, each key is looked up again, so a ring follows a card still
gliding to its place.

:func:`new_events` tells a view which events of its view are new since the last look.
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Sequence

import pygame

from .theme import INK, font

MARK = (80, 220, 255)   # cyan: apart from the gold of the seat to act and the yellow of what may be played
RING = 4


class MoveMarks:
    """The things the latest move changed, with the name of who moved, until the next move."""

    def __init__(self) -> None:
        self.keys: list[Hashable] = []
        self.label = ""

    def set(self, keys: Iterable[Hashable], label: str = "") -> None:
        """Mark ``keys``, replacing any earlier marks; ``label`` names the mover over the first.

        A move that changed nothing to see (no keys) leaves the earlier marks as they are.
        """
        keys = list(dict.fromkeys(keys))
        if keys:
            self.keys, self.label = keys, label

    def clear(self) -> None:
        self.keys, self.label = [], ""

    def draw(self, surface: pygame.Surface, locate: Callable[[Hashable], pygame.Rect | None]) -> None:
        """A ring round each marked thing ``locate`` finds now, and the mover's name over the first."""
        rects = [r for r in (locate(key) for key in self.keys) if r is not None]
        for rect in rects:
            ring(surface, rect)
        if rects and self.label:
            tag(surface, self.label, rects[0])


def ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A cyan frame with a dark rim just outside ``rect``."""
    outer = rect.inflate(2 * RING + 6, 2 * RING + 6)
    pygame.draw.rect(surface, INK, outer, width=RING + 2, border_radius=12)
    pygame.draw.rect(surface, MARK, outer.inflate(-2, -2), width=RING, border_radius=11)


def tag(surface: pygame.Surface, label: str, rect: pygame.Rect) -> None:
    """The mover's name in a cyan pill on the ring's top edge (kept on the surface)."""
    words = font(13, True).render(label, True, INK)
    pill = words.get_rect().inflate(14, 4)
    pill.midbottom = (rect.centerx, rect.top - RING - 1)
    if pill.top < 2:  # no room above: sit just inside the top edge instead
        pill.midtop = (rect.centerx, rect.top + 2)
    pill.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, MARK, pill, border_radius=pill.height // 2)
    surface.blit(words, words.get_rect(center=pill.center))


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
