#!/usr/bin/env python3
"""Measure the simulator: rule-engine decisions per second, table frame times, physics cost.

Within two minutes on a 2-core machine by default (--full for the long dexterity figures).
For every registered game: full games with random bots (and with the best bots),
decisions per CPU second and games per CPU second. For every game with a table: the median
time to draw one 1280x720 frame headless. For physics games: CPU ms per simulated
second and the real-time factor of a full stack. With --anchors PYTHON it also runs
the reference engines in ../shared/bench with that interpreter in the same run and
reports our rates as ratios of theirs.

Prints a readable table, or one JSON object with --json.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simulator.engine import bot_levels, entry, game_names, load_game, make_bot, play_out  # noqa: E402
from trial_runner import ClusterError, RunInterrupted, check_scheduler  # noqa: E402

SHARED_BENCH = ROOT.parent / "shared" / "bench"
ANCHORS = {
    # anchor name: (script in ../shared/bench, benchmark it runs)
    "uno_rlcard": ("bench_rlcard_uno.py", "uno_rlcard"),
    "uno_rlcard_core": ("bench_rlcard_uno.py", "uno_rlcard_core"),
    "python_liars_poker": ("bench_openspiel.py", "python_liars_poker"),
}
TARGETS = {"wham-bam": ("uno_rlcard", 2.0), "zoo-wee-mama": ("python_liars_poker", 2.0)}


def decisions(game_id: str, players: int, level: str, seconds: float, seed: int = 0) -> dict:
    """Play whole games until ``seconds`` pass; count seat decisions (not the referee's)."""
    game = load_game(game_id, players=players)
    bots = [make_bot(game, seat, level) for seat in range(players)]
    play_out(game, bots, seed + 10_000)  # warm-up
    games = made = 0
    start = time.process_time()  # CPU time, as the anchors are timed (anchor_rate)
    while time.process_time() - start < seconds or games < 3:
        state = play_out(game, bots, seed + games)
        made += sum(1 for a in state.history if a.player >= 0)
        games += 1
    elapsed = time.process_time() - start
    return {"players": players, "bots": level, "games": games, "games_per_s": games / elapsed,
            "decisions_per_s": made / elapsed, "decisions_per_game": made / games}


def frame_time(game_id: str, frames: int = 240) -> dict:
    """Median milliseconds to draw one table frame after a few bot moves."""
    from simulator.ui.headless import init_headless, settle, table_scene

    surface = init_headless()
    cls = entry(game_id).game_class
    scene = table_scene(game_id, players=min(cls.max_players, max(cls.min_players, 4)), seed=3, actions=30)
    settle(scene)
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        scene.draw(surface)
        times.append(time.perf_counter() - start)
    return {"median_ms": statistics.median(times) * 1000, "p95_ms": sorted(times)[int(0.95 * frames)] * 1000}


def game_bench(game_id: str):
    """The game's own measurement module (tools/<game>_bench.py), if it has one."""
    path = ROOT / "tools" / f"{game_id.replace('-', '_')}_bench.py"
    if not path.exists():
        return None
    # Imported by name from tools/, so its functions can be sent to worker processes.
    if str(path.parent) not in sys.path:
        sys.path.insert(0, str(path.parent))
    return importlib.import_module(path.stem)


# Runs a reference script with its clock made the process's CPU clock: its own loop then
# times CPU seconds, as decisions() times ours, so a ratio compares CPU with CPU.
_ON_CPU_CLOCK = ("import runpy, sys, time; time.perf_counter = time.process_time; "
                 "time.perf_counter_ns = time.process_time_ns; sys.argv = sys.argv[1:]; "
                 "runpy.run_path(sys.argv[0], run_name='__main__')")


def anchor_rate(python: str, name: str) -> float | None:
    """One run of a reference engine with ``python``: its steps per CPU second."""
    script, bench = ANCHORS[name]
    proc = subprocess.run([python, "-c", _ON_CPU_CLOCK, str(SHARED_BENCH / script), "--only", bench,
                           "--repeats", "1"], capture_output=True, text=True, cwd=SHARED_BENCH)
    match = re.search(r"steps_per_s=([\d.]+)", proc.stdout)
    return float(match.group(1)) if match else None


def versus_anchor(python: str, game_id: str, anchor: str, seconds: float, rounds: int = 3) -> dict:
    """Ours and theirs measured alternately, so both see the same machine load; medians."""
    ours, theirs = [], []
    for _ in range(rounds):
        ours.append(decisions(game_id, 2, "random", seconds)["decisions_per_s"])
        rate = anchor_rate(python, anchor)
        if rate:
            theirs.append(rate)
    if not theirs:
        return {"anchor": anchor, "error": f"could not run {anchor} with {python}"}
    ours_median, theirs_median = statistics.median(ours), statistics.median(theirs)
    return {"anchor": anchor, "ours_decisions_per_s": ours_median, "anchor_steps_per_s": theirs_median,
            "ratio": ours_median / theirs_median, "rounds": rounds}


def online_load(tables: int, seconds: float) -> dict:
    """A server in its own process; ``tables`` tables played by bot clients from this one."""
    import asyncio
    import socket
    import tempfile

    from simulator.net.load import measure

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as saves:
        server = subprocess.Popen([sys.executable, "-m", "simulator", "serve", "--host", "127.0.0.1",
                                   "--port", str(port), "--state-dir", saves, "--rate", "1000"],
                                  cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            server.stdout.readline()  # "Serving online tables on ..."
            cpu_before = _cpu_seconds(server.pid)
            result = asyncio.run(measure(f"127.0.0.1:{port}", tables=tables, seconds=seconds))
            result["server_cpu_percent"] = round(100 * (_cpu_seconds(server.pid) - cpu_before)
                                                 / (result["seconds"] + result["setup_s"]), 1)
        finally:
            server.terminate()
            server.wait(10)
    return result


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def print_dexterity(d: dict) -> None:
    """Physical falls per placement by hand and height band (first tries, all tries beside them),
    per seed; then the targets, the wobble, the skill table and the lodged cards."""
    sample = d["sample"]
    print(f"{'':14} dexterity ({sample['trials']} runs per hand on seed(s) {', '.join(map(str, sample['seeds']))}): "
          "physical falls per placement, first tries (all tries), by height band")
    for seed, run in d["seeds"].items():
        print(f"{'':16}seed {seed}: design targets met {run['targets_met']}")
        for hand, row in run["hands"].items():
            cells = "  ".join(f"{band}: {b['first_try_fall_rate']:.0%} ({b['fall_rate']:.0%} of {b['placements']})"
                              if b["first_tries"] else f"{band}: -" for band, b in row["bands"].items())
            print(f"{'':18}{hand:8} {cells}  stacks reach {row['stack_height']['median']} (median)")
        for t in run["targets"]:
            if not t["met"] and t["rate"] is not None:
                low, high = t["rate_95"]
                spread = "within" if t["within_spread"] else "outside"
                print(f"{'':18}missed: {t['hand']} at card {t['card']}, {t['rate']:.1%} of {t['first_tries']} "
                      f"first tries against {t['low']:.0%}-{t['high']:.0%} (95% over runs {low:.0%}-{high:.0%}: "
                      f"{spread} the runs' spread)")
    wobble = d["wobble_sensitivity"]
    shares = ", ".join(f"{ref} bed {wobble[ref]['sensitivity']:.0%} of {wobble[ref]['placements']}"
                       for ref in ("level", "held") if wobble[ref]["sensitivity"] is not None)
    print(f"{'':16}wobble: verdicts that differ on a rigid bed, cards {wobble['cards'][0]}-{wobble['cards'][1]}: "
          f"{shares or '-'}")
    skill = d["skill"]
    print(f"{'':16}skill: physical falls per act ({skill['repeats']} per table; tables "
          f"{', '.join(f'{n} at card {h}' for h, n in skill['tables_per_height'].items())})")
    for act, row in skill["acts"].items():
        cells = "  ".join(f"card {h}: {c['falls']}/{c['placements']}" for h, c in row.items())
        print(f"{'':18}{act:38} {cells}")
    print(f"{'':16}skill checks: " + ", ".join(f"{k.replace('_', ' ')}: {'yes' if v else 'NO'}"
                                              for k, v in skill["checks"].items()))
    print(f"{'':16}lodged cards {d['lodged_cards']} in {d['stacks']} random stacks "
          f"({d['dropped_as_lodged']} dropped as lodged)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per throughput measurement (default 2)")
    parser.add_argument("--anchors", metavar="PYTHON",
                        help="interpreter with rlcard and open_spiel installed (see ../shared/bench/README.md)")
    parser.add_argument("--no-frames", action="store_true", help="skip the frame-time measurement")
    parser.add_argument("--online", type=int, metavar="TABLES", nargs="?", const=200,
                        help="also load a table server (its own process) with TABLES tables of bot clients "
                             "on loopback (default 200) and report action round trips")
    parser.add_argument("--no-dexterity", action="store_true",
                        help="skip the dexterity figures of physics games")
    parser.add_argument("--full", action="store_true",
                        help="the dexterity figures on the full sample (40 runs per hand on seeds 1, 2 and 3, the "
                             "wobble on 10 runs, the skill table 6 times a table: one to two hours on 2 cores); "
                             "without it a quick sample answers within two minutes, its size in the output")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="play the dexterity trials on the Dask cluster at ADDRESS (tcp://host:8786; "
                             "the README's tools section) instead of this machine's cores")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games or () if g not in game_names()]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; games: {', '.join(game_names())}")

    from simulator.ui.catalogue import playable_games

    if args.scheduler and not args.no_dexterity:
        try:
            check_scheduler(args.scheduler)  # before the rest of the measurements, not after
        except ClusterError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    report: dict = {"python": sys.version.split()[0], "games": {}}
    tables = set(playable_games())
    for game_id in args.games or game_names():
        cls = entry(game_id).game_class
        if not args.json:
            print(f"measuring {game_id} ...", file=sys.stderr)
        players = max(cls.min_players, 2)
        result = {"random": decisions(game_id, players, "random", args.seconds)}
        best = bot_levels(game_id)[-1]
        if best != "random":
            result[best] = decisions(game_id, players, best, args.seconds / 2)
        if game_id in tables and not args.no_frames:
            result["frame"] = frame_time(game_id)
        module = game_bench(game_id)
        if module is not None and hasattr(module, "measure"):  # physics: CPU per simulated second
            result["physics"] = module.measure(full=args.full)
        if module is not None and hasattr(module, "dexterity") and not args.no_dexterity:
            if not args.json:
                print(f"measuring {game_id} dexterity (falls by hand and height) ...", file=sys.stderr)
            try:
                result["dexterity"] = module.dexterity(module.FULL if args.full else module.QUICK,
                                                         scheduler=args.scheduler, progress=not args.json)
            except ClusterError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 2
            except RunInterrupted as exc:
                return exc.exit_status()
        report["games"][game_id] = result
    if args.anchors:
        for game_id, (anchor, factor) in TARGETS.items():
            if game_id in report["games"]:
                if not args.json:
                    print(f"measuring {game_id} against {anchor} ...", file=sys.stderr)
                result = versus_anchor(args.anchors, game_id, anchor, args.seconds)
                result["target_ratio"] = factor
                report["games"][game_id]["vs_anchor"] = result
        if "wham-bam" in report["games"]:
            core = anchor_rate(args.anchors, "uno_rlcard_core")
            if core:
                report["games"]["wham-bam"]["vs_uno_rlcard_core"] = {
                    "anchor_steps_per_s": core,
                    "ratio": report["games"]["wham-bam"]["random"]["decisions_per_s"] / core}
    if args.online:
        if not args.json:
            print(f"loading a server with {args.online} online tables ...", file=sys.stderr)
        report["online"] = online_load(args.online, args.seconds * 4)
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"{'game':14} {'random dec/s':>13} {'games/s':>9} {'best bots dec/s':>16} {'frame ms':>9}  vs anchor")
    for game_id, r in report["games"].items():
        best = next((v for k, v in r.items()
                     if k not in ("random", "frame", "physics", "dexterity", "vs_anchor", "vs_uno_rlcard_core")), None)
        frame = f"{r['frame']['median_ms']:.2f}" if "frame" in r else "-"
        anchor = (f"{r['vs_anchor']['ratio']:.2f}x {r['vs_anchor']['anchor']} (target {r['vs_anchor']['target_ratio']}x)"
                  if "ratio" in r.get("vs_anchor", {}) else "")
        print(f"{game_id:14} {r['random']['decisions_per_s']:13.0f} {r['random']['games_per_s']:9.1f} "
              f"{(best or {}).get('decisions_per_s', 0):16.0f} {frame:>9}  {anchor}")
        if "physics" in r:
            print(f"{'':14} physics: {json.dumps(r['physics'])}")
        if "dexterity" in r:
            print_dexterity(r["dexterity"])
    if "online" in report:
        o = report["online"]
        print(f"online: {o['tables']} tables, {o['connections']} bot clients, {o['actions_per_s']} actions/s; "
              f"round trip p50 {o['latency_ms_p50']} ms, p95 {o['latency_ms_p95']} ms, p99 {o['latency_ms_p99']} ms, "
              f"p99.9 {o['latency_ms_p99_9']} ms (autosave on); "
              f"server CPU {o['server_cpu_percent']}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
