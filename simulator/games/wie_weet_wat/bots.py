"""Wie Weet Wat bots. They see only their seat's view, and know the edition's word list.

:class:`WieWeetWatBot` answers from the lexicon like a player of its level: its
first card comes a reaction time after the category is read (normal distribution
from ``[bots.<level>]`` in the scene), each extra card a little later; sometimes it
finds no word, sometimes it says a wrong one (a word of the right letter from another
category). It sheds as many cards as it can per answer, saves its Wie Weet Wat cards
for counter-attacks, and takes cards from the player closest to winning. It votes on
a word no list files under the category by the lists, the language's general word
list and its level's judgement (:meth:`WieWeetWatBot.judges_right`).
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from simulator.engine import Action

from .lexicon import Lexicon
from .rules import (JOKER, Answer, BotLevel, ChooseCategory, ChooseVictim, CounterAttack, Pass, Say,
                    Vote, WieWeetWatGame)

MIN_REACTION_MS = 400
CLEARLY_OTHER_SHARE = 0.05   # a kind whose list holds fewer of this category's words than this rules it out


class WieWeetWatBot:
    """A lexicon-driven player whose speed and accuracy come from its level."""

    def __init__(self, game: WieWeetWatGame, seat: int, level: str = "good") -> None:
        self.game = game
        self.seat = seat
        self.level: BotLevel = game.bot_levels[level]

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        phase = view["phase"]
        if phase == "answer":
            return self._answer(view, rng)
        if phase == "vote":
            return self._vote(view)
        if phase == "circle":
            return self._circle(view, rng)
        if phase == "victim":
            return self._victim(view, legal_actions)
        if phase in ("choose", "circle-choose"):
            # the reader gives the others the category with the fewest known answers
            lex = self.game.lexicon
            ids = self.game.categories_of(view["category_card"])
            options = [a for a in legal_actions if isinstance(a, ChooseCategory)]
            return min(options, key=lambda a: (len(lex.categories[ids[a.index]].words), rng.random()))
        return legal_actions[0]

    # -- answering -------------------------------------------------------------------
    def _answer(self, view: dict[str, Any], rng: random.Random) -> Action:
        g = self.game
        lvl = self.level
        seat = self.seat
        me_pass = Pass(seat)
        category = view["category_id"]
        deadline = view["deadline_ms"]
        mine = [a for a in view["answers"] if a["seat"] == seat]
        said = {g.lexicon.key(a["word"]) for a in mine}
        own = [a for a in mine if a["target"] < 0]
        playoff = bool(view["playoff"])
        if playoff:
            cards = view["held_cards"][seat]
            letters = [view["held_letters"][seat]] * len(cards)
        else:
            cards = view["hand_cards"]
            letters = view["hand_letters"]
        last = max((a["at_ms"] for a in mine), default=0)
        if not own:
            if rng.random() < lvl.miss_rate:
                return self._attack_or_pass(view, rng, said, last) or me_pass
            at = max(MIN_REACTION_MS, last, int(rng.gauss(lvl.reaction_mean_ms, lvl.reaction_sd_ms)))
            if at > deadline:
                return me_pass
            plan = self._best_letter(category, cards, letters, playoff)
            if plan is None:
                return self._attack_or_pass(view, rng, said, last) or me_pass
            letter, card = plan
            return self._say(card, category, letter, said, at, rng) or me_pass
        first = own[0]
        at = last + max(100, int(rng.gauss(lvl.extra_card_ms, lvl.extra_card_ms / 4)))
        if at <= deadline and rng.random() >= lvl.miss_rate:
            for card, letter in zip(cards, letters):
                if letter == first["letter"] and g.lexicon.words_for(category, letter):
                    action = self._say(card, category, letter, said, at, rng, keep_wrong=False)
                    if action:
                        return action
            if view["grote_kans"] and not playoff and at <= first["at_ms"] + g.grote_kans_window_ms:
                bonus = sum(1 for a in own if a["bonus"])
                if bonus < g.grote_kans_extra_cards:
                    for card, letter in zip(cards, letters):
                        if letter not in (first["letter"], JOKER) and g.lexicon.words_for(category, letter):
                            action = self._say(card, category, letter, said, at, rng, keep_wrong=False)
                            if action:
                                return action
        return self._attack_or_pass(view, rng, said, last) or me_pass

    def _best_letter(self, category: str, cards: list[int], letters: list[str],
                     playoff: bool) -> tuple[str, int] | None:
        """The letter that sheds the most cards (a joker only if no letter card fits)."""
        lex = self.game.lexicon
        best: tuple[int, str, int] | None = None
        for card, letter in zip(cards, letters):
            if letter == JOKER:
                continue
            known = len(lex.words_for(category, letter))
            if not known:
                continue
            count = min(letters.count(letter), known)
            if best is None or count > best[0]:
                best = (count, letter, card)
        if best is not None:
            return best[1], best[2]
        jokers = [c for c, l in zip(cards, letters) if l == JOKER]
        if jokers and not playoff:
            entry = lex.categories[category]
            if entry.words:
                return lex.initial(entry.words[0]), jokers[0]
        return None

    def _say(self, card: int, category: str, letter: str, said: set[str], at: int,
             rng: random.Random, *, keep_wrong: bool = True) -> Action | None:
        """An answer with ``card``: a lexicon word, or (by the level's error rate) a wrong one."""
        lex = self.game.lexicon
        if keep_wrong and rng.random() < self.level.wrong_rate:
            wrong = self._wrong_word(category, letter, said, rng)
            if wrong:
                return Answer(self.seat, card, wrong, at)
        options = [w for w in lex.words_for(category, letter) if lex.key(w) not in said]
        if not options:
            return None
        return Answer(self.seat, card, rng.choice(options), at)

    def _wrong_word(self, category: str, letter: str, said: set[str], rng: random.Random) -> str | None:
        lex = self.game.lexicon
        for other in rng.sample(list(lex.categories), 5):
            for w in lex.words_for(other, letter):
                if lex.match(category, w) is None and lex.key(w) not in said:
                    return w
        return None

    def _attack_or_pass(self, view: dict[str, Any], rng: random.Random, said: set[str],
                        last: int) -> Action | None:
        """Counter-attack the answering player with the fewest cards, if a joker and a word allow."""
        g = self.game
        if view["playoff"]:
            return None
        jokers = [c for c, l in zip(view["hand_cards"], view["hand_letters"]) if l == JOKER]
        if not jokers:
            return None
        lex = g.lexicon
        category = view["category_id"]
        firsts: dict[int, dict[str, Any]] = {}
        for a in view["answers"]:
            if a["target"] < 0 and a["seat"] != self.seat and a["seat"] not in firsts:
                firsts[a["seat"]] = a
        sizes = view["hand_sizes"]
        for target in sorted(firsts, key=lambda s: sizes[s]):
            first = firsts[target]
            theirs = {lex.key(a["word"]) for a in view["answers"] if a["seat"] == target}
            options = [w for w in lex.words_for(category, first["letter"])
                       if lex.key(w) not in theirs and lex.key(w) not in said]
            at = max(last, first["at_ms"] + max(200, int(rng.gauss(self.level.reaction_mean_ms / 2,
                                                                     self.level.reaction_sd_ms / 2))))
            if options and at <= view["deadline_ms"] and rng.random() >= self.level.miss_rate:
                return CounterAttack(self.seat, jokers[0], target, rng.choice(options), at)
        return None

    # -- the other decisions -----------------------------------------------------------
    def _vote(self, view: dict[str, Any]) -> Action:
        return Vote(self.seat, self.judges_right(view["category_id"], view["vote"]["word"]))

    def judges_right(self, category: str, word: str) -> bool:
        """Would this bot accept ``word`` for ``category``? Never by coin: by the lists and its level.

        Right if the lists accept it for the category. Wrong if the list names it as a wrong
        answer, if it is no word of the language, or if it is clearly another category's (:func:`clearly_another_kind`). Otherwise the word is
        plausible and the level judges: right if no list files it anywhere (the benefit of
        the doubt), if its last part answers the category (gymschoen), or if a list that
        files it shares at least ``vote_min_share`` of its words with this category.
        """
        lex = self.game.lexicon
        if lex.match(category, word) is not None:
            return True
        if lex.is_known_wrong(category, word) or not lex.is_word(word):
            return False
        filed = [d for d in lex.filed_under(word) if not lex.includes(d, category)]
        if clearly_another_kind(lex, category, filed):
            return False
        if not filed or lex.head_matches(category, word):
            return True
        return max(lex.share(category, d) for d in filed) >= self.level.vote_min_share

    def _circle(self, view: dict[str, Any], rng: random.Random) -> Action:
        lex = self.game.lexicon
        said = {lex.key(w) for w in view["circle"]["words"]}
        if rng.random() < self.level.miss_rate:
            return Pass(self.seat)
        options = [w for w in lex.categories[view["category_id"]].words if lex.key(w) not in said]
        return Say(self.seat, rng.choice(options)) if options else Pass(self.seat)

    def _victim(self, view: dict[str, Any], legal_actions: Sequence[Action]) -> Action:
        """Te veel keuze: take from the player nearest to winning, but never their last card."""
        sizes = view["hand_sizes"]
        targets = [a for a in legal_actions if isinstance(a, ChooseVictim)]
        safe = [a for a in targets if sizes[a.target] > 1] or targets
        wins = view["round_wins"]
        return min(safe, key=lambda a: (sizes[a.target], -wins[a.target]))


def clearly_another_kind(lex: Lexicon, category: str, filed: Sequence[str]) -> bool:
    """True if ``category`` is a kind and a list of another kind that shares almost nothing with it files the word.

    "tafel" is furniture, and the furniture list holds no animals: so "tafel" is no animal.
    Only kinds rule each other out; a property or a place ("iets ronds", "in de keuken")
    cuts across them.
    """
    if not lex.is_kind(category):
        return False
    return any(lex.is_kind(d) and not lex.includes(category, d) and lex.share(category, d) < CLEARLY_OTHER_SHARE
               for d in filed)


def bot_level(level: str) -> Callable[[WieWeetWatGame, int], WieWeetWatBot]:
    """A bot factory for ``level`` (a ``[bots.<level>]`` table of the scene)."""

    def make(game: WieWeetWatGame, seat: int) -> WieWeetWatBot:
        return WieWeetWatBot(game, seat, level)

    make.__name__ = f"WieWeetWatBot_{level}"
    return make
