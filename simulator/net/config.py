"""What a host sets up: the game, its options, who sits where, and how the table waits.

Seat kinds: ``remote`` (a player joining from another machine), ``local`` (a player at
the host's own screen) or a bot level of the game. A host's choices arrive as JSON
(from the launcher's host screen or the command line) and are checked here, each bad
value refused with a reason.
"""
from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any

from simulator.engine import Game, SeatInfo, bot_levels, load_game

REMOTE = "remote"
LOCAL = "local"
HUMAN_KINDS = (REMOTE, LOCAL)
NAME_LIMIT = 16   # characters of a seat's name (as the launcher's and the Online screen's fields allow)


def shown_name(text: str) -> str:
    """``text`` as a name others are shown: control and format characters (NUL, a right-to-left
    override, ...) dropped, runs of spaces made one, trimmed."""
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    return " ".join(kept.split())
MAX_WAIT_SECONDS = 24 * 3600
NO_TAKEOVER = "none"


@dataclass(frozen=True)
class SeatPlan:
    """One seat as the host planned it."""

    name: str
    kind: str

    @property
    def is_human(self) -> bool:
        return self.kind in HUMAN_KINDS


@dataclass(frozen=True)
class TableConfig:
    """A table's set-up. ``wait_seconds``: how long the table waits for a player who
    dropped before ``takeover`` (a bot level, or "none" to wait for ever) keeps their
    seat. ``bot_pace``: seconds between two bot moves, so people can follow them.
    ``time_scale`` speeds up the real-time clocks (tests and benchmarks only)."""

    game_id: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: tuple[SeatPlan, ...]
    wait_seconds: float = 60.0
    takeover: str = "random"
    bot_pace: float = 0.9
    time_scale: float = 1.0

    def make_game(self) -> Game:
        return load_game(self.game_id, players=self.players, **self.options)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "players": self.players, "options": dict(self.options), "seed": self.seed,
                "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
                "wait_seconds": self.wait_seconds, "takeover": self.takeover, "bot_pace": self.bot_pace,
                "time_scale": self.time_scale}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableConfig:
        """Check a host's set-up; raise ValueError naming the first thing wrong."""
        game_id = data.get("game")
        players = data.get("players")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ValueError("'options' must be an object of option names and values")
        if not isinstance(game_id, str) or not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("a table needs a game id and a whole number of players")
        try:
            game = load_game(game_id, players=players, **options)
        except KeyError as exc:
            raise ValueError(str(exc).strip('"')) from None
        except TypeError as exc:
            raise ValueError(f"bad options: {exc}") from None
        levels = bot_levels(game_id)
        raw_seats = data.get("seats")
        if not isinstance(raw_seats, list) or len(raw_seats) != players:
            raise ValueError(f"'seats' must list {players} seats")
        seats = []
        for i, seat in enumerate(raw_seats):
            if not isinstance(seat, dict):
                raise ValueError(f"seat {i + 1} must be an object with a name and a kind")
            name = seat.get("name") or f"Player {i + 1}"
            name = shown_name(name) if isinstance(name, str) else name
            kind = seat.get("kind")
            if not isinstance(name, str) or len(name) > NAME_LIMIT:
                raise ValueError(f"seat {i + 1}: a name is text of at most {NAME_LIMIT} characters")
            if kind not in HUMAN_KINDS and kind not in levels:
                raise ValueError(f"seat {i + 1}: kind must be 'remote', 'local' or a bot level "
                                 f"({', '.join(levels)}), got {str(kind)[:30]!r}")
            named = SeatInfo(name.strip(), kind)   # online, every screen has its own "You"
            seats.append(SeatPlan(named.name if named.name and not named.is_called_you else f"Player {i + 1}",
                                  kind))
        seed = data.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise ValueError("'seed' must be a whole number from 0")
        takeover = data.get("takeover", "random")
        if takeover != NO_TAKEOVER and takeover not in levels:
            raise ValueError(f"'takeover' must be 'none' or a bot level ({', '.join(levels)})")
        wait = _number(data, "wait_seconds", 60.0, 0, MAX_WAIT_SECONDS)
        pace = _number(data, "bot_pace", 0.9, 0, 10)
        scale = _number(data, "time_scale", 1.0, 1, 1000)
        return cls(game_id, players, dict(game.options), seed, tuple(seats), wait, takeover, pace, scale)


def _number(data: dict[str, Any], key: str, default: float, low: float, high: float) -> float:
    value = data.get(key, default)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"'{key}' must be a number from {low} to {high}")
    return float(value)
