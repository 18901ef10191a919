"""Scene files: the data half of every game (``scenes/<game-id>.toml``).

A scene holds deck lists, rule options and their defaults, table layout and physics
parameters. Loading one validates it; anything wrong raises :class:`SceneError`
whose message names the file, the key and what was expected.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCENES_DIR = Path(__file__).resolve().parents[2] / "scenes"

_MISSING: Any = object()


class SceneError(ValueError):
    """A scene file that cannot be used; the message names file, key and problem."""


_KIND_NAMES = {int: "an integer", float: "a number", str: "a string", bool: "true or false",
               list: "a list", dict: "a table"}


@dataclass(frozen=True)
class Scene:
    """A validated view on one TOML table of a scene file.

    ``prefix`` is the dotted key of this table inside the file, used in messages.
    """

    path: Path
    data: dict[str, Any]
    prefix: str = ""

    @classmethod
    def load(cls, game_id: str, directory: Path | None = None) -> Scene:
        """Read ``<directory>/<game_id>.toml``; raise :class:`SceneError` if unreadable."""
        path = (directory or SCENES_DIR) / f"{game_id}.toml"
        return cls.from_path(path)

    @classmethod
    def from_path(cls, path: Path) -> Scene:
        try:
            with open(path, "rb") as fh:
                return cls(Path(path), tomllib.load(fh))
        except FileNotFoundError:
            raise SceneError(f"{path}: scene file not found") from None
        except tomllib.TOMLDecodeError as exc:
            raise SceneError(f"{path}: not valid TOML: {exc}") from None

    def key_name(self, key: str) -> str:
        return f"{self.prefix}.{key}" if self.prefix else key

    def error(self, key: str, problem: str) -> SceneError:
        return SceneError(f"{self.path}: [{self.key_name(key)}] {problem}")

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, kind: type, *, default: Any = _MISSING,
            minimum: float | None = None, maximum: float | None = None,
            choices: tuple[Any, ...] | None = None) -> Any:
        """The value at ``key``, checked against ``kind``, bounds and choices."""
        if key not in self.data:
            if default is _MISSING:
                raise self.error(key, f"is missing; expected {_KIND_NAMES.get(kind, kind.__name__)}")
            return default
        value = self.data[key]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            raise self.error(key, f"expected {_KIND_NAMES.get(kind, kind.__name__)}, got {value!r}")
        if minimum is not None and value < minimum:
            raise self.error(key, f"must be at least {minimum}, got {value!r}")
        if maximum is not None and value > maximum:
            raise self.error(key, f"must be at most {maximum}, got {value!r}")
        if choices is not None and value not in choices:
            raise self.error(key, f"must be one of {list(choices)}, got {value!r}")
        return value

    def table(self, key: str) -> Scene:
        """The sub-table at ``key`` as a Scene of its own."""
        value = self.get(key, dict)
        return Scene(self.path, value, self.key_name(key))

    def tables(self, key: str) -> list[Scene]:
        """An array of tables (``[[key]]``) as Scenes."""
        items = self.get(key, list)
        out = []
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise self.error(f"{key}[{i}]", f"expected a table, got {item!r}")
            out.append(Scene(self.path, item, f"{self.key_name(key)}[{i}]"))
        return out

    def keys(self) -> list[str]:
        return list(self.data)
