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

With --finish it asks instead how games end: each level in every seat, for each seat count
of --players (e.g. 2,3,4), the share of games that end by the rules rather than by a
safeguard (a round limit the rulebook does not have), with the seeds of those cut short.
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
    options: tuple[tuple[str, str], ...] = ()

    @property
    def key(self) -> str:
        return f"{self.hero} vs {self.field}: games {self.first}-{self.first + self.count - 1}"


def play_batch(b: Batch) -> dict:
    """The hero's wins (shared wins as exact fractions, so batches add up the same in any
    grouping) and the actions played."""
    game = load_game(b.game_id, players=b.players, **dict(b.options))
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


@dataclass(frozen=True)
class SelfPlayBatch:
    """Games ``first``..``first + count - 1`` with ``level`` in every seat; game i is dealt
    with seed ``seed + i``."""

    game_id: str
    players: int
    level: str
    first: int
    count: int
    seed: int
    options: tuple[tuple[str, str], ...] = ()

    @property
    def key(self) -> str:
        return f"{self.level} in {self.players} seats: games {self.first}-{self.first + self.count - 1}"


def play_self_batch(b: SelfPlayBatch) -> dict:
    """How the games ended: the seeds a safeguard cut short, by safeguard; and the actions played."""
    game = load_game(b.game_id, players=b.players, **dict(b.options))
    cut: dict[str, list[int]] = {}
    actions = 0
    for i in range(b.first, b.first + b.count):
        state = play_out(game, [make_bot(game, seat, b.level) for seat in range(b.players)], b.seed + i)
        reason = state.cut_off()
        if reason is not None:
            cut.setdefault(reason, []).append(b.seed + i)
        actions += len(state.history)
    return {"cut": cut, "actions": actions}


def run_finish(game_id: str, seat_counts: list[int], games: int, seed: int, levels: list[str], workers: int,
               progress: bool = True, scheduler: str | None = None, journal: Journal | None = None,
               options: tuple[tuple[str, str], ...] = ()) -> dict:
    """Every level in every seat at every seat count: the share of games that end by the rules."""
    batches = {b.key: b for level in levels for n in seat_counts for first in range(0, games, BATCH)
               for b in [SelfPlayBatch(game_id, n, level, first, min(BATCH, games - first), seed, options)]}
    start = time.perf_counter()
    played = run_trials(play_self_batch, batches, journal=journal, workers=workers, scheduler=scheduler,
                        label=f"{len(levels)} levels x {len(seat_counts)} seat counts x {games} games",
                        progress=progress, unit="batches")
    rows = []
    for level in levels:
        for n in seat_counts:
            mine = [played[key] for key, b in batches.items() if (b.level, b.players) == (level, n)]
            cut: dict[str, list[int]] = {}
            for r in mine:
                for reason, seeds in r["cut"].items():
                    cut.setdefault(reason, []).extend(seeds)
            short = sum(len(seeds) for seeds in cut.values())
            rows.append({"level": level, "players": n, "games": games, "by_rules": (games - short) / games,
                         "cut": {reason: sorted(seeds) for reason, seeds in sorted(cut.items())},
                         "mean_actions": sum(r["actions"] for r in mine) / games})
    return {"game": game_id, "games": games, "seed": seed, "options": dict(options), "finish": rows,
            "seconds": time.perf_counter() - start}


def print_finish(report: dict) -> None:
    title = entry(report["game"]).game_class.title
    print(f"{title}: how self-play games end, {report['games']} games each from seed {report['seed']} "
          f"({report['seconds']:.1f} s)")
    print(f"{'bot':>10} {'seats':>5}  {'by the rules':>12}  cut off by a safeguard (seeds)")
    for r in report["finish"]:
        cuts = "; ".join(f"{reason} {len(seeds)}: {', '.join(map(str, seeds[:8]))}" + (" ..." if len(seeds) > 8 else "")
                         for reason, seeds in r["cut"].items())
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
        progress: bool = True, scheduler: str | None = None, journal: Journal | None = None,
        options: tuple[tuple[str, str], ...] = ()) -> dict:
    """Play every pairing (here on ``workers`` processes or on the Dask cluster at ``scheduler``;
    the batches ``journal`` holds are not played again) and return the report."""
    pairings = [(hero, "random") for hero in levels]
    pairings += [(a, b) for a in levels for b in levels if a != b and b != "random"]
    batches = {b.key: b for hero, field in pairings for first in range(0, games, BATCH)
               for b in [Batch(game_id, players, hero, field, first, min(BATCH, games - first), seed, options)]}
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
    parser.add_argument("--players", help="seats (default: the game's minimum); with --finish a comma-separated "
                        "list, e.g. 2,3,4")
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
    parser.add_argument("--fresh", action="store_true",
                        help="start over even when the journal holds an unfinished earlier run's trials (they are lost)")
    parser.add_argument("--out", default="tournament.png", help="PNG chart (default tournament.png)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON (no progress bar)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option (repeatable)")
    parser.add_argument("--finish", action="store_true",
                        help="self-play each level: the share of games that end by the rules, not by a safeguard")
    args = parser.parse_args(argv)
    if args.resume and args.fresh:
        parser.error("--resume carries on from the kept trials, --fresh drops them: choose one")
    cls = entry(args.game).game_class
    try:
        seat_counts = [int(n) for n in args.players.split(",")] if args.players else [cls.min_players]
    except ValueError:
        parser.error("--players takes a seat count, or with --finish a list such as 2,3,4")
    if len(seat_counts) > 1 and not args.finish:
        parser.error("--players takes one seat count (a list only with --finish)")
    players = seat_counts[0]
    levels = args.bots.split(",") if args.bots else bot_levels(args.game)
    if "random" not in levels and not args.finish:
        levels = ["random", *levels]
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    if any("=" not in pair for pair in args.option):
        parser.error("--option expects NAME=VALUE")
    options = tuple((name.strip(), value.strip()) for name, value in (p.split("=", 1) for p in args.option))
    try:
        for n in seat_counts:
            load_game(args.game, players=n, **dict(options))  # a bad option or seat count fails here, once
    except ValueError as exc:
        parser.error(str(exc))
    if args.finish:
        return finish(args, seat_counts, levels, options)
    out = Path(args.out)
    identity = {"tool": "tournament", "game": args.game, "players": players, "seed": args.seed,
                "options": dict(options)}
    try:
        journal = Journal(out.with_suffix(".trials.jsonl"), identity, resume=args.resume, fresh=args.fresh)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        report = run(args.game, players, args.games, args.seed, levels, args.workers, progress=not args.json,
                     scheduler=args.scheduler, journal=journal, options=options)
        journal.finish()
    except ClusterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except RunInterrupted as exc:
        return exc.exit_status()
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


def finish(args: argparse.Namespace, seat_counts: list[int], levels: list[str],
           options: tuple[tuple[str, str], ...]) -> int:
    """--finish: how self-play games end, printed as a table or JSON."""
    out = Path(args.out)
    identity = {"tool": "tournament --finish", "game": args.game, "players": seat_counts, "seed": args.seed,
                "options": dict(options)}
    try:
        journal = Journal(out.with_suffix(".finish.trials.jsonl"), identity, resume=args.resume, fresh=args.fresh)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        report = run_finish(args.game, seat_counts, args.games, args.seed, levels, args.workers,
                            progress=not args.json, scheduler=args.scheduler, journal=journal, options=options)
        journal.finish()
    except ClusterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except RunInterrupted as exc:
        return exc.exit_status()
    finally:
        journal.close()
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_finish(report)
    return 0


if __name__ == "__main__":
    # Run as the module tournament, not as __main__: a pool or a cluster then sends its
    # functions by name (workers import them) instead of pickling a copy of this script.
    import tournament

    raise SystemExit(tournament.main())
