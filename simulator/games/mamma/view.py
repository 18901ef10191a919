"""How Mamma sits on the table, and how the mouse plays it.

The layout is in board.py (the city with column A and B on its left, the sites above and
below, a bar of buttons, the band with the hand and the decks), the card faces in
drawing.py, the scenery and the marks over it in scenery.py, every sentence in words.py.
This module is what happens under the mouse.

Pieces are dragged along the city: the trail follows the mouse, its mp cost grows beside
the cursor and every place the piece could still stop at is lit (routes.py). On the drop
the view plays movement cards until the pool covers the cost and sends one Step per place
(trail.py). A decision met on the way (a theft, the arcade, an accident) is asked in the
bar; answering it also walks the rest of the way the player dragged. Other things are
clicks: cards in the hand (select), the decks (draw), a character's panel (money, Guests),
a lit space (placements), the buttons (taxi, bus, done, end turn and the decisions).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Sequence

import pygame

from simulator.engine import Action
from simulator.ui.game_view import Cue, GameView, SeatPlate, Summary
from simulator.ui.marks import new_events
from simulator.ui.sprites import SpriteLayer
from simulator.ui.theme import GOLD, HIGHLIGHT, font

from .board import BAR, SECRET_CHOICE, Board
from .box import CHARACTERS
from .drawing import MammaArt
from .routes import Router
from .scenery import (Scenery, button_bar, cost_tag, glow_rect, hover_note, lit_places, polyline,
                      shop_marks)
from .rules import (Arcade, AssignGuests, ChooseSecret, Decline, DiscardThree, Draft, Draw,
                    EndMovement, EndTurn, Finish, LoseIngredient, MammaGame, Pay, PlaceCharacter,
                    PlaceIngredient, PlaceMoney, PlayMovement, RideBus, SeatFifth, Steal, TakeSecret,
                    TakeTaxi, TurnSideways)
from .trail import Trail, continuation, fund, reach, trail_actions
from .words import HELP, SETUP_PHASES, TableWords, cards

DRAG_THRESHOLD = 6
DECISION_KINDS = ("steal", "arcade", "lose", "exit")   # decisions met in the middle of a movement
CARD_EVENTS = {"draft", "play-movement", "draw", "money", "buy", "guests", "discard", "steal"}  # with a snap
ZOOM = 2.0  # a hovered card, site or reference card is shown this much larger beside its note
Gesture = Action | list[Action] | None


@dataclass
class Button:
    """A button of the bar: what it says and what pressing it gives the table."""

    rect: pygame.Rect
    label: str
    press: Callable[[], Gesture]
    tone: str = "plain"     # "plain", "go" (the usual next step), "warn" (a forced choice)


@dataclass
class Drag:
    """A press that may become a drag: a hand card, a piece along the city, a character to place."""

    kind: str               # "card", "piece", "place"
    key: int                # the card id, or the piece / character
    start: tuple[int, int]
    grab: tuple[float, float]
    trail: Trail | None = None
    moved: bool = False
    blocked: str | None = None   # why the piece cannot follow the mouse onto the place under it


class MammaView(GameView):
    """The city, the family's panels and seats, the hand and the decks; drag pieces along the city."""

    help_text = HELP
    game: MammaGame

    def __init__(self, game: MammaGame, names: Sequence[str]) -> None:
        super().__init__(game, names)
        self.box = game.box
        self.board = Board(game)
        self.sprites = SpriteLayer(MammaArt(game.box).render)
        self.scenery = Scenery(self.board, self.sprites.face)
        self.words = TableWords(game, self.names)
        self.router: Router | None = None
        self.buttons: list[Button] = []
        self.hint = ""
        self.hint_x = BAR.left
        self.selected: list[int] = []           # hand cards clicked (to play, discard or place)
        self.picked: int | None = None          # a piece clicked: its destinations are lit
        self.picked_waiting: int | None = None  # Dinner Hour: a character clicked, to place
        self.guests_mode = False                # the Guests button was pressed: click a character
        self.drag: Drag | None = None
        self.plan: Trail | None = None          # the way a dropped piece still has to go
        self.movable: set[int] = set()
        self.lit: dict[Any, int] = {}           # place -> total mp, for the piece picked or dragged
        self.hover_key: Hashable | None = None
        self.tip: list[str] = []
        self.mouse = (0, 0)
        self._sent: list[Action] = []
        self._hush: str | None = None
        self.seen_events: list[dict[str, Any]] | None = None

    # -- small readers ----------------------------------------------------------------------------
    @property
    def acting(self) -> bool:
        return bool(self.legal)

    def legal_of(self, kind: type) -> list[Action]:
        return [a for a in self.legal if isinstance(a, kind)]

    def pending(self) -> dict[str, Any] | None:
        return self.view.get("pending")

    def where(self, piece: int) -> Any:
        if piece < CHARACTERS:
            return self.view["characters"][piece]["at"]
        return self.view["pieces"][piece - CHARACTERS]["at"]

    def the(self, piece: int) -> str:
        return self.words.the(piece)

    # -- refresh --------------------------------------------------------------------------------------
    def refresh(self, viewer, view: dict[str, Any], legal: list[Action]) -> None:
        before = self.view
        super().refresh(viewer, view, legal)
        fresh = new_events(self.seen_events, view.get("events", []))
        self.seen_events = list(view.get("events", []))
        if before and self._went_back(before, view):
            self.last_move.clear()  # an undo: the marks were on what it took back
        elif before:
            self._mark_move(before, fresh)
        if any(e["what"] in CARD_EVENTS for e in fresh):
            self.cue(Cue.SNAP)
        if self._hush is not None and self.refusal and self.refusal[0] == view.get("prompt"):
            self.refusal = None  # the rest of a drag only waits for this decision: not a refusal
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
        if self.picked_waiting not in {a.character for a in self.legal_of(PlaceCharacter)}:
            self.picked_waiting = None
        self._light()
        self._build_buttons()
        self.hover_key = self._hover_target(self.mouse)
        self.tip = self._tip_for(self.hover_key)
        self._layout()

    def pointer_left(self) -> None:
        if self.hover_key is not None or self.tip:
            self.mouse = (-1, -1)
            self.hover_key, self.tip = None, []
            self._layout()

    def _mark_move(self, before: dict[str, Any], fresh: list[dict[str, Any]]) -> None:
        """Ring what the last action changed: pieces moved (step by step), cards placed beside a
        character or in the city, cards new in the viewer's hand, the deck another player drew from."""
        v = self.view
        was, now = self.board.whereabouts(before), self.board.whereabouts(v)
        keys: list[Hashable] = [key for key, where in now.items() if was.get(key) != where]
        if before.get("seat") == self.viewer:
            keys += [("card", c) for c in v.get("hand_cards", []) if c not in before.get("hand_cards", [])]
        keys += [("deck", e["deck"]) for e in fresh if e["what"] in ("draw", "draft") and e.get("seat") != self.viewer]
        mover = before["to_act"] if before.get("to_act") is not None else before.get("turn_seat")
        self.last_move.set(keys, self.words.who(mover, self.viewer))

    @staticmethod
    def _went_back(before: dict[str, Any], now: dict[str, Any]) -> bool:
        """Whether ``now`` is an earlier moment of the game than ``before`` (an undo): its latest
        event is older, or, with no event between them, a movement under way is shorter (the steps
        of a drag that met a decision log nothing until the movement ends)."""
        def last(v: dict[str, Any]) -> int:
            events = v.get("events") or [{}]
            return events[-1].get("seq", 0)

        if last(now) != last(before):
            return last(now) < last(before)
        was, walking = before.get("movement"), now.get("movement")
        return was is not None and (walking is None or walking["path"][:len(was["path"])] != was["path"])

    def _mark_rect(self, key: Hashable) -> pygame.Rect | None:
        if key[0] == "deck":
            return self.board.decks[key[1]]
        rect = self.sprites.bounds_of(key)
        if rect is not None and key[0] == "piece" and self.where(key[1]) in self.board.sites:
            return rect.inflate(-8, -8)  # a small token on a site: its ring hugs it, clear of the site's name
        return rect

    def _keep_plan(self) -> None:
        """Keep the dragged way while its piece is still on it (waiting for a decision)."""
        movement, plan = self.view.get("movement"), self.plan
        if (plan is None or movement is None or movement["piece"] != plan.piece or not self.acting
                or plan.path[:len(movement["path"])] != movement["path"]):
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
        if not self.acting or self.router is None or v.get("pending") is not None or v["turn"]["stage"] != "main":
            return set()
        movement = v.get("movement")
        pieces = [movement["piece"]] if movement is not None else range(self.game.pieces)
        budget = self._budget()
        return {p for p in pieces if not (p < CHARACTERS and p in v["turn"]["bought"])
                and self.router.routes(p, visited=self._walked(p), budget=budget)}

    def _walked(self, piece: int) -> list[Any]:
        movement = self.view.get("movement")
        if movement is not None and movement["piece"] == piece:
            return list(movement["path"])
        return [self.where(piece)]

    def _light(self) -> None:
        """Light the places the picked (or dragged) piece can stop at, with their total mp."""
        self.lit = {}
        trail = self.drag.trail if self.drag is not None else None
        piece = trail.piece if trail is not None else self.picked
        if piece is None or self.router is None or piece not in self.movable:
            return
        path = trail.path if trail is not None else self._walked(piece)
        spent = trail.cost(self.router) if trail is not None else 0
        if spent > self._budget():
            return
        for place, route in self.router.routes(piece, visited=path, budget=self._budget() - spent).items():
            self.lit[place] = spent + route.cost

    # -- the bar of buttons ------------------------------------------------------------------------------
    def _build_buttons(self) -> None:
        self.buttons, self.hint = [], ""
        if not self.acting:
            return
        v = self.view
        item = self.pending()
        specs: list[tuple[str, Callable[[], Gesture], str]] = []
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
            # too many cards to name: they glow beside the reference cards instead
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
        self.hint_x = x + 4

    def _decision_buttons(self, item: dict[str, Any]) -> tuple[list, str]:
        kind, me = item["kind"], self.viewer
        specs: list[tuple[str, Callable[[], Gesture], str]] = []
        hint = ""
        if kind == "steal":
            specs = [(f"Take {self.words.foods(a.card)}", self._decide(a), "go") for a in self.legal_of(Steal)]
            specs.append(("Leave them", self._decide(Decline(me)), "plain"))
        elif kind == "arcade":
            victim = item["victim"]
            top = max((self.box.value[c] for c in self.view["characters"][victim]["money_cards"]), default=0)
            specs = [(f"Spend the {self.game.piece_name(victim)}'s {top} money", self._decide(Arcade(me)), "go"),
                     ("Leave it", self._decide(Decline(me)), "plain")]
        elif kind == "buy":
            price = self.view["characters"][item["character"]]["price"] or 0
            seen: set[tuple[int, ...]] = set()
            for a in self.legal_of(Pay):
                values = tuple(sorted((self.box.value[c] for c in a.cards), reverse=True))
                if values not in seen:
                    seen.add(values)
                    lost = sum(values) - price
                    label = ("Pay " + " + ".join(map(str, values)) + (f" ({lost} lost)" if lost else "")
                             if values else "Take it for free")
                    specs.append((label, self._decide(a), "warn"))
        elif kind == "lose":
            specs = [(f"Lose {self.words.foods(a.card)}", self._decide(a), "warn") for a in self.legal_of(LoseIngredient)]
            hint = f"{item['count']} to lose"
        elif kind == "sideways":
            specs = [("Leave them upright", self._decide(Decline(me)), "plain")]
            hint = "Click an upright ingredients card beside any character to turn it sideways."
        elif kind == "fifth":
            specs = [(f"{self.game.piece_name(a.character)} sits 5th", self._decide(a), "warn")
                     for a in self.legal_of(SeatFifth)]
        elif kind == "place-ingredient":
            hint = "Click a lit club spot for the next ingredients card (it glows below)."
        elif kind in ("exit", "bus-arrival"):
            hint = f"Click a lit space for {self.the(item['character'])}."
        elif kind == "guests":
            hint = f"Click the character (left) who gets your Guests card ({self._guests_vp()})."
        elif kind == "dinner-place":
            hint = "Drag a character from the right-hand column onto a lit space (or click one, then a space)."
        return specs, hint

    def _turn_buttons(self) -> tuple[list, str]:
        v, me = self.view, self.viewer
        turn = v["turn"]
        specs: list[tuple[str, Callable[[], Gesture], str]] = []
        if turn["stage"] == "draw":
            for deck in ("movement", "money"):
                if any(a.deck == deck for a in self.legal_of(Draw)):
                    specs.append((f"Take a {deck} card", self._give(Draw(me, deck)), "go"))
            if not self.legal_of(EndTurn):  # options 3 and 4: "takes 1 game card"
                return specs, "Take your 1 card: click a deck."
            specs.append(("End turn", self._give(EndTurn(me)), "go" if not self.legal_of(Draw) else "plain"))
            return specs, f"You may take {cards(turn['draws_left'])} more (or click a deck)."
        hint = ""
        movement = v.get("movement")
        if movement is not None:
            if self.legal_of(EndMovement):
                specs.append((f"End {self.the(movement['piece'])}'s movement", self._give(EndMovement(me)), "go"))
            hint = f"Drag {self.the(movement['piece'])} on, or end the movement."
        plays = [c for c in self.selected if any(a.card == c for a in self.legal_of(PlayMovement))]
        if plays and len(plays) == len(self.selected):
            mp = sum(self.box.value[c] for c in plays)
            specs.append((f"Play {cards(len(plays))} (+{mp} mp)", self._give([PlayMovement(me, c) for c in plays]),
                          "plain"))
        if len(self.selected) == 3 and self.legal_of(DiscardThree):
            specs.append(("Discard these 3", self._give(DiscardThree(me, tuple(sorted(self.selected)))), "plain"))
        values: set[int] = set()
        for a in self.legal_of(TakeTaxi):
            value = self.box.value[a.card]
            if value not in values:
                values.add(value)
                specs.append((f"Taxi: {value} money = {value * self.game.city.taxi_multiplier} mp", self._give(a),
                              "plain"))  # (the type has no arrow)
        specs += [(f"Bus {a.number}", self._give(a), "plain") for a in self.legal_of(RideBus)]
        if self.legal_of(AssignGuests) and movement is None:
            label = "Cancel Guests" if self.guests_mode else f"Give Guests ({self._guests_vp()})"
            specs.append((label, self._toggle_guests, "plain"))
        if self.legal_of(Finish):
            allowed = self._draw_allowance()
            specs.append((f"Done: take {cards(allowed)}" if allowed else "Done", self._give(Finish(me)), "go"))
        selection = self._selection_hint(plays) if self.selected else ""  # the hint follows the selection
        if not hint:
            if self.guests_mode:
                hint = "Click the character who gets your Guests card."
            elif selection:
                hint = selection
            elif turn["stage"] == "money":
                hint = "More money or Done."
            elif self.movable:
                hint = "Drag a piece along the city."
        return specs, hint

    def _selection_hint(self, plays: list[int]) -> str:
        """What the cards selected in the hand can do now, as the buttons and panels offer it."""
        selected = self.selected
        money = any(self.box.is_money(c) and any(a.card == c for a in self.legal_of(PlaceMoney)) for c in selected)
        if len(selected) == 3 and self.legal_of(DiscardThree):
            return "Discard these 3 with the button; then you take 1 card."
        if len(selected) > 3 and self.legal_of(DiscardThree):
            return "Select exactly 3 cards to discard them (right-click lets go of all)."
        if money:
            return "Click a character's panel to place the money."
        if plays and len(plays) == len(selected):
            return "Play them, or drag a piece: they pay its way first."
        return ""

    def _draw_allowance(self) -> int:
        """Cards Done would let the player take: none played 4, one 2, more 1, within the hand limit."""
        turn = self.view["turn"]
        entitled = 4 if turn["played"] == 0 else 2 if turn["played"] == 1 else 1
        return max(0, min(entitled, self.box.hand_limit - len(self.view["hand_cards"])))

    def _guests_vp(self) -> str:
        supply = self.view.get("guests_cards", [])
        return f"{self.box.guests_value(supply[0])} vp" if supply else "none left"

    def _give(self, action: Action | list[Action]) -> Callable[[], Gesture]:
        return lambda: action

    def _decide(self, action: Action) -> Callable[[], Gesture]:
        return lambda: self._with_rest(action)

    def _with_rest(self, action: Action) -> list[Action]:
        """A decision met on the way, and then the rest of the way the player dragged."""
        item, plan, movement = self.pending(), self.plan, self.view.get("movement")
        if plan is None or movement is None or item is None or item["kind"] not in DECISION_KINDS:
            return [action]
        if isinstance(action, PlaceCharacter) and action.space == plan.end:
            self.plan = None  # someone now stands where the drag ended: the player goes on by hand
            return [action]
        return [action] + continuation(self.viewer, plan, movement["path"])

    def _toggle_guests(self) -> None:
        self.guests_mode = not self.guests_mode
        self._build_buttons()

    def _layout(self) -> None:
        if self.view:
            spots = self.board.spots(self.view, hover=self.hover_key, selected=self.selected, movable=self.movable,
                                     acting=self.acting)
            self.sprites.sync(spots, self.board.spawn_at)

    def setup_choices(self) -> list[tuple[pygame.Rect, Hashable, Action | None]]:
        """Set-up: the secret cards shown (rect, face, what clicking it does)."""
        v = self.view
        if not v or v["phase"] not in ("choose-secret", "take-secret"):
            return []
        size, me = SECRET_CHOICE, self.viewer
        faces: list[tuple[Hashable, Action | None]] = []
        if v["secret_choice_cards"]:
            faces = [(("secret", c, size), ChooseSecret(me, c) if self.acting else None) for c in range(CHARACTERS)]
        elif v["phase"] == "take-secret":
            faces = [(("back", size, "Mamma"), TakeSecret(me, slot) if self.acting else None)
                     for slot in range(v["secret_face_down"])]
        rects = self.board.setup_rects(v["phase"], len(faces))
        return [(rect, face, action) for rect, (face, action) in zip(rects, faces)]

    # -- input -------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> Gesture:
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:  # let go of every selection
            self.selected, self.picked, self.picked_waiting, self.guests_mode = [], None, None, False
            self.refresh(self.viewer, self.view, self.legal)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._remember(self._press(event.pos))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            return self._remember(self._release(event.pos))
        return None

    def _remember(self, result: Gesture) -> Gesture:
        self._sent = result if isinstance(result, list) else [result] if result is not None else []
        return result

    def refused(self, action: Action, reason: str) -> None:
        super().refused(action, reason)
        if action in self._sent[1:]:
            self._hush = reason  # perhaps only a decision met on the way; refresh will tell
        self.drag = None
        self._layout()

    def _motion(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        drag = self.drag
        if drag is None:
            self._hover_again()
            return
        drag.moved = drag.moved or math.dist(pos, drag.start) > DRAG_THRESHOLD
        if not drag.moved:
            return
        sprite = self.sprites.sprites.get(("card" if drag.kind == "card" else "piece", drag.key))
        if sprite is not None:
            sprite.x, sprite.y, sprite.t = pos[0] - drag.grab[0], pos[1] - drag.grab[1], 1.0
        if drag.trail is not None and self.router is not None:
            place = self.board.place_at(pos, drag.trail.piece)
            if place is not None and drag.trail.follow(self.router, place):
                self._light()
            drag.blocked = self._blocked(drag.trail, place)

    def _blocked(self, trail: Trail, place: Any) -> str | None:
        """Why the dragged piece cannot go onto ``place``, under the mouse (None: it is on its way
        there, or the mouse is over no place). The trail stops short of it: the cost tag says why,
        and a drop there is refused with that reason rather than walking the piece only part way."""
        if place is None or place == trail.end or self.router is None:
            return None
        return self.router.why_not(trail.piece, place, trail.path)

    def _hover_target(self, pos: tuple[int, int]) -> Hashable | None:
        """What is under the mouse, for hover lifts and hover notes (every icon has one)."""
        v, board = self.view, self.board
        if v and v["phase"] in SETUP_PHASES and board.setup_box(v["phase"]).collidepoint(pos):
            return None  # the set-up panel lies over the city
        if v:  # the badges of arrival lie over the seated tokens
            badge = next((c for c in v["arrivals"] if board.arrival_badge(c).collidepoint(pos)), None)
            if badge is not None:
                return ("arrival", badge)
        key = self.sprites.top_key_at(pos)
        if key is not None:
            return key
        character = board.panel_at(pos)
        if character is not None:
            return ("panel", character)
        place = board.place_at(pos)
        if isinstance(place, int):
            return ("space", place)
        if place is not None:
            return ("site", place)
        slot = next((i for i, rect in enumerate(board.track) if rect.collidepoint(pos)), None)
        if slot is not None:
            return ("strip", slot)
        deck = board.deck_at(pos)
        if deck is not None:
            return ("deck", deck)
        for name, rect in (("bus", board.bus), ("guests", board.guests), ("secret", board.secret)):
            if rect.collidepoint(pos):
                return (name,)
        return None

    def _press(self, pos: tuple[int, int]) -> Gesture:
        for button in self.buttons:
            if button.rect.collidepoint(pos):
                return button.press()
        if not self.acting:
            return None
        for rect, _, action in self.setup_choices():
            if action is not None and rect.collidepoint(pos):
                return action
        key = self.sprites.top_key_at(pos)
        if key is not None and key[0] == "card" and key[1] in self.view.get("hand_cards", []):
            return self._start_drag("card", key[1], pos)
        if key is not None and key[0] == "piece":
            if key[1] in self.movable:
                return self._start_drag("piece", key[1], pos)
            if any(a.character == key[1] for a in self.legal_of(PlaceCharacter)):
                return self._start_drag("place", key[1], pos)
        deck = self.board.deck_at(pos)
        if deck is not None:
            phase = self.view["phase"]
            return Draft(self.viewer, deck) if phase == "draft" else Draw(self.viewer, deck) if phase == "play" else None
        if self.board.guests.collidepoint(pos) and self.legal_of(AssignGuests) and self.pending() is None:
            return self._toggle_guests()
        if key is not None and key[0] == "card":
            for kind in (Steal, LoseIngredient, TurnSideways):  # an ingredients card beside a reference card
                for a in self.legal_of(kind):
                    if a.card == key[1]:
                        return self._with_rest(a)
        character = self.board.panel_at(pos)
        if character is not None:
            return self._panel_action(character, pos)
        return self._place_action(self.board.place_at(pos, self.picked))

    def _start_drag(self, kind: str, key: int, pos: tuple[int, int]) -> None:
        sprite = self.sprites.sprites[("card" if kind == "card" else "piece", key)]
        trail = None
        if kind == "piece":
            walked = self._walked(key)
            trail = Trail(key, list(walked), len(walked))
        self.drag = Drag(kind, key, pos, (pos[0] - sprite.x, pos[1] - sprite.y), trail)

    def _release(self, pos: tuple[int, int]) -> Gesture:
        drag, self.drag = self.drag, None
        assert drag is not None
        result: Gesture = None
        if drag.kind == "card":
            result = self._drop_card(drag, pos)
        elif not drag.moved:  # a click: pick the piece (its destinations light) or the character to place
            if drag.kind == "piece":
                self.picked = None if self.picked == drag.key else drag.key
            else:
                self.picked_waiting = drag.key
        elif drag.kind == "piece":
            blocked = self._blocked(drag.trail, self.board.place_at(pos, drag.key)) if drag.trail else None
            if not self.board.is_on_the_city(pos):  # let go off the board (or the window): no walk
                self.refusal = ("Dropped off the city: the piece stays where it was.", 4.0)
            elif blocked is not None:
                self.refusal = (blocked, 4.0)
            else:
                result = self._walk(drag.trail)
        else:
            result = self._place_action(self.board.place_at(pos), character=drag.key)
        self._light()
        self._build_buttons()
        self._layout()  # whatever was not sent springs back
        return result

    def _drop_card(self, drag: Drag, pos: tuple[int, int]) -> Gesture:
        card = drag.key
        if not drag.moved:
            if card in self.selected:
                self.selected.remove(card)
            else:
                self.selected.append(card)
            return None
        character = self.board.panel_at(pos)
        if character is not None and self.box.is_money(card):
            return self._money_action(card, character, pos)
        if self.box.is_movement(card) and pos[1] < BAR.top:
            return PlayMovement(self.viewer, card)
        return None

    def _walk(self, trail: Trail | None) -> list[Action] | None:
        """The actions that carry a piece along the dragged trail (or a reason, and nothing)."""
        if trail is None or self.router is None or not trail.new_steps:
            return None
        v = self.view
        if not trail.may_end(self.router, v):
            its = self.game.piece_pronoun(trail.piece, "possessive")
            self.refusal = (f"The {self.game.piece_name(trail.piece)} must end {its} movement on an empty space "
                            f"(or on the bench, in the W.C., or at {its} seat).", 4.0)
            return None
        cost = trail.cost(self.router)
        movement = v.get("movement")
        to_play: list[int] = []
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
            to_play = found
        self.plan = Trail(trail.piece, list(trail.path), trail.walked)
        self.selected = [c for c in self.selected if c not in to_play]
        return trail_actions(self.viewer, trail, to_play)

    def _place_action(self, place: Any, character: int | None = None) -> Gesture:
        """A click (or a drop) on a place of the city."""
        item, me = self.pending(), self.viewer
        if isinstance(place, int) and item is not None:
            if item["kind"] == "place-ingredient":
                return PlaceIngredient(me, place)
            if item["kind"] in ("exit", "bus-arrival"):
                return self._with_rest(PlaceCharacter(me, item["character"], place))
            if item["kind"] == "dinner-place":
                who = character if character is not None else self.picked_waiting
                if who is None:
                    self.refusal = ("First pick one of the characters waiting on the right.", 3.0)
                    return None
                return PlaceCharacter(me, who, place)
        if item is None and self.picked is not None and place in self.lit and self.router is not None:
            walked = self._walked(self.picked)
            route = self.router.routes(self.picked, visited=walked).get(place)
            if route is not None:
                return self._walk(Trail(self.picked, list(route.path), len(walked)))
        if self.view.get("movement") is None:
            self.picked = None
            self._light()
        return None

    def _panel_action(self, character: int, pos: tuple[int, int]) -> Gesture:
        """A click on a character's panel: the Guests card, the fifth seat, or the money selected."""
        item = self.pending()
        if (item is not None and item["kind"] == "guests") or self.guests_mode:
            self.guests_mode = False
            return AssignGuests(self.viewer, character)
        if item is not None and item["kind"] == "fifth":
            return SeatFifth(self.viewer, character)
        money = [c for c in self.selected if self.box.is_money(c)]
        return self._money_action(money[-1], character, pos) if money else None

    def _money_action(self, card: int, character: int, pos: tuple[int, int]) -> Action:
        """Place ``card`` beside ``character``: into a free place, else over the card under the mouse,
        else over the lowest card it may replace (the rules say why when none)."""
        options = [a for a in self.legal_of(PlaceMoney) if a.card == card and a.character == character]
        held = self.view["characters"][character]["money_cards"]
        key = self.sprites.top_key_at(pos, {("card", c) for c in held})  # not the card being dropped
        under = key[1] if key is not None else None
        self.selected = [c for c in self.selected if c != card]
        for a in options:
            if a.replacing in (-1, under):
                return a
        if options:
            return min(options, key=lambda a: self.box.value[a.replacing])
        return PlaceMoney(self.viewer, card, character, -1 if under is None else under)

    # -- drawing -----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        flying = self.sprites.moving
        self.sprites.update(dt)
        if flying and not self.sprites.moving and self.drag is None:
            self._hover_again()  # the cards have landed: the note is about what is under the mouse now

    def _hover_again(self) -> None:
        key = self._hover_target(self.mouse)
        if key != self.hover_key:
            self.hover_key = key
            self._layout()
        self.tip = self._tip_for(key)

    def busy(self) -> bool:
        return self.sprites.moving

    def _choosable(self, item: dict[str, Any] | None) -> set[int]:
        """The characters a click on a panel may choose now: for the Guests card, the fifth seat,
        or the money selected."""
        if (item is not None and item["kind"] == "guests") or self.guests_mode:
            return {a.character for a in self.legal_of(AssignGuests)}
        if item is not None and item["kind"] == "fifth":
            return {a.character for a in self.legal_of(SeatFifth)}
        money = [c for c in self.selected if self.box.is_money(c)]
        return {a.character for a in self.legal_of(PlaceMoney) if a.card in money}

    def draw(self, surface: pygame.Surface) -> None:
        v = self.view
        if not v:
            return
        scenery = self.scenery
        surface.blit(scenery.background(), (0, 0))
        shop_marks(surface, self.board, v)
        scenery.sites(surface, v, self.lit)
        scenery.strip(surface, v)
        item = self.pending() if self.acting else None
        scenery.panels(surface, v, choosable=self._choosable(item))
        lit_seat = self.drag.trail.piece if self.drag is not None and self.drag.trail is not None else self.picked
        scenery.seats(surface, v, lit_seat if "seat" in self.lit else None)
        placements = {a.space for a in self.legal_of(PlaceIngredient)}
        placements |= {a.space for a in self.legal_of(PlaceCharacter)
                       if self.picked_waiting is None or a.character == self.picked_waiting}
        lit_places(surface, self.board, self.lit, placements)
        self._draw_paths(surface)
        scenery.band(surface, v, self.viewer, guests_mode=self.guests_mode)
        self.sprites.draw(surface)
        scenery.arrivals(surface, v)
        self._draw_glows(surface)
        self.last_move.draw(surface, self._mark_rect)
        self._draw_bar(surface)
        if v["phase"] in SETUP_PHASES:
            scenery.setup(surface, v, self.words.setup_title(v, self.viewer), self.setup_choices(), self.mouse)
        self._draw_drag(surface)
        if self.tip and self.drag is None:
            zoom = self._zoomed(surface)
            hover_note(surface, self.mouse, self.tip, above=zoom)

    def _zoom_rect(self, key: Hashable | None) -> pygame.Rect | None:
        """The table area a hover zoom shows for ``key``: a card, a site, a reference card, a deck,
        the bus or the Guests card, a step of the strip (None: nothing worth a closer look)."""
        if key is None:
            return None
        kind, board = key[0], self.board
        if kind == "panel":
            return board.ref_rect(key[1]).union(board.tag_rect(key[1]))
        if kind == "site":
            return board.sites[key[1]]
        if kind == "strip":
            return board.track[key[1]]
        if kind in ("bus", "guests", "secret"):
            return getattr(board, kind)
        if kind in ("card", "deck"):
            return self._mark_rect(key)
        return None

    def _zoomed(self, surface: pygame.Surface) -> pygame.Surface | None:
        """The hovered thing as drawn, at twice its size (its smallest words then read 24 px)."""
        rect = self._zoom_rect(self.hover_key)
        rect = rect.clip(surface.get_rect()) if rect is not None else None
        if not rect:
            return None
        return pygame.transform.smoothscale_by(surface.subsurface(rect).copy(), ZOOM)

    def _draw_paths(self, surface: pygame.Surface) -> None:
        """The movement under way (anyone's, so bots can be followed) and the trail being dragged."""
        movement = self.view.get("movement")
        if self.drag is not None and self.drag.trail is not None and self.drag.moved:
            trail = self.drag.trail
            polyline(surface, [self.board.centre(p, trail.piece) for p in trail.path], GOLD)
        elif movement is not None:
            polyline(surface, [self.board.centre(p, movement["piece"]) for p in movement["path"]], (250, 250, 246))

    def _draw_glows(self, surface: pygame.Surface) -> None:
        """What may be clicked now: ingredients cards of a decision, the selection, the decks, the next card."""
        for kind in (Steal, LoseIngredient, TurnSideways):
            for a in self.legal_of(kind):
                rect = self.sprites.rect_of(("card", a.card))
                if rect is not None:
                    if self.sprites.sprites[("card", a.card)].angle:  # a sideways card lies across
                        rect = pygame.Rect(0, 0, rect.height, rect.width).move(rect.centerx - rect.height // 2,
                                                                              rect.centery - rect.width // 2)
                    glow_rect(surface, rect, HIGHLIGHT, 2)
        for card in self.selected:
            rect = self.sprites.rect_of(("card", card))
            if rect is not None:
                glow_rect(surface, rect, HIGHLIGHT, 3)
        row = self.view.get("ingredient_row_cards", [])
        if row and self.legal_of(PlaceIngredient):
            rect = self.sprites.rect_of(("card", row[0]))
            if rect is not None:
                glow_rect(surface, rect, HIGHLIGHT, 2)
        for deck, rect in self.board.decks.items():
            if any(getattr(a, "deck", None) == deck for a in self.legal if isinstance(a, (Draw, Draft))):
                glow_rect(surface, rect, HIGHLIGHT)
        if self.picked is not None:
            rect = self.sprites.rect_of(("piece", self.picked))
            if rect is not None:
                glow_rect(surface, rect, GOLD, 3)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        v = self.view
        chip = ""
        if v["phase"] == "play" and not v["over"]:
            movement = v.get("movement")
            riding = movement is not None and movement["ride"] == "taxi"
            chip = f"Taxi: {movement['budget']} mp left" if riding else f"Pool: {v['turn']['mp']} mp"
            if v["turn_seat"] != self.viewer and font(14, True).size(self.names[v["turn_seat"]])[0] < 60:
                chip = f"{self.names[v['turn_seat']]}: {chip[0].lower()}{chip[1:]}"  # whose turn the mp belong to
            if v["dinner"]:
                chip += f" · {v['turn']['played']}/{self.box.dinner_max_cards}"
        button_bar(surface, chip, self.buttons, self.hint, self.hint_x,
                   decision=self.acting and self.pending() is not None, mouse=self.mouse)

    def _draw_drag(self, surface: pygame.Surface) -> None:
        """The dragged sprite above everything, and beside the cursor the mp the trail costs so far."""
        drag = self.drag
        if drag is None or not drag.moved:
            return
        sprite = self.sprites.sprites.get(("card" if drag.kind == "card" else "piece", drag.key))
        if sprite is not None:
            image = self.sprites.face(sprite.place.face)
            surface.blit(image, image.get_rect(center=(sprite.x, sprite.y)))
        trail = drag.trail
        if trail is not None and drag.blocked is not None:  # it cannot follow the mouse here: why, not a cost
            reason = drag.blocked.rstrip(".")
            cost_tag(surface, self.mouse, f"Not here: {reason[0].lower()}{reason[1:]}", ok=False)
            return
        if trail is None or self.router is None or not trail.new_steps:
            return
        cost, budget = trail.cost(self.router), self._budget()
        stops = trail.may_end(self.router, self.view)
        label = f"{cost} mp" + ("" if cost <= budget else f" (you have {budget})")
        if cost <= budget and not stops:
            label += " · cannot stop here"
        cost_tag(surface, self.mouse, label, ok=cost <= budget and stops)

    def _tip_for(self, key: Hashable | None) -> list[str]:
        """What hovering over ``key`` explains: characters, pieces, sites, cards, spaces, the strip,
        the decks, the bus, the Guests, the badges of arrival and the viewer's secret character."""
        v = self.view
        if key is None or not v:
            return []
        kind, words = key[0], self.words
        if kind in ("piece", "panel"):
            return words.piece_tip(v, key[1])
        if kind == "card":
            return words.card_tip(key[1])
        tips: dict[str, Callable[[], list[str]]] = {
            "site": lambda: words.site_tip(key[1]), "space": lambda: words.space_tip(key[1]),
            "arrival": lambda: words.arrival_tip(v, key[1]), "strip": lambda: words.strip_tip(v, key[1]),
            "deck": lambda: words.deck_tip(v, key[1]), "bus": lambda: words.bus_tip(v),
            "guests": lambda: words.guests_tip(v, self.viewer), "secret": lambda: words.secret_tip(v)}
        return tips[kind]()

    # -- words ---------------------------------------------------------------------------------------------
    def status(self) -> str:
        return self.words.status(self.view, self.viewer, self.acting) if self.view else ""

    def headline(self) -> str:
        return self.words.headline(self.view) if self.view else ""

    def plates(self) -> list[SeatPlate]:
        if not self.view:
            return super().plates()
        plates = []
        for seat in range(self.game.players):
            detail, extra = self.words.plate(self.view, seat)
            plates.append(SeatPlate(detail, extra=extra))
        return plates

    def log_lines(self) -> list[str]:
        return [line for e in self.view.get("events", []) if (line := self.words.event(e, self.view, self.viewer))]

    def summaries(self) -> list[Summary]:
        v = self.view
        out = []
        if v.get("dinner"):
            out.append(Summary("dinner-hour", "The Dinner Hour", self.words.dinner_lines(v)))
        if v.get("over"):
            out.append(Summary("game", *self.words.score_sheet(v, self.viewer)))
        return out


TABLE_VIEW = MammaView
