"""Wham Bam!: the UNO-like shedding game. Pure rules and bots; view.py draws it."""
from __future__ import annotations

from simulator.engine import register

from .bots import WhamBamBot
from .rules import WhamBamGame, WhamBamState

register(WhamBamGame, bots={"good": WhamBamBot})

__all__ = ["WhamBamGame", "WhamBamState", "WhamBamBot"]
