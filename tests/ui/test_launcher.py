"""The launcher with the mouse and keyboard, headless: every rule option and the seed can be reached."""
from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from simulator.ui.app import App  # noqa: E402
from simulator.ui.launcher import LauncherScene  # noqa: E402


@pytest.fixture()
def launcher():
    app = App(headless=True)
    scene = LauncherScene(app)
    app.push(scene)
    yield app, scene
    pygame.event.clear()


def frames(app: App, scene: LauncherScene, n: int = 3) -> None:
    """Let the frame loop run: pygame-gui posts its own events (a new selection ...) to the queue."""
    for _ in range(n):
        for event in pygame.event.get():
            scene.handle_event(event)
        scene.update(1 / 60)
        scene.draw(app.screen)


def point(app, scene, pos) -> None:
    pygame.mouse.set_pos(pos)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, scene, 1)


def click(app, scene, pos) -> None:
    point(app, scene, pos)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app, scene, 1)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, scene, 2)


def test_rule_options_that_do_not_fit_scroll_and_the_seed_can_be_typed_below_them(launcher):
    """Mamma has more options than fit under its seats: the wheel scrolls them, and the seed
    typed at the bottom deals the game."""
    app, scene = launcher
    frames(app, scene)
    mamma = next(item["button_element"] for item in scene.game_list.item_list if item["text"].startswith("Mamma"))
    click(app, scene, mamma.get_abs_rect().center)
    assert scene.game_id == "mamma" and len(scene.option_widgets) == 7
    shown = scene.options_box.get_abs_rect()
    assert not shown.contains(scene.seed_entry.get_abs_rect()), "the seed starts below the fold"
    point(app, scene, shown.center)
    for _ in range(10):
        scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                              precise_x=0.0, precise_y=-1.0))
        frames(app, scene, 1)
    assert shown.contains(scene.seed_entry.get_abs_rect())
    click(app, scene, scene.seed_entry.get_abs_rect().center)
    for char in "42":
        scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=char))
        frames(app, scene, 1)
    click(app, scene, scene.start.get_abs_rect().center)
    table = app.scenes[-1]
    assert table is not scene and table.setup.seed == 42 and table.setup.game.id == "mamma"
