"""The scene file: designed data, validated on load with errors naming file, key and expectation."""
from __future__ import annotations

import pytest

from simulator.engine import Scene, SceneError
from simulator.games.wackelbett.rules import WackelbettGame


def game_from(tmp_path, old: str, new: str) -> WackelbettGame:
    text = Scene.load("wackelbett").path.read_text()
    assert old in text
    path = tmp_path / "wackelbett.toml"
    path.write_text(text.replace(old, new, 1))
    return WackelbettGame(2, scene=Scene.from_path(path))


def test_the_scene_says_its_data_is_designed():
    text = Scene.load("wackelbett").path.read_text()
    assert "DESIGNED DATA" in text and "pea / crown" in text


@pytest.mark.parametrize("old,new,message", [
    ("substeps = 8 ", "substeps = 0 ", r"\[physics.substeps\] must be at least 1"),
    ("terminal_speed = 1000.0", "# gone", r"\[physics.terminal_speed\] is missing; expected a number"),
    ('method = "weld"', 'method = "glue"', r"\[physics.method\] must be one of \['weld', 'substeps'\]"),
    ("mass = 4.0", 'mass = "heavy"', r"\[princess.mass\] expected a number"),
    ('{ bedding = "pillow", colour = "rose", pea = -30.0', '{ bedding = "mattress", colour = "rose", pea = -30.0',
     r"\[deck.cards\] expected 12 pillow cards, got 11"),
    ('colour = "rose", pea = 12.0, crown = -18.0', 'colour = "plaid", pea = 12.0, crown = -18.0',
     r"\[deck.cards\[1\].colour\] must be one of"),
    ("pea = -30.0, crown = -8.0", "pea = -60.0, crown = -8.0", r"\[deck.cards\[0\].pea\] must be at least"),
    ("wall_mass = 10.0", "wall_mass = -1.0", r"\[bed.wall_mass\] must be"),
    ("wobble_damping = 5.0e5", "wobble_dampnig = 9.0e6\nwobble_damping = 5.0e5",
     r"\[bed.wobble_dampnig\] is not a value the game reads; did you mean wobble_damping\?"),
    ("tremor_mm = 5.0", "tremor_mm = 5.0\nshake = 2.0", r"\[bots.shaky.shake\] is not a value the game reads"),
])
def test_a_bad_scene_is_refused_naming_file_key_and_expectation(tmp_path, old, new, message):
    with pytest.raises(SceneError, match=message) as info:
        game_from(tmp_path, old, new)
    assert str(tmp_path / "wackelbett.toml") in str(info.value)
