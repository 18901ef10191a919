"""A drag along the city: the trail a piece follows, what it costs, and the actions for it.

The table view (view.py) keeps a :class:`Trail` while the player drags a piece: the
mouse passing over a place extends it (or takes it back to that place), and a jump
over several places is filled in with the fewest steps. On the drop, :func:`trail_actions`
turns it into what the rules expect: movement cards played until the pool covers the
cost, one :class:`~.rules.Step` per place, then :class:`~.rules.EndMovement` unless the
last step ends the movement by itself (the bench, the W.C., a seat at the table).
Pure: no pygame; it reads only a seat's view (through :class:`~.routes.Router`).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Sequence

from simulator.engine import Action

from .box import SON, WIFE, MammaBox
from .rules import BENCH, SCHOOLBUS, SEAT, WC, EndMovement, PlayMovement, Step
from .routes import Place, Router

SELF_ENDING = (BENCH, WC, SEAT)   # stepping here ends the movement by itself


@dataclass
class Trail:
    """The places of one movement of ``piece``: the first ``walked`` are already behind it."""

    piece: int
    path: list[Place] = field(default_factory=list)
    walked: int = 1

    @property
    def end(self) -> Place:
        return self.path[-1]

    @property
    def new_steps(self) -> list[Place]:
        """The places still to step into."""
        return self.path[self.walked:]

    def follow(self, router: Router, place: Place) -> bool:
        """The mouse is over ``place``: extend the trail to it or take it back there.

        Returns True if the trail changed. A place the piece cannot get to (through places
        it may enter, none twice) leaves the trail as it is.
        """
        if place == self.end:
            return False
        if place in self.path[self.walked - 1:]:
            del self.path[self.path.index(place, self.walked - 1) + 1:]
            return True
        if self.end in SELF_ENDING and len(self.path) > 1:
            return False  # nothing comes after sitting down or going in
        way = self._shortest_way(router, place)
        if way is None:
            return False
        self.path.extend(way)
        return True

    def _shortest_way(self, router: Router, goal: Place) -> list[Place] | None:
        """Fewest steps from the trail's end to ``goal`` through enterable places not yet crossed."""
        crossed = set(self.path)
        queue: deque[tuple[Place, list[Place]]] = deque([(self.end, [])])
        seen = {self.end}
        while queue:
            node, way = queue.popleft()
            if node in SELF_ENDING and way:
                continue
            for nxt in router.next_places(self.piece, node):
                if nxt in seen or nxt in crossed:
                    continue
                seen.add(nxt)
                if nxt == goal:
                    return way + [nxt]
                queue.append((nxt, way + [nxt]))
        return None

    def cost(self, router: Router) -> int:
        """mp of the places still to step into (the movement's first step may cost more)."""
        total = 0
        for i in range(self.walked, len(self.path)):
            total += router.step_cost(self.piece, self.path[i - 1], self.path[i], i == 1)
        return total

    def may_end(self, router: Router, view: dict[str, Any]) -> bool:
        """Whether the movement may stop at the trail's end."""
        if len(self.path) <= self.walked:
            return False
        end = self.end
        if router.may_stop(self.piece, end):
            return True
        # the schoolbus may stop where it just ran over the Wife or the Son (they go to hospital)
        return (self.piece == SCHOOLBUS and not view["dinner"] and isinstance(end, int)
                and router.stand.get(end) in (WIFE, SON))


def fund(box: MammaBox, hand: Sequence[int], need: int, *, allowance: int | None,
         preferred: Sequence[int] = ()) -> list[int] | None:
    """Movement cards to play so the pool gains at least ``need`` mp, or None if the hand cannot.

    The ``preferred`` cards (the player's selection) go first, largest first; then the
    fewest other cards, and of those the smallest total. ``allowance`` limits how many
    cards may still be played this turn (None: no limit).
    """
    if need <= 0:
        return []
    room = len(hand) if allowance is None else max(0, allowance)
    chosen: list[int] = []
    for card in sorted((c for c in preferred if c in hand and box.is_movement(c)), key=lambda c: -box.value[c]):
        if need <= 0 or len(chosen) >= room:
            break
        chosen.append(card)
        need -= box.value[card]
    if need <= 0:
        return chosen
    others = [c for c in hand if box.is_movement(c) and c not in chosen]
    for size in range(1, room - len(chosen) + 1):
        options = [combo for combo in combinations(others, size) if sum(box.value[c] for c in combo) >= need]
        if options:
            best = min(options, key=lambda combo: (sum(box.value[c] for c in combo), combo))
            return chosen + list(best)
    return None


def reach(box: MammaBox, hand: Sequence[int], *, allowance: int | None) -> int:
    """The most mp the hand can still add to the pool this turn."""
    values = sorted((box.value[c] for c in hand if box.is_movement(c)), reverse=True)
    if allowance is not None:
        values = values[:max(0, allowance)]
    return sum(values)


def trail_actions(seat: int, trail: Trail, cards: Sequence[int]) -> list[Action]:
    """Play ``cards``, step along the trail, and end the movement unless it ends by itself."""
    actions: list[Action] = [PlayMovement(seat, c) for c in cards]
    actions += [Step(seat, trail.piece, place) for place in trail.new_steps]
    if trail.end not in SELF_ENDING:
        actions.append(EndMovement(seat))
    return actions


def continuation(seat: int, trail: Trail, walked_path: Sequence[Place]) -> list[Action]:
    """The rest of a planned trail after ``walked_path`` (a prefix of it), or [] if it is not one."""
    walked = list(walked_path)
    if trail.path[:len(walked)] != walked:
        return []
    rest = Trail(trail.piece, list(trail.path), len(walked))
    return trail_actions(seat, rest, ())
