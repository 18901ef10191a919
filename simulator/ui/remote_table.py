"""An online table on this screen: the ordinary :class:`TableScene`, fed from a server.

The server owns the game; this screen holds only what its seats may see, in a
:class:`MirrorState` that answers the table's questions (whose turn, this seat's view
and legal actions) from the server's last update and sends actions back as JSON. So a
remote player gets the same table, animations and hot-seat privacy as at home; an
onlooker holds no seat, sees the onlooker view and cannot act.

A verdict of the table's referee (Wackelbett's physics) arrives with the update that
follows it; it is held until this screen's own replay of the placement has settled and
the game's view asks for it, so everyone watches the same settle before the verdict.
"""
from __future__ import annotations

import time
from typing import Any, Callable

import pygame

from simulator.engine import REFEREE, Action, IllegalAction, SeatInfo, load_game

from .app import App
from .overlays import MenuOverlay
from .table import TableScene, TableSetup
from .theme import DANGER, GOLD, SCREEN_SIZE, SIDEBAR, SIDEBAR_RECT, TABLE_RECT, font, panel, text

HOLD_LIMIT = 30.0   # seconds a verdict waits for this screen's replay before it is shown anyway
SENT_KEPT = 64        # recent actions remembered, so a refusal can name the action it refuses
RETRY_SECONDS = 2.0  # a lost connection is tried again this often (the server may be restarting)


class RemoteClock:
    """The server's clock of a timed window, run on between its messages."""

    def __init__(self) -> None:
        self.data: dict[str, Any] | None = None
        self.received = time.monotonic()

    def set(self, data: dict[str, Any] | None) -> None:
        self.data = data
        self.received = time.monotonic()

    def ms(self) -> float:
        d = self.data
        if d is None:
            return 0.0
        return min(float(d["deadline_ms"]), d["ms"] + (time.monotonic() - self.received) * 1000.0 * d["scale"])

    def boxes(self) -> dict[int, dict[str, Any]]:
        """Open answer boxes by seat: the buzz (ms on the clock) and the seconds left."""
        return {int(seat): box for seat, box in (self.data or {}).get("boxes", {}).items()}


class MirrorState:
    """What this screen knows of the game: the server's last update for its seats.

    It offers the part of the State interface the table uses; ``apply`` sends a seat's
    action to the server (a refusal comes back later, with the reason) and plays a
    held referee verdict.
    """

    def __init__(self, game: Any, send: Callable[[int, Action], None], first: dict[str, Any]) -> None:
        self.game = game
        self.send = send
        self.update = first
        self.waiting: list[dict[str, Any]] = []      # updates behind a held verdict
        self.held_since: float | None = None
        self.history: list[Action] = []
        self.undo_floor = 0
        self._legal: dict[int, list[Action]] = {}
        self.offline = False   # no line to the server: no move can go, so none is offered

    # -- fed by the network ---------------------------------------------------------------
    def receive(self, update: dict[str, Any]) -> bool:
        """Take a server update; False while it waits behind a verdict the screen has not shown."""
        self.waiting.append(update)
        return self._advance()

    def _advance(self, *, release: bool = False) -> bool:
        moved = False
        while self.waiting:
            head = self.waiting[0]
            if head.get("referee") and self.current_players() == (REFEREE,) and not release:
                if self.held_since is None:
                    self.held_since = time.monotonic()
                if time.monotonic() - self.held_since < HOLD_LIMIT:
                    return moved
            release = False
            self.held_since = None
            self._show(self.waiting.pop(0))
            moved = True
        return moved

    def tick(self) -> bool:
        """Let a verdict through that waited too long; True if the table changed."""
        return bool(self.waiting) and self._advance()

    def _show(self, update: dict[str, Any]) -> None:
        self.update = update
        self._legal = {}

    def held_verdict(self) -> Action | None:
        """The referee's decision waiting to be shown, if it has arrived."""
        if self.waiting and self.waiting[0].get("referee"):
            return self.game.decode_action(self.waiting[0]["referee"])
        return None

    # -- what the table asks -----------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        return tuple(self.update["current"])

    def legal_actions(self, seat: int) -> list[Action]:
        if self.offline:
            return []
        if seat not in self._legal:
            self._legal[seat] = [self.game.decode_action(a) for a in self.update["legal"].get(str(seat), [])]
        return self._legal[seat]

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.update["views"].get(str(seat), self.update["onlooker"]) if seat is not None \
            else self.update["onlooker"]

    def is_over(self) -> bool:
        return bool(self.update["over"])

    def winners(self) -> list[int]:
        return list(self.update["winners"])

    def apply(self, action: Action) -> None:
        """Send a seat's action to the server, or show the held verdict (REFEREE)."""
        if action.player == REFEREE:
            if self.held_verdict() is None:
                raise IllegalAction("The table's verdict has not arrived yet.")
            self._advance(release=True)
            return
        if str(action.player) not in self.update["legal"]:
            raise IllegalAction("It is not your turn." if action.player in range(self.game.players)
                                else "That is not your seat.")
        self.send(action.player, action)


class RemoteTableScene(TableScene):
    """A :class:`TableScene` whose game lives on a server (see the module docstring).

    ``client`` is a :class:`~simulator.net.client.ClientThread`; ``welcome`` is the
    server's welcome message (game, seats, the seats this screen holds); ``messages``
    are those received since, starting with the first update (see
    :func:`~simulator.net.client.wait_for_welcome`).
    """

    def __init__(self, app: App | None, client: Any, welcome: dict[str, Any], messages: list[dict[str, Any]], *,
                 on_leave: Callable[[], None] | None = None) -> None:
        self.client = client
        self.first, self.backlog = messages[0], messages[1:]
        self.welcome = welcome
        self.held = [int(s) for s in welcome["you"]]
        self.sent: dict[int, Action] = {}
        self.message_id = 0
        self.clock = RemoteClock()
        self.connected = True
        self.retry_in = 0.0
        self.invite = ""    # the host's screen shows where and how friends join
        self.hosting = False   # this screen's machine runs the table's server: leaving closes it
        self.closed = ""       # why the server said goodbye (then this screen stops trying to rejoin)
        game = load_game(welcome["game"], players=welcome["players"], **welcome["options"])
        seats = tuple(SeatInfo(s["name"], "human" if s["kind"] in ("remote", "local") else s["kind"])
                      for s in welcome["seats"])
        super().__init__(app, TableSetup(game, seats, 0), on_leave=on_leave)
        self.bots = {}
        self.clock.set(self.first.get("clock"))
        note = self.bot_moves_note(welcome)
        if note:
            self.notify(note)
        for message in self.backlog:
            self.receive(message)

    @staticmethod
    def bot_moves_note(welcome: dict[str, Any]) -> str:
        """What a bot played for this screen's players while they were away, in a sentence (the
        log says "You played" of those moves too: they were made for your seat); "" if nothing."""
        moves = sum(welcome.get("bot_moves", {}).values())
        return f"While you were away a bot played {moves} move{'s' if moves != 1 else ''} for you." if moves else ""

    # -- the hooks of TableScene ----------------------------------------------------------------
    def open_state(self, setup: TableSetup) -> MirrorState:
        return MirrorState(setup.game, self._send_action, self.first)

    def local_humans(self) -> list[int]:
        return list(self.held)

    def _send_action(self, seat: int, action: Action) -> None:
        self.message_id += 1
        self.sent[self.message_id] = action   # to show which action a refusal is about
        self.sent.pop(self.message_id - SENT_KEPT, None)
        self.client.send({"type": "act", "seat": seat, "action": action.to_json(), "id": self.message_id})

    def try_action(self, action, *, quiet: bool = False) -> bool:
        """Send a person's action (or the steps of one gesture) to the server. The table is not
        redrawn from the old view meanwhile: a card dropped on the pile stays there until the
        server's update moves it on, instead of springing back while the message travels.
        Without a connection no move goes (the top line and the plate in the table's middle say
        why; a refusal would say it a third time)."""
        steps = action if isinstance(action, list) else [action]
        if not self.connected and any(step.player != REFEREE for step in steps):  # a held verdict is here already
            self.refresh()
            return False
        for step in steps:
            try:
                self.state.apply(step)
            except IllegalAction as exc:
                if not quiet:
                    self.view.refused(step, str(exc))
                self.refresh()
                return False
        self.bot_timer = 0.0
        self.view.refusal = None  # a move sent: what was refused before is no longer the news
        if any(step.player == REFEREE for step in steps):
            self._after_update()   # a held verdict was let through: show the table after it
        return True

    def machine_moves(self, seat: int) -> None:
        """Bots are the server's; a referee verdict is shown when the game's view does not ask for it."""
        if seat == REFEREE and self.state.held_verdict() is not None:
            self.state.apply(self.state.held_verdict())
            self._after_update()

    def bot_choice(self, seat: int) -> None:
        return None  # the server moves its bots

    def referee_choice(self) -> Action | None:
        return self.state.held_verdict()

    # -- the network -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for message in self.client.poll():
            self.receive(message)
        if not self.connected:
            self.retry_in -= dt
            if self.retry_in <= 0:
                self._reconnect()
        if self.state.tick():
            self._after_update()
        super().update(dt)

    def receive(self, message: dict[str, Any]) -> None:
        """Act on one message from the server."""
        kind = message.get("type")
        if kind == "update":
            self.clock.set(message.get("clock"))
            if self.state.receive(message):
                self.bot_timer = 0.0
                self._after_update()
        elif kind == "clock":
            self.clock.set(message.get("clock"))
        elif kind == "refused":
            action = self.sent.get(message.get("id"))
            self.view.refused(action, message["reason"])
            self.refresh()
        elif kind == "seats":
            self._seats_changed(message["seats"])
        elif kind == "undo-request":
            self._ask_consent(message)
        elif kind == "undo-result":
            if message.get("done"):
                self.state.waiting.clear()
            self.notify(message["reason"])
        elif kind == "welcome":
            self._set_connected(True)
            self.notify(f"Back at the table. {self.bot_moves_note(message)}".strip())
        elif kind == "lost" and self.connected:
            self._set_connected(False)
            self.retry_in = RETRY_SECONDS
            self.notify(f"{message['reason']}; trying again...")
        elif kind == "bye" and message.get("back", False):  # the server stops and will be back
            self._set_connected(False)
            self.retry_in = RETRY_SECONDS
            self.notify(f"{message['reason']}; trying to rejoin...")
        elif kind in ("error", "bye"):
            if kind == "bye":  # the table closed for good: stop trying to rejoin
                self._set_connected(False)
                self.retry_in = float("inf")
                self.closed = message["reason"]
            self.notify(message["reason"])

    def _set_connected(self, connected: bool) -> None:
        """Whether a line to the server is up; without one the table offers no move (nothing glows)."""
        self.connected = connected
        self.state.offline = not connected
        self.refresh()

    def _reconnect(self) -> None:
        """Rejoin with this screen's seat tokens (or as an onlooker) on a fresh connection."""
        from simulator.net.client import ClientThread

        hello: dict[str, Any] = {"type": "hello", "code": self.welcome["code"]}
        tokens = list(self.welcome.get("tokens", {}).values())
        if tokens:
            hello["tokens"] = tokens
        else:
            hello["watch"] = True
        self.client.close()
        self.client = ClientThread(self.client.address, hello)
        self.retry_in = RETRY_SECONDS

    def _after_update(self) -> None:
        up = self.state.current_players()
        if len(self.humans) > 1 and self.viewer not in up and up != (REFEREE,):
            self.viewer = None  # hot-seat: the hand goes face down as soon as the turn is over
        self.refresh()

    def _seats_changed(self, seats: list[dict[str, Any]]) -> None:
        for i, (old, new) in enumerate(zip(self.welcome["seats"], seats)):
            if old.get("control") != new["control"] and i not in self.held:
                what = {"human": "is at the table", "bot": "is away: a bot keeps the seat",
                        "waiting": "is away: the table waits"}[new["control"]]
                self.notify(f"{new['name']} {what}")
        self.welcome["seats"] = seats
        self.seats = tuple(SeatInfo(s["name"], old.kind) for s, old in zip(seats, self.seats))
        self.view.rename([s["name"] for s in seats])

    def _ask_consent(self, message: dict[str, Any]) -> None:
        number = message["request"]

        def answer(agree: bool) -> Callable[[], None]:
            return lambda: self.client.send({"type": "consent", "request": number, "agree": agree})

        self.overlays.insert(0, MenuOverlay(self.manager, [
            ("Yes, take it back", answer(True)),
            ("No", answer(False)),
        ], title=f"{message['name']} asks to take back their last move"))

    # -- what differs online ------------------------------------------------------------------
    def undo(self) -> None:
        if not self.connected:
            self.notify(self.status())
            return
        seat = self.viewer if self.viewer in self.held else (self.held[0] if self.held else None)
        if seat is None:
            self.notify("Onlookers cannot undo.")
            return
        self.client.send({"type": "undo", "seat": seat})

    def ask_file(self, purpose: str) -> None:
        self.notify("An online table is saved by its server after every move; rejoin with the code.")

    def offers(self) -> set[str]:
        """No saving or loading (the server keeps an online table); an onlooker has no undo."""
        return {"undo"} if self.held else set()

    def confirm_leaving(self, then: Callable[[], None], verb: str) -> None:
        """A guest leaves at once (the server keeps the seat); the host is asked first, since
        the table closes for everyone with this screen."""
        if not self.hosting or verb == "load" or self.state.is_over() or self.closed:
            then()
            return
        self.overlays.insert(0, MenuOverlay(self.manager, [
            (f"Close the table and {verb}", then),
            ("Stay at the table", lambda: None),
        ], title="You host this table: it closes for everyone when you leave"))

    def buzz(self, seat: int) -> None:
        """Ask the server to open ``seat``'s answer box in a timed window."""
        if not self.connected:
            self.notify(self.status())
            return
        self.client.send({"type": "claim", "seat": seat})

    @property
    def started(self) -> bool:
        """Has the game begun (every seat taken at least once)?"""
        return self.state.update.get("started", True)

    def waiting_for(self) -> list[str]:
        """The names of the players the table waits for: still to join, or away."""
        return [s["name"] for s in self.welcome["seats"] if s["control"] == "waiting"]

    def status(self) -> str:
        """Before every seat is taken the table waits for them; while a player whose turn it is
        is away, for them (the others' turns go on); without the server, for the server."""
        if self.closed:
            return f"The table is closed: {self.closed}"
        if not self.connected:
            return "Connection lost: trying to rejoin the table..."
        waiting = self.waiting_for()
        if waiting and not self.started:
            return f"Waiting for {' and '.join(waiting)} to join: the game starts when every seat is taken"
        up = set(self.state.current_players()) if self.clock.data is None else set()  # a window's clock runs on
        away = [s["name"] for i, s in enumerate(self.welcome["seats"]) if s["control"] == "waiting" and i in up]
        if away:
            return f"{' and '.join(away)} {'is' if len(away) == 1 else 'are'} away: the table waits"
        return super().status()

    def seat_tag(self, seat: int) -> str:
        control = self.welcome["seats"][seat]["control"]
        if seat not in self.held and self.welcome["seats"][seat]["kind"] in ("remote", "local"):
            waiting = "away" if self.started else "to join"
            return {"waiting": waiting, "bot": "a bot keeps it"}.get(control, "human")
        return super().seat_tag(seat)

    def has_unsaved_play(self) -> bool:
        return False   # the server keeps the table: leaving loses nothing

    def leave(self) -> None:
        self.client.close()
        super().leave()

    def quit(self) -> None:
        self.client.close()
        super().quit()

    def _draw_sidebar(self, surface: pygame.Surface) -> None:
        """The table's sidebar, its last hint line (saving and loading are the server's online)
        giving the table's code instead, and the address too on the host's screen."""
        super()._draw_sidebar(surface)
        line = pygame.Rect(SIDEBAR_RECT.left + 8, SCREEN_SIZE[1] - 38, SIDEBAR_RECT.width - 12, 22)
        surface.fill(SIDEBAR, line)
        code = self.welcome["code"]
        wordings = ([self.invite.replace("  code ", " · "), f"code {code}"] if self.invite
                    else [f"online table {code}", f"table {code}"] if self.held
                    else [f"watching online table {code}", f"watching {code}", code])
        room = line.width - 12
        size, where = next(((s, w) for w in wordings for s in (13, 12, 11) if font(s, True).size(w)[0] <= room),
                           (11, wordings[-1]))  # the longest wording that fits, never cut off at the edge
        text(surface, where, (line.left + 8, line.top + 2), size=size, bold=True, colour=GOLD)

    def draw(self, surface: pygame.Surface) -> None:
        """The table; before the game starts, a plate in its middle with how to join and whom it
        waits for (once play is on, the seat plates say who is away, and the top line says when
        the table waits for them)."""
        super().draw(surface)
        waiting = self.waiting_for()
        if waiting and not self.started:
            parts = [f"Join: {self.invite}"] if self.invite else []
            parts.append(f"waiting for {', '.join(waiting)}")
            line = "   ·   ".join(parts)
            rect = pygame.Rect(0, 0, font(18, True).size(line)[0] + 48, 48)
            rect.center = TABLE_RECT.center
            panel(surface, rect, alpha=240, radius=12)
            text(surface, line, rect.center, size=18, bold=True, colour=GOLD, anchor="center")
        if not self.connected:   # on a plate in the table's middle: play waits for it
            line = self.status()
            rect = pygame.Rect(0, 0, font(20, True).size(line)[0] + 48, 52)
            rect.center = TABLE_RECT.center
            panel(surface, rect, alpha=240, radius=12)
            text(surface, line, rect.center, size=20, bold=True, colour=DANGER, anchor="center")
