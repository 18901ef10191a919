"""The Settings window, opened from the launcher and from the table's Esc menu.

Every change takes effect at once and is remembered (the app writes ``settings.json``).
"""
from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import (UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UILabel,
                                 UITextBox, UIWindow)

from .overlays import Overlay
from .settings import BOT_SPEED_LABELS, SKIP_KEYS, Settings
from .sound import Cue, SoundBoard
from .theme import SCREEN_SIZE

Rect = pygame.Rect
ROW = 46


class SettingsPanel(Overlay):
    """A window of settings; ``on_change`` gets each new :class:`Settings` as it is made."""

    SIZE = (560, 450)

    def __init__(self, manager: pygame_gui.UIManager, settings: Settings,
                 on_change: Callable[[Settings], None], sound: SoundBoard) -> None:
        self.settings = settings
        self.on_change = on_change
        self.sound = sound
        rect = Rect((0, 0), self.SIZE)
        rect.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
        self.window = UIWindow(rect, manager, window_display_title="Settings", resizable=False)
        w = self.window
        inner = w.get_container().get_rect()
        label_w, x, widget_w = 230, 250, inner.width - 270
        rows = iter(range(12, 1000, ROW))

        def label(words: str, y: int) -> None:
            UILabel(Rect(16, y, label_w, 34), words, manager, container=w, object_id="#left_label")

        y = next(rows)
        label("Bot speed", y)
        self.speed = UIDropDownMenu([(name, code) for code, name in BOT_SPEED_LABELS.items()],
                                    (BOT_SPEED_LABELS[settings.bot_speed], settings.bot_speed),
                                    Rect(x, y, widget_w, 34), manager, container=w)
        y = next(rows)
        label("Skip a bot's animation", y)
        self.skip = UIDropDownMenu([(name, code) for code, name in SKIP_KEYS.items()],
                                   (SKIP_KEYS[settings.skip_key], settings.skip_key),
                                   Rect(x, y, widget_w, 34), manager, container=w)
        y = next(rows)
        label("Volume", y)
        self.volume = UIHorizontalSlider(Rect(x, y + 2, widget_w - 70, 30), settings.volume, (0, 100), manager,
                                         container=w, click_increment=5)
        self.try_sound = UIButton(Rect(x + widget_w - 62, y, 62, 34), "Try", manager, container=w,
                                  tool_tip_text="Play the turn chime at this volume")
        y = next(rows)
        self.mute = UICheckBox(Rect(16, y + 7, 20, 20), "Mute every sound", manager, container=w,
                               initial_state=settings.muted)
        y = next(rows)
        self.fullscreen = UICheckBox(Rect(16, y + 7, 20, 20), "Full screen", manager, container=w,
                                     initial_state=settings.fullscreen)
        y = next(rows)
        self.large_text = UICheckBox(Rect(16, y + 7, 20, 20), "Larger text (menus, sidebar, launcher)", manager, container=w,
                                     initial_state=settings.large_text)
        y = next(rows)
        status = self.sound.problem and f"No sound here: {self.sound.problem}."
        self.status = UITextBox(status or "Settings are kept for next time.", Rect(16, y, inner.width - 32, 64),
                                manager, container=w)
        self.done_button = UIButton(Rect(inner.width - 156, inner.height - 50, 140, 40), "Done", manager,
                                    container=w, object_id="#big_button")

    def handle_event(self, event: pygame.event.Event) -> None:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.speed:
            self._change(bot_speed=self.speed.selected_option[1])
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.skip:
            self._change(skip_key=self.skip.selected_option[1])
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and element is self.volume:
            self._change(volume=int(round(self.volume.get_current_value())))
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            checked = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            for box, name in ((self.mute, "muted"), (self.fullscreen, "fullscreen"), (self.large_text, "large_text")):
                if element is box:
                    self._change(**{name: checked})
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.try_sound:
            self.sound.play(Cue.CHIME)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.done_button:
            self.close()
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and element is self.window:
            self.done = True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def _change(self, **values) -> None:
        self.settings = self.settings.changed(**values)
        self.on_change(self.settings)

    def close(self) -> None:
        self.window.kill()
        self.done = True
