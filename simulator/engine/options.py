"""Rule options: what players could disagree on, declared in each scene file.

A scene declares ``[options.NAME]`` tables with ``default``, ``help`` and either
``choices`` (names: the default is one of them), ``min`` and ``max`` (a whole number
between them) or neither (true or false); optionally ``title`` (the option's name as
players read it) and ``labels`` (one per choice, the words a player reads for each stored
code). :func:`options_from_scene` turns them into
:class:`OptionSpec` values and :func:`resolve_options` checks what a caller passes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .intake import quote
from .scene import Scene


@dataclass(frozen=True)
class OptionSpec:
    """One rule option: its name, default, the values it allows, and a help line."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    title: str = ""                          # e.g. "Who deals first"; default: from the name
    labels: tuple[str, ...] | None = None    # one per choice, e.g. "A random seat" for "random"

    @property
    def kind(self) -> type:
        return type(self.default)

    @property
    def display_title(self) -> str:
        return self.title or self.name.replace("_", " ").capitalize()

    def label_of(self, value: Any) -> str:
        """The words a player reads for the stored ``value``."""
        if self.labels is not None and self.choices is not None and value in self.choices:
            return self.labels[self.choices.index(value)]
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is allowed, else raise ValueError saying what is."""
        kind = self.kind
        if kind is int and isinstance(value, str):
            try:
                value = int(value)
            except ValueError:
                pass
        if kind is bool and isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "on", "off"):
            value = value.lower() in ("true", "yes", "on")
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            raise ValueError(f"option {self.name!r} expects {kind.__name__}, got {quote(value)}")
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"option {self.name!r} must be one of {list(self.choices)}, got {quote(value)}")
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"option {self.name!r} must be at least {self.minimum}, got {quote(value)}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"option {self.name!r} must be at most {self.maximum}, got {quote(value)}")
        return value

    def describe(self) -> str:
        """The values it takes and its default, as a help line says them."""
        if self.choices is not None:
            allowed = "|".join(self.choices)
        elif self.minimum is not None:
            allowed = f"{self.minimum}-{self.maximum}"
        else:
            allowed = "true|false"
        default = str(self.default).lower() if isinstance(self.default, bool) else self.default
        return f"{allowed} (default {default})"


class OptionValues(dict):
    """The options chosen for a table. Asking for one the scene does not declare raises
    :class:`SceneError` naming the scene file and ``[options.NAME]`` (not a bare KeyError)."""

    def __init__(self, values: dict[str, Any], scene: Scene) -> None:
        super().__init__(values)
        self.scene = scene

    def __missing__(self, name: str) -> Any:
        raise self.scene.error(f"options.{name}", "is missing: this game needs that option declared")


def options_from_scene(scene: Scene) -> tuple[OptionSpec, ...]:
    """Read the ``[options]`` table of a scene file (SceneError names the key of a bad one)."""
    if not scene.has("options"):
        return ()
    table = scene.table("options")
    specs = []
    for name in table.keys():
        entry = table.table(name)
        if not entry.has("default"):
            raise entry.error("default", "is missing")
        default = entry.data["default"]
        choices = entry.get("choices", list, default=None)
        bounded = entry.has("min") or entry.has("max")
        if choices is not None:
            if not choices or not all(isinstance(c, str) for c in choices) or not isinstance(default, str):
                raise entry.error("choices", f"must list names (texts) and the default one of them, "
                                             f"got {quote(choices)} and default {quote(default)}")
        elif bounded:
            if not isinstance(default, int) or isinstance(default, bool):
                raise entry.error("default", f"an option with min and max is a whole number, got {quote(default)}")
        elif not isinstance(default, bool):
            raise entry.error("default", "an option without choices or min and max is true or false, "
                                         f"got {quote(default)}")
        labels = entry.get("labels", list, default=None)
        if labels is not None and (choices is None or len(labels) != len(choices)
                                   or not all(isinstance(w, str) and w for w in labels)):
            raise entry.error("labels", "expected one non-empty string per choice")
        spec = OptionSpec(
            name=name,
            default=default,
            help=entry.get("help", str),
            choices=tuple(choices) if choices is not None else None,
            minimum=entry.get("min", int) if bounded else None,
            maximum=entry.get("max", int) if bounded else None,
            title=entry.get("title", str, default=""),
            labels=tuple(labels) if labels is not None else None,
        )
        if bounded and spec.minimum > spec.maximum:
            raise entry.error("max", f"must be at least min ({spec.minimum}), got {spec.maximum}")
        try:
            spec.check(default)
        except ValueError as exc:
            raise entry.error("default", str(exc)) from None
        specs.append(spec)
    return tuple(specs)


def resolve_options(specs: tuple[OptionSpec, ...], given: dict[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with ``given``; raise ValueError for unknown or bad values."""
    by_name = {s.name: s for s in specs}
    unknown = set(given) - set(by_name)
    if unknown:
        names = ", ".join(quote(n) for n in sorted(unknown, key=str)[:5])
        raise ValueError(f"unknown option(s) {names}; this game has {', '.join(sorted(by_name)) or 'none'}")
    return {s.name: s.check(given[s.name]) if s.name in given else s.default for s in specs}
