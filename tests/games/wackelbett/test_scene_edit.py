"""Editing scene values in place: only the chosen values change, comments and layout stay."""
from __future__ import annotations

import shutil
import tomllib

import pytest
from hypothesis import given, strategies as st

from simulator.engine import Scene, SceneError
from simulator.engine.scene import SCENES_DIR
from simulator.games.wackelbett.rules import WackelbettGame
from simulator.games.wackelbett.scene_edit import (SceneEditError, format_toml_value, patched_scene, plan_changes,
                                                   unified_diff, write_values)

from .scene_text import line_of, with_value

REAL = SCENES_DIR / "wackelbett.toml"


@pytest.fixture
def scene_file(tmp_path):
    path = tmp_path / "wackelbett.toml"
    shutil.copyfile(REAL, path)
    return path


def _scalar_keys(data, prefix=""):
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from _scalar_keys(value, dotted + ".")
        elif not isinstance(value, list):
            yield dotted, value


def test_writing_changes_only_the_chosen_lines_and_keeps_every_comment(scene_file):
    before = scene_file.read_text().splitlines()
    stiffness, friction = line_of(scene_file, "bed.wobble_stiffness"), line_of(scene_file, "card.friction")
    princess_friction = tomllib.loads(scene_file.read_text())["princess"]["friction"]
    changes = write_values(scene_file, {"bed.wobble_stiffness": 1.5e8, "card.friction": 0.35})
    after = scene_file.read_text().splitlines()
    assert [c.key for c in changes] == ["bed.wobble_stiffness", "card.friction"]
    changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
    assert len(before) == len(after) and [i + 1 for i in changed] == [c.line for c in changes]
    assert after[changed[0]] == with_value(stiffness, "1.5e8") and "#" in stiffness
    assert after[changed[1]] == with_value(friction, "0.35") and "# cardboard on cardboard" in friction
    data = tomllib.loads(scene_file.read_text())
    assert data["bed"]["wobble_stiffness"] == 1.5e8 and data["card"]["friction"] == 0.35
    assert data["princess"]["friction"] == princess_friction, "the same name in another table is left alone"


def test_every_single_value_of_the_wackelbett_scene_can_be_edited(scene_file):
    data = tomllib.loads(scene_file.read_text())
    flipped = {}
    for key, value in _scalar_keys(data):
        flipped[key] = (not value if isinstance(value, bool) else value + 1 if isinstance(value, (int, float))
                        else value + "x")
    assert len(flipped) > 60
    changes = write_values(scene_file, flipped)
    assert len(changes) == len(flipped)
    assert dict(_scalar_keys(tomllib.loads(scene_file.read_text()))) == flipped


def test_the_diff_shows_old_and_new_line_before_anything_is_written(scene_file):
    diff = unified_diff(scene_file, {"princess.mass": 5.0})
    assert "-mass = 4.0" in diff and "+mass = 5.0" in diff and diff.count("\n+") == 2  # header + the line
    assert tomllib.loads(scene_file.read_text())["princess"]["mass"] == 4.0
    assert [c.describe() for c in plan_changes(scene_file, {"princess.mass": 5.0})] == [
        "princess.mass: 4.0 -> 5.0 (+25.0%)"]


@pytest.mark.parametrize("values, problem", [
    ({"bed.no_such_key": 1.0}, "[bed.no_such_key] is not in the scene file"),
    ({"bots.shaky.tries": 2.5}, "[bots.shaky.tries] is an integer"),
    ({"card.friction": "sticky"}, "[card.friction] is a finite number"),
    ({"card.friction": float("nan")}, "[card.friction] is a finite number"),
    ({"deck.cards": 3}, "[deck.cards] is a list"),
    ({"bed..friction": 1.0}, "not a dotted scene key"),
])
def test_a_bad_value_is_refused_naming_the_key_and_nothing_is_written(scene_file, values, problem):
    before = scene_file.read_bytes()
    with pytest.raises(SceneEditError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        write_values(scene_file, values)
    assert scene_file.read_bytes() == before


def test_a_validator_can_refuse_the_new_scene_and_leaves_no_trace(scene_file):
    before = scene_file.read_bytes()

    def build(scene: Scene) -> None:
        WackelbettGame(1, scene=scene)

    with pytest.raises(SceneError, match=r"\[card.pea_radius\]"):
        write_values(scene_file, {"card.pea_radius": 50.0}, validate=build)
    assert scene_file.read_bytes() == before
    assert [p.name for p in scene_file.parent.iterdir()] == [scene_file.name], "no temp file left"
    write_values(scene_file, {"card.pea_radius": 5.0}, validate=build)
    assert WackelbettGame(1, scene=Scene.from_path(scene_file)).physics.card.pea_radius == 5.0


def test_writing_the_values_already_there_changes_nothing(scene_file):
    stamp = scene_file.stat().st_mtime_ns
    data = tomllib.loads(scene_file.read_text())
    same = {"card.friction": data["card"]["friction"], "bots.shaky.tries": float(data["bots"]["shaky"]["tries"])}
    assert write_values(scene_file, same) == []
    assert scene_file.stat().st_mtime_ns == stamp


def test_a_patched_scene_changes_the_game_in_memory_only():
    scene = Scene.load("wackelbett")
    stiffness = scene.data["bed"]["wobble_stiffness"]
    patched = patched_scene(scene, {"bed.wobble_stiffness": 2e8, "bots.steady.tremor_mm": 3})
    game = WackelbettGame(1, scene=patched)
    assert game.physics.bed.wobble_stiffness == 2e8 and game.bot_skills["steady"].tremor_mm == 3.0
    assert stiffness != 2e8 and scene.data["bed"]["wobble_stiffness"] == stiffness
    assert tomllib.loads(REAL.read_text())["bed"]["wobble_stiffness"] == stiffness


def test_windows_line_endings_survive(tmp_path):
    path = tmp_path / "s.toml"
    path.write_bytes(b"# top\r\n[a]\r\nx = 1.0 # note\r\ny = \"s\"\r\n")
    write_values(path, {"a.x": 2.5})
    assert path.read_bytes() == b"# top\r\n[a]\r\nx = 2.5 # note\r\ny = \"s\"\r\n"


@given(st.floats(allow_nan=False, allow_infinity=False), st.sampled_from([None, "8.0e7", "0.4"]))
def test_numbers_are_written_exactly(value, like):
    assert tomllib.loads(f"x = {format_toml_value(value, like)}")["x"] == value
