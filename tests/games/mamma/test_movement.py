"""Mamma: "The Game Cards" — movement points, what may be crossed, where a movement ends."""
from __future__ import annotations

import pytest

from simulator.engine import IllegalAction
from simulator.games.mamma.box import GRANDMA, MAMMA, SON, WIFE
from simulator.games.mamma.rules import (SCHOOLBUS, SEAT, EndMovement, EndTurn, Finish,
                                         PlayMovement, Step)

from .tabletop import TRAFFIC_1, put, set_hand, sp, started


def play(state, *values):
    """Give the seat to play movement cards of these values and play them all."""
    seat = state.current
    for card in set_hand(state, seat, movement=values):
        state.apply(PlayMovement(seat, card))
    return seat


def test_each_space_costs_one_mp_for_each_moving_character():
    """"If a player moves one or more characters, every space costs 1 mp for each moving character.\""""
    state = started()
    seat = play(state, 3, 1)
    assert state.mp == 4
    for number in (10, 11, 12):
        state.apply(Step(seat, WIFE, sp(number)))
    assert state.mp == 1
    state.apply(EndMovement(seat))
    state.apply(Step(seat, SON, sp(19)))
    assert state.mp == 0
    with pytest.raises(IllegalAction, match="costs 1 mp and you have 0"):
        state.apply(Step(seat, SON, sp(20)))


def test_the_rulebook_example_grandma_one_mp_and_schoolbus_four_plus_one():
    """"Example in the illustration: a player moves the Grandma (1 mp) and the schoolbus (4+1 mp) as
    indicated by the arrows, playing 2 movement cards, each worth 3 mp for a total of 6 mp.\""""
    state = started()
    seat = play(state, 3, 3)
    state.apply(Step(seat, GRANDMA, sp(1)))
    state.apply(EndMovement(seat))
    assert state.mp == 5
    state.apply(Step(seat, SCHOOLBUS, sp(24)))
    assert state.mp == 1
    state.apply(Step(seat, SCHOOLBUS, sp(23)))
    assert state.mp == 0


def test_a_traffic_card_pays_its_printed_cost_for_the_first_space_then_one():
    """"If a player moves the schoolbus or a traffic card, the first space costs as many mp as the
    number printed on the schoolbus and traffic cards respectively, and any subsequent movement of
    those cards cost 1 mp.\""""
    state = started()
    seat = play(state, 4, 1)
    state.apply(Step(seat, TRAFFIC_1, sp(22)))
    assert state.mp == 2
    state.apply(Step(seat, TRAFFIC_1, sp(21)))
    assert state.mp == 1
    state.apply(EndMovement(seat))
    with pytest.raises(IllegalAction, match="costs 3 mp"):
        state.apply(Step(seat, TRAFFIC_1, sp(20)))  # a new movement pays the printed cost again


def test_unused_mp_are_lost():
    """"Any unused mp are lost.\""""
    state = started()
    seat = play(state, 4)
    state.apply(Step(seat, WIFE, sp(10)))
    state.apply(EndMovement(seat))
    state.apply(Finish(seat))
    state.apply(EndTurn(seat))
    assert state.current != seat and state.mp == 0


def test_no_piece_goes_back_into_a_space_crossed_in_the_same_movement():
    """"The movement of any card is not permitted: a) into spaces already crossed in the same
    movement\""""
    state = started()
    seat = play(state, 4)
    state.apply(Step(seat, WIFE, sp(10)))
    state.apply(Step(seat, WIFE, sp(11)))
    with pytest.raises(IllegalAction, match="already crossed"):
        state.apply(Step(seat, WIFE, sp(10)))
    state.apply(EndMovement(seat))
    state.apply(Step(seat, WIFE, sp(10)))  # a new movement may


def test_nothing_crosses_a_traffic_card():
    """"The movement of any card is not permitted: ... b) crossing the traffic cards\""""
    state = started()
    seat = play(state, 4)
    put(state, WIFE, 12)  # traffic card 1 stands on 13
    with pytest.raises(IllegalAction, match="traffic card"):
        state.apply(Step(seat, WIFE, sp(13)))
    state.apply(Step(seat, SCHOOLBUS, sp(24)))
    state.apply(EndMovement(seat))
    put(state, SCHOOLBUS, 22)
    with pytest.raises(IllegalAction, match="traffic card"):
        state.apply(Step(seat, SCHOOLBUS, sp(13)))


def test_characters_and_the_schoolbus_may_be_crossed_but_every_movement_ends_on_an_empty_space():
    """"The movement of any card is permitted: ... b) crossing the characters and the schoolbus
    cards" and "At the end of movement, all cards must end up in an empty space.\""""
    state = started()
    seat = play(state, 1)
    put(state, WIFE, 10)
    put(state, MAMMA, 11)
    with pytest.raises(IllegalAction, match="could not get past the Mamma"):
        state.apply(Step(seat, WIFE, sp(11)))  # one mp: she would stop on the Mamma
    for card in set_hand(state, seat, movement=[2]):
        state.apply(PlayMovement(seat, card))
    put(state, SCHOOLBUS, 12)
    state.apply(Step(seat, WIFE, sp(11)))
    with pytest.raises(IllegalAction, match="The Wife must end her movement on an empty space"):
        state.apply(EndMovement(seat))
    state.apply(Step(seat, WIFE, sp(12)))  # over the schoolbus as well
    state.apply(Step(seat, WIFE, sp(21)))
    state.apply(EndMovement(seat))
    assert state.loc[WIFE] == sp(21)


def test_pieces_move_in_any_direction_but_only_inside_the_city():
    """"The movement of any card is permitted: a) in any direction, but inside the area of play (C)"
    — one orthogonal step at a time; column B is not part of the area of play."""
    state = started()
    seat = play(state, 4)
    put(state, WIFE, 10)
    assert sorted(state.destinations(WIFE)) == [sp(1), sp(11), sp(19)]
    with pytest.raises(IllegalAction, match="cannot go there"):
        state.apply(Step(seat, WIFE, sp(2)))  # diagonal
    with pytest.raises(IllegalAction, match="cannot go there"):
        state.apply(Step(seat, WIFE, SEAT))  # back to column B: only at the Dinner Hour
    put(state, WIFE, 18)
    assert sorted(state.destinations(WIFE)) == [sp(9), sp(17), sp(27)]


def test_the_ingredients_card_is_not_a_space_to_walk_on():
    """Ingredients are bought by stopping *next to* the card; nobody steps onto it (our reading)."""
    state = started()
    seat = play(state, 4)
    put(state, WIFE, 14)
    with pytest.raises(IllegalAction, match="shop"):
        state.apply(Step(seat, WIFE, state.ingredient_space))


def test_one_piece_moves_at_a_time():
    """A movement is finished before another piece starts (our reading: it makes "the first space"
    and "spaces already crossed in the same movement" well defined)."""
    state = started()
    seat = play(state, 4)
    state.apply(Step(seat, WIFE, sp(10)))
    with pytest.raises(IllegalAction, match="Finish moving the Wife"):
        state.apply(Step(seat, SON, sp(19)))
