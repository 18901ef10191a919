"""Colours, fonts and the few drawing primitives every screen shares."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pygame
import pygame_gui

ASSETS = Path(__file__).resolve().parents[2] / "assets"
THEME_FILE = ASSETS / "ui_theme.json"
FONT_FILES = {False: ASSETS / "fonts" / "NotoSans-Regular.ttf", True: ASSETS / "fonts" / "NotoSans-Bold.ttf"}

SCREEN_SIZE = (1280, 720)
SIDEBAR_WIDTH = 250
TABLE_RECT = pygame.Rect(0, 0, SCREEN_SIZE[0] - SIDEBAR_WIDTH, SCREEN_SIZE[1])
SIDEBAR_RECT = pygame.Rect(TABLE_RECT.right, 0, SIDEBAR_WIDTH, SCREEN_SIZE[1])

FELT = (28, 92, 64)
FELT_DARK = (18, 64, 44)
SIDEBAR = (28, 32, 40)
SIDEBAR_LINE = (60, 66, 80)
INK = (24, 26, 32)
TEXT = (236, 238, 242)
TEXT_DIM = (160, 168, 180)
GOLD = (250, 204, 64)
HIGHLIGHT = (255, 232, 110)
DANGER = (226, 72, 72)
GOOD = (90, 200, 120)
CARD_BACK = (150, 36, 48)
CARD_BACK_TRIM = (236, 208, 150)
WHITE = (250, 250, 246)


_text_scale = 1.0  # the larger-text setting, for the table's own words (see ui_size)


def set_text_scale(scale: float) -> None:
    """The larger-text setting: sizes passed through :func:`ui_size` grow by ``scale``."""
    global _text_scale
    _text_scale = scale


def ui_size(size: int) -> int:
    """``size`` under the larger-text setting. The table's sidebar, banner, messages,
    panels and the launcher size their words with it; a game's own drawing opts in."""
    return round(size * _text_scale)


@lru_cache(maxsize=96)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The project's font (Noto Sans) at ``size`` pixels."""
    return pygame.font.Font(FONT_FILES[bold], size)


def fitting_size(words: str, room: int, largest: int, *, bold: bool = False, smallest: int = 8) -> int:
    """The largest size up to ``largest`` at which ``words`` fit across ``room`` pixels
    (``smallest`` if none does)."""
    size = largest
    while size > smallest and font(size, bold).size(words)[0] > room:
        size -= 1
    return size


def text(surface: pygame.Surface, message: str, pos: tuple[int, int], *, size: int = 18,
         colour: tuple[int, int, int] = TEXT, bold: bool = False, anchor: str = "topleft",
         shadow: bool = False) -> pygame.Rect:
    """Draw one line of text anchored at ``pos`` (any pygame.Rect anchor name)."""
    f = font(size, bold)
    image = f.render(message, True, colour)
    rect = image.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(f.render(message, True, (0, 0, 0)), rect.move(1, 2))
    surface.blit(image, rect)
    return rect


def wrap(message: str, width: int, size: int, bold: bool = False) -> list[str]:
    """Split ``message`` into lines no wider than ``width`` pixels (a word wider than that,
    such as a file name, is broken between letters)."""
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in message.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            if f.size(word)[0] > width:
                *whole, word = _pieces(word, width, f)
                lines.extend([line] if line else [])
                lines.extend(whole)
                line = ""
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def _pieces(word: str, width: int, f: pygame.font.Font) -> list[str]:
    """``word`` in lines no wider than ``width``: after a hyphen, dot or slash where one fits
    (a file name breaks as "wham-bam-20261202-" / "042652.json"), else between letters."""
    pieces = [""]
    for char in word:
        if pieces[-1] and f.size(pieces[-1] + char)[0] > width:
            cut = max(pieces[-1].rfind(mark) for mark in "-/_")
            cut = cut if cut > 0 else pieces[-1].rfind(".")   # a dot only when nothing else will do
            if cut > 0:   # carry what follows the last break mark to the next line
                pieces[-1], rest = pieces[-1][:cut + 1], pieces[-1][cut + 1:]
                pieces.append(rest)
            else:
                pieces.append("")
        pieces[-1] += char
    return pieces


def latest_entries(entries: list[str], width: int, size: int, rows: int, *, indent: int = 12) -> list[tuple[str, int]]:
    """The latest whole ``entries`` that fit in ``rows`` lines of ``width`` pixels, oldest first.

    Each entry is wrapped, its further lines indented by ``indent``; an entry that would
    not fit whole is left out (never half an entry at the top). Gives (line, indent) pairs.
    """
    out: list[tuple[str, int]] = []
    for entry in reversed(entries):
        first, *rest = wrap(entry, width, size)
        lines = [(first, 0)] + [(line, indent) for line in
                                (wrap(" ".join(rest), width - indent, size) if rest else [])]
        if len(out) + len(lines) > rows:
            break
        out[:0] = lines
    return out


def text_block(surface: pygame.Surface, message: str, rect: pygame.Rect, *, size: int = 16,
               colour: tuple[int, int, int] = TEXT, bold: bool = False, spacing: int = 4) -> int:
    """Draw wrapped text inside ``rect``; return the y below the last line."""
    y = rect.top
    for line in wrap(message, rect.width, size, bold):
        if y + size > rect.bottom:
            break
        text(surface, line, (rect.left, y), size=size, colour=colour, bold=bold)
        y += size + spacing
    return y


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=(20, 24, 30), alpha: int = 230,
          radius: int = 14, border: tuple[int, int, int] | None = None) -> None:
    """A translucent rounded panel."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(layer, (*border, 255), layer.get_rect(), width=2, border_radius=radius)
    surface.blit(layer, rect)


@lru_cache(maxsize=4)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: green felt with a soft vignette, drawn once per size."""
    w, h = size
    surface = pygame.Surface(size)
    surface.fill(FELT)
    steps = 24
    for i in range(steps):
        t = i / steps
        colour = [int(FELT_DARK[k] + (FELT[k] - FELT_DARK[k]) * t) for k in range(3)]
        inset = int(min(w, h) * 0.5 * t)
        pygame.draw.ellipse(surface, colour, pygame.Rect(-w // 3 + inset, -h // 3 + inset,
                                                          w * 5 // 3 - 2 * inset, h * 5 // 3 - 2 * inset))
    pygame.draw.rect(surface, FELT_DARK, surface.get_rect(), width=6)
    return surface


GUI_FONT_SIZE = 14  # pygame-gui's own size for widgets without a font of their own
GUI_ELEMENTS = ("label", "button", "drop_down_menu", "text_entry_line", "text_box", "selection_list", "window",
                "tool_tip", "file_dialog")  # not check_box: its tick is drawn in pygame-gui's symbol font


def ui_manager() -> pygame_gui.UIManager:
    """A pygame-gui manager with our theme, its font sizes under the larger-text setting,
    and the fonts it needs loaded up front."""
    data = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    for element in GUI_ELEMENTS:  # the theme's "defaults" block does not carry a font: each kind does
        data.setdefault(element, {}).setdefault("font", {"name": "noto_sans", "size": str(GUI_FONT_SIZE),
                                                          "style": "regular"})
    bold = {14, 16, 18, ui_size(14), ui_size(16), ui_size(18)}  # bold words in help texts and the rules
    for block in data.values():
        if "font" in block:
            block["font"]["size"] = str(ui_size(int(block["font"]["size"])))
            if block["font"].get("style") == "bold":
                bold.add(int(block["font"]["size"]))
    # an open drop-down's rows are pygame-gui's 20 px unless told: too low for larger text
    rows = max(20, font(ui_size(GUI_FONT_SIZE)).get_linesize() + 2)
    for block in ("drop_down_menu", "#drop_down_options_list"):  # the menu's height, and its list's rows
        data.setdefault(block, {}).setdefault("misc", {})["list_item_height"] = str(rows)
    manager = pygame_gui.UIManager(SCREEN_SIZE, data)
    manager.preload_fonts([{"name": "noto_sans", "point_size": size, "style": "bold"} for size in sorted(bold)])
    return manager
