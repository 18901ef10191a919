"""Every game, played to its end by bot clients over real connections on loopback; every
message a seat received holds exactly ``view(seat)`` and the onlooker view, nothing else."""
from __future__ import annotations

import asyncio

import pytest

from simulator.engine import GameRecord, game_names
from simulator.engine.registry import entry

from .loopback import bot_joins, close_all, host, check_updates, run, start_server

SEATS = {"wham-bam": 2, "zoo-wee-mama": 3, "wie-weet-wat": 3, "mamma": 2, "wackelbett": 2}


@pytest.mark.parametrize("game_id", game_names())
def test_each_game_is_played_to_the_end_by_remote_clients_and_each_seat_sees_only_its_view(game_id):
    players = SEATS.get(game_id, entry(game_id).game_class.min_players)
    # the last seat is a server bot, the others are remote clients
    kinds = {players - 1: "random"}

    async def scenario():
        server, address = await start_server()
        hoster, hosted = await host(address, game_id, players, kinds=kinds, seed=5)
        bots = await bot_joins(address, hosted["code"], players - 1)
        finals = await asyncio.gather(*(b.play(timeout=40) for b in bots))
        record = GameRecord.of(server.tables[hosted["code"]].state)
        await close_all(server, hoster, *bots)
        return finals, bots, record

    finals, bots, record = run(scenario(), timeout=60)
    assert all(f["over"] for f in finals)
    assert finals[0]["winners"] == record.replay().winners()
    updates = [(bot.seats[0], m) for bot in bots for m in bot.received if m["type"] == "update"]
    assert check_updates(record, updates) > len(bots) * 3
