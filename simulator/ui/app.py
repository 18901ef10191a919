"""The window, the fixed-timestep loop and the scene stack.

The window is resizable; everything is drawn on a 1280x720 logical canvas that
SDL scales to the window (``pygame.SCALED``), so layouts and mouse positions never
depend on the window's size.
"""
from __future__ import annotations

import os
import sys
import time
import traceback
from datetime import datetime
from pathlib import Path
from typing import Callable, Protocol

import pygame

from .theme import SCREEN_SIZE

STEP = 1 / 60           # model time per update
MAX_STEPS_PER_FRAME = 5  # catch-up cap after a stall


def user_dir(*parts: str) -> Path:
    """Where saves, screenshots and high scores go (``$TABLETOP_HOME`` or ~/.tabletop)."""
    base = Path(os.environ.get("TABLETOP_HOME") or Path.home() / ".tabletop")
    path = base.joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True)
    return path


def has_display() -> bool:
    """False when no window can open (no X11/Wayland on Linux, or the dummy driver)."""
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


class Scene(Protocol):
    """One screen of the app. Scenes get events, fixed-step updates and a draw call."""

    def handle_event(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...


class App:
    """Owns the window and runs the scene on top of the stack."""

    def __init__(self, *, title: str = "Tabletop", headless: bool = False) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # pygame's SCALED window scales by whole numbers unless this hint (pygame reads it
        # by this literal name) is on: then any window size shows the whole table, smoothly.
        os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        pygame.display.init()  # no mixer: the program makes no sound
        pygame.font.init()
        pygame.display.set_caption(title)
        flags = 0 if headless else pygame.RESIZABLE | pygame.SCALED
        self.screen = pygame.display.set_mode(SCREEN_SIZE, flags)
        self.scenes: list[Scene] = []
        self.running = False
        self.message: tuple[str, float] | None = None
        self.errors_seen: set[str] = set()

    # -- scenes -----------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def replace(self, scene: Scene) -> None:
        self.scenes[-1] = scene

    def pop(self) -> None:
        self.scenes.pop()
        if not self.scenes:
            self.running = False

    def quit(self) -> None:
        self.running = False

    # -- loop -------------------------------------------------------------------
    def run(self) -> None:
        """Fixed-timestep loop: model steps of STEP seconds, one draw per frame."""
        self.running = True
        clock = pygame.time.Clock()
        lag = 0.0
        last = time.perf_counter()
        try:
            while self.running and self.scenes:
                now = time.perf_counter()
                lag = min(lag + now - last, STEP * MAX_STEPS_PER_FRAME)
                last = now
                for event in pygame.event.get():
                    if event.type == pygame.QUIT:
                        self.running = False
                    elif event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
                        self.guarded(self.screenshot)
                    elif self.scenes:
                        self.guarded(self.scene.handle_event, event)
                while lag >= STEP and self.scenes:
                    self.guarded(self.scene.update, STEP)
                    lag -= STEP
                if self.scenes:
                    self.guarded(self.scene.draw, self.screen)
                    self.draw_message(self.screen)
                    pygame.display.flip()
                clock.tick(60)
        finally:
            pygame.quit()

    def guarded(self, call: Callable[..., object], *args: object) -> None:
        """Run one scene call. An error it raises is shown and written to stderr (once per
        kind), and the app carries on with the same scenes: a game in progress is not lost."""
        try:
            call(*args)
        except Exception as exc:
            summary = f"{type(exc).__name__}: {str(exc)[:160]}"
            if summary not in self.errors_seen:
                self.errors_seen.add(summary)
                traceback.print_exc()
            self.notify(f"Something went wrong ({summary}); the game goes on.", seconds=6)

    def screenshot(self) -> Path:
        """F12: save what is on screen as a PNG and say where."""
        path = user_dir("screenshots") / f"tabletop-{datetime.now():%Y%m%d-%H%M%S}.png"
        pygame.image.save(self.screen, str(path))
        self.notify(f"Screenshot saved to {path}")
        return path

    def notify(self, message: str, seconds: float = 3.5) -> None:
        """Show a short message at the top of the screen."""
        self.message = (message, time.perf_counter() + seconds)

    def draw_message(self, surface: pygame.Surface) -> None:
        if not self.message:
            return
        text, until = self.message
        if time.perf_counter() > until:
            self.message = None
            return
        from .theme import panel, text as draw_text, font

        w = min(SCREEN_SIZE[0] - 40, font(18).size(text)[0] + 40)
        rect = pygame.Rect(0, 0, w, 40)
        rect.midtop = (SCREEN_SIZE[0] // 2, 12)
        panel(surface, rect, alpha=235)
        draw_text(surface, text, rect.center, anchor="center", size=18)
