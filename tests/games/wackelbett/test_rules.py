"""Wackelbett rules: one test per rule of the rulebook, each quoting the sentence it checks.

Tests that need the physics run the real referee; tests of what the rules do with
an outcome hand them a verdict directly (as the table would report it).
"""
from __future__ import annotations

import dataclasses
import math

import pytest

from simulator.engine import REFEREE, IllegalAction, load_game
from simulator.games.wackelbett.hand import lowering_trace, start_height
from simulator.games.wackelbett.layout import (is_on_crown, local_to_world, pile_order, relative_pose, rest_pose_on)
from simulator.physics.snapshot import BodyPose
from simulator.games.wackelbett.hand import princess_trace
from simulator.games.wackelbett.rules import (CARD_VERDICT, DRAWN, LIFT, NOT_ON_TOP, PRINCESS, PRINCESS_VERDICT,
                                              RESTAND, SETUP, SLID, TURN, DrawCard, Pass, PlaceCard, PlacePrincess)
from simulator.games.wackelbett.words import TableWords

from .tabletop import (all_cards, arrange, princess_lying_on_bed, princess_on_crown, settle_with_referee,
                       stand_her_back_up, started, verdict, with_card_on_top)


def fitting(state, top: int, *, exclude=()) -> list[int]:
    faces = state.game.faces
    return [f.id for f in faces if f.id != top and f.id not in exclude
            and f.colour != faces[top].colour and f.bedding != faces[top].bedding]


def clashing(state, top: int) -> tuple[int, int]:
    """A card of the top card's colour (other bedding) and one of its bedding (other colour)."""
    faces = state.game.faces
    same_colour = next(f.id for f in faces if f.colour == faces[top].colour and f.bedding != faces[top].bedding)
    same_bedding = next(f.id for f in faces if f.bedding == faces[top].bedding and f.colour != faces[top].colour)
    return same_colour, same_bedding


def _normalise(state):
    """Put stray cards back so the box stays whole after hand edits in a test."""
    seen = {c for h in state.hands for c in h} | set(state.layout.card_ids) | set(state.reserve)
    state.draw_pile = [c for c in range(state.game.deck_size) if c not in seen]
    return state


def trace_to(state, along: float, *, gap: float | None = None) -> tuple[float, ...]:
    """A gentle hand lowering a card to lie ``along`` mm from the top card's centre."""
    physics = state.game.physics
    target = rest_pose_on(physics, state.layout, along)
    return lowering_trace(physics, target, start_height(physics, state.layout, target), release_gap=gap)


def two_card_table(players: int = 2, **options):
    """Seat 0 to play, top card 0 (pea at -30 mm, crown at -8 mm), seat 0 holding two cards that fit."""
    state = started(players, **options)
    top = 0
    cards = fitting(state, top)
    hands = [cards[:2]] + [cards[2 + 2 * i: 4 + 2 * i] for i in range(players - 1)]
    arrange(state, bed=[top], hands=hands)
    state.current = 0
    return state


# -- set-up -------------------------------------------------------------------------------------

def test_the_game_is_for_two_to_five_players():
    """Wackelbett is played by 2 to 5 (the publisher's box; the rulebook shows a 4-player set-up)."""
    for players in (2, 5):
        assert load_game("wackelbett", players=players).players == players
    for players in (0, 6):
        with pytest.raises(ValueError):
            load_game("wackelbett", players=players)
    with pytest.raises(ValueError, match="2-5"):
        load_game("wackelbett", players=1, mode="table")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_five_cards_are_dealt_face_down_and_the_rest_is_the_draw_pile(players):
    """"Shuffle the bedding cards and deal 5 cards face down to each player. Put the rest of
    the cards within reach as a draw pile.\""""
    state = load_game("wackelbett", players=players).new_state(3)
    assert [len(h) for h in state.hands] == [5] * players
    assert len(state.draw_pile) == 36 - 5 * players - 1  # one more is turned over for the bed
    assert all_cards(state) == list(range(36))
    for seat in range(players):
        others = {c for s, h in enumerate(state.hands) if s != seat for c in h}
        assert others | set(state.draw_pile) <= state.hidden_from(seat)
        assert not set(state.hands[seat]) & state.hidden_from(seat)


def test_the_box_holds_twelve_of_each_bedding():
    """"36 bedding cards (12 pillow cards, 12 downy comforter cards, 12 mattress cards)\""""
    game = load_game("wackelbett", players=2)
    assert len(game.faces) == 36
    for bedding in ("pillow", "comforter", "mattress"):
        assert sum(f.bedding == bedding for f in game.faces) == 12


def test_the_top_card_is_laid_across_the_bed_with_the_princess_on_its_crown():
    """"Turn over the top card and lay it across the princess bed. Now place Penny Pea princess
    on the crown symbol on the card.\""""
    game = load_game("wackelbett", players=3)
    state = game.new_state(4)
    first = state.placing
    assert state.phase == SETUP and state.current_players() == (REFEREE,)
    assert "placing_card" in state.view(1) and state.view(1)["placing_card"] == first
    state.apply(game.make_referee().decide(state))
    assert state.layout.card_ids == (first,)
    pose = state.layout.pose_of(first)
    across = relative_pose(state.layout.bed, pose)  # the bed rolls a little under the princess's weight
    assert abs(across.x) < 1.0 and abs(across.angle) < 0.01
    assert state.princess_upright
    assert is_on_crown(game.physics, game.faces[first], pose, state.layout.princess)
    assert state.phase == TURN


def test_the_first_player_is_chosen_by_chance():
    """"The last player to have eaten peas begins." The table cannot ask, so the deal's
    chance picks the first player (RULES.md)."""
    game = load_game("wackelbett", players=4)
    assert len({game.new_state(seed).current for seed in range(12)}) > 1


# -- laying a card ------------------------------------------------------------------------------

def test_a_card_of_the_same_colour_or_the_same_bedding_may_not_be_laid():
    """"Look at your cards and chose one that is neither the same color nor the same bedding
    as the card already on top of the princess bed.\""""
    state = two_card_table()
    same_colour, same_bedding = clashing(state, 0)
    good = state.hands[0][0]
    state.hands[0] = [same_colour, same_bedding, good]
    state = _normalise(state)
    assert {a.card for a in state.legal_actions(0)} == {good}
    for card in (same_colour, same_bedding):
        before = state.to_json()
        with pytest.raises(IllegalAction, match="another colour and another bedding"):
            state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
        assert state.to_json() == before


def test_the_pea_on_the_card_beneath_must_be_completely_covered():
    """"Lay your card on top of the bed, making sure the pea on the card beneath it is
    completely covered.\""""
    state = two_card_table()
    card = state.hands[0][0]
    # Top card 0 has its pea 30 mm left of centre; a card centred 20 mm right spans -25..65.
    state.apply(PlaceCard(0, card, trace_to(state, 20.0)))
    state.apply(state.game.make_referee().decide(state))
    assert card in state.hands[0], "a card that leaves the pea uncovered goes back to the hand"
    assert state.layout.top_card == 0
    assert "pea" in state.events[-1]["reason"]

    state = two_card_table()
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))  # spans -65..25: covers -34..-26
    state.apply(state.game.make_referee().decide(state))
    assert state.layout.top_card == card and state.phase == PRINCESS


def test_the_card_must_end_on_top_of_the_pile():
    """"Lay your card on top of the bed" -- a card that ends up anywhere but on top of the
    pile is taken back (RULES.md). Let go over the pile, it slid off (a physical fall); let go
    beside the pile, it was not laid on top."""
    state = two_card_table(cover_pea=False)
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
    state.apply(verdict("card", with_card_on_top(state, card), on_top=False))
    assert card in state.hands[0] and state.layout.card_ids == (0,)
    assert (state.events[-1]["cause"], state.events[-1]["reason"]) == (SLID, "the card slid off the pile")
    banner = TableWords(state.game, ["Ann", "Bob"]).verdict("card", state.view(0), 0, True)
    assert banner.title == "It slid off!" and banner.lines[0] == "The card slid off the pile."

    state = two_card_table(cover_pea=False)
    over = trace_to(state, -20.0)
    beside = over + (85.0, over[-2] - 3.0 * state.game.physics.card.thickness, 0.0)  # down into the bed's end
    state.apply(PlaceCard(0, card, beside))
    state.apply(verdict("card", with_card_on_top(state, card), on_top=False))
    assert card in state.hands[0] and state.layout.card_ids == (0,)
    assert (state.events[-1]["cause"], state.events[-1]["reason"]) == (
        NOT_ON_TOP, "the card was not laid on top of the pile")


def test_a_card_resting_on_the_bed_rim_like_a_ramp_is_not_on_the_pile():
    """"Lay your card on top of the bed": a card laid so far out that one end rests on the bed's
    wall (the rim) lies on no pile, even when it is the highest card there (RULES.md). It was
    judged "lies safely on the pile" and the princess then toppled on its tilted crown."""
    for along in (56.0, 64.0):
        state = started(2, cover_pea=False)
        pile = list(range(9))       # 9 cards: the pile's top is level with the rim
        ok = fitting(state, pile[-1], exclude=pile)
        arrange(state, bed=pile, hands=[ok[:2], ok[2:4]])
        seat = state.current
        card = state.hands[seat][0]
        state.apply(PlaceCard(seat, card, trace_to(state, along)))
        state.apply(state.game.make_referee().decide(state))
        assert card in state.hands[seat] and state.layout.top_card == pile[-1]
        assert (state.events[-1]["cause"], state.events[-1]["reason"]) == (
            NOT_ON_TOP, "the card rests on the bed's rim, not on the pile")


def test_the_princess_may_not_be_pushed_aside():
    """"Penny Pea princess may not be pushed aside or topple off the princess bed.\""""
    state = started(2)
    hands = [list(h) for h in state.hands]
    used = {c for h in hands for c in h}
    pile = [c for c in range(36) if c not in used][:12]
    mine = fitting(state, pile[-1], exclude=pile + [c for h in hands for c in h])[0]
    hands[0][0] = mine
    arrange(state, bed=pile, hands=hands)
    state = _normalise(state)
    state.current = 0
    physics = state.game.physics
    top = state.layout.pose_of(pile[-1])
    # The hand brings the card down beside the top card, in line with it, and shoves it 40 mm
    # along: the card she stands on slides and takes her along.
    def beside(along: float, up: float = 0.0) -> list[float]:
        return [*local_to_world(top, along - physics.card.length - 2.0, up), top.angle]

    trace = beside(0.0, 60.0) + beside(0.0) * 20  # picked up well above the pile, brought down beside it
    for k in range(1, 41):
        trace += beside(float(k))
    state.apply(PlaceCard(0, mine, tuple(trace)))
    v = state.game.make_referee().decide(state)
    assert v.princess_pushed
    state.apply(v)
    assert mine in state.hands[0]
    assert "pushed aside" in state.events[-1]["reason"]


def test_the_princess_is_stood_upright_on_the_crown_of_the_new_card():
    """"Now, take Penny Pea princess and carefully place her upright on top of the crown
    symbol on the card you just laid.\""""
    state = two_card_table()
    game = state.game
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
    settle_with_referee(state)
    assert state.phase == PRINCESS and state.current_players() == (0,)
    with pytest.raises(IllegalAction, match="crown"):
        state.apply(princess_on_crown(state, game.physics.card.crown_radius + 1.0))
    with pytest.raises(IllegalAction):
        state.apply(PlaceCard(0, state.hands[0][0], trace_to(state, 0.0)))
    state.apply(princess_on_crown(state, 1.0))
    assert state.phase == PRINCESS_VERDICT
    settle_with_referee(state)
    assert state.princess_upright and state.layout.top_card == card
    assert is_on_crown(game.physics, game.faces[card], state.layout.pose_of(card), state.layout.princess)
    assert state.current == 1 and state.phase == TURN


# -- when things fall ---------------------------------------------------------------------------

def test_a_card_sliding_off_the_bed_goes_back_to_its_player():
    """"If at least one card or Penny Pea princess slides off the princess bed, you must take
    back your card.\""""
    state = two_card_table()
    card = state.hands[0][0]
    # Let go far outside the bed's wall: it lands on the table.
    physics = state.game.physics
    x = physics.bed.outer_half_width + physics.card.length
    state.apply(PlaceCard(0, card, (x, 120.0, 0.0, x, 60.0, 0.0)))
    v = state.game.make_referee().decide(state)
    assert v.fallen_cards == (card,)
    state.apply(v)
    assert card in state.hands[0] and card not in state.reserve
    assert state.current == 1
    reasons = state.events[-1]["reason"].split("; ")
    assert reasons[0] == "the card fell off the bed", "only the card laid: not 'cards fell'"
    banner = TableWords(state.game, ["Ann", "Bob"]).verdict("card", state.view(0), 0, True)
    more = len(reasons) - 1
    assert banner.title == "It fell off!" and banner.lines[0] == "The card fell off the bed" + (
        f" (and {more} more {'reason' if more == 1 else 'reasons'}, in the log)." if more else ".")


def test_the_princess_sliding_off_the_bed_sends_the_card_back():
    """"If at least one card or Penny Pea princess slides off the princess bed, you must take
    back your card.\""""
    state = two_card_table()
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
    settle_with_referee(state)
    state.apply(princess_on_crown(state))
    laid = dataclasses.replace(state.layout, princess=None)  # she slid off onto the table
    state.apply(verdict("princess", laid, upright=False))
    assert card in state.hands[0] and card not in state.layout.card_ids


def test_if_more_than_one_card_falls_the_others_go_face_up_to_the_reserve():
    """"If more than one card falls off, the other cards are laid aside in a face up pile.\""""
    state = started(3)
    bed = [0, *fitting(state, 0)[:1]]
    mine = fitting(state, bed[-1], exclude=bed)[0]
    arrange(state, bed=bed, hands=[[mine], fitting(state, 5, exclude=bed + [mine])[:2], [17]])
    state.current = 0
    state.apply(PlaceCard(0, mine, trace_to(state, 0.0)))
    fallen = (bed[1], mine)
    remaining = state.layout.without([bed[1]])
    state.apply(verdict("card", remaining, fallen=fallen))
    assert mine in state.hands[0]
    assert state.reserve == [bed[1]]
    assert state.view(2)["reserve_cards"] == [bed[1]], "the reserve lies face up"
    assert all_cards(state) == list(range(36))


def test_after_a_fall_the_princess_goes_back_on_the_crown_of_the_new_top_card():
    """"Place Penny Pea princess back on the crown symbol on the new top card.\""""
    state = two_card_table()
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
    state.apply(verdict("card", dataclasses.replace(state.layout, princess=None), fallen=(card,)))
    assert state.phase == LIFT and state.current_players() == (REFEREE,)
    settle_with_referee(state)
    assert state.phase == RESTAND and state.current_players() == (1,), "the next player stands her back up"
    state.apply(princess_on_crown(state))
    settle_with_referee(state)
    game = state.game
    assert state.phase == TURN and state.current == 1
    assert is_on_crown(game.physics, game.faces[0], state.layout.pose_of(0), state.layout.princess)


def test_cards_that_slide_into_the_bed_remain_there():
    """"If cards slide into the princess bed, they remain there.\""""
    state = started(2)
    hands = [list(h) for h in state.hands]
    used = {c for h in hands for c in h}
    bed = [c for c in range(36) if c not in used][:3]
    # The third card overhangs the second by more than half its length: it tips down into the bed.
    arrange(state, bed=bed, hands=hands, offsets=[0.0, 0.0, 52.0])
    slid = relative_pose(state.layout.bed, state.layout.pose_of(bed[2]))
    assert abs(slid.angle) > 0.1, "the card tipped off the pile into the bed"
    assert sorted(state.layout.card_ids) == sorted(bed), "it remains on the bed"
    assert state.layout.top_card == bed[1]
    assert state.reserve == [] and all_cards(state) == list(range(36))


def princess_fell_over_on_the_bed():
    """Player 1 laid a card that stayed, then stood the princess on it; she fell over but
    stayed on the bed. Returns (state, the card)."""
    state = two_card_table()
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
    settle_with_referee(state)
    state.apply(princess_on_crown(state))
    state.apply(verdict("princess", princess_lying_on_bed(state), upright=False))
    return state, card


def test_a_princess_fallen_over_on_the_bed_is_stood_up_by_the_next_player():
    """"If Penny Princess falls over, but not off onto the playing area, then luck is with
    you the next player simply stands her back up again on the crown symbol of the topmost card.\""""
    state, card = princess_fell_over_on_the_bed()
    assert state.layout.top_card == card and card not in state.hands[0], "luck is with you: the card stays"
    said = TableWords(state.game, ["Ann", "Bob"]).event(state.events[-1], 1)
    assert said == f"Penny Pea toppled on the {state.game.card_label(card)} but stayed on the bed"
    banner = TableWords(state.game, ["Ann", "Bob"]).verdict("princess", state.view(1), 1, True)
    assert banner.lines == ["Lucky: the next player stands her back up on the crown."], "not that the table does"
    assert state.current == 1 and state.phase == LIFT
    stand_her_back_up(state)
    game = state.game
    assert state.princess_upright and state.phase == TURN
    assert is_on_crown(game.physics, game.faces[card], state.layout.pose_of(card), state.layout.princess)


def test_a_bed_that_tilts_by_itself_sends_the_fallen_cards_to_the_reserve():
    """"When the princess bed tilts without anyone touching it, the fallen cards are added to
    the face-up reserve pile. The next player puts Penny Pea princess on the crown symbol on
    the topmost card and the game proceeds as normal.\""""
    state = started(2)
    game = state.game
    hands = [list(h) for h in state.hands]
    used = {c for h in hands for c in h}
    bed = [c for c in range(36) if c not in used][:12]
    arrange(state, bed=bed[:11], hands=hands)
    # The twelfth card lies balanced far out over the wall: left alone it tips off the bed.
    loose = dataclasses.replace(state.layout, cards=state.layout.cards + (
        (bed[11], rest_pose_on(game.physics, state.layout, 118.0, gap=0.05)),))
    state.layout = loose
    state.draw_pile.remove(bed[11])
    state.layout = dataclasses.replace(state.layout, princess=None)
    state.phase = LIFT
    v = game.make_referee().decide(state)
    assert v.fallen_cards == (bed[11],)
    state.apply(v)
    assert state.reserve == [bed[11]] and state.phase == RESTAND
    state.apply(princess_on_crown(state))
    settle_with_referee(state)
    assert state.phase == TURN
    top = state.layout.top_card
    assert is_on_crown(game.physics, game.faces[top], state.layout.pose_of(top), state.layout.princess)


# -- drawing ------------------------------------------------------------------------------------

def _cannot_play(state):
    """Seat 0 holds only cards that clash with the top card 0."""
    same_colour, same_bedding = clashing(state, 0)
    state.hands[0] = [same_colour, same_bedding]
    return _normalise(state)


def test_a_player_who_cannot_play_draws_one_card():
    """"If you cannot play any of your cards, draw one from the draw pile.\""""
    state = _cannot_play(two_card_table())
    assert state.legal_actions(0) == [DrawCard(0)]
    with pytest.raises(IllegalAction, match="draw"):
        state.apply(Pass(0))
    state.apply(DrawCard(0))
    assert len(state.hands[0]) == 3


def test_a_player_with_a_card_that_fits_may_not_draw():
    """Drawing is for a player who "cannot play any of your cards" (RULES.md: no drawing by choice)."""
    state = two_card_table()
    with pytest.raises(IllegalAction, match="must lay it"):
        state.apply(DrawCard(0))


def test_a_drawn_card_that_fits_may_be_laid():
    """"If this card is appropriate, you can lay it on the princess bed.\""""
    state = _cannot_play(two_card_table())
    drawn = fitting(state, 0, exclude=[c for h in state.hands for c in h])[0]
    state.draw_pile.remove(drawn)
    state.draw_pile.append(drawn)
    state.apply(DrawCard(0))
    assert state.phase == DRAWN and state.view(0)["drawn_card"] == drawn
    assert state.view(1)["drawn_card"] is None
    legal = state.legal_actions(0)
    assert {a.card for a in legal if isinstance(a, PlaceCard)} == {drawn} and Pass(0) in legal
    state.apply(PlaceCard(0, drawn, trace_to(state, -20.0)))
    assert state.phase == CARD_VERDICT


def test_a_drawn_card_may_also_be_kept():
    """"you can lay it" -- a choice: the player may keep the drawn card instead (RULES.md)."""
    state = _cannot_play(two_card_table())
    drawn = fitting(state, 0, exclude=[c for h in state.hands for c in h])[0]
    state.draw_pile.remove(drawn)
    state.draw_pile.append(drawn)
    state.apply(DrawCard(0))
    state.apply(Pass(0))
    assert drawn in state.hands[0] and state.current == 1 and state.phase == TURN


def test_a_drawn_card_that_does_not_fit_is_kept_and_the_turn_passes():
    """"If it is not, then keep this card in your hand and it is now the next players' turn.\""""
    state = _cannot_play(two_card_table())
    clash = next(c for c in state.draw_pile if not state.fits(c))
    state.draw_pile.remove(clash)
    state.draw_pile.append(clash)
    state.apply(DrawCard(0))
    assert clash in state.hands[0] and state.current == 1 and state.phase == TURN


def test_an_empty_draw_pile_is_refilled_from_the_shuffled_reserve():
    """"When the drawing pile has been used up, shuffle the reserve cards and create another
    draw pile.\""""
    state = _cannot_play(two_card_table())
    state.reserve, state.draw_pile = state.draw_pile, []
    reserve = list(state.reserve)
    state.apply(DrawCard(0))
    assert state.reserve == []
    assert sorted(state.draw_pile + [state.hands[0][-1]]) == sorted(reserve)
    assert state.draw_pile + [state.hands[0][-1]] != reserve, "shuffled"
    assert state.events[-2]["what"] == "reshuffle"


def test_a_game_where_nobody_can_move_ends_and_the_fewest_cards_win():
    """The rulebook is silent on a table where nobody can lay or draw: after a whole round
    of forced passes the game ends and the fewest cards in hand win (RULES.md)."""
    state = started(2)
    clash = [f.id for f in state.game.faces if f.id != 0 and not state.game.may_follow[0][f.id]]
    fit = fitting(state, 0)
    arrange(state, bed=[*fit, 0], hands=[clash[:8], clash[8:]])  # every other card is on the bed
    state.current = 0
    assert state.layout.top_card == 0 and not state.draw_pile and not state.reserve
    assert state.legal_actions(0) == [Pass(0)]
    state.apply(Pass(0))
    state.apply(Pass(1))
    assert state.is_over() and state.blocked
    assert state.winners() == [0]
    assert state.legal_actions(0) == []


# -- the end ------------------------------------------------------------------------------------

def test_laying_the_last_card_with_the_princess_lying_on_top_wins():
    """"The game is over when a player is able to play their last card. [...] Finally, lay
    Penny Pea princess down on top of the bedding pile. If Penny and all cards remain on the
    pile, you have won the game!\""""
    state = two_card_table()
    card = state.hands[0].pop()
    state = _normalise(state)
    state.apply(PlaceCard(0, state.hands[0][0], trace_to(state, -20.0)))
    settle_with_referee(state)
    assert state.phase == PRINCESS and state.view(1)["princess_lying"]
    state.apply(princess_on_crown(state))
    settle_with_referee(state)
    assert state.is_over() and state.winners() == [0]
    lean = relative_pose(state.layout.bed, state.layout.princess).angle
    assert abs(abs(lean) - math.pi / 2) < 0.3, "she lies on her side"
    assert card in state.draw_pile


def test_a_last_card_that_does_not_stay_is_taken_back_and_play_goes_on():
    """"If one or more cards or Penny Pea princess slide off the bed, you must take back your
    last card and the game continues.\""""
    state = two_card_table()
    state.hands[0].pop()
    state = _normalise(state)
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
    settle_with_referee(state)
    state.apply(princess_on_crown(state))
    state.apply(verdict("princess", dataclasses.replace(state.layout, princess=None), upright=False))
    assert state.hands[0] == [card] and not state.is_over()
    assert state.current == 1


# -- pointers for more pea pleasure -------------------------------------------------------------

def test_pointer_open_hands():
    """"Younger children may play with their cards face up in front of them.\""""
    state = started(3, open_hands=True)
    for viewer in (0, 1, None):
        assert state.view(viewer)["open_hand_cards"] == state.hands
        assert not {c for h in state.hands for c in h} & state.hidden_from(viewer)
    assert "open_hand_cards" not in started(3).view(0)


def test_pointer_the_princess_is_laid_down_instead_of_standing():
    """"Sometimes younger children have difficulties placing Penny Pea princess upright on top
    of the top card. Therefore, they may lay her down on top of the crown symbol on the topmost card.\""""
    state = two_card_table(princess_lying=True)
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
    settle_with_referee(state)
    state.apply(princess_on_crown(state))
    settle_with_referee(state)
    assert state.layout.top_card == card and state.phase == TURN, "lying down is not falling over"
    lean = relative_pose(state.layout.bed, state.layout.princess).angle
    assert abs(abs(lean) - math.pi / 2) < 0.3


def test_pointer_no_pea_to_cover():
    """"To make the game somewhat more exciting, you can play so that cards do not have to
    cover the pea on the card beneath it.\""""
    state = two_card_table(cover_pea=False)
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, 20.0)))  # leaves the pea at -30 uncovered
    settle_with_referee(state)
    assert state.phase == PRINCESS and state.layout.top_card == card


# -- refusals -----------------------------------------------------------------------------------

def test_hand_traces_that_no_hand_could_make_are_refused():
    """A placement records what the hand did; a trace that starts inside the pile, leaves the
    table, holds no numbers or runs too long is refused with a reason, the state unchanged."""
    state = two_card_table()
    card = state.hands[0][0]
    top = state.layout.pose_of(0)
    frames = state.game.physics.hand.max_frames
    bad = {
        "inside": (top.x, top.y, 0.0),
        "over the table": (5000.0, 80.0, 0.0),
        "numbers": (0.0, float("nan"), 0.0),
        "triples": (0.0, 80.0),
        "at most": (0.0, 80.0, 0.0) * (frames + 1),
    }
    for words, trace in bad.items():
        before = state.to_json()
        with pytest.raises(IllegalAction) as info:
            state.apply(PlaceCard(0, card, trace))
        assert str(info.value), words
        assert state.to_json() == before


def test_only_the_table_reports_verdicts_and_only_whole_ones():
    """The physics' verdict comes from the table when one is due and accounts for every card."""
    state = two_card_table()
    card = state.hands[0][0]
    with pytest.raises(IllegalAction):
        state.apply(verdict("settle", state.layout))  # nothing to judge
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
    before = state.to_json()
    whole = verdict("card", with_card_on_top(state, card))
    for forged in (verdict("princess", with_card_on_top(state, card)),       # wrong stage
                   verdict("card", state.layout),                             # the new card vanished
                   dataclasses.replace(whole, player=0),                      # a seat, not the table
                   dataclasses.replace(whole, bed_cards=5),                   # malformed
                   dataclasses.replace(whole, bed_pose=(0.0, float("inf"), 0.0)),
                   dataclasses.replace(whole, fallen_cards=(True,))):
        with pytest.raises(IllegalAction):
            state.apply(forged)
        assert state.to_json() == before
    with pytest.raises(IllegalAction, match="settled"):
        state.apply(PlacePrincess(0, (0.0, 200.0, 0.0)))
    state.apply(verdict("card", with_card_on_top(state, card, -20.0)))
    assert state.phase == PRINCESS



def test_a_pile_nobody_can_play_on_ends_the_game():
    """Decision (RULES.md, rulebook silent): when no card has stayed for ``stuck_rounds``
    rounds in a row, the pile cannot be played on; the game ends and the fewest cards win."""
    state = started(2)
    state.hands[1].append(state.draw_pile.pop())  # seat 2 holds one card more
    rounds = state.game.stuck_rounds
    for attempt in range(rounds * 2):
        assert not state.is_over(), f"ended after only {attempt} failed placements"
        seat = state.current
        place = next(a for a in state.legal_actions(seat) if isinstance(a, PlaceCard))
        state.apply(place)
        state.apply(verdict("card", with_card_on_top(state, place.card), pea_covered=False))
        stand_her_back_up(state)
    assert state.is_over() and state.blocked
    assert state.winners() == [0]
    assert any(e["what"] == "stuck" for e in state.events)


# -- the princess in the player's hand ---------------------------------------------------------

def test_standing_the_princess_is_a_dexterity_act_she_may_topple_when_let_go_badly():
    """"Now, take Penny Pea princess and carefully place her upright on top of the crown symbol"
    -- placed by hand (RULES.md): let go gently she stands; let go leaning 30 degrees from high
    above the crown she topples."""
    state = two_card_table()
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
    settle_with_referee(state)
    gentle, clumsy = state.clone(), state.clone()
    gentle.apply(princess_on_crown(gentle))
    settle_with_referee(gentle)
    assert gentle.princess_upright
    g = clumsy.game
    clumsy.apply(PlacePrincess(0, princess_trace(g.physics, clumsy.layout, g.faces, card, False,
                                                 tilt=math.radians(30.0), release_gap=25.0)))
    settle_with_referee(clumsy)
    assert not clumsy.princess_upright, "she toppled"


def test_a_princess_who_falls_off_says_how_she_was_let_go():
    """Her fall is the player's failure too; the banner tells how the hand let her go (here
    from 25 mm above the crown, tilted 30 degrees, and which way: issue 27), so the player can do
    better, and the log keeps the same numbers."""
    state = two_card_table()
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
    settle_with_referee(state)
    g = state.game
    slope = state.layout.pose_of(card).angle  # turned counter-clockwise, her head goes left
    state.apply(PlacePrincess(0, princess_trace(g.physics, state.layout, g.faces, card, False,
                                                tilt=math.radians(30.0), release_gap=25.0)))
    state.apply(verdict("princess", dataclasses.replace(state.layout, princess=None)))
    failed = state.events[-1]
    assert failed["what"] == "fails" and failed["height_mm"] == pytest.approx(25.0, abs=0.5)
    assert failed["turned_deg"] == pytest.approx(30.0, abs=0.5)
    banner = TableWords(g, ["Ann", "Bob"]).verdict("princess", state.view(0), 0, True)
    assert banner.title == "It fell off!" and banner.lines[0] == "The princess fell off the bed."
    side = "to the left" if abs(math.degrees(slope)) < 1.0 else "downhill of the card" if slope > 0 else \
        "uphill of the card"
    assert failed["turned_toward"] in side
    assert f"You let her go 25 mm too high and tilted 30 degrees {side}." in banner.lines
    log = TableWords(g, ["Ann", "Bob"]).event(failed, 0)
    assert log.endswith(f"You let her go 25 mm too high and tilted 30 degrees {side}.")


@pytest.mark.parametrize("gap, skated", [(30.0, True), (12.0, False)])
def test_a_card_let_go_high_that_falls_says_it_landed_on_air_and_skated(gap, skated):
    """A good player can tell why: a card let go high enough that it surely lands on air
    (PHYSICS.md, step 23) and then falls says so under how high it was let go; one let go a
    little high (below that) only says how high."""
    state = two_card_table()
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0, gap=gap)))
    state.apply(verdict("card", state.layout, fallen=(card,), on_top=False))
    failed = state.events[-1]
    assert failed["what"] == "fails" and failed["height_mm"] == pytest.approx(gap, abs=1.0)
    banner = TableWords(state.game, ["Ann", "Bob"]).verdict("card", state.view(0), 0, True)
    assert f"You let the card go {gap:.0f} mm too high." in banner.lines
    assert ("A card let go that high lands on the air beneath it and skates." in banner.lines) == skated


@pytest.mark.parametrize("head, side", [(1.0, "downhill"), (-1.0, "uphill")])
def test_her_tilt_is_told_uphill_or_downhill_of_the_card_she_was_put_on(head, side):
    """Issue 27: "turned 8 degrees" said nothing of which way. On a card whose right end is up
    (the bed rolled counter-clockwise), a head tilted to the left is tilted downhill."""
    from simulator.games.wackelbett.hand import princess_release
    from simulator.games.wackelbett.layout import TableLayout, neat_stack
    from simulator.physics.snapshot import BodyPose

    game = load_game("wackelbett", players=2)
    flat = neat_stack(game.physics, [0], [0.0])
    turn = math.radians(6.0)
    c, s_ = math.cos(turn), math.sin(turn)
    leaning = TableLayout(*(BodyPose(c * p.x - s_ * p.y, s_ * p.x + c * p.y, p.angle + turn)
                            for p in (flat.bed,)), ((0, BodyPose(c * flat.cards[0][1].x - s_ * flat.cards[0][1].y,
                                                                 s_ * flat.cards[0][1].x + c * flat.cards[0][1].y,
                                                                 turn)),))
    trace = princess_trace(game.physics, leaning, game.faces, 0, False, tilt=head * math.radians(8.0))
    how = princess_release(game.physics, leaning, game.faces, 0, False, trace)
    assert how["turned_toward"] == side and how["turned_deg"] == pytest.approx(8.0, abs=0.1)


def test_a_princess_let_go_off_the_crown_or_upside_down_is_refused_and_nothing_changes():
    """The hand must let her go over the crown (within its radius) and the right way up
    (within 45 degrees of upright); elsewhere the rules refuse and the state is unchanged."""
    state = two_card_table()
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
    settle_with_referee(state)
    g = state.game
    before = state.to_json()
    for words, trace in (("crown", princess_trace(g.physics, state.layout, g.faces, card, False, dx=12.0)),
                         ("upright", princess_trace(g.physics, state.layout, g.faces, card, False,
                                                    tilt=math.radians(70.0))),
                         ("above the pile", (0.0, 1.0, 0.0))):
        with pytest.raises(IllegalAction, match=words):
            state.apply(PlacePrincess(0, trace))
        assert state.to_json() == before


def test_a_player_who_cannot_stand_her_back_up_has_her_laid_down_by_the_table():
    """Decision (rulebook silent, RULES.md): standing her back up is the next player's act;
    a try that fails is tried again, and after ``restand_tries`` failed tries the table lays
    her down on the top crown so the game goes on."""
    state, _ = princess_fell_over_on_the_bed()
    g = state.game
    settle_with_referee(state)  # she is lifted off; whatever is loose settles
    for attempt in range(g.restand_tries):
        assert state.phase == RESTAND and state.current == 1
        state.apply(PlacePrincess(1, princess_trace(g.physics, state.layout, g.faces, state.layout.top_card, False,
                                                    tilt=math.radians(40.0), release_gap=30.0)))
        settle_with_referee(state)
    assert state.phase == TURN and state.current == 1
    lean = relative_pose(state.layout.bed, state.layout.princess).angle
    assert abs(abs(lean) - math.pi / 2) < 0.4, "the table laid her down"
    assert [e["what"] for e in state.events].count("restand-fails") == g.restand_tries
    failed = next(e for e in state.events if e["what"] == "restand-fails")
    words = TableWords(g, ["Ann", "Bob"])
    assert words.event(failed, 1) == "Penny Pea did not stay up for you (try 1)"
    assert words.event(failed, 0) == "Penny Pea did not stay up for Bob (try 1)"
    why = words.why(failed, 1, her=True)  # the banner says how the hand let her go, as for a fall
    assert why and why[0].startswith("You let her go") and "too high" in why[0] and "tilted 40 degrees" in why[0]


def test_a_card_held_more_than_90_degrees_from_level_is_refused():
    """A card is laid face up: the hand may tilt it, never turn it over (RULES.md)."""
    state = two_card_table()
    card = state.hands[0][0]
    target = rest_pose_on(state.game.physics, state.layout, -20.0)
    flipped = BodyPose(target.x, target.y, math.radians(100.0))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="90 degrees"):
        state.apply(PlaceCard(0, card, lowering_trace(state.game.physics, flipped, target.y + 80.0)))
    assert state.to_json() == before


def test_a_steep_card_is_never_the_top_card():
    """Decision (RULES.md): the top card is the highest card lying within ``top_tilt_deg`` of
    the bed; a card propped up steeply is not a bed to lie on, so the princess never stands on it."""
    state = two_card_table()
    g = state.game
    top = state.layout.pose_of(0)
    steep = BodyPose(top.x + 30.0, top.y + 30.0, top.angle + math.radians(40.0))
    layout = dataclasses.replace(state.layout, cards=state.layout.cards + ((state.hands[0][0], steep),))
    ordered = pile_order(g.physics, layout.bed, layout.cards)
    assert ordered[-1][0] == 0 and ordered[0][0] == state.hands[0][0]


def test_the_log_tells_who_begins_in_plain_english():
    """The first log line names who begins: "you begin" to that player, mid-sentence in lower
    case, and "Ann begins" to everyone else."""
    state = started(players=2)
    first = next(e for e in state.events if e["what"] == "first")
    words = TableWords(state.game, ["Ann", "Bob"])
    starter = first["seat"]
    mine = words.event(first, starter)
    theirs = words.event(first, 1 - starter)
    assert mine.endswith("is laid across the bed; you begin"), mine
    assert theirs.endswith(f"is laid across the bed; {['Ann', 'Bob'][starter]} begins"), theirs


def test_the_log_says_how_penny_pea_came_to_rest():
    """Stood on the crown by a steady hand she stands, and the log says so (it says when she
    toppled but stayed on the bed, above, and when she is laid down, as on the last card)."""
    state = two_card_table()
    card = state.hands[0][0]
    state.apply(PlaceCard(0, card, trace_to(state, -20.0)))
    settle_with_referee(state)
    state.apply(princess_on_crown(state))
    settle_with_referee(state)
    label = state.game.card_label(card)
    assert TableWords(state.game, ["Ann", "Bob"]).event(state.events[-1], 0) == f"Penny Pea stands on the {label}"


def test_the_card_lying_on_top_is_the_top_card_when_the_top_cards_tipped_together():
    """Decision (RULES.md): the top card is the one that lies on the others. Three free cards that
    tipped together onto an edge of the pile (9.5 degrees against a bed leaning 8.9) rest their
    lowest corners at one height; the one lying on the other two is still the top card, so the
    next card's colour and pea are checked against it (a playtest laid a sky comforter on a sky
    comforter when the card beneath was taken for the top)."""
    from simulator.games.wackelbett.layout import TableLayout, pile_order

    g = load_game("wackelbett", players=3)
    bed = BodyPose(0.0, 16.5, math.radians(-8.91))
    on_bed = [(14, BodyPose(6.0, 48.1, math.radians(-8.91))), (28, BodyPose(61.8, 43.5, math.radians(-7.31))),
              (17, BodyPose(10.4, 57.8, math.radians(0.59))), (2, BodyPose(45.7, 52.4, math.radians(0.49))),
              (30, BodyPose(28.3, 55.1, math.radians(0.49)))]
    layout = TableLayout(bed, pile_order(g.physics, bed, on_bed))
    # 28 leans from the pile onto the downhill rim: never the top card, it comes first
    assert layout.card_ids == (28, 14, 2, 30, 17) and layout.top_card == 17
