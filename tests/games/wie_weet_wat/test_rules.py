"""One test per Wie Weet Wat rule, named after it; each quotes the Dutch sentence it checks
(with an English gloss). Positions are set up with :class:`Table`; answers carry their time."""
from __future__ import annotations

import pytest

from simulator.engine import REFEREE, IllegalAction, load_game
from simulator.games.wie_weet_wat.rules import (
    JOKER,
    Answer,
    ChooseCategory,
    ChooseVictim,
    CloseWindow,
    CounterAttack,
    DrawCategory,
    Pass,
    Say,
    Vote,
    WieWeetWatGame,
    WieWeetWatState,
)

ANIMAL_CARD_INDEX = 0  # regular card 0 holds "animal" first (see scenes/wie-weet-wat.toml)


class Table:
    """A Dutch table with chosen hands and category pile; every other card lies in the piles."""

    def __init__(self, players: int = 3, **options):
        self.game: WieWeetWatGame = load_game("wie-weet-wat", players=players, **options)
        self.used: set[int] = set()

    def letter(self, letter: str) -> int:
        g = self.game
        for c in range(g.letter_count):
            if c not in self.used and g.card_letter[c] == letter:
                self.used.add(c)
                return c
        raise LookupError(f"no unused {letter}")

    def hand(self, letters: str) -> list[int]:
        return [self.letter(ch) for ch in letters]

    def regular(self, index: int) -> int:
        return self.game.first_category_card + index

    def action(self, kind: str, nth: int = 0) -> int:
        g = self.game
        found = [c for c in range(g.first_category_card, g.total_cards) if g.action_of(c) == kind]
        return found[nth]

    def state(self, hands: list[str], category_top: list[int] | None = None,
              reader: int = 0) -> WieWeetWatState:
        g = self.game
        s = g.new_state(0)
        s.hands = [self.hand(h) for h in hands]
        s.letter_deck = [c for c in range(g.letter_count) if c not in self.used]
        s.letter_discard = []
        top = category_top if category_top is not None else [self.regular(ANIMAL_CARD_INDEX)]
        rest = [c for c in range(g.first_category_card, g.total_cards)
                if c not in top and g.action_of(c) is None]
        rest += [c for c in range(g.first_category_card, g.total_cards)
                 if c not in top and g.action_of(c) is not None]
        # the pile is drawn from its end: top[0] comes first; actions lie at the bottom
        s.category_deck = list(reversed(rest[len(rest) // 2:])) + rest[: len(rest) // 2][::-1]
        s.category_deck = [c for c in s.category_deck if g.action_of(c) is not None] + \
            [c for c in s.category_deck if g.action_of(c) is None] + list(reversed(top))
        s.category_discard = []
        s.reader = reader
        s.phase = "draw"
        s.events = []
        return s


def read(state: WieWeetWatState, index: int = 0) -> None:
    """The reader draws and reads category ``index`` of the card."""
    state.apply(DrawCategory(state.reader))
    state.apply(ChooseCategory(state.reader, index))


def finish(state: WieWeetWatState) -> None:
    """Every seat still in the window passes (a seat with nothing left to play is done already)."""
    while state.phase == "answer":
        state.apply(Pass(state.current_players()[0]))


def letters_of(state: WieWeetWatState, seat: int) -> str:
    return "".join(sorted(state.game.card_letter[c] for c in state.hands[seat]))


def card_with(state: WieWeetWatState, seat: int, letter: str) -> int:
    return next(c for c in state.hands[seat] if state.game.card_letter[c] == letter)


def test_each_player_is_dealt_eight_letter_cards():
    """"Geef iedere speler 8 letterkaarten." (Deal every player 8 letter cards.)"""
    for players in (3, 6):
        s = load_game("wie-weet-wat", players=players).new_state(1)
        assert [len(h) for h in s.hands] == [8] * players
        assert len(s.letter_deck) == 60 - 8 * players


def test_the_box_has_60_letter_cards_with_4_jokers_and_60_category_cards_with_10_actions():
    """"Het spel bestaat uit 60 letterkaarten en 60 categoriekaarten. Tussen de letterkaarten zitten
    4 Wie Weet Wat-kaarten en tussen de categoriekaarten zitten 10 actiekaarten. Op elke gewone
    categoriekaart staan vier categorieën." (60 letter cards incl. 4 jokers; 60 category cards incl.
    10 action cards; four categories on every regular card.)"""
    for language in ("nl", "en"):
        g = load_game("wie-weet-wat", players=3, language=language)
        assert g.letter_count == 60 and g.card_letter.count(JOKER) == 4
        assert g.category_card_count == 60
        assert sum(1 for a in g.card_action if a is not None) == 10
        regular = [c for c, a in zip(g.card_categories, g.card_action) if a is None]
        assert len(regular) == 50 and all(len(c) == 4 for c in regular)
        assert len({c for card in regular for c in card}) == 200
        assert {a for a in g.card_action if a} == {"grote_kans", "vicieuze_cirkel", "rotonde",
                                                   "verkiezingspartij", "verloren_geluk",
                                                   "te_veel_keuze", "pechvogel"}


def test_the_youngest_player_reads_first():
    """"De jongste speler is als eerste de voorlezer." (The youngest player reads first.)
    Seat 0 is where the youngest sits; the option first_reader=random draws a seat instead."""
    assert load_game("wie-weet-wat", players=4).new_state(5).reader == 0
    readers = {load_game("wie-weet-wat", players=4, first_reader="random").new_state(seed).reader
               for seed in range(30)}
    assert len(readers) > 1


def test_the_reader_draws_a_card_and_reads_one_of_its_four_categories():
    """"De voorlezer pakt de bovenste kaart van de stapel categoriekaarten. Uit de vier categorieën op
    die kaart kiest hij er één, die hij hardop voorleest." (The reader draws the top category card and
    reads one of its four categories.) Only the reader sees the four while choosing."""
    t = Table()
    s = t.state(["AAB", "KK", "MM"])
    s.apply(DrawCategory(0))
    assert s.phase == "choose" and s.current_players() == (0,)
    assert len(s.view(0)["category_options"]) == 4
    assert s.view(1)["category_options"] == [] and s.view(1)["category_card"] is None
    assert s.view(1)["category"] is None
    s.apply(ChooseCategory(0, 0))
    assert s.view(1)["category"] == "een dier"
    assert s.view(2)["category_card"] == t.regular(ANIMAL_CARD_INDEX)


def test_everyone_but_the_reader_answers_at_once():
    """"Vanaf dat moment reageren alle andere spelers tegelijk. De voorlezer zelf speelt bij deze
    categorie geen letterkaart." (From then on all other players react at once; the reader plays no
    letter card.)"""
    t = Table(players=4)
    s = t.state(["AB", "KK", "MM", "BB"])
    read(s)
    assert s.current_players() == (1, 2, 3)
    with pytest.raises(IllegalAction):
        s.apply(Answer(0, s.hands[0][0], "aap", 1000))
    assert s.legal_actions(0) == []


def test_the_word_must_start_with_the_letter_on_the_card():
    """"Je legt die letterkaart op tafel en noemt meteen je antwoord, dat moet beginnen met de letter
    op je kaart." (Play the card and say your answer, which must start with the card's letter.)"""
    t = Table()
    s = t.state(["B", "AAK", "MM"])
    read(s)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="begint niet met een A"):
        s.apply(Answer(1, card_with(s, 1, "A"), "kat", 1000))
    assert s.to_json() == before
    s.apply(Answer(1, card_with(s, 1, "A"), "de Aap", 1000))  # the article is forgiven
    assert s.view(2)["answers"][0]["word"] == "de Aap"


def test_the_fastest_correct_player_discards_and_becomes_the_reader():
    """"Alleen de snelste speler met een goed antwoord mag zijn gespeelde letterkaart of letterkaarten
    afleggen. ... De winnaar van de categorie wordt de nieuwe voorlezer." (Only the fastest player with
    a right answer discards; the winner of the category reads next.) The time on the answers decides,
    not the order in which they arrive."""
    t = Table()
    s = t.state(["B", "AKK", "MMZ"])
    read(s)
    s.apply(Answer(1, card_with(s, 1, "A"), "aap", 2500))
    s.apply(Answer(2, card_with(s, 2, "M"), "muis", 1800))  # arrives later, was said earlier
    finish(s)
    assert letters_of(s, 2) == "MZ" and letters_of(s, 1) == "AKK"
    assert s.reader == 2 and s.phase == "draw"
    assert len(s.letter_discard) == 1


def test_other_players_take_their_cards_back():
    """"Hebben andere spelers ook een letterkaart gespeeld, dan nemen zij die weer terug op hand."
    (Other players who played a card take it back.)"""
    t = Table()
    s = t.state(["B", "AKK", "MMZ"])
    read(s)
    s.apply(Answer(1, card_with(s, 1, "K"), "kat", 1000))
    s.apply(Answer(2, card_with(s, 2, "M"), "muis", 3000))
    finish(s)
    assert letters_of(s, 2) == "MMZ"
    assert letters_of(s, 1) == "AK"


def test_more_cards_of_the_same_letter_each_need_another_right_word():
    """"Heb je nog meer kaarten met dezelfde letter, dan mag je die er snel achteraan spelen. Voor elke
    extra kaart noem je dan een ander juist antwoord." (Play more cards of the same letter, each with
    another right answer.)"""
    t = Table()
    s = t.state(["B", "AAAK", "MM"])
    read(s)
    a1, a2, a3 = [c for c in s.hands[1] if s.game.card_letter[c] == "A"]
    s.apply(Answer(1, a1, "aap", 1000))
    with pytest.raises(IllegalAction, match="zei (dat )?al"):
        s.apply(Answer(1, a2, "aap", 1500))
    with pytest.raises(IllegalAction, match="must be As"):
        s.apply(Answer(1, card_with(s, 1, "K"), "kat", 1500))
    with pytest.raises(IllegalAction, match="cannot come before"):
        s.apply(Answer(1, a2, "alpaca", 900))
    s.apply(Answer(1, a2, "alpaca", 1500))
    s.apply(Answer(1, a3, "adder", 2000))
    finish(s)
    assert letters_of(s, 1) == "K"  # all three As discarded


def test_a_wrong_answer_takes_the_card_back_plus_a_penalty_card_and_reads_next():
    """"Noem je een woord dat niet bij de categorie past, dan krijg je een straf. Je neemt de fout
    gespeelde letterkaart terug op hand en pakt daarbij een nieuwe letterkaart van de stapel. Daarna
    ben jij de voorlezer van de volgende categorie." (A wrong word: take the card back plus a new card
    from the pile, and read the next category.)"""
    t = Table(lexicon_is_final=True)
    s = t.state(["B", "TKK", "MMZ"])
    read(s)
    pile = len(s.letter_deck)
    s.apply(Answer(1, card_with(s, 1, "T"), "tafel", 900))  # a table is no animal
    s.apply(Answer(2, card_with(s, 2, "M"), "muis", 1500))
    finish(s)
    assert len(s.hands[1]) == 4 and len(s.letter_deck) == pile - 1
    assert letters_of(s, 2) == "MZ", "the slower right answer still wins the category"
    assert s.reader == 1
    # option: the winner reads next instead
    t = Table(lexicon_is_final=True, reader_after_wrong="winner")
    s = t.state(["B", "TKK", "MMZ"])
    read(s)
    s.apply(Answer(1, card_with(s, 1, "T"), "tafel", 900))
    s.apply(Answer(2, card_with(s, 2, "M"), "muis", 1500))
    finish(s)
    assert s.reader == 2


def test_simultaneous_right_answers_go_to_a_playoff_with_the_same_cards():
    """"Spelen meerdere spelers tegelijk een kaart en geven ze allemaal een juist antwoord, dan is er een
    remise. Alleen de spelers die bij die remise betrokken zijn, spelen dan nog een keer. Ze houden
    dezelfde letterkaart en zoeken een juist antwoord bij een nieuwe categorie." (Simultaneous right
    answers: a play-off among those players only, same cards, new category.)"""
    t = Table(players=4)
    s = t.state(["B", "KA", "MZ", "SS"])
    read(s)
    s.apply(Answer(1, card_with(s, 1, "K"), "kat", 1000))
    s.apply(Answer(2, card_with(s, 2, "M"), "muis", 1100))  # within 150 ms: simultaneous
    s.apply(Answer(3, card_with(s, 3, "S"), "slang", 2000))
    finish(s)
    assert s.playoff == [1, 2] and s.phase == "choose" and s.reader == 0
    assert letters_of(s, 3) == "SS"
    with pytest.raises(IllegalAction):
        s.apply(ChooseCategory(0, 0))  # a new category
    s.apply(ChooseCategory(0, 1))  # "een groente" on the same card
    assert s.category == s.game.categories_of(t.regular(ANIMAL_CARD_INDEX))[1]
    assert set(s.current_players()) == {1, 2}
    held_k = s.held[1][0][0]
    with pytest.raises(IllegalAction, match="cards you already played"):
        s.apply(Answer(1, card_with(s, 1, "A"), "aardappel", 900))
    words = s.game.lexicon.words_for(s.category, "M")
    s.apply(Answer(2, s.held[2][0][0], words[0], 1500))
    s.apply(Answer(1, held_k, s.game.lexicon.words_for(s.category, "K")[0], 1900))
    assert letters_of(s, 2) == "Z" and letters_of(s, 1) == "AK"
    assert s.reader == 2 and s.playoff == []


def test_the_joker_stands_for_any_letter():
    """"Je kiest zelf een beginletter en noemt een woord dat met die letter begint en bij de categorie
    past." (With a Wie Weet Wat card you choose the first letter yourself.)"""
    t = Table()
    s = t.state(["B", "*KK", "MM"])
    read(s)
    s.apply(Answer(1, card_with(s, 1, JOKER), "zebra", 1000))
    finish(s)
    assert letters_of(s, 1) == "KK" and s.reader == 1


def test_a_counter_attack_makes_the_attacked_player_draw_a_penalty_card():
    """"Speelt iemand bij de categorie 'dier' een A en roept hij "aap", dan speel jij je Wie Weet
    Wat-kaart en noem je een ander dier met dezelfde beginletter, bijvoorbeeld "adder". De speler die je
    zo aanvalt, moet als straf een letterkaart pakken." (Counter-attack: another word with the same
    first letter; the attacked player draws a penalty card.)"""
    t = Table()
    s = t.state(["B", "AKK", "*MZ"])
    read(s)
    s.apply(Answer(1, card_with(s, 1, "A"), "aap", 1000))
    joker = card_with(s, 2, JOKER)
    with pytest.raises(IllegalAction, match="zei (dat )?al"):
        s.apply(CounterAttack(2, joker, 1, "aap", 2000))
    with pytest.raises(IllegalAction, match="after the answer"):
        s.apply(CounterAttack(2, joker, 1, "adder", 800))
    with pytest.raises(IllegalAction, match="begint niet met een A"):
        s.apply(CounterAttack(2, joker, 1, "muis", 2000))
    s.apply(CounterAttack(2, joker, 1, "adder", 2000))
    finish(s)
    assert letters_of(s, 2) == "MZ", "the joker is discarded"
    assert len(s.hands[1]) == 3, "the winner discarded the A but drew a penalty card"
    assert s.reader == 1


def test_a_counter_attack_on_a_joker_uses_the_letter_it_chose():
    """"Dat werkt op dezelfde manier als de andere speler zelf een Wie Weet Wat-kaart als joker heeft
    gespeeld. Je noemt dan een juist antwoord dat begint met de letter die hij koos." (Against a joker,
    name a right answer starting with the letter it chose.)"""
    t = Table()
    s = t.state(["B", "*KK", "*MZ"])
    read(s)
    s.apply(Answer(1, card_with(s, 1, JOKER), "zebra", 1000))
    joker = card_with(s, 2, JOKER)
    with pytest.raises(IllegalAction, match="begint niet met een Z"):
        s.apply(CounterAttack(2, joker, 1, "kat", 2000))
    s.apply(CounterAttack(2, joker, 1, "zeehond", 2000))
    assert s.view(0)["answers"][1]["target"] == 1


def test_an_action_card_is_carried_out_first_then_the_same_reader_reads():
    """"Pakt de voorlezer een actiekaart, dan voert hij eerst de actie uit die erop staat. Daarna is
    dezelfde speler weer aan de beurt en gaat het spel verder met een categoriekaart." (An action card
    is carried out first; then the same player reads a category card.)"""
    t = Table()
    rotonde = t.action("rotonde")
    s = t.state(["AB", "KKK", "MMMM"], category_top=[rotonde, t.regular(0)])
    s.apply(DrawCategory(0))
    assert [len(h) for h in s.hands] == [4, 2, 3]
    assert s.phase == "choose" and s.reader == 0 and s.category_card == t.regular(0)


def test_grote_kans_lets_the_fastest_play_two_more_cards_of_any_letter_within_ten_seconds():
    """"De speler die als snelste een letterkaart speelt, mag daarna binnen 10 seconden nog 2 extra
    letterkaarten spelen. Dat mogen ook andere letters zijn, zolang hij bij elke kaart een juist woord
    noemt." (Grote Kans: the fastest may play 2 extra cards of any letter within 10 s.)"""
    t = Table()
    s = t.state(["B", "AKMZS", "GGH"], category_top=[t.action("grote_kans"), t.regular(0)])
    read(s)
    assert s.view(1)["grote_kans"]
    s.apply(Answer(1, card_with(s, 1, "A"), "aap", 1000))
    s.apply(Answer(1, card_with(s, 1, "K"), "kat", 3000))
    with pytest.raises(IllegalAction):
        s.apply(Answer(1, card_with(s, 1, "M"), "muis", 11500))  # past the 10 seconds
    s.apply(Answer(1, card_with(s, 1, "Z"), "zebra", 9000))
    with pytest.raises(IllegalAction):
        s.apply(Answer(1, card_with(s, 1, "M"), "muis", 9500))  # only two extra
    s.apply(Answer(2, card_with(s, 2, "G"), "geit", 2000))
    s.apply(Answer(2, card_with(s, 2, "H"), "hond", 2500))  # a slower bonus goes back
    finish(s)
    assert letters_of(s, 1) == "MS" and letters_of(s, 2) == "GGH"


def test_vicieuze_cirkel_goes_round_clockwise_until_someone_fails():
    """"Daarna noem jij als eerste een antwoord dat bij de categorie past, waarna iedere speler met de
    klok mee een nieuw antwoord noemt. De beginletter maakt in deze ronde niet uit. De speler die niets
    meer kan bedenken of een antwoord herhaalt, pakt als straf een letterkaart." (Vicious circle: the
    reader starts, then clockwise, any first letter; who can think of nothing or repeats draws a card.)"""
    t = Table()
    s = t.state(["AB", "KK", "MM"], category_top=[t.action("vicieuze_cirkel"), t.regular(0), t.regular(1)],
                reader=1)
    s.apply(DrawCategory(1))
    assert s.phase == "circle-choose"
    s.apply(ChooseCategory(1, 0))
    assert s.current_players() == (1,)
    s.apply(Say(1, "zebra"))
    assert s.current_players() == (2,)
    s.apply(Say(2, "aap"))
    s.apply(Say(0, "kat"))
    s.apply(Say(1, "de Zebra's"))  # a repeat, however it is said
    assert len(s.hands[1]) == 3
    assert s.phase == "draw" and s.reader == 1  # the circle used up its category card
    s.apply(DrawCategory(1))
    assert s.phase == "choose" and s.category_card == t.regular(1)
    # passing (nothing more to say) costs the same
    s2 = t.state(["AB", "KK", "MM"], category_top=[t.action("vicieuze_cirkel"), t.regular(0)])
    s2.apply(DrawCategory(0))
    s2.apply(ChooseCategory(0, 0))
    s2.apply(Say(0, "zebra"))
    s2.apply(Pass(1))
    assert len(s2.hands[1]) == 3 and s2.phase == "draw" and s2.reader == 0


def test_rotonde_passes_every_hand_clockwise():
    """"Iedere speler geeft al zijn letterkaarten met de klok mee door aan de volgende speler."
    (Everyone passes all their letter cards clockwise to the next player.)"""
    t = Table()
    s = t.state(["A", "KK", "MMM"], category_top=[t.action("rotonde"), t.regular(0)])
    s.apply(DrawCategory(0))
    assert [letters_of(s, p) for p in range(3)] == ["MMM", "A", "KK"]


def test_verkiezingspartij_everyone_takes_a_card_from_the_left():
    """"Alle spelers pakken tegelijk een letterkaart van de speler links van zich." (All players at
    once take a letter card from the player to their left, the next one clockwise.)"""
    t = Table()
    s = t.state(["A", "K", "MM"], category_top=[t.action("verkiezingspartij"), t.regular(0)])
    s.apply(DrawCategory(0))
    assert [letters_of(s, p) for p in range(3)] == ["K", "M", "AM"]


def test_verloren_geluk_the_reader_takes_a_card_from_the_left():
    """"Je pakt een letterkaart van de speler links van je." (Take a letter card from the player to
    your left.)"""
    t = Table()
    s = t.state(["A", "KB", "MM"], category_top=[t.action("verloren_geluk"), t.regular(0)])
    s.apply(DrawCategory(0))
    assert len(s.hands[0]) == 2 and len(s.hands[1]) == 1 and letters_of(s, 2) == "MM"


def test_te_veel_keuze_the_reader_takes_a_card_from_a_player_of_choice():
    """"Je pakt een letterkaart van een andere speler naar keuze." (Take a letter card from another
    player of your choice.)"""
    t = Table()
    s = t.state(["A", "KB", "MMZ"], category_top=[t.action("te_veel_keuze"), t.regular(0)])
    s.apply(DrawCategory(0))
    assert s.phase == "victim"
    assert {a.target for a in s.legal_actions(0)} == {1, 2}
    with pytest.raises(IllegalAction):
        s.apply(ChooseVictim(0, 0))
    s.apply(ChooseVictim(0, 2))
    assert [len(h) for h in s.hands] == [2, 2, 2] and s.phase == "choose"


def test_pechvogel_swaps_hands_with_the_player_holding_most_cards():
    """"Je ruilt al je letterkaarten met de speler die de meeste letterkaarten op hand heeft." (Swap
    all your letter cards with the player holding the most.)"""
    t = Table()
    s = t.state(["A", "KBKB", "MMZ"], category_top=[t.action("pechvogel"), t.regular(0)])
    s.apply(DrawCategory(0))
    assert [letters_of(s, p) for p in range(3)] == ["BBKK", "A", "MMZ"]


def test_several_action_cards_are_carried_out_in_the_order_drawn():
    """"Pak je na een actiekaart meteen nog een actiekaart, dan blijf je kaarten pakken tot je een gewone
    categoriekaart hebt. De actiekaarten die je zo gepakt hebt, voer je een voor een uit in de volgorde
    waarin je ze pakte. Pas daarna lees je een categorie voor." (Keep drawing to a regular card; carry
    out the actions one by one in the order drawn; only then read a category.)"""
    t = Table()
    s = t.state(["A", "KK", "MMM"],
                category_top=[t.action("pechvogel"), t.action("rotonde"), t.regular(0)])
    s.apply(DrawCategory(0))
    # Pechvogel first (seat 0 takes MMM, seat 2 gets A), then Rotonde passes every hand on
    assert [letters_of(s, p) for p in range(3)] == ["A", "MMM", "KK"]
    t = Table()
    s = t.state(["A", "KK", "MMM"],
                category_top=[t.action("rotonde"), t.action("pechvogel"), t.regular(0)])
    s.apply(DrawCategory(0))
    assert [letters_of(s, p) for p in range(3)] == ["MMM", "A", "KK"]


def test_a_round_ends_when_a_hand_is_empty_and_that_player_wins_it():
    """"Een ronde eindigt zodra een speler geen letterkaarten meer op hand heeft. Die speler wint de
    ronde, waarna je aan een nieuwe ronde begint." (A round ends as soon as a player has no letter
    cards left; that player wins the round and a new round starts.)"""
    t = Table()
    s = t.state(["AB", "K", "MMZ"])
    read(s)
    s.apply(Answer(1, s.hands[1][0], "kat", 1000))
    finish(s)
    assert s.round_wins == [0, 1, 0] and s.round_no == 2
    assert [len(h) for h in s.hands] == [8, 8, 8] and s.reader == 1


def test_the_first_to_win_three_rounds_wins_the_game():
    """"Het spel gaat door tot een van de spelers drie rondes heeft gewonnen en daarmee het spel wint."
    (The game goes on until a player has won three rounds.)"""
    t = Table()
    s = t.state(["AB", "K", "MMZ"])
    s.round_wins = [0, 2, 1]
    read(s)
    s.apply(Answer(1, s.hands[1][0], "kat", 1000))
    finish(s)
    assert s.is_over() and s.winners() == [1] and s.current_players() == ()
    assert s.scores() == [0, 3, 1]


def test_an_unknown_word_goes_to_a_vote_of_the_other_players():
    """Our rule for a word the list does not know (the rulebook trusts the table): the other players
    vote; a majority decides, a tie accepts (option vote_tie)."""
    t = Table(players=4)
    s = t.state(["B", "AKK", "MMZ", "SS"])
    read(s)
    s.apply(Answer(1, card_with(s, 1, "A"), "axolotlvis", 1000))
    finish(s)
    assert s.phase == "vote" and s.current_players() == (0, 2, 3)
    assert s.view(2)["vote"]["word"] == "axolotlvis"
    s.apply(Vote(0, False))
    s.apply(Vote(2, False))
    s.apply(Vote(3, True))
    assert len(s.hands[1]) == 4 and s.reader == 1, "rejected: card back plus a penalty"

    t = Table(players=3)
    s = t.state(["B", "AKK", "MMZ"])
    read(s)
    s.apply(Answer(1, card_with(s, 1, "A"), "axolotlvis", 1000))
    finish(s)
    s.apply(Vote(0, True))
    s.apply(Vote(2, False))
    assert letters_of(s, 1) == "KK", "a tied vote accepts by default"


def test_with_a_final_lexicon_an_unknown_word_is_wrong_without_a_vote():
    """Option lexicon_is_final (tables of bots only): the list is the judge."""
    t = Table(lexicon_is_final=True)
    s = t.state(["B", "AKK", "MMZ"])
    read(s)
    s.apply(Answer(1, card_with(s, 1, "A"), "axolotlvis", 1000))
    finish(s)
    assert s.phase == "draw" and len(s.hands[1]) == 4


def test_the_clock_closes_the_window_and_later_answers_are_refused():
    """The table's clock (the referee) closes the window at the time limit; no answer comes later."""
    t = Table(answer_seconds=10)
    s = t.state(["B", "AAK", "MMZ"])
    read(s)
    with pytest.raises(IllegalAction, match="Te laat"):
        s.apply(Answer(1, card_with(s, 1, "A"), "aap", 10001))
    s.apply(Answer(1, card_with(s, 1, "A"), "aap", 4000))
    assert s.current_players() == (1, 2), "the referee is not a seat in the window"
    with pytest.raises(IllegalAction):
        s.apply(CloseWindow(1, 10000))
    with pytest.raises(IllegalAction):
        s.apply(CloseWindow(REFEREE, 3000))
    s.apply(s.game.make_referee().decide(s))
    assert s.phase == "draw" and s.reader == 1 and letters_of(s, 1) == "AK"


def test_views_show_own_letters_and_only_counts_of_others():
    """Your letter cards are in your hand, unseen by the others ("Je neemt ze op hand zonder dat de
    anderen ze zien")."""
    s = load_game("wie-weet-wat", players=3).new_state(3)
    v = s.view(1)
    assert v["hand_cards"] == s.hands[1] and v["hand_sizes"] == [8, 8, 8]
    assert len(v["hand_letters"]) == 8
    assert s.view(None)["hand_cards"] == []
