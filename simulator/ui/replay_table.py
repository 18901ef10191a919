"""Watching a saved game: the table deals it again and plays its moves back, one at a time,
at the bots' pace (``python -m simulator replay FILE --watch``), steered from the keyboard:
Space pauses and plays on, Right and Left step one move forward and back, + and - change the
speed; a click on a line of the log in the sidebar goes back to the table as it was at that move.

Nobody sits at this table: every move, the referee's verdicts included, comes from the
file, so the table ends where the saved game stood. It is seen as an onlooker sees it,
every hand face down, since a file may hold hands its viewer never saw.
"""
from __future__ import annotations

from typing import Callable

import pygame

from simulator.engine import Action, GameRecord, SeatInfo, load_game

from .app import App
from .table import TableScene, TableSetup


class ReplayTable(TableScene):
    """A :class:`TableScene` playing ``record``'s moves from the first deal."""

    def __init__(self, app: App | None, record: GameRecord, *, on_leave: Callable[[], None] | None = None) -> None:
        self.record = record
        self._told_end = False
        game = load_game(record.game_id, players=record.players, **record.options)
        seats = tuple(SeatInfo(f"Player {i + 1}" if seat.is_called_you else seat.name, seat.kind)
                      for i, seat in enumerate(record.seats))  # nobody watching is the "You" who played
        seats = seats or tuple(SeatInfo(f"Player {i + 1}", "random") for i in range(record.players))
        # the log the table showed after each number of moves played back (a game's log may
        # start afresh each round, so a line is found by what came before it, not by its number)
        self._logs_after: dict[int, tuple[str, ...]] = {}
        self._pointed: int | None = None  # the log entry under the pointer
        super().__init__(app, TableSetup(game, seats, record.seed), on_leave=on_leave)
        self.paused = False
        self.speed = 1.0  # moves come this many times as fast as at the bots' pace

    # -- steering ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and not self.overlays and not self.dialog_open:
            if event.key == pygame.K_SPACE:
                self.paused = not self.paused
                return
            if event.key == pygame.K_RIGHT:
                self.step(1)
                return
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return
            if event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
                faster = event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
                self.speed = min(8.0, self.speed * 2) if faster else max(0.25, self.speed / 2)
                return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and not self.overlays and not self.dialog_open:
            self._pointed = self.log_entry_at(event.pos)
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._pointed is not None:
                self.go_to_entry(self._pointed)
                return
        super().handle_event(event)

    def go_to_entry(self, entry: int) -> None:
        """Pause at the table as it was right after the move that wrote log entry ``entry``: the
        first one played back whose log ended with it."""
        shown = tuple(self.view.log_lines()[:entry + 1])
        now = len(self.state.history)
        moves = min((k for k, log in self._logs_after.items() if k <= now and log == shown), default=None)
        if moves is not None:
            self.step(moves - now)

    def log_row_lit(self, entry: int) -> bool:
        return entry == self._pointed

    def refresh(self) -> None:
        super().refresh()
        self._logs_after.setdefault(len(self.state.history), tuple(self.view.log_lines()))

    def step(self, moves: int) -> None:
        """Go ``moves`` moves forward (or back, when negative) and pause there."""
        self.paused = True
        done = len(self.state.history)
        to = max(0, min(len(self.record.actions), done + moves))
        if to > done:
            for data in self.record.actions[done:to]:
                self.state.apply(self.game.decode_action(data))
        elif to < done:
            self.state = self.record.replay(to)
            self.view.last_move.clear()
        self._told_end = self._told_end and to == len(self.record.actions)
        self.view.finish_moves()
        self.refresh()

    def busy(self) -> bool:
        """Paused, nothing on the table moves (a card stopped mid-flight too)."""
        return not self.paused and super().busy()

    def clock_rate(self) -> float:
        """Paused, the game stands still (also a timed window's clock); else it runs ``speed`` times as fast."""
        return 0.0 if self.paused else self.speed

    def local_humans(self) -> list[int]:
        return []  # the file plays every seat

    def offers(self) -> set[str]:
        """Nothing here to undo or save (the game is in its file); another file may be loaded."""
        return {"load"}

    def key_hints(self) -> list[str]:
        return ["Space pause/play", "Left/Right step", "+/- speed", "click the log: go back there",
                *super().key_hints()]

    def undo(self) -> None:
        self.notify("This is a saved game played back: there is nothing to undo.")

    def ask_file(self, purpose: str) -> None:
        if purpose == "save":
            self.notify("This is a saved game played back: it is in its file already.")
        else:
            super().ask_file(purpose)

    def next_move(self) -> Action | None:
        """The file's next move (None once every move has been played back)."""
        done = len(self.state.history)
        return self.game.decode_action(self.record.actions[done]) if done < len(self.record.actions) else None

    def bot_choice(self, seat: int) -> Action | None:
        return self.next_move()

    def referee_choice(self) -> Action | None:
        return self.next_move()  # None: a live view waits, as for a verdict still on its way

    def machine_moves(self, seat: int) -> None:
        if self.paused:
            return  # nothing comes while paused, at the instant bot speed too
        if self.next_move() is None:
            if not self._told_end:
                self._told_end = True
                self.notify(self._the_end())
            return
        super().machine_moves(seat)

    def status(self) -> str:
        """What the table shows happening (once the file's moves are all played back, that), and
        where the playback stands."""
        if self._told_end:
            return self._the_end()
        where = f"move {len(self.state.history)} of {len(self.record.actions)}"
        how = "paused: Space plays, Left/Right step" if self.paused else f"x{self.speed:g}: Space pauses"
        said = super().status()
        return f"{said}  ·  {where}, {how}" if said else f"{where}, {how}"

    def _the_end(self) -> str:
        return f"End of the saved game: {len(self.record.actions)} moves played back"
