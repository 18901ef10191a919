"""What every game's ``view.py`` provides to the table.

The table scene (``table.py``) runs turns, bots, hand-offs, menus, undo and saving
for any game. A game's :class:`GameView` only knows how its view data sits on the
table and how mouse input becomes an action. It never sees the full state: it is
handed the displayed seat's view and that seat's legal actions.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import pygame
import pygame_gui

from simulator.engine import Action, Game

from .marks import MoveMarks
from .sound import Cue
from .theme import TABLE_RECT

FINISH_STEP = 1 / 60
FINISH_LIMIT = 600   # steps: the longest animation finish_moves() fast-forwards


@dataclass(frozen=True)
class Summary:
    """A round or game summary the table shows once, in a panel the player dismisses."""

    key: str
    title: str
    lines: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()   # a small table: first row is the header


@dataclass
class SeatPlate:
    """What the sidebar shows for one seat."""

    detail: str                   # e.g. "42 points - 5 cards"
    faded: bool = False           # e.g. knocked out of the round
    extra: list[str] = field(default_factory=list)


class GameView:
    """Base for one game's table drawing and mouse handling.

    ``viewer`` is the seat whose view is shown (None: an onlooker, e.g. bots only).
    ``names`` are the seat names. Subclasses implement :meth:`refresh`, :meth:`draw`
    and :meth:`handle_event`, and usually :meth:`status`, :meth:`plates`,
    :meth:`log_lines` and :meth:`summaries`. ``last_move`` (see marks.py) rings what the
    latest move changed: a view sets it on refresh from what changed and draws it.
    """

    #: A short, player-facing summary of the rules for the F1 panel (see :meth:`help_for`).
    help_text = ""
    #: The table's own words around the game, in the game's language: the F1 window's title
    #: ({title}: the game's) and the heading of the sidebar's log.
    rules_title = "How to play {title}"
    log_title = "What happened"
    def say(self, text: str, **fields: object) -> str:
        """The table's own words around the game (seat tags, key hints, the Esc menu) in the
        game's language: English as written here; an edition in another language overrides it."""
        return text.format(**fields) if fields else text

    #: Where a refused move's reason shows (the middle of its top edge); None: under the top line.
    refusal_place: tuple[int, int] | None = None

    @classmethod
    def help_for(cls, game: Game) -> str:
        """The rules summary for ``game`` as set up: its options may change the words (a
        target score, an edition's language). The launcher shows it before a table exists."""
        return cls.help_text

    def __init__(self, game: Game, names: Sequence[str]) -> None:
        self.game = game
        self.help_text = self.help_for(game)
        self.names = list(names)
        self.viewer: int | None = None
        self.view: dict[str, Any] = {}
        self.legal: list[Action] = []
        self.refusal: tuple[str, float] | None = None
        self.area = TABLE_RECT
        #: the table's pygame-gui manager, for views that need widgets (set by the table)
        self.manager: pygame_gui.UIManager | None = None
        #: where cues go (set by the table once it is set up; None: silence)
        self.cue_sink: Callable[[Cue], None] | None = None
        #: what the latest move changed, ringed for a moment (each view sets and draws them)
        self.last_move = MoveMarks()

    # -- called by the table ---------------------------------------------------------
    def refresh(self, viewer: int | None, view: dict[str, Any], legal: list[Action]) -> None:
        """New information: ``view`` of ``viewer``, and what that seat may do now."""
        self.viewer, self.view, self.legal = viewer, view, legal

    def update(self, dt: float) -> None:
        if self.refusal:
            text, left = self.refusal
            self.refusal = (text, left - dt) if left > dt else None

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def handle_event(self, event: pygame.event.Event) -> Action | list[Action] | None:
        """Mouse input; return an action to try, a list of steps of one gesture, or None."""
        return None

    def refused(self, action: Action, reason: str) -> None:
        """The rules refused ``action``: show why (cards spring back on the next refresh)."""
        self.refusal = (reason, 4.0)

    def status(self) -> str:
        """One line telling the displayed player what is happening or what to do."""
        return ""

    def plates(self) -> list[SeatPlate]:
        """One sidebar plate per seat."""
        return [SeatPlate("") for _ in self.names]

    def headline(self) -> str:
        """A line under the title (round, target ...)."""
        return ""

    def log_lines(self) -> list[str]:
        """Recent public events, oldest first."""
        return []

    def summaries(self) -> list[Summary]:
        """Round and game summaries known to the view; the table shows each new key once."""
        return []

    def drive(self, dt: float, table: Any) -> bool:
        """Real-time games run their own flow here and return True; turn-based games return False.

        ``table`` offers ``current_players()``, ``bot_choice(seat)``, ``referee_choice()``,
        ``submit(action)``, ``show(seat)`` and ``humans`` — never the state itself. At an
        online table ``referee_choice()`` is the server's decision and may be None until it
        arrives (try again next frame), bots are the server's, and ``table.clock`` (None
        on a shared screen) is the server's clock of a timed window.
        """
        return False

    def busy(self) -> bool:
        """True while something is still moving, so the table waits before the next bot move."""
        return False

    def finish_moves(self) -> None:
        """Bring everything that moves to where it is going, now (the skip key, instant bots).

        Fast-forwards :meth:`update` while :meth:`busy`; a view whose animations have
        a cheaper or different end overrides it.
        """
        for _ in range(FINISH_LIMIT):
            if not self.busy():
                return
            self.update(FINISH_STEP)

    def cue(self, cue: Cue) -> None:
        """Ask the table for a sound: call it where the moment happens, e.g. ``self.cue(Cue.SNAP)``."""
        if self.cue_sink:
            self.cue_sink(cue)

    def pointer_left(self) -> None:
        """A panel (the menu, the rules) now lies over the table: drop hover effects and notes."""

    def rename(self, names: Sequence[str]) -> None:
        """New names for the seats (a player took or left a seat online). In place: the view's
        sentences (its ``TableWords``) hold this very list."""
        self.names[:] = names

    def name(self, seat: int | None) -> str:
        return "Onlooker" if seat is None else self.names[seat]

    def you_or_name(self, seat: int) -> str:
        return "You" if seat == self.viewer else self.names[seat]


def view_class_for(game_id: str) -> type[GameView]:
    """The ``TABLE_VIEW`` class in ``simulator/games/<game>/view.py``."""
    module = importlib.import_module(f"simulator.games.{game_id.replace('-', '_')}.view")
    return module.TABLE_VIEW
