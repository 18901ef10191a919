"""The Online screen: host a table for friends on other machines, or join one.

**Host an online table**: choose the game, the rule options and who sits where (a player
online, a player at this screen, or a bot); a server starts on this machine and the
table opens with its address and join code on screen (and printed), for the others to
type into **Join a table** (or ``python -m simulator join ADDRESS CODE``). Seat tokens
are remembered in ``~/.tabletop/online/``, so joining the same table again takes the
same seat back.
"""
from __future__ import annotations

import json
from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UITextEntryLine

from simulator.engine import bot_levels, entry, load_game
from simulator.net.client import ClientThread, Refused, server_url, wait_for_welcome
from simulator.net.discovery import available as lan_available
from simulator.net.discovery import advertise, browse, lan_address
from simulator.net.server import ServerThread

from .app import App, user_dir
from .catalogue import playable_games, seat_choices
from .remote_table import RemoteTableScene
from .theme import GOLD, SCREEN_SIZE, TEXT_DIM, felt, text, text_block, ui_manager

Rect = pygame.Rect
ONLINE = "Player online"
HERE = "Player here"
KEEP_WAITING = "Keep waiting"
DEFAULT_PORT = 8765
MAX_OPTIONS = 7   # rule options the host screen has room for; any further ones keep their defaults
HOST_PANEL = Rect(40, 110, 780, 530)
JOIN_PANEL = Rect(840, 110, 400, 530)


# -- seat tokens remembered between sessions -----------------------------------------------
def _tokens_file():
    return user_dir("online") / "tokens.json"


def remembered_tokens(address: str, code: str) -> list[str]:
    try:
        data = json.loads(_tokens_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    tokens = data.get(f"{server_url(address)}|{code.upper()}", []) if isinstance(data, dict) else []
    return [t for t in tokens if isinstance(t, str)]


def remember_tokens(address: str, code: str, tokens: list[str]) -> None:
    path = _tokens_file()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        data = data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        data = {}
    data[f"{server_url(address)}|{code.upper()}"] = tokens
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


# -- opening a remote table --------------------------------------------------------------
def connect_screen(app: App | None, address: str, code: str, *, name: str = "", watch: bool = False,
                   on_leave: Callable[[], None] | None = None) -> RemoteTableScene:
    """Join ``code`` at ``address`` (with remembered tokens, if any) and return its table screen.
    Raises ConnectionError with the reason if the server refuses or cannot be reached."""
    hello: dict[str, Any] = {"type": "hello", "code": code, "name": name}
    tokens = [] if watch else remembered_tokens(address, code)
    if tokens:
        hello["tokens"] = tokens
    if watch:
        hello["watch"] = True
    client = ClientThread(address, hello)
    try:
        welcome, _, rest = wait_for_welcome(client)
    except Refused as refused:
        client.close()
        if not tokens:
            raise
        # The seats this machine holds are held by another window of it (a second player here,
        # or an earlier window not yet let go), or the tokens are stale: take a free seat.
        hello.pop("tokens")
        client = ClientThread(address, hello)
        try:
            welcome, _, rest = wait_for_welcome(client)
        except Refused:
            client.close()
            if refused.unknown_token:
                raise
            raise refused from None   # no free seat: the reason that matters is the held one
        if refused.unknown_token:
            tokens = []               # stale: forget them
    if welcome["tokens"]:
        new = list(welcome["tokens"].values())
        remember_tokens(address, welcome["code"], list(dict.fromkeys([*tokens, *new])))
    return RemoteTableScene(app, client, welcome, rest, on_leave=on_leave)


def host_table(app: App | None, request: dict[str, Any], *, port: int = DEFAULT_PORT, bind: str = "0.0.0.0",
               on_leave: Callable[[], None] | None = None) -> tuple[RemoteTableScene, ServerThread, str]:
    """Start a server here (on ``bind``: every interface by default), open ``request`` (a host
    message) on it and return the host's screen, the server and the invitation (address and
    code). Raises OSError or ConnectionError."""
    server = ServerThread(bind, port, state_dir=user_dir("server"))
    local = f"127.0.0.1:{server.address[1]}"
    client = ClientThread(local, request)
    try:
        welcome, hosted, rest = wait_for_welcome(client)
    except ConnectionError:
        client.close()
        server.stop()
        raise
    assert hosted is not None
    remember_tokens(local, hosted["code"], list(hosted["tokens"].values()))
    announcement = advertise(server.address[1]) if bind == "0.0.0.0" else None   # None without zeroconf

    closed: list[bool] = []

    def close_table() -> None:
        if not closed:
            closed.append(True)
            if announcement is not None:
                announcement.close()
            server.stop("the host closed the table", back=False)

    def leave() -> None:
        close_table()
        if on_leave:
            on_leave()

    if app is not None:
        app.at_exit(close_table)  # Quit, or the window closed: the table still closes properly

    shown = lan_address() if bind == "0.0.0.0" else bind
    invite = f"{shown}:{server.address[1]}  code {hosted['code']}"
    scene = RemoteTableScene(app, client, welcome, rest, on_leave=leave)
    scene.invite = invite
    scene.hosting = True
    print(f"Hosting {scene.game.title}: friends join with  python -m simulator join {invite.replace('  code', '')}",
          flush=True)
    return scene, server, invite


# -- the screen ----------------------------------------------------------------------------
class OnlineScene:
    """Host an online table or join one (see the module docstring)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.manager = ui_manager()
        self.games = playable_games()
        self.game_id = self.games[0]
        self.error = ""        # why hosting failed (shown by the Host button)
        self.join_error = ""   # why joining failed (shown in the Join panel)
        self.found: list[tuple[str, str]] = []
        self.bind = "0.0.0.0"   # where a hosted server listens (tests keep it on loopback)
        self.server: ServerThread | None = None
        m = self.manager
        self.host_panel = UIPanel(HOST_PANEL, manager=m)
        self.join_panel = UIPanel(JOIN_PANEL, manager=m)
        self.back = UIButton(Rect(40, 652, 140, 48), "Back", m)
        self.host_button = UIButton(Rect(460, 652, 220, 48), "Host table", m, object_id="#big_button")
        self.seat_rows: list[tuple[UITextEntryLine, UIDropDownMenu]] = []
        self._build_join()
        self._build_host()

    # -- join ----------------------------------------------------------------------------------
    def _build_join(self) -> None:
        m, p = self.manager, self.join_panel
        UILabel(Rect(16, 10, 360, 36), "Join a table", m, container=p, object_id="#heading_label")
        rows = (("Address", "host or host:port"), ("Code", "e.g. K7QM-XR2PAT"), ("Your name", "as the others see it"))
        self.join_entries: list[UITextEntryLine] = []
        for i, (label, hint) in enumerate(rows):
            y = 56 + 48 * i
            UILabel(Rect(16, y, 110, 32), label, m, container=p, object_id="#left_label")
            entry_line = UITextEntryLine(Rect(130, y, 250, 32), m, container=p, placeholder_text=hint)
            self.join_entries.append(entry_line)
        self.join_button = UIButton(Rect(130, 210, 120, 44), "Join", m, container=p, object_id="#big_button")
        self.watch_button = UIButton(Rect(260, 210, 120, 44), "Watch", m, container=p)
        self.find_button = UIButton(Rect(16, 330, 364, 36), "Find servers on this network", m, container=p)
        if not lan_available():
            self.find_button.disable()
        self.found_buttons: list[tuple[UIButton, str]] = []

    def _show_found(self) -> None:
        for button, _ in self.found_buttons:
            button.kill()
        self.found_buttons = []
        for i, (name, address) in enumerate(self.found[:4]):
            button = UIButton(Rect(16, 376 + 36 * i, 364, 32), f"{name}  ({address})", self.manager,
                              container=self.join_panel)
            self.found_buttons.append((button, address))
        self.join_error = "" if self.found else "No server announced itself on this network."

    # -- host ----------------------------------------------------------------------------------
    def _build_host(self, seats: int | None = None) -> None:
        cls = entry(self.game_id).game_class
        self.seat_count = seats or min(cls.max_players, max(cls.min_players, 2))
        self.host_panel.kill()
        m = self.manager
        self.host_panel = p = UIPanel(HOST_PANEL, manager=m)
        UILabel(Rect(16, 8, 500, 36), "Host an online table", m, container=p, object_id="#heading_label")
        titles = [entry(g).game_class.title for g in self.games]
        self.titles = dict(zip(titles, self.games))
        self.game_menu = UIDropDownMenu(titles, entry(self.game_id).game_class.title, Rect(16, 50, 260, 32), m,
                                        container=p)
        UILabel(Rect(290, 50, 70, 32), "Seats", m, container=p, object_id="#left_label")
        counts = [str(n) for n in seat_choices(cls) if n >= 2 or cls.max_players == 1]
        self.count_menu = UIDropDownMenu(counts, str(self.seat_count), Rect(360, 50, 80, 32), m, container=p)
        kinds = [ONLINE, HERE] + [f"Bot: {level}" for level in bot_levels(self.game_id)]
        names = [name.get_text() for name, _ in self.seat_rows]  # typed names carry over
        self.seat_rows = []
        for i in range(self.seat_count):  # two seats a row
            x, y = 16 + 376 * (i % 2), 92 + 38 * (i // 2)
            name = UITextEntryLine(Rect(x, y, 150, 32), m, container=p,
                                   initial_text=names[i] if i < len(names) else f"Player {i + 1}")
            name.set_text_length_limit(16)
            kind = UIDropDownMenu(kinds, HERE if i == 0 else ONLINE, Rect(x + 156, y, 200, 32), m, container=p)
            self.seat_rows.append((name, kind))
        y = 100 + 38 * ((self.seat_count + 1) // 2)
        self.option_widgets: dict[str, Any] = {}
        game = load_game(self.game_id, players=self.seat_count)
        shown = game.option_specs[:MAX_OPTIONS]
        for k, spec in enumerate(shown):  # one a row: a title is read whole
            x, row_y = 16, y + 38 * k
            UILabel(Rect(x, row_y, 330, 32), spec.display_title, m, container=p, object_id="#left_label")
            if spec.kind is bool or spec.choices:
                values = [("on", "on"), ("off", "off")] if spec.kind is bool else \
                    [(spec.label_of(c), str(c)) for c in spec.choices]
                now = values[0 if spec.default else 1] if spec.kind is bool else \
                    values[spec.choices.index(spec.default)]
                widget = UIDropDownMenu(values, now, Rect(x + 340, row_y, 240, 32), m, container=p)
            else:
                widget = UITextEntryLine(Rect(x + 340, row_y, 240, 32), m, container=p, initial_text=str(spec.default))
            self.option_widgets[spec.name] = widget
        y += 38 * len(shown) + 8
        if len(game.option_specs) > len(shown):
            UILabel(Rect(16, y - 8, 600, 24), f"({len(game.option_specs) - len(shown)} more rule options keep "
                    "their defaults)", m, container=p, object_id="#left_label")
            y += 20
        UILabel(Rect(16, y, 250, 32), "If a player drops: wait", m, container=p, object_id="#left_label")
        self.wait_entry = UITextEntryLine(Rect(270, y, 60, 32), m, container=p, initial_text="60")
        self.wait_entry.set_allowed_characters("numbers")
        UILabel(Rect(336, y, 100, 32), "s, then", m, container=p, object_id="#left_label")
        takeovers = [f"Bot: {level}" for level in bot_levels(self.game_id)] + [KEEP_WAITING]
        self.takeover_menu = UIDropDownMenu(takeovers, takeovers[-2], Rect(440, y, 180, 32), m, container=p)
        UILabel(Rect(456, 50, 50, 32), "Port", m, container=p, object_id="#left_label")
        self.port_entry = UITextEntryLine(Rect(510, 50, 100, 32), m, container=p, initial_text=str(DEFAULT_PORT))
        self.port_entry.set_allowed_characters("numbers")

    def host_request(self) -> dict[str, Any]:
        """The host message for what is chosen on screen (raises ValueError if a value is wrong)."""
        game = load_game(self.game_id, players=self.seat_count)
        options: dict[str, Any] = {}
        for spec in game.option_specs[:MAX_OPTIONS]:
            widget = self.option_widgets[spec.name]
            if spec.kind is bool:
                options[spec.name] = widget.selected_option[1] == "on"
            elif spec.choices:
                options[spec.name] = type(spec.default)(widget.selected_option[1])
            else:
                options[spec.name] = spec.check(widget.get_text())
        seats = []
        for i, (name, kind) in enumerate(self.seat_rows):
            label = kind.selected_option[0]
            seat_kind = {ONLINE: "remote", HERE: "local"}.get(label, label.removeprefix("Bot: "))
            seats.append({"name": name.get_text().strip() or f"Player {i + 1}", "kind": seat_kind})
        if not any(s["kind"] == "remote" for s in seats):
            raise ValueError("Make at least one seat a player online.")
        takeover = self.takeover_menu.selected_option[0]
        return {"type": "host", "game": self.game_id, "players": self.seat_count, "options": options,
                "seats": seats, "wait_seconds": float(self.wait_entry.get_text() or 60),
                "takeover": "none" if takeover == KEEP_WAITING else takeover.removeprefix("Bot: ")}

    # -- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.manager.process_events(event)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.game_menu:
                self.game_id = self.titles[event.text]
                self._build_host()
            elif event.ui_element is self.count_menu:
                self._build_host(int(event.text))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.host_button:
                self.host()
            elif event.ui_element in (self.join_button, self.watch_button):
                self.join(watch=event.ui_element is self.watch_button)
            elif event.ui_element is self.find_button:
                self.found = browse()
                self._show_found()
            for button, address in self.found_buttons:
                if event.ui_element is button:
                    self.join_entries[0].set_text(address)

    def host(self) -> None:
        try:
            request = self.host_request()
            port = int(self.port_entry.get_text() or DEFAULT_PORT)
            scene, self.server, invite = host_table(self.app, request, port=port, bind=self.bind,
                                                    on_leave=self.app.pop)
        except (ValueError, OSError, ConnectionError) as exc:
            self.error = str(exc)
            return
        self.app.push(scene)
        self.app.notify(f"Table open: friends join at {invite}", seconds=8)

    def join(self, *, watch: bool = False) -> None:
        address, code, name = (e.get_text().strip() for e in self.join_entries)
        if not address or not code:
            self.join_error = "Type the host's address and the table's code."
            return
        try:
            scene = connect_screen(self.app, address, code, name=name, watch=watch, on_leave=self.app.pop)
        except ConnectionError as exc:
            self.join_error = str(exc)
            return
        self.join_error = ""
        self.app.push(scene)

    def update(self, dt: float) -> None:
        self.manager.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(SCREEN_SIZE), (0, 0))
        text(surface, "Play online", (40, 28), size=48, bold=True, colour=GOLD, shadow=True)
        text(surface, "Host a table for friends on other machines, or join theirs with its address and code.",
             (44, 88), size=18, colour=(220, 230, 224))
        if self.error:
            text_block(surface, self.error[:200], Rect(700, 648, 540, 60), size=15, colour=(255, 150, 150))
        self.manager.draw_ui(surface)
        if self.join_error:   # under the Join and Watch buttons, over the panel
            text_block(surface, self.join_error[:200], Rect(JOIN_PANEL.left + 16, JOIN_PANEL.top + 262, 368, 64),
                       size=15, colour=(255, 150, 150))
        if not lan_available():
            text(surface, "(finding servers needs the optional zeroconf package)",
                 (JOIN_PANEL.left + 16, JOIN_PANEL.top + 374), size=13, colour=TEXT_DIM)
