"""The command line and the tools: their output is a contract for scripts and people."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from simulator.engine import game_names

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
TOOLS = sorted(p for p in (ROOT / "tools").glob("*.py"))


def run(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, env=ENV,
                          check=check, timeout=300)


def test_list_prints_one_line_per_game_with_the_launchers_seat_counts():
    """Issue 29: list said Wackelbett is for 2-5 players, the launcher offers 1-5 (the solo
    challenge). Nothing but the list is on stdout (no pygame banner)."""
    out = run("-m", "simulator", "list").stdout.strip().splitlines()
    from simulator.engine import game_names

    assert [line.split("\t")[0] for line in out] == game_names()
    assert out[0] == "wham-bam\tWham Bam!\t2-4 players"
    assert "wackelbett\tWackelbett\t1-5 players" in out


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


def test_screenshot_writes_a_png_without_a_display_and_prints_only_its_name(tmp_path):
    out = tmp_path / "table.png"
    proc = run("-m", "simulator", "screenshot", "wham-bam", "--seed", "2", "--actions", "6", "--out", str(out))
    assert proc.stdout == f"{out}\n", "nothing but the file's name on stdout (no pygame banner)"
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


def test_join_without_a_display_says_so_in_one_line():
    env = {k: v for k, v in ENV.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    proc = subprocess.run([sys.executable, "-m", "simulator", "join", "127.0.0.1:9", "ABCD-EFGHJK"],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert proc.returncode == 1, proc.stderr
    [line] = proc.stdout.strip().splitlines()
    assert proc.stderr == "" and line.startswith("No display (") and line.endswith("cannot open a window here.")


def test_serve_with_a_bad_table_option_says_which_in_one_line_and_serves_nothing(tmp_path):
    for args, words in ((["--bot", "superhard"], "--bot superhard: Wham Bam! bots are random, good"),
                        (["--players", "9"], "Wham Bam! is for 2-4 players, got 9"),
                        (["--bot", "good", "--bot", "good"], "--bot fills at most 1 of the 2 seats")):
        proc = run("-m", "simulator", "serve", "--host", "127.0.0.1", "--port", "0", "--state-dir", str(tmp_path),
                   "--table", "wham-bam", *args, check=False)
        assert proc.returncode == 2 and proc.stdout == "", proc.stdout
        assert proc.stderr.strip().splitlines() == [f"python -m simulator serve: error: {words}"]


def test_replay_checks_a_save_file(tmp_path):
    from simulator.engine import GameRecord, load_game, play_out, RandomBot, SeatInfo, save_record

    game = load_game("wham-bam", players=2)
    state = play_out(game, [RandomBot(game, 0), RandomBot(game, 1)], 4)
    path = tmp_path / "done.json"
    save_record(GameRecord.of(state, (SeatInfo("Ann"), SeatInfo("Bob", "random"))), path)
    said = run("-m", "simulator", "replay", str(path)).stdout
    winners = " and ".join(("Ann", "Bob")[w] for w in state.winners())
    moves = sum(1 for a in state.history if a.player >= 0)
    assert f"over after {moves} moves: {winners} won" in said, said
    assert f"scores: Ann {state.scores()[0]:g}, Bob {state.scores()[1]:g}" in said
    partway = GameRecord.of(state, (SeatInfo("Ann"), SeatInfo("Bob", "random")))
    partway = GameRecord(partway.game_id, partway.players, partway.options, partway.seed, partway.actions[:9],
                         partway.seats)
    save_record(partway, tmp_path / "partway.json")
    middle = partway.replay()
    up = " and ".join(("Ann", "Bob")[s] for s in middle.current_players())
    said = run("-m", "simulator", "replay", str(tmp_path / "partway.json")).stdout
    assert f"in progress after {sum(1 for a in middle.history if a.player >= 0)} moves: {up} to play" in said, said
    watch = run("-m", "simulator", "replay", str(path), "--watch", check=False)
    assert watch.returncode == 1 and "cannot open a window here to watch it" in watch.stdout, watch.stdout
    data = json.loads(path.read_text())
    data["actions"][3] = {"kind": "play", "player": 0, "card": 999}
    path.write_text(json.dumps(data))
    proc = run("-m", "simulator", "replay", str(path), check=False)
    assert proc.returncode == 2 and "done.json" in proc.stderr and "move 4 does not follow the rules" in proc.stderr
    assert "it reads {'card': 999" in proc.stderr, "the command line keeps the particulars"


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


BAD_ARGUMENTS = [
    ["simulate", "wham-bam", "--games", "0"], ["simulate", "wham-bam", "--games", "-1"],
    ["simulate", "wham-bam", "--games", "many"], ["simulate", "wham-bam", "--players", "0"],
    ["simulate", "wham-bam", "--players", "99"], ["simulate", "wham-bam", "--bots", "nobody"],
    ["simulate", "wham-bam", "--bots", ","], ["simulate", "wham-bam", "--option", "x"],
    ["simulate", "wham-bam", "--option", "target_score=abc"], ["simulate", "wham-bam", "--option", "nope=1"],
    ["simulate", "wham-bam", "--seed", "x"], ["simulate", "wham-bam", "--seed", "-3"], ["simulate", "chess"],
    ["simulate"], ["screenshot", "wham-bam", "--out", "."], ["screenshot", "wham-bam", "--out", "table.txt"],
    ["screenshot", "wham-bam", "--out", "no-such-folder/table.png"],
    ["screenshot", "wham-bam", "--actions", "-5", "--out", "x.png"],
    ["screenshot", "wham-bam", "--players", "9", "--out", "x.png"], ["screenshot", "wham-bam"],
    ["replay", "."], ["replay", "no-such-file.json"], ["play", "wham-bam", "--bots", "-1"],
    ["play", "wham-bam", "--bots", "9"], ["play", "wham-bam", "--seed", "soon"],
    ["play", "wham-bam", "--seed", "daily"], ["nonsense"], ["list", "--x"],
]


@pytest.mark.parametrize("argv", BAD_ARGUMENTS, ids=" ".join)
def test_every_bad_argument_is_one_line_and_a_nonzero_exit(argv, capsys, monkeypatch):
    from simulator.cli import main

    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("DISPLAY", raising=False)
    try:
        status = main(argv)
    except SystemExit as exc:  # argparse's own refusals
        status = exc.code
    err = capsys.readouterr().err
    assert isinstance(status, int) and status == 2, (status, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith("tabletop") and ": error: " in err, err


def test_ctrl_c_stops_cleanly():
    """Ctrl+C in the middle of a long run: one line, status 130, no traceback."""
    import signal

    def as_from_a_terminal() -> None:  # a test run started in the background inherits Ctrl+C ignored
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    proc = subprocess.Popen([sys.executable, "-m", "simulator", "simulate", "wham-bam", "--games", "1000000"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=ENV,
                            preexec_fn=as_from_a_terminal)
    try:
        assert "1000000 games" in proc.stdout.readline()  # it is running
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert err.strip() == "python -m simulator: interrupted"


def command_parsers():
    """The top-level parser and one parser per subcommand."""
    import argparse

    from simulator.cli import parser

    top = parser()
    subs = next(a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    return top, subs.choices


def test_every_command_and_argument_explains_itself():
    top, commands = command_parsers()
    assert set(commands) == {"list", "play", "simulate", "screenshot", "replay", "serve", "join"}
    for name, command in commands.items():
        assert command.description and len(command.description) > 40, name
        for action in command._actions:
            if action.dest == "help":
                continue
            assert action.help, f"{name} {action.dest} has no help"
            assert "default" in action.help or action.required or not action.option_strings, \
                f"{name} {action.dest}: say the default"


def test_help_lists_every_games_bot_levels_and_options():
    from simulator.engine import bot_levels, game_names, load_game

    top, commands = command_parsers()
    for text in (top.format_help(), commands["play"].format_help(), commands["simulate"].format_help()):
        for game_id in game_names():
            assert f"{game_id}:" in text and f"bots: {', '.join(bot_levels(game_id))}" in text
            for name, default in load_game(game_id).options.items():
                assert f"{name}=" in text
        assert "``" not in text and "`" not in text, "no raw markup"


def test_the_program_names_itself_as_it_was_started():
    installed = Path(sys.executable).with_name("tabletop")
    assert installed.exists(), "pip install -e . installs the tabletop console script"
    out = subprocess.run([str(installed), "simulate", "--help"], capture_output=True, text=True, env=ENV,
                         timeout=120).stdout
    assert out.startswith("usage: tabletop simulate ")
    assert run("-m", "simulator", "list", "--help").stdout.startswith("usage: python -m simulator list")


def bad_arguments_for(game_id: str) -> list[list[str]]:
    """For one game: too many seats, an unknown bot level, and each option given a value it refuses."""
    from simulator.engine import load_game

    game = load_game(game_id)
    out = [["simulate", game_id, "--players", str(type(game).max_players + 1)],
           ["simulate", game_id, "--bots", "grandmaster"], ["simulate", game_id, "--option", "no_such_option=1"]]
    for spec in game.option_specs:
        wrong = "9" * 30 if spec.minimum is not None else "not-a-choice" if spec.choices else "maybe"
        out.append(["simulate", game_id, "--option", f"{spec.name}={wrong}"])
    return out


@pytest.mark.parametrize("game_id", game_names())
def test_every_games_bad_arguments_are_one_line_each(game_id, capsys):
    from simulator.cli import main

    for argv in bad_arguments_for(game_id):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and err.startswith("tabletop simulate: error: "), (argv, err)
