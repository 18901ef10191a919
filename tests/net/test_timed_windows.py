"""Wie Weet Wat online: the server times the answers (RULES.md, "Online: network delay").

These tests drive a table the way the server does for each message (join, act, claim),
with members that record what they are sent and a clock the test moves, so delays and
buzz times are exact."""
from __future__ import annotations

from simulator.games.wie_weet_wat.rules import Answer, ChooseCategory, DrawCategory
from simulator.games.wie_weet_wat.buzzer import TYPE_SECONDS, typing_ms
from simulator.net.clock import MAX_COMPENSATION_MS
from simulator.net.config import TableConfig
from simulator.net.table import OnlineTable


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class Player:
    """A member: its name, the round trip the server measured for it, what it was sent."""

    def __init__(self, name: str, round_trip: float) -> None:
        self.name = name
        self.round_trip = round_trip
        self.inbox: list[dict] = []

    def send(self, message: dict) -> None:
        self.inbox.append(message)

    def last(self, kind: str) -> dict:
        return next(m for m in reversed(self.inbox) if m["type"] == kind)


def window_table():
    """Three players online; the reader (seat 0) has read a category: the window is open."""
    config = TableConfig.from_json({"game": "wie-weet-wat", "players": 3, "seed": 11, "bot_pace": 0,
                                    "seats": [{"name": n, "kind": "remote"} for n in ("Ann", "Bob", "Cleo")]})
    clock = Clock()
    table = OnlineTable(config, "TEST-CODE00", now=clock)
    players = [Player("Ann", 0.01), Player("Bob", 0.02), Player("Cleo", 0.30)]
    for player in players:
        table.join(player)
    reader = table.state.current_players()[0]
    assert table.act(players[reader], reader, DrawCategory(reader).to_json())
    choose = next(a for a in table.state.legal_actions(reader) if isinstance(a, ChooseCategory))
    assert table.act(players[reader], reader, choose.to_json())
    assert table.clock.is_open and table.clock.ms() == 0
    return table, clock, players, reader


def an_answer(table, seat: int, at_ms: int) -> dict:
    answer = next(a for a in table.state.legal_actions(seat) if isinstance(a, Answer))
    return {**answer.to_json(), "at_ms": at_ms}


def test_a_buzz_is_dated_at_its_arrival_less_the_senders_delay_and_nothing_stops_the_clock():
    table, clock, players, reader = window_table()
    bob, cleo = [s for s in range(3) if s != reader][:2]
    clock.t += 2.0
    table.claim(players[bob], bob)               # arrives at 2000 ms
    clock.t += 0.05
    table.claim(players[cleo], cleo)             # arrives at 2050 ms on a slow line (150 ms, counted up to 100)
    boxes = table.clock.boxes
    assert round(boxes[bob].buzz_ms) == 2000 - players[bob].round_trip * 500
    assert round(boxes[cleo].buzz_ms) == 2050 - MAX_COMPENSATION_MS     # Cleo buzzed first, and counts first
    clock.t += 3.0
    assert round(table.clock.ms()) == 5050        # both are typing; the clock runs on
    table.claim(players[bob], bob)
    assert "already" in players[bob].last("refused")["reason"]   # one buzz per category


def test_an_answer_counts_at_the_buzz_plus_the_time_beyond_typing_it():
    table, clock, players, reader = window_table()
    seat = (reader + 1) % 3
    clock.t += 4.0
    table.claim(players[seat], seat)
    buzz = table.clock.boxes[seat].buzz_ms
    answer = an_answer(table, seat, 0)            # claims 0 ms: the server knows better
    allowed = typing_ms(answer["word"]) / 1000
    clock.t += allowed + 1.5                      # typed, then dawdled 1.5 s
    assert table.act(players[seat], seat, answer)
    given = table.state.view(None)["answers"][-1]
    assert given["seat"] == seat and given["at_ms"] == round(buzz + 1500)


def test_an_answer_box_that_runs_out_spends_the_buzz_and_the_seat_passes():
    import asyncio

    table, clock, players, reader = window_table()
    seat = (reader + 1) % 3
    clock.t += 1.0
    table.claim(players[seat], seat)
    clock.t += TYPE_SECONDS + 0.01
    asyncio.run(asyncio.wait_for(table.step(), 5))
    assert seat not in table.state.current_players()
    assert seat not in table.clock.boxes


def test_an_answer_without_a_buzz_counts_at_its_arrival_less_the_senders_delay():
    table, clock, players, reader = window_table()
    seat = (reader + 2) % 3
    clock.t += 3.0
    assert table.act(players[seat], seat, an_answer(table, seat, 100))   # cannot claim earlier than it arrived
    given = table.state.view(None)["answers"][-1]
    assert given["at_ms"] == 3000 - min(MAX_COMPENSATION_MS, players[seat].round_trip * 500)


def test_the_server_closes_the_window_at_the_deadline():
    import asyncio

    table, clock, players, reader = window_table()
    clock.t += table.clock.deadline_ms / 1000 + 0.01
    asyncio.run(asyncio.wait_for(table.step(), 5))
    assert table.state.phase != "answer"
    assert any(m["type"] == "update" and m["referee"] and m["referee"]["kind"] == "close-window"
               for m in players[0].inbox)


def test_a_restarted_server_resumes_an_open_window_at_its_latest_answer():
    table, clock, players, reader = window_table()
    seat = (reader + 1) % 3
    clock.t += 6.0
    assert table.act(players[seat], seat, an_answer(table, seat, 0))
    latest = table.state.view(None)["answers"][-1]["at_ms"]
    saved = table.to_saved()
    later = Clock()
    resumed = OnlineTable.from_saved(saved, now=later)
    assert resumed.clock.is_open and round(resumed.clock.ms()) == latest
