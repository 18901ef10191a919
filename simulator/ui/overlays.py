"""Panels that sit over the table: hand-off, summaries, the Esc menu, the rules."""
from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui

from .game_view import Summary
from .theme import GOLD, SCREEN_SIZE, TABLE_RECT, TEXT, TEXT_DIM, font, panel, text, text_block

Rect = pygame.Rect


class Overlay:
    """Base: an overlay takes the events first and says when it is done."""

    done = False

    def handle_event(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def set_covered(self, covered: bool) -> None:
        """Another overlay (the menu, the rules) lies over this one: hide its widgets till it goes."""
    def close(self) -> None:
        self.done = True


class ButtonOverlay(Overlay):
    """An overlay dismissed by its one big button, Enter or Space; then ``on_close`` runs."""

    def __init__(self, manager: pygame_gui.UIManager, rect: Rect, label: str,
                 on_close: Callable[[], None] | None) -> None:
        self.on_close = on_close
        self.button = pygame_gui.elements.UIButton(rect, label, manager, object_id="#big_button")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self.close()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.close()

    def set_covered(self, covered: bool) -> None:
        if covered == self.button.visible:
            self.button.hide() if covered else self.button.show()

    def close(self) -> None:
        self.button.kill()
        self.done = True
        if self.on_close:
            self.on_close()


class HandOffOverlay(ButtonOverlay):
    """Hides every hand until the named player says only they are looking."""

    def __init__(self, manager: pygame_gui.UIManager, name: str, on_ready: Callable[[], None],
                 reason: str = "") -> None:
        self.name = name
        self.reason = reason
        cx, cy = TABLE_RECT.center
        super().__init__(manager, Rect(cx - 170, cy + 60, 340, 56), f"I am {name}: show my cards", on_ready)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 20, 26), TABLE_RECT)
        cx, cy = TABLE_RECT.center
        text(surface, "Pass the device to", (cx, cy - 110), size=28, colour=TEXT_DIM, anchor="center")
        text(surface, self.name, (cx, cy - 60), size=64, bold=True, colour=GOLD, anchor="center")
        hint = self.reason or "Everyone else, look away: the cards are hidden until they click."
        text(surface, hint, (cx, cy + 10), size=20, colour=TEXT_DIM, anchor="center")


class SummaryOverlay(ButtonOverlay):
    """A round or game summary; Continue (or Enter) dismisses it.

    The panel grows to fit its table (up to the table area); a table wider than that is
    set in a smaller type rather than overlapping.
    """

    MARGIN = 32

    def __init__(self, manager: pygame_gui.UIManager, summary: Summary,
                 on_close: Callable[[], None] | None = None,
                 choices: tuple[tuple[str, Callable[[], None]], ...] = ()) -> None:
        """``choices``: more buttons beside Continue (the end of a game offers Rematch and Save);
        each closes the panel, then does its thing."""
        self.summary = summary
        widest = TABLE_RECT.width - 40
        self.size = 18
        natural = self._natural_widths(self.size)
        while summary.rows and sum(natural) > widest - 2 * self.MARGIN and self.size > 12:
            self.size -= 1
            natural = self._natural_widths(self.size)
        width = min(widest, max(640, sum(natural) + 2 * self.MARGIN))
        rows = len(summary.rows) + len(summary.lines)
        self.rect = Rect(0, 0, width, min(TABLE_RECT.height - 40, 170 + (self.size + 12) * rows))
        self.rect.center = TABLE_RECT.center
        self.widths = self._fit(natural, width - 2 * self.MARGIN)
        count = 1 + len(choices)
        width_each = min(200, (self.rect.width - 2 * self.MARGIN - 12 * (count - 1)) // count)
        left = self.rect.centerx - (width_each * count + 12 * (count - 1)) // 2
        super().__init__(manager, Rect(left, self.rect.bottom - 66, width_each, 46), "Continue", on_close)
        self.choices = []
        for i, (label, then) in enumerate(choices, 1):
            rect = Rect(left + i * (width_each + 12), self.rect.bottom - 66, width_each, 46)
            self.choices.append((pygame_gui.elements.UIButton(rect, label, manager, object_id="#big_button"), then))

    def handle_event(self, event: pygame.event.Event) -> None:
        for button, then in self.choices:
            if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is button:
                self.close()
                then()
                return
        super().handle_event(event)

    def set_covered(self, covered: bool) -> None:
        super().set_covered(covered)
        for button, _ in self.choices:
            if covered == button.visible:
                button.hide() if covered else button.show()

    def close(self) -> None:
        for button, _ in self.choices:
            button.kill()
        super().close()

    def _natural_widths(self, size: int) -> list[int]:
        rows = self.summary.rows
        if not rows:
            return []
        cols = max(len(r) for r in rows)
        return [max(font(size, True).size(r[c])[0] if c < len(r) else 0 for r in rows) + size + 6
                for c in range(cols)]

    @staticmethod
    def _fit(natural: list[int], total: int) -> list[int]:
        """Column widths: the first column takes the room left over."""
        if not natural:
            return []
        if sum(natural) < total:
            return [total - sum(natural[1:])] + natural[1:]
        scale = total / sum(natural)
        return [int(w * scale) for w in natural]

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(TABLE_RECT.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, TABLE_RECT)
        panel(surface, self.rect, alpha=255, border=(90, 96, 110))
        x, y = self.rect.left + self.MARGIN, self.rect.top + 24
        text(surface, self.summary.title, (self.rect.centerx, y), size=30, bold=True, colour=GOLD,
             anchor="midtop")
        y += 56
        for line in self.summary.lines:
            y = text_block(surface, line, Rect(x, y, self.rect.width - 2 * self.MARGIN, 60), size=18) + 4
        if self.summary.rows:
            y += 6
            for r, row in enumerate(self.summary.rows):
                cx = x
                for c, cell in enumerate(row):
                    colour = TEXT_DIM if r == 0 else TEXT
                    anchor = "topleft" if c == 0 else "topright"
                    pos = (cx, y) if c == 0 else (cx + self.widths[c], y)
                    text(surface, cell, pos, size=self.size, bold=(r == 0), colour=colour, anchor=anchor)
                    cx += self.widths[c]
                y += self.size + 10
                if r == 0:
                    pygame.draw.line(surface, (90, 96, 110), (x, y - 3), (x + sum(self.widths), y - 3))


class MenuOverlay(Overlay):
    """The Esc menu (or another question, ``title``): a column of buttons, each calling back."""

    def __init__(self, manager: pygame_gui.UIManager, entries: list[tuple[str, Callable[[], None]]], *,
                 title: str = "Menu") -> None:
        self.title = title
        height = 60 + 58 * len(entries)
        self.rect = Rect(0, 0, max(360, font(24, True).size(title)[0] + 48), height)
        self.rect.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
        self.buttons: dict[pygame_gui.elements.UIButton, Callable[[], None]] = {}
        for i, (label, action) in enumerate(entries):
            button = pygame_gui.elements.UIButton(
                Rect(self.rect.centerx - 140, self.rect.top + 50 + 58 * i, 280, 48), label, manager)
            self.buttons[button] = action

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            action = self.buttons[event.ui_element]
            self.close()
            action()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def close(self) -> None:
        for button in self.buttons:
            button.kill()
        self.done = True

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(SCREEN_SIZE, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        panel(surface, self.rect, alpha=255, border=(90, 96, 110))
        text(surface, self.title, (self.rect.centerx, self.rect.top + 12), size=24, bold=True, anchor="midtop")


class RulesOverlay(Overlay):
    """F1: the game's rules summary in a scrolling window."""

    def __init__(self, manager: pygame_gui.UIManager, title: str, body_html: str) -> None:
        """``title``: the window's, e.g. "How to play Mamma"."""
        rect = Rect(0, 0, 760, 600)
        rect.center = (SCREEN_SIZE[0] // 2, SCREEN_SIZE[1] // 2)
        self.window = pygame_gui.elements.UIWindow(rect, manager, window_display_title=title,
                                                   resizable=False)
        inner = self.window.get_container().get_rect()
        self.text_box = pygame_gui.elements.UITextBox(body_html, Rect(0, 0, inner.width, inner.height),
                                                      manager, container=self.window)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.done = True
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.close()

    def close(self) -> None:
        self.window.kill()
        self.done = True


def rules_html(help_text: str) -> str:
    """Help text ("# Heading" lines, blank-line paragraphs) to pygame-gui's HTML subset."""
    out = []
    for para in help_text.strip().split("\n\n"):
        para = para.strip().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        lines = para.split("\n")
        if lines[0].startswith("# "):
            out.append(f"<font size=4.5><b>{lines[0][2:]}</b></font>")
            lines = lines[1:]
        if lines:
            out.append(" ".join(line.strip() for line in lines))
    return "<br>".join(out)
