"""Mamma: family members walk a city of 27 cards to buy dinner. Pure rules and bots."""
from __future__ import annotations

from simulator.engine import register

from .bots import ExpertBot, MammaBot
from .random_bot import MammaRandomBot
from .rules import MammaGame, MammaState

register(MammaGame, bots={"random": MammaRandomBot, "good": MammaBot, "expert": ExpertBot})

__all__ = ["MammaGame", "MammaState", "MammaRandomBot", "MammaBot", "ExpertBot"]
