"""Settings: reached from the launcher and the Esc menu, used at once, remembered between runs."""
from __future__ import annotations

import json
import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from simulator.engine import SeatInfo, load_game  # noqa: E402
from simulator.ui.app import App  # noqa: E402
from simulator.ui.launcher import LauncherScene  # noqa: E402
from simulator.ui.settings import Settings, load_settings  # noqa: E402
from simulator.ui.settings_panel import SettingsPanel  # noqa: E402
from simulator.ui.table import TableScene, TableSetup  # noqa: E402

from .person import click, frames, press  # noqa: E402
from .test_launcher import choose  # noqa: E402


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    return tmp_path


def bots_table(app: App) -> TableScene:
    game = load_game("wham-bam", players=2)
    scene = TableScene(app, TableSetup(game, (SeatInfo("A", "good"), SeatInfo("B", "good")), 4), on_leave=app.pop)
    app.push(scene)
    return scene


def open_from_the_menu(app: App, scene: TableScene) -> SettingsPanel:
    press(app, pygame.K_ESCAPE)
    button = next(b for b in scene.overlays[0].buttons if b.text == "Settings")
    click(app, button.rect.center)
    panel = scene.overlays[0]
    assert isinstance(panel, SettingsPanel)
    return panel


def moves_in(app: App, scene: TableScene, seconds: float) -> int:
    before = len(scene.state.history)
    frames(app, int(seconds * 60))
    return len(scene.state.history) - before


def test_bot_speed_from_the_esc_menu_takes_effect_and_is_remembered(home):
    app = App(headless=True)
    scene = bots_table(app)
    normal = moves_in(app, scene, 6)
    panel = open_from_the_menu(app, scene)
    assert moves_in(app, scene, 2) == 0, "the game waits while the settings are open"
    choose(app, panel.speed, "Fast")
    click(app, panel.done_button.rect.center)
    assert not scene.overlays
    fast = moves_in(app, scene, 6)
    assert fast > 1.5 * normal
    assert json.loads((home / "settings.json").read_text())["bot_speed"] == "fast"
    assert App(headless=True).settings.bot_speed == "fast", "the next run starts with it"


def test_the_skip_key_lands_the_moving_card_and_the_next_bot_goes_at_once(home):
    app = App(headless=True, settings=Settings(bot_speed="slow"))
    scene = bots_table(app)
    for _ in range(400):
        frames(app, 1)
        if scene.state.history and scene.view.busy():
            break
    moved = len(scene.state.history)
    assert scene.view.busy(), "a bot's card is gliding"
    press(app, pygame.K_TAB)  # and six frames, a tenth of a second
    assert len(scene.state.history) == moved + 1, "the card landed and the next bot went without its slow pause"


def test_volume_mute_and_larger_text_from_the_launcher(home):
    app = App(headless=True)
    launcher = LauncherScene(app)
    app.push(launcher)
    frames(app, 2)
    small = launcher.start.rect.height, launcher.seat_rows[0][0].font.get_rect("Ann").height
    click(app, launcher.settings_button.rect.center)
    panel = launcher.settings_panel
    for _ in range(3):  # the slider's left arrow, 5 a click
        click(app, panel.volume.left_button.rect.center)
    assert app.settings.volume == 55 and app.sound.loudness == app.settings.loudness
    click(app, panel.mute.rect.center)
    assert app.settings.muted and app.sound.loudness == 0
    click(app, panel.large_text.rect.center)
    assert app.settings.large_text
    assert launcher.seat_rows[0][0].font.get_rect("Ann").height > small[1], "every widget is built again, larger"
    assert launcher.settings_panel is not None, "the settings stay open"
    saved = load_settings(home / "settings.json")
    assert saved.muted and saved.large_text and saved.volume == app.settings.volume


def test_a_broken_settings_file_gives_the_defaults_and_says_so(home):
    (home / "settings.json").write_text("{ not json")
    app = App(headless=True)
    assert app.settings == Settings()
    assert app.notice and "settings.json" in app.notice[0]
    (home / "settings.json").write_text(json.dumps({"bot_speed": "warp", "volume": 30}))
    assert load_settings(home / "settings.json").problem.startswith(str(home / "settings.json"))
