"""The online commands: ``python -m simulator serve`` and ``python -m simulator join ADDRESS CODE``.

``serve`` runs a headless table server (it can open a table itself with ``--table``);
``join`` opens the table screen on a table a server holds. Kept apart from cli.py so
the online part stays in one place; cli.py only calls :func:`add_online_commands`.
"""
from __future__ import annotations

import argparse
import textwrap
import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Any

from simulator.engine import bot_levels, entry, game_names
from simulator.net.discovery import lan_address
from simulator.net.protocol import BURST, RATE_PER_SECOND


def _table_request(args: argparse.Namespace) -> dict[str, Any]:
    """The host request ``--table`` and its options make; ValueError names a bad option."""
    cls = entry(args.table).game_class
    players = args.players or cls.min_players
    bots = args.bots or []
    if len(bots) >= players:
        raise ValueError(f"--bot fills at most {players - 1} of the {players} seats")
    levels = bot_levels(args.table)
    for level in bots:
        if level not in levels:
            raise ValueError(f"--bot {level}: {cls.title} bots are {', '.join(levels)}")
    seats = [{"name": f"Player {i + 1}", "kind": "remote"} for i in range(players - len(bots))]
    seats += [{"name": f"Bot {i + 1}", "kind": level} for i, level in enumerate(bots)]
    options: dict[str, str] = {}
    for pair in args.option:
        name, _, value = pair.partition("=")
        options[name.strip()] = value.strip()
    request: dict[str, Any] = {"type": "host", "game": args.table, "players": players, "seats": seats,
                               "options": options, "wait_seconds": args.wait, "takeover": args.takeover}
    if args.seed is not None:
        request["seed"] = args.seed
    return request


def cmd_serve(args: argparse.Namespace) -> int:
    from simulator.net.config import TableConfig
    from simulator.net.discovery import advertise
    from simulator.net.server import TableServer, bind_problem

    config = TableConfig.from_json(_table_request(args)) if args.table else None  # bad options: before serving

    async def main() -> None:
        stop = asyncio.Event()
        for signal_number in (signal.SIGINT, signal.SIGTERM):  # before "Serving": a Ctrl+C from then on saves
            asyncio.get_running_loop().add_signal_handler(signal_number, stop.set)
        server = TableServer(state_dir=args.state_dir, rate=args.rate, burst=max(BURST, int(2 * args.rate)),
                             expire_after=args.expire * 3600, announce=lambda line: print(line, flush=True))
        host, port = await server.start(args.host, args.port)
        shown = lan_address() if host in ("0.0.0.0", "::") else host
        print(f"Serving online tables on {shown}:{port}  (autosaves in {args.state_dir}; "
              f"{len(server.tables)} {'table' if len(server.tables) == 1 else 'tables'} resumed)", flush=True)
        for code, table in server.tables.items():
            print(f"  resumed {table.game.title}: join with  python -m simulator join {shown}:{port} {code}"
                  "  (after a restart on the same port its players rejoin by themselves; after its host\n"
                  "   closed it, or on another port, they join again with this line)", flush=True)
        if config is not None:
            table = server.create_table(config)
            print(f"{table.game.title} for {table.game.players}: join with\n"
                  f"  python -m simulator join {shown}:{port} {table.code}", flush=True)
        lan = advertise(port) if args.lan else None
        try:
            await stop.wait()
        finally:
            if lan is not None:
                lan.close()
            await server.close()
        print("Stopped; the tables are saved.", flush=True)

    try:
        asyncio.run(main())
    except OSError as exc:
        print(f"error: {bind_problem(args.host, args.port, exc)}", file=sys.stderr)
        return 2
    return 0


def cmd_join(args: argparse.Namespace) -> int:
    from simulator.ui.app import App, display_problem

    problem = display_problem()
    if problem:
        print(f"No display ({problem}): cannot open a window here.")
        return 1
    from simulator.ui.online import connect_screen

    app = App(title="Tabletop: online table")
    try:
        scene = connect_screen(app, args.address, args.code, name=args.name, watch=args.watch)
    except ConnectionError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{'Watching' if args.watch else 'Joined'} table {scene.welcome['code']} at {args.address}")
    app.push(scene)
    app.run()
    return 0


def add_online_commands(sub: argparse._SubParsersAction) -> None:
    """Add ``serve`` and ``join`` to the command line's sub-commands."""
    serve = sub.add_parser(
        "serve", help="run a headless server for online tables",
        description=textwrap.fill("Run a table server that owns the games: it runs the bots and the referee and "
                                  "sends each seat only what it may see. Players join with the join command "
                                  "(join ADDRESS CODE) or from the launcher's Online screen; a restart "
                                  "resumes every unfinished table from its autosave.", 92))
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default: 0.0.0.0, every interface)")
    serve.add_argument("--port", type=int, default=8765, help="port (default: 8765)")
    home = Path(os.environ.get("TABLETOP_HOME") or Path.home() / ".tabletop")  # as the launcher's user_dir
    serve.add_argument("--state-dir", default=str(home / "server"),
                       help="folder for the tables' autosaves; a restart resumes them (default: %(default)s)")
    serve.add_argument("--table", choices=game_names(),
                       help="open a table of this game and print its code (default: none, hosts open tables)")
    serve.add_argument("--players", type=int, help="seats at that table (default: the game's fewest)")
    serve.add_argument("--bot", dest="bots", action="append", metavar="LEVEL",
                       help="a bot seat of this level, repeatable; the other seats are for players (default: none)")
    serve.add_argument("--seed", type=int, help="that table's deal (default: a random one)")
    serve.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                       help="a rule option for that table, repeatable (default: the game's defaults)")
    serve.add_argument("--wait", type=float, default=60.0,
                       help="seconds a dropped player's seat waits before a bot keeps it (default: 60)")
    serve.add_argument("--takeover", default="random",
                       help="bot level that keeps a dropped player's seat after the wait, or none (default: random)")
    serve.add_argument("--rate", type=float, default=RATE_PER_SECOND,
                       help=f"messages a connection may send per second (default: {RATE_PER_SECOND:g})")
    serve.add_argument("--expire", type=float, default=24.0, metavar="HOURS",
                       help="close a table nobody has been at for this long, here or in its autosave (default: 24)")
    serve.add_argument("--lan", action="store_true", help="announce the server on the local network; needs the "
                       "optional zeroconf package, pip install '.[lan]' (default: off)")
    serve.set_defaults(func=cmd_serve)

    join = sub.add_parser(
        "join", help="open a table on a server, with its join code",
        description=textwrap.fill("Open the table of an online server in a window: take a seat with the join "
                                  "code the host was shown, or watch as an onlooker.", 92))
    join.add_argument("address", help="the server: HOST or HOST:PORT")
    join.add_argument("code", help="the table's join code, e.g. K7QM-XR2PAT")
    join.add_argument("--name", default="", help="your name at the table (default: the seat's name)")
    join.add_argument("--watch", action="store_true",
                      help="watch as an onlooker instead of taking a seat (default: take a seat)")
    join.set_defaults(func=cmd_join)


