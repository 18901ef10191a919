"""Faults: a dropped player rejoins with their token; an absent player's seat waits, then a
bot keeps it until they return; a restarted server resumes from its autosave; undo
needs the other players' consent and never goes past a reveal."""
from __future__ import annotations

import asyncio

from simulator.net.bot_client import BotClient
from simulator.net.client import TableClient

from .loopback import bot_joins, close_all, drain, host, run, start_server


async def controller_once(table, seat: int, wanted, seconds: float) -> str:
    """Who plays ``seat`` once ``wanted(controller)`` holds, polled every 10 ms for at most ``seconds``."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not wanted(table.controller(seat)) and loop.time() < end:
        await asyncio.sleep(0.01)
    return table.controller(seat)


def test_a_dropped_player_rejoins_with_their_token_and_gets_their_current_view():
    async def scenario():
        server, address = await start_server()
        hoster, hosted = await host(address, "wham-bam", 2, kinds={1: "random"}, seed=3, takeover="none")
        (bot,) = await bot_joins(address, hosted["code"], 1)
        token = bot.received[0]["tokens"]["0"]
        await bot.play(timeout=10, until=lambda u: u["version"] >= 6)
        await bot.client.ws.close()                      # the line drops mid-game
        table = server.tables[hosted["code"]]
        await controller_once(table, 0, lambda c: c != "human", 3.0)
        for _ in range(300):                              # the server's bot moves until the table waits for seat 0
            if table.state.current_players() == (0,):
                break
            await asyncio.sleep(0.01)
        away = table.seats_json()[0]
        version_while_away = table.version
        back = BotClient(await TableClient.open(address), seed=9)
        welcome = await back.join(hosted["code"], tokens=[token])
        update = back.last
        current_view = table.state.view(0)
        final = await back.play(timeout=20)
        await close_all(server, hoster, back)
        return away, version_while_away, welcome, update, current_view, final

    away, version_while_away, welcome, update, current_view, final = run(scenario())
    assert away["present"] is False and away["control"] == "waiting"   # takeover "none": the table waits
    assert welcome["you"] == [0]
    assert update["version"] == version_while_away
    assert update["views"]["0"]["hand_cards"] == current_view["hand_cards"]
    assert final["over"]


def test_an_absent_players_seat_is_kept_by_a_bot_after_the_wait_and_given_back_on_return():
    async def scenario():
        server, address = await start_server()
        hoster, hosted = await host(address, "zoo-wee-mama", 2, seed=4, wait_seconds=1.0, takeover="random")
        bots = await bot_joins(address, hosted["code"], 2)
        token = bots[1].received[0]["tokens"]["1"]
        await bots[1].client.ws.close()
        table = server.tables[hosted["code"]]
        dropped_at = len(table.state.history)
        waiting = await controller_once(table, 1, lambda c: c != "human", 0.9)   # noticed within the wait
        taken = await controller_once(table, 1, lambda c: c == "bot", 3.0)
        progressed = await bots[0].play(timeout=10, until=lambda u: u["version"] >= 4)
        back = BotClient(await TableClient.open(address), seed=3)
        await back.join(hosted["code"], tokens=[token])
        returned = table.controller(1)
        played_for = sum(a.player == 1 for a in table.state.history[dropped_at:])  # the returner has not played yet
        told = next(m for m in back.received if m["type"] == "welcome")["bot_moves"]
        finals = await asyncio.gather(bots[0].play(timeout=20), back.play(timeout=20))
        await close_all(server, hoster, bots[0], back)
        return waiting, taken, progressed, returned, finals, played_for, told

    waiting, taken, progressed, returned, finals, played_for, told = run(scenario())
    assert (waiting, taken, returned) == ("waiting", "bot", "human")
    assert played_for > 0 and told == {"1": played_for}, "the returning player is told what was played for them"
    assert progressed["version"] >= 4
    assert all(f["over"] for f in finals)


def test_a_restarted_server_resumes_the_table_from_its_autosave(tmp_path):
    async def scenario():
        server, address = await start_server(state_dir=tmp_path)
        hoster, hosted = await host(address, "mamma", 2, kinds={1: "random"}, seed=6)
        (bot,) = await bot_joins(address, hosted["code"], 1)
        token = bot.received[0]["tokens"]["0"]
        await bot.play(timeout=10, until=lambda u: u["version"] >= 10)
        before = server.tables[hosted["code"]]
        log_before = [a.to_json() for a in before.state.history]
        await close_all(server, hoster, bot)             # the server stops (and saves)
        server2, address2 = await start_server(state_dir=tmp_path)
        resumed = server2.tables[hosted["code"]]
        again = BotClient(await TableClient.open(address2), seed=1)
        await again.join(hosted["code"], tokens=[token])
        update = again.last
        final = await again.play(timeout=30)
        await close_all(server2, again)
        return log_before, [a.to_json() for a in resumed.state.history[:len(log_before)]], update, final

    log_before, log_resumed, update, final = run(scenario(), timeout=45)
    assert log_resumed == log_before and len(log_before) >= 10
    assert update["version"] == len(log_before) and update["views"]["0"]
    assert final["over"]
    assert not list(tmp_path.glob("*.json")), "a finished table's file is removed once everyone has left"


def test_undo_needs_the_other_players_consent_and_never_goes_past_a_reveal():
    async def scenario():
        server, address = await start_server()
        hoster, hosted = await host(address, "wham-bam", 2, seed=1)
        code = hosted["code"]
        a, b = await TableClient.open(address), await TableClient.open(address)
        await a.send({"type": "hello", "code": code})
        await b.send({"type": "hello", "code": code})
        wa, wb = await a.until("welcome", 3), await b.until("welcome", 3)
        seat_a = wa["you"][0]
        table = server.tables[code]
        mover = a if seat_a in table.state.current_players() else b
        seat = seat_a if mover is a else wb["you"][0]
        other = b if mover is a else a
        play = next(x for x in table.state.legal_actions(seat) if x.kind == "play")
        await drain(a, 0.1), await drain(b, 0.1)
        await mover.send({"type": "act", "seat": seat, "action": play.to_json()})
        await mover.until("update", 3)
        after_move = len(table.state.history)
        await mover.send({"type": "undo", "seat": seat})
        request = await other.until("undo-request", 3)
        await other.send({"type": "consent", "request": request["request"], "agree": False})
        refused = await mover.until("undo-result", 3)
        refused = refused if not refused.get("pending") else await mover.until("undo-result", 3)
        kept = len(table.state.history)
        await mover.send({"type": "undo", "seat": seat})
        request = await other.until("undo-request", 3)
        await other.send({"type": "consent", "request": request["request"], "agree": True})
        done = await mover.until("undo-result", 3)
        done = done if not done.get("pending") else await mover.until("undo-result", 3)
        undone = len(table.state.history)
        # play on until a move reveals a card (a draw): no undo reaches back past it
        for _ in range(60):
            turn = table.state.current_players()[0]
            drawer = mover if turn == seat else other
            await drawer.send({"type": "act", "seat": turn, "action": table.state.legal_actions(turn)[0].to_json()})
            await drawer.until("update", 3)
            if table.state.undo_floor == len(table.state.history):
                break
        await drain(drawer, 0.05)
        await drawer.send({"type": "undo", "seat": turn})
        past_reveal = await drawer.until("undo-result", 3)
        await close_all(server, hoster, a, b)
        return after_move, refused, kept, done, undone, past_reveal

    after_move, refused, kept, done, undone, past_reveal = run(scenario())
    assert not refused["done"] and "said no" in refused["reason"]
    assert kept == after_move
    assert done["done"] and undone == after_move - 1
    assert not past_reveal["done"] and "your last move drew or showed cards" in past_reveal["reason"]


def test_a_table_nobody_is_at_expires_and_an_old_autosave_is_not_resumed(tmp_path):
    """Issue 30: tables that never end lived for ever (in memory, in the autosave, resumed on every
    restart). A table nobody has been at for the server's expiry time is closed, its file removed,
    and the server says so; an autosave older than that is not resumed."""
    import json
    import time

    from simulator.net.client import TableClient

    async def scenario():
        said = []
        server, address = await start_server(state_dir=tmp_path, expire_after=0.6, announce=said.append)
        hoster, hosted = await host(address, "wham-bam", 2, seed=1)
        code = hosted["code"]
        await asyncio.sleep(1.0)
        kept_while_here = code in server.tables
        await hoster.ws.close()
        for _ in range(40):
            await asyncio.sleep(0.1)
            if code not in server.tables:
                break
        stranger = await TableClient.open(address)
        await stranger.send({"type": "hello", "code": code})
        gone = await stranger.until("error", 3)
        await close_all(server, stranger)
        return kept_while_here, said, gone

    kept, said, gone = run(scenario())
    assert kept, "a table somebody is at does not expire"
    assert any("nobody has been at it" in line for line in said) and "no table has that code" in gone["reason"]
    assert not list(tmp_path.glob("*.json")), "its autosave is gone too"

    async def resumed_from(saved: dict):
        (tmp_path / f"{saved['code']}.json").write_text(json.dumps(saved))
        said = []
        server, _ = await start_server(state_dir=tmp_path, expire_after=3600, announce=said.append)
        found = saved["code"] in server.tables
        await server.close()
        return found, said

    async def a_saved_table():
        server, address = await start_server(state_dir=tmp_path)
        hoster, hosted = await host(address, "wham-bam", 2, seed=1)
        saved = server.tables[hosted["code"]].to_saved()
        await close_all(server, hoster)
        for path in tmp_path.glob("*.json"):
            path.unlink()
        return saved

    saved = run(a_saved_table())
    assert run(resumed_from(saved))[0], "a fresh autosave is resumed"
    old = {**saved, "last_seen": time.time() - 7200}
    found, said = run(resumed_from(old))
    assert not found and any(saved["code"] in line for line in said)
