"""The real-time part of the Wie Weet Wat table: the clock, buzzers, bot timing, votes, the circle.

The reader's part is turn-based and runs through the table's own loop, with its hot-seat
hand-off: drawing a category card, choosing one of its four categories (only the reader
sees them) and picking a victim for Te veel keuze. Three phases run in real time through
:meth:`RealTimeFlow.drive` and the table's narrow API:

* **The answering window.** A clock runs from the moment the category is read, and
  nothing stops it: the server's own :class:`~simulator.net.clock.WindowClock`, on the
  table's time (real time, paused only while a menu or a dialog covers the table), so a
  slow frame never slows the sand timer. Each bot is asked once for its answer when the window opens; the
  answer goes on the table when the clock reaches its ``at_ms`` (a bot that gives up
  passes at a time set by its level). When a card lands, bots that were going to pass
  are asked again, so they can counter-attack it. At ``deadline_ms`` the referee closes
  the window, once the answer box that is open (if any) has closed.
  A human **buzzes** once per category: the answer box opens (for the next buzzer when
  the one typing is done: one keyboard) and stays open :data:`TYPE_SECONDS`, and
  :data:`MORE_SECONDS` after each answer for another card of the letter. An answer counts
  at the buzz plus the time the player took beyond typing the word (:func:`typing_ms`):
  typing speed and waiting for the keyboard are not what the game measures ("je legt
  die letterkaart op tafel en noemt meteen je antwoord"), thinking after the buzz is.
  When the box closes the buzz is spent: the seat passes.
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
from simulator.net.clock import WindowClock

from .buzzer import MORE_SECONDS, TYPE_SECONDS, typing_ms
from .rules import Answer, BotLevel, CounterAttack, Pass, Say, WieWeetWatGame
from .timing import TIMING

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
        self.window_clock: WindowClock | None = None  # the window's clock, on the table's time
        self.clock_ms = 0.0
        self.scheduled: dict[int, tuple[int, Action]] = {}
        self.buzzed: int | None = None        # the seat whose answer box is open
        self.buzz_ms = 0                       # its buzz, on the window's clock
        self.box_until_ms = 0.0                # the box closes when the clock gets here
        self.dated_from_ms = 0                 # the next answer counts from here ...
        self.typing_from_ms = 0.0              # ... plus the time since here beyond typing it
        self.buzz_queue: list[tuple[int, int]] = []   # (seat, buzz ms) waiting for the keyboard
        self.buzzes_used: set[int] = set()     # one buzz per seat per category
        self.answers_seen = 0
        # what input asked for, carried out by drive() through the table
        self.pending: list[Action] = []
        self.show_requests: list[int | None] = []
        # votes and the circle
        self.turn_key: Any = None
        self.pace = 0.0
        # online (the table has a server's clock): the server dates buzzes and answers, moves the bots
        self.online = False
        self.buzz_requests: list[int] = []

    @property
    def buzz_left(self) -> float:
        """Seconds the open answer box stays open."""
        return max(0.0, (self.box_until_ms - self.clock_ms) / 1000.0)

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
                self.box_until_ms = self.clock_ms + MORE_SECONDS * 1000.0
                self.dated_from_ms = action.at_ms
                self.typing_from_ms = self.clock_ms
                if action.player not in table.current_players():
                    self._unbuzz()
                self._reconsider(table)
            elif accepted and isinstance(action, Pass) and self.buzzed == action.player:
                self._unbuzz()
            elif accepted and isinstance(action, Say):
                self._clear_entry()
        while self.show_requests:
            seat = self.show_requests.pop(0)
            if seat != self.viewer:
                table.show(seat)
        while self.buzz_requests:
            table.buzz(self.buzz_requests.pop(0))

    # -- online: the server's clock ----------------------------------------------------------------
    def _follow_window(self, table: Any) -> None:
        """Show the server's clock; an answer box the server opened for a seat here opens here."""
        if not self.window_live:
            self._open_window(table)
        self.clock_ms = table.clock.ms()
        boxes = {seat: box for seat, box in table.clock.boxes().items() if seat in self.humans}
        if self.buzzed is not None and self.buzzed not in boxes:
            self._unbuzz()
        if self.buzzed is None and boxes:
            seat, box = min(boxes.items(), key=lambda item: item[1]["buzz_ms"])
            self._open_box(seat, box["buzz_ms"])
        if self.buzzed is not None:
            self.box_until_ms = self.clock_ms + boxes[self.buzzed].get("left", 0.0) * 1000.0

    def answer_ms(self, word: str, seat: int) -> int:
        """When the word typed now counts: from the buzz (or the last answer), plus any time beyond typing it."""
        beyond = max(0.0, self.clock_ms - self.typing_from_ms - typing_ms(word))
        mine = [a["at_ms"] for a in self.view["answers"] if a["seat"] == seat]
        return int(max([self.dated_from_ms + beyond, *mine]))

    # -- the answering window ----------------------------------------------------------------------
    def _drive_window(self, dt: float, table: Any) -> None:
        if not self.window_live:
            self._open_window(table)
        assert self.window_clock is not None
        self.clock_ms = self.window_clock.ms()  # nothing holds the clock still
        if self.buzzed is not None:
            if self.clock_ms >= self.box_until_ms or self.buzzed not in table.current_players():
                self._spend_buzz(table)
        if self.buzzed is None and self.buzz_queue:
            self._open_box(*self.buzz_queue.pop(0))
        self._release_bots(table)
        deadline = self.view["deadline_ms"]
        if (self.view.get("phase") == "answer" and self.clock_ms >= deadline and self.buzzed is None
                and not self.buzz_queue):
            table.submit(table.referee_choice())

    def _spend_buzz(self, table: Any) -> None:
        """The answer box closes: a seat that is still in the window passes (one buzz per category)."""
        seat = self.buzzed
        if seat in table.current_players():
            if not any(a["seat"] == seat for a in self.view["answers"]):
                self.toasts.append([self.words.time_up(seat), TOAST_SECONDS])
            self.pending.append(Pass(seat))
        self._unbuzz()
        self._carry_out(table)

    def _open_window(self, table: Any) -> None:
        v = self.view
        self.window_live = True
        if not self.online:
            # a window already under way (after an undo) goes on from its latest answer
            self.window_clock = WindowClock(TIMING, now=table.table_seconds)
            self.window_clock.sync(table.state)
        self.clock_ms = float(max((a["at_ms"] for a in v["answers"]), default=0))
        self.scheduled = {}
        self.buzzed = None
        self.buzz_queue = []
        self.buzzes_used = set()
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
            level = self._level(seat)
            answered = any(a["seat"] == seat for a in self.view["answers"])
            # a bot gives up when it would almost surely have found a word by now
            at = self.clock_ms + level.extra_card_ms if answered else \
                max(self.clock_ms, level.reaction_mean_ms + 3 * level.reaction_sd_ms)
            at = min(at, self.view["deadline_ms"])
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
        """``seat`` buzzes: its answer box opens now, or when the one typing is done. False (reason shown) if not."""
        v = self.view
        if v.get("phase") != "answer" or seat not in self.humans or seat == self.buzzed:
            return False
        reason = self.words.buzz_refusal(v, seat, self.audience, self.clock_ms, seat in self.buzzes_used)
        if reason:
            self.refusal = (reason, 3.0)
            return False
        self.buzzes_used.add(seat)
        if self.online:
            self.buzz_requests.append(seat)  # the server dates the buzz and opens the box
            return True
        if self.buzzed is not None:
            self.buzz_queue.append((seat, int(self.clock_ms)))
            self.toasts.append([self.words.buzz_queued(seat, self.buzzed), TOAST_SECONDS])
            return True
        self._open_box(seat, int(self.clock_ms))
        return True

    def _open_box(self, seat: int, buzz_ms: int) -> None:
        self.buzzed = seat
        self.buzz_ms = buzz_ms
        self.dated_from_ms = buzz_ms
        self.typing_from_ms = self.clock_ms
        self.box_until_ms = self.clock_ms + TYPE_SECONDS * 1000.0
        self.selected = self.target = None
        self.show_requests.append(seat)
        self._layout()

    def _unbuzz(self) -> None:
        if self.buzzed is None:
            return
        self.buzzed = None
        self.selected = self.target = None
        if self.several_humans:
            self.show_requests.append(None)
        self._layout()

    def _close_desk(self) -> None:
        """The window closed: forget its plans and close the answer box."""
        self.window_live = False
        self.window_clock = None
        self.scheduled = {}
        self.buzzed = None
        self.buzz_queue = []
        self.selected = self.target = None
        if self.several_humans and self.viewer is not None and self.view.get("phase") in ("vote", "circle"):
            self.show_requests.append(None)

    def _level(self, seat: int) -> BotLevel:
        levels = self.game.bot_levels
        kind = self.seat_kinds[seat] if seat < len(self.seat_kinds) else ""
        return levels.get(kind) or levels.get("good") or next(iter(levels.values()))
