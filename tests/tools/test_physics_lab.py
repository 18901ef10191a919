"""The physics lab: it runs headless, and saving a changed value edits the scene file in
place (comments kept), shows the change first, and never leaves half a file."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pygame
import pygame_gui
import pytest

from tests.games.wackelbett.scene_text import raw_value

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import physics_lab  # noqa: E402
from physics_lab import PhysicsLab  # noqa: E402

from simulator.ui.headless import init_headless  # noqa: E402
from simulator.ui.table import ui_manager  # noqa: E402

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


@pytest.fixture(scope="module", autouse=True)
def screen():
    yield init_headless()


@pytest.fixture
def scene_copy(tmp_path) -> Path:
    path = tmp_path / "wackelbett.toml"
    shutil.copy(ROOT / "scenes" / "wackelbett.toml", path)
    return path


def test_the_lab_runs_headless_and_saves_a_picture(tmp_path, scene_copy):
    out = tmp_path / "lab.png"
    proc = subprocess.run([sys.executable, "tools/physics_lab.py", "--scene", str(scene_copy), "--frames", "40",
                           "--cards", "8", "--screenshot", str(out)], capture_output=True, text=True, cwd=ROOT,
                          env=ENV, timeout=120)
    assert proc.returncode == 0, proc.stderr
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    assert scene_copy.read_bytes() == (ROOT / "scenes" / "wackelbett.toml").read_bytes(), "nothing saved unasked"


def test_saving_from_the_command_line_shows_the_change_and_edits_only_that_value(scene_copy, capsys):
    before = scene_copy.read_text().splitlines()
    old = raw_value(scene_copy, "card.friction")
    assert physics_lab.main(["--scene", str(scene_copy), "--set", "card.friction=0.55", "--save", "--yes"]) == 0
    shown = capsys.readouterr().out
    assert f"card.friction: {old} -> 0.55" in shown and "+friction = 0.55" in shown
    after = scene_copy.read_text().splitlines()
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert len(before) == len(after) and len(changed) == 1
    assert changed[0][1].startswith("friction = 0.55") and "# cardboard on cardboard" in changed[0][1]
    assert tomllib.loads(scene_copy.read_text())["card"]["friction"] == 0.55


def test_the_save_button_asks_with_the_diff_before_it_writes(scene_copy):
    lab = PhysicsLab(scene_copy, cards=6, manager=ui_manager())
    lab.set_value("bed.wobble_stiffness", 4.0e7)
    assert lab.world.physics.bed.wobble_stiffness == 4.0e7, "the world runs with the slider's value"
    original = scene_copy.read_bytes()
    old = raw_value(scene_copy, "bed.wobble_stiffness")
    shown = lab.ask_to_save()
    assert f"bed.wobble_stiffness: {old} -> 4.0e7" in shown and f"-wobble_stiffness = {old}" in shown
    assert lab.dialog is not None and scene_copy.read_bytes() == original, "nothing is written before the OK"
    lab.handle_event(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=lab.dialog))
    data = tomllib.loads(scene_copy.read_text())
    assert data["bed"]["wobble_stiffness"] == 4.0e7 and "Saved 1 value" in lab.message
    assert lab.changes() == [], "after saving, the lab and the file agree"


def test_a_failed_write_leaves_the_scene_file_whole(scene_copy, monkeypatch):
    lab = PhysicsLab(scene_copy, cards=4)
    lab.set_value("princess.friction", 0.9)
    original = scene_copy.read_bytes()

    def broken_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        lab.save()
    assert scene_copy.read_bytes() == original
    assert [p.name for p in scene_copy.parent.iterdir()] == [scene_copy.name], "no temporary file is left"


def test_a_value_the_game_refuses_is_not_taken(scene_copy):
    lab = PhysicsLab(scene_copy, cards=4)
    lab.set_value("card.mass", -1.0)
    assert "card" in lab.message and "mass" in lab.message
    assert lab.values == {} and lab.world.physics.card.mass == 2.0


def test_a_dropped_card_lands_on_the_pile_and_a_nudge_rocks_the_bed(scene_copy):
    lab = PhysicsLab(scene_copy, cards=6)
    card = lab.drop_card(0.0)
    for _ in range(240):
        lab.update(1 / 60)
    assert lab.world.top_card() == card and not lab.world.fallen_cards()
    lab.nudge()
    lab.update(1 / 60)
    assert abs(lab.world.bed.angle) > 0.001
    lab.reset()
    assert len(lab.world.card_ids()) == 6
    margins = lab.margins()
    assert margins["princess_mm"] > 0 and margins["tilt_left_deg"] > 0


@pytest.mark.parametrize("args, message", [
    (["--screenshot", "lab.png"], "give --frames"),
    (["--frames", "-5"], "--frames must be at least 1"),
    (["--cards", "99", "--frames", "2"], "--cards must be 1 to 36"),
])
def test_arguments_that_cannot_work_are_refused_in_one_line(scene_copy, capsys, args, message):
    with pytest.raises(SystemExit) as stop:
        physics_lab.main(["--scene", str(scene_copy), *args])
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_the_lean_table_shows_where_a_pile_rests_on_the_underside_set(capsys):
    """--leans prints, without a window, where the bed rests under neat piles by height and
    imbalance: on one 58 mm arc a 10-card pile leans more the further off the pea it lies, and
    a centred 36-card pile's centre of mass is above the arc's centre: it rests on a corner,
    either one."""
    arc = ["--set", "bed.rock_radius=58", "--set", "bed.rock_radius_outer=0", "--set", "bed.rock_turn_deg=0"]
    assert physics_lab.main(["--leans", *arc]) == 0
    rows = {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()[3:]}
    ten = [float(v) for v in rows["10"]]
    assert ten[0] == 0.0 and ten == sorted(ten) and ten[-1] > 1.0
    assert rows["36"][:3] == ["-10.7", "/", "+10.7"]


def test_every_knob_can_be_scrolled_into_the_panel_with_the_wheel(scene_copy):
    """More knobs than the panel is tall: the wheel over the panel scrolls them, so the last
    one (and every one before it) can be seen and dragged inside the window."""
    manager = ui_manager()
    lab = PhysicsLab(scene_copy, cards=4, manager=manager)
    window = pygame.Rect(0, 0, 1280, 720)
    sliders = {knob.key: slider for slider, knob in lab.sliders.items()}
    last = sliders[physics_lab.KNOBS[-1].key]
    assert not window.contains(last.rect), "the list is longer than the panel (else this test proves nothing)"
    pygame.mouse.set_pos(physics_lab.PANEL.centerx, 400)
    for _ in range(40):
        lab.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_x=0.0, precise_y=-1.0,
                                            flipped=False, touch=False, which=0))
        manager.update(1 / 60)
    assert physics_lab.PANEL.contains(last.rect)
    seen = {key for key, slider in sliders.items() if physics_lab.PANEL.contains(slider.rect)}
    for _ in range(40):
        lab.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, precise_x=0.0, precise_y=1.0,
                                            flipped=False, touch=False, which=0))
        manager.update(1 / 60)
        seen |= {key for key, slider in sliders.items() if physics_lab.PANEL.contains(slider.rect)}
    assert seen == set(sliders)
