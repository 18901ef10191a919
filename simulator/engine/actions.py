"""Actions: small immutable values that say what one seat did.

Every game defines its actions as frozen dataclasses that subclass :class:`Action`
and carry a unique ``kind``. Fields hold JSON values only (int, float, str, bool,
None and tuples of them), so an action log is plain JSON and replays exactly.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

#: The seat of the table itself: physics verdicts, clocks running out. A referee
#: (see :meth:`simulator.engine.game.Game.make_referee`) acts for it.
REFEREE = -1


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


def _from_json_value(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_json_value(v) for v in value)
    return value


class ActionCodec:
    """Turns JSON objects back into a game's action classes."""

    def __init__(self, *action_types: type[Action]) -> None:
        self._by_kind: dict[str, type[Action]] = {}
        for cls in action_types:
            if cls.kind in self._by_kind:
                raise ValueError(f"two action classes share the kind {cls.kind!r}")
            self._by_kind[cls.kind] = cls

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self._by_kind)

    def decode(self, data: Any) -> Action:
        """Build the action ``data`` describes.

        Raises :class:`IllegalAction` naming what is wrong when ``data`` is not an
        object of a known kind with exactly the fields that kind has.
        """
        if not isinstance(data, dict) or "kind" not in data:
            raise IllegalAction(f"an action must be an object with a 'kind', got {data!r}")
        cls = self._by_kind.get(data["kind"])
        if cls is None:
            raise IllegalAction(
                f"unknown action kind {data['kind']!r}; expected one of {sorted(self._by_kind)}"
            )
        names = {f.name for f in dataclasses.fields(cls)}
        given = set(data) - {"kind"}
        if given != names:
            raise IllegalAction(
                f"action {data['kind']!r} needs the fields {sorted(names)}, got {sorted(given)}"
            )
        try:
            return cls(**{k: _from_json_value(v) for k, v in data.items() if k != "kind"})
        except (TypeError, ValueError) as exc:
            raise IllegalAction(f"action {data['kind']!r} is malformed: {exc}") from None
