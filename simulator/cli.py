"""The command line: tabletop [list | play | simulate | screenshot | replay] ...

Every bad argument is one line on stderr and exit status 2; Ctrl+C stops with one line
and status 130. ``python -m simulator`` is the same program under another name.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
import time
from datetime import date
from pathlib import Path
from typing import Callable, NoReturn

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout holds what was asked for, no pygame banner

from simulator.cli_online import add_online_commands  # noqa: E402
from simulator.engine import (SaveFileError, SceneError, SeatInfo, bot_levels, entry, game_names, load_game,
                              load_record, make_bot, play_out)
from simulator.engine.intake import MAX_MAGNITUDE
from simulator.engine.record import how_far
from simulator.engine.options import options_from_scene
from simulator.engine.scene import Scene

DESCRIPTION = """\
Five card games on one virtual table. With no command it opens the launcher, or, where
no display exists, says so in one line and runs a headless demo that writes PNG snapshots."""

INTERRUPTED = 130  # the shell's status for a program stopped by Ctrl+C


class UsageError(ValueError):
    """A bad argument found after parsing (a game's seat range, an option, a seed)."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line naming the command, and status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: an integer from ``low`` to ``high``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, got {value}")
        return value

    parse.__name__ = "number"  # argparse names the type in some messages
    return parse


SEED = whole_number(0, MAX_MAGNITUDE)


def _options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise UsageError(f"--option expects NAME=VALUE, got {pair[:60]!r}")
        name, value = pair.split("=", 1)
        out[name.strip()] = value.strip()
    return out


def games_help() -> str:
    """Each game's id, seats, bot levels (weakest first) and rule options, for --help."""
    lines = ["games (bots weakest first; options as --option NAME=VALUE):"]
    for game_id in game_names():
        cls = entry(game_id).game_class
        lines.append(f"  {game_id}: {cls.title}, {_seats_text(cls)}; "
                     f"bots: {', '.join(bot_levels(game_id))}")
        try:
            specs = options_from_scene(Scene.load(game_id))
        except SceneError as exc:
            lines.append(f"      (options unavailable: {exc})")
            continue
        for spec in specs:
            text = f"{spec.name}={spec.describe()}: {spec.help}"
            lines += textwrap.wrap(text, width=96, initial_indent="      ", subsequent_indent="        ")
    return "\n".join(lines)


def _seats_text(cls) -> str:
    """"1-5 players", as the launcher offers them (a solo mode counts)."""
    counts = cls.seat_counts()
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]} players" if len(counts) > 1 else f"{counts[0]} players"
    return f"{', '.join(map(str, counts))} players"


def cmd_list(args: argparse.Namespace) -> int:
    for game_id in game_names():
        cls = entry(game_id).game_class
        print(f"{game_id}\t{cls.title}\t{_seats_text(cls)}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    players = args.players or entry(args.game).game_class.min_players
    game = load_game(args.game, players=players, **_options(args.option))
    levels = [level.strip() for level in args.bots.split(",")] if args.bots else ["random"]
    if not all(levels):
        raise UsageError(f"--bots expects level names separated by commas, got {args.bots!r}")
    levels = [levels[i % len(levels)] for i in range(game.players)]
    bots = [make_bot(game, seat, level) for seat, level in enumerate(levels)]
    if not args.json:
        print(f"{game.title}: {args.games} games, {game.players} players ({', '.join(levels)})", flush=True)
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
    elapsed = max(time.perf_counter() - start, 1e-9)
    result = {
        "game": game.id, "players": game.players, "games": args.games, "bots": levels, "wins": wins,
        "mean_actions": actions / args.games, "games_per_s": args.games / elapsed,
        "decisions_per_s": decisions / elapsed,
    }
    if args.json:
        print(json.dumps(result))
    else:
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
            raise UsageError(f"{game.title} has no challenge of the day")
        return game.daily_seed(date.today())
    try:
        return SEED(seed)
    except argparse.ArgumentTypeError as exc:
        raise UsageError(f"--seed expects a number or 'daily': {exc}") from None


def cmd_play(args: argparse.Namespace) -> int:
    from simulator.ui.app import App, display_problem

    cls = entry(args.game).game_class
    players = args.players or min(cls.max_players, max(cls.min_players, 3))
    bots = players - 1 if args.bots is None else args.bots
    if not 0 <= bots <= players:
        raise UsageError(f"--bots must be from 0 to {players} (the seats at the table), got {bots}")
    game = load_game(args.game, players=players, **_options(args.option))
    seed = resolve_seed(args.seed, game)
    problem = display_problem()
    if problem:
        print(f"No display ({problem}): cannot open a window here. Try '{args.prog} screenshot'.")
        return 1
    from simulator.ui.launcher import LauncherScene
    from simulator.ui.table import TableScene, TableSetup

    app = App(title=f"Tabletop: {game.title}")
    app.push(LauncherScene(app))
    app.push(TableScene(app, TableSetup(game, _seats(game, players - bots), seed), on_leave=app.pop))
    app.run()
    return 0


def cmd_screenshot(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if out.is_dir():
        raise UsageError(f"--out {out} is a folder; give a file name such as {out / 'table.png'}")
    if out.suffix.lower() not in (".png", ".jpg", ".jpeg", ".bmp", ".tga"):
        raise UsageError(f"--out {out}: the name must end in .png (or .jpg, .bmp, .tga)")
    if not out.resolve().parent.is_dir():
        raise UsageError(f"--out {out}: the folder {out.parent} does not exist (make it first)")
    if args.game != "launcher":
        options = _options(args.option)
        load_game(args.game, players=args.players or min(3, entry(args.game).game_class.max_players), **options)
    import pygame

    from simulator.ui.headless import launcher_screenshot, screenshot

    try:
        if args.game == "launcher":
            launcher_screenshot(out)
        else:
            screenshot(args.game, out, players=args.players, seed=args.seed, actions=args.actions, **options)
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot write: {exc.strerror or exc}") from None
    except pygame.error as exc:
        raise UsageError(f"--out {out}: cannot write the image: {exc}") from None
    print(out)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    state = record.replay()
    print(f"{state.game.title} ({record.game_id}), {len(record.actions)} actions replayed; "
          f"{how_far(record, state)}")
    if not args.watch:
        return 0
    from simulator.ui.app import App, display_problem

    problem = display_problem()
    if problem:
        print(f"No display ({problem}): cannot open a window here to watch it.")
        return 1
    from simulator.ui.replay_table import ReplayTable

    app = App(title=f"Tabletop: watching {Path(args.file).name}")
    app.push(ReplayTable(app, record, on_leave=app.pop))
    app.run()
    return 0


def cmd_default(args: argparse.Namespace) -> int:
    from simulator.ui.start import open_launcher

    return open_launcher(Path("snapshots"))


def parser(prog: str = "tabletop") -> argparse.ArgumentParser:
    """The argument parser; ``prog`` is the name usage lines show."""
    raw = argparse.RawDescriptionHelpFormatter
    games = games_help()
    p = OneLineParser(prog=prog, description=DESCRIPTION, epilog=games, formatter_class=raw)
    p.set_defaults(prog=prog)
    sub = p.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    ids = game_names()

    def command(name: str, summary: str, description: str, *, epilog: str | None = None) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=summary, description=textwrap.fill(description, 92), epilog=epilog,
                              formatter_class=raw)

    command("list", "one line per game: id, title, players",
            "Print one line per game, tab-separated: its id, its title and its seat range."
            ).set_defaults(func=cmd_list)

    play = command("play", "open straight into a game",
                   "Open a window straight onto a game's table, bots in every seat but yours "
                   "(the launcher is underneath: leaving the table goes back to it).", epilog=games)
    play.add_argument("game", choices=ids, help="the game's id (see the list below)")
    play.add_argument("--players", type=whole_number(1, 99), metavar="N",
                      help="seats at the table (default: 3, or the game's nearest seat count)")
    play.add_argument("--bots", type=whole_number(0, 99), metavar="N",
                      help="how many seats bots take, at the game's best level (default: all but one)")
    play.add_argument("--seed", metavar="SEED",
                      help="a number (the same seed deals the same game), or 'daily' for the challenge of "
                           "the day (default: a fresh seed)")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a rule option, repeatable (default: the game's defaults, listed below)")
    play.set_defaults(func=cmd_play)

    sim = command("simulate", "bots play many games headless",
                  "Let bots play many games without a window and report wins per seat, game length and "
                  "speed (--json: one JSON object with game, players, games, bots, wins, mean_actions, "
                  "games_per_s, decisions_per_s).", epilog=games)
    sim.add_argument("game", choices=ids, help="the game's id (see the list below)")
    sim.add_argument("--games", type=whole_number(1, 1_000_000), default=100, metavar="N",
                     help="how many games (default: 100)")
    sim.add_argument("--players", type=whole_number(1, 99), metavar="N",
                     help="seats at the table (default: the game's fewest)")
    sim.add_argument("--seed", type=SEED, default=0, help="seed of the first game; game i uses SEED+i (default: 0)")
    sim.add_argument("--bots", metavar="LEVEL,LEVEL",
                     help="bot levels per seat, comma separated, repeated to fill the table (default: random)")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a rule option, repeatable (default: the game's defaults, listed below)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of text (default: text)")
    sim.set_defaults(func=cmd_simulate)

    shot = command("screenshot", "render a table after K bot moves to a PNG, no display needed",
                   "Render a game's table (or the launcher) after some bot moves to an image file; "
                   "needs no display.", epilog=games)
    shot.add_argument("game", choices=[*ids, "launcher"], help="the game's id, or 'launcher'")
    shot.add_argument("--seed", type=SEED, default=1, help="the deal (default: 1)")
    shot.add_argument("--actions", type=whole_number(0, 100_000), default=20, metavar="K",
                      help="bot moves before the picture (default: 20)")
    shot.add_argument("--players", type=whole_number(1, 99), metavar="N",
                      help="seats at the table (default: 3, or the game's most if fewer)")
    shot.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a rule option, repeatable (default: the game's defaults, listed below)")
    shot.add_argument("--out", required=True, metavar="FILE.png", help="where to write the image (required)")
    shot.set_defaults(func=cmd_screenshot)

    rep = command("replay", "check and replay a saved game, or watch it",
                  "Load a save file, replay every action through the rules and say how the game stands; "
                  "with --watch, a window deals the game again and plays its moves back at the bots' pace.")
    rep.add_argument("file", help="a save file (the table saves to ~/.tabletop/saves/)")
    rep.add_argument("--watch", action="store_true",
                     help="watch the game played back in a window (default: check it and print how it stands)")
    rep.set_defaults(func=cmd_replay)
    add_online_commands(sub)
    return p


def main(argv: list[str] | None = None, prog: str = "tabletop") -> int:
    """Run the command line; returns the exit status (0 ok, 1 no display, 2 bad input, 130 Ctrl+C)."""
    try:
        args = parser(prog).parse_args(argv)
        where = f"{prog} {args.command}" if args.command else prog
        try:
            if args.command is None:
                return cmd_default(args)
            return args.func(args)
        except (UsageError, SaveFileError, SceneError) as exc:
            print(f"{where}: error: {exc}", file=sys.stderr)
            return 2
        except (KeyError, ValueError) as exc:  # an unknown bot level or option, a seat count
            print(f"{where}: error: {exc.args[0] if exc.args else exc}", file=sys.stderr)
            return 2
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return INTERRUPTED
