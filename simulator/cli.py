"""Command line: ``python -m simulator [list|play|simulate|screenshot|replay] ...``.

With no command it opens the launcher, or, where no display exists, says so in
one line and runs a headless demo that writes PNG snapshots.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import date
from pathlib import Path

from simulator.cli_online import add_online_commands
from simulator.engine import (SaveFileError, SeatInfo, bot_levels, entry, game_names, load_game,
                              load_record, make_bot, play_out)


def _options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise SystemExit(f"--option expects NAME=VALUE, got {pair!r}")
        name, value = pair.split("=", 1)
        out[name.strip()] = value.strip()
    return out


def cmd_list(args: argparse.Namespace) -> int:
    for game_id in game_names():
        cls = entry(game_id).game_class
        print(f"{game_id}\t{cls.title}\t{cls.min_players}-{cls.max_players} players")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    game = load_game(args.game, players=args.players, **_options(args.option))
    levels = args.bots.split(",") if args.bots else ["random"]
    levels = [levels[i % len(levels)] for i in range(game.players)]
    bots = [make_bot(game, seat, level) for seat, level in enumerate(levels)]
    wins = [0] * game.players
    actions = 0
    decisions = 0
    start = time.perf_counter()
    for i in range(args.games):
        state = play_out(game, bots, args.seed + i)
        for seat in state.winners():
            wins[seat] += 1
        actions += len(state.history)
        decisions += sum(1 for a in state.history if a.player >= 0)
    elapsed = time.perf_counter() - start
    result = {
        "game": game.id, "players": game.players, "games": args.games, "bots": levels, "wins": wins,
        "mean_actions": actions / args.games, "games_per_s": args.games / elapsed,
        "decisions_per_s": decisions / elapsed,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{game.title}: {args.games} games, {game.players} players ({', '.join(levels)})")
        for seat, count in enumerate(wins):
            print(f"  seat {seat + 1} ({levels[seat]}): {count} wins ({count / args.games:.0%})")
        print(f"  {result['mean_actions']:.1f} actions per game; {result['games_per_s']:.1f} games/s; "
              f"{result['decisions_per_s']:.0f} decisions/s")
    return 0


def _seats(game, humans: int) -> tuple[SeatInfo, ...]:
    best = bot_levels(game.id)[-1]
    names = ["You", "Ann", "Bob", "Cleo", "Dev", "Eli"]
    if humans > 1:
        names = [f"Player {i + 1}" for i in range(game.players)]
    return tuple(SeatInfo(names[i], "human" if i < humans else best) for i in range(game.players))


def resolve_seed(seed: str | None, game) -> int:
    """An int seed, "daily" for the game's challenge of the day, or a fresh one."""
    if seed is None:
        return int(time.time()) % 2**31
    if seed == "daily":
        if not hasattr(game, "daily_seed"):
            raise ValueError(f"{game.title} has no challenge of the day")
        return game.daily_seed(date.today())
    try:
        return int(seed)
    except ValueError:
        raise ValueError(f"--seed expects a number or 'daily', got {seed!r}") from None


def cmd_play(args: argparse.Namespace) -> int:
    from simulator.ui.app import App, display_problem

    cls = entry(args.game).game_class
    players = args.players or min(cls.max_players, max(cls.min_players, 3))
    bots = players - 1 if args.bots is None else args.bots
    if not 0 <= bots <= players:
        raise SystemExit(f"--bots must be between 0 and {players}")
    game = load_game(args.game, players=players, **_options(args.option))
    problem = display_problem()
    if problem:
        print(f"No display ({problem}): cannot open a window here. Try `python -m simulator screenshot`.")
        return 1
    from simulator.ui.launcher import LauncherScene
    from simulator.ui.table import TableScene, TableSetup

    seed = resolve_seed(args.seed, game)
    app = App(title=f"Tabletop: {game.title}")
    app.push(LauncherScene(app))
    app.push(TableScene(app, TableSetup(game, _seats(game, players - bots), seed), on_leave=app.pop))
    app.run()
    return 0


def cmd_screenshot(args: argparse.Namespace) -> int:
    from simulator.ui.headless import launcher_screenshot, screenshot

    out = Path(args.out)
    if args.game == "launcher":
        launcher_screenshot(out)
    else:
        screenshot(args.game, out, players=args.players, seed=args.seed, actions=args.actions,
                   **_options(args.option))
    print(out)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        record = load_record(args.file)
    except SaveFileError as exc:
        print(exc, file=sys.stderr)
        return 2
    state = record.replay()
    print(f"{record.game_id}: {len(record.actions)} actions replayed; "
          f"{'over, winners: ' + str([w + 1 for w in state.winners()]) if state.is_over() else 'in progress'}")
    return 0


def cmd_default(args: argparse.Namespace) -> int:
    from simulator.ui.launcher import open_launcher

    return open_launcher(Path("snapshots"))


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m simulator", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command")
    sub.add_parser("list", help="one line per game: id, title, players").set_defaults(func=cmd_list)

    play = sub.add_parser("play", help="open straight into a game")
    play.add_argument("game", choices=game_names())
    play.add_argument("--players", type=int, help="seats at the table")
    play.add_argument("--bots", type=int, help="how many seats bots take (default: all but one)")
    play.add_argument("--seed", help="a number, or 'daily' for the challenge of the day")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option")
    play.set_defaults(func=cmd_play)

    sim = sub.add_parser("simulate", help="bots play many games headless")
    sim.add_argument("game", choices=game_names())
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--bots", help="bot levels per seat, comma separated, repeated to fill (default random)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(func=cmd_simulate)

    shot = sub.add_parser("screenshot", help="render the table after K bot actions to a PNG, no display needed")
    shot.add_argument("game", choices=[*game_names(), "launcher"])
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--actions", type=int, default=20)
    shot.add_argument("--players", type=int)
    shot.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    shot.add_argument("--out", required=True)
    shot.set_defaults(func=cmd_screenshot)

    rep = sub.add_parser("replay", help="check and replay a saved game")
    rep.add_argument("file")
    rep.set_defaults(func=cmd_replay)
    add_online_commands(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command is None:
        return cmd_default(args)
    if getattr(args, "players", None) is None and args.command == "simulate":
        args.players = entry(args.game).game_class.min_players
    try:
        return args.func(args)
    except (KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
