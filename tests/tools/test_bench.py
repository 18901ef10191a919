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
    module = bench.game_bench("wackelbett")
    found = module.dexterity(trials=1, stacks=1, cards=3, workers=2, wobble_trials=1)
    assert set(found["hands"]) == {"surgeon", "steady", "shaky", "random"}
    assert all(row["bands"]["1-9"]["placements"] >= 3 for row in found["hands"].values())
    assert {t["hand"] for t in found["targets"]} == {"surgeon", "steady", "shaky"}
    assert found["lodged_cards"] == 0 and found["placements"] >= 3


def test_a_game_without_its_own_measurements_has_none():
    assert bench.game_bench("wham-bam") is None


def test_an_unknown_game_is_refused_naming_the_games(capsys):
    with pytest.raises(SystemExit) as stop:
        bench.main(["--games", "wackelbet", "--no-frames"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "unknown game wackelbet; games: wham-bam" in err and "wackelbett" in err
