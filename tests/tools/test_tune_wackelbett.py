"""tools/tune_wackelbett.py, run small: its table, its plots, its seed, its targets, resuming, and
writing the scene file."""
from __future__ import annotations

import csv
import json
import shutil
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import tune_wackelbett as tune  # noqa: E402
from simulator.engine import Scene  # noqa: E402
from tests.games.wackelbett.scene_text import line_of, raw_value, with_value  # noqa: E402

SCENE = ROOT / "scenes" / "wackelbett.toml"
TINY = ["--hand", "steady", "--trials", "2", "--cards", "3", "--workers", "1"]
TIMES = {"cpu_ms", "referee_ms"}  # CPU columns are the only ones allowed to differ between runs


@pytest.fixture
def scene_file(tmp_path):
    path = tmp_path / "wackelbett.toml"
    shutil.copyfile(SCENE, path)
    return path


def sweep(tmp_path, scene_file, *args, capsys=None):
    out = tmp_path / "out"
    code = tune.main(["--scene", str(scene_file), "--out", str(out), *TINY, *args])
    assert code == 0
    return out


def read_rows(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_a_tiny_sweep_writes_its_table_and_both_plots(tmp_path, scene_file, capsys):
    stiffness = tomllib.loads(scene_file.read_text())["bed"]["wobble_stiffness"]
    out = sweep(tmp_path, scene_file, "--param", f"bed.wobble_stiffness=4e8,{stiffness!r}", "--hand", "shaky", "--json")
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert captured.err == "", "no progress bar when the output is not a terminal"
    assert [s["values"] for s in report["settings"]] == [{"bed.wobble_stiffness": 4e8},
                                                          {"bed.wobble_stiffness": stiffness}]
    assert [s["is_scene"] for s in report["settings"]] == [False, True]
    rows = read_rows(out / "tune.csv")
    assert len(rows) == 2 * 2 * 3, "one row per setting, hand and card"
    assert list(rows[0])[:8] == ["setting", "bed.wobble_stiffness", "is_scene", "hand", "card", "attempts", "falls",
                                 "fall_rate"], "the table leads with physical falls"
    assert {"fall_low", "fall_high", "pooled_fall_rate", "successes", "success_rate", "ci_low", "ci_high",
            "pooled_rate", "reach", "fail_pea", "fail_fell", "fail_pushed", "settle_s", "unsettled",
            "peak_tilt_deg", "lean_deg", "shift_mm_max", "cpu_ms", "referee_ms"} <= set(rows[0])
    assert {r["hand"] for r in rows} == {"steady", "shaky"}
    for r in rows:
        if int(r["attempts"]):
            assert 0 <= float(r["ci_low"]) <= float(r["success_rate"]) <= float(r["ci_high"]) <= 1
            assert float(r["settle_s"]) > 0 and float(r["cpu_ms"]) > 0
    first = [r for r in rows if r["card"] == "1"]
    assert all(int(r["attempts"]) >= 2 for r in first), "every run lays at least its first card"
    for name in ("curves.png", "overview.png"):
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert SCENE.read_bytes() == scene_file.read_bytes(), "a sweep never writes the scene file"


def test_the_same_seed_gives_the_same_numbers_with_any_number_of_workers(tmp_path, scene_file, capsys):
    args = ["--param", "card.friction=0.3,0.4", "--seed", "5", "--quiet"]
    one = read_rows(sweep(tmp_path / "a", scene_file, *args) / "tune.csv")
    two = read_rows(sweep(tmp_path / "b", scene_file, *args, "--workers", "2") / "tune.csv")
    other = read_rows(sweep(tmp_path / "c", scene_file, "--param", "card.friction=0.3,0.4", "--seed", "6",
                            "--quiet") / "tune.csv")
    strip = [[{k: v for k, v in r.items() if k not in TIMES} for r in rows] for rows in (one, two, other)]
    assert strip[0] == strip[1]
    assert strip[0] != strip[2], "another seed deals other decks"


def test_a_2d_grid_draws_a_heat_map_and_a_random_search_stays_in_its_ranges(tmp_path, scene_file, capsys):
    out = sweep(tmp_path, scene_file, "--param", "card.friction=0.3,0.4", "--param", "bed.wobble_stiffness=8e7",
                "--cards", "2", "--quiet")
    assert (out / "overview.png").stat().st_size > 10_000
    report = tune.run(scene_file, [tune.parse_param("card.mass=1:3", Scene.from_path(scene_file)),
                                   tune.parse_param("bots.steady.tries=2:6", Scene.from_path(scene_file))],
                      ["steady"], trials=1, cards=1, retries=1, seed=3, workers=1, random_count=3, progress=False)
    drawn = [s["values"] for s in report["settings"] if not s["is_scene"]]
    assert len(drawn) == 3
    assert all(1 <= v["card.mass"] <= 3 and isinstance(v["bots.steady.tries"], int) for v in drawn)


def test_a_second_round_searches_closer_around_the_best_setting(scene_file):
    spec = tune.parse_param("card.mass=0.5:4.5", Scene.from_path(scene_file))
    report = tune.run(scene_file, [spec], ["steady"], trials=1, cards=1, retries=1, seed=1, workers=1,
                      random_count=3, rounds=2, targets=[tune.Target("steady", 1, 1.0, 1.0)], metric="placement",
                      progress=False)
    first, second = report["settings"][1:4], report["settings"][4:]
    assert len(first) == 3 and len(second) == 3
    best_of_first = min(report["settings"][:4], key=lambda s: s["target_error"])["values"]["card.mass"]
    # Round 2 draws within half the range (4 g wide -> 2 g) centred on round 1's best.
    assert all(abs(s["values"]["card.mass"] - best_of_first) <= 1.0 + 1e-9 for s in second)
    assert report["best"]["error"] == min(s["target_error"] for s in report["settings"])


def test_targets_pick_the_closest_setting_and_write_only_its_keys(tmp_path, scene_file, capsys):
    before = scene_file.read_text().splitlines()
    # A hand trembling 40 mm misses every pea: the only setting near "steady fails at card 1".
    sweep(tmp_path, scene_file, "--param", "bots.steady.tremor_mm=40", "--target", "steady@1:0.0",
          "--metric", "placement", "--pool", "0", "--retries", "1", "--write", "--yes", "--quiet")
    printed = capsys.readouterr().out
    assert "closest: S1 tremor_mm=40" in printed and "steady   at card  1: wanted      0%, got 0.0%" in printed
    assert "bots.steady.tremor_mm: 1.5 -> 40.0" in printed and "+tremor_mm = 40.0" in printed
    after = scene_file.read_text().splitlines()
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert len(before) == len(after) and changed == [("tremor_mm = 1.5", "tremor_mm = 40.0")]
    data = tomllib.loads(scene_file.read_text())
    assert data["bots"]["steady"]["tremor_mm"] == 40.0 and data["bots"]["shaky"]["tremor_mm"] == 5.0


def test_writing_asks_first_and_without_an_answer_leaves_the_file(tmp_path, scene_file, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", open("/dev/null"))  # not a terminal: nobody to ask
    before = scene_file.read_bytes()
    old = raw_value(scene_file, "card.friction")
    assert tune.main(["--scene", str(scene_file), "--set", "card.friction=0.35"]) == 0
    printed = capsys.readouterr().out
    assert f"card.friction: {old} -> 0.35" in printed and "Not written" in printed
    assert scene_file.read_bytes() == before


def test_set_writes_chosen_values_keeping_comments(scene_file, capsys):
    friction, stiffness = line_of(scene_file, "card.friction"), line_of(scene_file, "bed.wobble_stiffness")
    assert tune.main(["--scene", str(scene_file), "--set", "card.friction=0.35", "--set",
                      "bed.wobble_stiffness=1.2e8", "--yes"]) == 0
    text = scene_file.read_text()
    assert with_value(friction, "0.35") in text and "# cardboard on cardboard" in friction
    assert with_value(stiffness, "1.2e8") in text and "#" in stiffness
    assert text.count("#") == SCENE.read_text().count("#")


@pytest.mark.parametrize("args, message", [
    (["--param", "bed.magnet=1:2"], "[bed.magnet] is not in the scene file"),
    (["--param", "physics.method=1:2"], "a range is LO:HI"),
    (["--param", "card.mass=3:1"], "need LO <= HI"),
    (["--set", "card.friction=sticky"], "[card.friction] is a finite number"),
    (["--set", "card.friction=-1", "--yes"], "[card.friction] must be at least 0.0"),
    (["--param", "card.pea_radius=50"], "[card.pea_radius]"),
])
def test_bad_input_is_refused_naming_the_key(scene_file, capsys, args, message):
    assert tune.main(["--scene", str(scene_file), *TINY, "--quiet", *args]) == 2
    assert message in capsys.readouterr().err
    assert scene_file.read_bytes() == SCENE.read_bytes()


def test_ranges_spread_as_asked():
    scene = Scene.from_path(SCENE)
    assert tune.parse_param("bed.wobble_stiffness=1e7:1e9:3:log", scene).grid() == [1e7, 1e8, 1e9]
    assert tune.parse_param("card.mass=1:2:3", scene).grid() == [1.0, 1.5, 2.0]
    assert tune.parse_param("physics.substeps=4:16:4", scene).grid() == [4, 8, 12, 16]
    assert tune.parse_param("physics.method=weld,substeps", scene).grid() == ["weld", "substeps"]
    assert tune.parse_target("12:0.6", "steady") == tune.Target("steady", 12, 0.6, 0.6)
    assert tune.parse_target("shaky@30:0.35-0.6", "steady") == tune.Target("shaky", 30, 0.35, 0.6)
    for bad, why in (("steady@10:95", "a rate is a fraction from 0 to 1"),
                     ("steady@10:0.6-0.3", "low end 0.6 is above its high end 0.3"),
                     ("steady@0:0.1", "counted from 1"), ("steady@10:2%-8%", "as a fraction"),
                     ("steady@ten:0.1", "'ten' is not a whole number"), ("steady@10", "CARD:RATE")):
        with pytest.raises(ValueError, match=why):
            tune.parse_target(bad, "steady")


def test_a_card_lost_off_the_table_fails_the_placement_and_the_run_goes_on():
    """On slippery cards (friction 0.05) things slide off (a card may leave the table altogether,
    which the world drops); the sweep must count that placement as failed, not stop."""
    job = tune.TrialJob(str(SCENE), 0, (("card.friction", 0.05),), "shaky", 0, 0, 12, 3)
    attempts = tune.play_trial(job)
    first_failure = next(i for i, a in enumerate(attempts) if not a["ok"])
    assert attempts[first_failure]["kind"] in ("refused", *tune.PHYSICAL), "a physical failure, counted"
    assert attempts[first_failure + 1]["card"] == attempts[first_failure]["card"], "the same height is tried again"


def _attempt(card: int, kind: str) -> dict:
    return {"setting": 0, "hand": "steady", "trial": 0, "card": card, "try": 1, "ok": not kind, "kind": kind,
            "settle_s": 0.3, "settle_princess_s": 0.2, "unsettled": 0, "peak_tilt_deg": 0.5, "lean_deg": 0.1,
            "shift_mm": 0.0, "cpu_ms": 10.0, "referee_ms": 8.0}


def test_a_physical_fall_is_something_that_fell_or_was_pushed_not_a_missed_pea():
    attempts = ([_attempt(10, "")] * 14 + [_attempt(10, "pea")] * 4 + [_attempt(10, "fell"), _attempt(10, "pushed")]
                + [_attempt(20, "")] * 8 + [_attempt(20, "fell")] * 2)
    rows, summaries = tune.summarise(attempts, [{}], ["steady"], 20, 0.5, 0)
    at10 = next(r for r in rows if r["card"] == 10)
    assert (at10["attempts"], at10["falls"], at10["fall_rate"]) == (20, 2, 0.1)
    assert at10["fall_low"] < 0.1 < at10["fall_high"], "a 95% interval around the rate"
    assert (at10["fail_pea"], at10["successes"]) == (4, 14)
    bands = {b["cards"]: b for b in summaries[0]["bands"]}
    assert list(bands) == ["1-9", "10-19", "20-20"]
    assert (bands["10-19"]["falls"], bands["10-19"]["attempts"]) == (2, 20)
    assert summaries[0]["physical_share_from_15"] == 1.0, "from card 15 every failure was a fall"
    # A band is met anywhere inside it; outside, the distance to its nearer edge counts.
    inside, above = tune.Target("steady", 10, 0.05, 0.15), tune.Target("steady", 20, 0.02, 0.08)
    assert tune.target_error(rows, 0, [inside], "falls") == 0.0
    assert tune.target_error(rows, 0, [above], "falls") == pytest.approx(0.2 - 0.08)
    assert tune.target_error(rows, 0, [tune.Target("steady", 10, 0.7, 0.7)], "placement") == 0.0


def test_a_falls_target_is_judged_on_the_height_band_that_holds_its_card_as_the_bench_does():
    """Card 10's target counts cards 10-19 (tools/bench.py's band), not just the cards near 10."""
    attempts = [_attempt(10, "")] * 10 + [_attempt(18, "fell")] * 5 + [_attempt(18, "")] * 5
    rows, _ = tune.summarise(attempts, [{}], ["steady"], 20, 0.5, 1)
    target = tune.Target("steady", 10, 0.02, 0.08)
    assert tune.estimate(rows, 0, target, "falls") == (0.25, 20)
    assert next(r for r in rows if r["card"] == 10)["pooled_fall_rate"] == 0.0, "the cards near 10 stood"


def test_the_default_run_covers_the_whole_pile_against_the_scenes_design_targets(tmp_path, scene_file, capsys):
    out = tmp_path / "out"
    assert tune.main(["--scene", str(scene_file), "--out", str(out), "--trials", "1", "--hand", "surgeon",
                      "--workers", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["cards"] == 35, "the table lays card 0, the hand the other 35 of the 36"
    assert report["metric"] == "falls"
    assert [(t["card"], t["low"], t["high"]) for t in report["targets"]] == [(10, 0.0, 0.04), (30, 0.02, 0.2)]
    assert report["settings"] == [{"setting": 0, "values": {}, "label": "the scene as it is", "is_scene": True,
                                   "target_error": report["best"]["error"]}]
    assert [b["cards"] for b in report["summaries"][0]["bands"]] == ["1-9", "10-19", "20-29", "30-35"]
    assert report["overview_png"] is None, "nothing swept, no knob to chart"
    assert (out / "curves.png").stat().st_size > 50_000


def test_a_target_overrides_the_scenes_for_its_hand_and_card_and_other_metrics_use_only_targets(
        tmp_path, scene_file, capsys):
    assert tune.main(["--scene", str(scene_file), "--out", str(tmp_path / "a"), *TINY, "--cards", "10",
                      "--trials", "1", "--target", "steady@10:0.5-0.9", "--json", "--check"]) == 1
    captured = capsys.readouterr()
    assert "check: 1 of 1 targets missed" in captured.err
    report = json.loads(captured.out)
    assert [(t["hand"], t["card"], t["low"], t["high"]) for t in report["targets"]] == [("steady", 10, 0.5, 0.9)]
    assert report["targets"][0]["met"] is False and report["best"]["error"] > 0.4
    sweep(tmp_path / "b", scene_file, "--cards", "10", "--trials", "1", "--hand", "shaky", "--json")
    report = json.loads(capsys.readouterr().out)
    assert {(t["hand"], t["card"]) for t in report["targets"]} == {("steady", 10), ("shaky", 10)}, \
        "the scene's targets for the hands that play, up to --cards"
    sweep(tmp_path / "c", scene_file, "--cards", "3", "--metric", "reach", "--target", "2:0.9", "--json")
    report = json.loads(capsys.readouterr().out)
    assert [(t["card"], t["low"]) for t in report["targets"]] == [(2, 0.9)]


def test_an_interrupted_sweep_keeps_its_finished_trials_and_resume_plays_only_the_rest(
        tmp_path, scene_file, capsys, monkeypatch):
    friction = tomllib.loads(scene_file.read_text())["card"]["friction"]
    args = ["--param", f"card.friction=0.3,{friction!r}", "--seed", "2", "--quiet"]
    whole = read_rows(sweep(tmp_path / "whole", scene_file, *args) / "tune.csv")
    played = []
    real = tune.play_trial

    def ctrl_c_after_three(job):
        if len(played) == 3:
            raise KeyboardInterrupt  # what Ctrl+C raises in the main process
        played.append(job)
        return real(job)

    monkeypatch.setattr(tune, "play_trial", ctrl_c_after_three)
    out = tmp_path / "cut"
    base = ["--scene", str(scene_file), "--out", str(out), *TINY, *args]
    assert tune.main(base) == 130
    message = capsys.readouterr().err
    assert "interrupted: 3 of 4 trials finished and are kept in" in message and "--resume" in message
    assert not (out / "tune.csv").exists()
    assert len((out / "trials.jsonl").read_text().splitlines()) == 1 + 3, "a header and one line per trial"

    played.clear()
    monkeypatch.setattr(tune, "play_trial", lambda job: played.append(job) or real(job))
    assert tune.main([*base, "--resume"]) == 0
    assert len(played) == 1, "only the trial not finished is played"
    resumed = read_rows(out / "tune.csv")
    strip = [[{k: v for k, v in r.items() if k not in TIMES} for r in rows] for rows in (whole, resumed)]
    assert strip[0] == strip[1], "the same numbers as a run never interrupted"


def test_resume_refuses_another_runs_trials_and_a_missing_journal(tmp_path, scene_file, capsys):
    sweep(tmp_path, scene_file, "--cards", "2", "--quiet")
    out = tmp_path / "out"
    assert tune.main(["--scene", str(scene_file), "--out", str(out), *TINY, "--cards", "2", "--seed", "9",
                      "--resume"]) == 2
    assert "holds trials of another run (seed differ)" in capsys.readouterr().err
    assert tune.main(["--scene", str(scene_file), "--out", str(tmp_path / "new"), *TINY, "--resume"]) == 2
    assert "nothing to resume" in capsys.readouterr().err


def test_a_run_into_an_out_holding_an_unfinished_runs_trials_stops_until_told_resume_or_fresh(
        tmp_path, scene_file, capsys, monkeypatch):
    real = tune.play_trial
    played = []

    def ctrl_c_after_one(job):
        if played:
            raise KeyboardInterrupt
        played.append(job)
        return real(job)

    monkeypatch.setattr(tune, "play_trial", ctrl_c_after_one)
    out = tmp_path / "out"
    base = ["--scene", str(scene_file), "--out", str(out), *TINY, "--quiet"]
    assert tune.main(base) == 130
    monkeypatch.setattr(tune, "play_trial", real)
    kept = (out / "trials.jsonl").read_text()
    assert tune.main([*base, "--cards", "2"]) == 2
    assert "holds 1 trial of a run that did not finish: --resume carries on" in capsys.readouterr().err
    assert (out / "trials.jsonl").read_text() == kept, "the kept trial is not lost"
    assert tune.main([*base, "--cards", "2", "--fresh"]) == 0
    assert '"cards": 2' in (out / "trials.jsonl").read_text().splitlines()[0]
    assert tune.main([*base, "--cards", "3"]) == 0, "a finished run's journal may be started over"


@pytest.mark.parametrize("args, message", [
    (["--cards", "0"], "--cards must be 1 to 35"),
    (["--target", "steady@40:0.1"], "the pile holds at most 35 laid cards"),
    (["--check", "--cards", "3"], "--check: no target lies within the first 3 cards"),
    (["--resume", "--fresh"], "choose one"),
])
def test_arguments_that_cannot_work_are_refused_in_one_line(scene_file, capsys, args, message):
    with pytest.raises(SystemExit) as stop:
        tune.main(["--scene", str(scene_file), *TINY, "--quiet", *args])
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_an_out_that_is_a_file_is_refused_before_anything_runs(tmp_path, scene_file, capsys):
    (tmp_path / "notes").write_text("mine")
    with pytest.raises(SystemExit):
        tune.main(["--scene", str(scene_file), *TINY, "--out", str(tmp_path / "notes" / "run")])
    assert "notes is a file, not a folder" in capsys.readouterr().err
    assert (tmp_path / "notes").read_text() == "mine"


def test_each_setting_is_named_in_full_and_random_settings_differ(tmp_path, scene_file, capsys):
    sweep(tmp_path, scene_file, "--param", "bed.friction=0.3,0.6", "--param", "card.friction=.3,0.44")
    printed = capsys.readouterr().out
    assert "bed.friction=0.3, card.friction=0.3 " in printed and "bed.friction=0.3, card.friction=0.44 " in printed
    drawn = tune.random_settings([tune.parse_param("card.friction=0.3,0.5", Scene.from_path(scene_file))], 4,
                                 tune.random.Random(1))
    assert drawn == [{"card.friction": 0.3}, {"card.friction": 0.5}] or drawn == [{"card.friction": 0.5},
                                                                                   {"card.friction": 0.3}]


def test_declining_at_the_prompt_with_ctrl_d_writes_nothing(scene_file, monkeypatch, capsys):
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)

    def ctrl_d(prompt):
        raise EOFError

    monkeypatch.setattr("builtins.input", ctrl_d)
    assert tune.main(["--scene", str(scene_file), "--set", "card.friction=0.35"]) == 0
    assert "Not written" in capsys.readouterr().out
    assert scene_file.read_bytes() == SCENE.read_bytes()
