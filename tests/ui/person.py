"""What a person does to the app, as real pygame events through its own frame loop."""
from __future__ import annotations

import pygame

FRAME = 1 / 60


def frames(app, count: int = 6) -> None:
    """Let ``count`` frames run (events, model steps, drawing), as the app's loop would."""
    for _ in range(count):
        app.frame(FRAME)


def press(app, key: int, *, mod: int = 0, unicode: str = "") -> None:
    """Press and release ``key``, then let frames run."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
    frames(app)


def click(app, pos: tuple[int, int]) -> None:
    """Move the mouse to ``pos``, press and release the left button there, then let frames run."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app)


def type_text(app, words: str) -> None:
    """Type ``words`` into whatever has the keyboard."""
    for char in words:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    frames(app, 2)

