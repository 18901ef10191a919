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


def table_scene(game_id: str, *, players: int, seed: int, actions: int, **options):
    """A table after ``actions`` bot moves, seen from seat 1 (a human) with bots in the other seats."""
    from .table import TableScene, TableSetup

    game = load_game(game_id, players=players, **options)
    best = bot_levels(game_id)[-1]
    names = ["You", "Ann", "Bob", "Cleo", "Dev", "Eli"]
    seats = tuple(SeatInfo(names[i], "human" if i == 0 else best) for i in range(players))
    setup = TableSetup(game, seats, seed, bot_actions(game, seed, actions))
    return TableScene(None, setup)


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


def demo(folder: Path, *, game_id: str = "wham-bam", seed: int = 7, snapshots: int = 8) -> list[Path]:
    """Play a bots-only game headless and save snapshots of the table along the way."""
    from .table import TableScene, TableSetup

    surface = init_headless()
    folder.mkdir(parents=True, exist_ok=True)
    paths = [launcher_screenshot(folder / "00-launcher.png")]
    game = load_game(game_id, players=3)
    best = bot_levels(game_id)[-1]
    seats = tuple(SeatInfo(name, best) for name in ("Ann", "Bob", "Cleo"))
    scene = TableScene(None, TableSetup(game, seats, seed))
    every = 40
    for shot in range(1, snapshots + 1):
        for _ in range(every):
            if scene.state.is_over():
                break
            if scene.overlays:
                scene.overlays[0].close()
                scene.overlays.pop(0)
            scene.machine_moves(scene.state.current_players()[0])
        settle(scene, 0.5)
        scene.draw(surface)
        path = folder / f"{shot:02d}-table.png"
        pygame.image.save(surface, str(path))
        paths.append(path)
        if scene.state.is_over():
            break
    return paths
