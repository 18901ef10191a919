"""Mamma rules (../shared/rules/mamma.txt; our reading in RULES.md).

Cards are ints 0..109 (:mod:`.box`); the city is a grid of spaces 0..26 (:mod:`.city`).
Nine pieces move on it: the six family characters (0-5, Grandpa to Son), the
schoolbus (6) and the traffic cards (7, 8). A piece's location is a space (int) or
one of the place names below (str).

A turn is many small actions by the same seat: play movement cards into a pool of
mp, walk one piece step by step (:class:`Step`) and end its movement
(:class:`EndMovement`), ride the taxi or the bus, place money, then draw. Every
forced or optional consequence (a purchase, a theft, where a character leaving the
hospital goes ...) is a *pending decision* at the front of :attr:`MammaState.pending`,
which the named seat must settle before anything else happens.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from simulator.engine import Action, ActionCodec, Game, IllegalAction, Scene, State

from .box import (CHARACTERS, DECKS, GRANDMA, GRANDPA, MAMMA, SITE_NAMES, SON, WIFE, MammaBox,
                  read_box)
from .city import City, read_city
from .scoring import ScoreBreakdown, score_character

SCHOOLBUS = CHARACTERS          # piece index of the schoolbus; traffic cards follow it

# Where a piece can be besides a city space.
SEAT = "seat"                   # its place in column B (characters, before they first move)
BENCH = "bench"
WC = "wc"
HOSPITAL = "hospital"
CHURCH = "church"
EXITING = "exiting"             # pushed out of the hospital bed, waiting to be placed
WAITING = "waiting"             # taken off the city at the Dinner Hour, waiting to be placed
TABLE = "table"                 # sitting at the table for dinner
OFF = "off"                     # the schoolbus, gone with the Child at the Dinner Hour

# Phases of the game.
CHOOSE_SECRET = "choose-secret"
TAKE_SECRET = "take-secret"
DRAFT = "draft"
PLAY = "play"
DINNER_SETUP = "dinner-setup"
OVER = "over"

# Stages of a turn.
MAIN = "main"                   # play movement cards, move, ride, discard
MONEY = "money"                 # money cards placed: only more money or a guests card
DRAW = "draw"                   # taking game cards

RECENT_EVENTS = 60


# -- actions ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseSecret(Action):
    """Player A picks a secret character from the six cards."""

    kind = "choose-secret"
    character: int


@dataclass(frozen=True, slots=True)
class TakeSecret(Action):
    """Another player takes one of the face-down secret cards (``slot`` counts from the left)."""

    kind = "take-secret"
    slot: int


@dataclass(frozen=True, slots=True)
class Draft(Action):
    """Set-up: take the top card of the ``deck`` ("movement" or "money")."""

    kind = "draft"
    deck: str


@dataclass(frozen=True, slots=True)
class PlayMovement(Action):
    """Play a movement card: its mp join this turn's pool."""

    kind = "play-movement"
    card: int


@dataclass(frozen=True, slots=True)
class Step(Action):
    """Move ``piece`` one step to ``to`` (a space, or "bench", "wc", "seat")."""

    kind = "step"
    piece: int
    to: int | str


@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    """The moving piece stops here (a character may then have to buy)."""

    kind = "end-movement"


@dataclass(frozen=True, slots=True)
class TakeTaxi(Action):
    """The Wife pays one of her money cards for a taxi ride of 3x its value in mp."""

    kind = "taxi"
    card: int


@dataclass(frozen=True, slots=True)
class RideBus(Action):
    """Declare a bus number for the Grandma and turn the top bus card."""

    kind = "bus"
    number: str


@dataclass(frozen=True, slots=True)
class PlaceMoney(Action):
    """Place a money card beside ``character`` (``replacing`` a lower card, or -1)."""

    kind = "money"
    card: int
    character: int
    replacing: int


@dataclass(frozen=True, slots=True)
class AssignGuests(Action):
    """Give ``character`` the highest Guests card left (once per player)."""

    kind = "guests"
    character: int


@dataclass(frozen=True, slots=True)
class DiscardThree(Action):
    """Option 4: discard three game cards (then one ingredient card may be turned)."""

    kind = "discard"
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Finish(Action):
    """Done playing: go on to take game cards."""

    kind = "finish"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top card of the ``deck``."""

    kind = "draw"
    deck: str


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Take no more cards; the next player's turn begins."""

    kind = "end-turn"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Take this upright ingredient card from the crossed character."""

    kind = "steal"
    card: int


@dataclass(frozen=True, slots=True)
class Arcade(Action):
    """The Son spends the crossed character's highest money card."""

    kind = "arcade"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Let an optional chance pass (a theft, the arcade, turning a card)."""

    kind = "decline"


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Buy the ingredients card with these money cards."""

    kind = "pay"
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlaceIngredient(Action):
    """Put the next ingredients card on the club-marked spot ``space``."""

    kind = "place-ingredient"
    space: int


@dataclass(frozen=True, slots=True)
class PlaceCharacter(Action):
    """Put ``character`` on ``space`` (leaving the W.C. or hospital, off the bus, Dinner Hour)."""

    kind = "place-character"
    character: int
    space: int


@dataclass(frozen=True, slots=True)
class LoseIngredient(Action):
    """The run-over Son loses this upright ingredient card."""

    kind = "lose-ingredient"
    card: int


@dataclass(frozen=True, slots=True)
class TurnSideways(Action):
    """After discarding three: turn this upright ingredient card sideways (safe from theft)."""

    kind = "sideways"
    card: int


@dataclass(frozen=True, slots=True)
class SeatFifth(Action):
    """The game is over: ``character`` sits down next (fifth)."""

    kind = "seat-fifth"
    character: int


ALL_ACTIONS = (ChooseSecret, TakeSecret, Draft, PlayMovement, Step, EndMovement, TakeTaxi, RideBus,
               PlaceMoney, AssignGuests, DiscardThree, Finish, Draw, EndTurn, Steal, Arcade,
               Decline, Pay, PlaceIngredient, PlaceCharacter, LoseIngredient, TurnSideways,
               SeatFifth)

#: Which actions settle each kind of pending decision.
PENDING_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "steal": (Steal, Decline),
    "arcade": (Arcade, Decline),
    "buy": (Pay,),
    "place-ingredient": (PlaceIngredient,),
    "exit": (PlaceCharacter,),
    "bus-arrival": (PlaceCharacter,),
    "lose": (LoseIngredient,),
    "sideways": (TurnSideways, Decline),
    "guests": (AssignGuests,),
    "dinner-place": (PlaceCharacter,),
    "fifth": (SeatFifth,),
}


def _is_int(value: Any) -> bool:
    return type(value) is int  # a bool is not a space


def _fields_ok(action: Action) -> bool:
    """Every field holds a value of its declared kind (JSON can smuggle in bools and lists)."""
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        kind = f.type
        if kind == "int":
            ok = _is_int(value)
        elif kind == "str":
            ok = isinstance(value, str)
        elif kind == "int | str":
            ok = _is_int(value) or isinstance(value, str)
        else:  # tuple[int, ...]
            ok = isinstance(value, tuple) and all(_is_int(v) for v in value)
        if not ok:
            return False
    return True


# -- the game --------------------------------------------------------------------------
class MammaGame(Game):
    """The box, the city and the options chosen for this table."""

    id = "mamma"
    title = "Mamma"
    min_players = 2
    max_players = 4
    actions = ActionCodec(*ALL_ACTIONS)

    def __init__(self, players: int, scene: Scene | None = None, **options: Any) -> None:
        super().__init__(players, scene, **options)
        self.box: MammaBox = read_box(self.scene)
        self.city: City = read_city(self.scene)
        self.pieces = CHARACTERS + 1 + len(self.city.traffic_starts)
        self.sideways_first_step: int = self.options["sideways_first_step"]
        self.bus_memory_aid = self.options["bus_memory"] == "remembered"
        self.ride_from_next_to: bool = self.options["ride_from_next_to"]
        self.single_draw_compulsory = self.options["single_draw"] == "compulsory"
        self.player_x_finishes = self.options["player_x_turn"] == "finishes"
        self.shopping_rounds: int = self.options["shopping_rounds"]
        self.dinner_rounds: int = self.options["dinner_rounds"]

    def piece_name(self, piece: int) -> str:
        """"Grandpa" ... "Son", "Schoolbus", "Traffic card 1" ..."""
        if piece < CHARACTERS:
            return self.box.names[piece]
        if piece == SCHOOLBUS:
            return "Schoolbus"
        return f"Traffic card {piece - SCHOOLBUS}"

    def piece_pronoun(self, piece: int, case: str) -> str:
        """How a sentence refers back to ``piece``: ``case`` "object" (him, her, it) or
        "possessive" (his, her, its)."""
        he = self.box.pronouns[piece] if piece < CHARACTERS else "it"
        return {"he": ("him", "his"), "she": ("her", "her"), "it": ("it", "its")}[he][case == "possessive"]

    def piece_card(self, piece: int) -> int:
        if piece < CHARACTERS:
            return self.box.family[piece]
        if piece == SCHOOLBUS:
            return self.box.schoolbus
        return self.box.traffic[piece - SCHOOLBUS - 1]

    def step_cost(self, piece: int, frm: int | str, to: int | str, *, first: bool, dinner: bool) -> int:
        """mp for one step of ``piece`` from ``frm`` to ``to``.

        ``first``: the first step of a movement (the schoolbus and traffic cards pay
        their printed cost, and in the Dinner Hour a character pays 2 forward and 3 back).
        """
        city = self.city
        if piece == SCHOOLBUS:
            return city.schoolbus_cost if first else 1
        if piece > SCHOOLBUS:
            return city.traffic_costs[piece - SCHOOLBUS - 1] if first else 1
        if frm == BENCH:
            return city.bench_exit_cost
        if frm == CHURCH:
            return city.church_exit_cost
        if not first or not dinner:
            return 1
        if to == SEAT:
            return self.box.forward_first_step
        if not _is_int(to) or not _is_int(frm):
            return self.sideways_first_step
        shift = city.column(to) - city.column(frm)
        if shift < 0:
            return self.box.forward_first_step
        if shift > 0:
            return self.box.back_first_step
        return self.sideways_first_step

    def new_state(self, seed: int, *, deal: bool = True) -> MammaState:
        return MammaState(self, seed, deal=deal)


# -- the state -------------------------------------------------------------------------
class MammaState(State):
    """Everything on the table, the secret characters, and where the turn stands."""

    game: MammaGame

    def __init__(self, game: MammaGame, seed: int, *, deal: bool = True) -> None:
        super().__init__(game, seed)
        box, city, n = game.box, game.city, game.players
        self.phase = CHOOSE_SECRET
        self.player_a = 0
        self.current = 0
        self.secret: list[int | None] = [None] * n
        self.secret_table: list[int] = []
        self.secret_removed: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.decks: dict[str, list[int]] = {"movement": [], "money": []}
        self.money_at: list[list[int]] = [[] for _ in range(CHARACTERS)]
        self.food_at: list[list[int]] = [[] for _ in range(CHARACTERS)]
        self.sideways: list[int] = []
        self.guests_at: list[int | None] = [None] * CHARACTERS
        self.guests_supply: list[int] = list(box.guests)
        self.guests_used: list[bool] = [False] * n
        self.ingredient_row: list[int] = []
        self.ingredient_space: int | None = None
        self.floor: list[int] = list(box.city)
        self.substitutes: list[int] = list(box.substitutes)
        self.lost: list[int] = []
        self.loc: list[int | str] = ([SEAT] * CHARACTERS + [city.schoolbus_start]
                                     + list(city.traffic_starts))
        self.wc_step = 0
        self.wc_last: int | None = None
        self.bank_flipped = False
        self.grandpa_child = False
        self.child_steal_used = False
        self.bus_deck: list[int] = list(box.bus)
        self.bus_studied: list[int] = []
        self.bus_turned: list[str] = []
        self.dinner = False
        self.player_x: int | None = None
        self.arrivals: list[int] = []
        self.turns = 0
        self.dinner_turns = 0
        self.safeguard: str | None = None
        self.pending: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.event_seq = 0
        self._reset_turn()
        if deal:
            self._set_up()

    def _reset_turn(self) -> None:
        self.stage = MAIN
        self.mp = 0
        self.played = 0
        self.discarded = False
        self.draws_left = 0
        self.taxi_used = False
        self.bus_used = False
        self.bus_missed = False
        self.bought: list[int] = []
        self.moved: list[int] = []
        self.active: dict[str, Any] | None = None

    # -- set-up ------------------------------------------------------------------------
    def _set_up(self) -> None:
        """Shuffle the decks, one money card to each character, the first ingredient, the bus deck."""
        box, city = self.game.box, self.game.city
        self.player_a = self.rng.randrange(self.game.players)
        self.current = self.player_a
        for deck in DECKS:
            cards = list(box.movement if deck == "movement" else box.money)
            self.rng.shuffle(cards)
            self.decks[deck] = cards
        for character in range(CHARACTERS):  # "beginning with the Grandpa"
            self.money_at[character].append(self.decks["money"].pop(0))
        row = list(box.ingredients)
        self.rng.shuffle(row)
        self.ingredient_row = row
        self._put_ingredient(city.first_ingredient)
        self.rng.shuffle(self.bus_deck)
        self.bus_studied = list(self.bus_deck)
        self._log("set-up", seat=self.player_a)

    # -- small helpers -----------------------------------------------------------------
    def _log(self, what: str, **info: Any) -> None:
        self.event_seq += 1
        info.setdefault("seat", self.current)
        info["what"] = what
        info["seq"] = self.event_seq
        self.events.append(info)
        if len(self.events) > RECENT_EVENTS:
            del self.events[: len(self.events) - RECENT_EVENTS]

    def _name(self, piece: int) -> str:
        return self.game.piece_name(piece)

    def _actor(self) -> int | None:
        seats = self.current_players()
        return seats[0] if seats else None

    def money(self, character: int) -> int:
        """The money beside a character's reference card."""
        value = self.game.box.value
        return sum(value[c] for c in self.money_at[character])

    def price(self, character: int) -> int | None:
        """What the ingredients card in the city costs this character (None if there is none)."""
        if self.ingredient_space is None:
            return None
        box = self.game.box
        cost = box.ingredient(self.floor[self.ingredient_space]).cost
        return max(0, cost + box.price_change[character])

    def money_capacity(self, character: int) -> int:
        box = self.game.box
        if character == GRANDPA and self.bank_flipped:
            return box.grandpa_bank_money_cards
        return box.money_cards

    def upright(self, character: int) -> list[int]:
        """The character's ingredient cards still upright (vertical): the ones that can be taken."""
        return [c for c in self.food_at[character] if c not in self.sideways]

    def _occupant(self, space: int, exclude: int = -1) -> int | None:
        for piece, where in enumerate(self.loc):
            if where == space and piece != exclude:
                return piece
        return None

    def _site_occupant(self, site: str) -> int | None:
        for piece in range(CHARACTERS):
            if self.loc[piece] == site:
                return piece
        return None

    def empty_spaces(self) -> list[int]:
        """City spaces with nothing standing on them and no ingredients card."""
        taken = {where for where in self.loc if _is_int(where)}
        return [s for s in range(self.game.city.size)
                if s not in taken and s != self.ingredient_space]

    def _put_ingredient(self, space: int) -> None:
        self.substitutes.append(self.floor[space])
        self.floor[space] = self.ingredient_row.pop(0)
        self.ingredient_space = space

    # -- who acts ----------------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.pending:
            return (self.pending[0]["seat"],)
        return (self.current,)

    def is_over(self) -> bool:
        return self.phase == OVER

    # -- legality ----------------------------------------------------------------------
    def check(self, action: Action) -> None:
        reason = self._refusal(action)
        if reason is not None:
            raise IllegalAction(reason)

    def _refusal(self, action: Action) -> str | None:
        """Why ``action`` is not allowed now, or None. Never changes the state."""
        if self.phase == OVER:
            return "The game is over."
        if not isinstance(action, ALL_ACTIONS):
            return f"{getattr(action, 'kind', action)!r} is not a Mamma action."
        if not _fields_ok(action):
            return f"The action {action.kind!r} is malformed."
        actor = self._actor()
        if action.player != actor:
            return f"It is not your turn: Player {actor + 1} is to act." if actor is not None else "Nobody may act."
        return self._reason(action)

    def _reason(self, a: Action) -> str | None:
        """The rule-specific part of :meth:`_refusal` (the seat is already the right one)."""
        kind = type(a)
        if self.pending:
            item = self.pending[0]
            if kind not in PENDING_ACTIONS[item["kind"]]:
                return self.prompt(item)
            return _PENDING_CHECKS[item["kind"]](self, item, a)
        if self.phase == CHOOSE_SECRET:
            if kind is not ChooseSecret:
                return "Player A must first choose a secret character."
            return None if 0 <= a.character < CHARACTERS else "There is no such character."
        if self.phase == TAKE_SECRET:
            if kind is not TakeSecret:
                return "Take one of the face-down character cards first."
            return None if 0 <= a.slot < len(self.secret_table) else "There is no card in that place."
        if self.phase == DRAFT:
            if kind is not Draft:
                return "Take your five game cards first, one at a time."
            if a.deck not in DECKS:
                return "Choose the movement deck or the money deck."
            return None if self.decks[a.deck] else f"The {a.deck} deck is empty."
        check = _TURN_CHECKS.get(kind)
        if check is None:
            return "That is not something to do now."
        return check(self, a)

    def prompt(self, item: dict[str, Any]) -> str:
        """The question a pending decision asks, as a player reads it."""
        kind = item["kind"]
        if kind == "steal":
            return (f"First decide whether the {self._name(item['thief'])} takes an ingredients card "
                    f"from the {self._name(item['victim'])}.")
        if kind == "arcade":
            return f"First decide whether the Son spends the {self._name(item['victim'])}'s money at the arcade."
        if kind == "buy":
            return f"The {self._name(item['character'])} must buy the ingredients card: choose the money to pay with."
        if kind == "place-ingredient":
            return "Place the next ingredients card on a club-marked spot far from the buyer."
        if kind in ("exit", "bus-arrival"):
            return f"Place the {self._name(item['character'])} on the city first."
        if kind == "lose":
            return f"Choose {item['count']} of the Son's ingredients cards to lose in the accident."
        if kind == "sideways":
            return "You may turn one upright ingredients card sideways, or decline."
        if kind == "guests":
            return "Dinner Hour: give your Guests card to a character."
        if kind == "dinner-place":
            return "Dinner Hour: place a character in the rightmost free column."
        return "Choose which of the last two characters sits down fifth."

    # -- turn actions: checks ------------------------------------------------------------
    def _turn_open(self) -> str | None:
        """Cards may be played and pieces started: the main stage, nothing moving."""
        if self.stage == DRAW:
            return "You are taking cards now: draw or end your turn."
        if self.stage == MONEY:
            return "Money is placed as the last action of a turn: only more money or a Guests card now."
        return None

    def _card_limit(self, cards: int) -> str | None:
        if self.bus_missed:
            return "The Grandma missed the bus: no more game cards this turn."
        if self.dinner_turns and self.played + cards > self.game.box.dinner_max_cards:
            return f"In the Dinner Hour at most {self.game.box.dinner_max_cards} game cards a turn."
        return None

    def _check_play_movement(self, a: PlayMovement) -> str | None:
        reason = self._turn_open()
        if reason:
            return reason
        if a.card not in self.hands[a.player] or not self.game.box.is_movement(a.card):
            return "You do not hold that movement card."
        return self._card_limit(1)

    def _unable_to_move(self, piece: int) -> str | None:
        where = self.loc[piece]
        if piece < CHARACTERS:
            if type(where) is int or where in (SEAT, BENCH, CHURCH):
                if piece in self.bought:
                    return f"The {self._name(piece)} bought ingredients this turn and cannot move any more."
                if piece == GRANDMA and self.bus_missed:
                    return "The Grandma missed the bus and stays in the church this turn."
                return None
            name = self._name(piece)
            if where == HOSPITAL:
                return f"The {name} is in the hospital and cannot move until she or he leaves it."
            if where == WC:
                return f"The {name} is in the W.C. for a few turns."
            return f"The {name} cannot move now."
        if where == OFF:
            return "The schoolbus has left with the Child."
        return None

    def destinations(self, piece: int) -> list[int | str]:
        """Where ``piece`` could step from where it is (ignoring cost and what stands there)."""
        where = self.loc[piece]
        city = self.game.city
        if piece >= CHARACTERS:
            return list(city.neighbours[where]) if _is_int(where) else []
        if where == SEAT:
            return [] if self.dinner else [city.seat_entrances[piece]]
        if where == BENCH:
            return list(city.next_to_site("bench"))
        if where == CHURCH:
            return list(city.next_to_site("church"))
        if not _is_int(where):
            return []
        out: list[int | str] = list(city.neighbours[where])
        for site in city.sites_at[where]:
            if site in (BENCH, WC):
                out.append(site)
        if self.dinner and where == city.seat_entrances[piece]:
            out.append(SEAT)
        return out

    def step_cost(self, piece: int, frm: int | str, to: int | str, first: bool) -> int:
        """mp for one step; ``first`` is the first step of this movement."""
        return self.game.step_cost(piece, frm, to, first=first, dinner=self.dinner)

    def budget(self) -> int:
        """mp available to the moving piece: the taxi's, or the pool of played cards."""
        if self.active is not None and self.active["ride"] == "taxi":
            return self.active["budget"]
        return self.mp

    def _can_enter_wc(self, piece: int) -> str | None:
        if self.dinner:
            return "From the Dinner Hour on nobody goes into the W.C."
        if self._site_occupant(WC) is not None:
            return "Someone is already in the W.C."
        if self.wc_last == piece:
            return f"The {self._name(piece)} was the last one in the W.C. and cannot go in twice in a row."
        return None

    def _check_step(self, a: Step) -> str | None:
        reason = self._turn_open()
        if reason:
            return reason
        piece, to = a.piece, a.to
        if not 0 <= piece < self.game.pieces:
            return "There is no such piece."
        active = self.active
        if active is not None and active["piece"] != piece:
            moving = active["piece"]
            return (f"Finish moving the {self._name(moving)} first (end "
                    f"{self.game.piece_pronoun(moving, 'possessive')} movement).")
        if active is None:
            reason = self._unable_to_move(piece)
            if reason:
                return reason
        if to not in self.destinations(piece):
            return f"The {self._name(piece)} cannot go there in one step from where it is."
        path = active["path"] if active is not None else [self.loc[piece]]
        if to in path:
            return "A piece may not go back into a space it already crossed in this movement."
        occupant = None
        if _is_int(to):
            if to == self.ingredient_space:
                return "The ingredients card is a shop, not a space to walk on."
            occupant = self._occupant(to, piece)
            if occupant is not None and occupant > SCHOOLBUS:
                return "Nothing may cross a traffic card."
        elif to == BENCH:
            if self._site_occupant(BENCH) is not None:
                return "Only one character fits on the bench."
        elif to == WC:
            reason = self._can_enter_wc(piece)
            if reason:
                return reason
        cost = self.step_cost(piece, self.loc[piece], to, len(path) == 1)
        budget = self.budget()
        if cost > budget:
            extra = "" if active is not None and active["ride"] == "taxi" else " Play movement cards first."
            return f"That step costs {cost} mp and you have {budget}.{extra}"
        if occupant is not None:
            runs_over = piece == SCHOOLBUS and occupant in (WIFE, SON) and not self.dinner
            if not runs_over and not self._can_finish(piece, to, budget - cost, path):
                return (f"The {self._name(piece)} could not get past the {self._name(occupant)} "
                        "to an empty space with the mp left.")
        return None

    def _can_finish(self, piece: int, at: int, budget: int, path: list[Any]) -> bool:
        """Can ``piece``, crossing ``at``, still reach an empty space with ``budget`` mp?"""
        city = self.game.city
        seen = set(x for x in path if _is_int(x))
        seen.add(at)
        taken = {}
        for p, where in enumerate(self.loc):
            if _is_int(where) and p != piece:
                taken[where] = p
        is_character = piece < CHARACTERS
        # a site the movement started from was crossed: it is no way out
        bench_free = self._site_occupant(BENCH) is None and BENCH not in path
        wc_free = self._can_enter_wc(piece) is None and WC not in path
        entrance = city.seat_entrances[piece] if is_character else -1
        frontier = [at]
        for _ in range(budget):
            nxt = []
            for s in frontier:
                if is_character:
                    for site in city.sites_at[s]:
                        if (site == BENCH and bench_free) or (site == WC and wc_free):
                            return True
                    if self.dinner and s == entrance:
                        return True
                for t in city.neighbours[s]:
                    if t in seen or t == self.ingredient_space:
                        continue
                    occupant = taken.get(t)
                    if occupant is None:
                        return True
                    if occupant > SCHOOLBUS:
                        continue
                    seen.add(t)
                    nxt.append(t)
            frontier = nxt
            if not frontier:
                break
        return False

    def _check_end_movement(self, a: EndMovement) -> str | None:
        if self.active is None:
            return "Nothing is moving."
        piece = self.active["piece"]
        where = self.loc[piece]
        if _is_int(where) and self._occupant(where, piece) is not None:
            his = self.game.piece_pronoun(piece, "possessive")
            return f"The {self._name(piece)} must end {his} movement on an empty space."
        return None

    def _may_ride(self, character: int, landmarks: tuple[int, ...]) -> bool:
        """On the landmark, or moved next to it this turn (or standing next to it, by option)."""
        where = self.loc[character]
        if not _is_int(where):
            return False
        if where in landmarks:
            return True
        beside = any(where in self.game.city.neighbours[s] for s in landmarks)
        return beside and (character in self.moved or self.game.ride_from_next_to)

    def _check_taxi(self, a: TakeTaxi) -> str | None:
        reason = self._turn_open() or (None if self.active is None else "Finish the current movement first.")
        if reason:
            return reason
        if self.taxi_used:
            return "The taxi can be taken once a turn."
        reason = self._unable_to_move(WIFE)
        if reason:
            return reason
        if not self._may_ride(WIFE, (self.game.city.taxi,)):
            return "The Wife must be on the taxi card or have been moved next to it."
        if a.card not in self.money_at[WIFE]:
            return "Pay the taxi with one of the Wife's money cards."
        return None

    def _check_bus(self, a: RideBus) -> str | None:
        reason = self._turn_open() or (None if self.active is None else "Finish the current movement first.")
        if reason:
            return reason
        if self.bus_used:
            return "One try at the bus a turn."
        reason = self._unable_to_move(GRANDMA)
        if reason:
            return reason
        if not self._may_ride(GRANDMA, self.game.city.bus_stops):
            return "The Grandma must be on a bus stop or have been moved next to one."
        if a.number not in self.game.box.bus_numbers:
            return f"Declare one of the buses {', '.join(self.game.box.bus_numbers)}."
        return None

    def _check_money(self, a: PlaceMoney) -> str | None:
        if self.stage == DRAW:
            return "You are taking cards now: draw or end your turn."
        if self.active is not None:
            return "Finish the current movement first."
        box = self.game.box
        if a.card not in self.hands[a.player] or not box.is_money(a.card):
            return "You do not hold that money card."
        reason = self._card_limit(1)
        if reason:
            return reason
        if not 0 <= a.character < CHARACTERS:
            return "There is no such character."
        if self.loc[a.character] == TABLE:
            return f"The {self._name(a.character)} is already sitting at the table: no more money."
        held = self.money_at[a.character]
        if a.replacing == -1:
            if len(held) >= self.money_capacity(a.character):
                return (f"The {self._name(a.character)} already has {len(held)} money cards: "
                        "replace a lower one instead.")
            return None
        if a.replacing not in held:
            return "That money card is not beside this character."
        if len(held) < self.money_capacity(a.character):
            return "There is still room: add the card without replacing one."
        if box.value[a.replacing] >= box.value[a.card]:
            return "A money card may only be replaced by one of greater value."
        return None

    def _check_guests(self, a: AssignGuests) -> str | None:
        if self.stage == DRAW:
            return "You are taking cards now: draw or end your turn."
        if self.active is not None:
            return "Finish the current movement first."
        return self._guests_reason(a)

    def _guests_reason(self, a: AssignGuests) -> str | None:
        if self.guests_used[a.player]:
            return "Each player gives out only one Guests card in a game."
        if not self.guests_supply:
            return "No Guests card is left."
        if not 0 <= a.character < CHARACTERS:
            return "There is no such character."
        if self.guests_at[a.character] is not None:
            return f"The {self._name(a.character)} already has guests."
        if self.loc[a.character] == TABLE:
            return f"The {self._name(a.character)} is already sitting at the table."
        return None

    def _check_discard(self, a: DiscardThree) -> str | None:
        reason = self._turn_open() or (None if self.active is None else "Finish the current movement first.")
        if reason:
            return reason
        if self.played or self.discarded:
            return "Discarding three cards is a turn of its own: no card may be played in it."
        if self.bus_missed:
            return "The Grandma missed the bus: no more game cards this turn."
        hand = self.hands[a.player]
        if len(a.cards) != 3 or len(set(a.cards)) != 3 or not all(c in hand for c in a.cards):
            return "Discard exactly three cards from your hand."
        if list(a.cards) != sorted(a.cards):
            return "List the three cards in order."
        return None

    def _check_finish(self, a: Finish) -> str | None:
        if self.stage == DRAW:
            return "You are already taking cards."
        if self.active is not None:
            return "Finish the current movement first."
        return None

    def _check_draw(self, a: Draw) -> str | None:
        if self.stage != DRAW:
            return "Play first; cards are taken at the end of the turn (choose Finish)."
        if a.deck not in DECKS:
            return "Choose the movement deck or the money deck."
        if self.draws_left <= 0:
            return "You may take no more cards this turn."
        if len(self.hands[a.player]) >= self.game.box.hand_limit:
            return f"A hand holds at most {self.game.box.hand_limit} cards."
        if not self.decks[a.deck]:
            return f"The {a.deck} deck is empty."
        return None

    def _check_end_turn(self, a: EndTurn) -> str | None:
        if self.stage != DRAW:
            return "Finish playing first; then take your cards and end the turn."
        if self.game.single_draw_compulsory and (self.played >= 2 or self.discarded) and self.draws_left > 0:
            return "Having played 2 or more cards (or discarded 3), you take 1 game card: choose a deck."
        return None

    # -- pending decisions: checks -------------------------------------------------------
    def stealable(self, thief: int, victim: int) -> list[int]:
        """Cards ``thief`` may take from ``victim`` when crossing it."""
        if not _is_int(self.loc[victim]):
            return []  # bench, W.C., hospital, church: safe
        if thief == SON:
            return []
        box = self.game.box
        cards = self.upright(victim)
        if thief == GRANDPA:
            if not self.grandpa_child or self.child_steal_used:
                return []
            return [c for c in cards if not box.ingredient(c).mother_in_law]
        if box.ages[victim] <= box.ages[thief]:
            return []
        return cards

    def arcade_allowed(self, victim: int) -> bool:
        """The crossed character has the most money of the Son's five relatives (or ties)."""
        if not self.money_at[victim]:
            return False
        most = max(self.money(c) for c in range(CHARACTERS) if c != SON)
        return self.money(victim) == most

    def payments(self, character: int) -> list[tuple[int, ...]]:
        """Ways to pay: sets of money cards that cover the price and hold no card too many."""
        price = self.price(character)
        if price is None:
            return []
        held = sorted(self.money_at[character])
        value = self.game.box.value
        out = []
        for size in range(len(held) + 1):
            for combo in combinations(held, size):
                total = sum(value[c] for c in combo)
                if total >= price and all(total - value[c] < price for c in combo):
                    out.append(combo)
        return out

    def ingredient_spots(self, origin: int) -> list[int]:
        """Club spots for the next ingredients card: at least 5 steps away, else the farthest."""
        city = self.game.city
        empty = self.empty_spaces()
        spots = [s for s in city.clubs if s in empty] or empty
        far = [s for s in spots if city.distance(origin, s) >= city.ingredient_distance]
        if far:
            return far
        best = max(city.distance(origin, s) for s in spots)
        return [s for s in spots if city.distance(origin, s) == best]

    def landing_spaces(self, item: dict[str, Any]) -> list[int]:
        """Where the character of a pending placement may be put."""
        city = self.game.city
        empty = self.empty_spaces()
        kind = item["kind"]
        if kind == "dinner-place":
            for column in range(city.columns - 1, -1, -1):
                free = [s for s in empty if city.column(s) == column]
                if free:
                    return free
            return []
        if kind == "bus-arrival":
            stop = item["stop"]
            near = [s for s in empty if s in city.neighbours[stop]]
            if near:
                return near
            best = min(city.distance(stop, s) for s in empty)
            return [s for s in empty if city.distance(stop, s) == best]
        site = item["site"]
        near = [s for s in empty if city.is_next_to_site(s, site)]
        if near:
            return near
        best = min(city.site_distance(site, s) for s in empty)
        return [s for s in empty if city.site_distance(site, s) == best]

    def _pending_steal(self, item: dict[str, Any], a: Action) -> str | None:
        if isinstance(a, Decline):
            return None
        if a.card not in self.stealable(item["thief"], item["victim"]):
            return f"The {self._name(item['thief'])} cannot take that card."
        return None

    def _pending_optional(self, item: dict[str, Any], a: Action) -> str | None:
        return None

    def _pending_pay(self, item: dict[str, Any], a: Pay) -> str | None:
        if a.cards not in self.payments(item["character"]):
            return ("Pay with money cards of this character that cover the price, "
                    "without a card more than needed.")
        return None

    def _pending_place_ingredient(self, item: dict[str, Any], a: PlaceIngredient) -> str | None:
        if a.space not in self.ingredient_spots(item["origin"]):
            return ("The next ingredients card goes on an empty club-marked spot at least "
                    f"{self.game.city.ingredient_distance} mp from the buyer (else as far as possible).")
        return None

    def _pending_place_character(self, item: dict[str, Any], a: PlaceCharacter) -> str | None:
        if item["kind"] == "dinner-place":
            if not 0 <= a.character < CHARACTERS or self.loc[a.character] != WAITING:
                return "Choose one of the characters waiting to be placed."
        elif a.character != item["character"]:
            return f"It is the {self._name(item['character'])} who must be placed."
        if a.space not in self.landing_spaces(item):
            if item["kind"] == "dinner-place":
                return "Place the character on an empty space in the rightmost column that has one."
            return "Place the character on an empty space next to the card, or the nearest one."
        return None

    def _pending_lose(self, item: dict[str, Any], a: LoseIngredient) -> str | None:
        if a.card not in self.upright(SON):
            return "Choose one of the Son's upright ingredients cards."
        return None

    def _pending_sideways(self, item: dict[str, Any], a: Action) -> str | None:
        if isinstance(a, Decline):
            return None
        if not any(a.card in self.upright(c) for c in range(CHARACTERS)):
            return "Choose an upright ingredients card beside a reference card."
        return None

    def _pending_guests(self, item: dict[str, Any], a: AssignGuests) -> str | None:
        return self._guests_reason(a)

    def _pending_fifth(self, item: dict[str, Any], a: SeatFifth) -> str | None:
        if not 0 <= a.character < CHARACTERS or self.loc[a.character] == TABLE:
            return "Choose one of the characters not yet at the table."
        return None

    # -- legal actions -----------------------------------------------------------------
    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == OVER or player != self._actor():
            return []
        return [a for a in self._candidates(player) if self._reason(a) is None]

    def _candidates(self, p: int) -> list[Action]:
        """A superset of the legal actions; :meth:`_reason` sorts them out."""
        box = self.game.box
        if self.pending:
            item = self.pending[0]
            kind = item["kind"]
            if kind == "steal":
                return [Decline(p)] + [Steal(p, c) for c in self.stealable(item["thief"], item["victim"])]
            if kind == "arcade":
                return [Arcade(p), Decline(p)]
            if kind == "buy":
                return [Pay(p, cards) for cards in self.payments(item["character"])]
            if kind == "place-ingredient":
                return [PlaceIngredient(p, s) for s in self.ingredient_spots(item["origin"])]
            if kind in ("exit", "bus-arrival"):
                return [PlaceCharacter(p, item["character"], s) for s in self.landing_spaces(item)]
            if kind == "dinner-place":
                spaces = self.landing_spaces(item)
                return [PlaceCharacter(p, c, s) for c in range(CHARACTERS)
                        if self.loc[c] == WAITING for s in spaces]
            if kind == "lose":
                return [LoseIngredient(p, c) for c in self.upright(SON)]
            if kind == "sideways":
                return [Decline(p)] + [TurnSideways(p, c) for ch in range(CHARACTERS)
                                       for c in self.upright(ch)]
            if kind == "guests":
                return [AssignGuests(p, c) for c in range(CHARACTERS)]
            return [SeatFifth(p, c) for c in range(CHARACTERS) if self.loc[c] != TABLE]
        if self.phase == CHOOSE_SECRET:
            return [ChooseSecret(p, c) for c in range(CHARACTERS)]
        if self.phase == TAKE_SECRET:
            return [TakeSecret(p, i) for i in range(len(self.secret_table))]
        if self.phase == DRAFT:
            return [Draft(p, d) for d in DECKS]
        if self.stage == DRAW:
            return [Draw(p, d) for d in DECKS] + [EndTurn(p)]
        hand = self.hands[p]
        out: list[Action] = []
        if self.stage == MAIN:
            out.extend(PlayMovement(p, c) for c in hand if box.is_movement(c))
            pieces = [self.active["piece"]] if self.active is not None else range(self.game.pieces)
            for piece in pieces:
                out.extend(Step(p, piece, to) for to in self.destinations(piece))
            if self.active is not None:
                out.append(EndMovement(p))
                return out
            out.extend(TakeTaxi(p, c) for c in self.money_at[WIFE])
            out.extend(RideBus(p, n) for n in box.bus_numbers)
            out.extend(DiscardThree(p, combo) for combo in combinations(sorted(hand), 3))
        for card in hand:
            if box.is_money(card):
                for c in range(CHARACTERS):
                    out.append(PlaceMoney(p, card, c, -1))
                    out.extend(PlaceMoney(p, card, c, r) for r in self.money_at[c])
        out.extend(AssignGuests(p, c) for c in range(CHARACTERS))
        out.append(Finish(p))
        return out

    # -- carrying out --------------------------------------------------------------------
    def _perform(self, a: Action) -> None:
        _PERFORM[type(a)](self, a)
        self._settle()

    def _settle(self) -> None:
        """Move the game along once nothing is left to decide: start turns, end them."""
        if self.phase == DINNER_SETUP and not self.pending:
            self.phase = PLAY
            self._log("dinner-hour", seat=self.player_x)
            if self.safeguard is None and self.game.player_x_finishes:
                self.current = self.player_x  # the rest of the buyer's turn: money, then cards
                self.stage = MONEY
            else:
                self._start_turn((self.player_x + 1) % self.game.players)
        if (self.phase == PLAY and self.stage == DRAW and not self.pending
                and (self.draws_left <= 0 or not any(self.decks.values())
                     or len(self.hands[self.current]) >= self.game.box.hand_limit)):
            self._end_turn()

    def _do_choose_secret(self, a: ChooseSecret) -> None:
        box = self.game.box
        self.secret[a.player] = a.character
        rest = [box.secret[c] for c in range(CHARACTERS) if c != a.character]
        self.rng.shuffle(rest)
        self.mark_reveal()
        self.secret_table = rest
        self._log("secret-chosen")
        self._next_secret_taker(a.player)

    def _next_secret_taker(self, after: int) -> None:
        nxt = (after + 1) % self.game.players
        if nxt == self.player_a:
            self.secret_removed = self.secret_table
            self.secret_table = []
            self.phase = DRAFT
            self.current = self.player_a
            return
        self.phase = TAKE_SECRET
        self.current = nxt

    def _do_take_secret(self, a: TakeSecret) -> None:
        card = self.secret_table.pop(a.slot)
        self.secret[a.player] = self.game.box.secret.index(card)
        self.mark_reveal()  # the taker now knows a card that was face down
        self._log("secret-taken")
        self._next_secret_taker(a.player)

    def _do_draft(self, a: Draft) -> None:
        self.hands[a.player].append(self.decks[a.deck].pop(0))
        self.mark_reveal()  # the card below is now face up
        self._log("draft", deck=a.deck)
        n = self.game.players
        nxt = (a.player + 1) % n
        if len(self.hands[nxt]) >= self.game.box.draft:
            self.phase = PLAY
            self._start_turn((self.player_a + 1) % n)
        else:
            self.current = nxt

    def _do_play_movement(self, a: PlayMovement) -> None:
        self.hands[a.player].remove(a.card)
        self.decks["movement"].append(a.card)
        self.mp += self.game.box.value[a.card]
        self.played += 1
        self._log("play-movement", mp=self.game.box.value[a.card])

    def _do_step(self, a: Step) -> None:
        piece, to = a.piece, a.to
        if self.active is None:
            self.active = {"piece": piece, "path": [self.loc[piece]], "ride": "cards", "budget": 0}
        act = self.active
        cost = self.step_cost(piece, self.loc[piece], to, len(act["path"]) == 1)
        if act["ride"] == "taxi":
            act["budget"] -= cost
        else:
            self.mp -= cost
        occupant = self._occupant(to, piece) if _is_int(to) else None
        self.loc[piece] = to
        act["path"].append(to)
        if occupant is not None:
            self._cross(piece, occupant)
        if to == BENCH:
            self._close_movement()
        elif to == WC:
            self._close_movement()
            self.wc_step = 1
            self.wc_last = piece
            self._log("wc-in", character=piece)
        elif to == SEAT:
            self._close_movement()
            self._sit_down(piece)

    def _cross(self, mover: int, crossed: int) -> None:
        """``mover`` passes over ``crossed``: the bus runs people over, characters steal."""
        if mover == SCHOOLBUS:
            if crossed in (WIFE, SON) and not self.dinner:
                self._run_over(crossed)
            return
        if mover > SCHOOLBUS or crossed >= CHARACTERS:
            return
        if self.stealable(mover, crossed):
            self.pending.append({"kind": "steal", "seat": self.current, "thief": mover, "victim": crossed})
        if mover == SON and self.arcade_allowed(crossed):
            self.pending.append({"kind": "arcade", "seat": self.current, "victim": crossed})

    def _run_over(self, character: int) -> None:
        patient = self._site_occupant(HOSPITAL)
        self.loc[character] = HOSPITAL
        self._log("run-over", character=character)
        if character == SON:
            count = len(self.upright(SON)) // 2
            if count:
                self.pending.append({"kind": "lose", "seat": self.current, "count": count})
        if patient is not None:
            self.loc[patient] = EXITING
            self.pending.append({"kind": "exit", "seat": self.current, "character": patient,
                                 "site": HOSPITAL})

    def _close_movement(self) -> dict[str, Any]:
        act = self.active
        assert act is not None
        self.active = None
        if len(act["path"]) > 1:
            self._log("move", piece=act["piece"], path=list(act["path"]), ride=act["ride"])
        return act

    def _do_end_movement(self, a: EndMovement) -> None:
        act = self._close_movement()
        piece = act["piece"]
        if piece < CHARACTERS and len(act["path"]) > 1 and _is_int(self.loc[piece]):
            if piece not in self.moved:
                self.moved.append(piece)
            self._character_stopped(piece)

    def _character_stopped(self, c: int) -> None:
        """A character moved and stopped: the bank, a purchase, the hospital."""
        city = self.game.city
        where = self.loc[c]
        if c == GRANDPA and not self.bank_flipped and city.is_next_to_site(where, "bank"):
            self.bank_flipped = True
            self._log("bank")
        if (self.ingredient_space is not None and self.ingredient_space in city.neighbours[where]
                and self.money(c) >= self.price(c)):
            self.pending.append({"kind": "buy", "seat": self.current, "character": c})
        if c == MAMMA and city.is_next_to_site(where, HOSPITAL):
            patient = self._site_occupant(HOSPITAL)
            if patient is not None:
                self.pending.append({"kind": "exit", "seat": self.current, "character": patient,
                                     "site": HOSPITAL})

    def _do_taxi(self, a: TakeTaxi) -> None:
        self.money_at[WIFE].remove(a.card)
        self.decks["money"].append(a.card)
        budget = self.game.box.value[a.card] * self.game.city.taxi_multiplier
        self.taxi_used = True
        self.active = {"piece": WIFE, "path": [self.loc[WIFE]], "ride": "taxi", "budget": budget}
        self._log("taxi", mp=budget)

    def _do_bus(self, a: RideBus) -> None:
        box, city = self.game.box, self.game.city
        self.mark_reveal()
        self.bus_used = True
        top = self.bus_deck.pop(0)
        self.bus_deck.append(top)
        self.bus_deck.append(self.bus_deck.pop(0))  # the next card goes under unseen
        label = box.bus_label(top)
        self.bus_turned.append(label)
        where = self.loc[GRANDMA]
        near = [s for s in city.bus_stops if s == where or where in city.neighbours[s]][0]
        other = city.bus_stops[1] if near == city.bus_stops[0] else city.bus_stops[0]
        if label == a.number:
            self._log("bus", number=a.number, label=label)
            self.loc[GRANDMA] = EXITING
            self.pending.append({"kind": "bus-arrival", "seat": self.current, "character": GRANDMA,
                                 "stop": other})
        else:
            self._log("bus-missed", number=a.number, label=label)
            self.loc[GRANDMA] = CHURCH
            self.bus_missed = True

    def _do_money(self, a: PlaceMoney) -> None:
        self.hands[a.player].remove(a.card)
        if a.replacing != -1:
            self.money_at[a.character].remove(a.replacing)
            self.decks["money"].append(a.replacing)
        self.money_at[a.character].append(a.card)
        self.played += 1
        self.stage = MONEY
        self._log("money", character=a.character, value=self.game.box.value[a.card])

    def _do_guests(self, a: AssignGuests) -> None:
        card = self.guests_supply.pop(0)
        self.guests_at[a.character] = card
        self.guests_used[a.player] = True
        if self.pending and self.pending[0]["kind"] == "guests":
            self.pending.pop(0)
        self._log("guests", seat=a.player, character=a.character, vp=self.game.box.guests_value(card))

    def _do_discard(self, a: DiscardThree) -> None:
        box = self.game.box
        for card in a.cards:
            self.hands[a.player].remove(card)
            self.decks[box.deck_of(card)].append(card)
        self.discarded = True
        self.played = 0
        self._log("discard")
        if any(self.upright(c) for c in range(CHARACTERS)):
            self.pending.append({"kind": "sideways", "seat": self.current})
        self.stage = DRAW
        self.draws_left = min(1, box.hand_limit - len(self.hands[a.player]))

    def _do_finish(self, a: Finish) -> None:
        box = self.game.box
        entitled = 4 if self.played == 0 else 2 if self.played == 1 else 1
        self.stage = DRAW
        self.draws_left = min(entitled, box.hand_limit - len(self.hands[a.player]))

    def _do_draw(self, a: Draw) -> None:
        self.hands[a.player].append(self.decks[a.deck].pop(0))
        self.draws_left -= 1
        self.mark_reveal()  # the card below is now face up
        self._log("draw", deck=a.deck)

    def _do_end_turn(self, a: EndTurn) -> None:
        self._end_turn()

    def _do_steal(self, a: Steal) -> None:
        item = self.pending.pop(0)
        thief, victim = item["thief"], item["victim"]
        self.food_at[victim].remove(a.card)
        self.food_at[thief].append(a.card)
        if thief == GRANDPA:
            self.child_steal_used = True
        self._log("steal", character=thief, victim=victim, label=self.game.box.labels[a.card])

    def _do_arcade(self, a: Arcade) -> None:
        item = self.pending.pop(0)
        value = self.game.box.value
        victim = item["victim"]
        card = max(self.money_at[victim], key=lambda c: (value[c], -c))
        self.money_at[victim].remove(card)
        self.decks["money"].append(card)
        self._log("arcade", victim=victim, value=value[card])

    def _do_decline(self, a: Decline) -> None:
        item = self.pending.pop(0)
        self._log("declined", about=item["kind"])

    def _do_pay(self, a: Pay) -> None:
        item = self.pending.pop(0)
        c = item["character"]
        box = self.game.box
        price = self.price(c)
        for card in a.cards:
            self.money_at[c].remove(card)
            self.decks["money"].append(card)
        space = self.ingredient_space
        card = self.floor[space]
        self.food_at[c].append(card)
        self.floor[space] = self.substitutes.pop(0)
        self.ingredient_space = None
        self.bought.append(c)
        self._log("buy", character=c, label=box.labels[card], price=price,
                  paid=sum(box.value[x] for x in a.cards))
        if self.ingredient_row:
            self.pending.insert(0, {"kind": "place-ingredient", "seat": self.current,
                                    "origin": self.loc[c]})
        else:
            self._begin_dinner("the last ingredients card was bought")

    def _do_place_ingredient(self, a: PlaceIngredient) -> None:
        self.pending.pop(0)
        self._put_ingredient(a.space)
        self._log("ingredient-placed", space=a.space)

    def _do_place_character(self, a: PlaceCharacter) -> None:
        item = self.pending.pop(0)
        c = item["character"] if item["kind"] != "dinner-place" else a.character
        self.loc[c] = a.space
        self._log("placed", character=c, space=a.space, about=item["kind"])
        if item["kind"] == "exit" and item["site"] == WC:
            self.wc_step = 0
        if item["kind"] == "bus-arrival":
            if c not in self.moved:
                self.moved.append(c)
            self._character_stopped(c)

    def _do_lose(self, a: LoseIngredient) -> None:
        item = self.pending[0]
        self.food_at[SON].remove(a.card)
        self.lost.append(a.card)
        item["count"] -= 1
        if item["count"] <= 0 or not self.upright(SON):
            self.pending.pop(0)
        self._log("lost", label=self.game.box.labels[a.card])

    def _do_sideways(self, a: TurnSideways) -> None:
        self.pending.pop(0)
        self.sideways.append(a.card)
        self._log("sideways", label=self.game.box.labels[a.card])

    def _do_seat_fifth(self, a: SeatFifth) -> None:
        self.pending.pop(0)
        self._sit_down(a.character)

    # -- turns, the Dinner Hour, the end ----------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.current = seat
        self._reset_turn()
        self.turns += 1
        if self.dinner:
            self.dinner_turns += 1
        patient = self._site_occupant(WC)
        if patient is not None:
            if self.wc_step < self.game.city.wc_track:
                self.wc_step += 1
                self._log("wc-step", character=patient, step=self.wc_step)
            else:
                self.pending.append({"kind": "exit", "seat": seat, "character": patient, "site": WC})

    def _end_turn(self) -> None:
        city = self.game.city
        bus, grandpa = self.loc[SCHOOLBUS], self.loc[GRANDPA]
        if (not self.grandpa_child and _is_int(bus) and _is_int(grandpa)
                and city.is_next_to_site(bus, "school") and city.is_next_to_site(grandpa, "school")):
            self.grandpa_child = True
            self._log("child")
        n = self.game.players
        self._log("end-turn")
        if not self.dinner and self.game.shopping_rounds and self.turns >= self.game.shopping_rounds * n:
            self.safeguard = "shopping"
            self._begin_dinner("the shops closed (safeguard)")
            return
        if self.dinner and self.game.dinner_rounds and self.dinner_turns >= self.game.dinner_rounds * n:
            self.safeguard = "dinner"
            self._close_dinner()
            return
        self._start_turn((self.current + 1) % n)

    def _begin_dinner(self, reason: str) -> None:
        """The Dinner Hour: every character leaves the city and is placed again on the right."""
        n = self.game.players
        if self.ingredient_space is not None:  # only when the safeguard closes the shops
            space = self.ingredient_space
            self.ingredient_row.insert(0, self.floor[space])
            self.floor[space] = self.substitutes.pop(0)
            self.ingredient_space = None
        self.dinner = True
        self.player_x = self.current
        self.active = None
        self.mp = 0
        self.pending = []
        self.stage = MAIN
        for c in range(CHARACTERS):
            self.loc[c] = WAITING
        self.wc_step = 0
        if self.grandpa_child:
            self.loc[SCHOOLBUS] = OFF
        self.phase = DINNER_SETUP
        self._log("dinner", reason=reason)
        order = [(self.player_x + k) % n for k in range(n)]
        guests_left = len(self.guests_supply)
        for seat in order:
            if not self.guests_used[seat] and guests_left:
                self.pending.append({"kind": "guests", "seat": seat})
                guests_left -= 1
        for k in range(CHARACTERS):
            self.pending.append({"kind": "dinner-place", "seat": order[k % n]})

    def _sit_down(self, c: int) -> None:
        self.loc[c] = TABLE
        self.arrivals.append(c)
        self._log("seated", character=c, place=len(self.arrivals))
        if len(self.arrivals) < self.game.box.seated_to_end:
            return
        left = [x for x in range(CHARACTERS) if self.loc[x] != TABLE]
        if len(left) == 1:
            self.loc[left[0]] = TABLE
            self.arrivals.append(left[0])
        if len(left) <= 1:
            self._game_over()
            return
        self.active = None
        self.pending = [{"kind": "fifth", "seat": self.current}]

    def _close_dinner(self) -> None:
        """Safeguard: the characters still walking sit down, nearest to their seat first."""
        city = self.game.city

        def steps_home(c: int) -> int:
            where = self.loc[c]
            entrance = city.seat_entrances[c]
            if _is_int(where):
                return city.distance(where, entrance) + 1
            if where in SITE_NAMES:
                return 1 + min(city.distance(s, entrance) for s in city.next_to_site(where)) + 1
            return 2 * city.size

        for c in sorted((c for c in range(CHARACTERS) if self.loc[c] != TABLE),
                        key=lambda c: (steps_home(c), c)):
            self.loc[c] = TABLE
            self.arrivals.append(c)
        self._game_over()

    def _game_over(self) -> None:
        self.phase = OVER
        self.pending = []
        self.active = None
        self._log("game-over")

    # -- outcome -------------------------------------------------------------------------
    def cut_off(self) -> str | None:
        """``"shopping"`` or ``"dinner"`` when a safeguard (options ``shopping_rounds``,
        ``dinner_rounds``) cut the game short rather than the rules ending it."""
        return self.safeguard

    def breakdown(self, character: int) -> ScoreBreakdown:
        """The vp of one character as they stand now."""
        arrival = self.arrivals.index(character) if character in self.arrivals else None
        return score_character(
            self.game.box, character, ingredient_cards=self.food_at[character],
            money_cards=self.money_at[character], guests_card=self.guests_at[character],
            with_child=self.grandpa_child, arrival=arrival)

    def scores(self) -> list[float]:
        """Per seat: the vp of that seat's secret character."""
        return [float(self.breakdown(c).total) if c is not None else 0.0 for c in self.secret]

    def winners(self) -> list[int]:
        """Most vp; on a tie, the seat whose character sat down first."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        tied = [s for s, v in enumerate(scores) if v == best]
        return [min(tied, key=lambda s: self.arrivals.index(self.secret[s]))]

    # -- information -----------------------------------------------------------------------
    def hidden_from(self, player: int | None) -> set[int]:
        box = self.game.box
        hidden: set[int] = set()
        for seat, hand in enumerate(self.hands):
            if seat != player:
                hidden.update(hand)
        for deck in self.decks.values():
            hidden.update(deck[1:])  # the decks lie face up: only the top card shows
        hidden.update(self.secret_table)
        hidden.update(self.secret_removed)
        for seat, character in enumerate(self.secret):
            if character is not None and seat != player and self.phase != OVER:
                hidden.add(box.secret[character])
        if self.phase == CHOOSE_SECRET:
            if player != self.player_a:
                hidden.update(box.secret)
        if self.phase not in (CHOOSE_SECRET, TAKE_SECRET, DRAFT):
            hidden.update(self.bus_deck)  # studied at set-up, then face down
        return hidden

    def card_zones(self) -> dict[str, list[int]]:
        box = self.game.box
        zones: dict[str, list[int]] = {
            "family": list(box.family), "reference": list(box.reference),
            "summary": [box.summary], "sites": list(box.sites),
            "schoolbus": [box.schoolbus], "traffic": list(box.traffic),
            "wc_card": [box.wc_card], "floor": list(self.floor),
            "substitutes": list(self.substitutes), "lost": list(self.lost),
            "ingredient_row": list(self.ingredient_row), "guests_supply": list(self.guests_supply),
            "bus_deck": list(self.bus_deck), "secret_table": list(self.secret_table),
            "secret_removed": list(self.secret_removed),
            "movement_deck": list(self.decks["movement"]), "money_deck": list(self.decks["money"]),
        }
        if self.phase == CHOOSE_SECRET:
            zones["secret_box"] = list(box.secret)
        else:
            chosen = [box.secret[c] for c in self.secret if c is not None]
            zones["secret_chosen"] = chosen
        for seat, hand in enumerate(self.hands):
            zones[f"hand{seat}"] = list(hand)
        for c in range(CHARACTERS):
            zones[f"money{c}"] = list(self.money_at[c])
            zones[f"food{c}"] = list(self.food_at[c])
            zones[f"guests{c}"] = [self.guests_at[c]] if self.guests_at[c] is not None else []
        return zones

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` sees (None: an onlooker). Card ids only for face-up cards."""
        g, box, city = self.game, self.game.box, self.game.city
        over = self.phase == OVER
        setup = self.phase in (CHOOSE_SECRET, TAKE_SECRET, DRAFT)
        mine = self.secret[player] if player is not None else None
        wc_patient = self._site_occupant(WC)
        characters = []
        for c in range(CHARACTERS):
            characters.append({
                "character": c, "name": box.names[c], "age": box.ages[c],
                "piece_card": box.family[c], "reference_card": box.reference[c], "at": self.loc[c],
                "seat_entrance": city.seat_entrances[c],
                "money_cards": list(self.money_at[c]), "money": self.money(c),
                "money_capacity": self.money_capacity(c),
                "ingredient_cards": list(self.food_at[c]),
                "sideways_cards": [x for x in self.food_at[c] if x in self.sideways],
                "guests_card": self.guests_at[c],
                "wc_card": box.wc_card if wc_patient == c else None,
                "price": self.price(c),
                "bought_this_turn": c in self.bought,
            })
        pieces = [{"piece": p, "name": g.piece_name(p), "card": g.piece_card(p), "at": self.loc[p]}
                  for p in range(CHARACTERS, g.pieces)]
        sites = {name: {"card": box.sites[i], "next_to": list(city.site_spaces[i]),
                        "side": city.site_sides[i],
                        "occupant": self._site_occupant(name) if name in (BENCH, WC, HOSPITAL, CHURCH) else None}
                 for i, name in enumerate(SITE_NAMES)}
        view: dict[str, Any] = {
            "seat": player, "players": g.players, "phase": self.phase, "over": over,
            "dinner": self.dinner, "player_a": self.player_a, "player_x": self.player_x,
            "turn_seat": self.current, "to_act": self._actor(),
            "my_character": mine,
            "my_secret_card": box.secret[mine] if mine is not None else None,
            "secret_cards": [box.secret[c] if c is not None and (over or s == player) else None
                             for s, c in enumerate(self.secret)],
            "secret_choice_cards": list(box.secret) if self.phase == CHOOSE_SECRET and player == self.player_a else [],
            "secret_face_down": len(self.secret_table),
            "secret_removed_count": len(self.secret_removed),
            "hand_cards": list(self.hands[player]) if player is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "movement_top_card": self.decks["movement"][0] if self.decks["movement"] else None,
            "money_top_card": self.decks["money"][0] if self.decks["money"] else None,
            "deck_sizes": {d: len(self.decks[d]) for d in DECKS},
            "city": {"rows": city.rows, "columns": city.columns, "clubs": list(city.clubs),
                     "taxi": city.taxi, "bus_stops": list(city.bus_stops),
                     "first_step_costs": {"schoolbus": city.schoolbus_cost,
                                          "traffic": list(city.traffic_costs)}},
            "floor_cards": list(self.floor),
            "ingredient_space": self.ingredient_space,
            "ingredient_row_cards": list(self.ingredient_row),
            "substitute_cards": list(self.substitutes),
            "lost_cards": list(self.lost),
            "characters": characters,
            "pieces": pieces,
            "sites": sites,
            "wc_step": self.wc_step, "wc_track": city.wc_track, "wc_last": self.wc_last,
            "bank_flipped": self.bank_flipped, "grandpa_child": self.grandpa_child,
            "child_steal_used": self.child_steal_used,
            "guests_cards": list(self.guests_supply), "guests_used": list(self.guests_used),
            "summary_card": box.summary,
            "bus_count": len(self.bus_deck),
            "bus_cards": list(self.bus_deck) if setup else [],
            "bus_turned": list(self.bus_turned),
            "bus_memory": ([box.bus_label(c) for c in self.bus_deck]
                           if g.bus_memory_aid and not setup else []),
            "arrivals": list(self.arrivals),
            "turn": {"stage": self.stage, "mp": self.mp, "played": self.played,
                     "discarded": self.discarded, "draws_left": self.draws_left,
                     "taxi_used": self.taxi_used, "bus_used": self.bus_used,
                     "bus_missed": self.bus_missed, "bought": list(self.bought),
                     "moved": list(self.moved), "number": self.turns},
            "movement": (None if self.active is None else
                         {"piece": self.active["piece"], "path": list(self.active["path"]),
                          "ride": self.active["ride"], "budget": self.budget()}),
            "pending": dict(self.pending[0]) if self.pending else None,
            "prompt": self.prompt(self.pending[0]) if self.pending else None,
            "events": [dict(e) for e in self.events],
            "safeguard": self.safeguard,
        }
        if over:
            view["final"] = {
                "scores": self.scores(), "winners": self.winners(),
                "characters": [self.breakdown(c).to_json() for c in range(CHARACTERS)],
                "secret_characters": list(self.secret),
            }
        return view

    # -- persistence -------------------------------------------------------------------------
    _FIELDS = ("phase", "player_a", "current", "secret", "secret_table", "secret_removed", "hands",
               "decks", "money_at", "food_at", "sideways", "guests_at", "guests_supply",
               "guests_used", "ingredient_row", "ingredient_space", "floor", "substitutes", "lost",
               "loc", "wc_step", "wc_last", "bank_flipped", "grandpa_child", "child_steal_used",
               "bus_deck", "bus_studied", "bus_turned", "dinner", "player_x", "arrivals", "turns",
               "dinner_turns", "safeguard", "pending", "events", "event_seq", "stage", "mp",
               "played", "discarded", "draws_left", "taxi_used", "bus_used", "bus_missed",
               "bought", "moved", "active")

    def _fields_to_json(self) -> dict[str, Any]:
        return {name: _deep_copy(getattr(self, name)) for name in self._FIELDS}

    def _fields_from_json(self, data: dict[str, Any]) -> None:
        for name in self._FIELDS:
            setattr(self, name, _deep_copy(data[name]))
        if len(self.hands) != self.game.players or len(self.loc) != self.game.pieces:
            raise ValueError("hands must have one entry per seat and loc one per piece")

    def clone(self) -> MammaState:
        new = MammaState.__new__(MammaState)
        new.__dict__.update(self.__dict__)
        new.rng = type(self.rng)()
        new.rng.setstate(self.rng.getstate())
        new.history = list(self.history)
        for name in self._FIELDS:
            value = getattr(self, name)
            if isinstance(value, (list, dict)):
                setattr(new, name, _deep_copy(value))
        return new


def _deep_copy(value: Any) -> Any:
    """A copy of JSON-like data (lists, dicts, scalars) — faster than copy.deepcopy."""
    if isinstance(value, list):
        return [_deep_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _deep_copy(v) for k, v in value.items()}
    return value


_TURN_CHECKS = {
    PlayMovement: MammaState._check_play_movement, Step: MammaState._check_step,
    EndMovement: MammaState._check_end_movement, TakeTaxi: MammaState._check_taxi,
    RideBus: MammaState._check_bus, PlaceMoney: MammaState._check_money,
    AssignGuests: MammaState._check_guests, DiscardThree: MammaState._check_discard,
    Finish: MammaState._check_finish, Draw: MammaState._check_draw, EndTurn: MammaState._check_end_turn,
}

_PENDING_CHECKS = {
    "steal": MammaState._pending_steal, "arcade": MammaState._pending_optional,
    "buy": MammaState._pending_pay, "place-ingredient": MammaState._pending_place_ingredient,
    "exit": MammaState._pending_place_character, "bus-arrival": MammaState._pending_place_character,
    "dinner-place": MammaState._pending_place_character, "lose": MammaState._pending_lose,
    "sideways": MammaState._pending_sideways, "guests": MammaState._pending_guests,
    "fifth": MammaState._pending_fifth,
}

_PERFORM = {
    ChooseSecret: MammaState._do_choose_secret, TakeSecret: MammaState._do_take_secret,
    Draft: MammaState._do_draft, PlayMovement: MammaState._do_play_movement,
    Step: MammaState._do_step, EndMovement: MammaState._do_end_movement,
    TakeTaxi: MammaState._do_taxi, RideBus: MammaState._do_bus, PlaceMoney: MammaState._do_money,
    AssignGuests: MammaState._do_guests, DiscardThree: MammaState._do_discard,
    Finish: MammaState._do_finish, Draw: MammaState._do_draw, EndTurn: MammaState._do_end_turn,
    Steal: MammaState._do_steal, Arcade: MammaState._do_arcade, Decline: MammaState._do_decline,
    Pay: MammaState._do_pay, PlaceIngredient: MammaState._do_place_ingredient,
    PlaceCharacter: MammaState._do_place_character, LoseIngredient: MammaState._do_lose,
    TurnSideways: MammaState._do_sideways, SeatFifth: MammaState._do_seat_fifth,
}
