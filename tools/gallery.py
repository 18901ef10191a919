#!/usr/bin/env python3
"""Render every screen a player meets into PNGs, headless, to look at them.

For each game with a table: the table early and late in a game, the player's own
turn, the hot-seat hand-off, a round summary and the final summary; plus the
launcher and the rules panel. Output goes to one folder (default ./gallery).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from simulator.engine import SeatInfo, bot_levels, entry, load_game, make_bot  # noqa: E402
from simulator.engine.actions import REFEREE  # noqa: E402
from simulator.ui.headless import init_headless, launcher_screenshot, settle  # noqa: E402
from simulator.ui.catalogue import playable_games  # noqa: E402
from simulator.ui.overlays import HandOffOverlay, SummaryOverlay  # noqa: E402
from simulator.ui.table import TableScene, TableSetup  # noqa: E402
from trial_runner import file_in_the_way  # noqa: E402


def save(scene, surface, path: Path) -> Path:
    settle(scene, 3.0)
    scene.draw(surface)
    pygame.image.save(surface, str(path))
    print(path)
    return path


def advance(scene: TableScene, bots, rng, *, until) -> bool:
    """Let bots play every seat (the referee acts for the table) until ``until(state)``."""
    state = scene.state
    for _ in range(20000):
        if until(state) or state.is_over():
            return until(state)
        seat = state.current_players()[0]
        if seat == REFEREE:
            scene.machine_moves(seat)
        else:
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat), rng))
        scene.refresh()
        drop_summaries(scene)
    return False


def drop_summaries(scene: TableScene) -> None:
    """Close the summary panels the bots' moves raised (their buttons die with them)."""
    for overlay in [o for o in scene.overlays if isinstance(o, SummaryOverlay)]:
        overlay.close()
        scene.overlays.remove(overlay)


def game_gallery(game_id: str, folder: Path, seed: int, players: int | None) -> list[Path]:
    surface = init_headless()
    cls = entry(game_id).game_class
    n = players or min(cls.max_players, max(cls.min_players, 3))
    best = bot_levels(game_id)[-1]
    game = load_game(game_id, players=n)
    bots = [make_bot(game, s, best) for s in range(n)]
    rng = random.Random(seed)
    out = []
    stem = game_id

    seats = tuple(SeatInfo("You" if i == 0 else f"Bot {i}", "human" if i == 0 else best) for i in range(n))
    scene = TableScene(None, TableSetup(game, seats, seed))
    advance(scene, bots, rng, until=lambda s: 0 in s.current_players() and len(s.history) > 2)
    out.append(save(scene, surface, folder / f"{stem}-your-turn.png"))
    scene.open_rules()
    out.append(save(scene, surface, folder / f"{stem}-rules.png"))
    scene.overlays[0].close()
    scene.overlays.pop(0)

    rounds_before = len(scene.view.summaries())
    summary_seen = advance(scene, bots, rng, until=lambda s: len(_summaries(scene)) > rounds_before)
    if summary_seen:
        fresh = _summaries(scene)[rounds_before]
        scene.overlays.insert(0, SummaryOverlay(scene.manager, fresh))
        out.append(save(scene, surface, folder / f"{stem}-round-summary.png"))
        scene.overlays[0].close()
        scene.overlays.pop(0)
    advance(scene, bots, rng, until=lambda s: s.is_over())
    finals = [s for s in _summaries(scene) if s.key == "game"]
    if finals:
        drop_summaries(scene)
        scene.overlays = [SummaryOverlay(scene.manager, finals[0])]
        out.append(save(scene, surface, folder / f"{stem}-game-over.png"))

    if n >= 2:
        two = tuple(SeatInfo(name, "human") for name in ("Ann", "Bob")) + tuple(
            SeatInfo(f"Bot {i}", best) for i in range(2, n))
        hot = TableScene(None, TableSetup(game, two, seed))
        hot.update(1 / 60)
        if hot.overlays and isinstance(hot.overlays[0], HandOffOverlay):
            out.append(save(hot, surface, folder / f"{stem}-hand-off.png"))
    return out


def _summaries(scene: TableScene):
    scene.view.refresh(scene.viewer, scene.state.view(scene.viewer), scene.view.legal)
    return scene.view.summaries()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="game ids (default: every game with a table)")
    parser.add_argument("--out", default="gallery", help="folder for the PNGs (default ./gallery)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--players", type=int)
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in playable_games()]
    if unknown:
        parser.error(f"no table for {', '.join(unknown)}; games: {', '.join(playable_games())}")
    folder = Path(args.out)
    blocked = file_in_the_way(folder)
    if blocked is not None:
        parser.error(f"--out {folder}: {blocked} is a file, not a folder")
    folder.mkdir(parents=True, exist_ok=True)
    print(launcher_screenshot(folder / "launcher.png"))
    for game_id in args.games or playable_games():
        game_gallery(game_id, folder, args.seed, args.players)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
