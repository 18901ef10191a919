#!/usr/bin/env python3
"""Every bot against every bot, for any game and seat count.

Two tables come out:
- the ladder: each bot level seated once among random bots (rotating seats), with its
  win rate and a 95% Wilson interval; random's own row is the fair share;
- the head-to-head matrix: level A in one seat against level B in every other seat.
Shared wins count as a fraction. Every pairing plays the same seeded deals, so the
differences come from the bots, not the cards. Writes a PNG chart (--out) and prints a
table or JSON (--json).

Games run in batches on the local cores, or on a Dask cluster with --scheduler ADDRESS
(pip install -e '.[cluster]'; see the README); each game is seeded by its number, so the
results are the same either way. Every finished batch is kept in OUT.trials.jsonl beside
the chart; after Ctrl+C or a lost cluster, --resume plays only the batches not done.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS.parent))
sys.path.insert(0, str(TOOLS))

from simulator.engine import bot_levels, entry, load_game, make_bot, play_out  # noqa: E402
from trial_runner import ClusterError, Journal, RunInterrupted, run_trials  # noqa: E402

BATCH = 25  # games per trial: small enough to spread over many workers and to resume finely


@dataclass(frozen=True)
class Batch:
    """Games ``first``..``first + count - 1`` of a pairing: ``hero`` in one seat (game i: seat
    i mod players), ``field`` in all the others; game i is dealt with seed ``seed + i``."""

    game_id: str
    players: int
    hero: str
    field: str
    first: int
    count: int
    seed: int

    @property
    def key(self) -> str:
        return f"{self.hero} vs {self.field}: games {self.first}-{self.first + self.count - 1}"


def play_batch(b: Batch) -> dict:
    """The hero's wins (shared wins as exact fractions, so batches add up the same in any
    grouping) and the actions played."""
    game = load_game(b.game_id, players=b.players)
    wins = Fraction(0)
    actions = 0
    for i in range(b.first, b.first + b.count):
        hero_seat = i % b.players
        bots = [make_bot(game, seat, b.hero if seat == hero_seat else b.field) for seat in range(b.players)]
        state = play_out(game, bots, b.seed + i)
        winners = state.winners()
        if hero_seat in winners:
            wins += Fraction(1, len(winners))
        actions += len(state.history)
    return {"wins": str(wins), "actions": actions}


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
        progress: bool = True, scheduler: str | None = None, journal: Journal | None = None) -> dict:
    """Play every pairing (here on ``workers`` processes or on the Dask cluster at ``scheduler``;
    the batches ``journal`` holds are not played again) and return the report."""
    pairings = [(hero, "random") for hero in levels]
    pairings += [(a, b) for a in levels for b in levels if a != b and b != "random"]
    batches = {b.key: b for hero, field in pairings for first in range(0, games, BATCH)
               for b in [Batch(game_id, players, hero, field, first, min(BATCH, games - first), seed)]}
    start = time.perf_counter()
    played = run_trials(play_batch, batches, journal=journal, workers=workers, scheduler=scheduler,
                        label=f"{len(pairings)} pairings x {games} games", progress=progress, unit="batches")
    results = []
    for hero, field in pairings:
        mine = [played[key] for key, b in batches.items() if (b.hero, b.field) == (hero, field)]
        wins = float(sum(Fraction(r["wins"]) for r in mine))
        results.append({"hero": hero, "field": field, "games": games, "wins": wins,
                        "mean_actions": sum(r["actions"] for r in mine) / games})
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
    parser.add_argument("--players", type=int, help="seats (default: the game's minimum)")
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", help="levels to include, comma separated (default: all)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="local processes (default: all cores; ignored with --scheduler)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="play on the Dask cluster whose scheduler is at ADDRESS, e.g. tcp://10.0.0.5:8786 "
                             "(needs pip install -e '.[cluster]'; see the README)")
    parser.add_argument("--resume", action="store_true",
                        help="carry on from the batches an interrupted run kept beside the chart (OUT.trials.jsonl)")
    parser.add_argument("--out", default="tournament.png", help="PNG chart (default tournament.png)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON (no progress bar)")
    args = parser.parse_args(argv)
    cls = entry(args.game).game_class
    players = args.players or cls.min_players
    levels = args.bots.split(",") if args.bots else bot_levels(args.game)
    if "random" not in levels:
        levels = ["random", *levels]
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    out = Path(args.out)
    identity = {"tool": "tournament", "game": args.game, "players": players, "seed": args.seed}
    try:
        journal = Journal(out.with_suffix(".trials.jsonl"), identity, resume=args.resume)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        report = run(args.game, players, args.games, args.seed, levels, args.workers, progress=not args.json,
                     scheduler=args.scheduler, journal=journal)
    except ClusterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except RunInterrupted as exc:
        print(f"\n{exc}", file=sys.stderr)
        return 130 if exc.by_user else 1
    finally:
        journal.close()
    report["chart"] = str(chart(report, out))
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
    # Run as the module tournament, not as __main__: a pool or a cluster then sends its
    # functions by name (workers import them) instead of pickling a copy of this script.
    import tournament

    raise SystemExit(tournament.main())
