"""Scene files: the data half of every game (``scenes/<game-id>.toml``).

A scene holds deck lists, rule options and their defaults, table layout and physics
parameters. Loading one validates it; anything wrong raises :class:`SceneError`
whose message names the file, the key and what was expected.

Every value read through :meth:`Scene.get` is bounded even where a game names no
bound: numbers are finite (no NaN or infinity, anywhere, lists included) and within
:data:`LARGEST_INT` / :data:`LARGEST_FLOAT`, texts and lists within
:data:`LONGEST`. A game bounds its counts and sizes more tightly with ``maximum``.
"""
from __future__ import annotations

import difflib
import math
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .intake import quote

SCENES_DIR = Path(__file__).resolve().parents[2] / "scenes"

#: Bounds for keys whose reader names none (a reader's own ``maximum`` is usually far lower).
LARGEST_INT = 1_000_000
LARGEST_FLOAT = 1e12
LONGEST = 10_000
#: The largest scene file read.
MAX_SCENE_BYTES = 4 * 2**20

_MISSING: Any = object()
#: Scenes read so far, by path, with the file signature they were read at (see from_path).
_LOADED: dict[Path, tuple[tuple[int, int, int], Scene]] = {}


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
    _read: set[str] = field(default_factory=set, init=False, repr=False, compare=False)  # keys asked for so far

    @classmethod
    def load(cls, game_id: str, directory: Path | None = None) -> Scene:
        """Read ``<directory>/<game_id>.toml``; raise :class:`SceneError` if unreadable."""
        path = (directory or SCENES_DIR) / f"{game_id}.toml"
        return cls.from_path(path)

    @classmethod
    def from_path(cls, path: Path) -> Scene:
        """Read a scene file; raise :class:`SceneError` if it cannot be read or parsed.

        A file read before and unchanged since (same inode, size and mtime) is not parsed
        again: every game set-up, replay and undo loads its scene.
        """
        path = Path(path)
        try:
            info = path.stat()
            signature = (info.st_ino, info.st_size, info.st_mtime_ns)
            if path in _LOADED and _LOADED[path][0] == signature:
                return _LOADED[path][1]
            with open(path, "rb") as fh:
                raw = fh.read(MAX_SCENE_BYTES + 1)
        except FileNotFoundError:
            raise SceneError(f"{path}: scene file not found") from None
        except OSError as exc:
            raise SceneError(f"{path}: cannot read: {exc.strerror or exc}") from None
        if len(raw) > MAX_SCENE_BYTES:
            raise SceneError(f"{path}: larger than {MAX_SCENE_BYTES:,} bytes")
        try:
            scene = cls(path, tomllib.loads(raw.decode("utf-8")))
        except UnicodeDecodeError as exc:
            raise SceneError(f"{path}: not UTF-8 text (byte {exc.start})") from None
        except tomllib.TOMLDecodeError as exc:
            raise SceneError(f"{path}: not valid TOML: {exc}") from None
        except RecursionError:
            raise SceneError(f"{path}: not valid TOML: nested too deep") from None
        _LOADED[path] = (signature, scene)
        return scene

    def key_name(self, key: str) -> str:
        return f"{self.prefix}.{key}" if self.prefix else key

    def error(self, key: str, problem: str) -> SceneError:
        return SceneError(f"{self.path}: [{self.key_name(key)}] {problem}")

    def has(self, key: str) -> bool:
        return key in self.data

    def get(self, key: str, kind: type, *, default: Any = _MISSING,
            minimum: float | None = None, maximum: float | None = None,
            choices: tuple[Any, ...] | None = None) -> Any:
        """The value at ``key``, checked against ``kind``, bounds and choices.

        ``kind`` float accepts integers (as floats). Without ``minimum``/``maximum``,
        numbers lie within +-:data:`LARGEST_INT` (integers) or +-:data:`LARGEST_FLOAT`.
        """
        self._read.add(key)
        if key not in self.data:
            if default is _MISSING:
                raise self.error(key, f"is missing; expected {_KIND_NAMES.get(kind, kind.__name__)}")
            return default
        value = self.data[key]
        expected = _KIND_NAMES.get(kind, kind.__name__)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            if abs(value) > LARGEST_FLOAT:
                raise self.error(key, f"must be at most {LARGEST_FLOAT:g} in size, got {quote(value)}")
            value = float(value)
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            raise self.error(key, f"expected {expected}, got {quote(value)}")
        if kind in (int, float):
            largest = LARGEST_INT if kind is int else LARGEST_FLOAT
            if kind is float and not math.isfinite(value):
                raise self.error(key, f"must be a finite number, got {value!r}")
            minimum = -largest if minimum is None else minimum
            maximum = largest if maximum is None else maximum
            if value < minimum:
                raise self.error(key, f"must be at least {minimum}, got {quote(value)}")
            if value > maximum:
                raise self.error(key, f"must be at most {maximum}, got {quote(value)}")
        elif kind in (str, list):
            if len(value) > LONGEST:
                raise self.error(key, f"must be at most {LONGEST:,} long, got {len(value):,}")
            if kind is list:
                self._check_items(key, value)
        if choices is not None and value not in choices:
            raise self.error(key, f"must be one of {list(choices)}, got {quote(value)}")
        return value

    def _check_items(self, key: str, items: list[Any]) -> None:
        """Numbers in a list are finite and bounded, however deep (a game reads them raw)."""
        for i, item in enumerate(items):
            if isinstance(item, float) and not math.isfinite(item):
                raise self.error(f"{key}[{i}]", f"must be a finite number, got {item!r}")
            if isinstance(item, (int, float)) and not isinstance(item, bool) and abs(item) > LARGEST_FLOAT:
                raise self.error(f"{key}[{i}]", f"must be at most {LARGEST_FLOAT:g} in size, got {quote(item)}")
            if isinstance(item, str) and len(item) > LONGEST:
                raise self.error(f"{key}[{i}]", f"must be at most {LONGEST:,} long, got {len(item):,}")
            if isinstance(item, list):
                if len(item) > LONGEST:
                    raise self.error(f"{key}[{i}]", f"must be at most {LONGEST:,} long, got {len(item):,}")
                self._check_items(f"{key}[{i}]", item)

    def data_file(self, key: str, *, max_bytes: int = MAX_SCENE_BYTES) -> Path:
        """The data file (a word list ...) named at ``key``, relative to the scenes folder.

        Raises :class:`SceneError` naming the key unless it is a regular file inside that
        folder of at most ``max_bytes`` (so no scene can point at a device or the whole disk).
        """
        name = self.get(key, str)
        path = (SCENES_DIR / name).resolve()
        if not path.is_relative_to(SCENES_DIR.resolve()):
            raise self.error(key, f"must name a file inside {SCENES_DIR}, got {quote(name)}")
        try:
            info = path.stat()
        except OSError as exc:
            raise self.error(key, f"{path} cannot be read: {exc.strerror or exc}") from None
        if not stat.S_ISREG(info.st_mode):
            raise self.error(key, f"{path} is not a file")
        if info.st_size > max_bytes:
            raise self.error(key, f"{path} is larger than {max_bytes:,} bytes")
        return path

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
                raise self.error(f"{key}[{i}]", f"expected a table, got {quote(item)}")
            out.append(Scene(self.path, item, f"{self.key_name(key)}[{i}]"))
        return out

    def keys(self) -> list[str]:
        return list(self.data)

    def refuse_unread(self) -> None:
        """Raise :class:`SceneError` for a key of this table nothing has asked for: a misspelt
        value would otherwise be ignored without a word (naming the key it may have meant)."""
        for key in self.data:
            if key not in self._read:
                near = difflib.get_close_matches(key, sorted(self._read), n=1)
                hint = f"; did you mean {near[0]}?" if near else f"; this table has {', '.join(sorted(self._read))}"
                raise self.error(key, f"is not a value the game reads{hint}")
