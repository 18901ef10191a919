"""Two real table screens (headless) play through a server: clicks on one screen become
moves on the other, and neither ever holds the other's hidden cards."""
from __future__ import annotations

import json
import os
import time

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from simulator.games.wham_bam.rules import PlayCard  # noqa: E402
from simulator.games.wham_bam.view import DECK_POS  # noqa: E402
from simulator.net.client import ClientThread, wait_for_welcome  # noqa: E402
from simulator.net.server import ServerThread  # noqa: E402
from simulator.ui.headless import init_headless  # noqa: E402
from simulator.ui.remote_table import RemoteTableScene  # noqa: E402
from simulator.ui.theme import GOLD, SCREEN_SIZE, SIDEBAR_RECT  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def screen():
    return init_headless()


def click(scene, pos):
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def screen_for(address, first):
    client = ClientThread(address, first)
    welcome, hosted, rest = wait_for_welcome(client, timeout=5)
    return RemoteTableScene(None, client, welcome, rest), hosted


def test_two_screens_play_wham_bam_through_a_server_and_never_hold_each_others_cards():
    server = ServerThread("127.0.0.1", 0, rate=500, burst=500)
    address = f"{server.address[0]}:{server.address[1]}"
    try:
        ann, hosted = screen_for(address, {
            "type": "host", "game": "wham-bam", "players": 2, "seed": 8, "bot_pace": 0,
            "seats": [{"name": "Ann", "kind": "local"}, {"name": "Bob", "kind": "remote"}]})
        bob, _ = screen_for(address, {"type": "hello", "code": hosted["code"], "name": "Bob"})
        table = server.server.tables[hosted["code"]]
        screens = {0: ann, 1: bob}
        moves = 0
        for _ in range(3000):
            if moves >= 6 or table.state.is_over():
                break
            for seat, scene in screens.items():
                scene.update(1 / 60)
                assert set(scene.state.update["views"]) == {str(seat)}, "a screen received another seat's view"
                if scene.state.update["version"] == table.version:
                    assert not table.state.hidden_from(seat) & _cards_in(scene.state.update)
            turn = table.state.current_players()[0]
            scene = screens[turn]
            if scene.view.legal and scene.view.viewer == turn and not scene.view.busy():
                choice = scene.view.legal[0]
                pos = scene.view.sprites.rect_of(("card", choice.card)).center if isinstance(choice, PlayCard) \
                    else DECK_POS
                before = len(table.state.history)
                click(scene, pos)
                for _ in range(200):                       # bounded: the server's update comes back
                    scene.update(1 / 60)
                    if len(table.state.history) > before and scene.state.update["version"] > before:
                        break
                    time.sleep(0.005)
                assert len(table.state.history) == before + 1, f"the click on {choice} did nothing"
                assert table.state.history[-1] == choice
                moves += 1
            time.sleep(0.002)
        assert moves >= 6
        for _ in range(100):
            for scene in screens.values():
                scene.update(1 / 60)
            if all(s.state.update["version"] == table.version for s in screens.values()):
                break
            time.sleep(0.01)
        for seat, scene in screens.items():
            assert scene.state.update["version"] == table.version
            assert scene.state.view(seat) == json.loads(json.dumps(table.state.view(seat)))
            assert not table.state.hidden_from(seat) & _cards_in(scene.state.update)
            scene.draw(pygame.display.get_surface())
        for scene in screens.values():
            scene.client.close()
    finally:
        server.stop()


def _cards_in(update) -> set[int]:
    found: set[int] = set()

    def walk(node, key=""):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, int) and not isinstance(node, bool) and key.endswith(("card", "cards")):
            found.add(node)

    walk({"views": update["views"], "onlooker": update["onlooker"]})
    return found


def press(scene, key: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    scene.handle_event(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    for event in pygame.event.get():
        scene.handle_event(event)


def run_until(scene, done, seconds: float = 10.0) -> None:
    """Let the screen run (its frames and the network) until ``done()``, at most ``seconds``."""
    end = time.monotonic() + seconds
    scene.update(1 / 60)
    while not done():
        assert time.monotonic() < end, "timed out"
        scene.update(1 / 60)
        time.sleep(0.005)


def test_wie_weet_wat_online_a_buzz_and_a_typed_word_reach_the_server_dated_by_its_clock():
    from simulator.games.wie_weet_wat.rules import Answer

    server = ServerThread("127.0.0.1", 0, rate=500, burst=500)
    address = f"{server.address[0]}:{server.address[1]}"
    try:
        scene, hosted = screen_for(address, {
            "type": "host", "game": "wie-weet-wat", "players": 3, "seed": 4, "bot_pace": 0,
            "seats": [{"name": "Ann", "kind": "random"}, {"name": "You", "kind": "local"},
                      {"name": "Cleo", "kind": "random"}]})
        table = server.server.tables[hosted["code"]]
        run_until(scene, lambda: scene.view.view.get("phase") == "answer" and 1 in scene.state.current_players())
        press(scene, pygame.K_SPACE)                        # buzz
        run_until(scene, lambda: scene.view.buzzed == 1 and scene.view.entry is not None, 3)   # the box opens
        box = table.clock.boxes[1]
        word = next(a.word for a in scene.view.legal if isinstance(a, Answer))
        for ch in word:
            scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        press(scene, pygame.K_RETURN)
        run_until(scene, lambda: any(a["seat"] == 1 for a in table.state.view(None)["answers"]) or
                  table.state.phase != "answer", 3)
        given = [a for a in table.state.view(None)["answers"] if a["seat"] == 1] or \
            [e for e in table.state.events if e.get("seat") == 1 and e.get("word")]
        scene.client.close()
    finally:
        server.stop()
    assert given, "the typed answer never reached the server"
    assert given[0]["word"].lower() == word.lower()
    assert abs(given[0]["at_ms"] - box.buzz_ms) < 1000      # typed at once: it counts at the buzz


def test_wackelbett_onlookers_replay_each_placement_and_see_the_servers_verdict_after_it_settles():
    server = ServerThread("127.0.0.1", 0, rate=500, burst=500)
    address = f"{server.address[0]}:{server.address[1]}"
    try:
        host_client = ClientThread(address, {
            "type": "host", "game": "wackelbett", "players": 2, "seed": 3, "bot_pace": 0,
            "seats": [{"name": "Ann", "kind": "steady"}, {"name": "Bob", "kind": "steady"}]})
        _, hosted, _ = wait_for_welcome(host_client)
        watcher, _ = screen_for(address, {"type": "hello", "code": hosted["code"], "watch": True})
        assert watcher.held == [] and watcher.viewer is None
        end = time.monotonic() + 40
        while len(watcher.view.live_checks) < 3:       # the screen's own replay vs the server's verdict
            assert time.monotonic() < end, "timed out"
            watcher.update(1 / 60)
            time.sleep(0.002)                            # a screen waits for its next frame: the server runs
        assert watcher.view.legal == []                  # an onlooker cannot act
        assert "Ctrl+Z undo" not in watcher.key_hints() and not any(
            label.startswith(("Undo", "Save", "Load")) for label, _ in watcher.menu_items())
        watcher.client.close()
        host_client.close()
    finally:
        server.stop()
    assert all(matches for _, matches in watcher.view.live_checks), watcher.view.live_checks


def test_two_players_at_one_remote_screen_pass_the_device_between_their_turns():
    from simulator.ui.overlays import HandOffOverlay

    server = ServerThread("127.0.0.1", 0, rate=500, burst=500)
    address = f"{server.address[0]}:{server.address[1]}"
    try:
        scene, hosted = screen_for(address, {
            "type": "host", "game": "zoo-wee-mama", "players": 3, "seed": 2, "bot_pace": 0,
            "seats": [{"name": "Ann", "kind": "local"}, {"name": "Bob", "kind": "local"},
                      {"name": "Cleo", "kind": "random"}]})
        assert scene.humans == [0, 1]
        handoffs = set()
        end = time.monotonic() + 15
        while len(handoffs) < 2:
            assert time.monotonic() < end, "timed out"
            scene.update(1 / 60)
            if scene.overlays and isinstance(scene.overlays[0], HandOffOverlay):
                assert scene.viewer is None            # every hand is hidden behind the hand-off
                assert scene.view.view == scene.state.update["onlooker"]   # the public view only
                handoffs.add(scene.overlays[0].name)
                press(scene, pygame.K_RETURN)
            elif scene.view.legal and scene.viewer in scene.humans:
                scene.try_action(scene.view.legal[0])   # a player at this screen moves
            elif scene.overlays:
                press(scene, pygame.K_RETURN)
            time.sleep(0.002)
        scene.client.close()
    finally:
        server.stop()
    assert handoffs == {"Ann", "Bob"}


@pytest.mark.parametrize("game, players", [("wackelbett", 2), ("zoo-wee-mama", 2), ("mamma", 2),
                                           ("wie-weet-wat", 3)])
def test_a_player_who_joins_later_is_named_in_the_sentences_of_the_screens_already_there(game, players):
    """The host's screen opened while seat 2 was still "Player 2"; once Bob sits down every
    sentence on it (the headline, the log, the bids) names him."""
    server = ServerThread("127.0.0.1", 0, rate=500, burst=500)
    address = f"{server.address[0]}:{server.address[1]}"
    try:
        seats = [{"name": "Ann", "kind": "local"}, {"name": "", "kind": "remote"}]
        seats += [{"name": "Cleo", "kind": "random"}] * (players - 2)
        ann, hosted = screen_for(address, {"type": "host", "game": game, "players": players, "seed": 3,
                                           "bot_pace": 0, "seats": seats})
        before = ann.view.words.does(1, 0, "plays", "play") if hasattr(ann.view.words, "does") else ""
        bob, _ = screen_for(address, {"type": "hello", "code": hosted["code"], "name": "Bob"})
        run_until(ann, lambda: ann.view.name(1) == "Bob")
        assert ann.view.words.names[1] == "Bob"
        if before:
            assert "Bob" not in before and ann.view.words.does(1, 0, "plays", "play") == "Bob plays"
        for scene in (ann, bob):
            scene.client.close()
    finally:
        server.stop()


def test_nobody_at_an_online_table_is_called_you():
    """Every screen calls its own player "You"; a seat or a joiner named so would read as the
    viewer on the others' screens, so the table gives that seat its plain name instead."""
    server = ServerThread("127.0.0.1", 0, rate=500, burst=500)
    address = f"{server.address[0]}:{server.address[1]}"
    try:
        ann, hosted = screen_for(address, {"type": "host", "game": "wham-bam", "players": 3, "bot_pace": 0,
                                           "seats": [{"name": "You", "kind": "local"}, {"name": "", "kind": "remote"},
                                                     {"name": "Cleo", "kind": "remote"}]})
        bob, _ = screen_for(address, {"type": "hello", "code": hosted["code"], "name": " you "})
        run_until(ann, lambda: ann.seats[1].name != "Player 2" or ann.welcome["seats"][1]["control"] == "human")
        assert [s.name for s in ann.seats] == ["Player 1", "Player 2", "Cleo"]
        assert [s.name for s in bob.seats] == ["Player 1", "Player 2", "Cleo"]
        for scene in (ann, bob):
            scene.client.close()
    finally:
        server.stop()


def test_the_host_screen_says_it_waits_for_the_others_until_every_seat_is_taken():
    """It said "Your turn: play a card..." before Bob had joined, and the click was refused."""
    server = ServerThread("127.0.0.1", 0, rate=500, burst=500)
    address = f"{server.address[0]}:{server.address[1]}"
    try:
        ann, hosted = screen_for(address, {"type": "host", "game": "wham-bam", "players": 2, "seed": 8,
                                           "bot_pace": 0, "seats": [{"name": "Ann", "kind": "local"},
                                                                    {"name": "Bob", "kind": "remote"}]})
        ann.update(1 / 60)
        assert ann.status() == "Waiting for Bob to join: the game starts when every seat is taken"
        assert (ann.seat_tag(0), ann.seat_tag(1)) == ("you", "to join")
        bob, _ = screen_for(address, {"type": "hello", "code": hosted["code"], "name": "Bob"})
        run_until(ann, lambda: ann.state.update.get("started"))
        assert not ann.status().startswith("Waiting for") and ann.seat_tag(1) == "human"
        for scene in (ann, bob):
            scene.client.close()
    finally:
        server.stop()


def test_two_joiners_with_one_name_are_told_apart_and_a_long_name_is_cut_to_what_a_plate_shows():
    server = ServerThread("127.0.0.1", 0, rate=500, burst=500)
    address = f"{server.address[0]}:{server.address[1]}"
    try:
        ann, hosted = screen_for(address, {
            "type": "host", "game": "wham-bam", "players": 4, "seed": 8, "bot_pace": 0,
            "seats": [{"name": "Ann", "kind": "local"}] + [{"name": f"Guest {i}", "kind": "remote"} for i in (1, 2, 3)]})
        joiners = [screen_for(address, {"type": "hello", "code": hosted["code"], "name": name})[0]
                   for name in ("Bob", "Bartholomew-Maximilian", "bartholomew-maximilian")]
        names = [s.name for s in server.server.tables[hosted["code"]].seats]
        assert names == ["Ann", "Bob", "Bartholomew-Maxi", "bartholomew-ma 2"]
        for _ in range(300):                 # bounded: the earlier joiner hears who sat down after
            joiners[0].update(1 / 60)
            if [s.name for s in joiners[0].seats] == names:
                break
            time.sleep(0.01)
        assert [s.name for s in joiners[0].seats] == names
        for scene in (ann, *joiners):
            scene.client.close()
    finally:
        server.stop()


def test_a_server_stopped_and_started_again_gets_its_players_back_by_themselves(tmp_path):
    server = ServerThread("127.0.0.1", 0, rate=500, burst=500, state_dir=tmp_path)
    port = server.address[1]
    address = f"127.0.0.1:{port}"
    again = None
    try:
        ann, hosted = screen_for(address, {
            "type": "host", "game": "wham-bam", "players": 2, "seed": 8, "bot_pace": 0,
            "seats": [{"name": "Ann", "kind": "local"}, {"name": "Bob", "kind": "remote"}]})
        bob, _ = screen_for(address, {"type": "hello", "code": hosted["code"], "name": "Bob"})
        server.stop()                                     # `serve` stopped with Ctrl+C: saved, back later
        for _ in range(200):
            bob.update(1 / 60)
            if not bob.connected:
                break
            time.sleep(0.01)
        assert not bob.connected and not bob.closed, "told the server stopped, not that the table is gone"
        again = ServerThread("127.0.0.1", port, rate=500, burst=500, state_dir=tmp_path)
        end = time.monotonic() + 15
        while not bob.connected:                          # bounded: the screen rejoins by itself
            assert time.monotonic() < end, "Bob's screen did not rejoin"
            bob.update(1 / 60)
            time.sleep(0.01)
        assert bob.held == [1] and bob.status() != "Connection lost: trying to rejoin the table..."
        for scene in (ann, bob):
            scene.client.close()
    finally:
        server.stop()
        if again is not None:
            again.stop()


def test_the_onlookers_footer_names_the_table_inside_the_window():
    """It read "watching online table R3ED-E76HTP" cut off at the window's right edge."""
    server = ServerThread("127.0.0.1", 0, rate=500, burst=500)
    address = f"{server.address[0]}:{server.address[1]}"
    try:
        host_client = ClientThread(address, {
            "type": "host", "game": "mamma", "players": 3, "seed": 2, "bot_pace": 0,
            "seats": [{"name": "Ann", "kind": "remote"}, {"name": "Bot", "kind": "good"},
                      {"name": "Cat", "kind": "good"}]})
        _, hosted, _ = wait_for_welcome(host_client)
        watcher, _ = screen_for(address, {"type": "hello", "code": hosted["code"], "watch": True})
        surface = pygame.Surface(SCREEN_SIZE)
        watcher.draw(surface)
        footer = pygame.Rect(SIDEBAR_RECT.left, SCREEN_SIZE[1] - 38, SIDEBAR_RECT.width, 22)
        gold = [x for x in range(footer.left, footer.right) for y in range(footer.top, footer.bottom)
                if surface.get_at((x, y))[:3] == GOLD]
        assert gold, "the footer names the table"
        assert max(gold) < SCREEN_SIZE[0] - 4, "the footer's words run off the window"
        watcher.client.close()
        host_client.close()
    finally:
        server.stop()
