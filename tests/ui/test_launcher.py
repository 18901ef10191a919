"""The launcher as a newcomer meets it: every option and the seed in view and usable, in words."""
from __future__ import annotations

import itertools
import os
import warnings

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pygame_gui.elements import UIDropDownMenu  # noqa: E402

from simulator.engine import GameRecord, SeatInfo, entry, load_game, save_record  # noqa: E402
from simulator.ui.app import App  # noqa: E402
from simulator.ui.launcher import BAD_FIELD, LauncherScene, playable_games, seat_choices  # noqa: E402
from simulator.ui.settings import Settings  # noqa: E402
from simulator.ui.replay_table import ReplayTable  # noqa: E402
from simulator.ui.table import TableScene  # noqa: E402
from simulator.ui.theme import SCREEN_SIZE  # noqa: E402

from .panel_checks import widgets_fit  # noqa: E402
from .person import click, frames, press, type_text  # noqa: E402

GAMES = playable_games()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    return tmp_path


def open_launcher(*, large_text: bool = False) -> tuple[App, LauncherScene]:
    app = App(headless=True, settings=Settings(large_text=large_text))
    pygame.event.clear()
    scene = LauncherScene(app)
    app.push(scene)
    frames(app, 2)
    return app, scene


def choose(app, menu: UIDropDownMenu, label: str) -> None:
    """Open a drop-down with a click and click the entry that reads ``label``."""
    click(app, menu.rect.center)
    items = menu.current_state.options_selection_list.item_list
    item = next((i for i in items if i["text"] == label), None)
    assert item is not None, f"{label!r} is not among {[i['text'] for i in items]}"
    click(app, item["button_element"].rect.center)


def pick_game(app, scene: LauncherScene, game_id: str) -> None:
    button = next(b for b, g in scene.game_buttons.items() if g == game_id)
    click(app, button.rect.center)
    assert scene.game_id == game_id


@pytest.mark.parametrize("large_text", [False, True], ids=["normal", "larger-text"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_widget_is_inside_the_panel_and_none_overlaps_at_every_seat_count(home, game_id, large_text):
    app, scene = open_launcher(large_text=large_text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pick_game(app, scene, game_id)
        for seats in seat_choices(entry(game_id).game_class):
            if scene.seat_count != seats:
                choose(app, scene.count_menu, str(seats))
            assert scene.seat_count == seats
            widgets = widgets_fit(scene.panel, f"{game_id}, {seats} seats")
            game = load_game(game_id, players=seats)
            assert set(scene.option_widgets) == {s.name for s in game.option_specs}
            for widget in [*scene.option_widgets.values(), scene.seed_entry]:
                assert widget in widgets
    cut = [str(w.message) for w in caught if "too small" in str(w.message)]
    assert not cut, cut
    top_level = [scene.panel, scene.about, scene.quit, scene.settings_button, scene.online, scene.load, scene.watch,
                 scene.start, *scene.game_buttons]
    for a, b in itertools.combinations(top_level, 2):
        assert not a.rect.colliderect(b.rect)


def test_choices_read_as_words_and_start_the_game_with_their_codes(home):
    app, scene = open_launcher()
    pick_game(app, scene, "zoo-wee-mama")
    choose(app, scene.count_menu, "6")
    menu = scene.option_widgets["first_dealer"]
    assert menu.selected_option[0] == "A random seat"
    choose(app, menu, "Seat 1")
    click(app, scene.seed_entry.rect.center)
    type_text(app, "42")
    click(app, scene.start.rect.center)
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.game.players == 6 and table.setup.seed == 42 and table.game.options["first_dealer"] == "first-seat"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_choice_of_every_option_has_words(game_id):
    for spec in load_game(game_id).option_specs:
        if spec.choices:
            assert spec.labels and len(spec.labels) == len(spec.choices), f"{spec.name}: words for each choice"


@pytest.mark.parametrize("game_id", GAMES)
def test_an_options_help_does_not_repeat_its_title_and_names_seats_as_players_see_them(game_id):
    for spec in load_game(game_id).option_specs:  # the panel shows "<title>: <help>"
        assert not spec.help.lower().startswith(spec.display_title.lower()), spec.name
        assert "seat 0" not in spec.help.lower(), f"{spec.name}: the seats are numbered from 1 on screen"


def test_enter_starts_the_game_only_when_not_typing(home):
    app, scene = open_launcher()
    name = scene.seat_rows[0][0]
    click(app, name.rect.center)
    type_text(app, "Zoe")
    press(app, pygame.K_RETURN)
    assert app.scene is scene, "Enter in a name field does not start the game"
    click(app, (scene.panel.rect.right - 40, scene.panel.rect.top + 340))  # on the panel, away from fields
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, TableScene) and app.scene.seats[0].name.startswith("You")


def test_pointing_at_an_option_shows_what_it_changes(home):
    app, scene = open_launcher()
    rect, spec = scene.option_rows[1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    assert spec.help[:30] in scene.help_box.html_text


def test_the_rules_beside_the_games_follow_the_options_chosen(home):
    app, scene = open_launcher()
    field = scene.option_widgets["target_score"]
    click(app, field.rect.center)
    field.set_text("")
    type_text(app, "100")
    assert "Be the first to 100 points" in scene.about.html_text
    type_text(app, "0")
    assert "Be the first to 1000 points" in scene.about.html_text
    type_text(app, "0")  # 10000 is past the option's range: the words stay as they were
    assert "Be the first to 1000 points" in scene.about.html_text
    pick_game(app, scene, "wie-weet-wat")
    assert "Wie als eerste al zijn letterkaarten kwijt is" in scene.about.html_text, "the rulebook's edition"
    choose(app, scene.option_widgets["language"], "English")
    assert "Wie als eerste" not in scene.about.html_text
    assert "Be the first to get rid of all your letter cards" in scene.about.html_text


def test_load_saved_game_opens_that_game(home):
    game = load_game("wham-bam", players=2)
    state = game.new_state(11)
    for _ in range(3):
        state.apply(state.legal_actions(state.current_players()[0])[0])
    path = home / "saves" / "mine.json"
    save_record(GameRecord.of(state, (SeatInfo("Ann"), SeatInfo("Bot", "good"))), path)
    for opening in ("the button", "Ctrl+O"):
        app, scene = open_launcher()
        if opening == "Ctrl+O":
            press(app, pygame.K_o, mod=pygame.KMOD_LCTRL)
        else:
            click(app, scene.load.rect.center)
        dialog = scene.dialog
        assert dialog is not None and dialog.alive(), opening
        item = dialog.item_of("mine.json")
        click(app, item["button_element"].rect.center)
        click(app, dialog.load_button.rect.center)
        frames(app, 4)
        assert isinstance(app.scene, TableScene) and app.scene.state.to_json() == state.to_json()
        assert app.notice and app.notice[0] == "Loaded mine.json"
        assert not app.scene.has_unsaved_play(), "just loaded: leaving loses nothing"
    app, scene = open_launcher()
    click(app, scene.watch.rect.center)
    dialog = scene.dialog
    item = dialog.item_of("mine.json")
    click(app, item["button_element"].rect.center)
    click(app, dialog.load_button.rect.center)
    frames(app, 2)
    assert isinstance(app.scene, ReplayTable) and len(app.scene.state.history) < len(state.history), \
        "Watch plays the game back from the deal"
    assert app.notice[0] == "Watching mine.json, played back from the deal"


def test_with_two_humans_at_the_table_nobody_is_called_you(home):
    """The table calls whoever holds the device "You"; seat 1's default name "You" would make
    "Pass the device to You" in a game of two humans, so it sits down as "Player 1"."""
    app, scene = open_launcher()
    pick_game(app, scene, "zoo-wee-mama")
    choose(app, scene.seat_rows[1][1], "Human")
    click(app, scene.start.rect.center)
    table = app.scene
    assert isinstance(table, TableScene)
    assert [s.name for s in table.seats][:2] == ["Player 1", "Ann"]
    assert [s.kind for s in table.seats][:2] == ["human", "human"]


def test_alone_against_bots_you_are_you(home):
    app, scene = open_launcher()
    pick_game(app, scene, "zoo-wee-mama")
    click(app, scene.start.rect.center)
    assert app.scene.seats[0].name == "You"


def test_a_number_option_out_of_range_is_named_as_the_panel_shows_it_and_the_message_goes_once_mended(home):
    app, scene = open_launcher()
    pick_game(app, scene, "mamma")
    field = scene.option_widgets["sideways_first_step"]
    click(app, field.rect.center)
    field.set_text("")
    type_text(app, "9")
    click(app, scene.start.rect.center)
    assert app.scene is scene
    assert scene.error == "Dinner Hour: mp up or down: type a whole number from 2 to 3, not 9."

    def outlined() -> bool:  # the field the message is about has a red frame around it
        surface = pygame.Surface(SCREEN_SIZE)
        scene.draw(surface)
        frame = field.get_abs_rect().inflate(6, 6)
        return all(surface.get_at(point)[:3] == BAD_FIELD for point in (frame.midleft, frame.midtop, (frame.centerx, frame.bottom - 1)))

    assert outlined()
    click(app, field.rect.center)
    field.set_text("")
    type_text(app, "3")
    assert scene.error == "", "mending the field takes the message away"
    assert not outlined()
    click(app, scene.start.rect.center)
    assert isinstance(app.scene, TableScene) and app.scene.game.options["sideways_first_step"] == 3


def test_the_seed_and_the_names_carry_over_to_another_game(home):
    app, scene = open_launcher()
    pick_game(app, scene, "zoo-wee-mama")
    click(app, scene.seed_entry.rect.center)
    type_text(app, "42")
    name = scene.seat_rows[0][0]
    click(app, name.rect.center)
    name.set_text("")
    type_text(app, "Zoe")
    pick_game(app, scene, "wham-bam")
    assert scene.seed_entry.get_text() == "42" and scene.seat_rows[0][0].get_text() == "Zoe"


@pytest.mark.parametrize("large_text", [False, True], ids=["normal", "larger-text"])
def test_an_open_drop_down_has_rows_tall_enough_for_its_words(home, large_text):
    from simulator.ui.theme import GUI_FONT_SIZE, font, ui_size

    app, scene = open_launcher(large_text=large_text)
    menu = next(w for w in scene.manager.get_sprite_group().sprites()
                if isinstance(w, UIDropDownMenu) and w is not scene.count_menu)
    click(app, menu.rect.center)
    rows = menu.current_state.options_selection_list
    assert rows.list_item_height >= font(ui_size(GUI_FONT_SIZE)).get_linesize()
    assert rows.rect.height >= rows.list_item_height * len(menu.options_list), "every row in view"


def test_the_launcher_opens_on_the_table_set_up_last_time(home):
    """Issue 29: the launcher forgot the last game, its seats and options. It opens on the table
    started last (the seed is a new deal each time), and a broken memory file is no obstacle."""
    app, scene = open_launcher()
    pick_game(app, scene, "zoo-wee-mama")
    choose(app, scene.count_menu, "4")
    choose(app, scene.option_widgets["first_dealer"], "Seat 1")
    choose(app, scene.seat_rows[2][1], "Human")
    click(app, scene.start.rect.center)
    assert isinstance(app.scene, TableScene)
    again_app, again = open_launcher()
    assert again.game_id == "zoo-wee-mama" and again.seat_count == 4
    assert again.option_widgets["first_dealer"].selected_option[0] == "Seat 1"
    assert again.seat_rows[2][1].selected_option[0] == "Human" and again.seed_entry.get_text() == ""
    (home / "launcher.json").write_text("{not json")
    _, fresh = open_launcher()
    assert fresh.game_id == GAMES[0]


def test_a_tables_message_does_not_follow_the_player_back_to_the_launcher(home):
    """Issue 29: a table's message ("... nothing to undo") stayed on the launcher after New game."""
    app, scene = open_launcher()
    click(app, scene.start.rect.center)
    frames(app, 2)
    table = app.scene
    assert isinstance(table, TableScene)
    press(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert app.notice is not None, "the table said something"
    press(app, pygame.K_ESCAPE)
    menu = table.overlays[0]
    click(app, next(b for b in menu.buttons if b.text == "New game").rect.center)
    frames(app, 2)
    assert app.scene is scene and app.notice is None
