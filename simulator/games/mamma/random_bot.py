"""Mamma's random level: random play that keeps the game moving.

Uniform play (the engine's :class:`~simulator.engine.RandomBot`) almost never ends a game of
Mamma by its rules: a purchase needs a character with enough money to end a movement next to
the one ingredients card, and a seat in the Dinner Hour is reached only by walking toward it.
So this bot picks uniformly among the legal actions that make progress (:func:`progressing`),
and now and then (:attr:`MammaRandomBot.wander`) among all of them.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from simulator.engine import Action

from .box import CHARACTERS, SITE_NAMES
from .rules import SEAT, TABLE, Draw, EndMovement, Finish, MammaGame, PlaceMoney, PlayMovement, Step

Goal = Callable[[Any], int]  # a place -> steps still to go (0: there)


class MammaRandomBot:
    """Uniform among the progressing legal actions; with chance ``wander``, among all."""

    wander = 0.1

    def __init__(self, game: MammaGame, seat: int) -> None:
        self.game = game
        self.seat = seat

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        pool = list(legal_actions)
        if rng.random() >= self.wander:
            pool = progressing(self.game, view, pool) or pool
        return pool[int(rng.random() * len(pool))]


def progressing(game: MammaGame, view: dict[str, Any], legal: list[Action]) -> list[Action]:
    """The legal actions that move the game on ([] when none stands out):

    - taking cards rather than ending the turn early;
    - a movement under way: a step nearer its goal (a movement card played for it), else
      ending the movement (a piece without a goal stops at once);
    - a character with an errand (shopping: it can pay for the ingredients card; Dinner Hour:
      it is not seated) starting a movement with a step nearer its goal (any step when it is
      there already: a purchase needs a movement), or a movement card played for that;
    - shopping without such a step: money placed where it adds to a character's money, else
      finishing the turn to take cards.
    Pending decisions, the set-up and the draft have no better move: every choice counts.
    """
    if view["pending"] is not None or view["phase"] != "play":
        return []
    draws = [a for a in legal if isinstance(a, Draw)]
    if draws or view["turn"]["stage"] == "draw":
        return draws
    plays = [a for a in legal if isinstance(a, PlayMovement)]
    moving = view["movement"]
    if moving is not None:
        goal = _goal(game, view, moving["piece"])
        if goal is not None and goal(moving["path"][-1]) > 0:
            here = goal(moving["path"][-1])
            nearer = [a for a in legal if isinstance(a, Step) and goal(a.to) < here]
            if nearer or plays:
                return nearer or plays
        return [a for a in legal if isinstance(a, EndMovement)]
    goals = {c: goal for c in range(CHARACTERS) if (goal := _goal(game, view, c)) is not None}
    starts = []
    for a in legal:
        if isinstance(a, Step) and a.piece in goals:
            here = goals[a.piece](view["characters"][a.piece]["at"])
            if here == 0 or goals[a.piece](a.to) < here:
                starts.append(a)
    if starts or (goals and plays):
        return starts or plays
    if not view["dinner"]:
        value = game.box.value
        richer = [a for a in legal if isinstance(a, PlaceMoney)
                  and (a.replacing == -1 or value[a.card] > value[a.replacing])]
        if richer:
            return richer
    return [a for a in legal if isinstance(a, Finish)]


def _goal(game: MammaGame, view: dict[str, Any], piece: int) -> Goal | None:
    """Steps ``piece`` still has to go, by where it stands; None when it has no errand: not a
    character, seated, or (shopping) unable to pay for the ingredients card now."""
    if piece >= CHARACTERS:
        return None
    city = game.city
    me = view["characters"][piece]
    if view["dinner"]:
        if me["at"] == TABLE:
            return None
        entrance = city.seat_entrances[piece]
        on_grid = lambda s: city.distance(s, entrance) + 1  # noqa: E731 (and one step into the seat)
    else:
        shop = view["ingredient_space"]
        if shop is None or me["bought_this_turn"] or me["money"] < me["price"]:
            return None
        on_grid = lambda s: min(city.distance(s, n) for n in city.neighbours[shop])  # noqa: E731

    def goal(place: Any) -> int:
        if isinstance(place, int):
            return on_grid(place)
        if place == SEAT:
            return 0 if view["dinner"] else 1 + on_grid(city.seat_entrances[piece])
        exits = city.next_to_site(place) if place in SITE_NAMES else ()
        return 1 + min((on_grid(s) for s in exits), default=city.size)
    return goal
