"""Mamma: "Stealing Ingredients"."""
from __future__ import annotations

import pytest

from simulator.engine import IllegalAction
from simulator.games.mamma.box import GRANDMA, GRANDPA, MAMMA, SON, WIFE
from simulator.games.mamma.rules import (BENCH, CHURCH, HOSPITAL, WC, Decline, EndMovement,
                                         PlayMovement, Steal, Step)

from .tabletop import give_food, ingredient_card, put, set_hand, sp, started


def crossing(mover: int, crossed: int, *, food: bool = True):
    """``crossed`` stands on 11 holding one upright card; ``mover`` on 10 with 4 mp to spend."""
    state = started()
    seat = state.current
    for card in set_hand(state, seat, movement=[4]):
        state.apply(PlayMovement(seat, card))
    put(state, mover, 10)
    put(state, crossed, 11)
    card = ingredient_card(state, cost=2)
    if food:
        give_food(state, crossed, card)
    return state, seat, card


def test_crossing_an_older_character_lets_the_player_take_an_upright_card():
    """"Every time a player moves a character making him/her cross an older character ..., the
    current player can choose 1 ingredients card, in vertical position, that is to the left of the
    older character's reference card, and place it to the left of the younger character's reference
    card, in vertical position.\""""
    state, seat, card = crossing(WIFE, MAMMA)
    state.apply(Step(seat, WIFE, sp(11)))
    assert state.pending[0] == {"kind": "steal", "seat": seat, "thief": WIFE, "victim": MAMMA}
    state.apply(Steal(seat, card))
    assert state.food_at[WIFE] == [card] and state.food_at[MAMMA] == []
    state.apply(Step(seat, WIFE, sp(12)))
    state.apply(EndMovement(seat))


def test_stealing_is_a_choice():
    """"the current player can choose" — the player may also let the chance pass."""
    state, seat, card = crossing(WIFE, GRANDMA)
    state.apply(Step(seat, WIFE, sp(11)))
    state.apply(Decline(seat))
    assert state.food_at[GRANDMA] == [card]


def test_nobody_steals_from_a_younger_character():
    """Only "from an older character": the Mamma crossing the Wife takes nothing."""
    state, seat, _ = crossing(MAMMA, WIFE)
    state.apply(Step(seat, MAMMA, sp(11)))
    assert state.pending == []


def test_the_son_never_steals():
    """"Any character can steal ingredients from an older character, except the Son (he's not
    interested in them)\""""
    state, seat, _ = crossing(SON, GRANDPA)
    state.apply(Step(seat, SON, sp(11)))
    assert all(p["kind"] != "steal" for p in state.pending)


def test_the_grandpa_never_steals_without_the_child():
    """"except ... the Grandpa (he's the oldest)\""""
    state, seat, _ = crossing(GRANDPA, SON)
    state.apply(Step(seat, GRANDPA, sp(11)))
    assert state.pending == []


def test_sideways_cards_cannot_be_stolen():
    """"no character can take away: ... 2. the ingredients cards that are in horizontal position to
    the left of any reference card.\""""
    state, seat, card = crossing(WIFE, MAMMA)
    state.sideways.append(card)
    state.apply(Step(seat, WIFE, sp(11)))
    assert state.pending == []
    with pytest.raises(IllegalAction):
        state.pending.append({"kind": "steal", "seat": seat, "thief": WIFE, "victim": MAMMA})
        state.apply(Steal(seat, card))


@pytest.mark.parametrize("place", [BENCH, WC, HOSPITAL, CHURCH])
def test_no_stealing_from_the_bench_the_wc_the_hospital_or_the_church(place):
    """"no character can take away: 1. the ingredients cards from a character sitting on the bench,
    inside the w.c., in the Hospital or from the Grandma while she's on the Church card\""""
    victim = GRANDMA if place == CHURCH else MAMMA
    state, seat, card = crossing(WIFE, victim)
    put(state, victim, place)
    assert state.stealable(WIFE, victim) == []
    # and nobody can cross a card beside the city: only city spaces are stepped on
    assert all(isinstance(to, int) or to in (BENCH, WC) for to in state.destinations(WIFE))
