"""Wackelbett: stack bedding cards on a wobbling bed and stand the princess on top.

Pure rules (rules.py) and bots (bots.py); the physics is world.py (pymunk), which
the table's referee (referee.py) and the bots import only when they run it.
"""
from __future__ import annotations

from simulator.engine import register

from .bots import ShakyHandBot, SteadyHandBot, SurgeonHandBot
from .rules import WackelbettGame, WackelbettState

register(WackelbettGame, bots={"shaky": ShakyHandBot, "steady": SteadyHandBot, "surgeon": SurgeonHandBot})

__all__ = ["WackelbettGame", "WackelbettState", "ShakyHandBot", "SteadyHandBot", "SurgeonHandBot"]
