"""Game records: game id, options, seed and the action log, and what comes from them.

A record is all a save file holds. Loading replays the log from the seed, so a save
can never carry a state the rules would not reach; replay, undo and "what happened"
views all come from the same place.

Loading never lets anything but :class:`SaveFileError` out: whatever is wrong with a
file (unreadable, not UTF-8, not JSON, too big or deep, a value of the wrong type, an
action the rules refuse) comes back as one short message naming the file.
"""
from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from .actions import REFEREE, Action, IllegalAction
from .game import State
from .intake import MAX_MAGNITUDE, parse_json, quote
from .registry import bot_levels, entry, load_game

FORMAT_VERSION = 1

#: The largest save file read (a long Wackelbett game with every hand trace is a few MB).
MAX_SAVE_BYTES = 64 * 2**20
#: The longest seat name kept in a record.
MAX_NAME = 40


class SaveFileError(ValueError):
    """A save file that cannot be loaded; the message names the file and the problem.

    ``source`` is the file (or "record"), ``problem`` what is wrong with it in a player's
    words, ``detail`` the technical particulars (where in the file, what it reads).
    """

    def __init__(self, source: str, problem: str, detail: str = "") -> None:
        super().__init__(f"{source}: {problem}" + (f" ({detail})" if detail else ""))
        self.source = source
        self.problem = problem
        self.detail = detail

    def __reduce__(self):  # pickles (e.g. to a worker process) with all parts
        return type(self), (self.source, self.problem, self.detail)

    def brief(self, limit: int = 125) -> str:
        """One line for a player: the file's name and the problem in words, cut to ``limit``
        characters (the particulars are for ``python -m simulator replay FILE``)."""
        line = f"Cannot load {Path(self.source).name}: {self.problem}"
        return line if len(line) <= limit else line[:limit - 1] + "\u2026"


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat: a name and either "human" or a bot level."""

    name: str
    kind: str = "human"

    @property
    def is_called_you(self) -> bool:
        """Named "You": every screen's sentences call the player holding it so, so for anyone
        but the one human at a table it is no name."""
        return self.name.strip().casefold() == "you"

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
    game_version: int | None = None  # the game's state version it was made with (None: this program's)

    @classmethod
    def of(cls, state: State, seats: tuple[SeatInfo, ...] = (), history: Sequence[Action] | None = None) -> GameRecord:
        """``state``'s game as a record; ``history``: these moves instead of the state's (a copy
        of them taken earlier, while the state has moved on)."""
        moves = state.history if history is None else history
        return cls(state.game.id, state.game.players, dict(state.game.options), state.seed,
                   tuple(a.to_json() for a in moves), tuple(seats))

    def to_json(self) -> dict[str, Any]:
        version = self.game_version
        if version is None:
            try:
                version = entry(self.game_id).game_class.state_version
            except KeyError:
                version = 1
        return {
            "format_version": self.format_version,
            "game_version": version,
            "game": self.game_id,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "actions": list(self.actions),
        }

    @classmethod
    def from_json(cls, data: Any, source: str = "record") -> GameRecord:
        """Parse a record; raise :class:`SaveFileError` naming ``source`` and the problem.

        Checks the shape and every type (the game's own checks come with :meth:`replay`).
        """
        def bad(detail: str) -> SaveFileError:
            return SaveFileError(source, "it is damaged", detail)

        if not isinstance(data, dict):
            raise SaveFileError(source, "it is not a saved game", f"expected a JSON object, got {quote(data)}")
        version = data.get("format_version")
        if version != FORMAT_VERSION or isinstance(version, bool):
            raise SaveFileError(source, "it was saved by another version of this program",
                                f"format_version {quote(version)}; this program reads {FORMAT_VERSION}")
        for key, kind in (("game", str), ("players", int), ("options", dict), ("seed", int), ("actions", list)):
            value = data.get(key)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise bad(f"'{key}' is missing or not {kind.__name__}: {quote(value)}")
        if not 0 <= data["seed"] <= MAX_MAGNITUDE:
            raise bad(f"'seed' must be from 0 to {MAX_MAGNITUDE}, got {quote(data['seed'])}")
        for name, value in data["options"].items():
            if not isinstance(value, (bool, int, str)) or len(str(value)) > 100:
                raise bad(f"option {quote(name)} must be true/false, a number or a short text, got {quote(value)}")
        for index, action in enumerate(data["actions"]):
            if not isinstance(action, dict):
                raise bad(f"action {index + 1} must be an object, got {quote(action)}")
        seats = data.get("seats", [])
        if not isinstance(seats, list) or len(seats) not in (0, data["players"]):
            raise bad(f"'seats' must list one seat per player ({quote(data['players'])}), got {quote(seats)}")
        infos = []
        for i, seat in enumerate(seats):
            name = seat.get("name") if isinstance(seat, dict) else None
            kind = seat.get("kind", "human") if isinstance(seat, dict) else None
            if not isinstance(name, str) or not isinstance(kind, str) or len(name) > MAX_NAME \
                    or not name.isprintable():
                raise bad(f"seat {i + 1} must be an object with a printable 'name' of at most {MAX_NAME} "
                          f"characters and a 'kind', got {quote(seat)}")
            infos.append(SeatInfo(name, kind))
        game_version = data.get("game_version", 1)  # files from before it was recorded: version 1
        if not isinstance(game_version, int) or isinstance(game_version, bool) or not 1 <= game_version <= 10_000:
            raise bad(f"'game_version' must be a whole number from 1, got {quote(game_version)}")
        return cls(data["game"], data["players"], data["options"], data["seed"],
                   tuple(data["actions"]), tuple(infos), version, game_version)

    def replay(self, upto: int | None = None, *, source: str = "record") -> State:
        """The state after the first ``upto`` actions (all by default).

        Raises :class:`SaveFileError` if the game cannot be set up, a seat names no bot
        level of the game, or an action is malformed or refused, naming the action's
        position and the reason. Nothing else escapes, not even a rules bug.
        """
        try:
            game = load_game(self.game_id, players=self.players, **self.options)
        except KeyError as exc:
            raise SaveFileError(source, f"it is a game of {quote(self.game_id)}, which this program does not have",
                                str(exc.args[0] if exc.args else exc)[:300]) from None
        except ValueError as exc:
            raise SaveFileError(source, "its table (seats or rule options) cannot be set up here",
                                str(exc)[:300]) from None
        made, current = self.game_version or game.state_version, game.state_version
        if made != current:
            was, now = game.state_versions.get(made, ""), game.state_versions.get(current, "")
            raise SaveFileError(source, f"it was saved with {game.title} version {made}"
                                        + (f" ({was})" if was else "")
                                        + f"; this program plays version {current}" + (f" ({now})" if now else "")
                                        + " and cannot go on from it",
                                f"game_version {made}; this program reads {current}")
        levels = ("human", *bot_levels(self.game_id))
        for i, seat in enumerate(self.seats):
            if seat.kind not in levels:
                raise SaveFileError(source, f"seat {i + 1} is played by {quote(seat.kind)}, "
                                            "which this game does not have", f"expected one of {', '.join(levels)}")
        state = game.new_state(self.seed)
        for index, data in enumerate(self.actions[:upto]):
            try:
                state.apply(game.decode_action(data))
            except IllegalAction as exc:
                raise SaveFileError(source, f"move {index + 1} does not follow the rules: {str(exc)[:300]}",
                                    f"it reads {quote(data)}") from None
            except Exception as exc:  # a rules bug must not take the program down with it
                raise SaveFileError(source, f"move {index + 1} could not be replayed",
                                    f"{type(exc).__name__}: {str(exc)[:200]}; it reads {quote(data)}") from None
        return state


def how_far(record: GameRecord, state: State) -> str:
    """How far ``record``'s game got (``state``: it replayed), in one line: whose turn it is or
    who won, after how many moves, and the scores."""
    names = [seat.name for seat in record.seats] or [f"Player {i + 1}" for i in range(state.game.players)]

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    moves = sum(1 for action in state.history if action.player >= 0)
    scores = ", ".join(f"{name(i)} {score:g}" for i, score in enumerate(state.scores()))
    if state.is_over():
        winners = " and ".join(name(w) for w in state.winners()) or "nobody"
        where = f"over after {moves} moves: {winners} won"
    else:
        up = [name(s) for s in state.current_players() if s >= 0]
        where = f"in progress after {moves} moves: {' and '.join(up) if up else 'the table'} to play"
    return f"{where}; scores: {scores}"


def save_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` as JSON atomically: a crash leaves the old file or the new one."""
    write_json_atomically(record.to_json(), path)


def write_json_atomically(data: Any, path: str | os.PathLike[str]) -> None:
    """Write ``data`` as JSON to ``path`` through a temporary file and a rename, so a
    crash leaves the old file or the new one, never half of one. Raises OSError.

    The file gets the mode any new file gets (0644 under the usual umask 022), and the
    folder is synced after the rename so the new name survives a power cut.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    # os.open with 0o666 lets the umask decide the mode, as for any file a program makes.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    if os.name == "posix":  # Windows cannot open a folder to sync it
        folder = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read, check and replay a save file.

    Raises :class:`SaveFileError` (and nothing else) naming the file and the problem.
    """
    source = str(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise SaveFileError(source, f"cannot read it: {exc.strerror or exc}") from None
    try:
        data = parse_json(raw, max_bytes=MAX_SAVE_BYTES)
    except ValueError as exc:
        raise SaveFileError(source, "it is not a saved game, or it is damaged", str(exc)) from None
    record = GameRecord.from_json(data, source)
    record.replay(source=source)  # refuse a file whose log the rules do not accept
    return record


# -- undo ----------------------------------------------------------------------------
def _unseen_by(state: State) -> list[set[int]]:
    return [state.hidden_from(seat) for seat in range(state.game.players)]


def apply_and_check_reveal(state: State, action: Any) -> bool:
    """Apply ``action`` to ``state`` and say whether it revealed anything undo must not cross.

    True when it used the RNG, let any seat see a card that the acting seat could not see
    (a draw, a deal, a card turned up or shown from another hand; a seat showing its own
    card is not a reveal), came from the referee, ended the game or was marked by the game.
    """
    rng_before = state.rng.getstate()
    hidden_before = _unseen_by(state)
    floor_before = state.undo_floor
    state.apply(action)
    if state.rng.getstate() != rng_before or state.undo_floor != floor_before:
        return True
    if action.player == REFEREE or state.is_over():
        return True
    unknown_to_actor = hidden_before[action.player]
    for before, after in zip(hidden_before, _unseen_by(state)):
        if (before - after) & unknown_to_actor:
            return True
    return False


_YOUR_MOVE_DREW = "your last move drew or showed cards"
_DRAWN_SINCE = "cards were drawn or shown since your last move"
_JUDGED = "the table has judged your last move"
_RULED_SINCE = "the table has ruled since your last move"
_JUDGING = "the table is judging your last move"
_JUDGING_NOW = "the table is judging a move"


def try_undo(state: State, seat: int) -> tuple[int, State] | str:
    """(actions to keep, the state before ``seat``'s last decision), or why there is none, in
    the player's words.

    Undo goes back to just before the seat's most recent action, unless anything from there
    on revealed something (see :func:`apply_and_check_reveal`), never while the table is
    judging it (a verdict under way is crossed no more than one given), and never in a
    finished game.
    """
    if state.is_over():
        return "the game is over"
    if REFEREE in state.current_players():
        return _JUDGING if state.history and state.history[-1].player == seat else _JUDGING_NOW
    history = state.history
    floor = state.undo_floor
    keep = next((i for i in range(len(history) - 1, floor - 1, -1) if history[i].player == seat), None)
    if keep is None:  # nothing of the seat's after the floor: say what set the floor
        if not any(action.player == seat for action in history[:floor]):
            return "there is no move of yours to take back"
        marker = history[floor - 1]
        if marker.player == REFEREE:
            judged = floor >= 2 and history[floor - 2].player == seat
            return _JUDGED if judged else _RULED_SINCE
        if state.undo_judged:  # the move itself made the table judge (it closed a window, say)
            return _JUDGED if marker.player == seat else _RULED_SINCE
        return _YOUR_MOVE_DREW if marker.player == seat else _DRAWN_SINCE
    previous = GameRecord.of(state).replay(keep)
    probe = previous.clone()
    for index, action in enumerate(history[keep:], keep):
        if apply_and_check_reveal(probe, action):
            return _YOUR_MOVE_DREW if index == keep else _DRAWN_SINCE
    return keep, previous


def undo_point(state: State, seat: int) -> int | None:
    """How many actions to keep to take back ``seat``'s last decision (see :func:`try_undo`), or None."""
    found = try_undo(state, seat)
    return None if isinstance(found, str) else found[0]


def undo(state: State, seat: int) -> State | None:
    """The state before ``seat``'s last decision (see :func:`undo_point`), or None."""
    found = try_undo(state, seat)
    return None if isinstance(found, str) else found[1]
