"""Which games have a table, and which seat counts each offers (the launcher and the online
screen list them alike)."""
from __future__ import annotations

import importlib.util

from simulator.engine import game_names


def playable_games() -> list[str]:
    """Games that have a table view (the others run headless only)."""
    return [g for g in game_names()
            if importlib.util.find_spec(f"simulator.games.{g.replace('-', '_')}.view") is not None]


def seat_choices(cls) -> list[int]:
    """The seat counts a game offers: its range plus its variants' (e.g. a solo mode)."""
    return cls.seat_counts()
