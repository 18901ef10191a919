"""Game records: game id, options, seed and the action log, and what comes from them.

A record is all a save file holds. Loading replays the log from the seed, so a save
can never carry a state the rules would not reach; replay, undo and "what happened"
views all come from the same place.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import IllegalAction
from .game import State
from .registry import load_game

FORMAT_VERSION = 1


class SaveFileError(ValueError):
    """A save file that cannot be loaded; the message names the file and the problem."""


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a name and either "human" or a bot level."""

    name: str
    kind: str = "human"

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to rebuild a game exactly."""

    game_id: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: tuple[dict[str, Any], ...] = ()
    seats: tuple[SeatInfo, ...] = field(default_factory=tuple)
    format_version: int = FORMAT_VERSION

    @classmethod
    def of(cls, state: State, seats: tuple[SeatInfo, ...] = ()) -> GameRecord:
        return cls(state.game.id, state.game.players, dict(state.game.options), state.seed,
                   tuple(a.to_json() for a in state.history), tuple(seats))

    def to_json(self) -> dict[str, Any]:
        return {
            "format_version": self.format_version,
            "game": self.game_id,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "actions": list(self.actions),
        }

    @classmethod
    def from_json(cls, data: Any, source: str = "record") -> GameRecord:
        """Parse a record; raise :class:`SaveFileError` naming ``source`` and the problem."""
        def bad(problem: str) -> SaveFileError:
            return SaveFileError(f"{source}: {problem}")

        if not isinstance(data, dict):
            raise bad("expected a JSON object")
        version = data.get("format_version")
        if version != FORMAT_VERSION:
            raise bad(f"format_version {version!r} is not supported (this program reads {FORMAT_VERSION})")
        for key, kind in (("game", str), ("players", int), ("options", dict), ("seed", int),
                          ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise bad(f"'{key}' is missing or not {kind.__name__}")
        seats = []
        for i, seat in enumerate(data.get("seats", [])):
            if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
                raise bad(f"seat {i} must be an object with a 'name'")
            seats.append(SeatInfo(seat["name"], str(seat.get("kind", "human"))))
        return cls(data["game"], data["players"], data["options"], data["seed"],
                   tuple(data["actions"]), tuple(seats), version)

    def replay(self, upto: int | None = None, *, source: str = "record") -> State:
        """The state after the first ``upto`` actions (all by default).

        Raises :class:`SaveFileError` if the game cannot be set up or an action is
        refused, naming the action's position and the rules' reason.
        """
        try:
            game = load_game(self.game_id, players=self.players, **self.options)
        except (KeyError, ValueError) as exc:
            raise SaveFileError(f"{source}: {exc}") from None
        state = game.new_state(self.seed)
        for index, data in enumerate(self.actions[:upto]):
            try:
                state.apply(game.decode_action(data))
            except IllegalAction as exc:
                raise SaveFileError(f"{source}: action {index + 1} {data} is refused: {exc}") from None
        return state


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` as JSON atomically: a crash leaves the old file or the new one."""
    write_json_atomically(record.to_json(), path)


def write_json_atomically(data: Any, path: str | os.PathLike[str]) -> None:
    """Write ``data`` as JSON to ``path`` through a temporary file and a rename, so a
    crash leaves the old file or the new one, never half of one. Raises OSError."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read and check a save file; :class:`SaveFileError` names the file and the problem."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveFileError(f"{source}: cannot read: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{source}: not valid JSON: {exc}") from None
    record = GameRecord.from_json(data, source)
    record.replay(source=source)  # refuse a file whose log the rules do not accept
    return record


def undo_point(state: State, seat: int) -> int | None:
    """How many actions to keep to take back ``seat``'s last decision, or None.

    Undo goes back to just before the seat's most recent action, but never past
    an action that revealed hidden information or drew on the RNG.
    """
    for index in range(len(state.history) - 1, state.undo_floor - 1, -1):
        if state.history[index].player == seat:
            return index
    return None


def undo(state: State, seat: int) -> State | None:
    """The state before ``seat``'s last decision (see :func:`undo_point`), or None."""
    keep = undo_point(state, seat)
    if keep is None:
        return None
    return GameRecord.of(state).replay(keep)
