#!/usr/bin/env python3
"""Every bot against every bot, for any game and seat count.

Two tables come out:
- the ladder: each bot level seated once among random bots (rotating seats), with its
  win rate and a 95% Wilson interval; random's own row is the fair share;
- the head-to-head matrix: level A in one seat against level B in every other seat.
Shared wins count as a fraction. Every pairing plays the same seeded deals, so the
differences come from the bots, not the cards. Writes a PNG chart (--out) and prints a
table or JSON (--json). Games run in parallel on the available cores.
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


def play_pairing(p: Pairing) -> dict:
    game = load_game(p.game_id, players=p.players)
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
        progress: bool = True) -> dict:
    pairings = [Pairing(game_id, players, hero, "random", games, seed) for hero in levels]
    pairings += [Pairing(game_id, players, a, b, games, seed) for a in levels for b in levels
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
    parser.add_argument("--players", type=int, help="seats (default: the game's minimum)")
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", help="levels to include, comma separated (default: all)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", default="tournament.png", help="PNG chart (default tournament.png)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    cls = entry(args.game).game_class
    players = args.players or cls.min_players
    levels = args.bots.split(",") if args.bots else bot_levels(args.game)
    if "random" not in levels:
        levels = ["random", *levels]
    report = run(args.game, players, args.games, args.seed, levels, args.workers, progress=not args.json)
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
