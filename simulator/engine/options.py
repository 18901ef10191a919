"""Rule options: what players could disagree on, declared in each scene file.

A scene declares ``[options.NAME]`` tables with ``default``, ``help`` and either
``choices`` or ``min``/``max``; optionally ``title`` (the option's name as players read
it) and ``labels`` (one per choice, the words a player reads for each stored code).
:func:`options_from_scene` turns them into
:class:`OptionSpec` values and :func:`resolve_options` checks what a caller passes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
            raise ValueError(f"option {self.name!r} expects {kind.__name__}, got {value!r}")
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"option {self.name!r} must be one of {list(self.choices)}, got {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"option {self.name!r} must be at least {self.minimum}, got {value!r}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"option {self.name!r} must be at most {self.maximum}, got {value!r}")
        return value


def options_from_scene(scene: Scene) -> tuple[OptionSpec, ...]:
    """Read the ``[options]`` table of a scene file."""
    if not scene.has("options"):
        return ()
    table = scene.table("options")
    specs = []
    for name in table.keys():
        entry = table.table(name)
        if not entry.has("default"):
            raise entry.error("default", "is missing")
        default = entry.data["default"]
        if not isinstance(default, (bool, int, str)):
            raise entry.error("default", f"expected true/false, an integer or a string, got {default!r}")
        choices = entry.get("choices", list, default=None)
        labels = entry.get("labels", list, default=None)
        if labels is not None and (choices is None or len(labels) != len(choices)
                                   or not all(isinstance(w, str) and w for w in labels)):
            raise entry.error("labels", "expected one non-empty string per choice")
        spec = OptionSpec(
            name=name,
            default=default,
            help=entry.get("help", str),
            choices=tuple(choices) if choices is not None else None,
            minimum=entry.get("min", int, default=None),
            maximum=entry.get("max", int, default=None),
            title=entry.get("title", str, default=""),
            labels=tuple(labels) if labels is not None else None,
        )
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
        raise ValueError(f"unknown option(s) {sorted(unknown)}; this game has {sorted(by_name) or 'none'}")
    return {s.name: s.check(given[s.name]) if s.name in given else s.default for s in specs}
