"""Watching a saved game: the table deals it again and plays its moves back, one at a time,
at the bots' pace (``python -m simulator replay FILE --watch``).

Nobody sits at this table: every move, the referee's verdicts included, comes from the
file, so the table ends where the saved game stood. It is seen as an onlooker sees it,
every hand face down, since a file may hold hands its viewer never saw.
"""
from __future__ import annotations

from typing import Callable

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
        super().__init__(app, TableSetup(game, seats, record.seed), on_leave=on_leave)

    def local_humans(self) -> list[int]:
        return []  # the file plays every seat

    def offers(self) -> set[str]:
        """Nothing here to undo or save (the game is in its file); another file may be loaded."""
        return {"load"}

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
        if self.next_move() is None:
            if not self._told_end:
                self._told_end = True
                self.notify(self._the_end())
            return
        super().machine_moves(seat)

    def status(self) -> str:
        """What the table shows happening; once the file's moves are all played back, that."""
        return self._the_end() if self._told_end else super().status()

    def _the_end(self) -> str:
        return f"End of the saved game: {len(self.record.actions)} moves played back"
