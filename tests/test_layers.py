"""Layers are law: the engine and every rules.py/bots.py import neither pygame nor pymunk."""
from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import simulator.games

ROOT = Path(__file__).resolve().parents[1]


def pure_modules() -> list[str]:
    mods = ["simulator.engine"]
    mods += [f"simulator.net.{info.name}" for info in pkgutil.iter_modules([str(ROOT / "simulator" / "net")])]
    for info in pkgutil.iter_modules(simulator.games.__path__):
        for part in ("rules", "bots", "timing"):
            if (ROOT / "simulator" / "games" / info.name / f"{part}.py").exists():
                mods.append(f"simulator.games.{info.name}.{part}")
    return mods


def test_pure_modules_import_neither_pygame_nor_pymunk():
    mods = pure_modules()
    assert len(mods) > 2
    code = (
        "import sys\n"
        f"for m in {mods!r}: __import__(m)\n"
        "bad = [m for m in ('pygame', 'pymunk') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"pure modules pulled in {out.stdout.strip()}"
