"""One online table: the server's copy of a game, the only one that holds the full state.

:class:`OnlineTable` owns the :class:`~simulator.engine.State`. It takes actions as JSON
from the members who hold a seat (checked, applied, or refused to the sender alone with
the reason), moves the bots and the referee, keeps the clock of timed windows, and
sends every member only what its seats may see: ``view(seat)`` for each seat it holds
and the onlooker view. The full state and the seed never leave it.

Faults: a player who drops keeps their seat; the table waits ``wait_seconds`` for them,
then (unless the host chose ``none``) a bot of the ``takeover`` level keeps the seat
until they rejoin with their seat token. Undo needs every other human's consent and
never reaches past a reveal (the engine's undo floor). Every change is reported to
``on_change`` so the server can autosave the record and resume after a restart.

No websockets here: a member is anything with ``send(message)``; the server adapts
connections to it. No pygame or pymunk either (the Wackelbett referee imports pymunk
itself, as it does on a shared screen).
"""
from __future__ import annotations

import asyncio
import math
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from simulator.engine import REFEREE, Action, GameRecord, IllegalAction, SeatInfo, make_bot
from simulator.engine.record import try_undo

from .clock import WindowClock, timing_for
from .config import LOCAL, NAME_LIMIT, NO_TAKEOVER, REMOTE, TableConfig
from .protocol import HOLD_SECONDS, new_token

SAVE_FORMAT = 1


class Member(Protocol):
    """A connection at the table, as the table sees it."""

    name: str
    round_trip: float | None

    def send(self, message: dict[str, Any]) -> None: ...


MAX_WATCHERS = 20  # onlookers one table takes


class JoinRefused(ValueError):
    """A join the table cannot accept; the message says why, for the joiner. ``guess``: the
    joiner showed a token this table never gave out (counted against guessing)."""

    def __init__(self, reason: str, *, guess: bool = False) -> None:
        super().__init__(reason)
        self.guess = guess


@dataclass
class Seat:
    """A seat at the online table: the host's plan, its token, who holds it, and its bot."""

    name: str
    kind: str                      # "remote", "local" or a bot level
    token: str | None = None       # humans only
    claimed: bool = False          # the token has been handed out
    holder: Member | None = None
    away_since: float | None = None
    bot: Any = None                # a bot seat's bot, or the takeover bot while away
    bot_moves: int = 0             # moves a bot made for this player in their latest absence

    @property
    def is_human(self) -> bool:
        return self.kind in (REMOTE, LOCAL)


@dataclass
class UndoRequest:
    """Someone asked to take back their last move; the others answer."""

    number: int
    seat: int
    keep: int
    version: int
    voters: set[int] = field(default_factory=set)    # ids of the members who must agree
    agreed: set[int] = field(default_factory=set)


class OnlineTable:
    """A game in progress on the server (see the module docstring)."""

    def __init__(self, config: TableConfig, code: str, *, actions: tuple[dict[str, Any], ...] = (),
                 tokens: list[str | None] | None = None, claimed: list[bool] | None = None,
                 now: Callable[[], float] = time.monotonic,
                 on_change: Callable[[OnlineTable], None] | None = None) -> None:
        self.config = config
        self.code = code
        self.now = now
        self.on_change = on_change
        self.game = config.make_game()
        record = GameRecord(config.game_id, config.players, dict(config.options), config.seed, tuple(actions))
        self.state = record.replay(source=f"table {code}")
        self.referee = self.game.make_referee()
        timing = timing_for(self.game.id)
        self.clock = WindowClock(timing, scale=config.time_scale, now=now) if timing is not None else None
        self.seats: list[Seat] = []
        for i, plan in enumerate(config.seats):
            seat = Seat(plan.name, plan.kind)
            if seat.is_human:
                seat.token = tokens[i] if tokens and tokens[i] else new_token()
                seat.claimed = bool(claimed and claimed[i])
                seat.away_since = now()
            else:
                seat.bot = make_bot(self.game, i, plan.kind)
            self.seats.append(seat)
        self.members: list[Member] = []
        self.watchers: list[Member] = []
        self.last_seen = time.time()  # wall clock: when somebody was last at the table (it expires)
        self.version = len(self.state.history)   # counts changes; equals the log length until an undo
        self.last_change = now()
        self.bot_rng = random.Random(config.seed ^ 0xB07)
        self.plans: dict[int, tuple[float, Action]] = {}     # a timed window's bot plans: seat -> (due ms, action)
        self.undo_request: UndoRequest | None = None
        self.undo_numbers = 0
        self.last_ids: dict[int, int] = {}
        self.closed = False
        self.wake: asyncio.Event | None = None
        self._arrived = 0.0   # when the timed action being applied arrived, on the window's clock
        if self.clock is not None:
            self.clock.sync(self.state)

    def _told_apart(self, name: str, seat: int) -> str:
        """``name`` for ``seat``, with a number after it when another seat is called so already."""
        taken = {s.name.casefold() for i, s in enumerate(self.seats) if i != seat}
        told, n = name, 2
        while told.casefold() in taken:
            suffix = f" {n}"
            told, n = name[:NAME_LIMIT - len(suffix)] + suffix, n + 1
        return told

    # -- seats and members -------------------------------------------------------------------
    @property
    def started(self) -> bool:
        """The game runs once every human seat has been taken (or it already had moves)."""
        return bool(self.state.history) or all(s.claimed for s in self.seats if s.is_human)

    def host_tokens(self) -> dict[int, str]:
        """Tokens of the host's own (local) seats, handed to the host when the table is made."""
        out = {}
        for i, seat in enumerate(self.seats):
            if seat.kind == LOCAL:
                seat.claimed = True
                out[i] = seat.token
        return out

    def knows_tokens(self, tokens: list[object]) -> bool:
        """Is every one of ``tokens`` the token of a seat of this table?"""
        return bool(tokens) and all(any(s.token is not None and _same_token(s.token, t) for s in self.seats)
                                    for t in tokens)

    def held_by(self, member: Member) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.holder is member]

    def join(self, member: Member, *, tokens: list[str] | None = None, watch: bool = False) -> list[int]:
        """Seat ``member``: at the seats whose tokens it shows, else at a free remote seat,
        else (``watch``) as an onlooker. Returns its seats; raises :class:`JoinRefused`."""
        if watch:
            if len(self.watchers) >= MAX_WATCHERS:
                raise JoinRefused(f"this table has as many onlookers as it takes ({MAX_WATCHERS})")
            self.watchers.append(member)
            self._welcome(member, [])
            return []
        if tokens:
            seats = []
            for token in tokens:
                seat = next((i for i, s in enumerate(self.seats)
                             if s.token is not None and _same_token(s.token, token)), None)
                if seat is None:
                    raise JoinRefused("that seat token does not belong to this table", guess=True)
                seats.append(seat)
        else:
            free = next((i for i, s in enumerate(self.seats) if s.kind == REMOTE and not s.claimed), None)
            if free is None:
                raise JoinRefused("every seat at this table is taken; you can join as an onlooker")
            seats = [free]
            self.seats[free].claimed = True
            if member.name:
                self.seats[free].name = self._told_apart(member.name, free)
        for seat in seats:
            if self.seats[seat].holder not in (None, member):
                # a token opens a seat only once its last connection is gone (a dropped line is
                # noticed within the server's ping timeout): a live player is never pushed out
                raise JoinRefused(f"seat {seat + 1} is still held by an earlier connection (a window left open, "
                                  f"or a line that dropped: the server lets it go within {HOLD_SECONDS} s); "
                                  "close that window or try again then")
        for seat in seats:
            self.seats[seat].holder = member
            self.seats[seat].away_since = None
            self.seats[seat].claimed = True
            self.seats[seat].bot = None   # a bot that kept the seat hands it back
        if member not in self.members:
            self.members.append(member)
        self._cancel_undo("a player joined")
        self._welcome(member, seats)
        self._broadcast_seats()
        if len(seats) and self.started:
            self._broadcast(skip=member)   # the game may have just begun: the others' legal moves with it
        self._changed(save=True)
        return seats

    def leave(self, member: Member) -> None:
        """The connection is gone: its seats wait for their player (then a bot keeps them)."""
        if member in self.watchers:
            self.watchers.remove(member)
            return
        if member not in self.members:
            return
        self._drop(member)
        self._cancel_undo("a player left")
        self._broadcast_seats()
        self._poke()

    def _drop(self, member: Member) -> None:
        self.last_ids.pop(id(member), None)
        if member in self.members:
            self.members.remove(member)
        for seat in self.seats:
            if seat.holder is member:
                seat.holder = None
                seat.away_since = self.now()
                seat.bot_moves = 0

    def controller(self, seat: int) -> str:
        """Who plays ``seat`` now: "human", "bot" or "waiting" (for a player who is away)."""
        s = self.seats[seat]
        if not s.is_human:
            return "bot"
        if s.holder is not None:
            return "human"
        if s.bot is not None:
            return "bot"
        return "waiting"

    def _takeover_due(self) -> float | None:
        """Give away seats to bots once they have waited long enough; seconds until the next one."""
        if self.config.takeover == NO_TAKEOVER or not self.started:
            return None
        soonest = None
        for i, seat in enumerate(self.seats):
            if seat.is_human and seat.holder is None and seat.bot is None and seat.away_since is not None:
                left = seat.away_since + self.config.wait_seconds - self.now()
                if left <= 0:
                    seat.bot = make_bot(self.game, i, self.config.takeover)
                    self._broadcast_seats()
                else:
                    soonest = left if soonest is None else min(soonest, left)
        return soonest

    # -- what members are told ---------------------------------------------------------------
    def seats_json(self) -> list[dict[str, Any]]:
        return [{"name": s.name, "kind": s.kind, "control": self.controller(i),
                 "present": s.holder is not None or not s.is_human} for i, s in enumerate(self.seats)]

    def _welcome(self, member: Member, seats: list[int]) -> None:
        member.send({"type": "welcome", "code": self.code, "game": self.game.id, "players": self.game.players,
                     "options": dict(self.game.options), "seats": self.seats_json(), "you": seats,
                     "tokens": {str(i): self.seats[i].token for i in seats},
                     "bot_moves": {str(i): self.seats[i].bot_moves for i in seats},
                     "wait_seconds": self.config.wait_seconds, "takeover": self.config.takeover})
        member.send(self._update_for(seats, {}, None))

    def _update_for(self, seats: list[int], cache: dict[Any, Any], referee: dict[str, Any] | None
                    ) -> dict[str, Any]:
        state = self.state
        current = state.current_players()

        def view(seat: int | None) -> Any:
            if seat not in cache:
                cache[seat] = state.view(seat)
            return cache[seat]

        legal = {}
        for seat in seats:
            if seat in current and self.controller(seat) == "human":
                key = ("legal", seat)
                if key not in cache:
                    cache[key] = [a.to_json() for a in state.legal_actions(seat)]
                legal[str(seat)] = cache[key]
        return {"type": "update", "version": self.version, "current": list(current), "over": state.is_over(),
                "winners": state.winners(), "started": self.started,
                "views": {str(seat): view(seat) for seat in seats}, "onlooker": view(None),
                "legal": legal, "clock": self.clock.to_json() if self.clock else None, "referee": referee}

    def _broadcast(self, referee: dict[str, Any] | None = None, *, skip: Member | None = None) -> None:
        cache: dict[Any, Any] = {}
        for member in list(self.members):
            if member is not skip:
                member.send(self._update_for(self.held_by(member), cache, referee))
        for member in list(self.watchers):
            member.send(self._update_for([], cache, referee))

    def _broadcast_seats(self) -> None:
        message = {"type": "seats", "seats": self.seats_json()}
        for member in [*self.members, *self.watchers]:
            member.send(message)

    def _broadcast_clock(self) -> None:
        message = {"type": "clock", "version": self.version, "clock": self.clock.to_json() if self.clock else None}
        for member in [*self.members, *self.watchers]:
            member.send(message)

    # -- actions from members ----------------------------------------------------------------
    def act(self, member: Member, seat: int, data: dict[str, Any], msg_id: Any = None) -> bool:
        """``member`` offers an action for ``seat``; refused to it alone (with the reason) if not allowed."""
        def refuse(reason: str) -> bool:
            member.send({"type": "refused", "id": msg_id, "seat": seat, "reason": reason})
            return False

        if self.held_seat(member, seat) is None:
            return refuse(f"you do not hold seat {seat}" if isinstance(seat, int) else "no such seat")
        if msg_id is not None:
            if not isinstance(msg_id, int) or isinstance(msg_id, bool) or msg_id <= self.last_ids.get(id(member), -1):
                return refuse("this message was already received (ids must increase)")
            self.last_ids[id(member)] = msg_id
        if not self.started:
            return refuse("the game starts when every player has joined")
        problem = _json_problem(data)
        if problem:
            return refuse(problem)
        try:
            action = self.game.decode_action(data)
        except IllegalAction as exc:
            return refuse(_short(str(exc)))
        except Exception as exc:  # noqa: BLE001 - hostile input must never reach the state
            return refuse(f"malformed action: {_short(str(exc))}")
        if type(action.player) is not int or action.player != seat:
            return refuse(_short(f"that action is for seat {action.player!r}, not your seat {seat}"))
        if self.clock is not None and self.clock.is_open and self.clock.timing.timed_ms(action) is not None:
            action = self._timed(member, seat, action)
        error = self._apply(action)
        if error:
            return refuse(error)
        return True

    def held_seat(self, member: Member, seat: Any) -> int | None:
        """``seat`` if ``member`` holds it, else None."""
        if type(seat) is not int or not 0 <= seat < len(self.seats) or self.seats[seat].holder is not member:
            return None
        return seat

    def _timed(self, member: Member, seat: int, action: Action) -> Action:
        """Date an answer on the server's clock: from the seat's buzz plus its time beyond
        typing if its answer box is open, else at its arrival; both less the sender's delay."""
        clock = self.clock
        assert clock is not None
        arrived = clock.stamp(member.round_trip)
        box = clock.boxes.get(seat)
        if box is None:
            at = arrived
        else:
            at = clock.timing.answer_ms(action, dated_from=box.dated_from, typing_from=box.typing_from,
                                        arrived=arrived)
        self._arrived = arrived
        return clock.timing.at(action, round(at))

    def claim(self, member: Member, seat: int) -> None:
        """``seat`` buzzes: its answer box opens, dated at its arrival less the sender's delay."""
        clock = self.clock
        if self.held_seat(member, seat) is None:
            member.send({"type": "refused", "seat": seat, "reason": "you do not hold that seat"})
            return
        if clock is None or not clock.is_open:
            member.send({"type": "refused", "seat": seat, "reason": "there is no clock running to buzz on"})
            return
        if seat in clock.buzzed:
            member.send({"type": "refused", "seat": seat, "reason": "you have buzzed for this category already"})
            return
        stamp = clock.stamp(member.round_trip)
        reason = clock.timing.buzz_refusal(self.state, seat, stamp)
        if reason:
            member.send({"type": "refused", "seat": seat, "reason": reason})
            return
        clock.open_box(seat, stamp)
        self._broadcast_clock()
        self._poke()

    def _apply(self, action: Action, *, referee: bool = False) -> str:
        """Apply ``action``; '' on success, else the reason it was refused (state unchanged)."""
        try:
            self.state.apply(action)
        except IllegalAction as exc:
            return _short(str(exc))
        except Exception as exc:  # noqa: BLE001 - a value the rules did not expect: rebuild from the log
            self.state = GameRecord.of(self.state).replay(source=f"table {self.code}")
            return f"malformed action: {_short(repr(exc))}"
        self._after_change(action, referee=referee)
        return ""

    def _after_change(self, action: Action | None, *, referee: bool = False) -> None:
        self.version += 1
        self.last_change = self.now()
        clock = self.clock
        if clock is not None:
            if clock.sync(self.state) or not clock.is_open:
                self.plans = {}
            if action is not None and clock.timing.timed_ms(action) is not None:
                clock.answered(action.player, clock.timing.timed_ms(action), self._arrived)
                self._reconsider()
            for seat in [s for s in clock.boxes if s not in self.state.current_players()]:
                del clock.boxes[seat]   # a seat that passed or has nothing left: its box closes
        self._cancel_undo("the table moved on")
        self._broadcast(action.to_json() if referee and action is not None else None)
        self._changed(save=True)

    def _changed(self, *, save: bool) -> None:
        if save and self.on_change is not None:
            self.on_change(self)
        self._poke()

    def _poke(self) -> None:
        if self.wake is not None:
            self.wake.set()

    # -- undo by consent ---------------------------------------------------------------------
    def ask_undo(self, member: Member, seat: int) -> None:
        """``seat`` asks to take back its last move; every other human at the table must agree."""
        def refuse(reason: str) -> None:
            member.send({"type": "undo-result", "done": False, "reason": reason})

        if self.held_seat(member, seat) is None:
            return refuse("you do not hold that seat")
        if self.state.is_over():
            return refuse("the game is over")
        found = try_undo(self.state, seat)
        if isinstance(found, str):
            return refuse(f"nothing to undo: {found}")
        keep = found[0]
        others = [s for i, s in enumerate(self.seats) if s.is_human and s.holder is not member]
        if any(s.holder is None for s in others):
            return refuse("every player must be at the table to agree to an undo")
        voters = {id(s.holder) for s in others}
        self.undo_numbers += 1
        request = UndoRequest(self.undo_numbers, seat, keep, self.version, voters)
        if not voters:
            self._undo_to(request)
            return
        self.undo_request = request
        for other in self.members:
            if id(other) in voters:
                other.send({"type": "undo-request", "request": request.number, "seat": seat,
                            "name": self.seats[seat].name})
        member.send({"type": "undo-result", "done": False, "pending": True,
                     "reason": "waiting for the other players to agree"})

    def consent(self, member: Member, number: int, agree: bool) -> None:
        request = self.undo_request
        if request is None or request.number != number or id(member) not in request.voters:
            member.send({"type": "undo-result", "done": False, "reason": "no such undo request"})
            return
        if not agree:
            self._cancel_undo(f"{member.name or 'a player'} said no")
            return
        request.agreed.add(id(member))
        if request.agreed >= request.voters:
            self.undo_request = None
            self._undo_to(request)

    def _undo_to(self, request: UndoRequest) -> None:
        self.state = GameRecord.of(self.state).replay(request.keep, source=f"table {self.code}")
        self._tell_all({"type": "undo-result", "done": True, "seat": request.seat,
                        "reason": f"{self.seats[request.seat].name}'s last move was taken back"})
        if self.clock is not None:
            self.clock.restart()
        self.plans = {}
        self._after_change(None)

    def _cancel_undo(self, why: str) -> None:
        if self.undo_request is None:
            return
        self.undo_request = None
        self._tell_all({"type": "undo-result", "done": False, "reason": f"no undo: {why}"})

    def _tell_all(self, message: dict[str, Any]) -> None:
        for member in [*self.members, *self.watchers]:
            member.send(message)

    # -- the table's own moves: bots, the referee, the clock -----------------------------------
    async def run(self) -> None:
        """Move bots and the referee and keep the clock until the table closes."""
        self.wake = asyncio.Event()
        while not self.closed:
            self.wake.clear()
            delay = await self.step()
            if delay == 0:
                await asyncio.sleep(0)
                continue
            try:
                await asyncio.wait_for(self.wake.wait(), delay)
            except TimeoutError:
                pass

    async def step(self) -> float | None:
        """Do what is due now (at most one move); return 0 to go on at once, else the seconds
        until something is due (None: nothing until a player acts)."""
        if not self.started or self.state.is_over():
            return None
        takeover = self._takeover_due()
        if self.clock is not None and self.clock.is_open:
            return _soonest(await self._step_window(), takeover)
        current = self.state.current_players()
        if REFEREE in current:
            await self._referee_move()
            return 0
        machines = [s for s in current if self.controller(s) == "bot"]
        if not machines:
            return takeover
        wait = self.last_change + self.config.bot_pace - self.now()
        if wait > 0:
            return _soonest(wait, takeover)
        await self._bot_move(machines[0])
        return 0

    async def _referee_move(self) -> None:
        version = self.version
        decision = await asyncio.to_thread(self.referee.decide, self.state.clone())
        if version == self.version and not self.closed:
            error = self._apply(decision, referee=True)
            if error:
                raise RuntimeError(f"the referee's decision was refused: {error}")

    async def _bot_move(self, seat: int) -> None:
        version = self.version
        action = await self._bot_choice(seat)
        if version != self.version or self.closed or self.controller(seat) != "bot":
            return
        if self._apply(action):
            self._apply(self.state.legal_actions(seat)[0])  # a bot's slip: the table moves on
        self.seats[seat].bot_moves += self.seats[seat].is_human  # told to the player when they are back

    async def _bot_choice(self, seat: int) -> Action:
        bot = self.seats[seat].bot
        view = self.state.view(seat) if getattr(bot, "reads_view", True) else None
        legal = self.state.legal_actions(seat)
        return await asyncio.to_thread(bot.choose, view, legal, self.bot_rng)

    async def _step_window(self) -> float | None:
        """A timed window: close spent answer boxes, release bots at their times, close at the deadline."""
        clock = self.clock
        assert clock is not None
        for seat in clock.expired():
            del clock.boxes[seat]
            if seat in self.state.current_players():
                self._apply(clock.timing.spent(seat))   # the buzz is spent: the seat passes
            else:
                self._broadcast_clock()
            return 0
        current = self.state.current_players()
        for seat in current:
            if self.controller(seat) == "bot" and seat not in self.plans:
                version = self.version
                action = await self._bot_choice(seat)
                if version != self.version:
                    return 0
                due = clock.timing.bot_due_ms(self.state, seat, action, self._level(seat), clock.ms())
                self.plans[seat] = (due, action)
        now_ms = clock.ms()
        due = sorted((at, seat) for seat, (at, _) in self.plans.items() if at <= now_ms)
        if due:
            seat = due[0][1]
            _, action = self.plans.pop(seat)
            if seat in current and self.controller(seat) == "bot":
                if self._apply(action):
                    fallback = next((a for a in self.state.legal_actions(seat) if clock.timing.timed_ms(a) is None),
                                    None)
                    if fallback is not None:
                        self._apply(fallback)   # a plan the table overtook: the bot gives up instead
                self.seats[seat].bot_moves += self.seats[seat].is_human
            return 0
        if now_ms >= clock.deadline_ms and not clock.boxes:
            await self._referee_move()
            return 0
        waits = [(at - now_ms) / 1000.0 / clock.scale for at, _ in self.plans.values()]
        return _soonest(clock.next_event_in(), min(waits) if waits else None)

    def _reconsider(self) -> None:
        """A new answer on the table: bots that planned to give up think again."""
        timing = self.clock.timing if self.clock else None
        for seat, (_, action) in list(self.plans.items()):
            if timing is not None and timing.timed_ms(action) is None:
                del self.plans[seat]

    def _level(self, seat: int) -> str:
        kind = self.seats[seat].kind
        return self.config.takeover if kind in (REMOTE, LOCAL) else kind

    # -- persistence -------------------------------------------------------------------------
    def to_saved(self) -> dict[str, Any]:
        """What the server writes so a restart resumes this table (its tokens included)."""
        return self.saved_snapshot()()

    def saved_snapshot(self) -> Callable[[], dict[str, Any]]:
        """:meth:`to_saved`, in two halves: this call takes what it needs now, cheaply (the log's
        actions are frozen values: only the list is copied); the function it returns builds the
        JSON, on any thread, at any time after. So a server saving many tables spends on its
        event loop only O(tables), not O(moves)."""
        seats = tuple(SeatInfo(s.name, "human" if s.is_human else s.kind) for s in self.seats)
        state, history = self.state, tuple(self.state.history)
        head = {"format": SAVE_FORMAT, "code": self.code, "config": self.config.to_json(),
                "last_seen": time.time() if self.members or self.watchers else self.last_seen,
                "names": [s.name for s in self.seats], "tokens": [s.token for s in self.seats],
                "claimed": [s.claimed for s in self.seats]}

        def build() -> dict[str, Any]:
            return {**head, "record": GameRecord.of(state, seats, history).to_json()}

        return build

    @classmethod
    def from_saved(cls, data: dict[str, Any], **kwargs: Any) -> OnlineTable:
        """A table as :meth:`to_saved` wrote it (raises ValueError if it cannot be restored)."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError("not an online table file of this version")
        config = TableConfig.from_json(data["config"])
        record = GameRecord.from_json(data["record"], f"table {data['code']}")
        table = cls(config, data["code"], actions=record.actions, tokens=data["tokens"], claimed=data["claimed"],
                    **kwargs)
        for seat, name in zip(table.seats, data.get("names", [])):
            seat.name = str(name)
        last_seen = data.get("last_seen")
        if isinstance(last_seen, (int, float)) and not isinstance(last_seen, bool):
            table.last_seen = float(last_seen)
        return table


def _soonest(*delays: float | None) -> float | None:
    present = [d for d in delays if d is not None]
    return max(0.0, min(present)) if present else None


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _json_problem(value: Any, depth: int = 0) -> str:
    """What makes ``value`` unfit to be an action's data: non-finite numbers, huge numbers."""
    if isinstance(value, float) and not math.isfinite(value):
        return "numbers must be finite"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**53:
        return "a number in the action is out of range"
    if isinstance(value, dict):
        for item in value.values():
            problem = _json_problem(item, depth + 1)
            if problem:
                return problem
    if isinstance(value, list):
        for item in value:
            problem = _json_problem(item, depth + 1)
            if problem:
                return problem
    return ""


def _same_token(ours: str, theirs: object) -> bool:
    """Is ``theirs`` this seat's token? In constant time; a token that is not text or not ASCII
    (never one we gave out) is simply not it."""
    if not isinstance(theirs, str) or not theirs.isascii():
        return False
    return secrets.compare_digest(ours, theirs)
