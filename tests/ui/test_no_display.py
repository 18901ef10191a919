"""`make play` where no window can open: one line saying why, then the headless demo; never a hang."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]


def dead_display() -> str:
    """A display number with no X server behind it."""
    number = next(n for n in range(97, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    return f":{number}"


def test_a_display_with_no_server_runs_the_demo_of_every_game(tmp_path):
    display = dead_display()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_") and k != "WAYLAND_DISPLAY"}
    env.update(DISPLAY=display, TABLETOP_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "simulator"], capture_output=True, text=True, cwd=tmp_path,
                          env=env, timeout=180)
    assert proc.returncode == 0, proc.stderr
    first, *rest = proc.stdout.strip().splitlines()
    assert first.startswith(f"No display (DISPLAY={display} names no X server that answers)")
    assert "headless demo" in first and len(rest) == 1 and rest[0].startswith("Wrote 11 snapshots")
    shots = sorted(p.name for p in (tmp_path / "snapshots").glob("*.png"))
    from simulator.ui.catalogue import playable_games

    for game_id in playable_games():
        assert sum(game_id in name for name in shots) == 2, f"{game_id}: two pictures in {shots}"
    image = pygame.image.load(str(tmp_path / "snapshots" / shots[1]))
    assert image.get_size() == (1280, 720)


def test_the_demo_shows_each_table_as_its_first_player_sees_it():
    from simulator.ui.headless import bot_actions, init_headless, table_scene
    from simulator.engine import load_game

    init_headless()
    game = load_game("wham-bam", players=3)
    scene = table_scene("wham-bam", players=3, seed=7, actions=0, history=bot_actions(game, 7, 10))
    assert scene.viewer == 0 and scene.view.view["hand_cards"] == scene.state.hands[0] != []
