"""The Online screen, clicked as a person would: host a table (a server starts here and the
table opens with its code), and join it from a second screen by typing address and code."""
from __future__ import annotations

import os
import time

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from simulator.ui.app import App  # noqa: E402
from simulator.ui.online import ONLINE, OnlineScene  # noqa: E402
from simulator.ui.remote_table import RemoteTableScene  # noqa: E402


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    return App(headless=True)


def click(scene, element) -> None:
    """Click a pygame-gui element and deliver the events it raises, as the app loop does."""
    pos = element.get_abs_rect().center
    pygame.event.clear()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, pos=pos, button=1))
    scene.update(1 / 60)
    for event in pygame.event.get():
        scene.handle_event(event)


def type_into(scene, entry, words: str) -> None:
    click(scene, entry)
    entry.set_text("")
    for ch in words:
        scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    scene.update(1 / 60)


def test_hosting_from_the_online_screen_opens_a_table_others_join_with_its_code(app):
    host_screen = OnlineScene(app)
    app.push(host_screen)
    host_screen.bind = "127.0.0.1"
    type_into(host_screen, host_screen.port_entry, "0")
    assert host_screen.seat_rows[1][1].selected_option[0] == ONLINE
    click(host_screen, host_screen.host_button)
    try:
        table = app.scene
        assert isinstance(table, RemoteTableScene), host_screen.error
        address, code = table.invite.split("  code ")
        assert table.state.update["started"] is False       # waiting for the online player
        guest_app_screen = OnlineScene(app)
        type_into(guest_app_screen, guest_app_screen.join_entries[0], address)
        type_into(guest_app_screen, guest_app_screen.join_entries[1], code.lower())   # any case will do
        type_into(guest_app_screen, guest_app_screen.join_entries[2], "Bob")
        app.push(guest_app_screen)
        click(guest_app_screen, guest_app_screen.join_button)
        guest = app.scene
        assert isinstance(guest, RemoteTableScene), guest_app_screen.join_error
        assert guest.held == [1] and guest.seats[1].name == "Bob"
        for _ in range(200):                     # bounded: the host's screen hears the game start
            table.update(1 / 60)
            if table.state.update["started"]:
                break
            time.sleep(0.01)
        assert table.state.update["started"] and table.seats[1].name == "Bob"
        table.draw(app.screen)
        guest.client.close()
        table.client.close()
    finally:
        host_screen.server.stop()


def test_the_launchers_play_online_button_opens_the_online_screen(app):
    from simulator.ui.launcher import LauncherScene

    launcher = LauncherScene(app)
    app.push(launcher)
    click(launcher, launcher.online)
    assert isinstance(app.scene, OnlineScene)
    click(app.scene, app.scene.back)
    assert app.scene is launcher


def host(app) -> tuple[OnlineScene, RemoteTableScene]:
    """Host the Online screen's first game on loopback, as clicked: the screen and the table."""
    host_screen = OnlineScene(app)
    app.push(host_screen)
    host_screen.bind = "127.0.0.1"
    type_into(host_screen, host_screen.port_entry, "0")
    click(host_screen, host_screen.host_button)
    table = app.scene
    assert isinstance(table, RemoteTableScene), host_screen.error
    return host_screen, table


def test_a_host_whose_server_stopped_resumes_the_table_and_gets_their_seat_back(app, tmp_path):
    from simulator.net.server import ServerThread
    from simulator.ui.online import connect_screen

    host_screen, table = host(app)
    address, code = table.invite.split("  code ")
    table.client.close()
    host_screen.server.stop()                                  # the host left: the server stops, saved
    port = int(address.rsplit(":", 1)[1])
    again = ServerThread("127.0.0.1", port, state_dir=tmp_path / "server")   # `serve` on the same folder
    try:
        assert code in again.server.tables
        resumed = connect_screen(app, f"127.0.0.1:{port}", code)  # the remembered token takes the seat back
        assert resumed.held == [0] and resumed.seats[0].name == "Player 1"
        resumed.client.close()
    finally:
        again.stop()


def test_rejoining_while_the_earlier_window_still_holds_the_seat_says_so_and_keeps_the_seat(app):
    """Bob's first window is still connected (left open, or its line not yet noticed dead) when
    he joins again from the same machine: he is told his seat is still held by that earlier
    connection -- not that every seat is taken -- and his remembered seat token is kept."""
    from simulator.net.client import ClientThread, Refused, wait_for_welcome
    from simulator.net.server import ServerThread
    from simulator.ui.online import connect_screen, remembered_tokens

    server = ServerThread("127.0.0.1", 0)
    address = f"127.0.0.1:{server.address[1]}"
    try:
        host = ClientThread(address, {"type": "host", "game": "wham-bam", "players": 2, "seed": 1,
                                      "seats": [{"name": "Ann", "kind": "local"}, {"name": "", "kind": "remote"}]})
        _, hosted, _ = wait_for_welcome(host)
        first = connect_screen(app, address, hosted["code"], name="Bob")
        token = remembered_tokens(address, hosted["code"])
        assert first.held == [1] and token
        with pytest.raises(Refused, match="still held by an earlier connection"):
            connect_screen(app, address, hosted["code"], name="Bob")
        assert remembered_tokens(address, hosted["code"]) == token
        first.client.close()
        host.close()
    finally:
        server.stop()


def test_a_wrong_join_code_is_told_in_the_join_panel_not_by_the_host_button(app):
    from simulator.net.server import ServerThread
    from simulator.ui.online import JOIN_PANEL

    server = ServerThread("127.0.0.1", 0)
    try:
        screen = OnlineScene(app)
        app.push(screen)
        type_into(screen, screen.join_entries[0], f"127.0.0.1:{server.address[1]}")
        type_into(screen, screen.join_entries[1], "ZZZZ-ZZZZZZ")
        click(screen, screen.join_button)
        assert app.scene is screen and screen.join_error == "no table has that code" and screen.error == ""
        screen.draw(app.screen)

        def reddish(area: pygame.Rect) -> int:
            shot = app.screen.subsurface(area)
            return sum(1 for x in range(area.width) for y in range(area.height)
                       if (c := shot.get_at((x, y))).r > 200 and 120 < c.g < 180 and 120 < c.b < 180)

        assert reddish(pygame.Rect(JOIN_PANEL.left, JOIN_PANEL.top + 255, JOIN_PANEL.width, 70)) > 50
        assert reddish(pygame.Rect(690, 645, 560, 70)) == 0
    finally:
        server.stop()


def host_and_join(app) -> tuple[OnlineScene, RemoteTableScene, RemoteTableScene]:
    """Host a two-seat table from the Online screen and join it as Bob from a second screen."""
    host_screen, table = host(app)
    address, code = table.invite.split("  code ")
    guest_screen = OnlineScene(app)
    app.push(guest_screen)
    for entry, words in zip(guest_screen.join_entries, (address, code, "Bob")):
        type_into(guest_screen, entry, words)
    click(guest_screen, guest_screen.join_button)
    guest = app.scene
    assert isinstance(guest, RemoteTableScene), guest_screen.join_error
    for _ in range(200):                     # bounded: both screens hear the game start
        table.update(1 / 60)
        guest.update(1 / 60)
        if table.state.update["started"] and guest.state.update["started"]:
            break
        time.sleep(0.01)
    return host_screen, table, guest


def hears_the_host_closed(guest: RemoteTableScene) -> None:
    for _ in range(300):                     # bounded: the guest hears the goodbye
        guest.update(1 / 60)
        if guest.closed:
            break
        time.sleep(0.01)
    assert guest.status() == "The table is closed: the host closed the table"


def choose(scene: RemoteTableScene, label: str) -> None:
    """Press the button reading ``label`` on the overlay on top (the Esc menu or a question)."""
    import pygame_gui

    button = next(b for b in scene.overlays[0].buttons if b.text == label)
    scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    scene.update(1 / 60)


def test_the_host_is_asked_before_leaving_closes_the_table_and_the_guest_is_told_why(app):
    host_screen, table, guest = host_and_join(app)
    try:
        table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        labels = [b.text for b in table.overlays[0].buttons]
        assert not any(label.startswith(("Save game", "Load game")) for label in labels), labels
        assert not {"Ctrl+S save", "Ctrl+O load"} & set(table.key_hints())
        choose(table, "Quit")
        assert table.overlays[0].title == "You host this table: it closes for everyone when you leave"
        choose(table, "Stay at the table")
        assert host_screen.server.thread.is_alive(), "staying keeps the table open"
        table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        choose(table, "New game")
        choose(table, "Close the table and leave")
        hears_the_host_closed(guest)
        from simulator.games.wham_bam.rules import DrawCard

        assert guest.try_action(DrawCard(1)) is False, "no move goes to a closed table"
        assert guest.view.refusal is None, "the top line and the plate say it already"
        assert guest.view.legal == [], "nothing glows at a closed table"
        guest.draw(app.screen)
        guest.client.close()
    finally:
        host_screen.server.stop()


def plays_until_the_others_turn(scene: RemoteTableScene, seat: int) -> None:
    """``seat``, at ``scene``, makes moves until the server says it is no longer its turn (bounded)."""
    for _ in range(20):
        if scene.state.current_players() != (seat,):
            return
        assert scene.try_action(scene.state.legal_actions(seat)[0])
        version = scene.state.update["version"]
        for _ in range(300):
            scene.update(1 / 60)
            if scene.state.update["version"] != version:
                break
            time.sleep(0.01)
    raise AssertionError(f"seat {seat} kept the turn")


def test_a_player_away_holds_up_only_their_own_turns(app):
    host_screen, table, guest = host_and_join(app)
    try:
        plays_until_the_others_turn(guest, 1)          # whoever the deal made first: now it is the host's turn
        guest.client.close()                           # Bob's line drops
        for _ in range(300):
            table.update(1 / 60)
            if table.waiting_for() == ["Bob"] and table.state.current_players() == (0,):
                break
            time.sleep(0.01)
        assert table.waiting_for() == ["Bob"] and table.state.current_players() == (0,)
        assert "away" not in table.status(), "the host's own turn is announced, not Bob's absence"
        plays_until_the_others_turn(table, 0)
        assert table.status() == "Bob is away: the table waits"
    finally:
        table.client.close()
        host_screen.server.stop()


def test_a_server_that_is_not_there_or_a_port_in_use_is_told_in_words(app):
    import socket

    from simulator.net.server import ServerThread

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]           # nothing listens here once the socket closes
    screen = OnlineScene(app)
    app.push(screen)
    for entry, words in zip(screen.join_entries, (f"127.0.0.1:{free}", "ABCD-EFGHIJ", "Bob")):
        type_into(screen, entry, words)
    click(screen, screen.join_button)
    assert screen.join_error == f"no table server answers at 127.0.0.1:{free}: is it running, and is that its port?"
    busy = ServerThread("127.0.0.1", 0)
    try:
        screen.bind = "127.0.0.1"
        type_into(screen, screen.port_entry, str(busy.address[1]))
        click(screen, screen.host_button)
        assert screen.error == (f"port {busy.address[1]} is already in use on this machine (by another table?): "
                                "choose another port")
    finally:
        busy.stop()


@pytest.mark.parametrize("large_text", [False, True], ids=["normal", "larger-text"])
def test_the_host_panel_shows_every_title_whole_at_every_game_and_seat_count(tmp_path, monkeypatch, large_text):
    import warnings

    from simulator.engine import entry
    from simulator.ui.settings import Settings
    from tests.ui.panel_checks import widgets_fit

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    app = App(headless=True, settings=Settings(large_text=large_text))
    screen = OnlineScene(app)
    app.push(screen)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for game_id in screen.games:
            title = entry(game_id).game_class.title
            if screen.game_id != game_id:
                screen.game_id = game_id
                screen._build_host()
            for seats in [int(o[0]) for o in screen.count_menu.options_list]:
                screen._build_host(seats)
                widgets_fit(screen.host_panel, f"{title}, {seats} seats")
    cut = [str(w.message) for w in caught if "too small" in str(w.message)]
    assert not cut, cut


def test_the_hosts_typed_name_stays_when_the_game_or_the_seat_count_changes(app):
    from tests.ui.person import click as click_at, frames

    screen = OnlineScene(app)
    app.push(screen)
    frames(app, 2)
    type_into(screen, screen.seat_rows[0][0], "Hana")
    click_at(app, screen.game_menu.rect.center)          # open the drop-down, then click "Mamma" in it
    item = next(i for i in screen.game_menu.current_state.options_selection_list.item_list if i["text"] == "Mamma")
    click_at(app, item["button_element"].rect.center)
    assert screen.game_id == "mamma" and screen.seat_rows[0][0].get_text() == "Hana"


def test_closing_the_hosts_window_closes_the_table_properly_and_the_guest_is_told(app, monkeypatch):
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the guest's screen lives in this process too
    host_screen, table, guest = host_and_join(app)
    try:
        app.scenes[:] = [host_screen, table]              # the host's window: the guest's screen is another app
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # the window's close button
        app.run()
        assert not host_screen.server.thread.is_alive(), "the server stopped (and saved) with the window"
        hears_the_host_closed(guest)
        guest.client.close()
    finally:
        host_screen.server.stop()
