#!/usr/bin/env python3
"""Measure the simulator: rule-engine decisions per second, table frame times, physics cost.

For every registered game: full games with random bots (and with the best bots),
decisions per second and games per second. For every game with a table: the median
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
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        state = play_out(game, bots, seed + games)
        made += sum(1 for a in state.history if a.player >= 0)
        games += 1
    elapsed = time.perf_counter() - start
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


def anchor_rate(python: str, name: str) -> float | None:
    """One run of a reference engine with ``python``: its steps per second."""
    script, bench = ANCHORS[name]
    proc = subprocess.run([python, str(SHARED_BENCH / script), "--only", bench, "--repeats", "1"],
                          capture_output=True, text=True, cwd=SHARED_BENCH)
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
    """Physical falls per placement by hand and height band, then the other dexterity figures."""
    print(f"{'':14} dexterity: physical falls per placement (placements) by height band")
    for hand, row in d["hands"].items():
        cells = "  ".join(f"{band}: {b['fall_rate']:.0%} ({b['placements']}; first tries {b['first_try_fall_rate']:.0%})"
                          if b["placements"] else f"{band}: -" for band, b in row["bands"].items())
        print(f"{'':16}{hand:8} {cells}  stacks reach {row['stack_height']['median']} (median)")
    met = sum(t["met"] for t in d["targets"])
    wobble = d["wobble_sensitivity"]
    share = f"{wobble['sensitivity']:.0%}" if wobble["sensitivity"] is not None else "-"
    for t in d["targets"]:
        if not t["met"] and t["rate"] is not None:
            low, high = t["rate_95"]
            spread = "within" if t["within_spread"] else "outside"
            print(f"{'':16}missed: {t['hand']} at card {t['card']}, {t['rate']:.1%} against {t['low']:.0%}-"
                  f"{t['high']:.0%} (95% over runs {low:.0%}-{high:.0%}: {spread} the runs' spread)")
    print(f"{'':16}design targets met: {met}/{len(d['targets'])}; wobble sensitivity "
          f"{share} of {wobble['placements']}; "
          f"lodged cards {d['lodged_cards']} in {d['stacks']} random stacks "
          f"({d['dropped_as_lodged']} dropped as lodged)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per throughput measurement")
    parser.add_argument("--anchors", metavar="PYTHON",
                        help="interpreter with rlcard and open_spiel installed (see ../shared/bench/README.md)")
    parser.add_argument("--no-frames", action="store_true", help="skip the frame-time measurement")
    parser.add_argument("--online", type=int, metavar="TABLES", nargs="?", const=200,
                        help="also load a table server (its own process) with TABLES tables of bot clients "
                             "on loopback (default 200) and report action round trips")
    parser.add_argument("--no-dexterity", action="store_true",
                        help="skip the dexterity figures of physics games (the slowest part, about 5 min)")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games or () if g not in game_names()]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; games: {', '.join(game_names())}")

    from simulator.ui.catalogue import playable_games

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
            result["physics"] = module.measure()
        if module is not None and hasattr(module, "dexterity") and not args.no_dexterity:
            if not args.json:
                print(f"measuring {game_id} dexterity (falls by hand and height) ...", file=sys.stderr)
            result["dexterity"] = module.dexterity()
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
              f"round trip p50 {o['latency_ms_p50']} ms, p99 {o['latency_ms_p99']} ms; "
              f"server CPU {o['server_cpu_percent']}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
