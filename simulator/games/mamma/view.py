"""How Mamma sits on the table, and how the mouse plays it.

The 1030 x 720 table area, top to bottom: the school, bank and W.C. cards above the
city; the city's 3 x 9 grid of city cards, with column A (one panel per character: its
reference card and the money, ingredients, Guests and W.C. cards beside it) and column
B (the six seats) on its left and the W.C. track (or, in the Dinner Hour, the characters
waiting to be placed) on its right; the hospital, bench and church cards below; a bar
of buttons for the choices of the moment; and the bottom band with the viewer's hand,
the two face-up decks, the row of ingredients cards still to come, the bus deck, the
Guests cards and, discreetly, the viewer's own secret character.

Pieces are dragged along the city: the trail follows the mouse, its mp cost grows
beside the cursor and every place the piece could still stop at is lit. On the drop the
view plays movement cards until the pool covers the cost and sends one Step per place
(see trail.py). A decision met on the way (a theft, the arcade, an accident) is asked in
the bar; answering it walks the rest of the planned way.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Sequence

import pygame

from simulator.engine import Action
from simulator.ui.game_view import GameView, SeatPlate, Summary
from simulator.ui.sprites import Place as Spot
from simulator.ui.sprites import SpriteLayer
from simulator.ui.theme import (DANGER, GOLD, GOOD, HIGHLIGHT, INK, TABLE_RECT, TEXT, TEXT_DIM, font,
                                panel, text)

from .box import CHARACTERS, GRANDPA, SITE_NAMES, SON, WIFE
from .drawing import CHARACTER_RGB, PAPER, MammaArt, checkered, club, short_name
from .routes import Router
from .rules import (BENCH, CHURCH, EXITING, HOSPITAL, SCHOOLBUS, SEAT, TABLE, WAITING, WC, Arcade,
                    AssignGuests, ChooseSecret, Decline, DiscardThree, Draft, Draw, EndMovement,
                    EndTurn, Finish, LoseIngredient, MammaGame, Pay, PlaceCharacter, PlaceIngredient,
                    PlaceMoney, PlayMovement, RideBus, SeatFifth, Steal, TakeSecret, TakeTaxi,
                    TurnSideways)
from .trail import Trail, continuation, fund, reach, trail_actions

# -- the table's geometry (pixels) ---------------------------------------------------------------
GRID = pygame.Rect(368, 110, 598, 352)     # the 27 city cards
GAP = 5
TOP_SITES_Y, SITE_H = 58, 48
PANEL_X, PANEL_W = 6, 294                   # column A
SEAT_X, SEAT_W = 304, 56                    # column B
STRIP = pygame.Rect(972, 110, 52, 352)      # the W.C. track / the characters waiting to be placed
BAR = pygame.Rect(6, 518, 1018, 32)         # buttons
BAND_Y = 556                                # the hand, decks, ingredients row, bus, guests
HAND_CARD = (70, 100)
HAND_Y = 636
HAND_X0, HAND_STEP = 46, 74
MOVEMENT_DECK = (502, HAND_Y)
MONEY_DECK = (582, HAND_Y)
ROW_X, ROW_W, ROW_STRIP_H = 630, 146, 15    # the ingredients still to come
BUS_POS = (824, 618)
GUESTS_POS = (902, 618)
SECRET_POS = (986, 622)
SMALL_CARD = (52, 74)
TOKEN = (44, 52)
MINI_TOKEN = (32, 38)
MONEY_MINI = (22, 32)
FOOD_MINI = (34, 48)
TAG_MINI = (20, 26)
SECRET_CHOICE = (76, 100)
DRAG_THRESHOLD = 6
LIT = (120, 236, 140)

HELP = """# Mamma

You secretly back one member of the family. Walk the family through the city to buy
ingredients for dinner, then race them home to their seats at the table. Whoever backs the
character with the most victory points (vp) wins; nobody knows for sure who backs whom.

# The table
The city is 27 cards in 3 rows. Left of it: column A (each character's reference card with
its money, ingredients and Guests cards) and column B (the six seats). Above and below: the
school, bank, W.C., hospital, bench and church. The one ingredients card in the city shows its
foods and its cost (black) and, on a red cloth, the Mother-in-Law's negative vp.

# A turn
Play movement cards (click to select them) and drag a character, the schoolbus or a traffic
card along the city: the mp cost grows beside the cursor and lit places are where it can stop.
On the drop the cards are played for you. Each space costs 1 mp per character; the schoolbus
and traffic cards cost their printed number for the first space. Nothing crosses a traffic
card; a movement ends on an empty space.
A character who ends a movement next to the ingredients card with enough money must buy it.
Drag money cards from your hand onto a character (last thing in a turn), or click a money
card and then the character. Then click Done and take cards from the decks: none played = up to
4, one = up to 2, two or more = 1. Or select three cards and Discard them (then you may turn an
ingredients card sideways so nobody can steal it). Hand limit 6.

# Stealing and friends
Crossing an older character lets the younger take an upright ingredients card (not the Son;
the Grandpa only once he has the Child from school). The Son crossing the richest relative may
spend their highest money card. The schoolbus running over the Wife or the Son sends them to
hospital; the Mamma stopping next to it lets them out. The Wife rides the taxi for 3x a money
card; the Grandma gambles on the bus (969, 696, 699) - a miss sends her to church.

# The Dinner Hour
After the last ingredients card everybody gives their Guests card (negative vp) and the six
characters are placed in the rightmost columns. Walk them home to their seats in column B:
first step 2 mp forwards, 3 back, then 1; at most 3 cards a turn. The fourth one seated ends it.

# Scoring
Foods matching on 2/3/4/5 cards: 3/6/10/15; other foods 1 each (not on Mother-in-Law cards);
Mother-in-Law and Guests negative; money 1 per point; Grandma +5, Mamma +3, Grandpa +3 (+7 with
the Child), Husband -5; arrival +3 +2 +1 -1 -2 -3.

# Keys
Right click: drop your selection · Esc menu · F1 this help · Ctrl+Z undo · Ctrl+S save
"""

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
DECISION_KINDS = ("steal", "arcade", "lose", "exit")   # decisions met in the middle of a movement


def cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


@dataclass
class Button:
    """A button of the bar: what it says and what pressing it gives the table."""

    rect: pygame.Rect
    label: str
    press: Callable[[], Action | list[Action] | None]
    tone: str = "plain"     # "plain", "go" (the usual next step), "warn" (a forced choice)


@dataclass
class Drag:
    """A press that may become a drag: a hand card, a piece along the city, a character to place."""

    kind: str               # "card", "piece", "place"
    key: Hashable           # the card id, or the piece / character
    start: tuple[int, int]
    grab: tuple[float, float]
    trail: Trail | None = None
    moved: bool = False


class Board:
    """Where every part of the table lies on the screen (from the scene's city)."""

    def __init__(self, game: MammaGame) -> None:
        city = game.city
        self.city = city
        cols, rows = city.columns, city.rows
        cw = (GRID.width - (cols - 1) * GAP) / cols
        ch = (GRID.height - (rows - 1) * GAP) / rows
        self.cell_size = (int(cw), int(ch))
        self.cells = [pygame.Rect(round(GRID.left + (s % cols) * (cw + GAP)), round(GRID.top + (s // cols) * (ch + GAP)),
                                  int(cw), int(ch)) for s in range(city.size)]
        self.sites: dict[str, pygame.Rect] = {}
        for name, touching, side in zip(SITE_NAMES, city.site_spaces, city.site_sides):
            span = self.cells[min(touching)].unionall([self.cells[s] for s in touching])
            if side == "top":
                self.sites[name] = pygame.Rect(span.left + 3, TOP_SITES_Y, span.width - 6, SITE_H)
            elif side == "bottom":
                self.sites[name] = pygame.Rect(span.left + 3, GRID.bottom + 4, span.width - 6, SITE_H)
            else:
                self.sites[name] = pygame.Rect(STRIP.left, span.top, STRIP.width, span.height)
        self.panels: list[pygame.Rect] = []
        self.seats: list[pygame.Rect] = []
        for c in range(CHARACTERS):
            row = city.row(city.seat_entrances[c])
            mates = [x for x in range(CHARACTERS) if city.row(city.seat_entrances[x]) == row]
            k, n = mates.index(c), len(mates)
            band = self.cells[row * cols]
            h = (band.height - 4 * (n - 1)) / n
            top = round(band.top + k * (h + 4))
            self.panels.append(pygame.Rect(PANEL_X, top, PANEL_W, int(h)))
            self.seats.append(pygame.Rect(SEAT_X, top, SEAT_W, int(h)))
        self.slots = [pygame.Rect(STRIP.left, round(STRIP.top + i * STRIP.height / CHARACTERS), STRIP.width,
                                  int(STRIP.height / CHARACTERS) - 2) for i in range(CHARACTERS)]
        self.track = [pygame.Rect(STRIP.left, round(STRIP.top + i * STRIP.height / city.wc_track), STRIP.width,
                                  int(STRIP.height / city.wc_track) - 2) for i in range(city.wc_track)]

    def place_at(self, pos: tuple[int, int], piece: int | None = None) -> Any:
        """The city space (int), site name or (for ``piece``) "seat" under ``pos``, or None."""
        for space, rect in enumerate(self.cells):
            if rect.inflate(GAP, GAP).collidepoint(pos):
                return space
        for name, rect in self.sites.items():
            if rect.collidepoint(pos):
                return name
        if piece is not None and piece < CHARACTERS and self.seats[piece].collidepoint(pos):
            return SEAT
        return None

    def centre(self, place: Any, piece: int) -> tuple[float, float]:
        if isinstance(place, int):
            rect = self.cells[place]
            return rect.centerx, rect.centery + 10
        if place == SEAT and piece < CHARACTERS:
            return self.seats[piece].center
        if place in self.sites:
            rect = self.sites[place]
            return rect.right - 24, rect.centery
        return GRID.center


class MammaView(GameView):
    """The city, the family's panels and seats, the hand and the decks; drag pieces along the city."""

    help_text = HELP
    game: MammaGame

    def __init__(self, game: MammaGame, names: Sequence[str]) -> None:
        super().__init__(game, names)
        self.box = game.box
        self.board = Board(game)
        self.art = MammaArt(game.box)
        self.sprites = SpriteLayer(self.art.render)
        self.router: Router | None = None
        self.buttons: list[Button] = []
        self.hint = ""
        self._hint_x = BAR.left
        self.selected: list[int] = []           # hand cards clicked (to play, discard or place)
        self.picked: int | None = None          # a piece clicked: its destinations are lit
        self.picked_waiting: int | None = None  # Dinner Hour: a character clicked to place
        self.guests_mode = False
        self.drag: Drag | None = None
        self.plan: Trail | None = None          # the way a dropped piece still has to go
        self.movable: set[int] = set()
        self.lit: dict[Any, int] = {}           # place -> total mp, for the piece picked or dragged
        self.hover_key: Hashable | None = None
        self.tip: list[str] = []
        self.mouse = (0, 0)
        self._sent: list[Action] = []
        self._hush: str | None = None
        self._background: pygame.Surface | None = None

    # -- small readers of the view ---------------------------------------------------------------
    @property
    def acting(self) -> bool:
        return bool(self.legal)

    def chars(self) -> list[dict[str, Any]]:
        return self.view.get("characters", [])

    def where(self, piece: int) -> Any:
        if piece < CHARACTERS:
            return self.chars()[piece]["at"]
        return self.view["pieces"][piece - CHARACTERS]["at"]

    def piece_name(self, piece: int) -> str:
        return self.game.piece_name(piece)

    def the(self, piece: int) -> str:
        return f"the {self.piece_name(piece)}"

    def legal_of(self, kind: type) -> list[Action]:
        return [a for a in self.legal if isinstance(a, kind)]

    def space_label(self, place: Any) -> str:
        if isinstance(place, int):
            return str(self.game.city.number(place))
        return {SEAT: "the seat", BENCH: "the bench", WC: "the W.C.", CHURCH: "the church"}.get(place, str(place))

    def foods(self, card: int) -> str:
        return ", ".join(self.box.ingredient(card).foods)

    def pending(self) -> dict[str, Any] | None:
        return self.view.get("pending")

    def my_pending(self) -> dict[str, Any] | None:
        item = self.pending()
        return item if item is not None and self.acting else None

    # -- refresh -----------------------------------------------------------------------------------
    def refresh(self, viewer, view: dict[str, Any], legal: list[Action]) -> None:
        super().refresh(viewer, view, legal)
        if self._hush is not None and self.refusal and self.refusal[0] == view.get("prompt"):
            self.refusal = None  # the rest of a drag waits for this decision: no need to call it refused
        self._hush = None
        self.drag = None
        hand = view.get("hand_cards", [])
        self.selected = [c for c in self.selected if c in hand] if self.acting else []
        self.router = Router(self.game, view) if view.get("phase") == "play" else None
        self._keep_plan()
        self.guests_mode = self.guests_mode and bool(self.legal_of(AssignGuests)) and self.pending() is None
        self.movable = self._movable_pieces()
        movement = view.get("movement")
        if movement is not None and self.acting:
            self.picked = movement["piece"]
        elif self.picked not in self.movable:
            self.picked = None
        waiting = {a.character for a in self.legal_of(PlaceCharacter)}
        if self.picked_waiting not in waiting:
            self.picked_waiting = None
        self._light()
        self._build_buttons()
        self.hover_key = self._hover_target(self.mouse)
        self.tip = self._tip_for(self.hover_key, self.mouse)
        self._layout()

    def _keep_plan(self) -> None:
        movement = self.view.get("movement")
        plan = self.plan
        if plan is None or movement is None or movement["piece"] != plan.piece or not self.acting:
            self.plan = None
            return
        if plan.path[:len(movement["path"])] != movement["path"]:
            self.plan = None

    def _allowance(self) -> int | None:
        """How many more game cards may be played this turn (None: no limit)."""
        turn = self.view["turn"]
        if turn["bus_missed"]:
            return 0
        if self.view["dinner"]:
            return max(0, self.box.dinner_max_cards - turn["played"])
        return None

    def _budget(self) -> int:
        """The most mp the next movement could spend: the taxi's, or the pool and the hand."""
        movement = self.view.get("movement")
        if movement is not None and movement["ride"] == "taxi":
            return movement["budget"]
        return self.view["turn"]["mp"] + reach(self.box, self.view["hand_cards"], allowance=self._allowance())

    def _movable_pieces(self) -> set[int]:
        v = self.view
        if (not self.acting or self.router is None or v.get("pending") is not None
                or v["turn"]["stage"] != "main"):
            return set()
        movement = v.get("movement")
        pieces = [movement["piece"]] if movement is not None else range(self.game.pieces)
        budget = self._budget()
        out = set()
        for piece in pieces:
            if piece < CHARACTERS and piece in v["turn"]["bought"]:
                continue
            if self.router.routes(piece, visited=self._walked(piece), budget=budget):
                out.add(piece)
        return out

    def _walked(self, piece: int) -> list[Any]:
        movement = self.view.get("movement")
        if movement is not None and movement["piece"] == piece:
            return list(movement["path"])
        return [self.where(piece)]

    def _light(self) -> None:
        """Light the places the picked (or dragged) piece can stop at, with their total mp."""
        self.lit = {}
        trail = self.drag.trail if self.drag is not None and self.drag.trail is not None else None
        piece = trail.piece if trail is not None else self.picked
        if piece is None or self.router is None or piece not in self.movable:
            return
        path = trail.path if trail is not None else self._walked(piece)
        spent = trail.cost(self.router) if trail is not None else 0
        budget = self._budget() - spent
        if budget < 0:
            return
        for place, route in self.router.routes(piece, visited=path, budget=budget).items():
            self.lit[place] = spent + route.cost

    # -- the bar of buttons ------------------------------------------------------------------------
    def _build_buttons(self) -> None:
        self.buttons, self.hint = [], ""
        if not self.acting:
            return
        v = self.view
        item = self.pending()
        specs: list[tuple[str, Callable[[], Any], str]] = []
        if item is not None:
            specs, self.hint = self._decision_buttons(item)
        elif v["phase"] == "play":
            specs, self.hint = self._turn_buttons()
        else:
            self.hint = {"choose-secret": "Click the character you will secretly back.",
                         "take-secret": "Click one of the face-down cards: that is your secret character.",
                         "draft": "Click the movement or the money deck to take a card."}.get(v["phase"], "")
        left = BAR.left + (150 if v["phase"] == "play" else 6)
        widths = [font(15, True).size(label)[0] + 24 for label, _, _ in specs]
        if left + sum(w + 8 for w in widths) > BAR.right and item is not None:
            # too many cards to name: they glow on the table instead; keep the other buttons
            keep = [i for i, (label, _, _) in enumerate(specs) if not label.startswith(("Take ", "Lose "))]
            specs, widths = [specs[i] for i in keep], [widths[i] for i in keep]
            self.hint = "Click a glowing ingredients card beside the reference cards."
        # the usual next steps sit at the right end, so they always fit; the rest flow from the left
        right = BAR.right
        for (label, press, tone), width in reversed(list(zip(specs, widths))):
            if tone == "go" and item is None:
                right -= width
                self.buttons.append(Button(pygame.Rect(right, BAR.top + 2, width, BAR.height - 4), label, press, tone))
                right -= 8
        x = left
        for (label, press, tone), width in zip(specs, widths):
            if tone == "go" and item is None:
                continue
            if x + width > right:
                break
            self.buttons.append(Button(pygame.Rect(x, BAR.top + 2, width, BAR.height - 4), label, press, tone))
            x += width + 8
        if self.hint and x + font(14).size(self.hint)[0] + 10 > right:
            self.hint = ""
        self._hint_x = x + 4

    def _decision_buttons(self, item: dict[str, Any]) -> tuple[list, str]:
        kind = item["kind"]
        specs: list[tuple[str, Callable[[], Any], str]] = []
        hint = ""
        if kind == "steal":
            for a in self.legal_of(Steal):
                specs.append((f"Take {self.foods(a.card)}", self._decide(a), "go"))
            specs.append(("Leave them", self._decide(Decline(self.viewer)), "plain"))
        elif kind == "arcade":
            victim = item["victim"]
            top = max((self.box.value[c] for c in self.chars()[victim]["money_cards"]), default=0)
            specs.append((f"Spend the {self.piece_name(victim)}'s {top} money", self._decide(Arcade(self.viewer)), "go"))
            specs.append(("Leave it", self._decide(Decline(self.viewer)), "plain"))
        elif kind == "buy":
            price = self.chars()[item["character"]]["price"] or 0
            seen: set[tuple[int, ...]] = set()
            for a in self.legal_of(Pay):
                values = tuple(sorted((self.box.value[c] for c in a.cards), reverse=True))
                if values in seen:
                    continue
                seen.add(values)
                lost = sum(values) - price
                label = ("Pay " + " + ".join(map(str, values)) + (f" ({lost} lost)" if lost else "")
                         if values else "Take it for free")
                specs.append((label, self._decide(a), "warn"))
        elif kind == "lose":
            for a in self.legal_of(LoseIngredient):
                specs.append((f"Lose {self.foods(a.card)}", self._decide(a), "warn"))
            hint = f"{item['count']} to lose"
        elif kind == "sideways":
            specs.append(("Leave them upright", self._decide(Decline(self.viewer)), "plain"))
            hint = "Click an upright ingredients card beside any character to turn it sideways."
        elif kind == "fifth":
            for a in self.legal_of(SeatFifth):
                specs.append((f"{self.piece_name(a.character)} sits 5th", self._decide(a), "warn"))
        elif kind == "place-ingredient":
            hint = "Click a lit club spot for the next ingredients card."
        elif kind in ("exit", "bus-arrival"):
            hint = f"Click a lit space for {self.the(item['character'])}."
        elif kind == "guests":
            hint = f"Click the character (left) who gets your Guests card ({self._guests_vp()})."
        elif kind == "dinner-place":
            hint = "Drag a character from the right-hand column onto a lit space (or click one, then a space)."
        return specs, hint

    def _turn_buttons(self) -> tuple[list, str]:
        v = self.view
        turn = v["turn"]
        specs: list[tuple[str, Callable[[], Any], str]] = []
        hint = ""
        if turn["stage"] == "draw":
            for deck in ("movement", "money"):
                if any(a.deck == deck for a in self.legal_of(Draw)):
                    specs.append((f"Take a {deck} card", self._give(Draw(self.viewer, deck)), "go"))
            specs.append(("End turn", self._give(EndTurn(self.viewer)), "go" if not self.legal_of(Draw) else "plain"))
            hint = f"You may take {cards(turn['draws_left'])} more (or click a deck)."
            return specs, hint
        if v.get("movement") is not None:
            if self.legal_of(EndMovement):
                specs.append((f"End {self.the(v['movement']['piece'])}'s movement",
                              self._give(EndMovement(self.viewer)), "go"))
            hint = f"Drag {self.the(v['movement']['piece'])} on, or end the movement."
        plays = [c for c in self.selected if self.box.is_movement(c)
                 and any(a.card == c for a in self.legal_of(PlayMovement))]
        if plays and len(plays) == len(self.selected):
            mp = sum(self.box.value[c] for c in plays)
            specs.append((f"Play {cards(len(plays))} (+{mp} mp)", self._give([PlayMovement(self.viewer, c) for c in plays]),
                          "plain"))
        if len(self.selected) == 3 and self.legal_of(DiscardThree):
            specs.append(("Discard these 3", self._give(DiscardThree(self.viewer, tuple(sorted(self.selected)))),
                          "plain"))
        seen_values = set()
        for a in self.legal_of(TakeTaxi):
            value = self.box.value[a.card]
            if value not in seen_values:
                seen_values.add(value)
                specs.append((f"Taxi: {value} → {value * self.game.city.taxi_multiplier} mp", self._give(a),
                              "plain"))
        for a in self.legal_of(RideBus):
            specs.append((f"Bus {a.number}", self._give(a), "plain"))
        if self.legal_of(AssignGuests) and v.get("movement") is None:
            label = "Cancel Guests" if self.guests_mode else f"Give Guests ({self._guests_vp()})"
            specs.append((label, self._toggle_guests, "plain"))
        if self.legal_of(Finish):
            allowed = self._draw_allowance()
            specs.append((f"Done: take {allowed} card{'s' if allowed != 1 else ''}" if allowed else "Done",
                          self._give(Finish(self.viewer)), "go"))
        if not hint:
            if self.guests_mode:
                hint = "Click the character who gets your Guests card."
            elif any(self.box.is_money(c) for c in self.selected):
                hint = "Click a character's panel to place the money."
            elif turn["stage"] == "money":
                hint = "More money or Done."
            elif self.movable:
                hint = "Drag a piece along the city."
        return specs, hint

    def _draw_allowance(self) -> int:
        turn = self.view["turn"]
        entitled = 4 if turn["played"] == 0 else 2 if turn["played"] == 1 else 1
        return max(0, min(entitled, self.box.hand_limit - len(self.view["hand_cards"])))

    def _guests_vp(self) -> str:
        supply = self.view.get("guests_cards", [])
        return f"{self.box.guests_value(supply[0])} vp" if supply else "none left"

    def _give(self, action: Action | list[Action]) -> Callable[[], Action | list[Action]]:
        return lambda: action

    def _decide(self, action: Action) -> Callable[[], list[Action]]:
        return lambda: self._with_rest(action)

    def _with_rest(self, action: Action) -> list[Action]:
        """A decision met on the way, and then the rest of the way the player dragged."""
        item = self.pending()
        plan, movement = self.plan, self.view.get("movement")
        if plan is None or movement is None or item is None or item["kind"] not in DECISION_KINDS:
            return [action]
        if isinstance(action, PlaceCharacter) and action.space == plan.end:
            self.plan = None  # someone now stands where the drag ended: the player goes on by hand
            return [action]
        return [action] + continuation(self.viewer, plan, movement["path"])

    def _toggle_guests(self) -> None:
        self.guests_mode = not self.guests_mode
        self._build_buttons()
        return None

    # -- where things lie ----------------------------------------------------------------------------
    def _layout(self) -> None:
        v = self.view
        if not v:
            return
        places: list[Spot] = []
        places += self._piece_spots()
        places += self._hand_spots()
        places += self._panel_spots()
        places += self._supply_spots()
        self.sprites.sync(places, self._spawn_at)

    def _piece_spots(self) -> list[Spot]:
        v = self.view
        board = self.board
        out = []
        movement = v.get("movement")
        item = v.get("pending")
        waiting = [c["character"] for c in self.chars() if c["at"] == WAITING]
        for piece in range(self.game.pieces):
            at = self.where(piece)
            size, z, lift = TOKEN, 20, 0.0
            if isinstance(at, int):
                x, y = board.centre(at, piece)
                if movement is not None and movement["piece"] == piece and self._standing_on(at, piece):
                    x, y, z = x + 9, y - 12, 40  # crossing someone: drawn on top, a little aside
            elif at in (SEAT, TABLE):
                x, y = board.seats[piece].center
            elif at in (BENCH, CHURCH, HOSPITAL):
                size = MINI_TOKEN
                x, y = board.centre(at, piece)
            elif at == WC:
                step = min(max(v["wc_step"], 1), len(board.track))
                x, y = board.track[step - 1].center
            elif at == EXITING:
                if item is not None and item["kind"] == "bus-arrival" and item["character"] == piece:
                    rect = board.cells[item["stop"]]
                    x, y, lift = rect.centerx, rect.top + 4, 0.0
                else:
                    x, y = board.sites[HOSPITAL].midtop
                z = 60
            elif at == WAITING:
                x, y = board.slots[waiting.index(piece)].center
            else:
                continue  # the schoolbus gone with the Child
            if self.hover_key == ("piece", piece) and piece in self.movable:
                lift = 4.0
            out.append(Spot(("piece", piece), (x, y), self._piece_face(piece, size), 0.0, z, lift))
        return out

    def _standing_on(self, space: int, piece: int) -> bool:
        others = [c["character"] for c in self.chars() if c["at"] == space and c["character"] != piece]
        others += [p["piece"] for p in self.view["pieces"] if p["at"] == space and p["piece"] != piece]
        return bool(others)

    def _piece_face(self, piece: int, size: tuple[int, int]) -> tuple:
        city = self.game.city
        if piece < CHARACTERS:
            return ("token", piece, size, piece == GRANDPA and self.view["grandpa_child"])
        if piece == SCHOOLBUS:
            return ("schoolbus", (54, 38), city.schoolbus_cost)
        return ("traffic", (54, 32), city.traffic_costs[piece - SCHOOLBUS - 1])

    def hand_centre(self, i: int, count: int) -> tuple[float, float]:
        step = HAND_STEP if count <= 6 else 420 / max(1, count - 1)
        return HAND_X0 + i * step, HAND_Y

    def _hand_spots(self) -> list[Spot]:
        hand = self._sorted_hand()
        out = []
        for i, card in enumerate(hand):
            x, y = self.hand_centre(i, len(hand))
            lift = 18.0 if card in self.selected else 8.0 if self.hover_key == ("card", card) and self.acting else 0.0
            out.append(Spot(("card", card), (x, y), self._card_face(card, HAND_CARD), 0.0, 100 + i, lift))
        return out

    def _sorted_hand(self) -> list[int]:
        box = self.box
        return sorted(self.view.get("hand_cards", []), key=lambda c: (box.is_money(c), box.value[c], c))

    def _card_face(self, card: int, size: tuple[int, int]) -> tuple:
        kind = "movement" if self.box.is_movement(card) else "money"
        return (kind, self.box.value[card], size)

    def _panel_spots(self) -> list[Spot]:
        out = []
        for ch in self.chars():
            c = ch["character"]
            rect = self.board.panels[c]
            for card, centre in zip(ch["money_cards"], self.money_slots(c)):
                out.append(Spot(("card", card), centre, self._card_face(card, MONEY_MINI), 0.0, 10))
            for card, (centre, sideways) in zip(ch["ingredient_cards"], self.food_slots(ch)):
                face = ("ingredient", card - self.box.ingredients[0], FOOD_MINI, "mini")
                out.append(Spot(("card", card), centre, face, 90.0 if sideways else 0.0, 10))
            tags = self.tag_rect(c)
            if ch["guests_card"] is not None:
                face = ("guests", self.box.guests_value(ch["guests_card"]), TAG_MINI)
                out.append(Spot(("card", ch["guests_card"]), (tags.centerx, tags.top + 14), face, 0.0, 12))
            if ch["wc_card"] is not None:
                out.append(Spot(("card", ch["wc_card"]), (tags.centerx, rect.bottom - 14), ("wc", TAG_MINI), 0.0, 12))
        return out

    def ref_rect(self, c: int) -> pygame.Rect:
        rect = self.board.panels[c]
        return pygame.Rect(rect.right - 76, rect.top, 76, rect.height)

    def tag_rect(self, c: int) -> pygame.Rect:
        ref = self.ref_rect(c)
        return pygame.Rect(ref.left - 24, ref.top, 22, ref.height)

    def money_slots(self, c: int) -> list[tuple[float, float]]:
        """Centres of the money card places, nearest the reference card first."""
        tags = self.tag_rect(c)
        y = tags.centery
        return [(tags.left - 14 - i * 25, y) for i in range(self.box.grandpa_bank_money_cards
                                                               if c == GRANDPA else self.box.money_cards)]

    def food_slots(self, ch: dict[str, Any]) -> list[tuple[tuple[float, float], bool]]:
        c = ch["character"]
        rect = self.board.panels[c]
        right = self.money_slots(c)[-1][0] - 16
        cards_ = ch["ingredient_cards"]
        room = right - rect.left - 8
        widths = [FOOD_MINI[1] if card in ch["sideways_cards"] else FOOD_MINI[0] for card in cards_]
        gap = 3.0
        if sum(widths) + gap * len(widths) > room and len(widths) > 1:
            gap = (room - sum(widths)) / (len(widths) - 1)
        out, x = [], rect.left + 6.0
        for card, width in zip(cards_, widths):
            out.append(((x + width / 2, rect.centery), card in ch["sideways_cards"]))
            x += width + gap
        return out

    def _supply_spots(self) -> list[Spot]:
        v = self.view
        out = []
        for deck, pos in (("movement", MOVEMENT_DECK), ("money", MONEY_DECK)):
            top = v.get(f"{deck}_top_card")
            if top is not None:
                out.append(Spot(("card", top), pos, self._card_face(top, HAND_CARD), 0.0, 5))
        space = v.get("ingredient_space")
        if space is not None:
            card = v["floor_cards"][space]
            cw, ch = self.board.cell_size
            face = ("ingredient", card - self.box.ingredients[0], (cw - 4, ch - 4), "city")
            out.append(Spot(("card", card), self.board.cells[space].center, face, 0.0, 8))
        for i, card in enumerate(v.get("ingredient_row_cards", [])):
            face = ("ingredient", card - self.box.ingredients[0], (ROW_W, ROW_STRIP_H), "strip")
            out.append(Spot(("card", card), (ROW_X + ROW_W / 2, BAND_Y + 26 + i * (ROW_STRIP_H + 0.5)), face, 0.0, 5))
        supply = v.get("guests_cards", [])
        if supply:
            face = ("guests", self.box.guests_value(supply[0]), SMALL_CARD)
            out.append(Spot(("card", supply[0]), GUESTS_POS, face, 0.0, 6))
        return out

    def _spawn_at(self, spot: Spot) -> tuple[float, float] | None:
        key = spot.key
        if key[0] != "card":
            return None
        card = key[1]
        if self.box.is_movement(card):
            return MOVEMENT_DECK
        if self.box.is_money(card):
            return MONEY_DECK
        return None

    # -- input -----------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Action | list[Action] | None:
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected, self.picked, self.picked_waiting, self.guests_mode = [], None, None, False
            self.refresh(self.viewer, self.view, self.legal)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._remember(self._press(event.pos))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            return self._remember(self._release(event.pos))
        return None

    def _remember(self, result: Action | list[Action] | None) -> Action | list[Action] | None:
        self._sent = result if isinstance(result, list) else [result] if result is not None else []
        return result

    def refused(self, action: Action, reason: str) -> None:
        super().refused(action, reason)
        if len(self._sent) > 1 and action in self._sent[1:]:
            self._hush = reason  # perhaps only a decision met on the way; refresh will tell
        self.drag = None
        self._layout()

    def _motion(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        drag = self.drag
        if drag is not None:
            if math.dist(pos, drag.start) > DRAG_THRESHOLD:
                drag.moved = True
            sprite = self.sprites.sprites.get(self._drag_sprite_key(drag))
            if sprite is not None and drag.moved:
                sprite.x, sprite.y, sprite.t = pos[0] - drag.grab[0], pos[1] - drag.grab[1], 1.0
            if drag.trail is not None and drag.moved and self.router is not None:
                place = self.board.place_at(pos, drag.trail.piece)
                if place is not None and drag.trail.follow(self.router, place):
                    self._light()
            return
        key = self._hover_target(pos)
        if key != self.hover_key:
            self.hover_key = key
            self._layout()
        self.tip = self._tip_for(key, pos)

    def _drag_sprite_key(self, drag: Drag) -> Hashable:
        return ("card", drag.key) if drag.kind == "card" else ("piece", drag.key)

    def _hover_target(self, pos: tuple[int, int]) -> Hashable | None:
        key = self.sprites.top_key_at(pos)
        if key is not None:
            return key
        for c in range(CHARACTERS):
            if self.board.panels[c].collidepoint(pos):
                return ("panel", c)
        for name, rect in self.board.sites.items():
            if rect.collidepoint(pos):
                return ("site", name)
        for space, rect in enumerate(self.board.cells):
            if rect.collidepoint(pos):
                return ("space", space)
        if self._bus_rect().collidepoint(pos):
            return ("bus",)
        return None

    def _press(self, pos: tuple[int, int]) -> Action | list[Action] | None:
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                return button.press()
        if not self.acting:
            return None
        for rect, _, action in self.setup_choices():
            if action is not None and rect.collidepoint(pos):
                return action
        key = self.sprites.top_key_at(pos)
        hand = set(self.view.get("hand_cards", []))
        if key is not None and key[0] == "card" and key[1] in hand:
            return self._start_drag("card", key[1], pos)
        if key is not None and key[0] == "piece":
            piece = key[1]
            if piece in self.movable:
                return self._start_drag("piece", piece, pos)
            if self._placeable(piece):
                return self._start_drag("place", piece, pos)
        deck = self._deck_at(pos)
        if deck is not None:
            return self._deck_action(deck)
        if self._guests_rect().collidepoint(pos) and self.legal_of(AssignGuests) and self.pending() is None:
            return self._toggle_guests()
        card_action = self._panel_card_action(key)
        if card_action is not None:
            return card_action
        character = self._panel_at(pos)
        if character is not None:
            return self._panel_action(character, pos)
        place = self.board.place_at(pos, self.picked)
        return self._place_action(place)

    def _start_drag(self, kind: str, key: int, pos: tuple[int, int]) -> None:
        sprite = self.sprites.sprites[("card", key) if kind == "card" else ("piece", key)]
        trail = None
        if kind == "piece":
            walked = self._walked(key)
            trail = Trail(key, list(walked), len(walked))
        self.drag = Drag(kind, key, pos, (pos[0] - sprite.x, pos[1] - sprite.y), trail)
        return None

    def _release(self, pos: tuple[int, int]) -> Action | list[Action] | None:
        drag, self.drag = self.drag, None
        assert drag is not None
        if drag.kind == "card":
            return self._drop_card(drag, pos)
        if drag.kind == "piece":
            if not drag.moved:
                self.picked = None if self.picked == drag.key else drag.key
                self._light()
                self._layout()
                return None
            result = self._walk(drag.trail)
            self._light()
            self._layout()
            return result
        if not drag.moved:
            self.picked_waiting = drag.key
            self._light()
            self._layout()
            return None
        result = self._place_action(self.board.place_at(pos), character=drag.key)
        self._layout()
        return result

    def _drop_card(self, drag: Drag, pos: tuple[int, int]) -> Action | list[Action] | None:
        card = drag.key
        if not drag.moved:
            if card in self.selected:
                self.selected.remove(card)
            else:
                self.selected.append(card)
            self._build_buttons()
            self._layout()
            return None
        character = self._panel_at(pos)
        if character is not None and self.box.is_money(card):
            return self._money_action(card, character, pos)
        if self.box.is_movement(card) and pos[1] < BAR.top:
            return PlayMovement(self.viewer, card)
        self._layout()  # dropped elsewhere: back into the hand
        return None

    def _walk(self, trail: Trail | None) -> list[Action] | None:
        """The actions that carry a piece along the dragged trail (or a reason, and nothing)."""
        if trail is None or self.router is None or not trail.new_steps:
            return None
        v = self.view
        name = self.the(trail.piece)
        if not trail.may_end(self.router, v):
            self.refusal = (f"{name.capitalize()} must end its movement on an empty space "
                            "(or on the bench, in the W.C., or at its seat).", 4.0)
            return None
        cost = trail.cost(self.router)
        movement = v.get("movement")
        cards_: list[int] = []
        if movement is not None and movement["ride"] == "taxi":
            if cost > movement["budget"]:
                self.refusal = (f"That way costs {cost} mp and the taxi ride has {movement['budget']} left.", 4.0)
                return None
        else:
            found = fund(self.box, v["hand_cards"], cost - v["turn"]["mp"], allowance=self._allowance(),
                         preferred=self.selected)
            if found is None:
                self.refusal = (f"That way costs {cost} mp: the pool holds {v['turn']['mp']} and your "
                                "movement cards cannot make up the rest.", 4.0)
                return None
            cards_ = found
        self.plan = Trail(trail.piece, list(trail.path), trail.walked)
        self.selected = [c for c in self.selected if c not in cards_]
        return trail_actions(self.viewer, trail, cards_)

    def _placeable(self, character: int) -> bool:
        return any(a.character == character for a in self.legal_of(PlaceCharacter))

    def _place_action(self, place: Any, character: int | None = None) -> Action | list[Action] | None:
        """A click (or a drop) on a place of the city."""
        item = self.pending()
        if isinstance(place, int) and item is not None:
            if item["kind"] == "place-ingredient":
                return PlaceIngredient(self.viewer, place)
            if item["kind"] in ("exit", "bus-arrival"):
                return self._with_rest(PlaceCharacter(self.viewer, item["character"], place))
            if item["kind"] == "dinner-place":
                who = character if character is not None else self.picked_waiting
                if who is None:
                    self.refusal = ("First pick one of the characters waiting on the right.", 3.0)
                    return None
                return PlaceCharacter(self.viewer, who, place)
        if item is None and self.picked is not None and place in self.lit and self.router is not None:
            route = self.router.routes(self.picked, visited=self._walked(self.picked)).get(place)
            if route is not None:
                walked = len(self._walked(self.picked))
                return self._walk(Trail(self.picked, list(route.path), walked))
        if self.picked is not None and self.view.get("movement") is None:
            self.picked = None
            self._light()
            self._layout()
        return None

    def _deck_at(self, pos: tuple[int, int]) -> str | None:
        for deck, centre in (("movement", MOVEMENT_DECK), ("money", MONEY_DECK)):
            rect = pygame.Rect(0, 0, *HAND_CARD)
            rect.center = centre
            if rect.collidepoint(pos):
                return deck
        return None

    def _deck_action(self, deck: str) -> Action | None:
        phase = self.view["phase"]
        if phase == "draft":
            return Draft(self.viewer, deck)
        if phase == "play":
            return Draw(self.viewer, deck)
        return None

    def _guests_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *SMALL_CARD)
        rect.center = GUESTS_POS
        return rect

    def _bus_rect(self) -> pygame.Rect:
        rect = pygame.Rect(0, 0, *SMALL_CARD)
        rect.center = BUS_POS
        return rect

    def _panel_at(self, pos: tuple[int, int]) -> int | None:
        for c in range(CHARACTERS):
            if self.board.panels[c].collidepoint(pos) or self.board.seats[c].collidepoint(pos):
                return c
        return None

    def _panel_card_action(self, key: Hashable | None) -> Action | list[Action] | None:
        """A click on an ingredients card beside a reference card (a theft, a loss, turning it)."""
        if key is None or key[0] != "card":
            return None
        card = key[1]
        for kind in (Steal, LoseIngredient, TurnSideways):
            for a in self.legal_of(kind):
                if a.card == card:
                    return self._with_rest(a)
        return None

    def _panel_action(self, character: int, pos: tuple[int, int]) -> Action | None:
        item = self.pending()
        if (item is not None and item["kind"] == "guests") or self.guests_mode:
            self.guests_mode = False
            return AssignGuests(self.viewer, character)
        if item is not None and item["kind"] == "fifth":
            return SeatFifth(self.viewer, character)
        money = [c for c in self.selected if self.box.is_money(c)]
        if money:  # the money card clicked last goes to the character
            return self._money_action(money[-1], character, pos)
        return None

    def _money_action(self, card: int, character: int, pos: tuple[int, int]) -> Action:
        """Place ``card`` beside ``character``: into a free place, else over the card under the mouse,
        else over the lowest card it may replace (the rules say why when none)."""
        options = [a for a in self.legal_of(PlaceMoney) if a.card == card and a.character == character]
        key = self.sprites.top_key_at(pos)
        held = self.chars()[character]["money_cards"]
        under = key[1] if key is not None and key[0] == "card" and key[1] in held else None
        self.selected = [c for c in self.selected if c != card]
        for a in options:
            if a.replacing == -1 or a.replacing == under:
                return a
        if options:
            return min(options, key=lambda a: self.box.value[a.replacing])
        return PlaceMoney(self.viewer, card, character, -1 if under is None else under)

    # -- drawing ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.sprites.update(dt)

    def busy(self) -> bool:
        return self.sprites.moving

    def draw(self, surface: pygame.Surface) -> None:
        v = self.view
        if not v:
            return
        surface.blit(self._static_board(), (0, 0))
        self._draw_sites(surface)
        self._draw_strip(surface)
        self._draw_panels(surface)
        self._draw_seats(surface)
        self._draw_lit(surface)
        self._draw_paths(surface)
        self._draw_band(surface)
        self.sprites.draw(surface)
        self._draw_arrivals(surface)
        self._draw_card_glows(surface)
        self._draw_bar(surface)
        if v["phase"] in ("choose-secret", "take-secret", "draft"):
            self._draw_setup(surface)
        self._draw_drag(surface)
        self._draw_tip(surface)

    def _static_board(self) -> pygame.Surface:
        """The city cards and the fixed labels, drawn once."""
        if self._background is not None:
            return self._background
        layer = pygame.Surface(TABLE_RECT.size, pygame.SRCALPHA)
        city = self.game.city
        for space, rect in enumerate(self.board.cells):
            pygame.draw.rect(layer, (0, 0, 0, 70), rect.move(2, 3), border_radius=6)
            pygame.draw.rect(layer, (236, 230, 212), rect, border_radius=6)
            pygame.draw.rect(layer, (170, 160, 136), rect, 1, border_radius=6)
            number = font(12, True).render(str(city.number(space)), True, (120, 110, 90))
            layer.blit(number, number.get_rect(topleft=(rect.left + 5, rect.top + 3)))
            if space in city.clubs:
                club(layer, (rect.right - 10, rect.top + 10), 7, (96, 120, 96))
            if space == city.taxi:
                sign = pygame.Rect(0, 0, 38, 15)
                sign.midbottom = (rect.centerx, rect.bottom - 4)
                pygame.draw.rect(layer, (250, 204, 40), sign, border_radius=3)
                pygame.draw.rect(layer, INK, sign, 1, border_radius=3)
                label = font(11, True).render("TAXI", True, INK)
                layer.blit(label, label.get_rect(center=sign.center))
            if space in city.bus_stops:
                sign = pygame.Rect(0, 0, 38, 15)
                sign.midbottom = (rect.centerx, rect.bottom - 4)
                pygame.draw.rect(layer, (40, 110, 200), sign, border_radius=3)
                label = font(11, True).render("BUS", True, (250, 250, 250))
                layer.blit(label, label.get_rect(center=sign.center))
            if space in city.seat_entrances:
                pygame.draw.polygon(layer, (150, 140, 110), [(rect.left - 1, rect.centery - 6),
                                                             (rect.left - 6, rect.centery),
                                                             (rect.left - 1, rect.centery + 6)])
        for x, label in ((PANEL_X + PANEL_W // 2, "A: the family's reference cards"), (SEAT_X + SEAT_W // 2, "B: seats")):
            text(layer, label, (x, GRID.top - 16), size=12, colour=TEXT_DIM, anchor="midbottom")
        self._background = layer
        return layer

    def _draw_sites(self, surface: pygame.Surface) -> None:
        v = self.view
        fills = {"school": (214, 120, 80), "bank": (90, 130, 90), "wc": (90, 150, 196),
                 "hospital": (236, 236, 240), "bench": (150, 110, 70), "church": (170, 160, 200)}
        titles = {"school": "School", "bank": "Bank", "wc": "W.C.", "hospital": "Hospital", "bench": "Bench",
                  "church": "Church"}
        for name, rect in self.board.sites.items():
            pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=8)
            pygame.draw.rect(surface, fills[name], rect, border_radius=8)
            pygame.draw.rect(surface, (250, 250, 246), rect, 2, border_radius=8)
            dark = name in ("hospital",)
            colour = INK if dark else (250, 250, 246)
            title = titles[name]
            sub = ""
            if name == "bank" and v["bank_flipped"]:
                title, sub = "Bank (flipped)", "Grandpa: 3 money"
            elif name == "school" and v["grandpa_child"]:
                sub = "the Child is out"
            elif name == "hospital":
                sub = "one bed"
                pygame.draw.rect(surface, (210, 40, 40), pygame.Rect(rect.left + 10, rect.centery - 10, 20, 6))
                pygame.draw.rect(surface, (210, 40, 40), pygame.Rect(rect.left + 17, rect.centery - 17, 6, 20))
            elif name == "bench":
                sub = "1 mp on · 3 off · safe"
            elif name == "church":
                sub = "3 mp off · safe"
            elif name == "wc":
                sub = "1 mp in · 6 turns"
            x = rect.left + (36 if name == "hospital" else 10)
            text(surface, title, (x, rect.top + 5), size=15, bold=True, colour=colour)
            if sub:
                text(surface, sub, (x, rect.top + 26), size=11, colour=colour)
            if self.lit.get(name) is not None:
                self._glow_rect(surface, rect, LIT)
                text(surface, f"{self.lit[name]} mp", (rect.right - 48, rect.top + 4), size=12, bold=True, colour=INK)

    def _draw_strip(self, surface: pygame.Surface) -> None:
        v = self.view
        waiting = any(c["at"] == WAITING for c in self.chars())
        label = "To place" if waiting or v["dinner"] else "W.C. turns"
        text(surface, label, (STRIP.centerx, STRIP.top - 4), size=11, bold=True, colour=TEXT_DIM, anchor="midbottom")
        if waiting or v["dinner"]:
            for rect in self.board.slots:
                pygame.draw.rect(surface, (22, 74, 52), rect, border_radius=6)
            return
        for i, rect in enumerate(self.board.track):
            occupied = v["sites"][WC]["occupant"] is not None and i + 1 == max(1, v["wc_step"])
            pygame.draw.rect(surface, (40, 96, 130) if occupied else (22, 74, 52), rect, border_radius=6)
            pygame.draw.rect(surface, (90, 150, 196), rect, 1, border_radius=6)
            mark = "out next" if i == len(self.board.track) - 1 else str(i + 1)
            text(surface, mark, (rect.centerx, rect.bottom - 3), size=10, colour=TEXT_DIM, anchor="midbottom")

    def _draw_panels(self, surface: pygame.Surface) -> None:
        v = self.view
        item = self.my_pending()
        choosing_character = (item is not None and item["kind"] in ("guests", "fifth")) or self.guests_mode or any(
            self.box.is_money(c) for c in self.selected)
        for ch in self.chars():
            c = ch["character"]
            rect = self.board.panels[c]
            panel(surface, rect, colour=(14, 40, 30), alpha=170, radius=8)
            for i, centre in enumerate(self.money_slots(c)):
                slot = pygame.Rect(0, 0, *MONEY_MINI)
                slot.center = (int(centre[0]), int(centre[1]))
                locked = c == GRANDPA and i >= self.box.money_cards and not v["bank_flipped"]
                pygame.draw.rect(surface, (60, 90, 70) if not locked else (50, 56, 60), slot, 1, border_radius=3)
                if locked:
                    text(surface, "bank", slot.center, size=9, colour=(110, 120, 120), anchor="center")
            ref = self.ref_rect(c)
            self._draw_reference(surface, ch, ref)
            if choosing_character and ch["at"] != TABLE:
                self._glow_rect(surface, rect, HIGHLIGHT, width=2)

    def _draw_reference(self, surface: pygame.Surface, ch: dict[str, Any], ref: pygame.Rect) -> None:
        c = ch["character"]
        v = self.view
        pygame.draw.rect(surface, PAPER, ref, border_radius=6)
        band = pygame.Rect(ref.left, ref.top, ref.width, 15)
        pygame.draw.rect(surface, CHARACTER_RGB[c], band, border_top_left_radius=6, border_top_right_radius=6)
        name = "Grandpa+Child" if c == GRANDPA and v["grandpa_child"] else ch["name"]
        text(surface, name, (band.centerx, band.centery), size=11 if len(name) > 9 else 12, bold=True,
             colour=(255, 255, 255), anchor="center")
        bonus = self.box.grandpa_with_child_vp if c == GRANDPA and v["grandpa_child"] else self.box.bonus_vp[c]
        line2 = f"age {ch['age']}" + (f" · {bonus:+d}vp" if bonus else "")
        text(surface, line2, (ref.left + 4, ref.top + 16), size=11, colour=INK)
        text(surface, f"money {ch['money']}", (ref.left + 4, ref.top + 29), size=11, bold=True, colour=(40, 110, 50))
        price = ch["price"]
        if ch["at"] == TABLE:
            place = v["arrivals"].index(c) if c in v["arrivals"] else None
            status = f"seated {ORDINALS[place]}" if place is not None else "seated"
        elif ch["bought_this_turn"]:
            status = "bought: done"
        elif price is not None:
            status = f"buys for {price}"
        else:
            status = ""
        if status:
            text(surface, status, (ref.left + 4, ref.top + 41), size=10, colour=(90, 80, 70))

    def _draw_seats(self, surface: pygame.Surface) -> None:
        for c, rect in enumerate(self.board.seats):
            inner = rect.inflate(-6, -4)
            layer = pygame.Surface(inner.size)
            checkered(layer, layer.get_rect(), ((200, 200, 200), (150, 40, 40)), 7)
            layer.set_alpha(110)
            surface.blit(layer, inner)
            pygame.draw.rect(surface, CHARACTER_RGB[c], rect, 2, border_radius=6)
            if self.where(c) not in (SEAT, TABLE):
                text(surface, short_name(c), rect.center, size=12, bold=True, colour=(250, 250, 246), anchor="center")
            if self.lit.get(SEAT) is not None and self._lit_piece() == c:
                self._glow_rect(surface, rect, LIT)

    def _lit_piece(self) -> int | None:
        if self.drag is not None and self.drag.trail is not None:
            return self.drag.trail.piece
        return self.picked

    def _draw_lit(self, surface: pygame.Surface) -> None:
        """Where the picked piece may stop, and the spaces a pending placement may use."""
        for place, cost in self.lit.items():
            if isinstance(place, int):
                rect = self.board.cells[place]
                self._glow_rect(surface, rect, LIT)
                badge = pygame.Rect(0, 0, 34, 16)
                badge.topright = (rect.right - 3, rect.top + 3)
                pygame.draw.rect(surface, LIT, badge, border_radius=8)
                text(surface, f"{cost} mp", badge.center, size=11, bold=True, colour=INK, anchor="center")
        for space in self._placement_spaces():
            self._glow_rect(surface, self.board.cells[space], HIGHLIGHT)

    def _placement_spaces(self) -> set[int]:
        spaces = {a.space for a in self.legal_of(PlaceIngredient)}
        for a in self.legal_of(PlaceCharacter):
            if self.picked_waiting is None or a.character == self.picked_waiting:
                spaces.add(a.space)
        return spaces

    def _glow_rect(self, surface: pygame.Surface, rect: pygame.Rect, colour, width: int = 3) -> None:
        pygame.draw.rect(surface, colour, rect.inflate(4, 4), width, border_radius=8)

    def _draw_paths(self, surface: pygame.Surface) -> None:
        movement = self.view.get("movement")
        if movement is not None and (self.drag is None or self.drag.trail is None):
            self._polyline(surface, movement["piece"], movement["path"], (250, 250, 246))
        if self.drag is not None and self.drag.trail is not None and self.drag.moved:
            self._polyline(surface, self.drag.trail.piece, self.drag.trail.path, GOLD)

    def _polyline(self, surface: pygame.Surface, piece: int, path: Sequence[Any], colour) -> None:
        points = [self.board.centre(p, piece) for p in path]
        if len(points) > 1:
            pygame.draw.lines(surface, INK, False, points, 9)
            pygame.draw.lines(surface, colour, False, points, 5)
        for point in points:
            pygame.draw.circle(surface, INK, point, 6)
            pygame.draw.circle(surface, colour, point, 4)

    def _draw_arrivals(self, surface: pygame.Surface) -> None:
        """A badge on each seat taken at the table: 1st, 2nd ..."""
        for place, c in enumerate(self.view["arrivals"]):
            rect = self.board.seats[c]
            badge = pygame.Rect(0, 0, 28, 16)
            badge.bottomright = (rect.right + 4, rect.bottom + 2)
            pygame.draw.rect(surface, GOLD, badge, border_radius=8)
            pygame.draw.rect(surface, INK, badge, 1, border_radius=8)
            text(surface, ORDINALS[place], badge.center, size=11, bold=True, colour=INK, anchor="center")

    def _draw_card_glows(self, surface: pygame.Surface) -> None:
        clickable = {a.card for kind in (Steal, LoseIngredient, TurnSideways) for a in self.legal_of(kind)}
        for card in clickable:
            rect = self.sprites.rect_of(("card", card))
            if rect is not None:
                if self.sprites.sprites[("card", card)].angle:  # a sideways card lies across
                    rect = pygame.Rect(0, 0, rect.height, rect.width).move(rect.centerx - rect.height // 2,
                                                                          rect.centery - rect.width // 2)
                self._glow_rect(surface, rect, HIGHLIGHT, 2)
        for card in self.selected:
            rect = self.sprites.rect_of(("card", card))
            if rect is not None:
                self._glow_rect(surface, rect, HIGHLIGHT, 3)
        row = self.view.get("ingredient_row_cards", [])
        if row and self.legal_of(PlaceIngredient):  # the card about to be placed
            rect = self.sprites.rect_of(("card", row[0]))
            if rect is not None:
                self._glow_rect(surface, rect, HIGHLIGHT, 2)
        for deck, pos in (("movement", MOVEMENT_DECK), ("money", MONEY_DECK)):
            if any(getattr(a, "deck", None) == deck for a in self.legal if isinstance(a, (Draw, Draft))):
                rect = pygame.Rect(0, 0, *HAND_CARD)
                rect.center = pos
                self._glow_rect(surface, rect, HIGHLIGHT)
        for piece in self.movable:
            if piece == self.picked:
                rect = self.sprites.rect_of(("piece", piece))
                if rect is not None:
                    self._glow_rect(surface, rect, GOLD, 3)

    def _draw_band(self, surface: pygame.Surface) -> None:
        v = self.view
        label_y = BAND_Y
        if self.viewer is None:
            text(surface, "Hands are hidden", (HAND_X0 - 30, label_y), size=13, colour=TEXT_DIM)
        else:
            mp = sum(self.box.value[c] for c in v["hand_cards"] if self.box.is_movement(c))
            text(surface, f"Your hand · {cards(len(v['hand_cards']))} · {mp} mp in movement cards",
                 (HAND_X0 - 30, label_y), size=13, bold=True, colour=TEXT)
        for deck, pos in (("movement", MOVEMENT_DECK), ("money", MONEY_DECK)):
            rect = pygame.Rect(0, 0, *HAND_CARD)
            rect.center = pos
            pygame.draw.rect(surface, (22, 74, 52), rect, border_radius=10)
            text(surface, deck.capitalize(), (pos[0], label_y), size=13, bold=True, colour=TEXT, anchor="midtop")
            text(surface, f"{v['deck_sizes'][deck]} left", (pos[0], rect.bottom + 4), size=12, colour=TEXT_DIM,
                 anchor="midtop")
        text(surface, "Ingredients to come", (ROW_X, label_y), size=12, bold=True, colour=TEXT)
        if not v.get("ingredient_row_cards"):
            text(surface, "none left", (ROW_X, label_y + 22), size=12, colour=TEXT_DIM)
        self._draw_bus(surface, label_y)
        self._draw_guests(surface, label_y)
        self._draw_secret(surface, label_y)

    def _draw_bus(self, surface: pygame.Surface, label_y: int) -> None:
        v = self.view
        rect = self._bus_rect()
        text(surface, "Bus deck", (rect.centerx, label_y), size=12, bold=True, colour=TEXT, anchor="midtop")
        if v["phase"] in ("choose-secret", "take-secret", "draft"):
            labels = [self.box.bus_label(c) for c in v["bus_cards"]]
            surface.blit(self.sprites.face(("bus-card", labels[0], SMALL_CARD)), rect)  # studied face up
        else:
            surface.blit(self.sprites.face(("back", SMALL_CARD, "BUS")), rect)
            labels = v["bus_memory"]
        if labels:
            text(surface, f"next {labels[0]}", (rect.centerx, rect.bottom + 3), size=12, bold=True,
                 colour=GOLD, anchor="midtop")
            text(surface, "then " + " ".join(labels[1:3]), (rect.centerx, rect.bottom + 19), size=11,
                 colour=TEXT_DIM, anchor="midtop")
        elif v["bus_turned"]:
            text(surface, f"last {v['bus_turned'][-1]}", (rect.centerx, rect.bottom + 3), size=12, colour=TEXT_DIM,
                 anchor="midtop")

    def _draw_guests(self, surface: pygame.Surface, label_y: int) -> None:
        v = self.view
        rect = self._guests_rect()
        text(surface, "Guests", (rect.centerx, label_y), size=12, bold=True, colour=TEXT, anchor="midtop")
        supply = v.get("guests_cards", [])
        if not supply:
            pygame.draw.rect(surface, (22, 74, 52), rect, border_radius=8)
            text(surface, "none", rect.center, size=12, colour=TEXT_DIM, anchor="center")
        left = " ".join(str(self.box.guests_value(c)) for c in supply)
        text(surface, left or "all given", (rect.centerx, rect.bottom + 3), size=11, colour=TEXT_DIM, anchor="midtop")
        if self.viewer is not None and self.viewer < len(v["guests_used"]):
            given = v["guests_used"][self.viewer]
            text(surface, "yours: given" if given else "yours: to give", (rect.centerx, rect.bottom + 18), size=11,
                 colour=TEXT_DIM if given else GOLD, anchor="midtop")
        if self.guests_mode:
            self._glow_rect(surface, rect, HIGHLIGHT)

    def _draw_secret(self, surface: pygame.Surface, label_y: int) -> None:
        mine = self.view.get("my_character")
        if mine is None:
            return
        size = (56, 76)
        rect = pygame.Rect(0, 0, *size)
        rect.center = SECRET_POS
        text(surface, "You back", (rect.centerx, label_y), size=12, bold=True, colour=GOLD, anchor="midtop")
        surface.blit(self.sprites.face(("secret", mine, size)), rect)
        text(surface, "secret", (rect.centerx, rect.bottom + 3), size=11, colour=TEXT_DIM, anchor="midtop")

    def _draw_bar(self, surface: pygame.Surface) -> None:
        v = self.view
        if v["phase"] == "play" and not v["over"]:
            chip = pygame.Rect(BAR.left, BAR.top + 2, 140, BAR.height - 4)
            movement = v.get("movement")
            riding = movement is not None and movement["ride"] == "taxi"
            mp = movement["budget"] if riding else v["turn"]["mp"]
            pygame.draw.rect(surface, (20, 40, 70), chip, border_radius=14)
            pygame.draw.rect(surface, (120, 160, 220), chip, 1, border_radius=14)
            label = f"Taxi: {mp} mp left" if riding else f"Pool: {mp} mp"
            if v["dinner"]:
                label += f" · {v['turn']['played']}/{self.box.dinner_max_cards}"
            text(surface, label, chip.center, size=14, bold=True, colour=TEXT, anchor="center")
        decision = self.my_pending() is not None
        for button in self.buttons:
            hovered = button.rect.collidepoint(self.mouse)
            fill = {"go": (40, 110, 70), "warn": (150, 100, 20), "plain": (44, 52, 66)}[button.tone]
            if hovered:
                fill = tuple(min(255, c + 30) for c in fill)
            pygame.draw.rect(surface, fill, button.rect, border_radius=8)
            pygame.draw.rect(surface, GOLD if decision else (150, 160, 176), button.rect, 2 if decision else 1,
                             border_radius=8)
            text(surface, button.label, button.rect.center, size=15, bold=True, colour=TEXT, anchor="center")
        if self.hint:
            text(surface, self.hint, (self._hint_x, BAR.centery), size=14, colour=GOLD if decision else TEXT_DIM,
                 anchor="midleft")

    def _setup_box(self) -> pygame.Rect:
        tall = self.view["phase"] != "draft"
        return pygame.Rect(GRID.left + 20, GRID.top + (40 if tall else 6), GRID.width - 40, 250 if tall else 108)

    def setup_choices(self) -> list[tuple[pygame.Rect, Hashable, Action | None]]:
        """Set-up: the secret cards shown (rect, face, what clicking it does)."""
        v = self.view
        if not v or v["phase"] not in ("choose-secret", "take-secret"):
            return []
        size = SECRET_CHOICE
        faces: list[tuple[Hashable, Action | None]] = []
        if v["secret_choice_cards"]:
            for c in range(CHARACTERS):
                faces.append((("secret", c, size), ChooseSecret(self.viewer, c) if self.acting else None))
        elif v["phase"] == "take-secret":
            for slot in range(v["secret_face_down"]):
                faces.append((("back", size, "Mamma"), TakeSecret(self.viewer, slot) if self.acting else None))
        box = self._setup_box()
        x0 = box.centerx - (len(faces) * (size[0] + 10) - 10) / 2
        return [(pygame.Rect(round(x0 + i * (size[0] + 10)), box.top + 46, *size), face, action)
                for i, (face, action) in enumerate(faces)]

    def _draw_setup(self, surface: pygame.Surface) -> None:
        """Set-up: the secret characters to choose or take, and the bus deck to study."""
        v = self.view
        phase = v["phase"]
        box = self._setup_box()
        panel(surface, box, alpha=235, border=(90, 96, 110))
        a_name = self.names[v["player_a"]]
        if phase == "choose-secret":
            title = ("You are Player A: choose a secret character" if v["player_a"] == self.viewer
                     else f"{a_name} is Player A and chooses a secret character")
        elif phase == "take-secret":
            title = f"{self.you_or_name(v['turn_seat'])}: take a face-down character card"
        else:
            title = "Everyone takes five game cards, one at a time"
        text(surface, title, (box.centerx, box.top + 12), size=18, bold=True, colour=GOLD, anchor="midtop")
        choices = self.setup_choices()
        for rect, face, action in choices:
            surface.blit(self.sprites.face(face), rect)
            if action is not None and rect.collidepoint(self.mouse):
                self._glow_rect(surface, rect, HIGHLIGHT)
        y = box.top + 40 + (SECRET_CHOICE[1] + 14 if choices else 0)
        mine = v.get("my_character")
        if mine is not None:
            text(surface, f"Your secret character: {self.box.names[mine]}. Keep it to yourself.",
                 (box.centerx, y), size=15, colour=TEXT, anchor="midtop")
            y += 24
        labels = [self.box.bus_label(c) for c in v["bus_cards"]]
        if labels:
            text(surface, "Study the bus deck, top first: " + "  ".join(labels), (box.centerx, y), size=15,
                 bold=True, colour=TEXT, anchor="midtop")
            text(surface, "It turns face down when play begins (the Grandma's bus rides depend on it).",
                 (box.centerx, y + 22), size=13, colour=TEXT_DIM, anchor="midtop")

    def _draw_drag(self, surface: pygame.Surface) -> None:
        drag = self.drag
        if drag is None or not drag.moved:
            return
        sprite = self.sprites.sprites.get(self._drag_sprite_key(drag))
        if sprite is not None:
            image = self.sprites.face(sprite.place.face)
            surface.blit(image, image.get_rect(center=(sprite.x, sprite.y)))
        trail = drag.trail
        if trail is None or self.router is None or not trail.new_steps:
            return
        cost = trail.cost(self.router)
        budget = self._budget()
        ok = cost <= budget and trail.may_end(self.router, self.view)
        label = f"{cost} mp" + ("" if cost <= budget else f" (you have {budget})")
        if cost <= budget and not trail.may_end(self.router, self.view):
            label += " · cannot stop here"
        tag = font(16, True).render(label, True, INK)
        rect = tag.get_rect(midleft=(self.mouse[0] + 22, self.mouse[1] - 22)).inflate(14, 8)
        rect.clamp_ip(TABLE_RECT)
        pygame.draw.rect(surface, LIT if ok else (240, 150, 140), rect, border_radius=10)
        pygame.draw.rect(surface, INK, rect, 1, border_radius=10)
        surface.blit(tag, tag.get_rect(center=rect.center))

    def _draw_tip(self, surface: pygame.Surface) -> None:
        if not self.tip or self.drag is not None:
            return
        width = max(font(13).size(line)[0] for line in self.tip) + 16
        rect = pygame.Rect(self.mouse[0] + 16, self.mouse[1] + 16, width, 8 + 18 * len(self.tip))
        if rect.right > TABLE_RECT.right - 4:
            rect.right = self.mouse[0] - 8
        if rect.bottom > TABLE_RECT.bottom - 4:
            rect.bottom = self.mouse[1] - 8
        panel(surface, rect, alpha=240, radius=8, border=(90, 96, 110))
        for i, line in enumerate(self.tip):
            text(surface, line, (rect.left + 8, rect.top + 4 + 18 * i), size=13, bold=i == 0, colour=TEXT)

    # -- hover information ---------------------------------------------------------------------------------
    def _tip_for(self, key: Hashable | None, pos: tuple[int, int]) -> list[str]:
        if key is None or not self.view or self.view["phase"] != "play" and key[0] not in ("card",):
            return []
        kind = key[0]
        if kind == "piece":
            return self._piece_tip(key[1])
        if kind == "panel":
            return self._piece_tip(key[1])
        if kind == "site":
            return self._site_tip(key[1])
        if kind == "card":
            return self._card_tip(key[1])
        if kind == "space":
            city = self.game.city
            space = key[1]
            extra = []
            if space == city.taxi:
                extra.append("The taxi: the Wife standing on it (or moved next to it) may ride.")
            if space in city.bus_stops:
                extra.append("A bus stop: the Grandma may try the bus from here.")
            if space in city.clubs:
                extra.append("Club spot: the next ingredients card may be put here.")
            return [f"Space {city.number(space)}"] + extra if extra else []
        if kind == "bus":
            v = self.view
            lines = [f"Bus deck: {v['bus_count']} cards, face down"]
            if v["bus_memory"]:
                lines.append("As studied and followed: " + " ".join(v["bus_memory"]))
            if v["bus_turned"]:
                lines.append("Turned so far: " + " ".join(v["bus_turned"]))
            return lines
        return []

    def _piece_tip(self, piece: int) -> list[str]:
        city = self.game.city
        if piece == SCHOOLBUS:
            return ["Schoolbus", f"First space {city.schoolbus_cost} mp, then 1 mp each.",
                    "Crossing the Wife or the Son sends them to hospital."]
        if piece > SCHOOLBUS:
            return [self.piece_name(piece), f"First space {city.traffic_costs[piece - SCHOOLBUS - 1]} mp, then 1.",
                    "Nothing may cross a traffic card."]
        ch = self.chars()[piece]
        at = ch["at"]
        where = {SEAT: "on its seat", TABLE: "at the table", BENCH: "on the bench", WC: "in the W.C.",
                 HOSPITAL: "in the hospital", CHURCH: "in the church", EXITING: "about to be placed",
                 WAITING: "waiting to be placed"}.get(at, f"on space {city.number(at)}" if isinstance(at, int) else at)
        lines = [f"{ch['name']}, age {ch['age']} · {where}"]
        money = " + ".join(str(self.box.value[c]) for c in ch["money_cards"]) or "none"
        lines.append(f"Money {ch['money']} ({money}); room for {ch['money_capacity']} cards")
        foods = [self.foods(c) + (" (sideways)" if c in ch["sideways_cards"] else "") for c in ch["ingredient_cards"]]
        lines.append("Ingredients: " + ("; ".join(foods) if foods else "none"))
        if ch["price"] is not None:
            lines.append(f"Would pay {ch['price']} for the ingredients card in the city")
        if ch["guests_card"] is not None:
            lines.append(f"Guests: {self.box.guests_value(ch['guests_card'])} vp")
        notes = {GRANDPA: "Oldest. Steals only with the Child (from school), once.",
                 SON: "Never steals; crossing the richest relative: the arcade.",
                 WIFE: "Rides the taxi; the schoolbus can run her over."}
        if piece in notes:
            lines.append(notes[piece])
        return lines

    def _site_tip(self, name: str) -> list[str]:
        return {
            "school": ["School", "Schoolbus and Grandpa both next to it at the end of a turn:",
                       "the Grandpa takes the Child (+7 vp, one theft)."],
            "bank": ["Bank", "The Grandpa stopping next to it may hold 3 money cards from then on."],
            "wc": ["W.C.", "1 mp from a space next to it; out of play for 6 turns,",
                   "then placed next to it. Never the same character twice in a row."],
            "hospital": ["Hospital", "The Wife or the Son run over by the schoolbus lies here;",
                         "the Mamma stopping next to it lets them out."],
            "bench": ["Park bench", "1 mp to sit down from a space next to it, 3 mp to get up.",
                      "Nobody can steal from whoever sits here."],
            "church": ["Church", "Where the Grandma goes when she misses the bus; 3 mp to leave.",
                       "Nobody can steal from her here."],
        }[name]

    def _card_tip(self, card: int) -> list[str]:
        box = self.box
        if card in box.ingredients:
            info = box.ingredient(card)
            lines = [", ".join(info.foods), f"Cost {info.cost} (Husband +2, Mamma -1)"]
            if info.mother_in_law:
                lines.append(f"Mother-in-Law: -{info.mother_in_law} vp")
            return lines
        if box.is_movement(card):
            return [f"Movement card: {box.value[card]} mp"]
        if box.is_money(card):
            return [f"Money card: {box.value[card]}"]
        if card in box.guests:
            return [f"Guests: {box.guests_value(card)} vp for the character who gets it"]
        return []

    # -- words ------------------------------------------------------------------------------------------------
    def status(self) -> str:
        v = self.view
        if not v:
            return ""
        if v["over"]:
            final = v["final"]
            seat = final["winners"][0] if final["winners"] else None
            if seat is None:
                return "The game is over."
            character = final["secret_characters"][seat]
            verb = "win" if seat == self.viewer else "wins"
            return (f"{self.you_or_name(seat)} {verb}: the {self.box.names[character]} scored "
                    f"{int(final['scores'][seat])} vp")
        actor = v["to_act"]
        item = v.get("pending")
        if not self.acting:
            who = self.names[actor] if actor is not None else "Nobody"
            if item is not None:
                return f"{who} decides: {v['prompt']}"
            return f"{who} is playing…"
        if item is not None:
            return v["prompt"]
        phase = v["phase"]
        if phase == "choose-secret":
            return "You are Player A: choose your secret character"
        if phase == "take-secret":
            return "Take a face-down character card: your secret character"
        if phase == "draft":
            return f"Take a game card ({len(v['hand_cards'])} of {self.box.draft})"
        turn = v["turn"]
        if turn["stage"] == "draw":
            return f"Take up to {cards(turn['draws_left'])} from the decks, then end your turn"
        if turn["stage"] == "money":
            return "Place more money or finish your turn"
        movement = v.get("movement")
        if movement is not None:
            return f"Moving {self.the(movement['piece'])}: drag it on or end its movement"
        if v["dinner"]:
            return "Dinner Hour: walk the family home to their seats (3 cards at most)"
        return "Your turn: drag a piece along the city, place money, or take cards"

    def headline(self) -> str:
        v = self.view
        if not v:
            return ""
        if v["phase"] in ("choose-secret", "take-secret", "draft"):
            return "Set-up"
        if v["over"]:
            return "Dinner is ready"
        if v["dinner"]:
            return f"Dinner Hour · {len(v['arrivals'])} at the table"
        left = len(v["ingredient_row_cards"]) + (1 if v["ingredient_space"] is not None else 0)
        return f"Shopping · {left} ingredients left"

    def plates(self) -> list[SeatPlate]:
        v = self.view
        if not v:
            return super().plates()
        out = []
        for seat in range(self.game.players):
            detail = f"{cards(v['hand_sizes'][seat])} in hand"
            if v["guests_used"][seat]:
                detail += " · Guests given"
            extra = []
            if seat == v["player_a"]:
                extra.append("Player A")
            if v["over"]:
                character = v["final"]["secret_characters"][seat]
                extra.append(f"backed the {self.box.names[character]}: {int(v['final']['scores'][seat])} vp")
            out.append(SeatPlate(detail, extra=extra))
        return out

    def log_lines(self) -> list[str]:
        return [line for e in self.view.get("events", []) if (line := self._event_line(e))]

    def _event_line(self, e: dict[str, Any]) -> str:
        what = e["what"]
        seat = e.get("seat")
        who = self.you_or_name(seat) if seat is not None else "The table"
        name = self.box.names
        if what == "set-up":
            return f"{who} {'are' if seat == self.viewer else 'is'} Player A"
        if what in ("secret-chosen", "secret-taken"):
            return f"{who} took a secret character"
        if what in ("draft", "draw"):
            return f"{who} took a {e['deck']} card"
        if what == "play-movement":
            return f"{who} played {e['mp']} mp"
        if what == "move":
            path = " > ".join(self.space_label(p) for p in e["path"][1:])
            ride = " by taxi" if e["ride"] == "taxi" else ""
            return f"{who} moved {self.the(e['piece'])}{ride} to {path}"
        if what == "wc-in":
            return f"The {name[e['character']]} went into the W.C."
        if what == "run-over":
            return f"The schoolbus ran over the {name[e['character']]}: to hospital!"
        if what == "bank":
            return "The Grandpa reached the bank: 3 money cards for him"
        if what == "taxi":
            return f"{who} called the taxi for the Wife ({e['mp']} mp)"
        if what == "bus":
            return f"{who} said {e['number']}: the bus came, the Grandma rides"
        if what == "bus-missed":
            return f"{who} said {e['number']} but bus {e['label']} came: the Grandma goes to church"
        if what == "money":
            return f"{who} placed {e['value']} money on the {name[e['character']]}"
        if what == "guests":
            return f"{who} gave the Guests ({e['vp']}) to the {name[e['character']]}"
        if what == "discard":
            return f"{who} discarded three cards"
        if what == "steal":
            return f"The {name[e['character']]} stole {_foods_of(e['label'])} from the {name[e['victim']]}"
        if what == "arcade":
            return f"The Son spent the {name[e['victim']]}'s {e['value']} money at the arcade"
        if what == "declined":
            return {"steal": f"{who} let a theft pass", "arcade": f"{who} spared the arcade",
                    "sideways": f"{who} left the cards upright"}.get(e["about"], f"{who} passed")
        if what == "buy":
            return f"The {name[e['character']]} bought {_foods_of(e['label'])} for {e['paid']}"
        if what == "ingredient-placed":
            return f"The next ingredients card went to space {self.space_label(e['space'])}"
        if what == "placed":
            verb = {"exit": "came out onto", "bus-arrival": "got off the bus at",
                    "dinner-place": "was placed on"}.get(e["about"], "was placed on")
            return f"The {name[e['character']]} {verb} space {self.space_label(e['space'])}"
        if what == "lost":
            return f"The Son lost {_foods_of(e['label'])} in the accident"
        if what == "sideways":
            return f"{who} turned {_foods_of(e['label'])} sideways"
        if what == "wc-step":
            return f"The {name[e['character']]} is in the W.C. ({e['step']} of {self.view['wc_track']})"
        if what == "child":
            return "The Grandpa took the Child from school"
        if what == "dinner":
            return f"Dinner Hour! ({e['reason']})"
        if what == "dinner-hour":
            return "The family is placed: walk them home"
        if what == "seated":
            return f"The {name[e['character']]} sat down at the table ({ORDINALS[e['place'] - 1]})"
        if what == "game-over":
            return "Dinner is ready: the game is over"
        return ""

    def summaries(self) -> list[Summary]:
        v = self.view
        out = []
        if v.get("dinner"):
            x = v["player_x"]
            closed = " (the shops closed)" if v["safeguard"] == "shopping" else ""
            out.append(Summary("dinner-hour", "The Dinner Hour", (
                f"{self.names[x]} ended the shopping{closed}.",
                "Guests cards not yet given are given now.",
                "The family is placed in the rightmost columns.",
                "Walk them home: 2 mp forward, 3 back, then 1.",
                "At most 3 cards a turn; the 4th seated ends it.")))
        if v.get("over"):
            out.append(self._score_sheet())
        return out

    def _score_sheet(self) -> Summary:
        v = self.view
        final = v["final"]
        rows: list[tuple[str, ...]] = [("Family", "Match", "Singles", "MiL", "Guests", "Money", "Bonus",
                                        "Arrival", "Total")]
        for c, b in enumerate(final["characters"]):
            rows.append((self.box.names[c], str(b["matching"]), str(b["singles"]), str(b["mother_in_law"]),
                         str(b["guests"]), str(b["money"]), str(b["character"]), str(b["arrival"]), str(b["total"])))
        backers = []
        for seat, character in enumerate(final["secret_characters"]):
            backers.append(f"{self.names[seat]}: {self.box.names[character]}")
        winner = final["winners"][0]
        title = f"{self.names[winner]} wins with the {self.box.names[final['secret_characters'][winner]]}"
        lines = ("Backed: " + " · ".join(backers), "Match: 2+ cards · MiL: Mother-in-Law")
        return Summary("game", title, lines, tuple(rows))


def _foods_of(label: str) -> str:
    """'Ingredients: fish, salami (cost 3)' -> 'fish, salami'."""
    body = label.split(": ", 1)[-1]
    return body.split(" (", 1)[0]


TABLE_VIEW = MammaView
