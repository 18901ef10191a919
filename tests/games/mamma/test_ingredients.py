"""Mamma: "The Ingredients" — buying, paying, the substitute card and the next ingredient."""
from __future__ import annotations

import pytest

from simulator.engine import IllegalAction
from simulator.games.mamma.box import CHARACTERS, GRANDPA, HUSBAND, MAMMA, SON, WIFE
from simulator.games.mamma.rules import (DINNER_SETUP, EndMovement, Finish, Pay, PlaceIngredient,
                                         PlayMovement, Step)
from simulator.games.mamma.words import TableWords

from .tabletop import (box_of, give_food, ingredient_card, put, set_city_ingredient, set_hand,
                       set_money, sp, started)


def shop(cost: int = 2, players: int = 2):
    """A game whose city ingredient (on 15) costs ``cost``; the current seat holds 4 mp."""
    state = started(players=players)
    set_city_ingredient(state, ingredient_card(state, cost=cost))
    seat = state.current
    for card in set_hand(state, seat, movement=[4]):
        state.apply(PlayMovement(seat, card))
    return state, seat


def test_a_character_who_stops_next_to_the_ingredients_with_enough_money_must_buy():
    """"A character who moves and stops next to the ingredients card and has enough money must buy
    the ingredients card.\""""
    state, seat = shop(cost=2)
    set_money(state, WIFE, 2)
    put(state, WIFE, 5)
    state.apply(Step(seat, WIFE, sp(6)))  # 6 is next to 15
    state.apply(EndMovement(seat))
    assert state.pending[0] == {"kind": "buy", "seat": seat, "character": WIFE}
    with pytest.raises(IllegalAction, match="must buy"):
        state.apply(Finish(seat))
    assert state.legal_actions(seat) == [Pay(seat, tuple(state.money_at[WIFE]))]


def test_no_purchase_without_stopping_next_to_the_card_or_without_enough_money():
    """"A character who doesn't move and stop next to the ingredients card or with insufficient
    money cannot buy the ingredients.\""""
    state, seat = shop(cost=2)
    set_money(state, WIFE, 3)
    set_money(state, MAMMA, 3)
    set_money(state, SON, 1)
    put(state, MAMMA, 24)  # next to 15 already, but not moved this turn
    put(state, WIFE, 5)
    state.apply(Step(seat, WIFE, sp(6)))
    state.apply(Step(seat, WIFE, sp(7)))  # passes by
    state.apply(EndMovement(seat))
    put(state, SON, 5)
    state.apply(Step(seat, SON, sp(6)))  # stops, but has 1 money
    state.apply(EndMovement(seat))
    assert state.pending == []
    state.apply(Finish(seat))
    assert all(state.food_at[c] == [] for c in range(CHARACTERS))


def test_the_husband_pays_two_more_and_the_mamma_one_less():
    """"a) the Husband always pays 2 money more. b) the Mamma always pays 1 money less (she takes
    the ingredients cards that cost 1 money for free).\""""
    state, seat = shop(cost=1)
    assert state.price(HUSBAND) == 3 and state.price(MAMMA) == 0 and state.price(WIFE) == 1
    set_money(state, MAMMA)
    put(state, MAMMA, 5)
    state.apply(Step(seat, MAMMA, sp(6)))
    state.apply(EndMovement(seat))
    assert state.legal_actions(seat) == [Pay(seat, ())]  # for free
    card = state.floor[state.ingredient_space]
    state.apply(Pay(seat, ()))
    assert state.food_at[MAMMA] == [card]


def test_paying_more_than_the_price_gives_no_change():
    """"If a character pays more money than necessary, he/she loses the surplus, as no change can be
    given.\""""
    state, seat = shop(cost=2)
    low, high = set_money(state, WIFE, 1, 3)
    put(state, WIFE, 5)
    state.apply(Step(seat, WIFE, sp(6)))
    state.apply(EndMovement(seat))
    assert state.payments(WIFE) == [(high,)]  # never a card more than needed
    with pytest.raises(IllegalAction, match="cover the price"):
        state.apply(Pay(seat, (low,)))
    state.apply(Pay(seat, (high,)))
    assert state.money_at[WIFE] == [low]  # the 3 is gone: 1 money of surplus is lost
    assert state.decks["money"][-1] == high
    assert log_line(state, "buy").endswith(": price 2, paid 3 (no change)"), "the log says both"


def test_the_purchase_log_names_the_price_the_buyer_paid():
    """"the Mamma always pays 1 money less": the log says what the card cost her, and what she
    paid when no card was small enough to pay it exactly."""
    line = purchase_line(MAMMA, 2)
    assert line.startswith("The Mamma bought ") and line.endswith(": price 1, paid 2 (no change)")
    assert purchase_line(WIFE, 2).endswith(" for 2")


def purchase_line(character: int, money: int) -> str:
    """The log line of ``character``, holding one money card of ``money``, buying a card of cost 2."""
    state, seat = shop(cost=2)
    set_money(state, character, money)
    put(state, character, 5)
    state.apply(Step(seat, character, sp(6)))
    state.apply(EndMovement(seat))
    state.apply(Pay(seat, tuple(state.money_at[character])))
    return log_line(state, "buy")


def log_line(state, what: str) -> str:
    """The table's log sentence for the last ``what`` event, as every seat reads it."""
    view = state.view(None)
    event = [e for e in view["events"] if e["what"] == what][-1]
    return TableWords(state.game, ["Ann", "Bob"]).event(event, view, None)


def test_the_rulebook_example_the_wife_buys_with_her_money_card_of_2():
    """"The Wife has one money card of 2 ... A player moves the Wife ... playing 1 movement card, of
    1 mp ... the Wife must buy the next ingredients card, which costs 1 money ... a) takes this
    ingredients card and places it to the left of the Wife's reference card (in a vertical
    position) b) places a substitute card in the empty space ... c) takes the top card in the
    vertical row of the ingredients cards and places it in the area of play, replacing one of the
    cards marked with the club-shaped symbol (at a distance of 5 mp from the Wife). The card removed
    from the area of play becomes a new substitute card. d) removes the money card of 2\""""
    state = started()
    seat = state.current
    set_city_ingredient(state, ingredient_card(state, cost=1))
    two = set_money(state, WIFE, 2)[0]
    one = set_hand(state, seat, movement=[1])[0]
    put(state, WIFE, 5)
    state.apply(PlayMovement(seat, one))
    state.apply(Step(seat, WIFE, sp(6)))
    state.apply(EndMovement(seat))
    bought = state.floor[sp(15)]
    substitutes = list(state.substitutes)
    next_card = state.ingredient_row[0]
    state.apply(Pay(seat, (two,)))
    assert state.food_at[WIFE] == [bought] and bought not in state.sideways          # a)
    assert state.floor[sp(15)] == substitutes[0] and state.ingredient_space is None  # b)
    assert state.pending[0]["kind"] == "place-ingredient"
    assert state.ingredient_spots(sp(6)) == [sp(20)]  # the only club spot 5+ steps from 6
    club_card = state.floor[sp(20)]
    state.apply(PlaceIngredient(seat, sp(20)))                                        # c)
    assert state.floor[sp(20)] == next_card and state.ingredient_space == sp(20)
    assert club_card in state.substitutes
    assert state.money_at[WIFE] == [] and state.decks["money"][-1] == two            # d)


def test_the_next_ingredient_goes_as_far_as_possible_when_nothing_is_five_mp_away():
    """"If there are no positions available at 5 mp, a position at the furthest possible distance
    must be chosen (4 or 3 or 2 or 1).\""""
    state = started()
    # from the taxi (14) in the middle, the farthest club spots are 4 steps away
    assert sorted(state.ingredient_spots(sp(14))) == [sp(18), sp(20), sp(26)]
    put(state, WIFE, 20)  # a spot with someone standing on it cannot take the card
    assert sorted(state.ingredient_spots(sp(14))) == [sp(18), sp(26)]
    with pytest.raises(IllegalAction):
        state.pending.append({"kind": "place-ingredient", "seat": state.current, "origin": sp(14)})
        state.apply(PlaceIngredient(state.current, sp(4)))


def test_a_character_who_buys_cannot_move_again_that_turn():
    """"If a character buys ingredients, he/she cannot be moved any more in the same turn.\""""
    state, seat = shop(cost=1)
    set_money(state, WIFE, 1)
    put(state, WIFE, 5)
    state.apply(Step(seat, WIFE, sp(6)))
    state.apply(EndMovement(seat))
    state.apply(Pay(seat, tuple(state.money_at[WIFE])))
    state.apply(PlaceIngredient(seat, state.ingredient_spots(sp(6))[0]))
    assert state.mp == 3
    with pytest.raises(IllegalAction, match="cannot move any more"):
        state.apply(Step(seat, WIFE, sp(5)))


def test_the_last_ingredients_card_bought_starts_the_dinner_hour():
    """"When the last ingredients card is bought, the Dinner Hour phase begins.\""""
    state, seat = shop(cost=1)
    for card in list(state.ingredient_row):
        give_food(state, GRANDPA, card)
    set_money(state, WIFE, 1)
    put(state, WIFE, 5)
    state.apply(Step(seat, WIFE, sp(6)))
    state.apply(EndMovement(seat))
    state.apply(Pay(seat, tuple(state.money_at[WIFE])))
    assert state.dinner and state.phase == DINNER_SETUP and state.player_x == seat
    assert state.ingredient_space is None
    assert sum(len(f) for f in state.food_at) == len(box_of(state).ingredients)
