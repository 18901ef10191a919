"""Mamma bots. They see only their seat's view (and the printed box and city)."""
from __future__ import annotations

import functools
import heapq
import random
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Sequence

from simulator.engine import Action

from .box import CHARACTERS, GRANDMA, GRANDPA, MAMMA, SON, WIFE
from .rules import (SCHOOLBUS, SEAT, TABLE, Arcade, AssignGuests, ChooseSecret, Decline,
                    DiscardThree, Draft, Draw, EndMovement, EndTurn, Finish, MammaGame,
                    PlaceIngredient, PlaceMoney, PlayMovement, RideBus, SeatFifth, Steal, Step,
                    TakeTaxi, TurnSideways)
from .reading import SecretReading
from .routes import Router
from .scoring import ingredient_points

# How much each public event says about whose secret character a character is.
EVIDENCE = {"money": 3.0, "buy": 2.0, "move": 0.5, "steal": 2.0, "taxi": 1.0, "bus": 1.0,
            "bus-missed": 1.0}
GUESTS_CONFIDENCE = 6.0   # evidence needed before spending the Guests card early


class MammaBot:
    """A good player that backs its secret character.

    Shopping: walks its character to the ingredients card when it can pay, puts every money
    card it can on its character, takes the bus with a remembered bus deck, protects its
    upright cards by discarding three, steals for its character and against likely rivals.
    Rivals are guessed from who places money on, moves and buys for which character. Dinner
    Hour: places rivals first (they get the columns farthest from home), races its character
    to its seat along the cheapest path, and names a non-rival fifth.
    """

    def __init__(self, game: MammaGame, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.last_seq = 0
        self.evidence = [[0.0] * CHARACTERS for _ in range(game.players)]
        self.bus_studied: list[str] = []  # the bus deck's order, as studied during the set-up

    # -- memory -------------------------------------------------------------------------
    def _observe(self, view: dict[str, Any]) -> None:
        if view["bus_cards"]:  # set-up: the bus deck lies face up to be studied
            self.bus_studied = [self.game.box.bus_label(c) for c in view["bus_cards"]]
        events = view["events"]
        if events and events[-1]["seq"] < self.last_seq:  # a new game with the same bot
            self.last_seq = 0
            self.evidence = [[0.0] * CHARACTERS for _ in range(self.game.players)]
        for event in events:
            if event["seq"] <= self.last_seq:
                continue
            self.last_seq = event["seq"]
            seat, what = event.get("seat"), event["what"]
            if seat is None or seat == self.seat:
                continue
            weight = EVIDENCE.get(what)
            character = event.get("character", event.get("piece"))
            if what == "taxi":
                character = WIFE
            if what in ("bus", "bus-missed"):
                character = GRANDMA
            if what == "guests":
                self.evidence[seat][event["character"]] -= 10.0
            elif weight and character is not None and 0 <= character < CHARACTERS:
                self.evidence[seat][character] += weight

    def bus_memory(self, view: dict[str, Any]) -> list[str]:
        """The bus deck's order now: the table's (option bus_memory=remembered), else as we
        studied it and followed it (every try puts two cards under); [] if we never saw it."""
        if view["bus_memory"] or not self.bus_studied:
            return view["bus_memory"]
        k = 2 * len(view["bus_turned"]) % len(self.bus_studied)
        return self.bus_studied[k:] + self.bus_studied[:k]

    def rivals(self, view: dict[str, Any]) -> dict[int, float]:
        """For each other seat, its most likely character and how sure we are."""
        mine = view["my_character"]
        out: dict[int, float] = {}
        for seat in range(self.game.players):
            if seat == self.seat:
                continue
            scores = self.evidence[seat]
            best = max((c for c in range(CHARACTERS) if c != mine), key=lambda c: scores[c])
            if scores[best] > 0:
                out[best] = max(out.get(best, 0.0), scores[best])
        return out

    # -- choosing -------------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        self._observe(view)
        if len(legal_actions) == 1:
            return legal_actions[0]
        legal = list(legal_actions)
        if view["pending"] is not None:
            return self._settle(view, legal)
        phase = view["phase"]
        if phase == "choose-secret":
            return next(a for a in legal if isinstance(a, ChooseSecret) and a.character == GRANDMA)
        if phase == "take-secret":
            return legal[int(rng.random() * len(legal))]
        if phase == "draft":
            hand = view["hand_cards"]
            want = "movement" if sum(self.game.box.is_movement(c) for c in hand) < 3 else "money"
            return _first(legal, Draft, lambda a: a.deck == want) or legal[0]
        if view["turn"]["stage"] == "draw":
            return self._draw(view, legal)
        return self._play(view, legal)

    def _draw(self, view: dict[str, Any], legal: list[Action]) -> Action:
        box = self.game.box
        mp = sum(box.value[c] for c in view["hand_cards"] if box.is_movement(c))
        want = "movement" if mp < 7 else "money"
        return (_first(legal, Draw, lambda a: a.deck == want) or _first(legal, Draw)
                or _first(legal, EndTurn) or legal[0])

    # -- pending decisions ------------------------------------------------------------------
    def _settle(self, view: dict[str, Any], legal: list[Action]) -> Action:
        item = view["pending"]
        kind = item["kind"]
        mine = view["my_character"]
        rivals = self.rivals(view)
        box = self.game.box
        if kind == "steal":
            thief, victim = item["thief"], item["victim"]
            steals = [a for a in legal if isinstance(a, Steal)]
            if victim == mine or not steals:
                return _first(legal, Decline)
            if thief == mine:
                best = max(steals, key=lambda a: self._gain(view, mine, a.card))
                return best if self._gain(view, mine, best.card) > 0 else _first(legal, Decline)
            if victim in rivals and thief not in rivals:
                return max(steals, key=lambda a: self._card_value(view, victim, a.card))
            return _first(legal, Decline)
        if kind == "arcade":
            victim = item["victim"]
            if victim in rivals and victim != mine:
                return _first(legal, Arcade)
            return _first(legal, Decline)
        if kind == "buy":
            return min(legal, key=lambda a: sum(box.value[c] for c in a.cards))
        if kind == "place-ingredient":
            here = self._where(view, mine)
            return min(legal, key=lambda a: (self._distance(here, a.space),
                                             -self._rival_distance(view, rivals, a.space)))
        if kind in ("exit", "bus-arrival"):
            character = item["character"]
            target = view["ingredient_space"]
            if target is None:
                return legal[0]
            sign = 1 if character == mine or character not in rivals else -1
            return min(legal, key=lambda a: sign * self._distance(a.space, target))
        if kind == "lose":
            def loss(a):
                return self._card_value(view, SON, a.card)
            return min(legal, key=loss) if mine == SON else max(legal, key=loss)
        if kind == "sideways":
            options = [a for a in legal if isinstance(a, TurnSideways)
                       and a.card in view["characters"][mine]["ingredient_cards"]]
            if options:
                return max(options, key=lambda a: self._card_value(view, mine, a.card))
            return _first(legal, Decline)
        if kind == "guests":
            return self._guests_target(view, legal, forced=True)
        if kind == "dinner-place":
            return self._dinner_place(view, legal, rivals)
        if kind == "fifth":
            return (_first(legal, SeatFifth, lambda a: a.character == mine)
                    or _first(legal, SeatFifth, lambda a: a.character not in rivals) or legal[0])
        return legal[0]

    def _guests_target(self, view: dict[str, Any], legal: list[Action], *, forced: bool) -> Action | None:
        mine = view["my_character"]
        rivals = self.rivals(view)
        options = [a for a in legal if isinstance(a, AssignGuests) and a.character != mine]
        if not options:
            return legal[0] if forced else None
        best = max(options, key=lambda a: (rivals.get(a.character, -1.0),
                                           self._vp_now(view, a.character)))
        if forced or rivals.get(best.character, 0.0) >= GUESTS_CONFIDENCE:
            return best
        return None

    def _dinner_place(self, view: dict[str, Any], legal: list[Action], rivals: dict[int, float]) -> Action:
        mine = view["my_character"]
        city = self.game.city
        waiting = {a.character for a in legal}
        # rivals first (they get the columns farthest from home), our own character last
        order = sorted(waiting, key=lambda c: (c == mine, -rivals.get(c, -1.0)))
        character = order[0]
        entrance = city.seat_entrances[character]
        sign = 1 if character == mine or character not in rivals else -1
        options = [a for a in legal if a.character == character]
        return min(options, key=lambda a: sign * abs(city.row(a.space) - city.row(entrance)))

    # -- a turn -----------------------------------------------------------------------------
    def _play(self, view: dict[str, Any], legal: list[Action]) -> Action:
        mine = view["my_character"]
        turn = view["turn"]
        moving = view["movement"]
        if moving is not None:
            return self._continue(view, legal, moving)
        stage = turn["stage"]
        if stage == "main":
            action = self._main(view, legal, mine)
            if action is not None:
                return action
        action = self._money(view, legal, mine)
        if action is not None:
            return action
        guests = self._guests_target(view, legal, forced=False)
        if guests is not None:
            return guests
        return _first(legal, Finish) or legal[0]

    def _main(self, view: dict[str, Any], legal: list[Action], mine: int) -> Action | None:
        me = view["characters"][mine]
        turn = view["turn"]
        if view["dinner"]:
            if me["at"] != "table":
                return self._walk(view, legal, mine, self._home_goal(mine))
            # ours is seated: end the game sooner by seating characters no rival plays
            rivals = self.rivals(view)
            for character in self._neutrals_by_distance(view, rivals):
                action = self._walk(view, legal, character, self._home_goal(character))
                if action is not None:
                    return action
            return None
        if mine in turn["bought"] or view["ingredient_space"] is None:
            return None
        price = me["price"]
        if me["money"] >= price:
            action = self._bus(view, legal, mine)
            if action is not None:
                return action
            action = self._walk(view, legal, mine, self._shop_goal(view))
            if action is None and self._shop_goal(view)(me["at"]):
                action = self._step_aside(view, legal, mine)
            if action is None:
                action = self._clear_the_shop(view, legal, mine)
            if action is not None:
                return action
            return self._cycle(view, legal)
        # not enough money yet: protect what we have; money at the end
        if turn["played"] == 0 and not turn["discarded"]:
            action = self._protect(view, legal, mine)
            if action is not None:
                return action
        if not any(self.game.box.is_money(c) for c in view["hand_cards"]):
            return self._cycle(view, legal)
        return None

    def _step_aside(self, view: dict[str, Any], legal: list[Action], mine: int) -> Action | None:
        """Already next to the card: a purchase needs a movement that stops there, so step away
        now (this movement, crossing others if need be) and come back (the next one)."""
        return self._walk(view, legal, mine, lambda node: isinstance(node, int))

    def _clear_the_shop(self, view: dict[str, Any], legal: list[Action], mine: int) -> Action | None:
        """Our character could pay but cannot reach a free space next to the card: walk another
        piece standing next to it to the nearest space that is not."""
        city = self.game.city
        shop = view["ingredient_space"]
        around = set(city.neighbours[shop])
        for piece in range(self.game.pieces):
            if piece != mine and self._where_piece(view, piece) in around:
                action = self._walk(view, legal, piece, lambda node: isinstance(node, int) and node not in around)
                if action is not None:
                    return action
        return None

    def _cycle(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """A full hand and nothing played: discard three so the cards keep moving."""
        turn = view["turn"]
        if turn["played"] or turn["discarded"] or len(view["hand_cards"]) < self.game.box.hand_limit:
            return None
        box = self.game.box
        discards = [a for a in legal if isinstance(a, DiscardThree)]
        return min(discards, key=lambda a: sum(box.value[c] for c in a.cards)) if discards else None

    def _protect(self, view: dict[str, Any], legal: list[Action], mine: int) -> Action | None:
        """Discard three (the least useful) to turn our best upright card sideways."""
        me = view["characters"][mine]
        upright = [c for c in me["ingredient_cards"] if c not in me["sideways_cards"]]
        if not upright or len(view["hand_cards"]) < 5:
            return None
        if max(self._card_value(view, mine, c) for c in upright) < 2:
            return None
        box = self.game.box
        discards = [a for a in legal if isinstance(a, DiscardThree)]
        if not discards:
            return None
        return min(discards, key=lambda a: sum(box.value[c] for c in a.cards))

    def _bus(self, view: dict[str, Any], legal: list[Action], mine: int) -> Action | None:
        """The Grandma rides when the remembered top card makes it a sure thing and it helps."""
        memory = self.bus_memory(view)
        if mine != GRANDMA or not memory:
            return None
        rides = [a for a in legal if isinstance(a, RideBus)]
        if not rides:
            return None
        here = view["characters"][GRANDMA]["at"]
        target = view["ingredient_space"]
        stops = self.game.city.bus_stops
        near = min(stops, key=lambda s: self._distance(here, s))
        other = stops[1] if near == stops[0] else stops[0]
        if self._distance(other, target) + 2 >= self._distance(here, target):
            return None
        return _first(rides, RideBus, lambda a: a.number == memory[0])

    def _money(self, view: dict[str, Any], legal: list[Action], mine: int) -> Action | None:
        box = self.game.box
        if view["characters"][mine]["at"] == "table":
            return None
        if view["dinner"] and view["turn"]["played"] >= 2:
            return None  # keep the Dinner Hour's three cards for walking home first
        options = [a for a in legal if isinstance(a, PlaceMoney) and a.character == mine]
        if not options:
            return None
        return max(options, key=lambda a: box.value[a.card]
                   - (box.value[a.replacing] if a.replacing != -1 else 0))

    # -- walking ------------------------------------------------------------------------------
    def _shop_goal(self, view: dict[str, Any]):
        target = view["ingredient_space"]
        return lambda node: isinstance(node, int) and target in self.game.city.neighbours[node]

    def _home_goal(self, mine: int):
        return lambda node: node == SEAT

    def _neutrals_by_distance(self, view: dict[str, Any], rivals: dict[int, float]) -> list[int]:
        city = self.game.city
        out = []
        for ch in view["characters"]:
            c = ch["character"]
            if c in rivals or c == view["my_character"] or not isinstance(ch["at"], int):
                continue
            out.append((city.distance(ch["at"], city.seat_entrances[c]), c))
        return [c for _, c in sorted(out)]

    def _walk(self, view: dict[str, Any], legal: list[Action], piece: int, goal) -> Action | None:
        """Start (or fund) a movement of ``piece`` along the cheapest path to ``goal``."""
        path, cost = self._path(view, piece, goal, visited=())
        if path is None or len(path) < 2:
            return None
        mp = view["turn"]["mp"]
        box = self.game.box
        if cost <= mp:
            return _first(legal, Step, lambda a: a.piece == piece and a.to == path[1])
        hand = sorted((c for c in view["hand_cards"] if box.is_movement(c)),
                      key=lambda c: -box.value[c])
        room = len(hand)
        if view["dinner"]:
            room = min(room, box.dinner_max_cards - view["turn"]["played"])
        if room <= 0 or not any(isinstance(a, PlayMovement) for a in legal):
            return self._partial(view, legal, piece, path, mp) if mp else None
        needed = cost - mp
        best = None
        for size in range(1, room + 1):
            for combo in combinations(hand, size):
                total = sum(box.value[c] for c in combo)
                if total >= needed and (best is None or (size, total) < best[0]):
                    best = ((size, total), combo)
            if best is not None:
                break
        if best is not None:
            card = max(best[1], key=lambda c: box.value[c])
        elif view["dinner"] or len(hand) >= 3:
            card = hand[0]  # cannot make it this turn: come as close as we can
        else:
            return self._partial(view, legal, piece, path, mp) if mp else None
        return _first(legal, PlayMovement, lambda a: a.card == card)

    def _partial(self, view, legal, piece, path, mp) -> Action | None:
        """Walk part of the way with the mp there are."""
        if mp <= 0:
            return None
        return _first(legal, Step, lambda a: a.piece == piece and a.to == path[1])

    def _continue(self, view: dict[str, Any], legal: list[Action], moving: dict[str, Any]) -> Action:
        """Go on along the cheapest path; fund it if we can; stop on the goal or when spent."""
        piece = moving["piece"]
        mine = view["my_character"]
        here = moving["path"][-1]
        goal = None
        if view["dinner"] and piece < CHARACTERS:
            goal = self._home_goal(piece)
        elif piece == mine and view["ingredient_space"] is not None:
            goal = self._shop_goal(view)
        if goal is not None:
            if goal(here) and self._empty(view, here, piece):
                end = _first(legal, EndMovement)
                if end is not None:
                    return end
            path, cost = self._path(view, piece, goal, visited=moving["path"])
            if path is not None and len(path) >= 2:
                if cost > moving["budget"] and moving["ride"] == "cards":
                    play = self._walk_fund(view, legal, cost - moving["budget"])
                    if play is not None:
                        return play
                step = _first(legal, Step, lambda a: a.piece == piece and a.to == path[1])
                if step is not None:
                    return step
        end = _first(legal, EndMovement)
        if end is not None:
            return end
        steps = [a for a in legal if isinstance(a, Step)]
        return steps[0] if steps else legal[0]

    def _walk_fund(self, view: dict[str, Any], legal: list[Action], needed: int) -> Action | None:
        box = self.game.box
        plays = [a for a in legal if isinstance(a, PlayMovement)]
        if not plays:
            return None
        fitting = [a for a in plays if box.value[a.card] >= needed]
        if fitting:
            return min(fitting, key=lambda a: box.value[a.card])
        return max(plays, key=lambda a: box.value[a.card])

    def _path(self, view: dict[str, Any], piece: int, goal, *, visited) -> tuple[list | None, int]:
        """Cheapest path from ``piece``'s place to a stop where ``goal`` holds (see routes)."""
        route = Router(self.game, view).cheapest(piece, goal, visited=visited)
        if route is None:
            return None, 0
        path = list(route.path[len(visited) - 1:]) if visited else list(route.path)
        return path, route.cost

    # -- small estimates -------------------------------------------------------------------------
    def _taken(self, view: dict[str, Any], piece: int) -> dict[int, int]:
        taken = {}
        for ch in view["characters"]:
            if isinstance(ch["at"], int) and ch["character"] != piece:
                taken[ch["at"]] = ch["character"]
        for p in view["pieces"]:
            if isinstance(p["at"], int) and p["piece"] != piece:
                taken[p["at"]] = p["piece"]
        return taken

    def _empty(self, view: dict[str, Any], node, piece: int) -> bool:
        return node == SEAT or (isinstance(node, int) and node not in self._taken(view, piece))

    def _where(self, view: dict[str, Any], character: int):
        return view["characters"][character]["at"]

    def _where_piece(self, view: dict[str, Any], piece: int):
        """Where a character, the schoolbus or a traffic card stands."""
        if piece < CHARACTERS:
            return self._where(view, piece)
        return view["pieces"][piece - CHARACTERS]["at"]

    def _distance(self, a, b) -> int:
        city = self.game.city
        if isinstance(a, int) and isinstance(b, int):
            return city.distance(a, b)
        return city.columns + city.rows

    def _rival_distance(self, view: dict[str, Any], rivals: dict[int, float], space: int) -> int:
        if not rivals:
            return 0
        return min(self._distance(self._where(view, c), space) for c in rivals)

    def _vp_now(self, view: dict[str, Any], character: int) -> float:
        me = view["characters"][character]
        m, s, mil = ingredient_points(self.game.box, me["ingredient_cards"])
        bonus = self.game.box.bonus_vp[character]
        return m + s + mil + me["money"] + bonus

    def _card_value(self, view: dict[str, Any], character: int, card: int) -> float:
        cards = view["characters"][character]["ingredient_cards"]
        rest = [c for c in cards if c != card]
        return sum(ingredient_points(self.game.box, cards)) - sum(ingredient_points(self.game.box, rest))

    def _gain(self, view: dict[str, Any], character: int, card: int) -> float:
        """vp ``character`` gains by receiving ``card``."""
        cards = view["characters"][character]["ingredient_cards"]
        box = self.game.box
        return sum(ingredient_points(box, [*cards, card])) - sum(ingredient_points(box, cards))


def _first(actions: Sequence[Action], kind: type, test=None):
    for a in actions:
        if isinstance(a, kind) and (test is None or test(a)):
            return a
    return None


# ---------------------------------------------------------------------------------------
# The expert
# ---------------------------------------------------------------------------------------
EXPERT_SECRET = WIFE  # Player A's pick: she robs four older relatives, and only the
                      # Grandpa with the Child can rob her (measured best, see RULES.md)
GUESTS_SURE = 0.75    # how sure the reading must be before the Guests card goes out early


@dataclass(frozen=True)
class Plan:
    """One movement worth making: ``piece`` along ``path`` for ``cost`` mp from the pool,
    worth ``value`` vp (``fare``: the Wife's money card paying a taxi ride instead)."""

    piece: int
    path: tuple
    cost: int
    value: float
    why: str
    fare: int | None = None


class ExpertBot(MammaBot):
    """A thoughtful player: each turn it weighs every movement it could make by the vp it wins.

    Shopping: its character buys a card only when the card is worth its price (sets it could
    grow, a rival kept from it); it walks rivals into buying cards bad for them, steals on
    purpose (with its character, or with another to rob a likely rival), runs a rival's Wife or
    Son over with the schoolbus, rides the taxi (Wife) and the bus (Grandma), goes for the Child
    and the bank (Grandpa), frees its character from the hospital with the Mamma, turns a card
    sideways when a thief can reach it, and places each new ingredients card where it suits it.
    Rivals are read with a Bayesian tally (:mod:`.reading`); the Guests card goes early to the
    likeliest rival. Cards are drawn by the face-up tops and kept for the Dinner Hour as it
    nears. Dinner Hour: the cheapest way home with three cards (stealing on the way, keeping
    clear of thieves, a card for money when the walk loses little), a blocked seat cleared; once
    seated, traffic cards shut rivals' seats. Tunable weights are class attributes.
    """

    mp_vp = 0.3               # one mp from the hand, in vp (cards are scarce)
    money_spent_vp = 0.3      # one money point paid out, in vp, while it can still be replaced
    harm_share = 0.8          # a vp taken from a likely rival, against a vp of our own
    promise_vp = 0.15         # per (food, card still to come) pair, scaled by the set it grows
    denial_share = 0.5        # share of a card's worth to a rival we count for buying it first
    advance_share = 0.5       # a step toward a shop out of reach, against buying there now
    progress_vp = 1.0         # a purchase while we lead: dinner comes closer
    stall_rounds = 3          # rounds without a purchase before any purchase gains worth ...
    stall_vp = 1.0            # ... this much more for each further round (no endless shopping)
    late_mp_factor = 5.0      # mp dearer when the last card is in the city (kept for dinner)
    child_vp = 10.0           # the Grandpa with the Child: +4 vp, one theft
    bus_miss_vp = 3.0         # the Grandma in the church: the turn's cards lost, 3 mp to leave
    block_vp = 2.5            # Dinner Hour: what a rival kept from its seat loses
    dinner_money_mp = 1.5     # Dinner Hour: mp of the walk given up to place a money card
    guard_vp = 2.0            # a shopping turn spent turning a card sideways
    guard_dinner_vp = 3.0     # ... a Dinner Hour turn (it costs a turn of the race)
    draw_mp_vp = 0.4          # an mp drawn, in vp (doubled near the Dinner Hour)
    dinner_theft_share = 0.2  # chance a thief on its way home robs us where we stop

    def __init__(self, game: MammaGame, seat: int) -> None:
        super().__init__(game, seat)
        self.reading = SecretReading(game.players, seat)
        self.route: Plan | None = None  # the movement under way
        self.slots_turn = -1            # the Dinner Hour turn ``move_slots`` was decided for
        self.move_slots = 0
        self.last_buy = (0, 0)          # (event seq, turn number) of the latest purchase seen

    # -- reading the rivals -------------------------------------------------------------
    def _observe(self, view: dict[str, Any]) -> None:
        super()._observe(view)
        self.reading.observe(view, self.game.box, self.game.city)
        events = view["events"]
        if events and events[-1]["seq"] < self.last_buy[0]:  # a new game with the same bot
            self.last_buy = (0, 0)
        for k, e in enumerate(events):
            if e["what"] == "buy" and e["seq"] > self.last_buy[0]:
                turns_since = sum(1 for later in events[k + 1:] if later["what"] == "end-turn")
                self.last_buy = (e["seq"], view["turn"]["number"] - turns_since)

    def _stall(self, view: dict[str, Any]) -> float:
        """vp any purchase gains for moving the game on, growing with each round that passes
        without one past ``stall_rounds``: a position that repeats without gain is worth less
        than one that buys."""
        rounds = (view["turn"]["number"] - self.last_buy[1]) / self.game.players
        return self.stall_vp * max(0.0, rounds - self.stall_rounds)

    def rivals(self, view: dict[str, Any]) -> dict[int, float]:
        """Characters some rival likely plays, with 10 x that probability (the good bot's scale)."""
        mine = view["my_character"]
        weight = self.reading.rival_weight(mine)
        return {c: 10.0 * w for c, w in enumerate(weight) if w >= 0.3 and c != mine}

    def _weights(self, view: dict[str, Any]) -> list[float]:
        """Per character: the probability that a rival plays it."""
        return self.reading.rival_weight(view["my_character"])

    # -- top level ----------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        if view["phase"] == "choose-secret":
            return next(a for a in legal_actions if isinstance(a, ChooseSecret)
                        and a.character == EXPERT_SECRET)
        return super().choose(view, legal_actions, rng)

    def _main(self, view: dict[str, Any], legal: list[Action], mine: int) -> Action | None:
        turn = view["turn"]
        fresh = turn["played"] == 0 and not turn["discarded"] and turn["mp"] == 0
        guard = self._guard(view, mine) if fresh else 0.0
        if view["dinner"]:
            return self._dinner_turn(view, legal, mine, guard)
        if view["ingredient_space"] is not None:
            action = self._bus_ride(view, legal, mine)
            if action is not None:
                return action
            plans = self._plans(view, mine)
            if plans:
                price = self._mp_price(view)
                best = max(plans, key=lambda p: p.value - price * max(0, p.cost - turn["mp"]))
                net = best.value - price * max(0, best.cost - turn["mp"])
                if net > 0 and net >= guard - self.guard_vp:
                    action = self._pursue(view, legal, best)
                    if action is not None:
                        return action
        if guard > self.guard_vp:
            action = self._protect_now(legal)
            if action is not None:
                return action
        if view["ingredient_space"] is not None and self._stall(view) > 0:
            action = self._unstick(view, legal, mine)
            if action is not None:
                return action
        if not any(self.game.box.is_money(c) for c in view["hand_cards"]):
            return self._cycle(view, legal)
        return None

    def _unstick(self, view: dict[str, Any], legal: list[Action], mine: int) -> Action | None:
        """The shopping has stalled and no movement is worth making: make a purchase possible.
        A money card goes to a character it lets pay for the card (ours first, then the one we
        least mind having it); else a full hand discards three so that new cards come."""
        box = self.game.box
        weights = self._weights(view)
        enabling = []
        for a in legal:
            if not isinstance(a, PlaceMoney):
                continue
            ch = view["characters"][a.character]
            added = box.value[a.card] - (box.value[a.replacing] if a.replacing != -1 else 0)
            if ch["price"] is not None and ch["money"] < ch["price"] <= ch["money"] + added:
                enabling.append(a)
        if enabling:
            return min(enabling, key=lambda a: (a.character != mine, weights[a.character]))
        return self._cycle(view, legal)

    def _draw(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Take the face-up top worth more vp to us: money by what it would add to our
        character's money in the end (and to paying), movement by its mp (worth more when the
        hand is short of them, and near the Dinner Hour)."""
        box = self.game.box
        draws = {a.deck: a for a in legal if isinstance(a, Draw)}
        if not draws:
            return _first(legal, EndTurn) or legal[0]
        mp = sum(box.value[c] for c in view["hand_cards"] if box.is_movement(c))
        late = view["dinner"] or len(view["ingredient_row_cards"]) <= 1
        score = {}
        if "movement" in draws:
            unit = self.draw_mp_vp * (2.0 if late else 1.0)
            if mp >= (12 if late else 8):
                unit *= 0.3
            score["movement"] = unit * box.value[view["movement_top_card"]]
        if "money" in draws:
            score["money"] = self._money_draw_value(view, box.value[view["money_top_card"]])
        return draws[max(score, key=lambda d: score[d])]

    def _money_draw_value(self, view: dict[str, Any], value: int) -> float:
        """vp a money card of ``value`` would bring: a better final sum beside our character
        (none once it is seated), and help paying for the next purchase."""
        box = self.game.box
        me = view["characters"][view["my_character"]]
        if me["at"] == TABLE:
            return 0.0
        held = [box.value[c] for c in me["money_cards"]]
        cash = [box.value[c] for c in view["hand_cards"] if box.is_money(c)]
        slots = me["money_capacity"]

        def best(values: list[int]) -> int:
            return sum(sorted(values, reverse=True)[:slots])

        gain = float(best(held + cash + [value]) - best(held + cash))
        need = (me["price"] if me["price"] is not None else 2) + 1
        if not view["dinner"] and me["money"] + sum(cash) < need:
            gain += 0.5 * value
        return gain

    def _money(self, view: dict[str, Any], legal: list[Action], mine: int) -> Action | None:
        """Money on our character (it is vp); in the Dinner Hour only a real gain."""
        box = self.game.box
        if view["characters"][mine]["at"] == TABLE:
            return None
        options = [a for a in legal if isinstance(a, PlaceMoney) and a.character == mine]
        if not options:
            return None

        def gain(a: PlaceMoney) -> int:
            return box.value[a.card] - (box.value[a.replacing] if a.replacing != -1 else 0)

        best = max(options, key=gain)
        return None if view["dinner"] and gain(best) < 1 else best

    # -- shopping: the movements worth making --------------------------------------------
    def _plans(self, view: dict[str, Any], mine: int) -> list[Plan]:
        """Every movement worth considering this turn, with its value in vp."""
        router = Router(self.game, view)
        room = self._available_mp(view)
        plans = self._shop_plans(view, router, mine, room)
        for thief in range(CHARACTERS):
            plans += self._steal_plans(view, router, thief, room)
        plans += self._schoolbus_plans(view, router, mine, room)
        plans += self._rescue_plans(view, router, mine, room)
        plans += self._taxi_plans(view, router, mine)
        plans += self._grandpa_plans(view, router, mine, room)
        return plans

    def _shop_plans(self, view: dict[str, Any], router: Router, mine: int, room: int) -> list[Plan]:
        """Our character buys; or we walk another into buying (a bad card for a rival)."""
        card = self._ingredient_card(view)
        shop = view["ingredient_space"]
        city = self.game.city
        weights = self._weights(view)
        next_card = view["ingredient_row_cards"][0] if view["ingredient_row_cards"] else None
        # whoever buys, we place the next card: worth something if it suits us
        placing = 0.3 * max(0.0, self._gain(view, mine, next_card)) if next_card is not None else 0.0
        if self._standing(view) > 0:  # ahead: the end comes closer (the last card ends shopping)
            placing += self.progress_vp * (1 if view["ingredient_row_cards"] else 4)
        placing += self._stall(view)
        plans: list[Plan] = []
        for piece in range(CHARACTERS):
            if not self._can_move(view, piece):
                continue
            buy = self._buy_value(view, piece, card)
            if buy is None:  # cannot pay: walking there buys nothing
                if piece == mine:
                    plans += self._approach(view, router, mine, shop, card, room)
                continue
            if piece == mine:
                value = buy + placing + self._denial(view, card, mine)
            else:  # what that character's player loses by the purchase
                value = -self.harm_share * weights[piece] * buy + placing
                if weights[piece] < 0.2 and buy > 0:
                    value -= 0.5  # do not feed a character we cannot place
            if value <= 0:
                continue
            ends = [r for end, r in router.routes(piece, budget=room).items()
                    if isinstance(end, int) and shop in city.neighbours[end]]
            if ends:
                route = min(ends, key=lambda r: (r.cost, len(r.path)))
                plans.append(Plan(piece, route.path, route.cost, value, "buy" if piece == mine else "make-buy"))
            elif piece == mine:
                if self._walled_in(router, mine, shop):
                    plans += self._unblock(view, router, mine, shop, 0.5 * value, room)
                elif not self._contested(view, mine):
                    plans += self._advance(router, mine, shop, self.advance_share * value, room)
        return plans

    def _approach(self, view: dict[str, Any], router: Router, mine: int, shop: int, card: int,
                  room: int) -> list[Plan]:
        """Money comes at the end of the turn: walk now to two steps from the shop."""
        box, city = self.game.box, self.game.city
        me = view["characters"][mine]
        if me["price"] is None or view["turn"]["stage"] != "main":
            return []
        best = [box.value[c] for c in me["money_cards"]]
        for v in sorted((box.value[c] for c in view["hand_cards"] if box.is_money(c)), reverse=True):
            if len(best) < me["money_capacity"]:  # the money we could hold by the turn's end
                best.append(v)
            elif best and min(best) < v:
                best.remove(min(best))
                best.append(v)
        if sum(best) < me["price"]:
            return []
        worth = self._worth(view, mine, card) - self._money_price(view) * me["price"]
        value = 0.5 * (worth + self._denial(view, card, mine))
        here = me["at"]
        now = self._shop_cost(mine, here, shop) if isinstance(here, int) or here == SEAT else 99
        if value <= 0 or now <= 1:
            return []
        ends = [r for end, r in router.routes(mine, budget=min(room, now)).items()
                if isinstance(end, int) and city.distance(end, shop) == 2]
        if not ends:
            return []
        route = min(ends, key=lambda r: (r.cost, len(r.path)))
        return [Plan(mine, route.path, route.cost, value, "approach")]

    def _advance(self, router: Router, mine: int, shop: int, value: float, room: int) -> list[Plan]:
        """The shop is out of reach this turn (and no rival can get there): go as far along
        the way as the hand allows."""
        city = self.game.city
        ends = [r for end, r in router.routes(mine).items()
                if isinstance(end, int) and shop in city.neighbours[end]]
        if not ends:
            return []
        route = min(ends, key=lambda r: (r.cost, len(r.path)))
        reachable = router.routes(mine, budget=room)
        for k in range(len(route.path) - 1, 0, -1):
            stop = route.path[k]
            if stop in reachable and reachable[stop].path == route.path[:k + 1]:
                return [Plan(mine, reachable[stop].path, reachable[stop].cost, value, "advance")]
        return []

    def _walled_in(self, router: Router, mine: int, shop: int) -> bool:
        """No amount of mp would bring our character next to the shop."""
        city = self.game.city
        return not any(isinstance(end, int) and shop in city.neighbours[end]
                       for end in router.routes(mine))

    def _unblock(self, view: dict[str, Any], router: Router, mine: int, shop: int, value: float,
                 room: int) -> list[Plan]:
        """Every space next to the shop is taken: move one of the others out of the way, or,
        if ours stands there, step it aside (a purchase needs a movement that ends there: the
        next one comes back)."""
        city = self.game.city
        out = []
        for piece in range(self.game.pieces):
            if not self._can_move(view, piece):
                continue
            at = router.location(piece)
            if not isinstance(at, int) or shop not in city.neighbours[at]:
                continue
            ends = [r for end, r in router.routes(piece, budget=room).items()
                    if (isinstance(end, int) if piece == mine
                        else not (isinstance(end, int) and shop in city.neighbours[end]))]
            if ends:
                route = min(ends, key=lambda r: (r.cost, len(r.path)))
                out.append(Plan(piece, route.path, route.cost, value, "step-aside" if piece == mine else "unblock"))
        return out

    def _steal_plans(self, view: dict[str, Any], router: Router, thief: int, room: int, *,
                     home: bool = False) -> list[Plan]:
        """``thief`` crosses an older character to take its best upright card: for our
        character, or (another thief) only to rob a likely rival. ``home``: then as near the
        thief's seat as it gets (Dinner Hour)."""
        box = self.game.box
        mine = view["my_character"]
        if thief == SON or not self._can_move(view, thief):
            return []
        if thief == GRANDPA and (not view["grandpa_child"] or view["child_steal_used"]):
            return []
        plans = []
        for ch in view["characters"]:
            victim = ch["character"]
            if victim in (mine, thief) or not isinstance(ch["at"], int):
                continue
            if thief != GRANDPA and box.ages[victim] <= box.ages[thief]:
                continue
            upright = [c for c in ch["ingredient_cards"] if c not in ch["sideways_cards"]
                       and not (thief == GRANDPA and box.ingredient(c).mother_in_law)]
            if not upright:
                continue
            take = max(self._steal_worth(view, thief, victim, c) for c in upright)
            if take <= 0.5:
                continue
            path, cost = self._through(router, thief, ch["at"], room)
            if path is None:
                continue
            plan = self._finish_after(view, router, thief, path, cost, room, take, "steal", home=home)
            if plan is not None:
                plans.append(plan)
        return plans

    def _finish_after(self, view: dict[str, Any], router: Router, piece: int, path: tuple, cost: int,
                      room: int, value: float, why: str, *, home: bool = False) -> Plan | None:
        """Carry on from ``path`` to the best stop: the cheapest (buying on the way only if it
        pays), or with ``home`` the one nearest the seat (whose distance the caller weighs)."""
        city = self.game.city
        shop = view["ingredient_space"]
        card = self._ingredient_card(view)
        buy = self._buy_value(view, piece, card) if piece < CHARACTERS and card is not None else None
        best = None
        for end, route in router.routes(piece, visited=path, budget=room - cost).items():
            extra = 0.0
            if buy is not None and isinstance(end, int) and shop in city.neighbours[end]:
                extra = buy if piece == view["my_character"] else -1.0
            if home:
                rank = -self._left_home(piece, end) - 0.01 * route.cost
            else:
                rank = extra - self.mp_vp * route.cost
            if best is None or rank > best[0]:
                best = (rank, route, extra)
        if best is None:
            return None
        _, route, extra = best
        return Plan(piece, route.path, route.cost + cost, value + extra, why)

    def _through(self, router: Router, piece: int, target: int, room: int, *,
                 avoid: set | frozenset = frozenset()) -> tuple[tuple | None, int]:
        """The cheapest path of ``piece`` onto the (occupied) space ``target`` within ``room``
        mp, not crossing the spaces in ``avoid``; (None, 0) if there is none."""
        start = router.location(piece)
        if not (isinstance(start, int) or start in (SEAT, "bench", "church")):
            return None, 0
        best = {start: 0}
        queue = [(0, 0, start, (start,))]
        counter = 0
        while queue:
            spent, _, node, path = heapq.heappop(queue)
            if node == target:
                return path, spent
            if spent > best.get(node, 1 << 30):
                continue
            for nxt in router.next_places(piece, node):
                if nxt in path or nxt in ("bench", "wc", SEAT) or nxt in avoid:
                    continue
                cost = spent + router.step_cost(piece, node, nxt, len(path) == 1)
                if cost > room or cost >= best.get(nxt, 1 << 30):
                    continue
                best[nxt] = cost
                counter += 1
                heapq.heappush(queue, (cost, counter, nxt, path + (nxt,)))
        return None, 0

    def _schoolbus_plans(self, view: dict[str, Any], router: Router, mine: int, room: int) -> list[Plan]:
        """Run over a rival's Wife or Son: the hospital keeps them from shopping (and stealing)."""
        if not self._can_move(view, SCHOOLBUS):
            return []
        weights = self._weights(view)
        avoid = {view["characters"][c]["at"] for c in (WIFE, SON) if c == mine}
        plans = []
        for victim in (WIFE, SON):
            ch = view["characters"][victim]
            if victim == mine or weights[victim] < 0.3 or not isinstance(ch["at"], int):
                continue
            loss = self._menace(view, victim)
            if victim == SON:  # and he loses half his upright cards
                upright = [c for c in ch["ingredient_cards"] if c not in ch["sideways_cards"]]
                values = sorted(self._card_value(view, SON, c) for c in upright)
                loss += sum(values[:len(upright) // 2])
            path, cost = self._through(router, SCHOOLBUS, ch["at"], room, avoid=avoid)
            if path is not None:
                plans.append(Plan(SCHOOLBUS, path, cost, self.harm_share * weights[victim] * loss, "run-over"))
        return plans

    def _rescue_plans(self, view: dict[str, Any], router: Router, mine: int, room: int) -> list[Plan]:
        """Our character lies in the hospital: the Mamma stopping next to it lets it out."""
        if view["characters"][mine]["at"] != "hospital" or not self._can_move(view, MAMMA):
            return []
        beside = set(self.game.city.next_to_site("hospital"))
        ends = [r for end, r in router.routes(MAMMA, budget=room).items() if end in beside]
        if not ends:
            return []
        route = min(ends, key=lambda r: (r.cost, len(r.path)))
        return [Plan(MAMMA, route.path, route.cost, self._menace(view, mine) + 1.0, "rescue")]

    def _taxi_plans(self, view: dict[str, Any], router: Router, mine: int) -> list[Plan]:
        """Our Wife at the taxi: a money card buys 3 mp a point for a ride to the shop or to a
        theft (worth it when that money is not needed to pay)."""
        if mine != WIFE or not self._may_take_taxi(view):
            return []
        box, city = self.game.box, self.game.city
        shop = view["ingredient_space"]
        card = self._ingredient_card(view)
        price = self._money_price(view)
        plans = []
        for fare in sorted(set(view["characters"][WIFE]["money_cards"]), key=lambda c: box.value[c]):
            budget = box.value[fare] * city.taxi_multiplier
            fare_vp = price * box.value[fare]
            paid = self._paid(view, WIFE, without=fare)
            if card is not None and paid is not None:
                value = (self._worth(view, WIFE, card) - price * paid + self._denial(view, card, WIFE)
                         - fare_vp)
                ends = [r for end, r in router.routes(WIFE, budget=budget).items()
                        if isinstance(end, int) and shop in city.neighbours[end]]
                if ends and value > 0:
                    route = min(ends, key=lambda r: (r.cost, len(r.path)))
                    plans.append(Plan(WIFE, route.path, 0, value, "taxi-buy", fare))
            for steal in self._steal_plans(view, router, WIFE, budget):
                if steal.value > fare_vp:
                    plans.append(Plan(WIFE, steal.path, 0, steal.value - fare_vp, "taxi-steal", fare))
        return plans

    def _may_take_taxi(self, view: dict[str, Any]) -> bool:
        """The Wife may ride now: on the taxi, or moved next to it this turn (or by option)."""
        turn = view["turn"]
        at = view["characters"][WIFE]["at"]
        if turn["taxi_used"] or turn["stage"] != "main" or not isinstance(at, int):
            return False
        if not self._can_move(view, WIFE) or not view["characters"][WIFE]["money_cards"]:
            return False
        taxi = self.game.city.taxi
        if at == taxi:
            return True
        beside = at in self.game.city.neighbours[taxi]
        return beside and (WIFE in turn["moved"] or self.game.ride_from_next_to)

    def _grandpa_plans(self, view: dict[str, Any], router: Router, mine: int, room: int) -> list[Plan]:
        """Our Grandpa: the schoolbus and he next to the school (the Child), the bank."""
        if mine != GRANDPA:
            return []
        city = self.game.city
        school = set(city.next_to_site("school"))
        plans = []
        if not view["grandpa_child"]:
            piece: int | None = GRANDPA
            value = self.child_vp
            if view["pieces"][0]["at"] not in school:
                piece, value = SCHOOLBUS, 0.7 * self.child_vp
            elif view["characters"][GRANDPA]["at"] in school:
                piece = None  # both there: the Child comes at the end of the turn
            if piece is not None and self._can_move(view, piece):
                ends = [r for end, r in router.routes(piece, budget=room).items() if end in school]
                if ends:
                    route = min(ends, key=lambda r: (r.cost, len(r.path)))
                    plans.append(Plan(piece, route.path, route.cost, value, "child"))
        if not view["bank_flipped"] and self._can_move(view, GRANDPA):
            bank = set(city.next_to_site("bank"))
            ends = [r for end, r in router.routes(GRANDPA, budget=room).items() if end in bank]
            if ends:
                route = min(ends, key=lambda r: (r.cost, len(r.path)))
                plans.append(Plan(GRANDPA, route.path, route.cost, 1.5, "bank"))
        return plans

    def _bus_ride(self, view: dict[str, Any], legal: list[Action], mine: int) -> Action | None:
        """Our Grandma at a bus stop: ride to the other stop when what she can do from there
        beats what she can do from here (sure with a remembered bus deck, else a bet on the
        likeliest bus; a miss sends her to the church for the turn)."""
        if mine != GRANDMA or not any(isinstance(a, RideBus) for a in legal):
            return None
        city = self.game.city
        at = view["characters"][GRANDMA]["at"]
        near = min(city.bus_stops, key=lambda stop: city.distance(at, stop))
        other = city.bus_stops[1] if near == city.bus_stops[0] else city.bus_stops[0]
        taken = self._taken(view, GRANDMA)
        landings = [s for s in city.neighbours[other] if s not in taken and s != view["ingredient_space"]]
        if not landings:
            return None
        here = self._grandma_outlook(view, at)
        there = max(self._grandma_outlook(view, s) for s in landings)
        number, odds = self._bus_odds(view)
        if odds * there - (1 - odds) * self.bus_miss_vp - here <= 0.3:
            return None
        return _first(legal, RideBus, lambda a: a.number == number)

    def _grandma_outlook(self, view: dict[str, Any], at: int) -> float:
        """The best net value of a movement of the Grandma starting from ``at``."""
        trial = dict(view)
        trial["characters"] = [dict(ch) for ch in view["characters"]]
        trial["characters"][GRANDMA]["at"] = at
        price = self._mp_price(view)
        plans = [p for p in self._plans(trial, GRANDMA) if p.piece == GRANDMA]
        return max((p.value - price * max(0, p.cost - view["turn"]["mp"]) for p in plans), default=0.0)

    def _bus_odds(self, view: dict[str, Any]) -> tuple[str, float]:
        """The bus to declare and the chance it comes (the remembered top card, or the most
        common number in the bus deck)."""
        memory = self.bus_memory(view)
        if memory:
            return memory[0], 1.0
        labels = self.game.box.bus_labels
        best = max(self.game.box.bus_numbers, key=labels.count)
        return best, labels.count(best) / len(labels)

    # -- guarding our cards -------------------------------------------------------------
    def _guard(self, view: dict[str, Any], mine: int) -> float:
        """vp we expect to lose to thieves before our next turn: our best upright card, times
        the chance that some likely rival able to rob ours comes across it."""
        me = view["characters"][mine]
        upright = [c for c in me["ingredient_cards"] if c not in me["sideways_cards"]]
        if not upright or not isinstance(me["at"], int):
            return 0.0
        worth = max(self._card_value(view, mine, c) for c in upright)
        if worth <= 0:
            return 0.0
        weights = self._weights(view)
        router = Router(self.game, view)
        safe = 1.0
        for thief in self._thieves_of(view, mine):
            path, cost = self._through(router, thief, me["at"], 12)
            if path is not None:
                safe *= 1 - weights[thief] * (0.6 if cost <= 7 else 0.25)
        return (1 - safe) * worth

    def _thieves_of(self, view: dict[str, Any], mine: int) -> list[int]:
        """Characters on the city who may rob ours when they cross it."""
        box = self.game.box
        out = []
        for ch in view["characters"]:
            thief = ch["character"]
            if thief in (mine, SON) or not isinstance(ch["at"], int):
                continue
            if thief == GRANDPA:
                if view["grandpa_child"] and not view["child_steal_used"]:
                    out.append(thief)
            elif box.ages[thief] < box.ages[mine]:
                out.append(thief)
        return out

    def _protect_now(self, legal: list[Action]) -> Action | None:
        """Discard the three least useful cards (then our best upright card goes sideways)."""
        box = self.game.box
        discards = [a for a in legal if isinstance(a, DiscardThree)]
        if not discards:
            return None
        return min(discards, key=lambda a: sum(box.value[c] for c in a.cards))

    # -- the Dinner Hour ----------------------------------------------------------------
    def _dinner_turn(self, view: dict[str, Any], legal: list[Action], mine: int,
                     guard: float) -> Action | None:
        if view["characters"][mine]["at"] != TABLE:
            if guard > self.guard_dinner_vp:
                action = self._protect_now(legal)
                if action is not None:
                    return action
            action = self._unblock_seat(view, legal, mine)
            if action is not None:
                return action
            return self._go_home(view, legal, mine)
        action = self._block_seats(view, legal)
        if action is not None:
            return action
        return super()._main(view, legal, mine)  # seat characters no rival plays

    def _go_home(self, view: dict[str, Any], legal: list[Action], mine: int) -> Action | None:
        """Sit down this turn if the cards allow, else end as near the seat as they allow
        (stealing on the way when it costs little), keeping a card for money when the walk
        loses little by it."""
        turn = view["turn"]
        if self.slots_turn != turn["number"]:
            self.slots_turn = turn["number"]
            self.move_slots = self._movement_slots(view, mine)
        room = self.move_slots - turn["played"]
        best = self._home_plan(view, mine, room)
        if best is None:
            return None
        return self._pursue(view, legal, best, room=room)

    def _movement_slots(self, view: dict[str, Any], mine: int) -> int:
        """How many of this turn's cards go to walking (the rest may be money)."""
        full = self.game.box.dinner_max_cards - view["turn"]["played"]
        best = self._home_plan(view, mine, full)
        if best is None or best.path[-1] == SEAT or full < 2 or self._money_gain(view, mine) < 2:
            return full
        fewer = self._home_plan(view, mine, full - 1)
        here = -self._left_home(mine, view["characters"][mine]["at"])
        loss = best.value - (fewer.value if fewer is not None else here)
        return full - 1 if loss <= self.dinner_money_mp else full

    def _money_gain(self, view: dict[str, Any], mine: int) -> int:
        """vp the best money card in hand would add to our character now."""
        box = self.game.box
        me = view["characters"][mine]
        held = sorted(box.value[c] for c in me["money_cards"])
        best = 0
        for card in view["hand_cards"]:
            if box.is_money(card):
                v = box.value[card]
                if len(held) < me["money_capacity"]:
                    best = max(best, v)
                elif held:
                    best = max(best, v - held[0])
        return best

    def _home_plan(self, view: dict[str, Any], mine: int, room: int) -> Plan | None:
        """The movement ending nearest our seat with ``room`` more cards at most (a plan's
        value: minus the mp still to walk, minus the risk of being robbed there, plus a theft)."""
        box = self.game.box
        router = Router(self.game, view)
        hand = sorted((box.value[c] for c in view["hand_cards"] if box.is_movement(c)), reverse=True)
        budget = view["turn"]["mp"] + sum(hand[:max(0, room)])
        if budget <= 0:
            return None
        left = functools.partial(self._left_home, mine)
        danger = self._thieves_paths(view, router, mine)
        plans = [Plan(mine, route.path, route.cost, -left(end) - danger.get(end, 0.0), "home")
                 for end, route in router.routes(mine, budget=budget).items()]
        plans += [Plan(p.piece, p.path, p.cost,
                       0.7 * p.value - left(p.path[-1]) - danger.get(p.path[-1], 0.0), p.why)
                  for p in self._steal_plans(view, router, mine, budget, home=True)]
        if not plans:
            return None
        best = max(plans, key=lambda p: (p.value, -p.cost))
        if best.value <= -left(router.location(mine)):
            return None  # nothing brings us nearer
        return best

    def _left_home(self, character: int, end) -> int:
        """mp a fresh Dinner Hour movement from ``end`` needs to sit ``character`` down."""
        box, city = self.game.box, self.game.city
        if end == SEAT:
            return 0
        if not isinstance(end, int):
            return 99
        entrance = city.seat_entrances[character]
        return box.forward_first_step if end == entrance else city.distance(end, entrance) + 2

    def _thieves_paths(self, view: dict[str, Any], router: Router, mine: int) -> dict[Any, float]:
        """For each place: the upright vp we may lose by stopping there, on the way home of a
        character who could rob ours."""
        me = view["characters"][mine]
        upright = [c for c in me["ingredient_cards"] if c not in me["sideways_cards"]]
        if not upright:
            return {}
        worst = max(self._card_value(view, mine, c) for c in upright)
        out: dict[Any, float] = {}
        for thief in self._thieves_of(view, mine):
            route = router.cheapest(thief, lambda node: node == SEAT)
            if route is not None:
                for place in route.path[1:]:
                    out[place] = out.get(place, 0.0) + self.dinner_theft_share * worst
        return out

    def _unblock_seat(self, view: dict[str, Any], legal: list[Action], mine: int) -> Action | None:
        """A traffic card stands before our seat: move it off first."""
        city = self.game.city
        router = Router(self.game, view)
        for piece in range(SCHOOLBUS + 1, self.game.pieces):
            if router.location(piece) != city.seat_entrances[mine]:
                continue
            routes = [r for end, r in router.routes(piece).items() if end not in city.seat_entrances]
            if not routes:
                return None
            route = min(routes, key=lambda r: (r.cost, len(r.path)))
            room = self.game.box.dinner_max_cards - view["turn"]["played"]
            return self._pursue(view, legal, Plan(piece, route.path, route.cost, 1.0, "unblock"), room=room)
        return None

    def _block_seats(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """Ours seated: a traffic card on the space before a rival's seat keeps the rival from
        sitting down (nothing crosses a traffic card)."""
        box, city = self.game.box, self.game.city
        weights = self._weights(view)
        router = Router(self.game, view)
        room = box.dinner_max_cards - view["turn"]["played"]
        hand = sorted((box.value[c] for c in view["hand_cards"] if box.is_movement(c)), reverse=True)
        budget = view["turn"]["mp"] + sum(hand[:max(0, room)])
        shut = {router.location(p) for p in range(SCHOOLBUS + 1, self.game.pieces)}
        plans = []
        for entrance in set(city.seat_entrances) - shut:
            users = [c for c in range(CHARACTERS) if city.seat_entrances[c] == entrance
                     and view["characters"][c]["at"] != TABLE]
            value = sum(weights[c] * self.block_vp - (1 - weights[c]) * 0.5 for c in users)
            if value <= 1.0:
                continue
            for piece in range(SCHOOLBUS + 1, self.game.pieces):
                route = router.routes(piece, budget=budget).get(entrance)
                if route is not None and not self._guards_seat(view, piece):
                    plans.append(Plan(piece, route.path, route.cost, value, "block"))
        if not plans:
            return None
        return self._pursue(view, legal, max(plans, key=lambda p: p.value - 0.1 * p.cost), room=room)

    def _guards_seat(self, view: dict[str, Any], piece: int) -> bool:
        """This traffic card already shuts a seat some character still needs."""
        city = self.game.city
        at = view["pieces"][piece - CHARACTERS]["at"]
        return any(at == city.seat_entrances[c] and view["characters"][c]["at"] != TABLE
                   for c in range(CHARACTERS))

    # -- carrying a plan out ------------------------------------------------------------
    def _pursue(self, view: dict[str, Any], legal: list[Action], plan: Plan, *,
                room: int | None = None) -> Action | None:
        """Fund the whole movement first (with ``room`` cards at most; a taxi ride pays its
        fare), then take its first step; :meth:`_continue` walks the rest."""
        mp = view["turn"]["mp"]
        if plan.fare is not None:
            self.route = plan
            return _first(legal, TakeTaxi, lambda a: a.card == plan.fare)
        if plan.cost > mp:
            play = self._fund(view, legal, plan.cost - mp, room=room)
            if play is not None:
                self.route = plan
            return play
        self.route = plan
        return _first(legal, Step, lambda a: a.piece == plan.piece and a.to == plan.path[1])

    def _fund(self, view: dict[str, Any], legal: list[Action], needed: int, *,
              room: int | None = None) -> Action | None:
        """The movement card to play toward ``needed`` mp (fewest cards, least waste)."""
        box = self.game.box
        hand = [c for c in view["hand_cards"] if box.is_movement(c)]
        room = len(hand) if room is None else min(room, len(hand))
        if view["dinner"]:
            room = min(room, box.dinner_max_cards - view["turn"]["played"])
        best = None
        for size in range(1, room + 1):
            for combo in combinations(hand, size):
                total = sum(box.value[c] for c in combo)
                if total >= needed and (best is None or (size, total) < best[0]):
                    best = ((size, total), combo)
            if best is not None:
                break
        if best is None:
            return None
        card = max(best[1], key=lambda c: box.value[c])
        return _first(legal, PlayMovement, lambda a: a.card == card)

    def _continue(self, view: dict[str, Any], legal: list[Action], moving: dict[str, Any]) -> Action:
        plan = self.route
        path = moving["path"]
        if plan is not None and plan.piece == moving["piece"] and tuple(path) == plan.path[:len(path)]:
            if len(path) == len(plan.path):
                end = _first(legal, EndMovement)
                if end is not None:
                    self.route = None
                    return end
            else:
                step = _first(legal, Step, lambda a: a.piece == plan.piece and a.to == plan.path[len(path)])
                if step is not None:
                    return step
        self.route = None
        return super()._continue(view, legal, moving)

    # -- pending decisions -------------------------------------------------------------
    def _settle(self, view: dict[str, Any], legal: list[Action]) -> Action:
        item = view["pending"]
        if item["kind"] == "place-ingredient":
            return self._place_ingredient(view, legal)
        if item["kind"] == "steal":
            return self._theft(view, legal, item["thief"], item["victim"])
        return super()._settle(view, legal)

    def _theft(self, view: dict[str, Any], legal: list[Action], thief: int, victim: int) -> Action:
        """Take the card worth most to us (our gain, a likely rival's loss), if any is."""
        steals = [a for a in legal if isinstance(a, Steal)]
        if victim == view["my_character"] or not steals:
            return _first(legal, Decline)
        best = max(steals, key=lambda a: self._steal_worth(view, thief, victim, a.card))
        return best if self._steal_worth(view, thief, victim, best.card) > 0 else _first(legal, Decline)

    def _place_ingredient(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Near our character if the card suits it; near rivals who would pay for a bad one
        (and away from rivals it suits)."""
        mine = view["my_character"]
        card = view["ingredient_row_cards"][0]
        weights = self._weights(view)
        box = self.game.box

        def score(a: PlaceIngredient) -> float:
            total = 0.0
            for ch in view["characters"]:
                c, at = ch["character"], ch["at"]
                price = max(0, box.ingredient(card).cost + box.price_change[c])
                if (not isinstance(at, int) and at != SEAT) or ch["money"] < price:
                    continue
                near = 1.0 / (1 + self._shop_cost(c, at, a.space))
                value = self._worth(view, c, card) - self._money_price(view) * price
                total += value * near if c == mine else -self.harm_share * weights[c] * value * near
            return total

        return max(legal, key=score)

    def _guests_target(self, view: dict[str, Any], legal: list[Action], *, forced: bool) -> Action | None:
        """The likeliest rival (the richer in vp among equals), once the reading is sure enough."""
        mine = view["my_character"]
        options = [a for a in legal if isinstance(a, AssignGuests) and a.character != mine]
        if not options:
            return legal[0] if forced else None
        weights = self._weights(view)
        best = max(options, key=lambda a: weights[a.character] * (1 + 0.05 * self._vp_now(view, a.character)))
        if forced or weights[best.character] >= GUESTS_SURE:
            return best
        return None

    # -- estimates ---------------------------------------------------------------------
    def _paid(self, view: dict[str, Any], character: int, *, without: int | None = None) -> int | None:
        """The money the cheapest payment of the ingredients card in the city takes (None: the
        character cannot pay; ``without``: a money card it will have given up first)."""
        price = view["characters"][character]["price"]
        if price is None:
            return None
        value = self.game.box.value
        held = [value[c] for c in view["characters"][character]["money_cards"] if c != without]
        best = None
        for size in range(len(held) + 1):
            for combo in combinations(held, size):
                total = sum(combo)
                if total >= price and (best is None or total < best):
                    best = total
        return best

    def _buy_value(self, view: dict[str, Any], character: int, card: int) -> float | None:
        """vp ``character`` nets by buying ``card`` now (None: it cannot pay)."""
        paid = self._paid(view, character)
        if paid is None:
            return None
        return self._worth(view, character, card) - self._money_price(view) * paid

    def _worth(self, view: dict[str, Any], character: int, card: int) -> float:
        """vp ``card`` brings ``character`` now, plus a share of the sets it could grow into."""
        box = self.game.box
        held = view["characters"][character]["ingredient_cards"]
        promise = 0.0
        for food in box.ingredient(card).foods:
            have = 1 + sum(1 for c in held if food in box.ingredient(c).foods)
            later = sum(1 for c in view["ingredient_row_cards"] if food in box.ingredient(c).foods)
            promise += later * (have + 1)
        return self._gain(view, character, card) + self.promise_vp * promise

    def _denial(self, view: dict[str, Any], card: int, buyer: int) -> float:
        """What keeping ``card`` from the rivals is worth (they would buy it otherwise)."""
        weights = self._weights(view)
        mine = view["my_character"]
        return self.denial_share * max((weights[c] * max(0.0, self._worth(view, c, card))
                                        for c in range(CHARACTERS) if c not in (mine, buyer)),
                                       default=0.0)

    def _steal_worth(self, view: dict[str, Any], thief: int, victim: int, card: int) -> float:
        """vp to us of ``thief`` taking ``card`` from ``victim``: our gain if the thief is ours,
        the likely rival's loss, less what it gives a thief some rival may play."""
        weights = self._weights(view)
        hurt = self.harm_share * weights[victim] * self._card_value(view, victim, card)
        if thief == view["my_character"]:
            return self._gain(view, thief, card) + hurt
        return hurt - self.harm_share * weights[thief] * self._gain(view, thief, card)

    def _menace(self, view: dict[str, Any], character: int) -> float:
        """vp ``character`` may still win in the shops: its share of the cards left, and what
        it could steal from the older characters around."""
        box = self.game.box
        gain = 1.5 * (len(view["ingredient_row_cards"]) + 1) / self.game.players
        if character in (SON, GRANDPA):
            return gain
        for ch in view["characters"]:
            victim = ch["character"]
            if box.ages[victim] <= box.ages[character] or not isinstance(ch["at"], int):
                continue
            upright = [c for c in ch["ingredient_cards"] if c not in ch["sideways_cards"]]
            if upright:
                gain += 0.4 * max(self._gain(view, character, c) for c in upright)
        return gain

    def _money_price(self, view: dict[str, Any]) -> float:
        """What a money point paid out costs: near the end it can no longer be replaced."""
        left = len(view["ingredient_row_cards"])
        late = 1.0 if left == 0 else 0.5 if left <= 2 else 0.0
        return self.money_spent_vp + (1 - self.money_spent_vp) * late

    def _mp_price(self, view: dict[str, Any]) -> float:
        """What an mp from the hand is worth: less when the hand is full (draws are capped),
        more when the Dinner Hour nears (the race needs cards)."""
        fill = len(view["hand_cards"]) / self.game.box.hand_limit
        left = len(view["ingredient_row_cards"])
        late = (self.late_mp_factor if left == 0 else 1 + (self.late_mp_factor - 1) / 2 if left <= 2
                else 1.0)
        return self.mp_vp * (1.5 - fill) * late

    def _score(self, view: dict[str, Any], character: int) -> float:
        """vp the character has now (ingredients, money, its card, the Guests)."""
        guests = view["characters"][character]["guests_card"]
        return self._vp_now(view, character) + (self.game.box.guests_value(guests) if guests is not None else 0)

    def _standing(self, view: dict[str, Any]) -> float:
        """Our vp now minus the best rival's (as far as we can tell who plays whom)."""
        mine = view["my_character"]
        probs = self.reading.marginals(mine)
        scores = [self._score(view, c) for c in range(CHARACTERS)]
        best = max((sum(p * v for p, v in zip(probs[s], scores))
                    for s in range(self.game.players) if s != self.seat), default=0.0)
        return scores[mine] - best

    def _contested(self, view: dict[str, Any], mine: int) -> bool:
        """Some likely rival could walk to the shop and pay for its card."""
        weights = self._weights(view)
        return any(c != mine and weights[c] >= 0.3 and self._can_move(view, c)
                   and self._paid(view, c) is not None for c in range(CHARACTERS))

    def _shop_cost(self, character: int, at, spot: int) -> int:
        """Rough mp for ``character`` at ``at`` to stop next to a shop on ``spot``."""
        city = self.game.city
        if at == SEAT:
            return city.distance(city.seat_entrances[character], spot)
        d = city.distance(at, spot)
        return 2 if d == 1 else d - 1

    def _ingredient_card(self, view: dict[str, Any]) -> int | None:
        space = view["ingredient_space"]
        return None if space is None else view["floor_cards"][space]

    def _available_mp(self, view: dict[str, Any]) -> int:
        box = self.game.box
        return view["turn"]["mp"] + sum(box.value[c] for c in view["hand_cards"] if box.is_movement(c))

    def _can_move(self, view: dict[str, Any], piece: int) -> bool:
        """Whether ``piece`` could start a movement now."""
        if piece >= CHARACTERS:
            return isinstance(view["pieces"][piece - CHARACTERS]["at"], int)
        at = view["characters"][piece]["at"]
        if not (isinstance(at, int) or at in (SEAT, "bench", "church")):
            return False
        if piece in view["turn"]["bought"]:
            return False
        return not (piece == GRANDMA and view["turn"]["bus_missed"])
