"""Mamma bots. They see only their seat's view (and the printed box and city)."""
from __future__ import annotations

import random
from itertools import combinations
from typing import Any, Sequence

from simulator.engine import Action

from .box import CHARACTERS, GRANDMA, SON, WIFE
from .rules import (SEAT, Arcade, AssignGuests, ChooseSecret, Decline, DiscardThree, Draft, Draw,
                    EndMovement, EndTurn, Finish, MammaGame, PlaceMoney, PlayMovement, RideBus,
                    SeatFifth, Steal, Step, TurnSideways)
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

    # -- memory -------------------------------------------------------------------------
    def _observe(self, view: dict[str, Any]) -> None:
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
        now (this movement) and come back (the next one)."""
        if view["turn"]["mp"] < 1:
            plays = [a for a in legal if isinstance(a, PlayMovement)]
            return min(plays, key=lambda a: -self.game.box.value[a.card]) if plays else None
        steps = [a for a in legal if isinstance(a, Step) and a.piece == mine and isinstance(a.to, int)
                 and self._empty(view, a.to, mine)]
        return steps[0] if steps else None

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
        if mine != GRANDMA or not view["bus_memory"]:
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
        top = view["bus_memory"][0]
        return _first(rides, RideBus, lambda a: a.number == top)

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

