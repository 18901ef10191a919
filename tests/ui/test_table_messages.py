"""Short messages (undo, save, screenshot) never cover the turn line or the sidebar's title, in any game."""
from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from simulator.engine import SeatInfo, bot_levels, load_game  # noqa: E402
from simulator.ui.app import App  # noqa: E402
from simulator.ui.catalogue import playable_games  # noqa: E402
from simulator.ui.settings import Settings  # noqa: E402
from simulator.ui.table import TableScene, TableSetup  # noqa: E402
from simulator.ui.theme import SIDEBAR_RECT, font, ui_size  # noqa: E402

from .person import frames, press  # noqa: E402


@pytest.mark.parametrize("large_text", [False, True], ids=["normal", "larger-text"])
@pytest.mark.parametrize("game_id", playable_games())
def test_a_message_sits_in_the_sidebar_clear_of_the_title_and_the_turn_line(tmp_path, monkeypatch, game_id,
                                                                            large_text):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    app = App(headless=True, settings=Settings(large_text=large_text))
    pygame.event.clear()
    game = load_game(game_id, players=max(2, load_game(game_id).__class__.min_players))
    best = bot_levels(game_id)[-1]
    seats = (SeatInfo("You"),) + tuple(SeatInfo(f"Bot {i}", best) for i in range(1, game.players))
    scene = TableScene(app, TableSetup(game, seats, 5), on_leave=app.pop)
    app.push(scene)
    frames(app, 10)
    press(app, pygame.K_z, mod=pygame.KMOD_LCTRL)  # nothing to undo yet: the table says so
    assert app.notice and "undo" in app.notice[0].lower()
    rect = scene.notice_rect
    assert rect is not None and SIDEBAR_RECT.contains(rect)
    title_bottom = 14 + font(ui_size(26), True).get_height()
    assert rect.top > title_bottom + 60, "below the title and the first seat"
    assert rect.bottom < SIDEBAR_RECT.bottom - 2 * ui_size(13), "above the key hints"


def test_a_long_file_name_breaks_after_a_hyphen_not_inside_a_number():
    from simulator.ui.headless import init_headless
    from simulator.ui.theme import wrap

    init_headless()
    name = "Saved: wham-bam-20261202-042652.json in ~/.tabletop/saves"
    width = font(15).size("Saved: wham-bam-20261202-04")[0]
    lines = wrap(name, width, 15)
    assert "".join(line.replace(" ", "") for line in lines) == name.replace(" ", "")
    assert all(font(15).size(line)[0] <= width for line in lines)
    assert any(line.endswith("20261202-") for line in lines), lines


def test_a_window_dragged_to_its_smallest_says_it_goes_no_smaller(tmp_path, monkeypatch):
    """Issue 29: the window shrank past legibility. It has a minimum size (three quarters of the
    table's, where the smallest text is still 10 px; set on the real window, which SDL then holds),
    and a resize that reaches it says why it stops there."""
    from simulator.ui.app import MINIMUM_WINDOW

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    app = App(headless=True, settings=Settings())
    game = load_game("wham-bam", players=2)
    app.push(TableScene(app, TableSetup(game, (SeatInfo("You"), SeatInfo("Bot", "random")), 5), on_leave=app.pop))
    frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 620), w=1100, h=620))
    frames(app, 1)
    assert not app.notice or "no smaller" not in app.notice[0]
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=MINIMUM_WINDOW, w=MINIMUM_WINDOW[0],
                                         h=MINIMUM_WINDOW[1]))
    frames(app, 1)
    assert app.notice and "no smaller than 960 x 540" in app.notice[0]
