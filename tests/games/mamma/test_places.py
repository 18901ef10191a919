"""Mamma: the Park Bench, the W.C., the Schoolbus and the Hospital."""
from __future__ import annotations

import pytest

from simulator.engine import IllegalAction
from simulator.games.mamma.box import GRANDPA, HUSBAND, MAMMA, SON, WIFE
from simulator.games.mamma.rules import (BENCH, EXITING, HOSPITAL, WC, EndMovement, EndTurn,
                                         Finish, LoseIngredient, PlaceCharacter, PlayMovement,
                                         Step)

from .tabletop import give_food, ingredient_card, put, set_hand, sp, started


def with_mp(state, *values):
    seat = state.current
    for card in set_hand(state, seat, movement=values):
        state.apply(PlayMovement(seat, card))
    return seat


def pass_turn(state):
    """The current player does nothing and takes nothing."""
    seat = state.current
    set_hand(state, seat)
    state.apply(Finish(seat))
    state.apply(EndTurn(seat))


def test_the_bench_costs_one_mp_to_sit_on_and_three_to_leave_and_holds_one_character():
    """"It's permitted to move a character from a space next to the bench onto the bench card, at
    the cost of 1 mp. The bench can be occupied only by one character at a time." and "A player must
    spend 3 mp if he/she wants to move a character from the bench into a space next to the bench.\""""
    state = started()
    seat = with_mp(state, 4)
    put(state, WIFE, 24)
    put(state, SON, 25)
    state.apply(Step(seat, WIFE, BENCH))
    assert state.loc[WIFE] == BENCH and state.mp == 3 and state.active is None
    state.apply(Step(seat, SON, sp(24)))
    with pytest.raises(IllegalAction, match="one character fits on the bench"):
        state.apply(Step(seat, SON, BENCH))
    state.apply(EndMovement(seat))
    assert state.loc[SON] == sp(24)


def test_leaving_the_bench_costs_three_mp():
    """"A player must spend 3 mp if he/she wants to move a character from the bench into a space
    next to the bench.\""""
    state = started()
    seat = with_mp(state, 2)
    put(state, WIFE, BENCH)
    assert sorted(state.destinations(WIFE)) == [sp(23), sp(24)]
    with pytest.raises(IllegalAction, match="costs 3 mp"):
        state.apply(Step(seat, WIFE, sp(24)))
    seat = with_mp(state, 1)
    state.apply(Step(seat, WIFE, sp(24)))
    assert state.mp == 0


def test_a_character_leaving_the_bench_cannot_count_on_the_bench_to_end_its_movement():
    """"The movement of any card is not permitted: a) into spaces already crossed in the same
    movement" and "At the end of movement, all cards must end up in an empty space." The bench a
    movement started from was crossed: a step onto an occupied space whose only way out is back
    onto the bench is refused, so the movement cannot get stuck."""
    state = started()
    seat = with_mp(state, 4, 1)
    put(state, SON, BENCH)
    put(state, WIFE, 24)  # beyond her: the schoolbus on 25, the ingredients card on 15
    state.apply(Step(seat, SON, sp(23)))
    assert state.mp == 2
    with pytest.raises(IllegalAction, match="could not get past the Wife"):
        state.apply(Step(seat, SON, sp(24)))
    state.apply(EndMovement(seat))
    assert state.loc[SON] == sp(23)


def test_the_wc_takes_a_character_out_of_play_for_six_turns():
    """"It's permitted to move a character from a space next to the w.c. onto the w.c. card, at the
    cost of 1 mp ... This character is considered inside the wc and he/she will be out of play for
    the next 6 turns. At the beginning of each of the next 6 turns, the player whose turn it is must
    move the card of the character inside the wc 1 space down ... The player of the 6th turn will
    move the card ... directly to the area of play again (the character exits from the wc), onto
    any empty space next to the wc card\""""
    state = started(players=3)
    seat = with_mp(state, 1)
    put(state, HUSBAND, 9)
    state.apply(Step(seat, HUSBAND, WC))
    assert state.loc[HUSBAND] == WC and state.wc_step == 1
    assert state.view(None)["characters"][HUSBAND]["wc_card"] == state.game.box.wc_card
    state.apply(Finish(seat))
    state.apply(EndTurn(seat))
    steps = [state.wc_step]
    for turn in range(2, 7):
        pass_turn(state)
        steps.append(state.wc_step)
        if turn < 6:
            assert state.loc[HUSBAND] == WC
            with pytest.raises(IllegalAction, match="in the W.C."):
                state.apply(Step(state.current, HUSBAND, sp(9)))
    assert steps == [2, 3, 4, 5, 6, 6]
    assert state.pending[0] == {"kind": "exit", "seat": state.current, "character": HUSBAND, "site": WC}
    assert sorted(state.landing_spaces(state.pending[0])) == [sp(8), sp(9)]
    state.apply(PlaceCharacter(state.current, HUSBAND, sp(8)))
    assert state.loc[HUSBAND] == sp(8) and state.wc_step == 0


def test_a_character_leaving_the_wc_goes_to_the_nearest_empty_space_if_both_are_taken():
    """"onto any empty space next to the wc card, or to the nearest empty space, if all the spaces
    next to the wc are occupied.\""""
    state = started()
    put(state, HUSBAND, WC)
    state.wc_step = 6
    put(state, WIFE, 8)
    put(state, SON, 9)
    pass_turn(state)
    item = state.pending[0]
    assert item["kind"] == "exit"
    assert sorted(state.landing_spaces(item)) == [sp(7), sp(17), sp(18)]


def test_one_character_at_a_time_in_the_wc_and_never_twice_in_a_row():
    """"As long as there is a character inside the wc, no other character can enter it." and "A
    character cannot be placed twice consecutively into the wc.\""""
    state = started()
    seat = with_mp(state, 4)
    put(state, HUSBAND, WC)
    put(state, WIFE, 9)
    with pytest.raises(IllegalAction, match="already in the W.C."):
        state.apply(Step(seat, WIFE, WC))
    put(state, HUSBAND, 27)
    state.wc_last = WIFE
    with pytest.raises(IllegalAction, match="twice in a row"):
        state.apply(Step(seat, WIFE, WC))
    state.wc_last = GRANDPA  # someone else went in since: the Wife may again
    state.apply(Step(seat, WIFE, WC))


def test_the_schoolbus_runs_over_the_wife_and_she_goes_to_the_hospital():
    """"If a player moves the schoolbus making it cross the Wife or Son card, the schoolbus runs over
    the Wife or the Son. The character run over by the schoolbus must be placed on the Hospital card
    and will not be able to move, until it exits from the Hospital.\""""
    state = started()
    seat = with_mp(state, 4, 1)
    put(state, WIFE, 24)
    state.apply(Step(seat, 6, sp(24)))  # the schoolbus, from 25
    assert state.loc[WIFE] == HOSPITAL
    state.apply(EndMovement(seat))  # the bus may stop where she stood
    with pytest.raises(IllegalAction, match="hospital"):
        state.apply(Step(seat, WIFE, sp(21)))


def test_the_schoolbus_crossing_anyone_else_has_no_effect():
    """"If the schoolbus crosses a character other than the Wife and the Son, there is no effect.\""""
    state = started()
    seat = with_mp(state, 4, 1)
    put(state, HUSBAND, 24)
    state.apply(Step(seat, 6, sp(24)))
    assert state.loc[HUSBAND] == sp(24)
    state.apply(Step(seat, 6, sp(23)))
    state.apply(EndMovement(seat))


def test_the_son_run_over_loses_half_his_upright_ingredients():
    """"If the Son is run over by the schoolbus ... In addition to going to the Hospital, the current
    player chooses and removes half of the Son's vertical ingredients cards (rounded down) from the
    game (lost in the incident).\""""
    state = started()
    seat = with_mp(state, 4)
    cards = [ingredient_card(state, cost=c, mother_in_law=0) for c in (1, 2, 3)]
    for card in cards:
        give_food(state, SON, card)
    state.sideways.append(cards[2])  # lying sideways: not among his vertical cards
    put(state, SON, 24)
    state.apply(Step(seat, 6, sp(24)))
    assert state.pending[0] == {"kind": "lose", "seat": seat, "count": 1}  # half of 2
    with pytest.raises(IllegalAction, match="upright"):
        state.apply(LoseIngredient(seat, cards[2]))
    state.apply(LoseIngredient(seat, cards[0]))
    assert state.food_at[SON] == cards[1:] and state.lost == [cards[0]]
    assert state.pending == []


def test_the_hospital_has_one_bed():
    """"If the Wife is on the Hospital card and the Son is run over ..., the last run over character
    card must be placed on the Hospital card and the character already in the Hospital exits (there
    is only 1 bed available)." and "The card that exits from the Hospital must be placed by the
    current player in any empty space next to the Hospital\""""
    state = started()
    seat = with_mp(state, 4)
    put(state, WIFE, HOSPITAL)
    put(state, SON, 24)
    state.apply(Step(seat, 6, sp(24)))
    assert state.loc[SON] == HOSPITAL and state.loc[WIFE] == EXITING
    item = state.pending[0]
    assert item == {"kind": "exit", "seat": seat, "character": WIFE, "site": HOSPITAL}
    assert sorted(state.landing_spaces(item)) == [sp(20), sp(21)]
    with pytest.raises(IllegalAction, match="next to the card"):
        state.apply(PlaceCharacter(seat, WIFE, sp(10)))
    state.apply(PlaceCharacter(seat, WIFE, sp(21)))
    assert state.loc[WIFE] == sp(21)


def test_the_mamma_stopping_next_to_the_hospital_frees_the_patient():
    """"Every time a player moves and stops the Mamma next to the Hospital card, the character in the
    Hospital exits.\""""
    state = started()
    seat = with_mp(state, 2)
    put(state, SON, HOSPITAL)
    put(state, MAMMA, 19)
    put(state, WIFE, 21)
    state.apply(Step(seat, MAMMA, sp(20)))
    state.apply(EndMovement(seat))
    item = state.pending[0]
    assert item["kind"] == "exit" and item["character"] == SON
    # both spaces next to the hospital (20, 21) are taken: the nearest empty ones
    assert sorted(state.landing_spaces(item)) == [sp(11), sp(12), sp(19), sp(22)]
    state.apply(PlaceCharacter(seat, SON, sp(22)))
    assert state.loc[SON] == sp(22)
