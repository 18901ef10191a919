"""The save and load dialogs: pygame-gui's file dialog, centred, where Enter in the path means OK."""
from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.windows import UIFileDialog

from .theme import SCREEN_SIZE

SIZE = (620, 460)


def open_file_dialog(manager: pygame_gui.UIManager, title: str, initial: Path, *,
                     existing_only: bool) -> UIFileDialog:
    """A file dialog in the middle of the screen; ``existing_only`` for loading."""
    rect = pygame.Rect((0, 0), SIZE)
    rect.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
    return UIFileDialog(rect, manager, title, initial_file_path=str(initial),
                        allow_existing_files_only=existing_only)


def enter_confirms(dialog: UIFileDialog | None, event: pygame.event.Event) -> None:
    """Enter in the dialog's path field does what its OK button does (pygame-gui only checks the path)."""
    if (dialog is not None and dialog.alive() and event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
            and event.ui_element is dialog.file_path_text_line and dialog.ok_button.is_enabled):
        dialog.process_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": dialog.ok_button}))
