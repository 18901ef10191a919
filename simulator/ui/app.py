"""The window, the fixed-timestep loop, the scene stack, the sound board and the settings.

The window is resizable; everything is drawn on a 1280x720 logical canvas that
SDL scales to the window (``pygame.SCALED``), so layouts and mouse positions never
depend on the window's size.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
import traceback
import warnings
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Protocol

import pygame

from . import theme
from .settings import Settings, home, load_settings, save_settings
from .sound import SoundBoard
from .theme import SCREEN_SIZE

STEP = 1 / 60           # model time per update
FRAME_RATE = 60          # frames a second while anything moves or is touched
CALM_FRAME_RATE = 15     # and once nothing has for CALM_AFTER seconds: an idle window costs a quarter
CALM_AFTER = 1.0
MAX_STEPS_PER_FRAME = 5  # catch-up cap after a stall
NOTICE_SECONDS = 4.0
PROBE_SECONDS = 15.0     # a display that has not answered by then never will

# Run in a child process, so a display that hangs cannot hang us and its libraries'
# complaints stay in the child's stderr.
_PROBE = """
import os
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import pygame
pygame.display.init()
driver = pygame.display.get_driver()
if driver not in ("offscreen", "dummy"):
    pygame.display.set_mode((64, 64), pygame.HIDDEN)
print(driver)
"""


def user_dir(*parts: str) -> Path:
    """Where saves, screenshots, settings and high scores go (``$TABLETOP_HOME`` or ~/.tabletop)."""
    path = home().joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True)
    return path


def display_problem(timeout: float = PROBE_SECONDS) -> str | None:
    """Why no window can open here (one line), or None when one can.

    Asks SDL in a child process which video driver it picks and opens a hidden window:
    when ``DISPLAY`` names no X server that answers, SDL quietly falls back to its
    offscreen driver, where a window opens that nobody can see.
    """
    forced = os.environ.get("SDL_VIDEODRIVER")
    if forced in ("dummy", "offscreen"):
        return f"SDL_VIDEODRIVER={forced} asks for no window"
    display = os.environ.get("DISPLAY")
    try:
        proc = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"the display {display or ''} did not answer within {timeout:.0f} s".replace("  ", " ")
    lines = proc.stdout.split()
    if proc.returncode != 0 or not lines:
        return "SDL could not open a window here"
    if lines[-1] in ("offscreen", "dummy"):
        if display:
            return f"DISPLAY={display} names no X server that answers"
        return "neither DISPLAY nor WAYLAND_DISPLAY is set" if sys.platform.startswith("linux") else \
            "SDL found no screen"
    return None


# The smallest window: the table is drawn at SCREEN_SIZE and scaled to the window, and below
# three quarters of it the smallest table text (13 px) falls under 10 px on the screen.
MINIMUM_WINDOW = (SCREEN_SIZE[0] * 3 // 4, SCREEN_SIZE[1] * 3 // 4)


def _window_of_display() -> Any:
    """The window ``pygame.display`` opened (pygame-ce's Window object, for its minimum size), or
    None where this pygame has none. pygame-ce warns that this bridge will go one day."""
    window_class = getattr(pygame, "Window", None)
    if window_class is None or not hasattr(window_class, "from_display_module"):
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return window_class.from_display_module()


class Scene(Protocol):
    """One screen of the app. Scenes get events, fixed-step updates and a draw call.

    A scene may also define ``draw_notice(surface, text)`` to show the app's short
    messages in a place of its own, ``busy()`` (True while something on it moves: the window
    keeps its full frame rate), ``settings_changed(settings)``, and
    ``pass_real_time(seconds)`` to hear the real time each frame stood for (the fixed steps
    leave out what a stall cost).
    """

    def handle_event(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...


class App:
    """Owns the window, the sound board and the settings, and runs the scene on top of the stack."""

    def __init__(self, *, title: str = "Tabletop", headless: bool = False,
                 settings: Settings | None = None) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # pygame's SCALED window scales by whole numbers unless this hint (pygame reads it
        # by this literal name) is on: then any window size shows the whole table, smoothly.
        os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        self.headless = headless
        self.settings = settings or load_settings()
        theme.set_text_scale(self.settings.text_scale)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(title)
        flags = 0 if headless else pygame.RESIZABLE | pygame.SCALED
        if self.settings.fullscreen and not headless:
            flags |= pygame.FULLSCREEN
        self.screen = pygame.display.set_mode(SCREEN_SIZE, flags)
        self.window = None if headless else _window_of_display()
        if self.window is not None:
            self.window.minimum_size = MINIMUM_WINDOW  # smaller, the table's smallest text cannot be read
        self.sound = SoundBoard(loudness=self.settings.loudness)
        self.scenes: list[Scene] = []
        self.running = False
        self._last_input = time.perf_counter()  # when the player last touched anything
        self.quits = 0  # times quit() was called: a frame steps no scene after one
        self.notice: tuple[str, float] | None = None   # (text, seconds left)
        self.lag = 0.0
        self._last = time.perf_counter()
        self.errors_seen: set[str] = set()
        self._at_exit: list[Callable[[], None]] = []
        if self.settings.problem:
            self.notify(self.settings.problem)

    # -- scenes -----------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def replace(self, scene: Scene) -> None:
        self.scenes[-1] = scene

    def at_exit(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when the app stops, however it stops (a hosted table's server
        says goodbye to its players and saves)."""
        self._at_exit.append(callback)

    def pop(self) -> None:
        """Close the top scene; its messages go with it (a table's words never show on the launcher)."""
        self.scenes.pop()
        self.notice = None
        if not self.scenes:
            self.running = False

    def quit(self) -> None:
        self.running = False
        self.quits += 1

    # -- loop -------------------------------------------------------------------
    def run(self) -> None:
        """Frames at up to 60 per second until the last scene closes or the window does."""
        self.running = True
        clock = pygame.time.Clock()
        self._last = time.perf_counter()
        try:
            while self.running and self.scenes:
                self.frame()
                clock.tick(self.frame_rate())
        finally:  # Ctrl+C in the terminal too
            for callback in self._at_exit:
                self.guarded(callback)
            pygame.quit()

    def frame_rate(self) -> int:
        """Frames a second for the next frame: the full rate while the player acts (an event
        in the last second, a mouse button held) or the scene says something moves; a quarter
        of it when the window only shows a still table."""
        scene_busy = getattr(self.scene, "busy", None) if self.scenes else None
        if (time.perf_counter() - self._last_input < CALM_AFTER or any(pygame.mouse.get_pressed())
                or (scene_busy is not None and scene_busy())):
            return FRAME_RATE
        return CALM_FRAME_RATE

    def frame(self, dt: float | None = None) -> None:
        """One frame: the events, fixed model steps of STEP seconds, one draw.

        ``dt`` is the time the frame stands for; None takes it from the wall clock.
        """
        now = time.perf_counter()
        elapsed = now - self._last if dt is None else dt
        self._last = now
        self.lag = min(self.lag + elapsed, STEP * MAX_STEPS_PER_FRAME)
        if self.scenes and hasattr(self.scene, "pass_real_time"):
            self.guarded(self.scene.pass_real_time, elapsed)  # timed windows run on real time
        for event in pygame.event.get():
            self._last_input = now
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
                self.guarded(self.screenshot)
            elif event.type == pygame.VIDEORESIZE and (event.w <= MINIMUM_WINDOW[0] or event.h <= MINIMUM_WINDOW[1]):
                self.notify(f"The window goes no smaller than {MINIMUM_WINDOW[0]} x {MINIMUM_WINDOW[1]}: "
                            "below that the table's text could not be read.")
            elif self.scenes:
                self.guarded(self.scene.handle_event, event)
        quits = self.quits  # a scene that quits in a step is stepped no further this frame
        while self.lag >= STEP - 1e-9 and self.scenes and self.quits == quits:
            self.guarded(self.scene.update, STEP)
            self._age_notice(STEP)
            self.lag -= STEP
        if self.scenes:
            self.guarded(self.scene.draw, self.screen)
            if self.notice:
                draw = getattr(self.scene, "draw_notice", None) or self.draw_notice
                self.guarded(draw, self.screen, self.notice[0])
            pygame.display.flip()

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

    # -- settings ---------------------------------------------------------------
    def change_settings(self, settings: Settings) -> None:
        """Take ``settings`` now (sound, text size, full screen) and remember them for next time."""
        old, self.settings = self.settings, settings
        self.sound.set_loudness(settings.loudness)
        theme.set_text_scale(settings.text_scale)
        if settings.fullscreen != old.fullscreen and not self.headless:
            pygame.display.toggle_fullscreen()
        try:
            save_settings(settings)
        except OSError as exc:
            self.notify(f"Could not save the settings: {exc.strerror}")
        for scene in self.scenes:
            hook = getattr(scene, "settings_changed", None)
            if hook:
                hook(settings)

    # -- messages ---------------------------------------------------------------
    def screenshot(self) -> Path:
        """F12: save what is on screen as a PNG and say where."""
        path = user_dir("screenshots") / f"tabletop-{datetime.now():%Y%m%d-%H%M%S}.png"
        pygame.image.save(self.screen, str(path))
        self.notify(f"Screenshot saved: {path.name} in {tidy_folder(path.parent)}")
        return path

    def notify(self, message: str, seconds: float = NOTICE_SECONDS) -> None:
        """Show a short message for ``seconds``."""
        self.notice = (message, seconds)

    def _age_notice(self, dt: float) -> None:
        if self.notice:
            message, left = self.notice
            self.notice = (message, left - dt) if left > dt else None

    @staticmethod
    def draw_notice(surface: pygame.Surface, message: str) -> None:
        """Where a scene has no place of its own: a panel at the foot of the screen."""
        width = min(SCREEN_SIZE[0] - 80, theme.font(18).size(message)[0] + 40)
        rect = pygame.Rect(0, 0, width, 40)
        rect.midbottom = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] - 12)
        theme.panel(surface, rect, alpha=235, border=theme.GOLD)
        theme.text(surface, message, rect.center, anchor="center", size=18)


def tidy_folder(folder: Path) -> str:
    """``folder`` as a person would write it: ~/... under the home folder."""
    try:
        return "~/" + folder.resolve().relative_to(Path.home().resolve()).as_posix()
    except ValueError:
        return str(folder)
