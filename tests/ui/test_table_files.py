"""Save and load from the table, the way a person does it: keys, the dialog's buttons, frames."""
from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from simulator.engine import SeatInfo, load_game, load_record  # noqa: E402
from simulator.ui.app import App  # noqa: E402
from simulator.ui.settings import Settings  # noqa: E402
from simulator.ui.table import TableScene, TableSetup  # noqa: E402
from simulator.ui.theme import SIDEBAR_RECT, TABLE_RECT  # noqa: E402

from .person import click, frames, press  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    app = App(headless=True, settings=Settings())
    pygame.event.clear()
    yield app


def sit_down(app, seed: int) -> TableScene:
    game = load_game("wham-bam", players=2)
    scene = TableScene(app, TableSetup(game, (SeatInfo("You"), SeatInfo("Bot", "good")), seed),
                       on_leave=app.pop)
    app.push(scene)
    frames(app, 30)
    return scene


def message_is_shown(app, scene, words: str) -> bool:
    """The message names ``words`` and is drawn in the sidebar, clear of the table."""
    if not app.notice or words not in app.notice[0] or scene.notice_rect is None:
        return False
    rect = scene.notice_rect
    frame_colour = app.screen.get_at((rect.left + 1, rect.centery))[:3]
    return SIDEBAR_RECT.contains(rect) and not rect.colliderect(TABLE_RECT) and frame_colour != (28, 32, 40)


def test_ctrl_s_then_ok_saves_a_file_and_says_so(app, tmp_path):
    scene = sit_down(app, seed=3)
    press(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    assert scene.dialog_open, "Ctrl+S opens the save dialog"
    click(app, scene.dialog.ok_button.rect.center)
    frames(app, 10)
    saves = list((tmp_path / "home" / "saves").glob("*.json"))
    assert len(saves) == 1 and saves[0].name.startswith("wham-bam-")
    assert load_record(saves[0]).replay().to_json() == scene.state.to_json()
    assert message_is_shown(app, scene, saves[0].name)


def test_ctrl_o_pick_a_file_ok_loads_that_game(app, tmp_path):
    first = sit_down(app, seed=3)
    press(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    click(app, first.dialog.ok_button.rect.center)
    frames(app, 10)
    saved = next((tmp_path / "home" / "saves").glob("*.json"))
    record = load_record(saved)
    app.pop()
    other = sit_down(app, seed=99)
    assert other.state.to_json() != record.replay().to_json()

    press(app, pygame.K_o, mod=pygame.KMOD_LCTRL)
    dialog = other.dialog
    assert other.dialog_open, "Ctrl+O opens the load dialog"
    item = dialog.item_of(saved.name)
    click(app, item["button_element"].rect.center)
    click(app, dialog.load_button.rect.center)
    frames(app, 10)
    loaded = app.scene
    assert loaded is not other and isinstance(loaded, TableScene)
    assert loaded.setup.seed == 3 and loaded.state.to_json()["fields"] == record.replay().to_json()["fields"]
    assert [s.name for s in loaded.seats] == ["You", "Bot"]
    assert message_is_shown(app, loaded, saved.name)


def test_the_table_waits_while_the_dialog_is_open_and_escape_closes_it(app):
    game = load_game("wham-bam", players=2)
    scene = TableScene(app, TableSetup(game, (SeatInfo("A", "good"), SeatInfo("B", "good")), 4))
    app.push(scene)
    press(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    frames(app, 240)
    assert scene.state.history == [], "bots wait while the dialog is open"
    press(app, pygame.K_ESCAPE)
    assert not scene.dialog_open
    frames(app, 240)
    assert scene.state.history, "the game goes on once the dialog is closed"


def test_ctrl_s_then_enter_saves_too(app, tmp_path):
    scene = sit_down(app, seed=3)
    press(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    press(app, pygame.K_RETURN)
    frames(app, 10)
    saves = list((tmp_path / "home" / "saves").glob("*.json"))
    assert len(saves) == 1 and not scene.dialog_open
    assert message_is_shown(app, scene, saves[0].name)


def test_ctrl_o_over_a_game_played_on_since_it_was_saved_asks_first(app):
    import pygame_gui

    scene = sit_down(app, seed=3)
    for _ in range(60):
        if scene.state.current_players() == (0,):
            break
        frames(app, 30)
    scene.try_action(scene.state.legal_actions(0)[0])
    press(app, pygame.K_o, mod=pygame.KMOD_LCTRL)
    assert not scene.dialog_open and scene.overlays[0].title == "This game is not finished"
    labels = [b.text for b in scene.overlays[0].buttons]
    assert labels == ["Save, then load", "Load without saving", "Stay at the table"]
    loose = next(b for b in scene.overlays[0].buttons if b.text == "Load without saving")
    scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=loose))
    frames(app, 2)
    assert scene.dialog_open, "told it may go, the table opens the load dialog"


def test_the_save_browser_lists_each_save_with_its_game_players_progress_and_a_picture(app, tmp_path):
    """Issue 29: loading was a file dialog of bare names. The browser lists every save, newest
    first, with its game, date and players; the chosen one shows how far it got and a picture of
    its table; a file that cannot be loaded is listed with the reason."""
    from simulator.engine import GameRecord, save_record

    saves = tmp_path / "home" / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    game = load_game("wham-bam", players=2)
    state = game.new_state(11)
    for _ in range(3):
        state.apply(state.legal_actions(state.current_players()[0])[0])
    save_record(GameRecord.of(state, (SeatInfo("Ann"), SeatInfo("Bot", "good"))), saves / "ours.json")
    (saves / "broken.json").write_text("{nope")
    scene = sit_down(app, seed=5)
    press(app, pygame.K_o, mod=pygame.KMOD_LCTRL)
    browser = scene.dialog
    listed = {g.path.name: g for g in browser.games}
    assert set(listed) == {"ours.json", "broken.json"}
    ours = listed["ours.json"]
    assert ours.title == "Wham Bam!" and ours.players == "Ann, Bot" and "in progress after 3 moves" in ours.progress
    assert "cannot be loaded" in listed["broken.json"].progress
    click(app, browser.item_of("ours.json")["button_element"].rect.center)
    assert browser.chosen is ours
    picture = browser.pictures[ours.path]
    colours = {picture.get_at((x, y))[:3] for x in range(0, picture.get_width(), 16)
               for y in range(0, picture.get_height(), 16)}
    assert len(colours) > 20, "a picture of the table, not a blank"
