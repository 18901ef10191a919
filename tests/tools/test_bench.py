"""tools/bench.py reaches each game's own measurements; Wackelbett's dexterity figures are
played on worker processes and come back whole."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import bench  # noqa: E402


def test_the_dexterity_figures_come_back_from_worker_processes():
    """Per seed, every hand's figures and the design targets; the sample's size in the output;
    the wobble against both rigid references and the skill table's acts, even when a small
    sample reaches none of their heights."""
    module = bench.game_bench("wackelbett")
    sample = module.Sample(trials=1, seeds=(1, 2), wobble_trials=1, skill_repeats=1, stacks=1)
    found = module.dexterity(sample, cards=3, workers=2)
    assert found["sample"]["trials"] == 1 and list(found["sample"]["seeds"]) == [1, 2] and found["sample"]["cards"] == 3
    assert set(found["seeds"]) == {"1", "2"}
    for run in found["seeds"].values():
        assert set(run["hands"]) == {"surgeon", "steady", "shaky", "random"}
        assert all(row["bands"]["1-9"]["placements"] >= 3 for row in run["hands"].values())
        assert {t["hand"] for t in run["targets"]} == {"surgeon", "steady", "shaky"}
        assert all("first_tries" in t and "all_tries_rate" in t for t in run["targets"])
    assert set(found["wobble_sensitivity"]) >= {"level", "held", "placements", "trials_per_hand"}
    assert set(found["skill"]["acts"]) == {act.name for act in module.SKILL_ACTS}
    assert found["lodged_cards"] == 0 and found["placements"] >= 3


def test_a_game_without_its_own_measurements_has_none():
    assert bench.game_bench("wham-bam") is None


def test_an_unknown_game_is_refused_naming_the_games(capsys):
    with pytest.raises(SystemExit) as stop:
        bench.main(["--games", "wackelbet", "--no-frames"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "unknown game wackelbet; games: wham-bam" in err and "wackelbett" in err
