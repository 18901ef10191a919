"""The command line and the tools: their output is a contract for scripts and people."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
TOOLS = sorted(p for p in (ROOT / "tools").glob("*.py"))


def run(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, env=ENV,
                          check=check, timeout=300)


def test_list_prints_one_line_per_game():
    out = run("-m", "simulator", "list").stdout.strip().splitlines()
    from simulator.engine import game_names

    assert [line.split("\t")[0] for line in out] == game_names()
    assert out[0] == "wham-bam\tWham Bam!\t2-4 players"


def test_simulate_prints_the_promised_json_keys():
    out = run("-m", "simulator", "simulate", "wham-bam", "--games", "5", "--players", "3", "--seed", "1",
              "--json").stdout
    result = json.loads(out)
    assert {"game", "players", "games", "wins", "mean_actions", "games_per_s", "decisions_per_s"} <= set(result)
    assert result["game"] == "wham-bam" and result["players"] == 3 and result["games"] == 5
    assert len(result["wins"]) == 3 and sum(result["wins"]) >= 5


def test_simulate_is_reproducible_from_its_seed():
    a = json.loads(run("-m", "simulator", "simulate", "wham-bam", "--games", "4", "--seed", "9", "--json").stdout)
    b = json.loads(run("-m", "simulator", "simulate", "wham-bam", "--games", "4", "--seed", "9", "--json").stdout)
    assert a["wins"] == b["wins"] and a["mean_actions"] == b["mean_actions"]


def test_screenshot_writes_a_png_without_a_display(tmp_path):
    out = tmp_path / "table.png"
    run("-m", "simulator", "screenshot", "wham-bam", "--seed", "2", "--actions", "6", "--out", str(out))
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    import pygame

    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)


def test_unknown_game_and_bad_option_are_clear_errors():
    bad = run("-m", "simulator", "simulate", "wham-bam", "--option", "target_score=5", check=False)
    assert bad.returncode == 2 and "target_score" in bad.stderr and "at least" in bad.stderr
    unknown = run("-m", "simulator", "simulate", "chess", check=False)
    assert unknown.returncode != 0 and "chess" in unknown.stderr


def test_play_without_a_display_says_so_in_one_line():
    env = {k: v for k, v in ENV.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    proc = subprocess.run([sys.executable, "-m", "simulator", "play", "wham-bam"], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=60)
    assert proc.returncode == 1
    assert len(proc.stdout.strip().splitlines()) == 1 and "No display" in proc.stdout


def test_replay_checks_a_save_file(tmp_path):
    from simulator.engine import GameRecord, load_game, play_out, RandomBot, save_record

    game = load_game("wham-bam", players=2)
    state = play_out(game, [RandomBot(game, 0), RandomBot(game, 1)], 4)
    path = tmp_path / "done.json"
    save_record(GameRecord.of(state), path)
    assert "over, winners" in run("-m", "simulator", "replay", str(path)).stdout
    data = json.loads(path.read_text())
    data["actions"][3] = {"kind": "play", "player": 0, "card": 999}
    path.write_text(json.dumps(data))
    proc = run("-m", "simulator", "replay", str(path), check=False)
    assert proc.returncode == 2 and "done.json" in proc.stderr and "action 4" in proc.stderr


@pytest.mark.parametrize("tool", TOOLS, ids=[t.name for t in TOOLS])
def test_every_tool_has_help(tool):
    out = run(str(tool), "--help").stdout
    assert "usage:" in out.lower()


def test_tournament_runs_small_and_draws_its_chart(tmp_path):
    out = tmp_path / "t.png"
    proc = run("tools/tournament.py", "wham-bam", "--games", "6", "--workers", "1", "--out", str(out), "--json")
    report = json.loads(proc.stdout)
    assert [r["hero"] for r in report["ladder"]] == ["random", "good"]
    for r in report["ladder"] + report["matrix"]:
        assert r["games"] == 6 and 0 <= r["ci95"][0] <= r["rate"] <= r["ci95"][1] <= 1
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_tournament_finish_reports_the_share_of_games_ending_by_the_rules(tmp_path):
    """--finish: each level in every seat; games a safeguard cut short are counted with their seeds."""
    out = str(tmp_path / "t.png")
    proc = run("tools/tournament.py", "mamma", "--finish", "--players", "2,3", "--games", "2", "--bots", "good",
               "--workers", "1", "--out", out, "--json")
    rows = json.loads(proc.stdout)["finish"]
    assert [(r["level"], r["players"], r["games"]) for r in rows] == [("good", 2, 2), ("good", 3, 2)]
    assert all(r["by_rules"] == 1.0 and r["cut"] == {} for r in rows)
    proc = run("tools/tournament.py", "mamma", "--finish", "--games", "2", "--bots", "good", "--workers", "1",
               "--out", out, "--option", "shopping_rounds=2")
    assert "good     2          0.0%  shopping 2: 0, 1" in proc.stdout, "two rounds of shopping end no game"


def test_wilson_interval_is_the_textbook_one():
    sys.path.insert(0, str(ROOT / "tools"))
    from tournament import wilson

    low, high = wilson(80, 100)
    assert round(low, 3) == 0.711 and round(high, 3) == 0.867
