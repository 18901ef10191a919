"""The launcher: choose a game, who sits where, the rule options and the seed.

The set-up panel has two columns that fit every game at every seat count: the seats
and the seed on the left, the rule options on the right (each choice in the words of
its scene file), and under them the help of the option the mouse points at.
"""
from __future__ import annotations

import json
import random
from datetime import date
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UITextBox, UITextEntryLine

from simulator.engine import (Game, GameRecord, OptionSpec, SaveFileError, SeatInfo, bot_levels, entry, game_names,
                              load_game, load_record)
from simulator.engine.record import write_json_atomically

from .app import App, user_dir
from .catalogue import playable_games, seat_choices
from .file_dialog import enter_confirms
from .game_view import view_class_for
from .overlays import rules_html
from .replay_table import ReplayTable
from .settings import Settings, home
from .settings_panel import SettingsPanel
from .save_browser import SaveBrowser
from .table import TableScene, TableSetup, table_picture
from .theme import GOLD, SCREEN_SIZE, TEXT_DIM, felt, panel, text, ui_manager, ui_size, wrap

Rect = pygame.Rect
DEFAULT_NAMES = ["You", "Ann", "Bob", "Cleo", "Dev", "Eli"]
HUMAN = "Human"
PANEL = Rect(370, 110, 870, 520)        # the set-up panel, on the screen
ROW = 40                                # seat rows
OPTION_ROW = 42                         # option rows
SEATS_X, OPTIONS_X = 16, 396            # the two columns, inside the panel
HELP_TOP = 380                          # the option help box, inside the panel
POINT_AT_AN_OPTION = "Point at a rule option to read what it changes."
BAD_FIELD = (255, 110, 110)             # the outline of an option field holding a value the game refuses


class BadOption(ValueError):
    """An option field's value the game cannot take; ``option`` names the field."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


def told_apart(seats: list[SeatInfo]) -> tuple[SeatInfo, ...]:
    """``seats`` with "You" kept only for the one human at the table: the sentences call
    whoever holds the device "You", so in a game of two humans (or for a bot) it is no name."""
    humans = sum(s.kind == "human" for s in seats)
    ambiguous = [s.is_called_you and (humans > 1 or s.kind != "human") for s in seats]
    return tuple(SeatInfo(f"Player {i + 1}", s.kind) if ambiguous[i] else s for i, s in enumerate(seats))


def kind_label(level: str) -> str:
    return HUMAN if level == "human" else f"Bot: {level}"


def option_help(spec: OptionSpec) -> str:
    """The help line of an option, with its range where it is a number."""
    if spec.minimum is not None or spec.maximum is not None:
        low = "" if spec.minimum is None else spec.minimum
        high = "" if spec.maximum is None else spec.maximum
        return f"{spec.help} ({low}-{high}; default {spec.default})"
    return f"{spec.help} (default: {spec.label_of(spec.default)})"


def _last_table_path() -> Path:
    return home() / "launcher.json"


def _remember_table(game_id: str, seats: int, choices: dict[str, Any]) -> None:
    """Keep the table just set up (game, seats, names, who plays them, options; not the seed) for
    the next time the launcher opens. A file that cannot be written is no reason not to play."""
    try:
        write_json_atomically({"game": game_id, "seats": seats, "choices": choices}, _last_table_path())
    except OSError:
        pass


def _last_table() -> dict[str, Any] | None:
    """The table set up last time (see :func:`_remember_table`), or None when there is none or it
    cannot be used (then the launcher opens as it always did)."""
    try:
        data = json.loads(_last_table_path().read_text(encoding="utf-8"))
        choices = data["choices"]
        ok = (isinstance(data["game"], str) and isinstance(data["seats"], int) and isinstance(choices, dict)
              and all(isinstance(choices.get(k), list) for k in ("names", "kinds"))
              and isinstance(choices.get("options"), dict) and data["game"] in game_names()
              and data["seats"] in seat_choices(entry(data["game"]).game_class))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not ok:
        return None
    choices = {"names": [str(n)[:16] for n in choices["names"]], "kinds": [str(k) for k in choices["kinds"]],
               "options": {str(k): str(v) for k, v in choices["options"].items()}, "seed": ""}
    return {"game": data["game"], "seats": data["seats"], "choices": choices}


class LauncherScene:
    """Pick everything a table needs, then sit down at it."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.games = playable_games()
        self.game_id = self.games[0]
        self.seat_count = 0
        self.error = ""
        self.settings_panel: SettingsPanel | None = None
        self.mouse = (0, 0)
        self.dialog: SaveBrowser | None = None    # the save browser, known after it closes (see TableScene)
        self.dialog_purpose = "load"              # what its file is for: "load" or "watch"
        last = _last_table()
        if last is not None and last["game"] in self.games:  # the table set up last time
            self.game_id, self.seat_count = last["game"], last["seats"]
        self._build(last["choices"] if last is not None and last["game"] == self.game_id else None)

    # -- building ---------------------------------------------------------------------------
    def _build(self, keep: dict[str, Any] | None = None) -> None:
        """Every widget, in a fresh manager (the larger-text setting rebuilds it all)."""
        self.manager = m = ui_manager()
        self.built_at = ui_size(100)
        self.game_buttons: dict[UIButton, str] = {}
        for i, g in enumerate(self.games):
            cls = entry(g).game_class
            seats = seat_choices(cls)
            button = UIButton(Rect(40, 120 + 44 * i, 300, 40), f"{cls.title}  ·  {seats[0]}-{seats[-1]} players", m,
                              object_id="#game_button")
            self.game_buttons[button] = g
        self._mark_game()
        top = 130 + 44 * len(self.games)
        self.about = UITextBox("", Rect(40, top, 300, 700 - top), m)
        self.panel = UIPanel(PANEL, manager=m)
        self.quit = UIButton(Rect(370, 648, 110, 52), "Quit", m)
        self.settings_button = UIButton(Rect(490, 648, 125, 52), "Settings", m)
        self.online = UIButton(Rect(625, 648, 95, 52), "Online", m)
        self.load = UIButton(Rect(730, 648, 140, 52), "Load game", m)
        self.watch = UIButton(Rect(880, 648, 130, 52), "Watch game", m)
        self.start = UIButton(Rect(1020, 648, 220, 52), "Start game", m, object_id="#big_button")
        self._build_panel(self.seat_count or None, keep)

    def _mark_game(self) -> None:
        for button, game_id in self.game_buttons.items():
            if game_id == self.game_id:
                button.select()
            else:
                button.unselect()

    def _build_panel(self, seats: int | None = None, keep: dict[str, Any] | None = None) -> None:
        """The seats, the options and the seed of the chosen game, for ``seats`` seats
        (with the choices in ``keep``, from :meth:`_choices`, where given)."""
        keep = keep or {"names": [], "kinds": [], "options": {}, "seed": ""}
        cls = entry(self.game_id).game_class
        self.seat_count = seats or min(cls.max_players, max(cls.min_players, 3))
        self.panel.kill()
        m = self.manager
        self.panel = p = UIPanel(PANEL, manager=m)
        left = SEATS_X
        UILabel(Rect(left, 8, 80, 36), "Seats", m, container=p, object_id="#heading_label")
        self.count_menu = UIDropDownMenu([str(n) for n in seat_choices(cls)], str(self.seat_count),
                                         Rect(left + 88, 10, 76, 32), m, container=p)
        self.daily_button = None
        if cls.daily:
            self.daily_button = UIButton(Rect(left + 170, 10, 190, 32), "Challenge of the day", m, container=p)
        kinds = [HUMAN] + [kind_label(level) for level in bot_levels(self.game_id)]
        best_bot = kinds[-1]
        self.seat_rows: list[tuple[UITextEntryLine, UIDropDownMenu]] = []
        for i in range(self.seat_count):
            y = 52 + ROW * i
            UILabel(Rect(left, y, 64, 32), f"Seat {i + 1}", m, container=p, object_id="#left_label")
            name = UITextEntryLine(Rect(left + 66, y, 130, 32), m, container=p,
                                   initial_text=keep["names"][i] if i < len(keep["names"]) else DEFAULT_NAMES[i])
            name.set_text_length_limit(16)
            chosen = keep["kinds"][i] if i < len(keep["kinds"]) and keep["kinds"][i] in kinds else \
                (HUMAN if i == 0 else best_bot)
            kind = UIDropDownMenu(kinds, chosen, Rect(left + 202, y, 158, 32), m, container=p)
            self.seat_rows.append((name, kind))
        y = 52 + ROW * self.seat_count + 14
        UILabel(Rect(left, y, 64, 32), "Seed", m, container=p, object_id="#left_label")
        self.seed_entry = UITextEntryLine(Rect(left + 66, y, 130, 32), m, container=p, initial_text=keep["seed"])
        self.seed_entry.set_allowed_characters("numbers")
        UILabel(Rect(left + 202, y, 158, 32), "blank: random deal", m, container=p, object_id="#dim_label")

        x = OPTIONS_X
        UILabel(Rect(x, 8, 300, 36), "Rule options", m, container=p, object_id="#heading_label")
        self.option_widgets: dict[str, Any] = {}
        self.option_rows: list[tuple[Rect, OptionSpec]] = []
        game = load_game(self.game_id, players=self.seat_count)
        for j, spec in enumerate(game.option_specs):
            y = 52 + OPTION_ROW * j
            UILabel(Rect(x, y, 250, 32), spec.display_title, m, container=p, object_id="#left_label")
            rect = Rect(x + 254, y, 204, 32)
            was = keep["options"].get(spec.name)
            if spec.kind is bool:
                value = was if was in ("on", "off") else spec.label_of(spec.default)
                widget = UIDropDownMenu([("on", "on"), ("off", "off")], (value, value), rect, m, container=p)
            elif spec.choices:
                options = [(spec.label_of(c), str(c)) for c in spec.choices]
                widget = UIDropDownMenu(options, next((o for o in options if o[1] == was), options[
                    spec.choices.index(spec.default)]), rect, m, container=p)
            else:
                widget = UITextEntryLine(rect, m, container=p, initial_text=was or str(spec.default))
                widget.set_allowed_characters("numbers")
            self.option_widgets[spec.name] = widget
            self.option_rows.append((Rect(x, y, 458, 32).move(PANEL.topleft), spec))
        if not game.option_specs:
            UILabel(Rect(x, 52, 458, 32), "This game has no rule options.", m, container=p,
                    object_id="#dim_label")
        self.help_box = UITextBox(POINT_AT_AN_OPTION, Rect(SEATS_X, HELP_TOP, PANEL.width - 2 * SEATS_X - 6,
                                                           PANEL.height - HELP_TOP - 12), m, container=p)
        self.help_for: str | None = None
        self.about_text = ""
        self._show_about()
        self.error = ""
        self.bad_option: str | None = None  # the option field the error is about (outlined)

    def _show_about(self) -> None:
        """The chosen game's rules summary in the words its options give it (the points that win,
        the edition); while a number is half typed it stays as it was."""
        try:
            game = self._game()
        except ValueError:
            return
        text = rules_html(view_class_for(self.game_id).help_for(game))
        if text != self.about_text:  # setting it again would scroll it back to the top
            self.about_text = text
            self.about.set_text(text)

    @staticmethod
    def _number(spec: OptionSpec, typed: str) -> Any:
        """A number option as typed; :class:`BadOption` names the field as the panel shows it."""
        try:
            return spec.check(typed)
        except ValueError:
            raise BadOption(spec.name, f"{spec.display_title}: type a whole number from {spec.minimum} to "
                                       f"{spec.maximum}, not {typed.strip() or 'nothing'}.") from None

    def _game(self) -> Game:
        """The game as the panel sets it up. Raises ValueError naming a number option out of range."""
        options: dict[str, Any] = {}
        for spec in load_game(self.game_id, players=self.seat_count).option_specs:
            widget = self.option_widgets[spec.name]
            if spec.kind is bool:
                options[spec.name] = widget.selected_option[1] == "on"
            elif spec.choices:
                options[spec.name] = type(spec.default)(widget.selected_option[1])
            else:
                options[spec.name] = self._number(spec, widget.get_text())
        return load_game(self.game_id, players=self.seat_count, **options)

    def _setup(self) -> TableSetup:
        game = self._game()
        seats = []
        for i, (name, kind) in enumerate(self.seat_rows):
            level = kind.selected_option[0]
            seats.append(SeatInfo(name.get_text().strip() or f"Player {i + 1}",
                                  "human" if level == HUMAN else level.removeprefix("Bot: ")))
        seed_text = self.seed_entry.get_text().strip()
        seed = int(seed_text) if seed_text else random.SystemRandom().randrange(2**31)
        return TableSetup(game, told_apart(seats), seed)

    # -- events ---------------------------------------------------------------------------
    def typing(self) -> bool:
        """True while a text field has the keyboard (then Enter belongs to it)."""
        return any(isinstance(e, UITextEntryLine) for e in self.manager.get_focus_set() or ())

    def handle_event(self, event: pygame.event.Event) -> None:
        self.manager.process_events(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.settings_panel:
            self.settings_panel.handle_event(event)
            if self.settings_panel.done:
                self.settings_panel = None
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.game_buttons:
            was = self._choices()   # the names and the seed carry over; seats and options are the game's
            self.game_id = self.game_buttons[event.ui_element]
            self._mark_game()
            self._build_panel(keep={"names": was["names"], "kinds": [], "options": {}, "seed": was["seed"]})
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.count_menu:
            self._build_panel(int(event.text), self._choices())
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._show_help_of(event.ui_element)
            self._show_about()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self.error, self.bad_option = "", None   # what it said may be mended now; Start says again if not
            self._show_about()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start:
                self.begin()
            elif event.ui_element is self.daily_button:
                self.begin_daily()
            elif event.ui_element is self.quit:
                self.app.quit()
            elif event.ui_element is self.settings_button:
                self.open_settings()
            elif event.ui_element is self.online:
                from .online import OnlineScene  # the online screen imports this module's helpers
                self.app.push(OnlineScene(self.app))
            elif event.ui_element is self.load:
                self.ask_file("load")
            elif event.ui_element is self.watch:
                self.ask_file("watch")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_o and event.mod & pygame.KMOD_CTRL:
            self.ask_file("load")
        elif event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            (self.watch_file if self.dialog_purpose == "watch" else self.load_file)(event.text)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            enter_confirms(self.dialog, event)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not self.typing():
            self.begin()

    def _show_help_of(self, widget) -> None:
        for name, w in self.option_widgets.items():
            if w is widget:
                spec = next(s for _, s in self.option_rows if s.name == name)
                self._set_help(spec)

    def _set_help(self, spec: OptionSpec | None) -> None:
        name = spec.name if spec else None
        if name != self.help_for:
            self.help_for = name
            self.help_box.set_text(f"<b>{spec.display_title}</b>: {option_help(spec)}" if spec
                                   else POINT_AT_AN_OPTION)

    def open_settings(self) -> None:
        self.settings_panel = SettingsPanel(self.manager, self.app.settings, self.app.change_settings, self.app.sound)

    def settings_changed(self, settings: Settings) -> None:
        """Larger text rebuilds every widget at the new size; the choices made are kept."""
        if ui_size(100) == self.built_at:
            return
        reopen = self.settings_panel is not None
        self.settings_panel = None
        self._build(self._choices())
        if reopen:
            self.open_settings()

    def _choices(self) -> dict[str, Any]:
        """What the player has chosen so far, to build the panel again with."""
        return {
            "names": [name.get_text() for name, _ in self.seat_rows],
            "kinds": [kind.selected_option[0] for _, kind in self.seat_rows],
            "options": {name: (w.get_text() if isinstance(w, UITextEntryLine) else w.selected_option[1])
                        for name, w in self.option_widgets.items()},
            "seed": self.seed_entry.get_text(),
        }

    # -- starting ---------------------------------------------------------------------------
    def begin(self) -> None:
        try:
            setup = self._setup()
        except ValueError as exc:
            self.error = str(exc)
            self.bad_option = exc.option if isinstance(exc, BadOption) else None
            return
        self.error, self.bad_option = "", None
        _remember_table(self.game_id, self.seat_count, {**self._choices(), "seed": ""})
        self.app.push(TableScene(self.app, setup, on_leave=self.app.pop))

    def begin_daily(self) -> None:
        """The game's challenge of the day: everyone gets the same deal today."""
        players, options = entry(self.game_id).game_class.daily
        game = load_game(self.game_id, players=players, **options)
        name = self.seat_rows[0][0].get_text().strip() or DEFAULT_NAMES[0]
        setup = TableSetup(game, (SeatInfo(name),), game.daily_seed(date.today()))
        self.app.push(TableScene(self.app, setup, on_leave=self.app.pop))

    def ask_file(self, purpose: str) -> None:
        """The file dialog for a saved game to ``purpose`` "load" (the Load button, Ctrl+O) and
        play on, or to "watch" played back from the deal."""
        if self.dialog is not None and self.dialog.alive():
            return
        title = "Watch a saved game" if purpose == "watch" else "Load a saved game"
        self.dialog = SaveBrowser(self.manager, user_dir("saves"), table_picture, title)
        self.dialog_purpose = purpose

    def load_file(self, path: str) -> None:
        record = self._read_save(path)
        if record is None:
            return
        self.app.push(TableScene.sitting_down_at(self.app, record, on_leave=self.app.pop))
        self.app.notify(f"Loaded {Path(path).name}")

    def watch_file(self, path: str) -> None:
        record = self._read_save(path)
        if record is None:
            return
        self.app.push(ReplayTable(self.app, record, on_leave=self.app.pop))
        self.app.notify(f"Watching {Path(path).name}, played back from the deal")

    def _read_save(self, path: str) -> GameRecord | None:
        """The record in ``path``, or None with the reason shown under the panel."""
        try:
            return load_record(path)
        except SaveFileError as exc:
            self.error = exc.brief(200)
            return None

    # -- time and drawing -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.manager.update(dt)
        pointed = next((spec for rect, spec in self.option_rows if rect.collidepoint(self.mouse)), None)
        if pointed:
            self._set_help(pointed)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(SCREEN_SIZE), (0, 0))
        text(surface, "Tabletop", (40, 28), size=48, bold=True, colour=GOLD, shadow=True)
        text(surface, "Five card games on one table. Choose a game, who plays, and sit down.", (44, 82),
             size=ui_size(18) if ui_size(18) <= 20 else 20, colour=(220, 230, 224))
        if self.error:
            lines = wrap(self.error, PANEL.width - 20, ui_size(15))[:2]
            for i, line in enumerate(lines):
                text(surface, line, (PANEL.left + 6, 34 + 20 * i), size=ui_size(15), colour=(255, 150, 150))
        self.manager.draw_ui(surface)
        if self.bad_option in self.option_widgets:  # the field the message is about, outlined
            field = self.option_widgets[self.bad_option].get_abs_rect().inflate(6, 6)
            pygame.draw.rect(surface, BAD_FIELD, field, 3, border_radius=5)
        text(surface, "F12 screenshot", (SCREEN_SIZE[0] - 20, 10), size=13, colour=TEXT_DIM, anchor="topright")

    def draw_notice(self, surface: pygame.Surface, message: str) -> None:
        """The app's messages sit in the header, right of the title."""
        size = ui_size(15)
        lines = wrap(message, PANEL.width - 40, size)[:2]
        rect = Rect(PANEL.left, 28, PANEL.width, 16 + (size + 4) * len(lines))
        panel(surface, rect, colour=(44, 52, 70), alpha=250, radius=10, border=GOLD)
        for i, line in enumerate(lines):
            text(surface, line, (rect.left + 14, rect.top + 8 + (size + 4) * i), size=size)
