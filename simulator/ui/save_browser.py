"""The save browser: the saved games in the saves folder, each with its game, date, players and
how far it got, and a picture of the chosen one's table; or any file by its path.

It answers as pygame-gui's file dialog does (a ``UI_FILE_DIALOG_PATH_PICKED`` event naming it and
the path), so a table and the launcher treat it like the dialog it replaces. How a save's table
looks is drawn by the caller's ``picture`` function (this module knows no table).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIImage, UILabel, UISelectionList, UITextBox, UITextEntryLine, UIWindow

from simulator.engine import GameRecord, SaveFileError, load_record
from simulator.engine.record import how_far

from .theme import SCREEN_SIZE

SIZE = (1000, 560)
PICTURE = (448, 252)   # the table's picture: 1280 x 720 at 0.35
LIST_WIDTH = 500


@dataclass(frozen=True)
class SavedGame:
    """One file of the saves folder, as the browser lists it."""

    path: Path
    title: str        # the game
    when: datetime    # saved
    players: str      # who sat where
    progress: str     # how far it got (or why the file cannot be loaded)
    record: GameRecord | None

    @property
    def line(self) -> str:
        return f"{self.title} · {self.when:%d %b %Y %H:%M} · {self.players}"


def saved_games(folder: Path) -> list[SavedGame]:
    """Every ``*.json`` in ``folder``, newest first, each read and replayed (a file that cannot be
    loaded is listed with the reason, so nothing there is hidden)."""
    out = []
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        when = datetime.fromtimestamp(path.stat().st_mtime)
        try:
            record = load_record(path)
            state = record.replay()
        except SaveFileError as exc:
            out.append(SavedGame(path, path.name, when, "", f"cannot be loaded: {exc.problem}", None))
            continue
        players = ", ".join(seat.name for seat in record.seats) or f"{record.players} players"
        out.append(SavedGame(path, state.game.title, when, players, how_far(record, state), record))
    return out


class SaveBrowser(UIWindow):
    """A window listing ``folder``'s saved games; Load (or a double click) picks the chosen one,
    or the file whose path is typed below the list."""

    def __init__(self, manager: pygame_gui.UIManager, folder: Path,
                 picture: Callable[[GameRecord], pygame.Surface], title: str = "Load a saved game") -> None:
        rect = pygame.Rect((0, 0), SIZE)
        rect.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
        super().__init__(rect, manager, title, object_id="#save_browser")
        self.folder = folder
        self.render_picture = picture
        self.games = saved_games(folder)
        self.file_path_text_line = None  # (the file dialog's field that Enter confirms: none here)
        inner = self.get_container().get_rect()
        height = inner.height - 110
        items = [game.line for game in self.games] or ["No saved games in this folder yet"]
        self.listing = UISelectionList(pygame.Rect(10, 10, LIST_WIDTH, height), items, manager, container=self,
                                       default_selection=items[0] if self.games else None)
        x = LIST_WIDTH + 24
        self.preview = UIImage(pygame.Rect(x, 10, *PICTURE), pygame.Surface(PICTURE), manager, container=self)
        self.about = UITextBox("", pygame.Rect(x, 20 + PICTURE[1], PICTURE[0], height - PICTURE[1] - 10), manager,
                               container=self)
        UILabel(pygame.Rect(10, height + 20, 110, 32), "Or a file:", manager, container=self)
        self.path_entry = UITextEntryLine(pygame.Rect(120, height + 20, inner.width - 130, 32), manager,
                                          container=self, placeholder_text="the path of a save kept elsewhere")
        self.load_button = UIButton(pygame.Rect(inner.width - 250, height + 60, 120, 40), "Load", manager,
                                    container=self)
        self.cancel_button = UIButton(pygame.Rect(inner.width - 125, height + 60, 115, 40), "Cancel", manager,
                                      container=self)
        self.chosen: SavedGame | None = None
        self.pictures: dict[Path, pygame.Surface] = {}
        if self.games:
            self.choose(self.games[0])

    def item_of(self, name: str) -> dict | None:
        """The list's entry of the save called ``name`` (its button and text), if it is listed."""
        lines = [game.line for game in self.games if game.path.name == name]
        return next((i for i in self.listing.item_list if lines and i["text"] == lines[0]), None)

    def choose(self, game: SavedGame) -> None:
        """Show ``game``: its table's picture and how far it got."""
        self.chosen = game
        if game.record is not None and game.path not in self.pictures:
            self.pictures[game.path] = pygame.transform.smoothscale(self.render_picture(game.record), PICTURE)
        self.preview.set_image(self.pictures.get(game.path, pygame.Surface(PICTURE)))
        self.about.set_text(f"<b>{game.title}</b><br>{game.players}<br>{game.progress}<br>{game.path.name}")

    def process_event(self, event: pygame.event.Event) -> bool:
        handled = super().process_event(event)
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.listing:
            game = next((g for g in self.games if g.line == event.text), None)
            if game is not None:
                self.choose(game)
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.listing:
            self._pick()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.load_button:
            self._pick()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.cancel_button:
            self.kill()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.path_entry:
            self._pick()
        return handled

    def _pick(self) -> None:
        """Answer with the typed path, else the chosen save (as the file dialog answers), and close."""
        typed = self.path_entry.get_text().strip()
        path = Path(typed).expanduser() if typed else (self.chosen.path if self.chosen else None)
        if path is None:
            return
        pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                                             {"text": str(path), "ui_element": self, "ui_object_id": "#save_browser"}))
        self.kill()
