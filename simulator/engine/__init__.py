"""Game-agnostic rules machinery. Imports neither pygame nor pymunk."""
from __future__ import annotations

from .actions import REFEREE, Action, ActionCodec, Bounds, IllegalAction
from .bots import Bot, RandomBot
from .game import ONLOOKER, Game, Referee, State
from .intake import parse_json, quote
from .match import RunawayGame, play_out
from .options import OptionSpec
from .record import GameRecord, SaveFileError, SeatInfo, load_record, save_record, try_undo, undo
from .registry import bot_levels, entry, game_names, load_game, make_bot, register
from .scene import Scene, SceneError

__all__ = [
    "REFEREE", "ONLOOKER", "Action", "ActionCodec", "Bounds", "IllegalAction", "Bot", "RandomBot",
    "parse_json", "quote",
    "Game", "State", "Referee", "RunawayGame", "play_out", "OptionSpec", "GameRecord",
    "SaveFileError", "SeatInfo", "load_record", "save_record", "try_undo", "undo", "bot_levels", "entry",
    "game_names", "load_game", "make_bot", "register", "Scene", "SceneError",
]
