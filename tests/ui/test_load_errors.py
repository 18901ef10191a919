"""A bad file never takes the app down: the launcher's Load, the table's Ctrl+O and the app loop."""
from __future__ import annotations

import json
import os
import time

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from simulator.engine import GameRecord, SeatInfo, load_game  # noqa: E402
from simulator.ui.app import App  # noqa: E402
from simulator.ui.headless import settle  # noqa: E402
from simulator.ui.launcher import LauncherScene  # noqa: E402
from simulator.ui.table import TableScene, TableSetup  # noqa: E402


def good_record(actions: int = 12) -> dict:
    state = load_game("wham-bam", players=2).new_state(3)
    for _ in range(actions):
        seat, = state.current_players()
        state.apply(state.legal_actions(seat)[0])
    return GameRecord.of(state, (SeatInfo("Ann"), SeatInfo("Bot", "good"))).to_json()


def broken_files(tmp_path):
    """The files the outside fuzz found crashing the app, one of each kind."""
    record = good_record()
    first = record["actions"][0]
    cases = {
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "kind-list.json": json.dumps({**record, "actions": [{**first, "kind": ["play"]}]}),
        "float-seat.json": json.dumps({**record, "actions": [{**first, "player": 0.0}]}),
        "bool-card.json": json.dumps({**record, "actions": [{**first, "card": True}]}),
        "huge-string.json": json.dumps({**record, "actions": [{**first, "kind": "x" * 5_000_000}]}),
        "bot-level.json": json.dumps({**record, "seats": [{"name": "A", "kind": "grandmaster"}] * 2}),
        "seats.json": json.dumps({**record, "seats": [{"name": "A", "kind": "human"}] * 5}),
        "binary.json": bytes(range(256)) * 10,
    }
    paths = []
    for name, content in cases.items():
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        paths.append(path)
    return paths


@pytest.fixture()
def app():
    app = App(headless=True)
    yield app
    app.scenes.clear()


def test_ctrl_o_of_a_broken_file_names_it_and_the_game_goes_on(app, tmp_path):
    game = load_game("wham-bam", players=2)
    table = TableScene(app, TableSetup(game, (SeatInfo("Ann"), SeatInfo("Bot", "good")), 4), on_leave=app.pop)
    app.push(table)
    settle(table)
    before = table.state.to_json()
    for path in broken_files(tmp_path):
        table.load(path)
        text, _ = app.notice
        assert text.startswith(f"Cannot load {path.name}: ") and len(text) <= 125, text[:200]
        assert not any(code in text for code in ("{'", "JSON", "expects", "Error")), f"in a player's words: {text}"
        assert app.scene is table and table.state.to_json() == before


def test_the_launchers_load_of_a_broken_file_names_it_and_stays(app, tmp_path):
    launcher = LauncherScene(app)
    app.push(launcher)
    for path in broken_files(tmp_path):
        launcher.load_file(str(path))
        assert launcher.error.startswith(f"Cannot load {path.name}: ") and len(launcher.error) <= 200
        assert app.scene is launcher
        launcher.draw(app.screen)


class Faulty:
    """A scene with a bug: it raises on a key press and in one update, and then quits."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.updates = 0

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN:
            raise RuntimeError("a bug in a key handler")

    def update(self, dt):
        self.updates += 1
        if self.updates == 3:
            raise ValueError("a bug in update")
        if self.updates == 6:
            self.app.quit()

    def draw(self, surface):
        surface.fill((0, 0, 0))
        time.sleep(0.04)  # a slow machine: each frame catches up with two or three steps


def test_the_app_loop_survives_a_scene_that_raises(app, capsys, monkeypatch):
    monkeypatch.setattr(pygame, "quit", lambda: None)  # later tests share this pygame
    under = LauncherScene(app)
    app.push(under)
    faulty = Faulty(app)
    app.push(faulty)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    app.run()
    assert faulty.updates == 6, "the loop went on after both errors, and stopped stepping the scene that quit"
    assert app.scenes == [under, faulty], "no scene was lost"
    assert "Something went wrong" in app.notice[0]
    err = capsys.readouterr().err
    assert "a bug in a key handler" in err and "a bug in update" in err
