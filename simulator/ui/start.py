"""Starting the program: the launcher in a window, or, where no window can open, one line
saying why and the headless demo."""
from __future__ import annotations

import os
from pathlib import Path

import pygame

from .app import App, display_problem
from .headless import demo
from .launcher import LauncherScene


def open_launcher(snapshots: Path) -> int:
    """``python -m simulator``: the launcher in a window; where no window can open, say why
    in one line and run the headless demo, which writes PNGs to ``snapshots``."""
    problem = display_problem()
    app = None
    if not problem:
        try:
            app = App()
        except pygame.error as exc:
            pygame.display.quit()
            problem = f"the window did not open ({exc})"
    if app is None:
        folder = snapshots.resolve()
        print(f"No display ({problem}): running a headless demo instead; PNG snapshots of every game go to "
              f"{folder}/", flush=True)
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        paths = demo(folder)
        print(f"Wrote {len(paths)} snapshots to {folder}/")
        return 0
    app.push(LauncherScene(app))
    app.run()
    return 0
