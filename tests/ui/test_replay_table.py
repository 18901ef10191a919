"""Watching a saved game: the table plays the file's moves back and ends where the game stood."""
from __future__ import annotations

import os
import random

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from simulator.engine import REFEREE, GameRecord, SeatInfo, load_game, make_bot, save_record  # noqa: E402
from simulator.engine.record import load_record  # noqa: E402
from simulator.ui.app import App  # noqa: E402
from simulator.ui.replay_table import ReplayTable  # noqa: E402
from simulator.ui.settings import Settings  # noqa: E402

from .person import click, frames, press  # noqa: E402


def saved_game(tmp_path, game_id: str, players: int, moves: int, seed: int = 3):
    """A file of ``moves`` moves by bots (the referee's verdicts included), as a table saves it."""
    game = load_game(game_id, players=players)
    state = game.new_state(seed)
    level = "steady" if game_id == "wackelbett" else "random"
    bots = [make_bot(game, s, level) for s in range(players)]
    referee, rng = game.make_referee(), random.Random(seed)
    while len(state.history) < moves and not state.is_over():
        seat = state.current_players()[0]
        state.apply(referee.decide(state) if seat == REFEREE else bots[seat].choose(
            state.view(seat), state.legal_actions(seat), rng))
    seats = (SeatInfo("You"),) + tuple(SeatInfo(f"Bot {i}", level) for i in range(1, players))
    path = tmp_path / f"{game_id}.json"
    save_record(GameRecord.of(state, seats), path)
    return path, state


@pytest.mark.parametrize("game_id, players, moves", [("wham-bam", 3, 30), ("wackelbett", 2, 14)])
def test_watching_a_saved_game_plays_every_move_back_and_ends_where_it_stood(tmp_path, monkeypatch, game_id,
                                                                             players, moves):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    path, saved = saved_game(tmp_path, game_id, players, moves)
    app = App(headless=True, settings=Settings(bot_speed="instant"))
    table = ReplayTable(app, load_record(path), on_leave=app.pop)
    app.push(table)
    assert table.state.history == [] and table.humans == [] and table.viewer is None, "from the deal, as onlookers"
    assert table.view.names[0] == "Player 1", "nobody watching is the You who played"
    for _ in range(400):
        frames(app, 30)
        if table.overlays:
            press(app, pygame.K_RETURN)  # a round's summary waits to be read, as at the table
        if app.notice and app.notice[0].startswith("End of the saved game"):
            break
    assert table.state.to_json() == saved.to_json(), "every move, verdicts included, played back to the same table"
    assert app.notice[0] == f"End of the saved game: {len(saved.history)} moves played back"
    assert table.status() == app.notice[0] or saved.is_over(), "the top line says so until the window closes"
    assert not table.has_unsaved_play(), "nobody played here: leaving asks nothing"


def test_a_game_played_back_offers_no_undo_or_save_and_says_why_when_asked(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    path, _ = saved_game(tmp_path, "wham-bam", 2, 10)
    app = App(headless=True)
    table = ReplayTable(app, load_record(path), on_leave=app.pop)
    app.push(table)
    frames(app, 2)
    assert "Ctrl+Z undo" not in table.key_hints() and "Ctrl+S save" not in table.key_hints()
    assert "Ctrl+O load" in table.key_hints()
    press(app, pygame.K_ESCAPE)
    labels = [b.text for b in table.overlays[0].buttons]
    assert not any(label.startswith(("Undo", "Save")) for label in labels) and "Load game  (Ctrl+O)" in labels
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert app.notice[0] == "This is a saved game played back: there is nothing to undo."
    press(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert app.notice[0] == "This is a saved game played back: it is in its file already."


def test_a_replay_is_steered_with_pause_step_back_and_forth_and_speed(tmp_path, monkeypatch):
    """Issue 29: Watch game only played the file through. Space pauses (nothing comes while paused)
    and plays on, Right and Left step one move forward and back, + plays faster; the top line
    says where the playback stands."""
    from simulator.engine import GameRecord, RandomBot, SeatInfo, load_game, play_out
    from simulator.ui.app import App
    from simulator.ui.replay_table import ReplayTable
    from simulator.ui.settings import Settings

    from .person import frames, press

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    app = App(headless=True, settings=Settings())
    game = load_game("wham-bam", players=2)
    final = play_out(game, [RandomBot(game, 0), RandomBot(game, 1)], 4)
    record = GameRecord.of(final, (SeatInfo("Ann"), SeatInfo("Bob", "random")))
    scene = ReplayTable(app, record, on_leave=app.pop)
    app.push(scene)
    frames(app, 240)
    played = len(scene.state.history)
    assert played > 0
    press(app, pygame.K_SPACE)
    paused_at = len(scene.state.history)
    frames(app, 240)
    assert scene.paused and len(scene.state.history) == paused_at, "nothing comes while paused"
    assert f"move {paused_at} of {len(record.actions)}" in scene.status()
    press(app, pygame.K_RIGHT)
    assert len(scene.state.history) == paused_at + 1
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert len(scene.state.history) == paused_at - 1
    assert scene.state.to_json() == record.replay(paused_at - 1).to_json(), "back means the table as it was"
    press(app, pygame.K_PLUS)
    press(app, pygame.K_SPACE)
    assert not scene.paused and scene.speed == 2.0
    frames(app, 120)
    assert len(scene.state.history) > paused_at - 1


def test_a_click_on_a_line_of_the_log_shows_the_table_at_that_move(tmp_path, monkeypatch):
    """Issue 29: the move history in the sidebar steers the replay. After the file has been
    played back, a click on an older line of the log pauses at the table as it was right after
    the move that wrote it (the lines after it are gone from the log); further back from there,
    and the newest line shown stays where it is."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    path, saved = saved_game(tmp_path, "wham-bam", 2, 80)  # into round 2, whose log starts afresh
    app = App(headless=True, settings=Settings(bot_speed="instant"))
    table = ReplayTable(app, load_record(path), on_leave=app.pop)
    app.push(table)
    for _ in range(400):
        frames(app, 30)
        if table.overlays:
            press(app, pygame.K_RETURN)  # the round's summary
        if app.notice and app.notice[0].startswith("End of the saved game"):
            break
    assert saved.view(None)["round"] == 2
    entries = table.view.log_lines()
    row, entry = table.log_rows[len(table.log_rows) // 2]
    assert 0 < entry < len(entries) - 1, "a line from the middle of the game"
    click(app, row.center)
    moves = len(table.state.history)
    assert table.paused and 50 < moves < len(saved.history), "in round 2, not back in round 1"
    assert table.state.to_json() == load_record(path).replay(moves).to_json(), "the table as it was then"
    assert table.view.log_lines() == entries[:entry + 1], "the log ends with the line clicked"
    frames(app, 30)
    assert len(table.state.history) == moves, "paused there"
    row, entry = table.log_rows[0]
    click(app, row.center)
    assert len(table.state.history) < moves, "further back still"
    frames(app, 2)
    row, entry = table.log_rows[-1]
    click(app, row.center)
    assert table.view.log_lines()[-1] == entries[entry], "the newest line stays the table shown"


def test_a_paused_replay_of_a_timed_round_stands_still_sand_timer_and_all(tmp_path, monkeypatch):
    """Wie Weet Wat's answering window runs on the table's clock and its own flow, not on the
    turns a pause holds back: paused in the middle of a window, nothing is answered and the
    window's time stands still; played on, the moves come again."""
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    path, saved = saved_game(tmp_path, "wie-weet-wat", 3, 40)
    app = App(headless=True, settings=Settings())
    table = ReplayTable(app, load_record(path), on_leave=app.pop)
    app.push(table)
    for _ in range(600):
        frames(app, 10)
        if table.overlays:
            press(app, pygame.K_RETURN)
        if table.state.view(0).get("phase") == "answer":
            break
    assert table.state.view(0).get("phase") == "answer", "the replay reached an answering window"
    press(app, pygame.K_SPACE)
    held, clock = len(table.state.history), table.table_seconds()
    frames(app, 60 * 40)  # forty seconds: longer than any window
    assert table.paused and len(table.state.history) == held, "nothing is answered while paused"
    assert table.table_seconds() == clock, "the sand timer stands still"
    press(app, pygame.K_SPACE)
    for _ in range(60):
        frames(app, 60)
        if len(table.state.history) > held:
            break
    assert len(table.state.history) > held and table.table_seconds() > clock
