"""Mamma: "Special Characteristics of the Characters"."""
from __future__ import annotations

import pytest

from simulator.engine import IllegalAction
from simulator.games.mamma.box import GRANDMA, GRANDPA, HUSBAND, MAMMA, SON, WIFE
from simulator.games.mamma.rules import (CHURCH, EXITING, SCHOOLBUS, Arcade, Draw, EndMovement, EndTurn,
                                         Finish, PlaceCharacter, PlaceMoney, PlayMovement, RideBus,
                                         Steal, Step, TakeTaxi)

from .tabletop import (give_food, ingredient_card, move_ingredient, put, set_city_ingredient,
                       set_hand, set_money, sp, started)


def with_mp(state, *values):
    seat = state.current
    for card in set_hand(state, seat, movement=values):
        state.apply(PlayMovement(seat, card))
    return seat


def end_turn(state):
    """Finish the turn, taking no card unless one must be taken (options 3 and 4)."""
    seat = state.current
    state.apply(Finish(seat))
    if state.current == seat:
        state.apply(EndTurn(seat) if EndTurn(seat) in state.legal_actions(seat) else Draw(seat, "movement"))


# -- the Grandpa -----------------------------------------------------------------------------
def test_the_grandpa_takes_the_child_when_he_and_the_schoolbus_are_next_to_the_school_at_the_end_of_a_turn():
    """"At the end of any turn, if both the schoolbus and the Grandpa cards are next to the School
    card, the Grandpa card must be turned over, showing the side "Grandpa with the Child".\""""
    state = started()
    seat = with_mp(state, 4, 2)
    put(state, GRANDPA, 2)
    put(state, SCHOOLBUS, 5)
    state.apply(Step(seat, SCHOOLBUS, sp(4)))
    state.apply(Step(seat, SCHOOLBUS, sp(3)))
    state.apply(EndMovement(seat))
    assert not state.grandpa_child  # only at the end of the turn
    end_turn(state)
    assert state.grandpa_child
    assert state.breakdown(GRANDPA).character == 7


def test_the_grandpa_with_the_child_steals_one_card_in_the_game_never_a_mother_in_law():
    """"The Grandpa with the Child can steal one vertical ingredients card from any other character,
    if any player makes the Grandpa with the Child cross this character. ... a) the Grandpa with the
    Child cannot steal the ingredients card with the Mother-in-Law icon. b) the Grandpa with the
    Child can steal just 1 ingredients card in the game.\""""
    state = started()
    state.grandpa_child = True
    seat = with_mp(state, 4)
    plain = ingredient_card(state, cost=2, mother_in_law=0)
    mil = ingredient_card(state, mother_in_law=5)
    give_food(state, SON, plain)   # the youngest: only the Child makes this possible
    give_food(state, SON, mil)
    put(state, GRANDPA, 10)
    put(state, SON, 11)
    state.apply(Step(seat, GRANDPA, sp(11)))
    assert state.legal_actions(seat)[1:] == [Steal(seat, plain)]
    with pytest.raises(IllegalAction):
        state.apply(Steal(seat, mil))
    state.apply(Steal(seat, plain))
    assert state.child_steal_used and state.food_at[GRANDPA] == [plain]
    state.apply(Step(seat, GRANDPA, sp(12)))
    put(state, HUSBAND, 21)
    give_food(state, HUSBAND, ingredient_card(state, cost=1))
    state.apply(Step(seat, GRANDPA, sp(21)))
    assert state.pending == []  # his one theft is spent


def test_the_grandpa_next_to_the_bank_may_hold_three_money_cards():
    """"If a player moves and stops the Grandpa (or Grandpa with the Child) next to the bank card,
    from that moment on the Grandpa can have up to 3 money cards ... the bank card must be turned
    over, showing the side with the drawing of the Grandpa\""""
    state = started()
    seat = with_mp(state, 1)
    set_money(state, GRANDPA, 1, 1)
    money = set_hand(state, seat, money=[2])[0]
    put(state, GRANDPA, 4)
    assert state.money_capacity(GRANDPA) == 2
    state.apply(Step(seat, GRANDPA, sp(5)))
    state.apply(EndMovement(seat))
    assert state.bank_flipped and state.view(None)["bank_flipped"]
    state.apply(PlaceMoney(seat, money, GRANDPA, -1))
    assert len(state.money_at[GRANDPA]) == 3


def test_other_characters_hold_two_money_cards_and_replace_only_with_greater_ones():
    """"No character, except the Grandpa, can have more than 2 money cards to the left of his/her
    reference card, but if a character already has 2 money cards, it's permitted to replace one or
    both with one or two cards of greater value, putting those of lower value under the money deck\""""
    state = started()
    seat = state.current
    low, mid = set_money(state, WIFE, 1, 2)
    two, three = set_hand(state, seat, money=[2, 3])
    with pytest.raises(IllegalAction, match="already has 2 money cards"):
        state.apply(PlaceMoney(seat, two, WIFE, -1))
    with pytest.raises(IllegalAction, match="greater value"):
        state.apply(PlaceMoney(seat, two, WIFE, mid))
    state.apply(PlaceMoney(seat, two, WIFE, low))
    state.apply(PlaceMoney(seat, three, WIFE, mid))
    assert sorted(state.money(c) for c in [WIFE]) == [5]
    assert state.decks["money"][-2:] == [low, mid]


# -- the Grandma -----------------------------------------------------------------------------
def test_the_grandma_takes_the_bus_with_the_right_number_and_may_walk_on():
    """"If the Grandma is on or is moved next to a Bus Stop card by a player, this player can try to
    move the Grandma by Bus. The player declares, with a single attempt, "969" or "696" or "699" ...
    If the number of this card is the declared number, the player can move the Grandma directly next
    to the other Bus Stop card in the area of play ... After this movement, the player can still play
    game cards, moving the Grandma again (with movement cards).\""""
    state = started()
    seat = state.current
    put(state, GRANDMA, 11)
    label = state.game.box.bus_label(state.bus_deck[0])
    state.apply(RideBus(seat, label))
    item = state.pending[0]
    assert item["kind"] == "bus-arrival" and state.loc[GRANDMA] == EXITING
    assert sorted(state.landing_spaces(item)) == [sp(8), sp(18), sp(26)]  # 16 holds a traffic card
    state.apply(PlaceCharacter(seat, GRANDMA, sp(8)))
    with pytest.raises(IllegalAction, match="once a turn|One try"):
        state.apply(RideBus(seat, label))
    with_mp(state, 1)
    state.apply(Step(seat, GRANDMA, sp(7)))
    state.apply(EndMovement(seat))


def test_the_grandma_on_the_wrong_bus_goes_to_the_church_and_no_more_cards_are_played():
    """"If the number of the Bus card isn't the declared number, the Grandma card must be placed on
    the Church card and the player can't play other game cards this turn.\""""
    state = started()
    seat = state.current
    cards = set_hand(state, seat, movement=[2], money=[2])
    put(state, GRANDMA, 10)
    state.moved.append(GRANDMA)  # moved next to the stop (11) this turn
    box = state.game.box
    wrong = next(n for n in box.bus_numbers if n != box.bus_label(state.bus_deck[0]))
    state.apply(RideBus(seat, wrong))
    assert state.loc[GRANDMA] == CHURCH
    with pytest.raises(IllegalAction, match="missed the bus"):
        state.apply(PlayMovement(seat, cards[0]))
    with pytest.raises(IllegalAction, match="missed the bus"):
        state.apply(PlaceMoney(seat, cards[1], WIFE, -1))


def test_every_bus_try_puts_two_cards_under_the_deck_so_a_good_memory_can_follow_it():
    """"Every time a player takes the top card of the Bus deck, he/she must place this card under the
    deck, face down. Then, the player must also place the next top card under the deck, without
    looking at it. The sequence of the 5 cards remains the same, but in this manner, the top card
    changes.\""""
    state = started(bus_memory="remembered")
    seat = state.current
    before = list(state.bus_deck)
    put(state, GRANDMA, 11)
    state.apply(RideBus(seat, "969"))
    assert state.bus_deck == before[2:] + before[:2]
    box = state.game.box
    assert state.bus_turned == [box.bus_label(before[0])]  # only the turned card was seen
    assert state.view(seat)["bus_memory"] == [box.bus_label(c) for c in state.bus_deck]  # the table's aid


def test_the_grandma_rides_only_from_a_bus_stop_or_after_being_moved_next_to_one():
    """"If the Grandma is on or is moved next to a Bus Stop card by a player" — standing next to it
    since an earlier turn is not enough (option ride_from_next_to changes this)."""
    state = started()
    seat = state.current
    put(state, GRANDMA, 10)
    with pytest.raises(IllegalAction, match="bus stop"):
        state.apply(RideBus(seat, "969"))
    lenient = started(ride_from_next_to=True)
    put(lenient, GRANDMA, 10)
    lenient.apply(RideBus(lenient.current, "969"))


def test_only_the_grandma_goes_to_the_church_and_leaving_it_costs_three_mp():
    """"Only the Grandma can be placed on the Church card, and only on this occasion." and "A player
    must spend 3 mp if he/she wants to move the Grandma from the Church into a space next to the
    Church.\""""
    state = started()
    put(state, GRANDMA, CHURCH)
    put(state, WIFE, 26)
    assert CHURCH not in state.destinations(WIFE)  # nobody walks into the church
    seat = with_mp(state, 2)
    with pytest.raises(IllegalAction, match="costs 3 mp"):
        state.apply(Step(seat, GRANDMA, sp(27)))
    with_mp(state, 1)
    state.apply(Step(seat, GRANDMA, sp(27)))
    assert state.mp == 0


# -- the Wife ----------------------------------------------------------------------------------
def test_the_wife_rides_the_taxi_for_three_times_a_money_card_then_may_walk_on():
    """"If the Wife is on or is moved next to the taxi card by a player, this player can move the Wife
    by taxi. The player chooses and removes 1 money card from the left of the Wife's reference card
    and multiplies by 3 the value of the chosen card. The result gives the maximum mp that the player
    can utilize to move the Wife by taxi. After this movement, the player can still play game cards,
    moving the Wife again (with movement cards).\""""
    state = started()
    seat = state.current
    set_city_ingredient(state, ingredient_card(state, cost=3))
    one, two = set_money(state, WIFE, 1, 2)
    put(state, WIFE, 14)  # on the taxi
    state.apply(TakeTaxi(seat, two))
    assert state.money_at[WIFE] == [one] and state.budget() == 6
    for number in (5, 4, 3, 2, 1, 10):
        state.apply(Step(seat, WIFE, sp(number)))
    with pytest.raises(IllegalAction, match="costs 1 mp and you have 0"):
        state.apply(Step(seat, WIFE, sp(19)))
    state.apply(EndMovement(seat))
    assert state.mp == 0  # the taxi's mp are its own
    with_mp(state, 1)
    state.apply(Step(seat, WIFE, sp(19)))
    state.apply(EndMovement(seat))
    assert state.loc[WIFE] == sp(19)


def test_the_taxi_needs_the_wife_on_it_or_moved_next_to_it():
    """"If the Wife is on or is moved next to the taxi card by a player\""""
    state = started()
    seat = state.current
    card = set_money(state, WIFE, 2)[0]
    put(state, WIFE, 5)
    with pytest.raises(IllegalAction, match="taxi"):
        state.apply(TakeTaxi(seat, card))
    with_mp(state, 1)
    put(state, WIFE, 4)
    state.apply(Step(seat, WIFE, sp(5)))
    state.apply(EndMovement(seat))
    state.apply(TakeTaxi(seat, card))


# -- the Son -----------------------------------------------------------------------------------
def test_the_son_spends_the_highest_money_card_of_the_richest_relative_he_crosses():
    """"If a player moves the Son making him cross the card of a character with the most money among
    the other 5 characters (or tied for most), this player can take the money card of the highest
    value from the left of that character's reference card and places it under the money deck\""""
    state = started()
    seat = with_mp(state, 2)
    set_hand(state, 1 - seat)
    set_money(state, SON)
    for c in (GRANDPA, GRANDMA, MAMMA, WIFE):
        set_money(state, c, 1)
    low, high = set_money(state, HUSBAND, 1, 3)
    put(state, SON, 10)
    put(state, HUSBAND, 11)
    state.apply(Step(seat, SON, sp(11)))
    assert state.pending[0] == {"kind": "arcade", "seat": seat, "victim": HUSBAND}
    state.apply(Arcade(seat))
    assert state.money_at[HUSBAND] == [low] and state.decks["money"][-1] == high


def test_the_son_spends_nothing_of_a_relative_who_is_not_the_richest():
    """Only "a character with the most money among the other 5 characters (or tied for most)".\""""
    state = started()
    seat = with_mp(state, 2)
    set_money(state, HUSBAND, 1)
    set_money(state, GRANDPA, 3)
    put(state, SON, 10)
    put(state, HUSBAND, 11)
    state.apply(Step(seat, SON, sp(11)))
    assert state.pending == []


def test_the_mamma_and_the_husband_change_the_price():
    """"When a player makes the Mamma buy ingredients, she always pays 1 money less" and "When the
    Husband buys ingredients, he always pays 2 money more.\""""
    state = started()
    set_city_ingredient(state, ingredient_card(state, cost=2))
    assert [state.price(c) for c in (GRANDPA, MAMMA, HUSBAND)] == [2, 1, 4]


def test_a_ride_that_ends_next_to_the_ingredients_is_a_movement_that_stops_there():
    """Our reading of "moves and stops next to the ingredients card": a taxi ride or a bus ride is
    a movement, so a character it leaves next to the card with enough money must buy."""
    state = started()
    seat = state.current
    set_city_ingredient(state, ingredient_card(state, cost=1))
    set_money(state, GRANDMA, 2)
    state.loc[SCHOOLBUS + 2] = sp(27)  # the traffic card off space 16, next to the other stop
    put(state, GRANDMA, 11)
    move_ingredient(state, 7)
    state.apply(RideBus(seat, state.game.box.bus_label(state.bus_deck[0])))
    state.apply(PlaceCharacter(seat, GRANDMA, sp(16)))  # 16 is next to the stop 17 and to 7
    assert state.pending[0] == {"kind": "buy", "seat": seat, "character": GRANDMA}


def test_the_wife_in_the_taxi_may_still_steal_from_older_characters_she_crosses():
    """Our reading: a taxi ride is a movement of the Wife, so crossing an older character in it
    offers a theft like any other movement."""
    state = started()
    seat = state.current
    card = set_money(state, WIFE, 2)[0]
    put(state, WIFE, 14)
    put(state, MAMMA, 5)
    give_food(state, MAMMA, ingredient_card(state, cost=2))
    state.apply(TakeTaxi(seat, card))
    state.apply(Step(seat, WIFE, sp(5)))
    assert state.pending[0]["kind"] == "steal"
