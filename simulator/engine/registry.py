"""The registry of games: ``load_game(id, players=N, **options)``, ``game_names()``.

Each game package under :mod:`simulator.games` registers itself on import with
:func:`register`; :func:`_discover` imports them all the first time the registry is
asked, so adding a game means adding its folder and nothing else.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any

from .bots import BotFactory, RandomBot
from .game import Game


@dataclass(frozen=True)
class GameEntry:
    """A registered game: its class and its bots by level name (weakest first)."""

    game_class: type[Game]
    bots: dict[str, BotFactory] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.game_class.id


_ENTRIES: dict[str, GameEntry] = {}
_discovered = False


def register(game_class: type[Game], bots: dict[str, BotFactory] | None = None) -> None:
    """Add a game. ``bots`` maps level names to factories; "random" is always present."""
    levels: dict[str, BotFactory] = {"random": RandomBot}
    levels.update(bots or {})
    _ENTRIES[game_class.id] = GameEntry(game_class, levels)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    import simulator.games as games_pkg

    for info in pkgutil.iter_modules(games_pkg.__path__):
        if info.ispkg:
            importlib.import_module(f"simulator.games.{info.name}")


def game_names() -> list[str]:
    """Ids of every registered game, in a stable order."""
    _discover()
    order = ["wham-bam", "zoo-wee-mama", "wie-weet-wat", "mamma", "wackelbett"]
    return sorted(_ENTRIES, key=lambda g: (order.index(g) if g in order else len(order), g))


def entry(game_id: str) -> GameEntry:
    """The registered entry for ``game_id``; KeyError lists the known ids."""
    _discover()
    try:
        return _ENTRIES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(game_names())}") from None


def load_game(game_id: str, players: int | None = None, **options: Any) -> Game:
    """The game ``game_id`` set up for ``players`` seats (default: its minimum)."""
    cls = entry(game_id).game_class
    return cls(players if players is not None else cls.min_players, **options)


def bot_levels(game_id: str) -> list[str]:
    """Bot level names for a game, weakest first."""
    return list(entry(game_id).bots)


def make_bot(game: Game, seat: int, level: str = "random"):
    """A bot of ``level`` for ``seat``; KeyError lists the levels this game has."""
    bots = entry(game.id).bots
    if level not in bots:
        raise KeyError(f"{game.id} has no bot level {level!r}; levels: {', '.join(bots)}")
    return bots[level](game, seat)
