"""The launcher: choose a game, who sits where, the rule options and the seed."""
from __future__ import annotations

import importlib.util
import random
from datetime import date
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (UIButton, UIDropDownMenu, UILabel, UIPanel, UISelectionList,
                                 UITextBox, UITextEntryLine)

from simulator.engine import SeatInfo, bot_levels, entry, game_names, load_game

from .app import App, user_dir
from .game_view import view_class_for
from .overlays import rules_html
from .table import TableScene, TableSetup, ui_manager
from .theme import GOLD, SCREEN_SIZE, TEXT_DIM, felt, text, text_block

Rect = pygame.Rect
DEFAULT_NAMES = ["You", "Ann", "Bob", "Cleo", "Dev", "Eli"]
HUMAN = "Human"


def playable_games() -> list[str]:
    """Games that have a table view (the others run headless only)."""
    return [g for g in game_names()
            if importlib.util.find_spec(f"simulator.games.{g.replace('-', '_')}.view") is not None]


def kind_label(level: str) -> str:
    return HUMAN if level == "human" else f"Bot: {level}"


def label_kind(label: str) -> str:
    return "human" if label == HUMAN else label.removeprefix("Bot: ")


def seat_choices(cls) -> list[int]:
    """The seat counts a game offers: its range plus its variants' (e.g. a solo mode)."""
    return sorted(set(range(cls.min_players, cls.max_players + 1)) | {n for n, _ in cls.variants})


def option_label(name: str) -> str:
    return name.replace("_", " ").capitalize()


class LauncherScene:
    """Pick everything a table needs, then sit down at it."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.manager = ui_manager()
        self.games = playable_games()
        self.game_id = self.games[0]
        self.seat_count = 0
        self.seat_rows: list[tuple[UITextEntryLine, UIDropDownMenu]] = []
        self.option_widgets: dict[str, Any] = {}
        self.error = ""
        m = self.manager
        titles = []
        for g in self.games:
            cls = entry(g).game_class
            seats = seat_choices(cls)
            titles.append(f"{cls.title}  ({seats[0]}-{seats[-1]} players)")
        self.game_list = UISelectionList(Rect(40, 130, 380, 40 * len(self.games) + 8), titles, m,
                                         default_selection=titles[0])
        self.titles = dict(zip(titles, self.games))
        top = 146 + 40 * len(self.games)
        self.about = UITextBox("", Rect(40, top, 380, 700 - top), m)
        self.panel = UIPanel(Rect(460, 110, 780, 520), manager=m)
        self.start = UIButton(Rect(1020, 648, 220, 52), "Start game", m, object_id="#big_button")
        self.load = UIButton(Rect(780, 648, 220, 52), "Load saved game", m)
        self.quit = UIButton(Rect(460, 648, 140, 52), "Quit", m)
        self.online = UIButton(Rect(615, 648, 150, 52), "Play online", m)
        self._build_panel()

    # -- the setup panel ------------------------------------------------------------------
    def _build_panel(self, seats: int | None = None) -> None:
        cls = entry(self.game_id).game_class
        self.seat_count = seats or min(cls.max_players, max(cls.min_players, 3))
        self.panel.kill()
        m = self.manager
        self.panel = UIPanel(Rect(460, 110, 780, 520), manager=m)
        p = self.panel
        UILabel(Rect(16, 10, 90, 32), "Seats", m, container=p, object_id="#heading_label")
        self.count_menu = UIDropDownMenu([str(n) for n in seat_choices(cls)],
                                         str(self.seat_count), Rect(110, 10, 90, 32), m, container=p)
        self.daily_button = None
        if cls.daily:
            self.daily_button = UIButton(Rect(560, 10, 200, 32), "Challenge of the day", m, container=p)
        kinds = [HUMAN] + [kind_label(level) for level in bot_levels(self.game_id)]
        best_bot = kinds[-1]
        self.seat_rows = []
        for i in range(self.seat_count):
            y = 52 + 40 * i
            UILabel(Rect(16, y, 90, 32), f"Seat {i + 1}", m, container=p, object_id="#left_label")
            name = UITextEntryLine(Rect(110, y, 200, 32), m, container=p, initial_text=DEFAULT_NAMES[i])
            name.set_text_length_limit(16)
            kind = UIDropDownMenu(kinds, HUMAN if i == 0 else best_bot, Rect(320, y, 200, 32), m, container=p)
            self.seat_rows.append((name, kind))
        y = 60 + 40 * self.seat_count
        UILabel(Rect(16, y, 300, 32), "Rule options", m, container=p, object_id="#heading_label")
        y += 36
        self.option_widgets = {}
        self.hints: list[tuple[str, Rect]] = []
        game = load_game(self.game_id, players=self.seat_count)
        for spec in game.option_specs:
            UILabel(Rect(16, y, 220, 32), option_label(spec.name), m, container=p, object_id="#left_label")
            if spec.kind is bool:
                widget = UIDropDownMenu(["on", "off"], "on" if spec.default else "off", Rect(240, y, 160, 32), m,
                                        container=p)
            elif spec.choices:
                widget = UIDropDownMenu([str(c) for c in spec.choices], str(spec.default), Rect(240, y, 160, 32),
                                        m, container=p)
            else:
                widget = UITextEntryLine(Rect(240, y, 160, 32), m, container=p, initial_text=str(spec.default))
                widget.set_allowed_characters("numbers")
            self.hints.append((spec.help, Rect(460 + 412, 116 + y, 356, 40)))
            self.option_widgets[spec.name] = widget
            y += 44
        y += 8
        UILabel(Rect(16, y, 260, 32), "Seed (blank: random deal)", m, container=p, object_id="#left_label")
        self.seed_entry = UITextEntryLine(Rect(240, y, 160, 32), m, container=p)
        self.seed_entry.set_allowed_characters("numbers")
        self.about.set_text(rules_html(view_class_for(self.game_id).help_text))
        self.error = ""

    def _setup(self) -> TableSetup:
        options: dict[str, Any] = {}
        game = load_game(self.game_id, players=self.seat_count)
        for spec in game.option_specs:
            widget = self.option_widgets[spec.name]
            if spec.kind is bool:
                options[spec.name] = widget.selected_option[0] == "on"
            elif spec.choices:
                value = widget.selected_option[0]
                options[spec.name] = type(spec.default)(value)
            else:
                options[spec.name] = widget.get_text()
        game = load_game(self.game_id, players=self.seat_count, **options)
        seats = []
        for i, (name, kind) in enumerate(self.seat_rows):
            seats.append(SeatInfo(name.get_text().strip() or f"Player {i + 1}", label_kind(kind.selected_option[0])))
        seed_text = self.seed_entry.get_text().strip()
        seed = int(seed_text) if seed_text else random.SystemRandom().randrange(2**31)
        return TableSetup(game, tuple(seats), seed)

    # -- events ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.manager.process_events(event)
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.game_list:
            self.game_id = self.titles[event.text]
            self._build_panel()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.count_menu:
            self._build_panel(int(event.text))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start:
                self.begin()
            elif event.ui_element is self.daily_button:
                self.begin_daily()
            elif event.ui_element is self.quit:
                self.app.quit()
            elif event.ui_element is self.online:
                from .online import OnlineScene  # the online screen imports this module's helpers
                self.app.push(OnlineScene(self.app))
            elif event.ui_element is self.load:
                rect = Rect(0, 0, 620, 460)
                rect.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
                pygame_gui.windows.UIFileDialog(rect, self.manager, "Load a saved game",
                                                initial_file_path=str(user_dir("saves")),
                                                allow_existing_files_only=True)
        elif event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.load_file(event.text)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.begin()

    def begin(self) -> None:
        try:
            setup = self._setup()
        except ValueError as exc:
            self.error = str(exc)
            return
        self.app.push(TableScene(self.app, setup, on_leave=self.app.pop))

    def begin_daily(self) -> None:
        """The game's challenge of the day: everyone gets the same deal today."""
        players, options = entry(self.game_id).game_class.daily
        game = load_game(self.game_id, players=players, **options)
        name = self.seat_rows[0][0].get_text().strip() or DEFAULT_NAMES[0]
        setup = TableSetup(game, (SeatInfo(name),), game.daily_seed(date.today()))
        self.app.push(TableScene(self.app, setup, on_leave=self.app.pop))

    def load_file(self, path: str) -> None:
        from simulator.engine import SaveFileError, load_record

        try:
            setup = TableSetup.from_record(load_record(path))
        except SaveFileError as exc:
            self.error = str(exc)
            return
        self.app.push(TableScene(self.app, setup, on_leave=self.app.pop))

    def update(self, dt: float) -> None:
        self.manager.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(SCREEN_SIZE), (0, 0))
        text(surface, "Tabletop", (40, 28), size=48, bold=True, colour=GOLD, shadow=True)
        text(surface, "Five card games on one table. Choose a game, who plays, and sit down.", (44, 88),
             size=18, colour=(220, 230, 224))
        if self.error:
            text(surface, self.error, (460, 84), size=16, colour=(255, 150, 150))
        self.manager.draw_ui(surface)
        for hint, rect in self.hints:
            text_block(surface, hint, rect, size=13, colour=TEXT_DIM, spacing=2)
        text(surface, "F12 screenshot", (SCREEN_SIZE[0] - 20, 14), size=13, colour=TEXT_DIM, anchor="topright")
