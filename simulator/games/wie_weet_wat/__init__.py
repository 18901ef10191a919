"""Wie Weet Wat: the real-time word game with letter and category cards. Pure rules and bots."""
from __future__ import annotations

from simulator.engine import register

from .bots import WieWeetWatBot, bot_level
from .rules import WieWeetWatGame, WieWeetWatReferee, WieWeetWatState

register(WieWeetWatGame, bots={level: bot_level(level) for level in ("easy", "good", "expert")})

__all__ = ["WieWeetWatGame", "WieWeetWatState", "WieWeetWatReferee", "WieWeetWatBot"]
