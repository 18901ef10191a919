"""The rule-engine contract: a static :class:`Game` and a dynamic :class:`State`.

``Game`` is what the box says: id, title, seat range, the options chosen for this
table and the components read from the scene file. It never changes during play.

``State`` is everything that changes: piles, hands, whose turn it is, the one seeded
RNG, the action log. It serialises to JSON and back without loss.

Turn-based games have one current player; simultaneous windows (everyone answers at
once) have several; the table itself acts as :data:`~simulator.engine.actions.REFEREE`
when a clock runs out or the physics reports how a placement settled. Multi-step
turns are simply many actions by the same player, ended by an action of their own.
"""
from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Iterable, Protocol

from .actions import REFEREE, Action, ActionCodec, IllegalAction
from .options import OptionSpec, OptionValues, options_from_scene, resolve_options
from .scene import Scene

#: Pass to :meth:`State.view` for what an onlooker may see (public information only).
ONLOOKER = None


class Referee(Protocol):
    """Acts for the table (:data:`REFEREE`): it sees the full state, as physics or a clock would."""

    def decide(self, state: State) -> Action:
        ...


class Game(ABC):
    """Static description of a game as set up for one table.

    Subclasses set the class attributes and implement :meth:`new_state`.

    Raises ValueError from the constructor for a seat count outside the game's
    range or an unknown or invalid option.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    actions: ClassVar[ActionCodec]
    #: Set-ups beyond the seat range (players, options), e.g. a solo mode: the launcher
    #: offers their seat counts and the conformance suite checks them.
    variants: ClassVar[tuple[tuple[int, dict[str, Any]], ...]] = ()
    #: The set-up of the game's challenge of the day (players, options), if it has one;
    #: such a game also provides ``daily_seed(day) -> int``.
    daily: ClassVar[tuple[int, dict[str, Any]] | None] = None
    #: What a recorded game of this kind means: raised when a record made before can no longer
    #: be played on (Wackelbett's verdicts hold poses of its bed); ``state_versions`` says in a
    #: player's words what each version was. Saves record it; an older one is refused by name.
    state_version: ClassVar[int] = 1
    state_versions: ClassVar[dict[int, str]] = {}

    @classmethod
    def seat_counts(cls) -> list[int]:
        """The seat counts the game offers: its range plus its variants' (e.g. a solo mode)."""
        return sorted(set(range(cls.min_players, cls.max_players + 1)) | {n for n, _ in cls.variants})

    def __init__(self, players: int, scene: Scene | None = None, **options: Any) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, got {players!r}"
            )
        self.players = players
        self.scene = scene if scene is not None else Scene.load(self.id)
        self.option_specs: tuple[OptionSpec, ...] = options_from_scene(self.scene)
        self.options: dict[str, Any] = OptionValues(resolve_options(self.option_specs, options), self.scene)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.players}, options={self.options})"

    @abstractmethod
    def new_state(self, seed: int, *, deal: bool = True) -> State:
        """A new game, dealt with ``random.Random(seed)``; ``deal=False`` leaves it empty
        for :meth:`state_from_json` to fill."""

    def state_from_json(self, data: dict[str, Any]) -> State:
        """Rebuild a state written by :meth:`State.to_json` (raises ValueError if malformed)."""
        try:
            seed = int(data["seed"])
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"malformed {self.id} state: no integer seed") from None
        state = self.new_state(seed, deal=False)
        state._restore_common(data)
        return state

    def decode_action(self, data: Any) -> Action:
        """The action the JSON object ``data`` describes, checked against its declaration and
        this table's seats: what a save file or the network hands in.

        Raises :class:`IllegalAction` with the reason for anything else; whether the rules
        allow the action now is for :meth:`State.apply` to say.
        """
        action = self.actions.decode(data)
        self._check_seat(action)
        return action

    def validate_action(self, action: Any) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is one of this game's actions, every
        field of its declared type and bounds, by a seat of this table or the referee."""
        self.actions.validate(action)
        if not REFEREE <= action.player < self.players:  # inline: this runs on every apply
            self._check_seat(action)

    def _check_seat(self, action: Action) -> None:
        if not REFEREE <= action.player < self.players:
            raise IllegalAction(f"there is no seat {action.player} at this table of {self.players}")

    def make_referee(self) -> Referee | None:
        """The referee acting for the table, for games that have one."""
        return None


class State(ABC):
    """Dynamic state of one game.

    Implementations provide :meth:`check` (never mutates; raises
    :class:`IllegalAction` with a reason) and :meth:`_perform` (mutates; may assume
    the action passed :meth:`check`). :meth:`apply` first holds the action to its
    declared field types (:meth:`Game.validate_action`), so ``check`` only ever sees
    well-typed values; an illegal action leaves the state exactly as it was.

    All randomness comes from :attr:`rng`. Undo never reaches back past an action
    that used the RNG, showed a seat a card it could not see, came from the referee
    or ended the game: the engine sees these itself (:mod:`.record`). A ``_perform``
    that reveals something else may call :meth:`mark_reveal`; one in which the table
    judges a move (a player's last answer closes a window and the words are judged) calls
    :meth:`mark_judged`, so undo stops there and says the table has judged the move.
    """

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.history: list[Action] = []
        self.undo_floor = 0
        #: the action that set :attr:`undo_floor` made the table judge (see :meth:`mark_judged`)
        self.undo_judged = False

    # -- who acts, and how ------------------------------------------------------
    @abstractmethod
    def current_players(self) -> tuple[int, ...]:
        """Seats that may act now: one, several in a simultaneous window, none when over."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """What ``player`` may do now ([] if it is not their turn).

        Where the real choice is continuous or free (a word, a position), this is
        a finite representative set a bot may choose from; :meth:`check` decides
        what is allowed.
        """

    @abstractmethod
    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` with a readable reason if ``action`` is not allowed now."""

    @abstractmethod
    def _perform(self, action: Action) -> None:
        """Carry out an action that passed :meth:`check`."""

    def apply(self, action: Action) -> None:
        """Check and carry out ``action``; raises IllegalAction and changes nothing if illegal."""
        self.game.validate_action(action)
        self.check(action)
        self._perform(action)
        self.history.append(action)
        if action.player == REFEREE or self.is_over():
            # The table's verdicts and the end of the game are never taken back.
            if self.undo_floor != len(self.history):
                self.undo_floor, self.undo_judged = len(self.history), False

    def mark_reveal(self) -> None:
        """Called by ``_perform``: the action being performed revealed something or used the RNG."""
        floor = len(self.history) + 1
        if self.undo_floor != floor:  # a verdict in the same action stays the reason
            self.undo_floor, self.undo_judged = floor, False

    def mark_judged(self) -> None:
        """Called by ``_perform``: the action being performed made the table judge it (or
        what was on the table): it cannot be taken back, and undo says the table has judged."""
        self.undo_floor, self.undo_judged = len(self.history) + 1, True

    # -- outcome ---------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended; then no seat has a legal action."""

    @abstractmethod
    def scores(self) -> list[float]:
        """One score per seat, higher is better (the game's own points where it has them)."""

    def cut_off(self) -> str | None:
        """The safeguard that ended the game, if one did: a limit the rulebook does not have
        (say, on rounds) that keeps endless play finite. ``None`` while the game runs and when
        it ended by its rules; games without such a limit keep this default."""
        return None

    def winners(self) -> list[int]:
        """Seats that won (several on a shared win); [] while the game runs."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    # -- information -----------------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """Exactly what ``player`` may see (``None``: an onlooker), as JSON data.

        Convention checked by the conformance suite: every card the viewer can see
        appears as an int id under a key ending in ``card`` or ``cards``; cards the
        viewer cannot see appear only as counts.
        """

    @abstractmethod
    def card_zones(self) -> dict[str, list[int]]:
        """Every physical card, by zone; together they hold each card of the box exactly once."""

    @abstractmethod
    def hidden_from(self, player: int | None) -> set[int]:
        """Ids of the cards whose faces ``player`` may not see now."""

    # -- persistence -----------------------------------------------------------
    @abstractmethod
    def _fields_to_json(self) -> dict[str, Any]:
        """The game-specific part of the state as JSON data."""

    @abstractmethod
    def _fields_from_json(self, data: dict[str, Any]) -> None:
        """Restore what :meth:`_fields_to_json` wrote."""

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON data, sharing nothing with the live state.

        :meth:`Game.state_from_json` restores it.
        """
        version, internal, gauss = self.rng.getstate()
        return {
            "game": self.game.id,
            "players": self.game.players,
            "options": dict(self.game.options),
            "seed": self.seed,
            "rng": [version, list(internal), gauss],
            "history": [a.to_json() for a in self.history],
            "undo_floor": self.undo_floor,
            "undo_judged": self.undo_judged,
            "fields": copy.deepcopy(self._fields_to_json()),
        }

    def _restore_common(self, data: dict[str, Any]) -> None:
        """Restore the game-agnostic part of :meth:`to_json` (used by ``state_from_json``)."""
        try:
            version, internal, gauss = data["rng"]
            self.rng.setstate((version, tuple(internal), gauss))
            self.history = [self.game.decode_action(a) for a in data["history"]]
            self.undo_floor = int(data["undo_floor"])
            self.undo_judged = bool(data.get("undo_judged", False))  # saved before it existed: False
            self._fields_from_json(data["fields"])
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError,
                RecursionError) as exc:
            raise ValueError(f"malformed {self.game.id} state: {type(exc).__name__}: {str(exc)[:120]}") from None

    def clone(self) -> State:
        """An independent copy (the static game is shared)."""
        return copy.deepcopy(self, {id(self.game): self.game})


def seat_names(players: int, names: Iterable[str] | None = None) -> list[str]:
    """Names for the seats: the ones given, then "Player N"."""
    given = list(names or [])
    return [given[i] if i < len(given) and given[i] else f"Player {i + 1}" for i in range(players)]


__all__ = ["Game", "State", "Referee", "ONLOOKER", "IllegalAction", "seat_names"]
