"""The player's settings, remembered between runs in ``settings.json`` of the tabletop home.

Plain data and a JSON file: reading a missing or broken file gives the defaults (a
broken file is named in :attr:`Settings.problem`, never raised), and every change is
written atomically.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path

from simulator.engine.record import write_json_atomically

#: Seconds a bot waits before its move, by the speed a player picks.
BOT_PAUSES = {"slow": 1.8, "normal": 0.9, "fast": 0.35, "instant": 0.0}
BOT_SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}
#: Keys that may skip a bot's animation: none of them types, buzzes or closes a panel.
SKIP_KEYS = {"tab": "Tab", "right": "Right arrow", "page down": "Page Down", "end": "End"}
TEXT_SCALE_LARGE = 1.2


def home() -> Path:
    """The tabletop home: ``$TABLETOP_HOME`` or ~/.tabletop (not created here)."""
    return Path(os.environ.get("TABLETOP_HOME") or Path.home() / ".tabletop")


@dataclass(frozen=True)
class Settings:
    """What a player may set once for every game."""

    bot_speed: str = "normal"      # a key of BOT_PAUSES
    skip_key: str = "tab"          # a key of SKIP_KEYS (pygame's key name)
    volume: int = 70               # 0-100
    muted: bool = False
    fullscreen: bool = False
    large_text: bool = False
    problem: str = field(default="", compare=False)  # why the file could not be read, if it could not

    @property
    def bot_pause(self) -> float:
        return BOT_PAUSES[self.bot_speed]

    @property
    def loudness(self) -> float:
        """The mixer volume, 0.0-1.0 (0 when muted)."""
        return 0.0 if self.muted else self.volume / 100

    @property
    def text_scale(self) -> float:
        return TEXT_SCALE_LARGE if self.large_text else 1.0

    def changed(self, **values) -> Settings:
        """A copy with ``values`` set; raise ValueError for a value out of range."""
        new = replace(self, **values)
        new.check()
        return new

    def check(self) -> None:
        if self.bot_speed not in BOT_PAUSES:
            raise ValueError(f"bot_speed must be one of {list(BOT_PAUSES)}, got {self.bot_speed!r}")
        if self.skip_key not in SKIP_KEYS:
            raise ValueError(f"skip_key must be one of {list(SKIP_KEYS)}, got {self.skip_key!r}")
        if not isinstance(self.volume, int) or isinstance(self.volume, bool) or not 0 <= self.volume <= 100:
            raise ValueError(f"volume must be a whole number from 0 to 100, got {self.volume!r}")
        for name in ("muted", "fullscreen", "large_text"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false, got {getattr(self, name)!r}")

    def to_json(self) -> dict:
        data = asdict(self)
        del data["problem"]
        return data


def settings_path() -> Path:
    return home() / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings; the defaults where the file is missing, and where it is broken
    (with :attr:`Settings.problem` saying what was wrong). Unknown keys are ignored, so a
    newer file still loads."""
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return Settings(problem=f"{path}: could not be read ({exc}); using the defaults")
    if not isinstance(data, dict):
        return Settings(problem=f"{path}: expected a JSON object; using the defaults")
    known = {f.name for f in fields(Settings)} - {"problem"}
    try:
        return Settings().changed(**{k: v for k, v in data.items() if k in known})
    except ValueError as exc:
        return Settings(problem=f"{path}: {exc}; using the defaults")


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write ``settings`` atomically. Raises OSError."""
    write_json_atomically(settings.to_json(), path or settings_path())
