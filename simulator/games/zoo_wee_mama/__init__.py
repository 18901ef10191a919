"""Zoo-Wee Mama!: bid on how many pictures of a symbol all the cards show. Pure rules and bots."""
from __future__ import annotations

from simulator.engine import register

from .bots import BluffingBot, PlusOneBot, ZooWeeMamaBot
from .rules import ZooWeeMamaGame, ZooWeeMamaState

register(ZooWeeMamaGame, bots={"plus-one": PlusOneBot, "good": ZooWeeMamaBot, "bluffer": BluffingBot})

__all__ = ["ZooWeeMamaGame", "ZooWeeMamaState", "ZooWeeMamaBot", "BluffingBot", "PlusOneBot"]
