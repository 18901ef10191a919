"""The scene's design targets: physical falls per placement, by bot hand and card, as bands."""
from __future__ import annotations

import tomllib

import pytest

from simulator.engine import Scene, SceneError
from simulator.engine.scene import SCENES_DIR
from simulator.games.wackelbett.components import FallTarget, read_design_targets
from simulator.games.wackelbett.rules import WackelbettGame

HANDS = ("shaky", "steady", "surgeon")


def test_the_scene_holds_the_designed_curve_and_the_game_still_loads():
    scene = Scene.load("wackelbett")
    game = WackelbettGame(1, scene=scene)
    targets = read_design_targets(scene, game.bot_skills, game.deck_size)
    assert targets["steady"] == (FallTarget(10, 0.02, 0.08), FallTarget(30, 0.15, 0.35))
    assert targets["shaky"] == (FallTarget(10, 0.10, 0.25), FallTarget(30, 0.35, 0.60))
    assert targets["surgeon"][1] == FallTarget(30, 0.02, 0.20), "the surgeon is not perfect past card 25"
    text = (SCENES_DIR / "wackelbett.toml").read_text()
    assert "# pushed or slid off the pile (not a missed pea), by bot hand, as [card number, low, high];" in text


def test_a_scene_without_targets_has_none():
    data = tomllib.loads((SCENES_DIR / "wackelbett.toml").read_text())
    del data["design_targets"]
    assert read_design_targets(Scene(SCENES_DIR / "x.toml", data), HANDS, 36) == {}


@pytest.mark.parametrize("rows, problem", [
    ({"butterfingers": [[10, 0.1, 0.2]]}, r"\[design_targets.butterfingers\] is not a bot hand"),
    ({"steady": [[0, 0.1, 0.2]]}, r"\[design_targets.steady\[0\]\] the card number must be a whole number from 1 to 36"),
    ({"steady": [[10, 0.1, 0.2], [37, 0.1, 0.2]]}, r"\[design_targets.steady\[1\]\] the card number"),
    ({"steady": [[10.5, 0.1, 0.2]]}, "the card number must be a whole number"),
    ({"steady": [[10, 0.3, 0.2]]}, r"expected 0 <= low <= high <= 1, got 0.3 and 0.2"),
    ({"steady": [[10, -0.1, 0.2]]}, "expected 0 <= low <= high <= 1"),
    ({"steady": [[10, 0.1, 1.5]]}, "expected 0 <= low <= high <= 1"),
    ({"steady": [[10, 0.1]]}, r"expected \[card number, low, high\]"),
    ({"steady": [10, 0.1, 0.2]}, r"expected \[card number, low, high\], got 10"),
    ({"steady": "often"}, r"\[design_targets.steady\] expected a list"),
])
def test_a_bad_target_is_refused_naming_the_key(rows, problem):
    scene = Scene(SCENES_DIR / "wackelbett.toml", {"design_targets": rows})
    with pytest.raises(SceneError, match=problem):
        read_design_targets(scene, HANDS, 36)
