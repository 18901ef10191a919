"""One test per Wham Bam! rule, named after it; each quotes the sentence it checks."""
from __future__ import annotations

import pytest

from simulator.engine import IllegalAction, load_game
from simulator.games.wham_bam.rules import (
    EMPTIED,
    KNOCKED_OUT,
    WHAM,
    WHAM_BAM,
    DrawCard,
    PlayCard,
    TakePenalty,
    WhamBamGame,
    WhamBamState,
)


class Table:
    """Builds a state with chosen hands, pile and deck; every other card goes under the deck."""

    def __init__(self, players: int = 2, **options):
        self.game: WhamBamGame = load_game("wham-bam", players=players, **options)
        self.used: set[int] = set()

    def card(self, colour: str, rank: int) -> int:
        g = self.game
        for c in range(g.deck_size):
            if c not in self.used and g.card_colour[c] == colour and g.card_rank[c] == rank:
                self.used.add(c)
                return c
        raise LookupError(f"no unused {colour} {rank}")

    def cards(self, *specs: tuple[str, int]) -> list[int]:
        return [self.card(colour, rank) for colour, rank in specs]

    def state(self, hands, pile, deck_top=(), current=0, top_spent=False, rest_in="deck") -> WhamBamState:
        s = self.game.new_state(0)
        s.hands = [list(h) for h in hands]
        s.pile = list(pile)
        rest = [c for c in range(self.game.deck_size) if c not in self.used]
        # deck_top[0] is drawn first (the deck is drawn from its end)
        if rest_in == "deck":
            s.deck = rest + list(reversed(deck_top))
        else:
            s.deck = list(reversed(deck_top))
            s.pile = rest + s.pile
        s.current = current
        s.top_spent = top_spent
        s.events = []
        return s


def test_the_deck_has_88_cards():
    """"Deck of 88 cards ... 76 General cards ... 8 Wham! cards ... 4 Wham Bam! cards"."""
    g = load_game("wham-bam", players=2)
    ranks = g.card_rank
    assert g.deck_size == 88
    assert sum(1 for r in ranks if r <= 9) == 76
    assert sum(1 for r in ranks if r == WHAM) == 8
    assert sum(1 for r in ranks if r == WHAM_BAM) == 4
    for colour in ("blue", "green", "purple", "orange"):
        numbers = sorted(r for c, r in zip(g.card_colour, ranks) if c == colour and r <= 9)
        assert numbers == [0] + [n for n in range(1, 10) for _ in range(2)]
        assert sum(1 for c, r in zip(g.card_colour, ranks) if c == colour and r == WHAM) == 2
    assert all(g.card_colour[c] == "white" for c in range(88) if ranks[c] == WHAM_BAM)


def test_each_player_is_dealt_five_cards_and_one_card_is_turned_up():
    """"Deal each player 5 cards, face down. Reveal the top card of the deck and place it in play."""
    for players in (2, 3, 4):
        s = load_game("wham-bam", players=players).new_state(3)
        assert [len(h) for h in s.hands] == [5] * players
        assert len(s.pile) == 1
        assert len(s.deck) == 88 - 5 * players - 1


def test_highest_opening_card_goes_first_and_ties_are_redrawn():
    """"Deal each player one card. The person with the highest value card goes first ...
    Wham! cards being worth more than any numbered card, and Wham Bam! cards having the
    highest value of all." Ties: the tied players are dealt again."""
    g = load_game("wham-bam", players=4)
    saw_tie = False
    for seed in range(200):
        s = g.new_state(seed)
        draws = s.opening_draws
        contenders = [seat for seat, _ in draws[0]]
        assert contenders == [0, 1, 2, 3]
        for i, rnd in enumerate(draws):
            assert [seat for seat, _ in rnd] == contenders
            best = max(g.card_rank[c] for _, c in rnd)
            contenders = [seat for seat, c in rnd if g.card_rank[c] == best]
            if i < len(draws) - 1:
                assert len(contenders) > 1
        assert contenders == [s.current]
        dealt = [c for rnd in draws for _, c in rnd]
        assert len(dealt) == len(set(dealt)), "a redraw comes from the cards not yet dealt"
        saw_tie |= len(draws) > 1
    assert saw_tie


def test_a_card_matching_in_number_or_colour_may_be_played():
    """"Player chooses and plays a card from their hand that matches the top card in either
    number or colour.\""""
    t = Table()
    top = t.card("green", 3)
    same_number, same_colour, other = t.cards(("blue", 3), ("green", 8), ("orange", 5))
    s = t.state([[same_number, same_colour, other], t.cards(("blue", 1))], [top])
    legal = {a.card for a in s.legal_actions(0) if isinstance(a, PlayCard)}
    assert legal == {same_number, same_colour}
    with pytest.raises(IllegalAction, match="does not match"):
        s.apply(PlayCard(0, other))
    s.apply(PlayCard(0, same_number))
    assert s.pile[-1] == same_number and s.current == 1


def test_a_wham_matches_by_colour():
    """A Wham! has a colour; on a numbered card it is played like any card of that colour."""
    t = Table()
    top = t.card("purple", 6)
    purple_wham, blue_wham = t.cards(("purple", WHAM), ("blue", WHAM))
    s = t.state([[purple_wham, blue_wham], t.cards(("blue", 1))], [top])
    assert [a.card for a in s.legal_actions(0)] == [purple_wham]


def test_wham_bam_only_without_a_match():
    """"If they do not hold a matching card but hold a Wham Bam! card, they may play this.\""""
    t = Table()
    top = t.card("blue", 4)
    wham_bam, match, other = t.cards(("white", WHAM_BAM), ("blue", 9), ("green", 2))
    s = t.state([[wham_bam, match], t.cards(("green", 1))], [top])
    before = s.to_json()
    with pytest.raises(IllegalAction, match="may not play a Wham Bam"):
        s.apply(PlayCard(0, wham_bam))
    assert s.to_json() == before
    s2 = t.state([[wham_bam, other], t.cards(("green", 5))], [top])
    assert set(s2.legal_actions(0)) == {PlayCard(0, wham_bam), DrawCard(0)}
    s2.apply(PlayCard(0, wham_bam))
    assert s2.pile[-1] == wham_bam


def test_without_a_match_draw_one_and_end_the_turn():
    """"If they do not hold a matching card and do not hold a Wham Bam! card, they must pick
    up a card from the deck and immediately end their turn.\""""
    t = Table()
    top = t.card("orange", 7)
    hand = t.cards(("blue", 1), ("green", 2))
    drawn = t.card("orange", 1)  # would match, but may not be played this turn
    s = t.state([hand, t.cards(("green", 5))], [top], deck_top=[drawn])
    assert s.legal_actions(0) == [DrawCard(0)]
    s.apply(DrawCard(0))
    assert drawn in s.hands[0] and len(s.hands[0]) == 3
    assert s.current == 1 and s.pile[-1] == top


def test_drawing_is_refused_while_holding_a_match():
    """A player who holds a matching card must play it; drawing is refused with the reason."""
    t = Table()
    top = t.card("orange", 7)
    s = t.state([t.cards(("orange", 2)), t.cards(("green", 5))], [top])
    with pytest.raises(IllegalAction, match="must play rather than draw"):
        s.apply(DrawCard(0))


def test_wham_penalty_pick_up_three_and_turn_up_the_next_card():
    """"A WHAM! CARD: Player must pick up 3 cards from the deck to place in their hand. The
    next card in the deck is then placed face up in play.\""""
    t = Table()
    wham = t.card("blue", WHAM)
    hand = t.cards(("green", 1))
    picks = t.cards(("orange", 1), ("orange", 2), ("orange", 3))
    turned = t.card("purple", 5)
    s = t.state([hand, t.cards(("green", 5))], [wham], deck_top=[*picks, turned])
    assert s.legal_actions(0) == [TakePenalty(0)]
    with pytest.raises(IllegalAction, match="pick up 3"):
        s.apply(PlayCard(0, hand[0]))
    s.apply(TakePenalty(0))
    assert sorted(s.hands[0]) == sorted(hand + picks)
    assert s.pile[-2:] == [wham, turned]
    assert s.current == 1


def test_wham_bam_turns_up_a_number_and_that_many_are_picked_up():
    """"A WHAM BAM! CARD: Player must pick up the next card in the deck, which then becomes the
    top card in play. If this card is a Numbered Card, then the player must pick up the number
    of cards that matches that value.\""""
    t = Table()
    wham_bam = t.card("white", WHAM_BAM)
    turned = t.card("green", 4)
    picks = t.cards(("blue", 1), ("blue", 2), ("blue", 3), ("blue", 4))
    s = t.state([t.cards(("orange", 1)), t.cards(("green", 5))], [wham_bam], deck_top=[turned, *picks])
    s.apply(TakePenalty(0))
    assert s.pile[-1] == turned
    assert len(s.hands[0]) == 5 and set(picks) <= set(s.hands[0])
    assert s.current == 1
    assert s.legal_actions(1) == [PlayCard(1, s.hands[1][0])], "the next player matches the 4"


def test_wham_bam_turning_up_a_wham_costs_three():
    """"If this card is a Wham! card, then the player must pick up 3 cards.\""""
    t = Table()
    wham_bam, turned = t.cards(("white", WHAM_BAM), ("orange", WHAM))
    s = t.state([t.cards(("blue", 1)), t.cards(("green", 5))], [wham_bam], deck_top=[turned])
    s.apply(TakePenalty(0))
    assert len(s.hands[0]) == 4 and s.pile[-1] == turned


def test_wham_bam_on_wham_bam_picks_up_nine_and_loses_the_round():
    """"If this card is a Wham Bam! card, then the player must pick up 9 cards ... The round
    comes to an immediate end, with the current player losing the round.\""""
    t = Table()
    wham_bam, second = t.cards(("white", WHAM_BAM), ("white", WHAM_BAM))
    loser_hand = t.cards(("blue", 1))
    winner_hand = t.cards(("green", 5), ("green", 6))
    s = t.state([loser_hand, winner_hand], [wham_bam], deck_top=[second])
    s.apply(TakePenalty(0))
    result = s.round_results[-1]
    assert result["winner"] == 1
    assert result["hand_values"][0] > 1  # the loser's 1 plus the nine cards picked up
    assert s.scores_[1] == result["points"] == result["hand_values"][0]
    assert s.round_no == 2, "a new round was dealt"


def test_a_wham_turned_up_by_a_wham_bam_strikes_the_next_player_too():
    """"If the top card is: ... A WHAM! CARD: Player must pick up 3 cards from the deck to place
    in their hand. The next card in the deck is then placed face up in play." The rulebook's words
    are the default: a Wham! turned up by a Wham Bam! cost that player 3 cards, and as the top
    card it costs the next player 3 more, who then turns up the next card."""
    t = Table()
    wham_bam, turned, after = t.cards(("white", WHAM_BAM), ("orange", WHAM), ("green", 4))
    first = t.cards(("blue", 7), ("blue", 8), ("blue", 9))
    penalty = t.cards(("purple", 7), ("purple", 8), ("purple", 9))
    next_hand = t.cards(("orange", 2))
    s = t.state([t.cards(("blue", 1)), next_hand], [wham_bam], deck_top=[turned, *first, *penalty, after])
    s.apply(TakePenalty(0))
    assert set(first) <= set(s.hands[0]) and s.pile[-1] == turned and s.current == 1
    assert s.legal_actions(1) == [TakePenalty(1)], "the Wham! strikes the next player"
    refused_play = PlayCard(1, next_hand[0])
    with pytest.raises(IllegalAction, match="you must pick up 3 cards"):
        s.apply(refused_play)
    s.apply(TakePenalty(1))
    assert sorted(s.hands[1]) == sorted(next_hand + penalty)
    assert s.pile[-1] == after and s.current == 0, "the next card was turned up"


def test_option_a_wham_turned_up_by_a_wham_bam_strikes_once():
    """Option wham_strikes_once (off by default): the Wham! turned up by a Wham Bam! already
    cost that player 3 cards; the next player plays on it by colour instead."""
    t = Table(wham_strikes_once=True)
    wham_bam, turned = t.cards(("white", WHAM_BAM), ("orange", WHAM))
    next_hand = t.cards(("orange", 2))
    s = t.state([t.cards(("blue", 1)), next_hand], [wham_bam], deck_top=[turned])
    s.apply(TakePenalty(0))
    assert len(s.hands[0]) == 4 and s.pile[-1] == turned
    assert s.legal_actions(1) == [PlayCard(1, next_hand[0])]


def test_wham_matches_wham_of_another_colour_is_an_option():
    """Rulebook silent; option wham_matches_wham (default on) lets a Wham! go on a spent Wham!."""
    for allowed in (True, False):
        t = Table(wham_matches_wham=allowed)
        spent = t.card("orange", WHAM)
        blue_wham = t.card("blue", WHAM)
        s = t.state([[blue_wham], t.cards(("green", 5))], [spent], top_spent=True)
        legal = s.legal_actions(0)
        assert (PlayCard(0, blue_wham) in legal) is allowed


def test_empty_deck_reshuffles_the_play_pile_under_its_top_card():
    """When the deck runs out, the play pile except its top card becomes the new deck."""
    t = Table()
    top = t.card("blue", 5)
    hand = t.cards(("green", 1))
    s = t.state([hand, t.cards(("orange", 6))], [top], rest_in="pile")
    s.pile.remove(top)
    s.pile.append(top)
    under = len(s.pile) - 1
    assert s.deck == []
    s.apply(DrawCard(0))
    assert s.pile == [top]
    assert len(s.deck) == under - 1 and len(s.hands[0]) == 2


def test_round_ends_when_a_player_plays_their_last_card():
    """"A round of play continues until either one player has played all the cards in their hand"."""
    t = Table()
    top = t.card("blue", 5)
    last = t.card("blue", 2)
    s = t.state([[last], t.cards(("green", 5), ("orange", WHAM), ("white", WHAM_BAM))], [top])
    s.apply(PlayCard(0, last))
    assert s.round_results[-1]["winner"] == 0
    assert s.round_results[-1]["reason"] == EMPTIED


def test_winner_scores_the_values_left_in_the_other_hands():
    """"GENERAL CARDS: The number / face value of the card. WHAM! CARDS: 10 points. WHAM BAM!
    CARDS: 15 points." The round winner scores every card left in the other hands."""
    t = Table(players=3)
    top = t.card("blue", 5)
    last = t.card("blue", 2)
    s = t.state([[last], t.cards(("green", 5), ("orange", WHAM)), t.cards(("white", WHAM_BAM), ("purple", 0))],
                [top])
    s.apply(PlayCard(0, last))
    assert s.scores_ == [5 + 10 + 15 + 0, 0, 0]


def test_new_rounds_until_someone_reaches_the_target():
    """"If neither player has reached 300 points, then a new round is dealt following the rules
    in Setup." The first to reach the target at the end of a round wins the game."""
    t = Table()
    top = t.card("blue", 5)
    last = t.card("blue", 2)
    s = t.state([[last], t.cards(("green", 9))], [top])
    s.scores_ = [295, 250]
    s.apply(PlayCard(0, last))
    assert s.is_over() and s.winners() == [0] and s.scores() == [304, 250]
    assert s.legal_actions(0) == [] and s.current_players() == ()
    s2 = t.state([[t.card("blue", 3)], t.cards(("green", 4))], [t.card("blue", 7)])
    s2.scores_ = [100, 0]
    s2.apply(PlayCard(0, s2.hands[0][0]))
    assert not s2.is_over() and s2.round_no == 2 and [len(h) for h in s2.hands] == [5, 5]


def test_target_score_is_an_option():
    g = load_game("wham-bam", players=2, target_score=100)
    assert g.target_score == 100
    with pytest.raises(ValueError, match="at least"):
        load_game("wham-bam", players=2, target_score=10)


def test_knock_out_with_more_players_lowest_hand_wins_by_default():
    """Rulebook silent with 3-4 players; option elimination=lowest-hand (default)."""
    t = Table(players=3)
    wham_bam, second = t.cards(("white", WHAM_BAM), ("white", WHAM_BAM))
    s = t.state([t.cards(("blue", 1)), t.cards(("green", 9), ("green", 8)), t.cards(("orange", 1))],
                [wham_bam], deck_top=[second])
    s.apply(TakePenalty(0))
    result = s.round_results[-1]
    assert result["winner"] == 2
    assert result["points"] == result["hand_values"][0] + 17


def test_knock_out_with_play_on_the_others_continue():
    """Option elimination=play-on: the knocked-out player sits out; the others play on."""
    t = Table(players=3, elimination="play-on")
    wham_bam, second = t.cards(("white", WHAM_BAM), ("white", WHAM_BAM))
    s = t.state([t.cards(("blue", 1)), t.cards(("green", 9), ("green", 8)), t.cards(("orange", 1), ("green", 7))],
                [wham_bam], deck_top=[second])
    s.apply(TakePenalty(0))
    assert s.round_results == [] and s.out_of_round == [True, False, False]
    assert s.current == 1
    s.apply(s.legal_actions(1)[0])
    assert s.current == 2
    s.apply(s.legal_actions(2)[0])
    assert s.current == 1, "the knocked-out seat is skipped"


def test_two_player_knock_out_gives_the_round_to_the_other_player():
    """With two players the other player wins whatever the elimination option says."""
    t = Table(players=2, elimination="play-on")
    wham_bam, second = t.cards(("white", WHAM_BAM), ("white", WHAM_BAM))
    s = t.state([t.cards(("blue", 1)), t.cards(("green", 9))], [wham_bam], deck_top=[second])
    s.apply(TakePenalty(0))
    assert s.round_results[-1]["winner"] == 1


def test_play_moves_clockwise():
    """"Play moves in a clockwise direction" — seat 1, 2, 3, then back to 1."""
    t = Table(players=3)
    top = t.card("blue", 5)
    hands = [t.cards(("blue", 1), ("blue", 2)), t.cards(("blue", 3), ("blue", 4)), t.cards(("blue", 6), ("blue", 7))]
    s = t.state(hands, [top], current=1)
    order = []
    for _ in range(3):
        order.append(s.current)
        s.apply(s.legal_actions(s.current)[0])
    assert order == [1, 2, 0]


def test_playing_out_of_turn_is_refused():
    t = Table()
    top = t.card("blue", 5)
    s = t.state([t.cards(("blue", 1)), t.cards(("blue", 2))], [top])
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply(PlayCard(1, s.hands[1][0]))


def test_a_card_not_in_hand_is_refused():
    t = Table()
    top = t.card("blue", 5)
    elsewhere = t.card("blue", 6)
    s = t.state([t.cards(("blue", 1)), [elsewhere]], [top])
    with pytest.raises(IllegalAction, match="do not hold"):
        s.apply(PlayCard(0, elsewhere))


def test_undo_never_reaches_past_a_draw():
    """Undo takes back a play, but not a draw (it revealed a card) nor anything before it."""
    from simulator.engine import undo

    t = Table()
    top = t.card("blue", 5)
    s = t.state([t.cards(("blue", 1), ("green", 2)), t.cards(("orange", 3))], [top])
    s.apply(PlayCard(0, s.hands[0][0]))
    assert s.undo_floor == 0
    s.apply(DrawCard(1))
    assert s.undo_floor == 2
    from simulator.engine.record import undo_point

    assert undo_point(s, 0) is None and undo_point(s, 1) is None
    assert undo(s, 0) is None
