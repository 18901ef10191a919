#!/usr/bin/env python3
"""Every bot against every bot, for any game and seat count.

Two tables come out:
- the ladder: each bot level seated once among random bots (rotating seats), with its
  win rate and a 95% Wilson interval; random's own row is the fair share;
- the head-to-head matrix: level A in one seat against level B in every other seat.
Shared wins count as a fraction. Every pairing plays the same seeded deals, so the
differences come from the bots, not the cards. Writes a PNG chart (--out) and prints a
table or JSON (--json). Games run in parallel on the available cores.

With --finish it asks instead how games end: each level in every seat, for each seat count
of --players (e.g. 2,3,4), the share of games that end by the rules rather than by a
safeguard (a round limit the rulebook does not have), and which safeguards cut the rest.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simulator.engine import bot_levels, entry, load_game, make_bot, play_out  # noqa: E402


@dataclass(frozen=True)
class Pairing:
    """``hero`` sits in one seat (rotating), ``field`` in all the others."""

    game_id: str
    players: int
    hero: str
    field: str
    games: int
    seed: int
    options: tuple[tuple[str, str], ...] = ()


def play_pairing(p: Pairing) -> dict:
    game = load_game(p.game_id, players=p.players, **dict(p.options))
    wins = 0.0
    actions = 0
    for i in range(p.games):
        hero_seat = i % p.players
        bots = [make_bot(game, seat, p.hero if seat == hero_seat else p.field) for seat in range(p.players)]
        state = play_out(game, bots, p.seed + i)
        winners = state.winners()
        if hero_seat in winners:
            wins += 1 / len(winners)
        actions += len(state.history)
    return {"hero": p.hero, "field": p.field, "games": p.games, "wins": wins, "mean_actions": actions / p.games}


@dataclass(frozen=True)
class SelfPlay:
    """``level`` in every seat for the games seeded ``seeds``."""

    game_id: str
    players: int
    level: str
    seeds: range
    options: tuple[tuple[str, str], ...] = ()


def play_self(p: SelfPlay) -> dict:
    """How each game of ``p`` ended: by the rules, or cut off by which safeguard (seeds kept)."""
    game = load_game(p.game_id, players=p.players, **dict(p.options))
    cut: dict[str, list[int]] = {}
    actions = 0
    for seed in p.seeds:
        state = play_out(game, [make_bot(game, seat, p.level) for seat in range(p.players)], seed)
        reason = state.cut_off()
        if reason is not None:
            cut.setdefault(reason, []).append(seed)
        actions += len(state.history)
    return {"level": p.level, "players": p.players, "games": len(p.seeds), "cut": cut, "actions": actions}


def run_finish(game_id: str, seat_counts: list[int], games: int, seed: int, levels: list[str],
               workers: int, progress: bool = True, options: tuple[tuple[str, str], ...] = ()) -> dict:
    """Self-play of every level at every seat count: the share of games ending by the rules."""
    chunk = 25
    jobs = [SelfPlay(game_id, n, level, range(start, min(start + chunk, seed + games)), options)
            for level in levels for n in seat_counts for start in range(seed, seed + games, chunk)]
    merged: dict[tuple[str, int], dict] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, part in enumerate(pool.map(play_self, jobs), 1):
            row = merged.setdefault((part["level"], part["players"]),
                                    {"level": part["level"], "players": part["players"], "games": 0,
                                     "cut": {}, "actions": 0})
            row["games"] += part["games"]
            row["actions"] += part["actions"]
            for reason, seeds in part["cut"].items():
                row["cut"].setdefault(reason, []).extend(seeds)
            if progress:
                print(f"\r{done}/{len(jobs)} batches played", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    rows = []
    for level in levels:
        for n in seat_counts:
            row = merged[(level, n)]
            cut = sum(len(s) for s in row["cut"].values())
            row["by_rules"] = (row["games"] - cut) / row["games"]
            row["mean_actions"] = row.pop("actions") / row["games"]
            rows.append(row)
    return {"game": game_id, "games": games, "seed": seed, "options": dict(options), "finish": rows,
            "seconds": time.perf_counter() - started}


def print_finish(report: dict) -> None:
    title = entry(report["game"]).game_class.title
    print(f"{title}: how self-play games end, {report['games']} games each from seed {report['seed']} "
          f"({report['seconds']:.1f} s)")
    print(f"{'bot':>10} {'seats':>5}  {'by the rules':>12}  cut off by a safeguard (seeds)")
    for r in report["finish"]:
        cuts = "; ".join(f"{reason} {len(seeds)}: {', '.join(map(str, seeds[:8]))}"
                         + (" ..." if len(seeds) > 8 else "") for reason, seeds in sorted(r["cut"].items()))
        print(f"{r['level']:>10} {r['players']:>5}  {r['by_rules']:>12.1%}  {cuts or '-'}")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def run(game_id: str, players: int, games: int, seed: int, levels: list[str], workers: int,
        progress: bool = True, options: tuple[tuple[str, str], ...] = ()) -> dict:
    pairings = [Pairing(game_id, players, hero, "random", games, seed, options) for hero in levels]
    pairings += [Pairing(game_id, players, a, b, games, seed, options) for a in levels for b in levels
                 if a != b and b != "random"]
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, result in enumerate(pool.map(play_pairing, pairings), 1):
            results.append(result)
            if progress:
                print(f"\r{done}/{len(pairings)} pairings played", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    for r in results:
        r["rate"] = r["wins"] / r["games"]
        r["ci95"] = wilson(r["wins"], r["games"])
    ladder = [r for r in results if r["field"] == "random"]
    return {"game": game_id, "players": players, "games_per_pairing": games, "seed": seed,
            "fair_share": 1 / players, "ladder": ladder,
            "matrix": [r for r in results if not (r["hero"] == "random" and r["field"] == "random")],
            "seconds": time.perf_counter() - start}


def chart(report: dict, out: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    levels = [r["hero"] for r in report["ladder"]]
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8), gridspec_kw={"width_ratios": [1.1, 1]})
    rates = [r["rate"] for r in report["ladder"]]
    lows = [max(0.0, r["rate"] - r["ci95"][0]) for r in report["ladder"]]  # max(): float rounding at 0 and 1
    highs = [max(0.0, r["ci95"][1] - r["rate"]) for r in report["ladder"]]
    colours = ["#9aa4b1" if lvl == "random" else "#2f7fd0" for lvl in levels]
    left.barh(levels, rates, xerr=[lows, highs], color=colours, capsize=6)
    left.axvline(report["fair_share"], color="#c0392b", linestyle="--", label=f"fair share {report['fair_share']:.0%}")
    for y, r in enumerate(report["ladder"]):
        left.text(r["ci95"][1] + 0.01, y, f"{r['rate']:.0%}", va="center")
    left.set_xlim(0, 1)
    left.set_xlabel(f"win rate in one seat among {report['players'] - 1} random bot(s) (95% interval)")
    left.set_title("Ladder")
    left.legend(loc="lower right")
    grid = [[math.nan] * len(levels) for _ in levels]
    for r in report["ladder"] + report["matrix"]:
        grid[levels.index(r["hero"])][levels.index(r["field"])] = r["rate"]
    image = right.imshow(grid, cmap="RdYlGn", vmin=0, vmax=min(1, 2 * report["fair_share"]) if report["players"] > 2 else 1)
    right.set_xticks(range(len(levels)), levels)
    right.set_yticks(range(len(levels)), levels)
    right.set_xlabel("every other seat")
    right.set_ylabel("one seat")
    for i in range(len(levels)):
        for j in range(len(levels)):
            if not math.isnan(grid[i][j]):
                right.text(j, i, f"{grid[i][j]:.0%}", ha="center", va="center")
    right.set_title("Head to head: win rate of the row's bot")
    fig.colorbar(image, ax=right, fraction=0.046)
    title = entry(report["game"]).game_class.title
    fig.suptitle(f"{title}, {report['players']} players, {report['games_per_pairing']} games per pairing")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", default="wham-bam", help="game id (default wham-bam)")
    parser.add_argument("--players", help="seats (default: the game's minimum); with --finish a "
                        "comma-separated list, e.g. 2,3,4")
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", help="levels to include, comma separated (default: all)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", default="tournament.png", help="PNG chart (default tournament.png)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option (repeatable)")
    parser.add_argument("--finish", action="store_true",
                        help="self-play each level: the share of games that end by the rules, not a safeguard")
    args = parser.parse_args(argv)
    cls = entry(args.game).game_class
    seat_counts = [int(n) for n in args.players.split(",")] if args.players else [cls.min_players]
    levels = args.bots.split(",") if args.bots else bot_levels(args.game)
    if any("=" not in pair for pair in args.option):
        parser.error("--option expects NAME=VALUE")
    options = tuple(tuple(part.strip() for part in pair.split("=", 1)) for pair in args.option)
    try:
        load_game(args.game, players=seat_counts[0], **dict(options))  # a bad option fails here, once
    except ValueError as exc:
        parser.error(str(exc))
    if args.finish:
        report = run_finish(args.game, seat_counts, args.games, args.seed, levels, args.workers,
                            progress=not args.json, options=options)
        if args.json:
            print(json.dumps(report, indent=1))
        else:
            print_finish(report)
        return 0
    if len(seat_counts) != 1:
        parser.error("--players takes one seat count (several only with --finish)")
    players = seat_counts[0]
    if "random" not in levels:
        levels = ["random", *levels]
    report = run(args.game, players, args.games, args.seed, levels, args.workers, progress=not args.json,
                 options=options)
    report["chart"] = str(chart(report, Path(args.out)))
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(f"{cls.title}: {players} players, {args.games} games per pairing, seed {args.seed} "
          f"({report['seconds']:.1f} s)")
    print(f"{'bot':>12}  win rate among random bots   95% interval   mean actions")
    for r in report["ladder"]:
        print(f"{r['hero']:>12}  {r['rate']:>26.1%}   {r['ci95'][0]:.1%}-{r['ci95'][1]:.1%}   {r['mean_actions']:.0f}")
    for r in report["matrix"]:
        print(f"{r['hero']:>12} vs {r['field']:<10} {r['rate']:>13.1%}   {r['ci95'][0]:.1%}-{r['ci95'][1]:.1%}")
    print(f"chart: {report['chart']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
