"""Cheapest routes through the city, computed from a seat's view alone.

Bots plan with it, and the table view uses it to light up where a piece can go and to
turn a drag along the city into :class:`~.rules.Step` actions. It mirrors the movement
rules of :mod:`.rules` (a test checks that every route it offers is accepted step by
step): steps are orthogonal; nothing enters the ingredients card or crosses a traffic
card; characters and the schoolbus may be crossed; a movement ends on an empty space,
on the bench, in the W.C. or (Dinner Hour) at the character's own seat; no space is
entered twice in one movement; the first step of a movement may cost more.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .box import CHARACTERS
from .rules import BENCH, CHURCH, HOSPITAL, SCHOOLBUS, SEAT, WC, MammaGame

Place = Any  # a space (int) or a place name (str)


@dataclass(frozen=True)
class Route:
    """A movement: the places from the start (included) to the end, and its mp."""

    path: tuple[Place, ...]
    cost: int

    @property
    def end(self) -> Place:
        return self.path[-1]


class Router:
    """Routes for one view: where things stand, whose movement is under way."""

    def __init__(self, game: MammaGame, view: dict[str, Any]) -> None:
        self.game = game
        self.view = view
        self.dinner: bool = view["dinner"]
        self.stand: dict[int, int] = {}
        for ch in view["characters"]:
            if isinstance(ch["at"], int):
                self.stand[ch["at"]] = ch["character"]
        for p in view["pieces"]:
            if isinstance(p["at"], int):
                self.stand[p["at"]] = p["piece"]
        self.sites = {name: site["occupant"] for name, site in view["sites"].items()}
        self.ingredient = view["ingredient_space"]

    def location(self, piece: int) -> Place:
        if piece < CHARACTERS:
            return self.view["characters"][piece]["at"]
        return self.view["pieces"][piece - CHARACTERS]["at"]

    def _occupant(self, space: int, piece: int) -> int | None:
        who = self.stand.get(space)
        return None if who == piece else who

    def _can_enter_wc(self, piece: int) -> bool:
        return (not self.dinner and self.sites[WC] is None and self.view["wc_last"] != piece)

    def step_cost(self, piece: int, frm: Place, to: Place, first: bool) -> int:
        """The engine's cost of one step (see :meth:`MammaGame.step_cost`)."""
        return self.game.step_cost(piece, frm, to, first=first, dinner=self.dinner)

    def _next(self, piece: int, node: Place) -> list[Place]:
        city = self.game.city
        if piece >= CHARACTERS:
            return list(city.neighbours[node]) if isinstance(node, int) else []
        if node == SEAT:
            return [] if self.dinner else [city.seat_entrances[piece]]
        if node in (BENCH, CHURCH):
            return list(city.next_to_site(node))
        if not isinstance(node, int):
            return []
        out: list[Place] = list(city.neighbours[node])
        for site in city.sites_at[node]:
            if site in (BENCH, WC):
                out.append(site)
        if self.dinner and node == city.seat_entrances[piece]:
            out.append(SEAT)
        return out

    def _enterable(self, piece: int, to: Place) -> bool:
        if isinstance(to, int):
            if to == self.ingredient:
                return False
            who = self._occupant(to, piece)
            return who is None or who <= SCHOOLBUS
        if to == BENCH:
            return self.sites[BENCH] is None
        if to == WC:
            return self._can_enter_wc(piece)
        return to == SEAT

    def _may_stop(self, piece: int, node: Place) -> bool:
        if isinstance(node, int):
            return self._occupant(node, piece) is None
        return node in (BENCH, WC, SEAT)

    def next_places(self, piece: int, node: Place) -> list[Place]:
        """Places ``piece`` may step into from ``node``, ignoring mp and what it already crossed."""
        return [n for n in self._next(piece, node) if self._enterable(piece, n)]

    def may_stop(self, piece: int, node: Place) -> bool:
        """Whether a movement of ``piece`` may end at ``node`` (an empty space, bench, W.C., seat)."""
        return self._may_stop(piece, node)

    def why_not(self, piece: int, place: Place, path: Iterable[Place]) -> str:
        """Why a movement of ``piece`` along ``path`` cannot go on to ``place`` (in the rules'
        words, as the engine would refuse the step): for a drag that the mouse took where the
        piece cannot follow."""
        path = list(path)
        name = self.game.piece_name(piece)
        its = self.game.piece_pronoun(piece, "possessive")
        if len(path) > 1 and path[-1] in (BENCH, WC, SEAT):
            return {BENCH: f"Sitting down on the bench ends the {name}'s movement.",
                    WC: f"Going into the W.C. ends the {name}'s movement.",
                    SEAT: f"Sitting down at {its} seat ends the {name}'s movement."}[path[-1]]
        if isinstance(place, int):
            if place == self.ingredient:
                return "The ingredients card is a shop, not a space to walk on."
            who = self._occupant(place, piece)
            if who is not None and who > SCHOOLBUS:
                return "Nothing may cross a traffic card."
            if place in path:
                return "A piece may not go back into a space it already crossed in this movement."
            return (f"The {name} has no way there: nothing crosses a traffic card or the ingredients card, "
                    "and no space is crossed twice in one movement.")
        if piece >= CHARACTERS and place in (BENCH, WC, SEAT):
            return f"The {name} stays in the city's spaces."
        if place == BENCH:
            return "Only one character fits on the bench." if self.sites[BENCH] is not None else \
                f"The {name} can sit on the bench only from a space touching it."
        if place == WC:
            if self.dinner:
                return "From the Dinner Hour on nobody goes into the W.C."
            if self.sites[WC] is not None:
                return "Someone is already in the W.C."
            if self.view["wc_last"] == piece:
                return f"The {name} was the last one in the W.C. and cannot go in twice in a row."
            return f"The {name} can go into the W.C. only from a space touching it."
        if place == SEAT:
            if not self.dinner:
                return "Nobody goes back to a seat before the Dinner Hour."
            return f"The {name} sits down from the space next to {its} seat."
        if place == HOSPITAL:
            return "Only an accident with the schoolbus sends a character to the hospital."
        if place == CHURCH:
            return "Only a missed bus sends the Grandma to the church."
        return f"The {place} is beside the city, not a place to walk to."  # the school, the bank

    def routes(self, piece: int, *, visited: Iterable[Place] = (), budget: int | None = None,
               ) -> dict[Place, Route]:
        """The cheapest route to every place ``piece`` could stop at (within ``budget`` mp).

        ``visited`` is the movement under way (its start first), if any; a new movement
        starts where the piece stands.
        """
        path0 = tuple(visited) or (self.location(piece),)
        start = path0[-1]
        if not (isinstance(start, int) or start in (SEAT, BENCH, CHURCH)):
            return {}
        first_move = len(path0) == 1
        best: dict[Place, int] = {start: 0}
        out: dict[Place, Route] = {}
        queue = [(0, 0, start, path0)]
        counter = 0
        while queue:
            spent, _, node, path = heapq.heappop(queue)
            if spent > best.get(node, 1 << 30):
                continue
            if len(path) > len(path0) and self._may_stop(piece, node) and node not in out:
                out[node] = Route(path, spent)
            if node in (BENCH, WC, SEAT) and len(path) > 1:
                continue  # sitting down (or going in) ends the movement
            for nxt in self._next(piece, node):
                if nxt in path or not self._enterable(piece, nxt):
                    continue
                cost = spent + self.step_cost(piece, node, nxt, first_move and len(path) == len(path0))
                if budget is not None and cost > budget:
                    continue
                if cost < best.get(nxt, 1 << 30):
                    best[nxt] = cost
                    counter += 1
                    heapq.heappush(queue, (cost, counter, nxt, path + (nxt,)))
        return out

    def cheapest(self, piece: int, goal: Callable[[Place], bool], *,
                 visited: Iterable[Place] = ()) -> Route | None:
        """The cheapest route to a place where ``piece`` may stop and ``goal`` holds."""
        found = [r for end, r in self.routes(piece, visited=visited).items() if goal(end)]
        return min(found, key=lambda r: (r.cost, len(r.path)), default=None)
