"""Pictures without a display: table screenshots, the launcher, and the demo for `make play`."""
from __future__ import annotations

import os
from pathlib import Path

import pygame

from simulator.engine import SeatInfo, bot_levels, load_game, make_bot
from simulator.engine.actions import REFEREE

from .theme import SCREEN_SIZE

SETTLE_SECONDS = 1.0


def init_headless() -> pygame.Surface:
    """A 1280x720 canvas on SDL's dummy driver."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode(SCREEN_SIZE)


def bot_actions(game, seed: int, count: int) -> tuple[dict, ...]:
    """``count`` actions of the best bots from a new deal of ``seed`` (the referee acts for the table)."""
    best = bot_levels(game.id)[-1]
    bots = [make_bot(game, seat, best) for seat in range(game.players)]
    referee = game.make_referee()
    state = game.new_state(seed)
    import random

    rng = random.Random(seed)
    for _ in range(count):
        seats = state.current_players()
        if not seats:
            break
        seat = seats[0]
        if seat == REFEREE:
            state.apply(referee.decide(state))
        else:
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
    return tuple(a.to_json() for a in state.history)


def table_scene(game_id: str, *, players: int, seed: int, actions: int, history: tuple[dict, ...] | None = None,
                **options):
    """A table after ``actions`` bot moves (or the moves of ``history``), seen from seat 1
    (a human) with bots in the other seats."""
    from .table import TableScene, TableSetup

    game = load_game(game_id, players=players, **options)
    best = bot_levels(game_id)[-1]
    names = ["You", "Ann", "Bob", "Cleo", "Dev", "Eli"]
    seats = tuple(SeatInfo(names[i], "human" if i == 0 else best) for i in range(players))
    moves = bot_actions(game, seed, actions) if history is None else history
    return TableScene(None, TableSetup(game, seats, seed, moves))


def settle(scene, seconds: float = SETTLE_SECONDS) -> None:
    """Let animations finish without letting bots move."""
    steps = int(seconds * 60)
    for _ in range(steps):
        scene.view.update(1 / 60)
        scene.manager.update(1 / 60)


def screenshot(game_id: str, out: Path, *, players: int | None = None, seed: int = 1, actions: int = 20,
               **options) -> Path:
    """Render the table after ``actions`` bot moves to ``out`` (PNG)."""
    surface = init_headless()
    game_cls = load_game(game_id).__class__
    scene = table_scene(game_id, players=players or min(3, game_cls.max_players), seed=seed, actions=actions,
                        **options)
    settle(scene)
    scene.draw(surface)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    return out


def launcher_screenshot(out: Path) -> Path:
    from .app import App
    from .launcher import LauncherScene

    app = App(headless=True)
    scene = LauncherScene(app)
    scene.update(1 / 60)
    scene.draw(app.screen)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(out))
    return out


DEMO_MOMENTS = (10, 40)   # bot moves into each game at which the demo takes a picture


def demo(folder: Path, *, seed: int = 7) -> list[Path]:
    """Bots play every game headless; save PNGs of each table as its first player sees it
    (their own hand face up, the others' face down), plus the launcher."""
    from simulator.ui.catalogue import playable_games

    surface = init_headless()
    folder.mkdir(parents=True, exist_ok=True)
    paths = [launcher_screenshot(folder / "00-launcher.png")]
    for number, game_id in enumerate(playable_games(), start=1):
        cls = load_game(game_id).__class__
        players = min(3, cls.max_players)
        game = load_game(game_id, players=players)
        history = bot_actions(game, seed, max(DEMO_MOMENTS))
        for moment in DEMO_MOMENTS:
            scene = table_scene(game_id, players=players, seed=seed, actions=0, history=history[:moment])
            settle(scene)
            scene.draw(surface)
            path = folder / f"{number:02d}-{game_id}-{moment:02d}-moves.png"
            pygame.image.save(surface, str(path))
            paths.append(path)
    return paths
