"""Wie Weet Wat: Kaartspel rules (../shared/rules/wie-weet-wat.nl.txt; our reading in RULES.md).

Cards are ints. Letter cards come first (``0 .. letter_count-1``; a joker's letter is
:data:`JOKER`), then the category cards: the regular ones (four category ids each)
and the action cards (a kind from :data:`ACTION_KINDS`).

Real time inside a turn-based contract: while an answering window is open every seat
that may still answer is a current player; each answer carries ``at_ms``, the moment
it was given in milliseconds after the category was read, and the rules (not the order
in which actions arrive) decide who was first. The window closes when every seat in it
has passed (or has nothing left to play), or when the table's clock runs out: a
:class:`CloseWindow` by :data:`REFEREE`, which :class:`WieWeetWatReferee` produces.
Words are judged when the window closes; words the lexicon does not know go to a vote
of the other seats unless the option ``lexicon_is_final`` is on.

Phases (``state.phase``): ``draw`` (the reader draws a category card), ``victim``
(Te veel keuze: the reader picks a player), ``circle-choose`` / ``choose`` (the reader
picks one of the four categories), ``circle`` (Vicieuze cirkel, one seat at a time),
``answer`` (the window), ``vote``, ``over``.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from simulator.engine import REFEREE, Action, ActionCodec, Bounds, Game, IllegalAction, Scene, State

from .lexicon import Lexicon, LexiconRules, is_well_formed, load_lexicon
from .phrases import phrase

JOKER = "*"
ACTION_KINDS = ("grote_kans", "vicieuze_cirkel", "rotonde", "verkiezingspartij",
                "verloren_geluk", "te_veel_keuze", "pechvogel")
CATEGORIES_PER_CARD = 4
RECENT_EVENTS = 16
KEPT_EVENTS = 40
MAX_COPIES = 20     # scene bound on a card count or a hand
MAX_MS = 60_000     # scene bound on a time


# -- actions ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DrawCategory(Action):
    """The reader takes the top category card (and keeps drawing past action cards)."""

    kind = "draw-category"


@dataclass(frozen=True, slots=True)
class ChooseCategory(Action):
    """The reader reads category ``index`` (0-3) of the category card in play."""

    kind = "choose-category"
    index: Annotated[int, Bounds(0, CATEGORIES_PER_CARD - 1)]


@dataclass(frozen=True, slots=True)
class ChooseVictim(Action):
    """Te veel keuze: the reader takes a letter card from ``target``."""

    kind = "choose-victim"
    target: int


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """Play letter card ``card`` and say ``word``, ``at_ms`` after the category was read.

    A joker's letter is the first letter of ``word``. A later card of the same seat
    must match the first card's letter (Grote Kans: up to two cards of any letter).
    """

    kind = "answer"
    card: int
    word: str
    at_ms: int


@dataclass(frozen=True, slots=True)
class CounterAttack(Action):
    """Play joker ``card`` against ``target``'s answer: another word with the same first letter."""

    kind = "counter-attack"
    card: int
    target: int
    word: str
    at_ms: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No (more) answers from me in this window; in Vicieuze cirkel: I can think of nothing."""

    kind = "pass"


@dataclass(frozen=True, slots=True)
class CloseWindow(Action):
    """The table's clock ran out ``at_ms`` after the category was read (by REFEREE only)."""

    kind = "close-window"
    at_ms: int


@dataclass(frozen=True, slots=True)
class Vote(Action):
    """Accept or reject the word under vote."""

    kind = "vote"
    accept: bool


@dataclass(frozen=True, slots=True)
class Say(Action):
    """Vicieuze cirkel: name a word for the category (any first letter)."""

    kind = "say"
    word: str


# -- the game --------------------------------------------------------------------------
@dataclass(frozen=True)
class BotLevel:
    """How a level of :class:`~.bots.WieWeetWatBot` plays (read from ``[bots.<level>]``)."""

    reaction_mean_ms: int
    reaction_sd_ms: int
    extra_card_ms: int
    miss_rate: float
    wrong_rate: float
    vote_min_share: float


class WieWeetWatGame(Game):
    """The cards of the chosen edition, its word list, and the options for this table."""

    id = "wie-weet-wat"
    title = "Wie Weet Wat"
    min_players = 3
    max_players = 6
    actions = ActionCodec(DrawCategory, ChooseCategory, ChooseVictim, Answer, CounterAttack,
                          Pass, CloseWindow, Vote, Say)

    def __init__(self, players: int, scene: Scene | None = None, **options: Any) -> None:
        super().__init__(players, scene, **options)
        self.language: str = self.options["language"]
        lang = self.language
        letters = self.scene.table("letters")
        jokers = letters.get("jokers", int, minimum=0, maximum=MAX_COPIES)
        counts = letters.table(lang)
        self.card_letter: list[str] = []
        for letter in counts.keys():
            if len(letter) != 1 or not letter.isalpha() or not letter.isupper():
                raise counts.error(letter, "letter keys must be single capital letters")
            self.card_letter.extend([letter] * counts.get(letter, int, minimum=0, maximum=MAX_COPIES))
        self.card_letter.extend([JOKER] * jokers)
        self.letter_count = len(self.card_letter)
        self.deck_letters = tuple(sorted({l for l in self.card_letter if l != JOKER}))

        cat_table = self.scene.table("categories")
        self.category_label: dict[str, str] = {}
        for cid in cat_table.keys():
            self.category_label[cid] = cat_table.table(cid).get(lang, str)
        cards_table = self.scene.table("category_cards")
        rows = cards_table.get("cards", list)
        self.card_categories: list[tuple[str, ...]] = []  # index: card - letter_count
        for i, row in enumerate(rows):
            if (not isinstance(row, list) or len(row) != CATEGORIES_PER_CARD
                    or any(c not in self.category_label for c in row)):
                raise cards_table.error(f"cards[{i}]", f"expected {CATEGORIES_PER_CARD} ids from [categories], got {row!r}")
            self.card_categories.append(tuple(row))
        self.card_action: list[str | None] = [None] * len(self.card_categories)
        actions = self.scene.table("action_cards")
        self.action_label: dict[str, str] = {}
        for kind in ACTION_KINDS:
            entry = actions.table(kind)
            self.action_label[kind] = entry.get(lang, str)
            for _ in range(entry.get("count", int, minimum=0, maximum=MAX_COPIES)):
                self.card_action.append(kind)
                self.card_categories.append(())
        self.first_category_card = self.letter_count
        self.category_card_count = len(self.card_categories)
        if self.card_action.count(None) < 1:
            raise cards_table.error("cards", "needs at least one regular category card")

        rules = self.scene.table("rules")
        self.hand_size = rules.get("hand_size", int, minimum=1, maximum=MAX_COPIES)
        self.penalty_cards = rules.get("penalty_cards", int, minimum=0, maximum=MAX_COPIES)
        self.tie_window_ms = rules.get("tie_window_ms", int, minimum=0, maximum=MAX_MS)
        self.grote_kans_window_ms = rules.get("grote_kans_window_ms", int, minimum=0, maximum=MAX_MS)
        self.grote_kans_extra_cards = rules.get("grote_kans_extra_cards", int, minimum=0, maximum=MAX_COPIES)
        if self.letter_count < players * self.hand_size:
            raise letters.error(lang, f"holds {self.letter_count} cards, too few to deal {players} hands")

        lex_table = self.scene.table("lexicon")
        lex_path = lex_table.data_file(lang)
        self.lexicon: Lexicon = load_lexicon(Path(lex_path), lang, lexicon_rules(lex_table, lang))
        missing = [c for c in self.category_label if c not in self.lexicon.categories]
        if missing:
            raise self.scene.error("lexicon", f"{lex_path} has no words for {', '.join(missing[:5])}")

        legal = self.scene.table("legal_actions")
        self.words_per_letter = legal.get("words_per_letter", int, minimum=1, maximum=100)
        times = legal.get("answer_times_ms", list)
        if not times or not all(isinstance(t, int) and t >= 0 for t in times):
            raise legal.error("answer_times_ms", f"expected a list of times in ms, got {times!r}")
        self.answer_seconds: int = self.options["answer_seconds"]
        self.time_limit_ms = self.answer_seconds * 1000
        self.answer_times_ms = tuple(min(t, self.time_limit_ms) for t in times)
        self.extra_card_step_ms = legal.get("extra_card_step_ms", int, minimum=0, maximum=MAX_MS)

        bots = self.scene.table("bots")
        self.bot_levels: dict[str, BotLevel] = {}
        for level in bots.keys():
            b = bots.table(level)
            self.bot_levels[level] = BotLevel(
                b.get("reaction_mean_ms", int, minimum=0, maximum=MAX_MS),
                b.get("reaction_sd_ms", int, minimum=0, maximum=MAX_MS),
                b.get("extra_card_ms", int, minimum=0, maximum=MAX_MS), b.get("miss_rate", float, minimum=0, maximum=1),
                b.get("wrong_rate", float, minimum=0, maximum=1),
                b.get("vote_min_share", float, minimum=0, maximum=1))

        self.lexicon_is_final: bool = self.options["lexicon_is_final"]
        self.vote_tie_accepts = self.options["vote_tie"] == "accept"
        self.reader_after_wrong: str = self.options["reader_after_wrong"]
        self.rounds_to_win: int = self.options["rounds_to_win"]
        self.total_cards = self.letter_count + self.category_card_count
        self.pass_action = [Pass(p) for p in range(players)]
        self.draw_action = [DrawCategory(p) for p in range(players)]
        self.vote_actions = [[Vote(p, True), Vote(p, False)] for p in range(players)]

    # -- cards ------------------------------------------------------------------------
    def say(self, text: str, **fields: Any) -> str:
        """A refusal reason a player reads, in the edition's language (see phrases.py)."""
        return phrase(self.language, text, **fields)

    def is_letter_card(self, card: int) -> bool:
        return isinstance(card, int) and 0 <= card < self.letter_count

    def is_joker(self, card: int) -> bool:
        return self.is_letter_card(card) and self.card_letter[card] == JOKER

    def action_of(self, card: int) -> str | None:
        """The action kind of a category card, or None for a regular card."""
        return self.card_action[card - self.first_category_card]

    def categories_of(self, card: int) -> tuple[str, ...]:
        return self.card_categories[card - self.first_category_card]

    def card_name(self, card: int) -> str:
        """A card as players say it: "A", "Wie Weet Wat", "Rotonde", or its four categories."""
        if self.is_letter_card(card):
            letter = self.card_letter[card]
            return "Wie Weet Wat" if letter == JOKER else letter
        kind = self.action_of(card)
        if kind is not None:
            return self.action_label[kind]
        return " / ".join(self.category_label[c] for c in self.categories_of(card))

    def new_state(self, seed: int, *, deal: bool = True) -> WieWeetWatState:
        return WieWeetWatState(self, seed, deal=deal)

    def make_referee(self) -> WieWeetWatReferee:
        return WieWeetWatReferee(self)


def lexicon_rules(table: Scene, language: str) -> LexiconRules:
    """The scene's ``[lexicon.*]`` data for one edition: inclusions, kinds, irregular plurals."""
    includes = table.table("includes")
    pairs = []
    for category in includes.keys():
        parts = includes.get(category, list)
        if not all(isinstance(p, str) for p in parts):
            raise includes.error(category, f"expected a list of category ids, got {parts!r}")
        pairs.append((category, tuple(parts)))
    kinds = table.table("kinds").get("ids", list)
    irregular = table.table("irregular").table(language)
    return LexiconRules(tuple(pairs), frozenset(kinds),
                        tuple((plural, irregular.get(plural, str)) for plural in irregular.keys()))


class WieWeetWatReferee:
    """The table's clock: closes an open answering window at the time limit.

    A real-time screen calls :meth:`decide` when its clock reaches
    ``view["deadline_ms"]``; headless play never needs it, since bots pass in time.
    """

    def __init__(self, game: WieWeetWatGame) -> None:
        self.game = game

    def decide(self, state: State) -> Action:
        assert isinstance(state, WieWeetWatState)
        return CloseWindow(REFEREE, max(self.game.time_limit_ms, state.latest_answer_ms()))


# -- the state -------------------------------------------------------------------------
class WieWeetWatState(State):
    """Hands, piles, the category in play, the answering window and the rounds won.

    ``answers`` holds the cards on the table in the open window, one dict per card:
    seat, card, word, key (forgiving form), letter, at_ms, target (seat attacked by a
    counter-attack, else -1), bonus (a Grote Kans card of another letter) and ok
    (True/False once judged, None before). ``held`` holds, per seat, the cards tied
    players keep on the table for a play-off, as [card, letter] pairs.
    """

    game: WieWeetWatGame

    def __init__(self, game: WieWeetWatGame, seed: int, *, deal: bool = True) -> None:
        super().__init__(game, seed)
        n = game.players
        self.phase = "draw"
        self.reader = 0
        self.round_no = 0
        self.round_wins = [0] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.letter_deck: list[int] = []
        self.letter_discard: list[int] = []
        self.category_deck: list[int] = []
        self.category_discard: list[int] = []
        self.category_card: int | None = None
        self.category_public = False
        self.used_indices: list[int] = []
        self.category: str | None = None
        self.action_queue: list[int] = []
        self.grote_kans_pending = 0
        self.window_grote_kans = False
        self.window_seats: list[int] = []
        self.done = [False] * n
        self.answers: list[dict[str, Any]] = []
        self.playoff: list[int] = []
        self.held: list[list[list[Any]]] = [[] for _ in range(n)]
        self.first_wrong: list[int] = []  # [seat] of the earliest wrong answer for this category
        self.vote: dict[str, Any] | None = None
        self.circle: dict[str, Any] | None = None
        self.verdicts: dict[str, bool] = {}
        self.over = False
        self.events: list[dict[str, Any]] = []
        self.round_results: list[dict[str, Any]] = []
        if deal:
            cards = list(range(game.first_category_card, game.total_cards))
            self.rng.shuffle(cards)
            self.category_deck = cards
            first = 0 if game.options["first_reader"] == "seat-0" else self.rng.randrange(n)
            self._start_round(first)

    # -- set-up and piles ---------------------------------------------------------------
    def _start_round(self, reader: int) -> None:
        """Shuffle all letter cards, deal a hand to everyone; ``reader`` draws first."""
        g = self.game
        self.round_no += 1
        cards = list(range(g.letter_count))
        self.rng.shuffle(cards)
        self.hands = [[cards.pop() for _ in range(g.hand_size)] for _ in range(g.players)]
        self.letter_deck = cards
        self.letter_discard = []
        self.reader = reader
        self.phase = "draw"
        self._clear_window()
        self.held = [[] for _ in range(g.players)]
        self.playoff = []
        self.first_wrong = []
        self.grote_kans_pending = 0
        self._event(reader, "round", round=self.round_no)

    def _clear_window(self) -> None:
        self.window_seats = []
        self.done = [False] * self.game.players
        self.answers = []
        self.window_grote_kans = False
        self.vote = None

    def _event(self, seat: int, what: str, **info: Any) -> None:
        info["seat"] = seat
        info["what"] = what
        self.events.append(info)
        if len(self.events) > KEPT_EVENTS:
            del self.events[: len(self.events) - KEPT_EVENTS]

    def _draw_letters(self, seat: int, count: int) -> int:
        """Penalty cards: from the draw pile, reshuffling the discards when it is empty."""
        drawn = 0
        for _ in range(count):
            if not self.letter_deck:
                if not self.letter_discard:
                    break  # nothing left anywhere: the penalty lapses
                self.letter_deck = self.letter_discard
                self.letter_discard = []
                self.rng.shuffle(self.letter_deck)
                self._event(seat, "reshuffle-letters", count=len(self.letter_deck))
            self.hands[seat].append(self.letter_deck.pop())
            drawn += 1
        return drawn

    def _next_category_card(self) -> int:
        if not self.category_deck:
            self.category_deck = self.category_discard
            self.category_discard = []
            self.rng.shuffle(self.category_deck)
            self._event(self.reader, "reshuffle-categories", count=len(self.category_deck))
        return self.category_deck.pop()

    def _left_of(self, seat: int) -> int:
        """The player to your left is the next one clockwise."""
        return (seat + 1) % self.game.players

    def _discard_category_card(self) -> None:
        if self.category_card is not None:
            self.category_discard.append(self.category_card)
        self.category_card = None
        self.category_public = False
        self.used_indices = []
        self.category = None

    # -- queries for players, bots and the screen ----------------------------------------
    def latest_answer_ms(self) -> int:
        return max((a["at_ms"] for a in self.answers), default=0)

    def seat_answers(self, seat: int) -> list[dict[str, Any]]:
        """``seat``'s own answers (not counter-attacks) in the open window, in time order."""
        return [a for a in self.answers if a["seat"] == seat and a["target"] < 0]

    def _seat_last_ms(self, seat: int) -> int:
        return max((a["at_ms"] for a in self.answers if a["seat"] == seat), default=0)

    def _seat_keys(self, seat: int) -> set[str]:
        return {a["key"] for a in self.answers if a["seat"] == seat}

    def _playable_cards(self, seat: int) -> list[int]:
        """Cards ``seat`` may answer with: the hand, or in a play-off the held cards."""
        if self.playoff:
            return [c for c, _ in self.held[seat]]
        return self.hands[seat]

    def _held_letter(self, seat: int) -> str:
        return self.held[seat][0][1] if self.held[seat] else ""

    def _bonus_allowed(self, seat: int, at_ms: int) -> bool:
        """Grote Kans: may ``seat`` still add a card of another letter at ``at_ms``?"""
        g = self.game
        if not self.window_grote_kans or self.playoff:
            return False
        own = self.seat_answers(seat)
        if not own or sum(1 for a in own if a["bonus"]) >= g.grote_kans_extra_cards:
            return False
        return at_ms <= own[0]["at_ms"] + g.grote_kans_window_ms

    def _has_more_to_play(self, seat: int) -> bool:
        """Could ``seat`` still put a card on the table in this window?"""
        cards = self._playable_cards(seat)
        if not cards:
            return False
        own = self.seat_answers(seat)
        if not own or self.playoff:
            return True
        letters = self.game.card_letter
        first = own[0]["letter"]
        if any(letters[c] in (first, JOKER) for c in cards):
            return True
        return self._bonus_allowed(seat, own[0]["at_ms"])

    # -- contract: who acts --------------------------------------------------------------
    def current_players(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "answer":
            return tuple(s for s in self.window_seats if not self.done[s])
        if phase == "vote":
            cast = self.vote["votes"]
            return tuple(s for s in self.vote["voters"] if str(s) not in cast)
        if phase == "circle":
            return (self.circle["order"][self.circle["turn"]],)
        if phase == "over":
            return ()
        return (self.reader,)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.current_players():
            return []
        g = self.game
        phase = self.phase
        if phase == "draw":
            return [g.draw_action[player]]
        if phase in ("choose", "circle-choose"):
            return [ChooseCategory(player, i) for i in range(CATEGORIES_PER_CARD) if i not in self.used_indices]
        if phase == "victim":
            return [ChooseVictim(player, s) for s in range(g.players) if s != player and self.hands[s]]
        if phase == "vote":
            return list(g.vote_actions[player])
        if phase == "circle":
            said = set(self.circle["said"])
            words = [w for w in g.lexicon.categories[self.category].words if g.lexicon.key(w) not in said]
            return [Say(player, w) for w in words[:3]] + [g.pass_action[player]]
        return self._answer_actions(player)

    def _answer_actions(self, seat: int) -> list[Action]:
        """A representative set of answers: lexicon words for each letter held, at a few times."""
        g = self.game
        lex = g.lexicon
        letters = g.card_letter
        out: list[Action] = [g.pass_action[seat]]
        said = self._seat_keys(seat)
        cards = self._playable_cards(seat)
        own = self.seat_answers(seat)

        def words(letter: str, count: int, avoid: set[str]) -> list[str]:
            found = []
            for w in lex.words_for(self.category, letter):
                if lex.key(w) not in avoid:
                    found.append(w)
                    if len(found) == count:
                        break
            return found

        per_letter: dict[str, int] = {}
        for c in sorted(cards):
            per_letter.setdefault(letters[c], c)
        joker = per_letter.pop(JOKER, None)
        if self.playoff:
            fixed = self._held_letter(seat)
            per_letter = {fixed: min(cards)} if cards else {}
            if joker is not None and not per_letter:
                per_letter = {fixed: joker}
            joker = None
        if not own:
            last = self._seat_last_ms(seat)  # a counter-attack may have come first
            times = sorted({max(t, last) for t in g.answer_times_ms})
            for letter, card in per_letter.items():
                for w in words(letter, g.words_per_letter, said):
                    out.extend(Answer(seat, card, w, t) for t in times)
            if joker is not None:
                others = [l for l in g.deck_letters if l not in per_letter] or list(g.deck_letters)
                picks = [w for l in others for w in words(l, 1, said)][: g.words_per_letter]
                out.extend(Answer(seat, joker, w, t) for w in picks for t in times)
        else:
            first = own[0]["letter"]
            t = min(self._seat_last_ms(seat) + g.extra_card_step_ms, g.time_limit_ms)
            if first in per_letter or joker is not None:
                card = per_letter.get(first, joker)
                out.extend(Answer(seat, card, w, t) for w in words(first, g.words_per_letter, said))
            if self._bonus_allowed(seat, t):
                for letter, card in per_letter.items():
                    if letter != first:
                        out.extend(Answer(seat, card, w, t) for w in words(letter, 1, said))
        if joker is not None and not self.playoff:
            last = self._seat_last_ms(seat)
            for target in self.window_seats:
                theirs = self.seat_answers(target)
                if target == seat or not theirs:
                    continue
                t = max(theirs[0]["at_ms"] + g.extra_card_step_ms, last)
                if t > g.time_limit_ms:
                    continue
                avoid = said | {a["key"] for a in theirs}
                for w in words(theirs[0]["letter"], 1, avoid):
                    out.append(CounterAttack(seat, joker, target, w, t))
        return out

    # -- contract: checking --------------------------------------------------------------
    def check(self, action: Action) -> None:
        g = self.game
        if self.over:
            raise IllegalAction("The game is over.")
        kind = type(action)
        seat = action.player
        if kind is CloseWindow:
            if seat != REFEREE:
                raise IllegalAction("Only the table's clock closes the answering window.")
            if self.phase != "answer":
                raise IllegalAction("No answering window is open.")
            if not isinstance(action.at_ms, int) or action.at_ms < self.latest_answer_ms():
                raise IllegalAction("The window cannot close before an answer that was already given.")
            return
        if seat not in self.current_players():
            raise IllegalAction(self._whose_turn())
        phase = self.phase
        if kind is DrawCategory:
            if phase != "draw":
                raise IllegalAction("There is no category card to draw now.")
            return
        if kind is ChooseCategory:
            if phase not in ("choose", "circle-choose"):
                raise IllegalAction("There is no category to choose now.")
            if not isinstance(action.index, int) or not 0 <= action.index < CATEGORIES_PER_CARD:
                raise IllegalAction(f"Choose one of the {CATEGORIES_PER_CARD} categories on the card.")
            if action.index in self.used_indices:
                raise IllegalAction("That category was already read for this play-off: choose another.")
            return
        if kind is ChooseVictim:
            if phase != "victim":
                raise IllegalAction("There is no Te veel keuze to resolve now.")
            target = action.target
            if not isinstance(target, int) or not 0 <= target < g.players or target == seat:
                raise IllegalAction("Choose another player to take a letter card from.")
            if not self.hands[target]:
                raise IllegalAction(f"Player {target + 1} has no letter cards.")
            return
        if kind is Vote:
            if phase != "vote":
                raise IllegalAction("There is no word to vote on.")
            if not isinstance(action.accept, bool):
                raise IllegalAction("A vote accepts (true) or rejects (false).")
            return
        if kind is Say:
            if phase != "circle":
                raise IllegalAction("Words without a card are only said in a Vicieuze cirkel.")
            if not is_well_formed(action.word):
                raise IllegalAction(f"{action.word!r} is not a word.")
            return
        if kind is Pass:
            if phase not in ("answer", "circle"):
                raise IllegalAction("There is nothing to pass on now.")
            return
        if kind is Answer:
            self._check_answer(action)
            return
        if kind is CounterAttack:
            self._check_attack(action)
            return
        raise IllegalAction(f"{action.kind!r} is not a Wie Weet Wat action.")

    def _whose_turn(self) -> str:
        seats = self.current_players()
        names = ", ".join(f"Player {s + 1}" for s in seats)
        what = {"answer": "may answer", "vote": "still vote", "circle": "is to speak"}.get(self.phase, "is to act")
        return f"It is not your turn: {names} {what}."

    def _check_timing(self, seat: int, at_ms: Any) -> None:
        if not isinstance(at_ms, int) or isinstance(at_ms, bool) or at_ms < 0:
            raise IllegalAction("An answer needs the time it was given, in ms since the category was read.")
        if at_ms > self.game.time_limit_ms:
            raise IllegalAction(self.game.say("Too late: the clock stopped at {seconds} seconds.",
                                              seconds=self.game.answer_seconds))
        if at_ms < self._seat_last_ms(seat):
            raise IllegalAction("Your cards go on the table one after another: this one cannot come before your last.")

    def _check_word(self, seat: int, word: Any, letter: str) -> str:
        """The word's forgiving key, after checking it is a word starting with ``letter``."""
        lex = self.game.lexicon
        say = self.game.say
        if not is_well_formed(word):
            raise IllegalAction(say("{word} is not a word.", word=repr(word)))
        initial = lex.initial(word)
        if letter != JOKER and initial != letter:
            raise IllegalAction(say("{word} does not start with {letter}.", word=repr(word), letter=letter))
        key = self._canonical(word)
        if key in self._seat_keys(seat):
            raise IllegalAction(say("You already said {word}: every card needs another word.", word=repr(word)))
        return key

    def _canonical(self, word: str) -> str:
        """The word as the lexicon files it for the category in play (so "apen" is "aap"), else its key."""
        lex = self.game.lexicon
        return lex.match(self.category, word) or lex.key(word)

    def _check_answer(self, action: Answer) -> None:
        g = self.game
        seat = action.player
        if self.phase != "answer":
            raise IllegalAction("No category has been read: there is nothing to answer.")
        self._check_timing(seat, action.at_ms)
        card = action.card
        if card not in self._playable_cards(seat):
            if self.playoff:
                raise IllegalAction("In a play-off you answer with the cards you already played.")
            raise IllegalAction("You do not hold that card.")
        letter = g.card_letter[card]
        if self.playoff:
            letter = self._held_letter(seat)
        self._check_word(seat, action.word, letter)
        own = self.seat_answers(seat)
        if own:
            first = own[0]["letter"]
            said = g.lexicon.initial(action.word)
            if said != first and not self._bonus_allowed(seat, action.at_ms):
                raise IllegalAction(f"Your extra cards must be {first}s, each with another word.")

    def _check_attack(self, action: CounterAttack) -> None:
        g = self.game
        seat = action.player
        if self.phase != "answer" or self.playoff:
            raise IllegalAction("A counter-attack answers another player's card in an open window.")
        self._check_timing(seat, action.at_ms)
        if action.card not in self.hands[seat] or not g.is_joker(action.card):
            raise IllegalAction("A counter-attack needs a Wie Weet Wat card from your hand.")
        target = action.target
        theirs = self.seat_answers(target) if isinstance(target, int) and target != seat else []
        if not theirs:
            raise IllegalAction("You can only counter-attack a player who has answered.")
        if action.at_ms <= theirs[0]["at_ms"]:
            raise IllegalAction("A counter-attack comes after the answer it attacks.")
        key = self._check_word(seat, action.word, theirs[0]["letter"])
        if any(a["key"] == key for a in theirs):
            raise IllegalAction(g.say("Player {number} already said that: name another word.", number=target + 1))

    # -- contract: performing ------------------------------------------------------------
    def _perform(self, action: Action) -> None:
        kind = type(action)
        if kind is DrawCategory:
            self._perform_draw()
        elif kind is ChooseCategory:
            self._perform_choose(action.index)
        elif kind is ChooseVictim:
            self.mark_reveal()
            card = self.action_queue.pop(0)
            self.category_discard.append(card)
            self._steal(self.reader, action.target, "te_veel_keuze")
            if not self._round_decided():
                self._run_actions()
        elif kind is Answer or kind is CounterAttack:
            self.mark_reveal()
            self._perform_answer(action)
        elif kind is Pass:
            if self.phase == "circle":
                self._circle_fail(action.player, "pass")
            else:
                self.done[action.player] = True
                self._maybe_close()
        elif kind is CloseWindow:
            self._close_window(action.at_ms)
        elif kind is Vote:
            self._perform_vote(action)
        elif kind is Say:
            self._perform_say(action)

    # drawing and action cards
    def _perform_draw(self) -> None:
        """Draw until a regular category card turns up; action cards drawn resolve first, in order."""
        g = self.game
        self.mark_reveal()
        set_aside = []
        while True:
            card = self._next_category_card()
            kind = g.action_of(card)
            if kind is None:
                break
            if self.playoff:
                set_aside.append(card)  # a play-off only needs a new category: actions wait
            else:
                self.action_queue.append(card)
                self._event(self.reader, "action", label=g.action_label[kind])
        self.category_deck[:0] = set_aside  # under the pile
        self.category_card = card
        self.category_public = False
        self.used_indices = []
        self._run_actions()

    def _run_actions(self) -> None:
        """Resolve queued action cards in the order drawn; then the reader reads a category."""
        g = self.game
        while self.action_queue:
            card = self.action_queue[0]
            kind = g.action_of(card)
            if kind == "te_veel_keuze":
                self.phase = "victim"
                return
            if kind == "vicieuze_cirkel":
                if self.category_card is None:
                    self.phase = "draw"  # the circle needs a category card of its own
                    return
                self.phase = "circle-choose"
                return
            self.action_queue.pop(0)
            self.category_discard.append(card)
            self._resolve_simple_action(kind)
            if self._round_decided():
                return
        self.phase = "choose" if self.category_card is not None else "draw"

    def _resolve_simple_action(self, kind: str) -> None:
        g = self.game
        n = g.players
        reader = self.reader
        if kind == "grote_kans":
            self.grote_kans_pending += 1
            self._event(reader, "grote-kans")
        elif kind == "rotonde":
            self.hands = [self.hands[(s - 1) % n] for s in range(n)]
            self._event(reader, "rotonde")
        elif kind == "verkiezingspartij":
            taken = []
            for s in range(n):
                left = self.hands[self._left_of(s)]
                taken.append(left.pop(self.rng.randrange(len(left))) if left else None)
            for s, card in enumerate(taken):
                if card is not None:
                    self.hands[s].append(card)
            self._event(reader, "verkiezingspartij")
        elif kind == "verloren_geluk":
            self._steal(reader, self._left_of(reader), kind)
        elif kind == "pechvogel":
            most = max(len(h) for h in self.hands)
            if len(self.hands[reader]) < most:
                order = [(reader + k) % n for k in range(1, n)]
                other = next(s for s in order if len(self.hands[s]) == most)
                self.hands[reader], self.hands[other] = self.hands[other], self.hands[reader]
                self._event(reader, "pechvogel", other=other)
            else:
                self._event(reader, "pechvogel", other=-1)

    def _steal(self, taker: int, victim: int, kind: str) -> None:
        """``taker`` takes a random (face-down) letter card from ``victim``."""
        hand = self.hands[victim]
        if hand:
            self.hands[taker].append(hand.pop(self.rng.randrange(len(hand))))
        self._event(taker, kind.replace("_", "-"), other=victim)

    def _round_decided(self) -> bool:
        """End the round if a hand is empty; True if it ended (and the next one began or the game ended)."""
        empty = [s for s in range(self.game.players) if not self.hands[s] and not self.held[s]]
        if not empty:
            return False
        n = self.game.players
        winner = min(empty, key=lambda s: (s - self.reader) % n)
        self._end_round(winner)
        return True

    def _end_round(self, winner: int) -> None:
        g = self.game
        self.round_wins[winner] += 1
        self.round_results.append({"round": self.round_no, "winner": winner,
                                   "round_wins": list(self.round_wins)})
        self._event(winner, "round-won", round=self.round_no)
        # category cards in play go to the discard; letter cards are all reshuffled
        self.category_discard.extend(self.action_queue)
        self.action_queue = []
        self._discard_category_card()
        self.circle = None
        self._clear_window()
        if self.round_wins[winner] >= g.rounds_to_win:
            self.over = True
            self.phase = "over"
            # the last hands stay where they lie: gather the table into the discard pile
            for seat in range(g.players):
                self.hands[seat].extend(c for c, _ in self.held[seat])
            self.held = [[] for _ in range(g.players)]
            self.playoff = []
            return
        for seat in range(g.players):
            self.held[seat] = []
        self._start_round(winner)

    # choosing the category and the window
    def _perform_choose(self, index: int) -> None:
        g = self.game
        self.used_indices.append(index)
        self.category = g.categories_of(self.category_card)[index]
        self.category_public = True
        self._event(self.reader, "read", label=g.category_label[self.category])
        if self.phase == "circle-choose":
            n = g.players
            self.circle = {"order": [(self.reader + k) % n for k in range(n)], "turn": 0,
                           "said": [], "words": []}
            self.phase = "circle"
            return
        self._clear_window()
        n = g.players
        if self.playoff:
            self.window_seats = list(self.playoff)
        else:
            self.window_seats = [(self.reader + k) % n for k in range(1, n)]
            self.window_grote_kans = self.grote_kans_pending > 0
            self.grote_kans_pending = 0
            self.first_wrong = []
        self.phase = "answer"
        for seat in self.window_seats:
            self.done[seat] = not self._has_more_to_play(seat)
        self._maybe_close()

    def _perform_answer(self, action: Answer | CounterAttack) -> None:
        g = self.game
        seat = action.player
        lex = g.lexicon
        card = action.card
        if self.playoff and type(action) is Answer:
            pair = next(p for p in self.held[seat] if p[0] == card)
            self.held[seat].remove(pair)
            letter = pair[1]
        else:
            self.hands[seat].remove(card)
            letter = lex.initial(action.word)
        target = action.target if type(action) is CounterAttack else -1
        own = self.seat_answers(seat)
        bonus = bool(target < 0 and own and letter != own[0]["letter"])
        self.answers.append({"seat": seat, "card": card, "word": action.word, "key": self._canonical(action.word),
                             "letter": letter, "at_ms": action.at_ms, "target": target,
                             "bonus": bonus, "ok": None})
        if not self._has_more_to_play(seat) and not (target < 0 and self._may_attack(seat)):
            self.done[seat] = True
        self._maybe_close()

    def _may_attack(self, seat: int) -> bool:
        return not self.playoff and any(self.game.is_joker(c) for c in self.hands[seat])

    def _maybe_close(self) -> None:
        if self.phase == "answer" and all(self.done[s] for s in self.window_seats):
            self._close_window(self.latest_answer_ms())

    def _close_window(self, at_ms: int) -> None:
        """Judge every word on the table; unknown words go to a vote, then the window resolves."""
        self.mark_judged()  # whoever's move closed the window, the table has judged it: no undo past it
        self._event(-1, "closed", at_ms=at_ms)
        for entry in self.answers:
            entry["ok"] = self._judge(entry["word"], entry["key"])
        self._start_next_vote_or_resolve()

    def _judge(self, word: str, key: str) -> bool | None:
        """True/False if the lexicon or an earlier vote knows; None if the table must vote."""
        g = self.game
        if g.lexicon.match(self.category, word) is not None:
            return True
        verdict = self.verdicts.get(f"{self.category}|{key}")
        if verdict is not None:
            return verdict
        return False if g.lexicon_is_final else None

    def _start_next_vote_or_resolve(self) -> None:
        for index, entry in enumerate(self.answers):
            if entry["ok"] is None:
                self._open_vote(entry["seat"], entry["word"], "answer", index)
                return
        self._resolve_window()

    def _open_vote(self, seat: int, word: str, about: str, index: int) -> None:
        voters = [s for s in range(self.game.players) if s != seat]
        self.vote = {"seat": seat, "word": word, "about": about, "index": index,
                     "voters": voters, "votes": {}}
        self.phase = "vote"

    def _perform_vote(self, action: Vote) -> None:
        vote = self.vote
        vote["votes"][str(action.player)] = action.accept
        if len(vote["votes"]) < len(vote["voters"]):
            return
        yes = sum(1 for v in vote["votes"].values() if v)
        no = len(vote["votes"]) - yes
        accepted = yes > no or (yes == no and self.game.vote_tie_accepts)
        key = self._canonical(vote["word"])
        self.mark_judged()  # the last vote decided: the table's verdict stands
        self.verdicts[f"{self.category}|{key}"] = accepted
        self._event(vote["seat"], "vote", label=vote["word"], accepted=accepted, yes=yes, no=no)
        self.vote = None
        if vote["about"] == "circle":
            self.phase = "circle"
            if accepted:
                self._circle_next(key)
            else:
                self._circle_fail(vote["seat"], "rejected")
            return
        self.phase = "answer"
        for entry in self.answers:
            if entry["ok"] is None and entry["key"] == key:
                entry["ok"] = accepted
        self._start_next_vote_or_resolve()

    def _resolve_window(self) -> None:
        """Fastest correct player discards; wrong answers take a penalty; ties go to a play-off."""
        g = self.game
        n = g.players
        by_seat: dict[int, list[dict[str, Any]]] = {}
        for entry in self.answers:
            by_seat.setdefault(entry["seat"], []).append(entry)
        wrong = sorted((s for s, es in by_seat.items() if any(e["ok"] is False for e in es)),
                       key=lambda s: min(e["at_ms"] for e in by_seat[s] if e["ok"] is False))
        first_ms = {s: min(e["at_ms"] for e in es if e["target"] < 0)
                    for s, es in by_seat.items() if s not in wrong and any(e["target"] < 0 for e in es)}
        tied: list[int] = []
        if first_ms:
            fastest = min(first_ms.values())
            tied = sorted((s for s, t in first_ms.items() if t - fastest <= g.tie_window_ms),
                          key=lambda s: (first_ms[s], s))
        if wrong and not self.first_wrong:
            self.first_wrong = [wrong[0]]  # a play-off never overrides the first window's
        winner = tied[0] if len(tied) == 1 else None
        new_held: list[list[list[Any]]] = [[] for _ in range(n)]
        penalised: list[int] = []
        attacked: list[int] = []
        discarded = 0
        for seat, entries in by_seat.items():
            for e in entries:
                card = e["card"]
                if seat in wrong:
                    self._take_back(seat, card)
                elif e["target"] >= 0:
                    self.letter_discard.append(card)  # a counter-attack that hit
                    attacked.append(e["target"])
                elif seat == winner and (not e["bonus"] or self.window_grote_kans):
                    self.letter_discard.append(card)
                    discarded += 1
                elif len(tied) > 1 and seat in tied and not e["bonus"]:
                    new_held[seat].append([card, e["letter"]])
                else:
                    self._take_back(seat, card)
        # held cards a tied player did not play again go back to the hand
        for seat in range(n):
            for card, _ in self.held[seat]:
                self.hands[seat].append(card)
        self.held = new_held
        for seat in wrong:
            self._draw_letters(seat, g.penalty_cards)
            penalised.append(seat)
        for seat in attacked:
            self._draw_letters(seat, g.penalty_cards)
        self._event(self.reader, "result", category=g.category_label[self.category],
                    winner=-1 if winner is None else winner, tied=tied if len(tied) > 1 else [],
                    wrong=wrong, attacked=attacked,
                    words=[f"{e['word']}{'' if e['ok'] else ' (wrong)'}" for e in self.answers],
                    # every card of the window as the screen shows the verdict (labels, no card ids)
                    plays=[{"seat": e["seat"], "word": e["word"], "letter": e["letter"], "at_ms": e["at_ms"],
                            "target": e["target"], "bonus": e["bonus"], "ok": bool(e["ok"])}
                           for e in self.answers],
                    discarded=discarded)
        self.answers = []
        self.window_seats = []
        if self._round_decided():
            return
        if len(tied) > 1:
            self.playoff = tied
            self.phase = "choose" if len(self.used_indices) < CATEGORIES_PER_CARD else "draw"
            if self.phase == "draw":
                self._discard_category_card()
            return
        self.playoff = []
        if self.first_wrong and (g.reader_after_wrong == "wrong-answer" or winner is None):
            self.reader = self.first_wrong[0]
        elif winner is not None:
            self.reader = winner
        self.first_wrong = []
        self._discard_category_card()
        self.phase = "draw"

    def _take_back(self, seat: int, card: int) -> None:
        self.hands[seat].append(card)

    # Vicieuze cirkel
    def _perform_say(self, action: Say) -> None:
        circle = self.circle
        key = self._canonical(action.word)
        circle["words"].append(action.word)
        if key in circle["said"]:
            self._circle_fail(action.player, "repeat")
            return
        verdict = self._judge(action.word, key)
        if verdict is None:
            self._open_vote(action.player, action.word, "circle", len(circle["words"]) - 1)
        elif verdict:
            self._circle_next(key)
        else:
            self._circle_fail(action.player, "wrong")

    def _circle_next(self, key: str) -> None:
        circle = self.circle
        circle["said"].append(key)
        circle["turn"] = (circle["turn"] + 1) % len(circle["order"])

    def _circle_fail(self, seat: int, why: str) -> None:
        """The player who can think of nothing more, or repeats, takes a penalty card; the circle ends."""
        g = self.game
        drawn = self._draw_letters(seat, g.penalty_cards)
        self._event(seat, "circle-lost", why=why, count=drawn, words=len(self.circle["said"]))
        self.circle = None
        self.category_discard.append(self.action_queue.pop(0))
        self._discard_category_card()
        self._run_actions()

    # -- outcome -------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return [float(w) for w in self.round_wins]

    # -- information ---------------------------------------------------------------------
    def deadline_ms(self) -> int:
        """When the table's clock closes the open window, in ms after the category was read."""
        return self.game.time_limit_ms

    def view(self, player: int | None) -> dict[str, Any]:
        g = self.game
        card_visible = self.category_card is not None and (self.category_public or player == self.reader)
        category_options = ([g.category_label[c] for c in g.categories_of(self.category_card)]
                            if card_visible else [])
        own = self.hands[player] if player is not None else []
        vote = None
        if self.vote is not None:
            vote = {"seat": self.vote["seat"], "word": self.vote["word"], "about": self.vote["about"],
                    "voters": list(self.vote["voters"]), "votes_cast": len(self.vote["votes"]),
                    "my_vote": self.vote["votes"].get(str(player))}
        return {
            "seat": player,
            "players": g.players,
            "language": g.language,
            "phase": self.phase,
            "reader": self.reader,
            "current": list(self.current_players()),
            "round": self.round_no,
            "round_wins": list(self.round_wins),
            "rounds_to_win": g.rounds_to_win,
            "hand_cards": list(own),
            "hand_letters": [g.card_letter[c] for c in own],
            "hand_sizes": [len(h) for h in self.hands],
            "letter_pile_size": len(self.letter_deck),
            "discard_cards": self.letter_discard[-4:],
            "category_pile_size": len(self.category_deck),
            "category_card": self.category_card if card_visible else None,
            "category_options": category_options,
            "used_indices": list(self.used_indices),
            "category_id": self.category if self.category_public else None,
            "category": g.category_label[self.category] if self.category_public and self.category else None,
            "action_cards": list(self.action_queue),
            "action_labels": [g.action_label[g.action_of(c)] for c in self.action_queue],
            "grote_kans": self.window_grote_kans if self.phase == "answer" else self.grote_kans_pending > 0,
            "window_seats": list(self.window_seats),
            "done": [self.done[s] for s in range(g.players)],
            "deadline_ms": self.deadline_ms(),
            "tie_window_ms": g.tie_window_ms,
            "answers": [{"seat": a["seat"], "card": a["card"], "word": a["word"], "letter": a["letter"],
                         "at_ms": a["at_ms"], "target": a["target"], "bonus": a["bonus"]}
                        for a in self.answers],
            "playoff": list(self.playoff),
            "held_cards": [[c for c, _ in h] for h in self.held],
            "held_letters": [self._held_letter(s) for s in range(g.players)],
            "vote": vote,
            "circle": None if self.circle is None else {
                "order": list(self.circle["order"]), "turn": self.circle["turn"],
                "words": list(self.circle["words"])},
            "events": self.events[-RECENT_EVENTS:],
            "rounds": list(self.round_results),
            "over": self.over,
        }

    def card_zones(self) -> dict[str, list[int]]:
        zones = {
            "letter_deck": list(self.letter_deck),
            "letter_discard": list(self.letter_discard),
            "table": [a["card"] for a in self.answers] + [c for h in self.held for c, _ in h],
            "category_deck": list(self.category_deck),
            "category_discard": list(self.category_discard),
            "category_in_play": [] if self.category_card is None else [self.category_card],
            "action_queue": list(self.action_queue),
        }
        for seat, hand in enumerate(self.hands):
            zones[f"hand{seat}"] = list(hand)
        return zones

    def hidden_from(self, player: int | None) -> set[int]:
        hidden = set(self.letter_deck) | set(self.category_deck)
        for seat, hand in enumerate(self.hands):
            if seat != player:
                hidden.update(hand)
        if self.category_card is not None and not self.category_public and player != self.reader:
            hidden.add(self.category_card)
        return hidden

    # -- persistence ---------------------------------------------------------------------
    _FIELDS = ("phase", "reader", "round_no", "round_wins", "hands", "letter_deck", "letter_discard",
               "category_deck", "category_discard", "category_card", "category_public", "used_indices",
               "category", "action_queue", "grote_kans_pending", "window_grote_kans", "window_seats",
               "done", "answers", "playoff", "held", "first_wrong", "vote", "circle", "verdicts", "over",
               "events", "round_results")

    def _fields_to_json(self) -> dict[str, Any]:
        return copy.deepcopy({name: getattr(self, name) for name in self._FIELDS})

    def _fields_from_json(self, data: dict[str, Any]) -> None:
        for name in self._FIELDS:
            setattr(self, name, copy.deepcopy(data[name]))
        if len(self.hands) != self.game.players or len(self.round_wins) != self.game.players:
            raise ValueError("hands and round wins must have one entry per seat")
