"""Actions: small immutable values that say what one seat did, and the one gate they pass.

Every game defines its actions as frozen dataclasses that subclass :class:`Action`
and carry a unique ``kind``. Fields hold JSON values only (int, float, str, bool,
None and tuples of them), so an action log is plain JSON and replays exactly.

The field annotations are the contract. :class:`ActionCodec` reads them once and
checks every action against them, whether it arrives as JSON (a save file, the
network: :meth:`ActionCodec.decode`) or as an object (a bot, the table:
:meth:`ActionCodec.validate`, called by ``State.apply``): an ``int`` is an int (not a
bool, not a float), a ``float`` any finite number, a ``str`` printable text, a
``tuple[X, ...]`` a bounded sequence of X, ``X | Y`` either. Numbers are within
±:data:`~.intake.MAX_MAGNITUDE`, text and sequences within default lengths; a field
that needs tighter limits declares them with :class:`Bounds`::

    word: Annotated[str, Bounds(max_length=40)]
    index: Annotated[int, Bounds(0, 3)]
"""
from __future__ import annotations

import dataclasses
import math
import types
import typing
import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from .intake import MAX_MAGNITUDE, quote

#: The seat of the table itself: physics verdicts, clocks running out. A referee
#: (see :meth:`simulator.engine.game.Game.make_referee`) acts for it.
REFEREE = -1

#: Default longest ``str`` and ``tuple`` field when a field declares no :class:`Bounds`.
MAX_TEXT = 200
MAX_ITEMS = 10_000


class IllegalAction(ValueError):
    """An action the rules refuse. The message is written for a player to read.

    Raising it is a promise: the state the action was offered to is unchanged.
    """


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. ``player`` is the seat that acts (or :data:`REFEREE`)."""

    kind: ClassVar[str] = "action"
    player: int

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON object: ``{"kind": ..., field: value, ...}``."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _to_json_value(getattr(self, f.name))
        return out


def _to_json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json_value(v) for v in value]
    return value


@dataclass(frozen=True)
class Bounds:
    """Limits an action field declares beyond its type: ``Annotated[int, Bounds(0, 3)]``.

    ``minimum``/``maximum`` bound numbers (inclusive); ``max_length`` bounds text and tuples.
    """

    minimum: float | None = None
    maximum: float | None = None
    max_length: int | None = None


class _Refused(Exception):
    """A field value that does not fit its declaration; the message says what was expected."""


# A checker returns the value as the action holds it (JSON lists become tuples when
# decoding) or raises _Refused. ``decoding`` is True for JSON input, False for objects.
Checker = Callable[[Any, bool], Any]


def _number_checker(kind: type, bounds: Bounds) -> Checker:
    low = -MAX_MAGNITUDE if bounds.minimum is None else bounds.minimum
    high = MAX_MAGNITUDE if bounds.maximum is None else bounds.maximum
    is_int = kind is int
    wanted = "an integer" if is_int else "a number"

    def check(value: Any, decoding: bool) -> Any:
        if (value.__class__ is int or (value.__class__ is float and not is_int)) and low <= value <= high:
            return value  # the common case, first and fast (NaN fails the comparison)
        if isinstance(value, bool) or not isinstance(value, int if is_int else (int, float)):
            raise _Refused(f"must be {wanted}, got {quote(value)}")
        if isinstance(value, float) and not math.isfinite(value):
            raise _Refused(f"must be a finite number, got {quote(value)}")
        if not low <= value <= high:
            raise _Refused(f"must be from {low:g} to {high:g}, got {quote(value)}")
        return value

    return check


def _text_checker(bounds: Bounds) -> Checker:
    longest = MAX_TEXT if bounds.max_length is None else bounds.max_length

    def check(value: Any, decoding: bool) -> Any:
        if not isinstance(value, str):
            raise _Refused(f"must be text, got {quote(value)}")
        if len(value) > longest:
            raise _Refused(f"must be at most {longest} characters, got {len(value):,}")
        # Control characters and lone surrogates cannot be shown (fonts refuse them).
        if not value.isprintable() and any(unicodedata.category(c) in ("Cc", "Cs") for c in value):
            raise _Refused(f"must be printable text, got {quote(value)}")
        return value

    return check


def _bool_checker(value: Any, decoding: bool) -> Any:
    if not isinstance(value, bool):
        raise _Refused(f"must be true or false, got {quote(value)}")
    return value


def _none_checker(value: Any, decoding: bool) -> Any:
    if value is not None:
        raise _Refused(f"must be null, got {quote(value)}")
    return value


def _tuple_checker(item: Checker, bounds: Bounds) -> Checker:
    longest = MAX_ITEMS if bounds.max_length is None else bounds.max_length

    def check(value: Any, decoding: bool) -> Any:
        if not isinstance(value, list if decoding else tuple):
            raise _Refused(f"must be a list, got {quote(value)}")
        if len(value) > longest:
            raise _Refused(f"must hold at most {longest:,} items, got {len(value):,}")
        out = []
        for i, v in enumerate(value):
            try:
                out.append(item(v, decoding))
            except _Refused as exc:
                raise _Refused(f"item {i} {exc}") from None
        return tuple(out) if decoding else value

    return check


def _union_checker(options: list[Checker]) -> Checker:
    def check(value: Any, decoding: bool) -> Any:
        problems = []
        for option in options:
            try:
                return option(value, decoding)
            except _Refused as exc:
                problems.append(str(exc))
        raise _Refused(" or ".join(dict.fromkeys(problems)))

    return check


def _checker_for(annotation: Any, owner: str) -> Checker:
    """Compile an annotation (``int``, ``tuple[float, ...]``, ``Annotated[...]``) to a checker."""
    bounds = Bounds()
    if typing.get_origin(annotation) is typing.Annotated:
        annotation, *extras = typing.get_args(annotation)
        bounds = next((e for e in extras if isinstance(e, Bounds)), bounds)
    origin = typing.get_origin(annotation)
    if annotation in (int, float):
        return _number_checker(annotation, bounds)
    if annotation is str:
        return _text_checker(bounds)
    if annotation is bool:
        return _bool_checker
    if annotation is type(None):
        return _none_checker
    if origin is tuple:
        args = typing.get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_checker(_checker_for(args[0], owner), bounds)
    if origin in (typing.Union, types.UnionType):
        return _union_checker([_checker_for(a, owner) for a in typing.get_args(annotation)])
    raise TypeError(f"{owner}: an action field cannot be declared as {annotation!r}")


@dataclass(frozen=True)
class _ActionType:
    cls: type[Action]
    fields: tuple[tuple[str, Checker], ...]
    names: frozenset[str]


class ActionCodec:
    """A game's action classes: turns JSON into them and holds every action to its declaration.

    Raises TypeError at construction for two classes of one kind or a field type the
    codec cannot check (so a game that declares one fails as soon as it is imported).
    """

    def __init__(self, *action_types: type[Action]) -> None:
        self._by_kind: dict[str, _ActionType] = {}
        self._by_class: dict[type[Action], _ActionType] = {}
        for cls in action_types:
            if cls.kind in self._by_kind:
                raise TypeError(f"two action classes share the kind {cls.kind!r}")
            hints = typing.get_type_hints(cls, include_extras=True)
            fields = tuple((f.name, _checker_for(hints[f.name], f"{cls.__name__}.{f.name}"))
                           for f in dataclasses.fields(cls))
            entry = _ActionType(cls, fields, frozenset(name for name, _ in fields))
            self._by_kind[cls.kind] = entry
            self._by_class[cls] = entry

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self._by_kind)

    def decode(self, data: Any) -> Action:
        """Build the action the JSON object ``data`` describes.

        Raises :class:`IllegalAction` saying what is wrong when ``data`` is not an object
        of a known kind with exactly that kind's fields, each of its declared type.
        """
        if not isinstance(data, dict) or "kind" not in data:
            raise IllegalAction(f"an action must be an object with a 'kind', got {quote(data)}")
        kind = data["kind"]
        entry = self._by_kind.get(kind) if isinstance(kind, str) else None
        if entry is None:
            raise IllegalAction(f"unknown action kind {quote(kind)}; expected one of {sorted(self._by_kind)}")
        given = set(data) - {"kind"}
        if given != entry.names:
            missing = sorted(entry.names - given)
            extra = sorted(quote(k) for k in given - entry.names)
            raise IllegalAction(f"action {kind!r} needs the fields {sorted(entry.names)}"
                                + (f"; missing {missing}" if missing else "")
                                + (f"; unknown {', '.join(extra)}" if extra else ""))
        values = {}
        for name, check in entry.fields:
            try:
                values[name] = check(data[name], True)
            except _Refused as exc:
                raise IllegalAction(f"{kind!r} {name} {exc}") from None
        return entry.cls(**values)

    def validate(self, action: Any) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is one of these classes with every
        field of its declared type and within its bounds."""
        entry = self._by_class.get(action.__class__)
        if entry is None:
            raise IllegalAction(f"{quote(action)} is not an action of this game")
        try:
            for name, check in entry.fields:
                check(getattr(action, name), False)
        except _Refused as exc:
            raise IllegalAction(f"{entry.cls.kind!r} {name} {exc}") from None
