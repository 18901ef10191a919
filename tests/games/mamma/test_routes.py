"""The router (used by bots and the table view) agrees with the movement rules."""
from __future__ import annotations

import random

from simulator.engine import load_game
from simulator.games.mamma.box import SON, WIFE
from simulator.games.mamma.rules import (MAIN, PLAY, SCHOOLBUS, Decline, EndMovement, MammaState,
                                         Step)
from simulator.games.mamma.routes import Router

BUDGET = 7


def states_to_check(seed: int, **options):
    """Positions met in a random game: the main stage, nothing pending, nothing moving."""
    game = load_game("mamma", players=3, **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_over():
        if (state.phase == PLAY and state.stage == MAIN and not state.pending
                and state.active is None and rng.random() < 0.15):
            yield state
        seat = state.current_players()[0]
        state.apply(rng.choice(state.legal_actions(seat)))


def walk(state: MammaState, piece: int, path) -> MammaState:
    """Follow ``path`` with Step actions on a copy, declining offers made on the way."""
    trial = state.clone()
    seat = trial.current
    for to in path[1:]:
        while trial.pending:
            trial.apply(Decline(seat))
        trial.apply(Step(seat, piece, to))
    while trial.pending:
        trial.apply(Decline(seat))
    if trial.active is not None:
        trial.apply(EndMovement(seat))
    return trial


def check_position(state: MammaState) -> int:
    seat = state.current
    state.mp = BUDGET
    router = Router(state.game, state.view(seat))
    checked = 0
    legal_steps = [a for a in state.legal_actions(seat) if isinstance(a, Step)]
    for piece in range(state.game.pieces):
        if not any(a.piece == piece for a in legal_steps):
            continue
        routes = router.routes(piece, budget=BUDGET)
        for route in routes.values():
            if piece == SCHOOLBUS and not state.dinner and any(
                    state._occupant(s, piece) in (WIFE, SON) for s in route.path[1:]):
                continue  # an accident on the way: the hospital changes the city mid-route
            trial = walk(state, piece, route.path)
            assert trial.mp == BUDGET - route.cost, (piece, route)
            checked += 1
        # and every single step the engine allows to a place where the piece may stop is known
        for step in (a for a in legal_steps if a.piece == piece):
            to = step.to
            if isinstance(to, int) and state._occupant(to, piece) is not None:
                continue
            assert to in routes, (piece, to)
    return checked


def test_every_route_offered_is_accepted_step_by_step_and_costs_what_it_says():
    checked = 0
    for seed in range(3):
        for n, state in enumerate(states_to_check(seed)):
            checked += check_position(state)
            if n > 6:
                break
    print(f"\n{checked} routes walked")
    assert checked > 100


def test_routes_in_the_dinner_hour_include_the_seats_and_the_first_step_costs():
    checked = 0
    for seed in range(3):
        for n, state in enumerate(states_to_check(seed, shopping_rounds=2)):
            if state.dinner:
                checked += check_position(state)
            if n > 10:
                break
    print(f"\n{checked} Dinner Hour routes walked")
    assert checked > 30
