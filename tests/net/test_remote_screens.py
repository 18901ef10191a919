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
