"""The real-time part of the Wie Weet Wat table: the clock, buzzers, bot timing, votes, the circle.

The reader's part is turn-based and runs through the table's own loop, with its hot-seat
hand-off: drawing a category card, choosing one of its four categories (only the reader
sees them) and picking a victim for Te veel keuze. Three phases run in real time through
:meth:`RealTimeFlow.drive` and the table's narrow API:

* **The answering window.** A clock runs from the moment the category is read. Each bot
  is asked once for its answer when the window opens; the answer goes on the table when
  the clock reaches its ``at_ms`` (a bot that gives up passes at a time set by its level).
  When a card lands, bots that were going to pass are asked again, so they can
  counter-attack it. At ``deadline_ms`` the referee closes the window.
  A human **buzzes**: the clock stands still while they pick a card and type, for at most
  :data:`BUZZ_SECONDS`, and the answer's ``at_ms`` is the moment of the buzz. Why the
  buzz and not the Enter key: players who share one keyboard wait for each other, and
  typing speed is not what the game measures ("je legt die letterkaart op tafel en noemt
  meteen je antwoord"). Further cards in the same buzz count at that moment too.
* **The vote** on a word the word list does not know: humans click Accept or Reject,
  bots vote one by one.
* **The Vicieuze cirkel**: one seat at a time; a human types, a bot speaks after a pause.

What input asks for (``pending`` actions, hands to show) is carried out here, through the
table. No pygame: :class:`RealTimeFlow` is a mixin of the table view (view.py), which
provides the view data, the selection, notices and toasts, ``words``, ``audience``,
``_layout()`` and ``_clear_entry()``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from simulator.engine import Action

from .rules import Answer, BotLevel, CounterAttack, Pass, Say, WieWeetWatGame
from .timing import BUZZ_SECONDS, MORE_SECONDS, pass_due_ms

if TYPE_CHECKING:
    from .words import Audience, Notice, TableWords

BOT_PACE = 0.9           # seconds between bot votes and bot words in the Vicieuze cirkel
TOAST_SECONDS = 3.0


class RealTimeFlow:
    """Runs the answering window, the votes and the Vicieuze cirkel for the table view."""

    # provided by the view
    game: WieWeetWatGame
    viewer: int | None
    view: dict[str, Any]
    refusal: tuple[str, float] | None
    audience: Audience
    words: TableWords
    notices: list[Notice]
    toasts: list[list[Any]]
    selected: int | None
    target: int | None

    def _init_flow(self) -> None:
        """The flow's own state; the view calls this from its ``__init__``."""
        self.known_humans: tuple[int, ...] | None = None   # the table tells drive() who is human
        self.seat_kinds: list[str] = []
        # the answering window
        self.window_live = False
        self.clock_ms = 0.0
        self.scheduled: dict[int, tuple[int, Action]] = {}
        self.buzzed: int | None = None
        self.buzz_ms = 0
        self.buzz_left = 0.0
        self.answered_in_buzz = False
        self.answers_seen = 0
        # what input asked for, carried out by drive() through the table
        self.pending: list[Action] = []
        self.show_requests: list[int | None] = []
        # votes and the circle
        self.turn_key: Any = None
        self.pace = 0.0
        # online (the table has a server's clock): buzzes go to the server, which owns the clock
        self.online = False
        self.claims: list[int] = []
        self.releases: list[int] = []

    @property
    def humans(self) -> tuple[int, ...]:
        """The human seats; before the table has said, the displayed seat (only a human's is displayed)."""
        if self.known_humans is not None:
            return self.known_humans
        return () if self.viewer is None else (self.viewer,)

    @property
    def several_humans(self) -> bool:
        return len(self.humans) > 1

    def drive(self, dt: float, table: Any) -> bool:
        """Run the answering window, the votes and the Vicieuze cirkel; leave the reader's turns to the table."""
        self.known_humans = tuple(table.humans)
        self.seat_kinds = [s.kind for s in table.seats]
        self.online = getattr(table, "clock", None) is not None
        self._carry_out(table)
        phase = self.view.get("phase")
        if phase == "answer" and self.online:
            self._follow_window(table)
        elif phase == "answer":
            self._drive_window(dt, table)
        elif self.notices:
            pass  # an action card or a verdict is being read: everything waits
        elif phase == "vote":
            self._drive_vote(dt, table)
        elif phase == "circle":
            self._drive_circle(dt, table)
        else:
            return False
        self._carry_out(table)
        return True

    # -- requests from input -----------------------------------------------------------------------
    def _carry_out(self, table: Any) -> None:
        """Submit what the players asked for, and show whose hand they asked to see."""
        while self.pending:
            action = self.pending.pop(0)
            accepted = table.submit(action)
            if accepted and isinstance(action, (Answer, CounterAttack)):
                self._clear_entry()
                self.selected = self.target = None
                self.buzz_left = MORE_SECONDS
                self.answered_in_buzz = True
                if action.player not in table.current_players() and not self.online:
                    self._unbuzz()
                self._reconsider(table)
            elif accepted and isinstance(action, Pass) and self.buzzed == action.player and not self.online:
                self._unbuzz()
            elif accepted and isinstance(action, Say):
                self._clear_entry()
        while self.show_requests:
            seat = self.show_requests.pop(0)
            if seat != self.viewer:
                table.show(seat)
        while self.claims:
            table.claim(self.claims.pop(0))
        while self.releases:
            table.release(self.releases.pop(0))

    # -- online: the server's clock ----------------------------------------------------------------
    def _follow_window(self, table: Any) -> None:
        """Show the server's clock; whoever it gives the floor to here gets the answer box."""
        if not self.window_live:
            self._open_window(table)
        self.clock_ms = table.clock.ms()
        claim = table.clock.claim()
        holder = claim["seat"] if claim and claim["seat"] in self.humans else None
        if holder is not None and self.buzzed != holder:
            self.buzzed = holder
            self.buzz_ms = claim["at_ms"]
            self.answered_in_buzz = False
            self.selected = self.target = None
            self.show_requests.append(holder)
            self._layout()
        elif holder is None and self.buzzed is not None:
            self._unbuzz(by_server=True)

    # -- the answering window ----------------------------------------------------------------------
    def _drive_window(self, dt: float, table: Any) -> None:
        if not self.window_live:
            self._open_window(table)
        if self.buzzed is not None:
            self.buzz_left -= dt
            if self.buzzed in table.current_players() and self.buzz_left > 0:
                return  # the clock stands still while a human answers
            if self.buzz_left <= 0 and not self.answered_in_buzz:
                self.toasts.append([self.words.time_up(self.buzzed), TOAST_SECONDS])
            self._unbuzz()
            self._carry_out(table)
        deadline = self.view["deadline_ms"]
        self.clock_ms = min(float(deadline), self.clock_ms + dt * 1000)
        self._release_bots(table)
        if self.view.get("phase") == "answer" and self.clock_ms >= deadline and self.buzzed is None:
            table.submit(table.referee_choice())

    def _open_window(self, table: Any) -> None:
        v = self.view
        self.window_live = True
        self.clock_ms = float(max((a["at_ms"] for a in v["answers"]), default=0))
        self.scheduled = {}
        self.buzzed = None
        self.selected = self.target = None
        self.notices.clear()
        self.answers_seen = len(v["answers"])
        if self.several_humans and self.viewer is not None:
            table.show(None)  # nobody's hand is on show until someone buzzes
        for seat in table.current_players():
            if seat not in self.humans and not self.online:
                self._plan(seat, table)

    def _plan(self, seat: int, table: Any) -> None:
        """Ask the bot what it will do and when; it happens when the clock gets there."""
        action = table.bot_choice(seat)
        if isinstance(action, (Answer, CounterAttack)):
            at = action.at_ms
        else:
            answered = any(a["seat"] == seat for a in self.view["answers"])
            at = pass_due_ms(self._level(seat), answered=answered, clock_ms=self.clock_ms,
                             deadline_ms=self.view["deadline_ms"])
        self.scheduled[seat] = (int(at), action)

    def _release_bots(self, table: Any) -> None:
        """Put every bot action whose time has come on the table, in time order."""
        while self.view.get("phase") == "answer":
            due = sorted((at, seat) for seat, (at, _) in self.scheduled.items() if at <= self.clock_ms)
            if not due:
                return
            seat = due[0][1]
            _, action = self.scheduled.pop(seat)
            if seat not in table.current_players():
                continue
            if not table.submit(action, quiet=True):  # a plan the table overtook: pass instead
                table.submit(Pass(seat), quiet=True)
            if self.view.get("phase") != "answer":
                return
            if seat in table.current_players():
                self._plan(seat, table)
            self._reconsider(table)

    def _reconsider(self, table: Any) -> None:
        """A new card on the table: a bot about to give up may counter-attack it instead."""
        if self.view.get("phase") != "answer":
            return
        count = len(self.view["answers"])
        if count <= self.answers_seen:
            return
        self.answers_seen = count
        for seat, (_, action) in list(self.scheduled.items()):
            if isinstance(action, Pass) and seat in table.current_players():
                again = table.bot_choice(seat)
                if isinstance(again, CounterAttack) and again.at_ms >= self.clock_ms:
                    self.scheduled[seat] = (again.at_ms, again)

    # -- votes and the circle ----------------------------------------------------------------------
    def _drive_vote(self, dt: float, table: Any) -> None:
        vote = self.view["vote"]
        key = ("vote", vote["seat"], vote["word"], vote["about"])
        if key != self.turn_key:
            self.turn_key, self.pace = key, 0.0
            if self.several_humans and self.viewer is not None:
                table.show(None)
        bots = [s for s in table.current_players() if s not in self.humans and not self.online]
        if bots:
            self.pace += dt
            if self.pace >= BOT_PACE:
                self.pace = 0.0
                table.submit(table.bot_choice(bots[0]), quiet=True)

    def _drive_circle(self, dt: float, table: Any) -> None:
        circle = self.view["circle"]
        seat = circle["order"][circle["turn"]]
        key = ("circle", self.view["category_id"], len(circle["words"]))
        if key != self.turn_key:
            self.turn_key, self.pace = key, 0.0
            if self.several_humans and self.viewer is not None:
                table.show(None)
        if seat in self.humans or self.online:
            return  # waiting for the typed word (online, the server moves its bots)
        self.pace += dt
        if self.pace >= BOT_PACE:
            self.pace = 0.0
            table.submit(table.bot_choice(seat), quiet=True)

    # -- buzzing -----------------------------------------------------------------------------------
    def buzz(self, seat: int) -> bool:
        """``seat`` buzzes: the clock stops and their answer box opens. False (with the reason shown) if not now."""
        v = self.view
        if v.get("phase") != "answer" or seat not in self.humans or self.buzzed is not None:
            return False
        reason = self.words.buzz_refusal(v, seat, self.audience, self.clock_ms)
        if reason:
            self.refusal = (reason, 3.0)
            return False
        if self.online:
            self.claims.append(seat)  # the server gives the floor to the earliest buzz
            return False
        self.buzzed = seat
        self.buzz_ms = int(self.clock_ms)
        self.buzz_left = BUZZ_SECONDS
        self.answered_in_buzz = False
        self.selected = self.target = None
        self.show_requests.append(seat)
        self._layout()
        return True

    def _unbuzz(self, *, by_server: bool = False) -> None:
        if self.buzzed is None:
            return
        if self.online and not by_server:
            self.releases.append(self.buzzed)  # online the server ends the floor and says so
            return
        self.buzzed = None
        self.selected = self.target = None
        if self.several_humans:
            self.show_requests.append(None)
        self._layout()

    def _close_desk(self) -> None:
        """The window closed: forget its plans and close the answer box."""
        self.window_live = False
        self.scheduled = {}
        self.buzzed = None
        self.selected = self.target = None
        if self.several_humans and self.viewer is not None and self.view.get("phase") in ("vote", "circle"):
            self.show_requests.append(None)

    def _level(self, seat: int) -> BotLevel:
        levels = self.game.bot_levels
        kind = self.seat_kinds[seat] if seat < len(self.seat_kinds) else ""
        return levels.get(kind) or levels.get("good") or next(iter(levels.values()))
