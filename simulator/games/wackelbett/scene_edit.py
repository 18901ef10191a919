"""Change single values of a scene file in place, keeping its comments and layout (pure).

A thin layer over tomlkit, which keeps comments and layout by design. Scene keys are
dotted paths: ``bed.wobble_stiffness`` is ``wobble_stiffness`` under ``[bed]``,
``bots.shaky.tremor_mm`` is ``tremor_mm`` under ``[bots.shaky]``. Single scalars
(numbers, booleans, strings) written as ``key = value`` under a ``[table]`` header (or
at the top of the file) can be edited; that is every tunable number of
``scenes/wackelbett.toml``. A number keeps its style (``8.0e7`` stays in exponent
form) and a trailing comment keeps its column.

- :func:`with_values` / :func:`patched_scene`: the scene's data with some values
  changed, in memory (the file is untouched) -- to try a setting.
- :func:`plan_changes`, :func:`unified_diff`: what a write would change, to show first.
- :func:`write_values`: rewrite only those values' text on their lines, check the
  result parses to exactly the intended data, optionally validate it, and replace the
  file atomically (a crash leaves the old file or the new one, never half of one).

Every problem raises :class:`SceneEditError` naming the file and the key.
"""
from __future__ import annotations

import copy
import difflib
import json
import math
import os
import re
import sys
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

import tomlkit
import tomlkit.exceptions
from tomlkit.items import Table

from simulator.engine import Scene


class SceneEditError(ValueError):
    """A value that cannot be set or written; the message names the file and the key."""


@dataclass(frozen=True)
class SceneChange:
    """One value that a write changes: dotted ``key``, ``old`` and ``new`` values, 1-based ``line``."""

    key: str
    old: Any
    new: Any
    line: int

    def describe(self) -> str:
        """``bed.wobble_stiffness: 8.0e7 -> 1.5e8 (+87.5%)`` -- a line a designer can read."""
        text = f"{self.key}: {format_toml_value(self.old)} -> {format_toml_value(self.new)}"
        numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (self.old, self.new))
        if numbers and self.old:
            text += f" ({(self.new - self.old) / abs(self.old):+.1%})"
        return text


def _split_key(key: str) -> tuple[tuple[str, ...], str]:
    parts = key.split(".")
    if not key or not all(re.fullmatch(r"[A-Za-z0-9_-]+", p) for p in parts):
        raise SceneEditError(f"{key!r} is not a dotted scene key such as 'bed.wobble_stiffness'")
    return tuple(parts[:-1]), parts[-1]


def read_value(data: Mapping[str, Any], key: str, path: Path | str = "scene") -> Any:
    """The value at dotted ``key`` in parsed scene ``data``; SceneEditError if there is none."""
    tables, name = _split_key(key)
    node: Any = data
    for part in (*tables, name):
        if not isinstance(node, dict) or part not in node:
            raise SceneEditError(f"{path}: [{key}] is not in the scene file")
        node = node[part]
    return node


def _coerce(old: Any, new: Any, key: str, path: Path | str) -> Any:
    """``new`` as the TOML type ``old`` has (a float key takes an int; an int key a whole float)."""
    where = f"{path}: [{key}]"
    if isinstance(old, bool):
        if not isinstance(new, bool):
            raise SceneEditError(f"{where} is true or false, got {new!r}")
        return new
    if isinstance(old, int):
        if isinstance(new, float) and new.is_integer():
            new = int(new)
        if not isinstance(new, int) or isinstance(new, bool):
            raise SceneEditError(f"{where} is an integer, got {new!r}")
        return new
    if isinstance(old, float):
        if not isinstance(new, (int, float)) or isinstance(new, bool) or not math.isfinite(new):
            raise SceneEditError(f"{where} is a finite number, got {new!r}")
        return float(new)
    if isinstance(old, str):
        if not isinstance(new, str):
            raise SceneEditError(f"{where} is a string, got {new!r}")
        return new
    raise SceneEditError(f"{where} is a {type(old).__name__}; only single numbers, true/false and "
                         "strings can be edited")


def with_values(data: Mapping[str, Any], values: Mapping[str, Any], path: Path | str = "scene") -> dict[str, Any]:
    """A deep copy of ``data`` with each dotted key of ``values`` set (type-checked against the old value)."""
    out = copy.deepcopy(dict(data))
    for key, new in values.items():
        old = read_value(out, key, path)
        tables, name = _split_key(key)
        node = out
        for part in tables:
            node = node[part]
        node[name] = _coerce(old, new, key, path)
    return out


def patched_scene(scene: Scene, values: Mapping[str, Any]) -> Scene:
    """``scene`` with ``values`` changed, in memory; pass it as ``Game(players, scene=...)``."""
    return Scene(scene.path, with_values(scene.data, values, scene.path), scene.prefix)


def format_toml_value(value: Any, like: str | None = None) -> str:
    """TOML text for a scalar. Floats are written exactly (shortest round trip); in exponent
    form (``1.5e8``) when ``like`` (the text they replace) used it or they are very large or small."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise SceneEditError(f"cannot write {value!r} into a scene file")
        exponent = like is not None and "e" in like.lower()
        if value != 0.0 and (exponent or abs(value) >= 1e6 or abs(value) < 1e-3):
            for digits in range(17):
                text = f"{value:.{digits}e}"
                if float(text) == value:
                    break
            mantissa, power = text.split("e")
            if "." not in mantissa:
                mantissa += ".0"
            return f"{mantissa}e{int(power)}"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a valid TOML basic string
    raise SceneEditError(f"cannot write {value!r} into a scene file in place")


def _table(doc: tomlkit.TOMLDocument, tables: tuple[str, ...], key: str, path: Path) -> Table | tomlkit.TOMLDocument:
    """The tomlkit table that holds dotted ``key`` (not one inside an array of tables or an inline table)."""
    node: Any = doc
    for part in tables:
        node = node.get(part) if isinstance(node, (tomlkit.TOMLDocument, Table)) else None
    if not isinstance(node, (tomlkit.TOMLDocument, Table)):
        raise SceneEditError(f"{path}: [{key}] is not a 'name = value' line under a [table] and cannot be "
                             "edited in place")
    return node


def _set(doc: tomlkit.TOMLDocument, key: str, new: Any, path: Path) -> None:
    """Set ``key`` in ``doc`` to ``new`` written as :func:`format_toml_value` writes it, keeping
    the line's comment, and its column when there is room."""
    tables, name = _split_key(key)
    table = _table(doc, tables, key, path)
    old = table.item(name)
    old_text = old.as_string()
    item = tomlkit.value(format_toml_value(new, like=old_text))
    comment_ws = old.trivia.comment_ws
    if old.trivia.comment and comment_ws:
        comment_ws = " " * max(1, len(comment_ws) - (len(item.as_string()) - len(old_text)))
    table[name] = item
    table.item(name).trivia.comment_ws = comment_ws


def _render(path: Path, text: str, values: Mapping[str, Any]) -> tuple[str, list[SceneChange], dict[str, Any]]:
    """The new text, the changes, and the data it must parse to."""
    try:
        data = tomllib.loads(text)
        doc = tomlkit.parse(text)
    except (tomllib.TOMLDecodeError, tomlkit.exceptions.ParseError) as exc:
        raise SceneEditError(f"{path}: not valid TOML: {exc}") from None
    wanted = with_values(data, values, path)
    changes = []
    lines = text.splitlines()
    for key in values:
        old, new = read_value(data, key, path), read_value(wanted, key, path)
        if old == new and type(old) is type(new):
            continue
        _set(doc, key, new, path)
        now = doc.as_string().splitlines()
        line = next(i for i, (a, b) in enumerate(zip(lines, now)) if a != b) if len(now) == len(lines) else -1
        if line < 0 or lines[:line] + lines[line + 1:] != now[:line] + now[line + 1:]:
            raise SceneEditError(f"{path}: [{key}] is not on a line of its own and cannot be edited in place")
        lines = now
        changes.append(SceneChange(key, old, new, line + 1))
    new_text = doc.as_string()
    try:
        parsed = tomllib.loads(new_text)
    except tomllib.TOMLDecodeError as exc:
        raise SceneEditError(f"{path}: editing in place would break the file: {exc}") from None
    if parsed != wanted:
        raise SceneEditError(f"{path}: editing in place would change more than {sorted(values)}")
    return new_text, changes, wanted


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise SceneEditError(f"{path}: scene file not found") from None


def plan_changes(path: str | os.PathLike[str], values: Mapping[str, Any]) -> list[SceneChange]:
    """What :func:`write_values` would change (values equal to the file's are left out)."""
    path = Path(path)
    return _render(path, _read(path), values)[1]


def unified_diff(path: str | os.PathLike[str], values: Mapping[str, Any]) -> str:
    """The lines :func:`write_values` would change, as a unified diff ('' when nothing changes)."""
    path = Path(path)
    old = _read(path)
    new = _render(path, old, values)[0]
    return "".join(difflib.unified_diff(old.splitlines(keepends=True), new.splitlines(keepends=True),
                                        str(path), str(path), n=0))


def write_values(path: str | os.PathLike[str], values: Mapping[str, Any],
                 validate: Callable[[Scene], object] | None = None) -> list[SceneChange]:
    """Set ``values`` in the file at ``path`` in place and return what changed.

    ``validate`` (optional) is called with the new scene before anything is written
    and may raise (e.g. build the game from it: a SceneError refuses the write).
    The file is replaced atomically and keeps its permissions; nothing is written
    when no value changes.
    """
    path = Path(path)
    text = _read(path)
    new_text, changes, data = _render(path, text, values)
    if not changes:
        return []
    if validate is not None:
        validate(Scene(path, data))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(new_text.encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return changes


def ask_to_write(path: str | os.PathLike[str]) -> bool:
    """Ask on the terminal whether to write ``path``; no terminal, Ctrl+C or Ctrl+D is a no."""
    if not sys.stdin.isatty():
        return False
    try:
        return input(f"Write these changes to {path}? [y/N] ").strip().lower() in ("y", "yes")
    except (EOFError, KeyboardInterrupt):
        print()
        return False
