"""What the Wie Weet Wat table says: help, status line, sidebar plates, log, notices, hints, summaries.

Pure (no pygame): every sentence is made from a seat's view, the seat names and who is
human (an :class:`Audience`), so it can never tell a viewer more than the view does.
Every sentence is written here in English and said in the edition's language
(phrases.py holds the Dutch): the Dutch edition's table speaks Dutch.
The table view (view.py) shows them; :class:`Notice` is the panel it puts in the middle
of the table, its colour named by ``tone`` (the scenery picks the colour).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from simulator.engine import Action

from .phrases import phrase
from .buzzer import MORE_SECONDS, TYPE_SECONDS
from .rules import ACTION_KINDS, JOKER, DrawCategory, WieWeetWatGame

ACTION_SECONDS = 4.0     # how long an action card stays up (its Continue button or Enter closes it)
VERDICT_SECONDS = 5.0
NOTICE_GUARD = 0.6       # a notice is up this long before Enter or its button closes it
CIRCLE_SECONDS = 3.5
EFFECTS = ("grote-kans", "rotonde", "verkiezingspartij", "verloren-geluk", "te-veel-keuze", "pechvogel")

# Our words for each action card: Dutch (shown in the Dutch edition) and an English gloss.
ACTION_TEXT = {
    "grote_kans": ("Wie bij de volgende categorie als snelste goed antwoordt, mag binnen 10 seconden nog "
                   "2 letterkaarten spelen, ook van andere letters.",
                   "Big chance: the fastest right answer to the next category may shed 2 more cards of any "
                   "letter within 10 seconds."),
    "vicieuze_cirkel": ("Zonder letterkaarten: om de beurt, met de klok mee, een nieuw antwoord noemen. Wie niets "
                        "meer weet of herhaalt, pakt een strafkaart.",
                        "Vicious circle: no letter cards; name answers in turn, clockwise, any letter. Whoever "
                        "gives up, repeats or is wrong draws a penalty card."),
    "rotonde": ("Iedere speler geeft al zijn letterkaarten door aan de volgende speler, met de klok mee.",
                "Roundabout: every hand passes to the next player clockwise."),
    "verkiezingspartij": ("Alle spelers pakken tegelijk een letterkaart van de speler links van zich.",
                          "Election party: everyone takes a random card from the player on their left."),
    "verloren_geluk": ("De voorlezer pakt een letterkaart van de speler links van hem.",
                       "Lost luck: the reader takes a random card from the player on their left."),
    "te_veel_keuze": ("De voorlezer pakt een letterkaart van een andere speler naar keuze.",
                      "Too much choice: the reader takes a random card from a player of their choice."),
    "pechvogel": ("De voorlezer ruilt al zijn letterkaarten met de speler die de meeste heeft.",
                  "Unlucky one: the reader swaps hands with the player holding the most cards."),
}
CIRCLE_WHY = {"pass": "gave up", "repeat": "repeated a word", "wrong": "said a wrong word",
              "rejected": "had a word rejected by the vote"}

HELP_EN = f"""# Wie Weet Wat
Be the first to get rid of all your letter cards: that wins the round. The first to win 3 rounds
(a table option) wins the game. Categories and words are in the edition's language (Dutch by default).

# Reading a category
The reader (marked READS on the name plates) clicks the category pile, sees the four categories
on the card (nobody else does) and clicks one to read it out. The reader does not answer.

# Answering: buzz, pick a card, type
Everyone else answers at once while the clock runs (30 seconds unless the table chose otherwise);
nothing stops the clock. Buzz when you know a word, once per category: with Space when you play
alone against bots, or with the letter key shown under your name when several people share the
keyboard; clicking your name (or, alone, one of your cards) buzzes too. While someone types, the
others buzz by clicking their name: their box opens when the keyboard is free.
Click a letter card, type a word that starts with its letter and fits the category, press Enter.
Your answer counts at your buzz, plus whatever time you took beyond typing the word (a second and
a quarter of a second a letter), so buzz when you have your word. The box stays open
{TYPE_SECONDS:.0f} seconds. If you type without clicking a card, a card of the word's first letter is used.
More cards of the same letter? Type another word for each, within {MORE_SECONDS:.0f} seconds of the last.
Done (or Pass) closes your box: that was your buzz for this category.

# Who wins the category
The fastest right answer wins: that player discards the cards they played; everyone else takes
theirs back. A wrong word: you take your card back, draw a penalty card, and you read next.
Right answers within 0.15 seconds of each other are a remise: the tied players keep their cards on
the table and answer a new category with them (a play-off).
A word the word list does not know goes to a vote of the other players: Accept or Reject.

# The Wie Weet Wat card
As a joker: play it with a word of any letter. As a counter-attack: click it, then click another
player's answer on the table and type another word with that answer's letter. If you are right,
that player draws a penalty card.

# Action cards (from the category pile)
Big Chance: the fastest right answer to the next category may shed up to 2 cards of other letters
within 10 seconds.
Vicious Circle: no letter cards; starting with the reader, everyone in turn names an answer to
one category, any letter. Whoever gives up, repeats or is wrong draws a penalty card.
Roundabout: every hand moves one seat clockwise.
Election Party: everyone takes a random card from the player on their left.
Lost Luck: the reader takes a random card from the player on their left.
Too Much Choice: the reader takes a random card from a player of their choice (click their name).
Unlucky Fellow: the reader swaps hands with the player who holds the most cards.

# Keys
Space or your letter: buzz · Enter: say the typed word, or close a result or action card · Esc menu · F1 this help ·
Ctrl+Z undo (not past a card shown or played) · Ctrl+S save · Ctrl+O load · F12 screenshot
"""

HELP_NL = f"""# Wie Weet Wat
Wie als eerste al zijn letterkaarten kwijt is, wint de ronde. Wie als eerste 3 rondes wint (een
tafeloptie), wint het spel. Categorieën en woorden zijn in de taal van de editie.

# Een categorie voorlezen
De voorlezer (LEEST op de naambordjes) klikt op de stapel categoriekaarten, ziet de vier categorieën
(niemand anders ziet ze) en klikt er één aan om die voor te lezen. De voorlezer antwoordt zelf niet.

# Antwoorden: zoemen, kaart kiezen, typen
Alle anderen antwoorden tegelijk terwijl de klok loopt (30 seconden, tenzij de tafel anders koos);
niets zet de klok stil. Zoem als je een woord weet, één keer per categorie: met de spatiebalk als
je alleen tegen bots speelt, of met de lettertoets onder je naam als jullie één toetsenbord delen;
klikken op je naam (of, alleen, op een van je kaarten) zoemt ook. Typt er al iemand, klik dan op je
naam: je vak gaat open zodra het toetsenbord vrij is.
Klik een letterkaart aan, typ een woord dat met die letter begint en bij de categorie past, druk op
Enter. Je antwoord telt op het moment dat je zoemde, plus de tijd die je nam boven het typen van het
woord (een seconde en een kwart seconde per letter): zoem dus als je je woord hebt. Het vak blijft
{TYPE_SECONDS:.0f} seconden open. Typ je zonder een kaart te kiezen, dan wordt een kaart met de eerste letter van het woord gespeeld.
Meer kaarten met dezelfde letter? Typ voor elke kaart een ander woord, binnen {MORE_SECONDS:.0f} seconden na het vorige.
Klaar (of Pas) sluit je vak: dat was je zoemer voor deze categorie.

# Wie wint de categorie
Het snelste goede antwoord wint: die speler legt zijn gespeelde kaarten af; de anderen nemen de hunne
terug. Een fout woord: je neemt je kaart terug, pakt een strafkaart en leest daarna voor.
Goede antwoorden binnen 0,15 seconde van elkaar zijn een remise: wie gelijk speelde, houdt zijn
kaarten op tafel en beantwoordt er een nieuwe categorie mee.
Een woord dat de woordenlijst niet kent, gaat naar een stemming van de andere spelers: Goed of Fout.

# De Wie Weet Wat-kaart
Als joker: speel hem met een woord met elke beginletter. Als tegenaanval: klik hem aan, klik dan het
antwoord van een andere speler op tafel en typ een ander woord met die letter. Klopt het, dan pakt
die speler een strafkaart.

# Actiekaarten (uit de stapel categoriekaarten)
Grote Kans: het snelste goede antwoord op de volgende categorie mag binnen 10 seconden nog 2 kaarten
van andere letters spelen.
Vicieuze cirkel: zonder letterkaarten; vanaf de voorlezer noemt iedereen om de beurt een antwoord op
één categorie, elke beginletter. Wie niets meer weet, herhaalt of fout zit, pakt een strafkaart.
Rotonde: iedere hand schuift één plaats door met de klok mee.
Verkiezingspartij: iedereen pakt een kaart van de speler links van zich.
Verloren geluk: de voorlezer pakt een kaart van de speler links van hem.
Te veel keuze: de voorlezer pakt een kaart van een speler naar keuze (klik op de naam).
Pechvogel: de voorlezer ruilt zijn kaarten met de speler die de meeste kaarten heeft.

# Toetsen
Spatie of je letter: zoemen · Enter: het getypte woord zeggen, of een uitslag of actiekaart sluiten ·
Esc menu · F1 deze uitleg · Ctrl+Z ongedaan maken (niet voorbij een getoonde of gespeelde kaart) ·
Ctrl+S opslaan · Ctrl+O laden · F12 schermafdruk
"""
HELP = {"en": HELP_EN, "nl": HELP_NL}


@dataclass(frozen=True)
class Audience:
    """Who looks at the table: the seat names, the displayed seat, the human seats, and the edition's language."""

    names: tuple[str, ...]
    viewer: int | None
    humans: tuple[int, ...]
    language: str = "en"

    @property
    def several_humans(self) -> bool:
        return len(self.humans) > 1

    def is_you(self, seat: int) -> bool:
        # several people share the screen: "You" would be ambiguous, so names it is
        return not self.several_humans and seat == self.viewer

    def you_or_name(self, seat: int) -> str:
        if self.is_you(seat):
            return "Jij" if self.language == "nl" else "You"
        return self.names[seat]

    def say(self, text: str, **fields: Any) -> str:
        """``text`` (an English sentence, with ``{fields}``) in the edition's language."""
        return phrase(self.language, text, **fields)

    def sentence(self, seat: int, you: str, other: str, /, **fields: Any) -> str:
        """The sentence about ``seat``: ``you`` when it is the viewer, else ``other`` with ``{name}``."""
        if self.is_you(seat):
            return self.say(you, **fields)
        return self.say(other, name=self.names[seat], **fields)


def cards(count: int, language: str = "en") -> str:
    if language == "nl":
        return "1 kaart" if count == 1 else f"{count} kaarten"
    return "1 card" if count == 1 else f"{count} cards"


def seconds(ms: float, language: str = "en") -> str:
    text = f"{ms / 1000:.2f} s"
    return text.replace(".", ",") if language == "nl" else text


@dataclass
class Notice:
    """A panel in the middle of the table: an action card drawn, a verdict, the end of a circle."""

    title: str
    seconds: float         # left on show; it closes then, or on its Continue button or Enter
    lines: list[str] = field(default_factory=list)
    rows: list[tuple[bool, str, str, str, str]] = field(default_factory=list)  # ok, card+word, who, time, note
    action: str | None = None
    effects: list[str] = field(default_factory=list)   # what an action card did at this table
    tone: str = "news"   # news, win, remise, loss or quiet
    age: float = 0.0     # seconds on show


class TableWords:
    """Sentences for one table: its game (and so its language) and the names of its seats."""

    def __init__(self, game: WieWeetWatGame, names: Sequence[str]) -> None:
        self.game = game
        self.names = names  # not copied: GameView.rename renames the seats in place
        self.language = game.language
        names = game.scene.table("action_cards")
        # the action cards by their names in the edition's language (one language per table)
        self.card_name = {kind: names.table(kind).get(self.language, str) for kind in ACTION_KINDS}
        self.kind_of_label = {label: kind for kind, label in game.action_label.items()}

    def say(self, text: str, **fields: Any) -> str:
        return phrase(self.language, text, **fields)

    def cards(self, count: int) -> str:
        return cards(count, self.language)

    def seconds(self, ms: float) -> str:
        return seconds(ms, self.language)

    def names_and(self, seats: Sequence[int]) -> str:
        return self.say(" and ").join(self.names[s] for s in seats)

    # -- the status line and the sidebar -----------------------------------------------------------
    def status(self, v: dict[str, Any], aud: Audience, legal: list[Action], buzzed: int | None) -> str:
        """One line: what is happening, or what the displayed seat is to do."""
        if not v:
            return ""
        names = self.names
        say = self.say
        phase = v["phase"]
        reader = v["reader"]
        if phase == "over":
            best = max(v["round_wins"])
            winners = [s for s, w in enumerate(v["round_wins"]) if w == best]
            return say("{names} won the game!", names=self.names_and(winners))
        if phase == "draw":
            if any(isinstance(a, DrawCategory) for a in legal):
                return say("Your turn to read: draw a category card")
            return say("{name} draws a category card", name=names[reader])
        if phase in ("choose", "circle-choose"):
            if aud.viewer == reader and legal:
                return say("Choose a category and read it out")
            return say("{name} is choosing a category", name=names[reader])
        if phase == "victim":
            if aud.viewer == reader and legal:
                return say("{card}: click the player you take a card from", card=self.card_name["te_veel_keuze"])
            return say("{card}: {name} chooses a player", card=self.card_name["te_veel_keuze"], name=names[reader])
        if phase == "answer":
            lead = say("Play-off! ") if v["playoff"] else ""
            if buzzed is not None:
                return aud.sentence(buzzed, "You are answering: the clock runs on",
                                    "{name} is answering: the clock runs on")
            if aud.viewer in v["current"] and aud.viewer in aud.humans and not aud.several_humans:
                if any(a["seat"] == aud.viewer for a in v["answers"]):
                    return say("You answered: waiting for the others")
                return lead + say("Name {category}! Buzz with Space or click a card", category=v["category"])
            if any(s in aud.humans for s in v["current"]) and aud.several_humans:
                return lead + say("Name {category}! Buzz with your key", category=v["category"])
            return lead + say("The others are answering ‘{category}’", category=v["category"])
        if phase == "vote":
            if any(s in aud.humans for s in v["current"]):
                return say("Vote on ‘{word}’: Accept or Reject", word=v["vote"]["word"])
            return say("The table votes on ‘{word}’", word=v["vote"]["word"])
        if phase == "circle":
            seat = v["circle"]["order"][v["circle"]["turn"]]
            if seat in aud.humans:
                if aud.several_humans:
                    return say("{card}: {name}, your turn: name {category}", card=self.card_name["vicieuze_cirkel"], name=names[seat],
                               category=v["category"])
                return say("{card}: your turn: name {category}", card=self.card_name["vicieuze_cirkel"], category=v["category"])
            return say("{card}: {name} is to speak", card=self.card_name["vicieuze_cirkel"], name=names[seat])
        return ""

    def headline(self, v: dict[str, Any]) -> str:
        if not v:
            return ""
        if v["rounds_to_win"] == 1:
            return self.say("Round {round} · the first to win a round wins the game", round=v["round"])
        return self.say("Round {round} · first to win {rounds} rounds", round=v["round"], rounds=v["rounds_to_win"])

    def plate(self, v: dict[str, Any], seat: int, aud: Audience, buzzed: int | None,
              buzzer_label: str) -> tuple[str, list[str]]:
        """A seat's sidebar plate: (rounds won and cards held, extra lines)."""
        say = self.say
        extra = []
        if seat == v["reader"] and v["phase"] != "over":
            extra.append(say("reads the category"))
        if aud.several_humans and seat in aud.humans:
            extra.append(say("buzzer key: {key}", key=buzzer_label))
        status = self.seat_status(v, seat, buzzed, aud.humans)
        if status and status not in (say("reading"), say("buzz!")):
            extra.append(status)
        of = "{won} of {rounds} rounds · {cards}" if v["rounds_to_win"] != 1 else "{won} of 1 round · {cards}"
        return say(of, won=v["round_wins"][seat], rounds=v["rounds_to_win"],
                   cards=self.cards(v["hand_sizes"][seat])), extra

    def seat_status(self, v: dict[str, Any], seat: int, buzzed: int | None, humans: tuple[int, ...]) -> str:
        """A word or two on what ``seat`` is doing now ('' when nothing)."""
        say = self.say
        phase = v["phase"]
        if phase == "answer":
            if seat == buzzed:
                return say("answering…")
            if seat in v["window_seats"]:
                if seat not in v["current"]:
                    mine = [a for a in v["answers"] if a["seat"] == seat]
                    return say("answered") if mine else say("passed")
                return say("buzz!") if seat in humans else say("thinking…")
            return say("reading") if seat == v["reader"] else ""
        if phase == "vote" and v["vote"]:
            if seat == v["vote"]["seat"]:
                return say("said it")
            if seat in v["vote"]["voters"]:
                return say("voting…") if seat in v["current"] else say("voted")
        if phase == "circle" and seat in v["current"]:
            return say("to speak")
        if seat in v["playoff"]:
            return say("play-off")
        return ""

    # -- the answer desk ---------------------------------------------------------------------------
    def buzz_refusal(self, v: dict[str, Any], seat: int, aud: Audience, clock_ms: float, used: bool) -> str:
        """Why ``seat`` may not buzz now ('' when it may)."""
        if seat == v["reader"] and not v["playoff"]:
            return aud.sentence(seat, "You read this category: the others answer it.",
                                "{name} read this category: the others answer it.")
        if v["playoff"] and seat not in v["playoff"]:
            return self.say("Only the tied players answer in a play-off.")
        if used:
            return aud.sentence(seat, "You have buzzed for this category already: one buzz each.",
                                "{name} has buzzed for this category already: one buzz each.")
        if seat not in v["current"]:
            return aud.sentence(seat, "You have nothing more to play for this category.",
                                "{name} has nothing more to play for this category.")
        if clock_ms >= v["deadline_ms"]:
            return self.say("Time is up.")
        return ""

    def buzz_queued(self, seat: int, typing: int) -> str:
        return self.say("{name} buzzed: the answer box opens when {other} is done typing.",
                        name=self.names[seat], other=self.names[typing])

    def time_up(self, seat: int) -> str:
        return self.say("{name}: time to type is up.", name=self.names[seat])

    def desk_title(self, seat: int, category: str, several_humans: bool, name: str | None = None) -> str:
        """The answer box's title; ``name`` (several humans) in place of the seat's name, say a shortened one."""
        if several_humans:
            return self.say("{name}, your word for ‘{category}’", name=self.names[seat] if name is None else name,
                            category=category)
        return self.say("Your word for ‘{category}’", category=category)

    def desk_hint(self, v: dict[str, Any], seat: int, selected: int | None, target: int | None) -> str:
        """What the buzzed ``seat`` types, given the card it picked and the answer it attacks."""
        say = self.say
        letter_of = self.game.card_letter
        if v["playoff"]:
            return say("Play-off: type a new {letter}-word for your held card · Enter", letter=v["held_letters"][seat])
        if selected is not None and letter_of[selected] == JOKER:
            if target is not None:
                first = next((a for a in v["answers"] if a["seat"] == target and a["target"] < 0), None)
                letter = first["letter"] if first else "?"
                return say("Counter-attack on {name}: type another {letter}-word · Enter", name=self.names[target],
                           letter=letter)
            return say("Wie Weet Wat card: a word of any letter · or click another player's answer to counter-attack")
        if selected is not None:
            return say("Type a word that starts with {letter} · Enter", letter=letter_of[selected])
        return say("Click a letter card, or just type: a card of the word's first letter is played · Enter")

    def waiting_hint(self, v: dict[str, Any], home: int, used: bool) -> str:
        """What a lone human may do in the window while not buzzed."""
        say = self.say
        if home in v["current"] and not used:
            return say("Buzz when you know a word (once per category; the clock runs on) — or click a letter card")
        if home == v["reader"] and not v["playoff"]:
            return say("You read this category: the others are answering.")
        if v["playoff"] and home not in v["playoff"]:
            return say("Play-off: only the tied players answer.")
        return say("You are done for this category: waiting for the others.")

    # -- news: notices and toasts ------------------------------------------------------------------
    def action_notice(self, kind: str, seat: int, aud: Audience) -> Notice:
        dutch, english = ACTION_TEXT[kind]
        lines = [dutch] if self.language == "nl" else [english]
        title = aud.sentence(seat, "You drew {card}", "{name} drew {card}", card=self.card_name[kind])
        return Notice(title, ACTION_SECONDS, lines, action=kind)

    def effect_line(self, e: dict[str, Any], aud: Audience) -> str:
        """What an action card did at this table."""
        say = self.say
        what = e["what"]
        seat = e["seat"]
        other = e.get("other", -1)
        other_name = self.names[other] if 0 <= other < len(self.names) else ""
        if what == "grote-kans":
            return say("The next category: the winner may shed 2 extra cards.")
        if what == "rotonde":
            return say("Every hand moved one seat clockwise.")
        if what == "verkiezingspartij":
            return say("Everyone took a card from the player on their left.")
        if what == "pechvogel":
            if other < 0:
                return aud.sentence(seat, "You already held the most cards: nothing happens.",
                                    "{name} already held the most cards: nothing happens.")
            if aud.is_you(other):
                return say("{name} swapped hands with you.", name=self.names[seat])
            return aud.sentence(seat, "You swapped hands with {other}.", "{name} swapped hands with {other}.",
                                other=other_name)
        if aud.is_you(other):
            return say("{name} took a card from you.", name=self.names[seat])
        return aud.sentence(seat, "You took a card from {other}.", "{name} took a card from {other}.",
                            other=other_name)

    def verdict(self, e: dict[str, Any], v: dict[str, Any], aud: Audience) -> Notice:
        """The window's outcome: every card with its word, time and judgement; who discards, who draws."""
        say = self.say
        names = self.names
        category = e["category"]
        winner = e["winner"]
        tied = e.get("tied", [])
        plays = sorted(e.get("plays", []), key=lambda p: p["at_ms"])
        if tied:
            title = say("Remise! {names}: play-off", names=self.names_and(tied))
            tone = "remise"
        elif winner >= 0:
            title = aud.sentence(winner, "You win ‘{category}’", "{name} wins ‘{category}’", category=category)
            tone = "win"
        elif plays:
            title = say("Nobody named ‘{category}’ right", category=category)
            tone = "loss"
        else:
            title = say("Nobody answered ‘{category}’", category=category)
            tone = "quiet"
        rows = []
        for p in plays:
            note = ""
            if p["target"] >= 0:
                note = say("counter-attack on {name}", name=names[p["target"]])
            elif p["bonus"]:
                note = say("{card} card", card=self.card_name["grote_kans"])
            rows.append((p["ok"], f"{p['letter']}  {p['word']}", names[p["seat"]], self.seconds(p["at_ms"]), note))
        lines = []
        if winner >= 0:
            lines.append(aud.sentence(winner, "You discard {cards}.", "{name} discards {cards}.",
                                      cards=self.cards(e.get("discarded", 0))))
        for seat in e.get("wrong", []):
            lines.append(aud.sentence(seat, "You take the card back and draw a penalty card.",
                                      "{name} takes the card back and draws a penalty card."))
        for seat in e.get("attacked", []):
            lines.append(aud.sentence(seat, "You were counter-attacked: one penalty card.",
                                      "{name} was counter-attacked: one penalty card."))
        if tied:
            lines.append(say("They keep their cards on the table and answer a new category with them."))
        elif v:
            lines.append(aud.sentence(v["reader"], "You read next.", "{name} reads next."))
        return Notice(title, VERDICT_SECONDS, lines, rows, tone=tone)

    def circle_lost(self, e: dict[str, Any], v: dict[str, Any], aud: Audience) -> Notice:
        """The Vicieuze cirkel ended: who lost it, and why."""
        say = self.say
        seat = e["seat"]
        how = say(CIRCLE_WHY.get(e["why"], "lost"))
        if e["count"]:
            drew = aud.sentence(seat, "You draw a penalty card", "{name} draws a penalty card")
        else:
            drew = say("There was no penalty card left to draw")
        title = aud.sentence(seat, "{card}: you {how}", "{card}: {name} {how}", how=how,
                             card=self.card_name["vicieuze_cirkel"])
        return Notice(title, CIRCLE_SECONDS,
                      [say("{drew}. The circle ends after {count} words.", drew=drew, count=e["words"]),
                       say("{name} draws the next category card.", name=self.names[v["reader"]])], tone="loss")

    def toast(self, e: dict[str, Any]) -> str:
        """A short line for a vote or a reshuffle ('' for other events)."""
        say = self.say
        what = e["what"]
        if what == "vote":
            verdict = say("accepted") if e["accepted"] else say("rejected")
            return say("‘{word}’ {verdict} by the vote ({yes} for, {no} against)", word=e["label"], verdict=verdict,
                       yes=e["yes"], no=e["no"])
        if what == "reshuffle-letters":
            return say("The letter discards were shuffled into a new pile.")
        if what == "reshuffle-categories":
            return say("The category discards were shuffled into a new pile.")
        return ""

    # -- the log -----------------------------------------------------------------------------------
    def log_lines(self, v: dict[str, Any], aud: Audience) -> list[str]:
        """The recent public events as sentences, oldest first."""
        say = self.say
        lines = []
        for e in v.get("events", []):
            what = e["what"]
            seat = e["seat"]
            if what == "round":
                lines.append(aud.sentence(seat, "Round {round}: {cards} each; you read",
                                          "Round {round}: {cards} each; {name} reads", round=e["round"],
                                          cards=self.cards(self.game.hand_size)))
            elif what == "action":
                kind = self.kind_of_label.get(e["label"])
                card = self.card_name[kind] if kind else e["label"]
                lines.append(aud.sentence(seat, "You drew {card}", "{name} drew {card}", card=card))
            elif what in EFFECTS:
                lines.append(self.effect_line(e, aud))
            elif what == "read":
                lines.append(aud.sentence(seat, "You read: {label}", "{name} read: {label}", label=e["label"]))
            elif what == "closed" and e["at_ms"] >= self.game.time_limit_ms:
                lines.append(say("Time! The window closed."))
            elif what == "vote":
                verdict = say("accepted") if e["accepted"] else say("rejected")
                lines.append(say("‘{word}’ {verdict} by vote ({yes}–{no})", word=e["label"], verdict=verdict,
                                 yes=e["yes"], no=e["no"]))
            elif what == "result":
                lines.append(self.result_line(e, aud))
            elif what == "circle-lost":
                how = say(CIRCLE_WHY.get(e["why"], "lost"))
                lines.append(aud.sentence(seat, "You {how} in the circle: +1 card", "{name} {how} in the circle: +1 card",
                                          how=how))
            elif what == "round-won":
                lines.append(aud.sentence(seat, "You won round {round}!", "{name} won round {round}!",
                                          round=e["round"]))
            elif what == "reshuffle-letters":
                lines.append(say("Letter discards reshuffled into a new pile"))
        return lines

    def result_line(self, e: dict[str, Any], aud: Audience) -> str:
        say = self.say
        winner = e["winner"]
        plays = e.get("plays", [])
        if e.get("tied"):
            return say("Remise: {names} play off", names=self.names_and(e["tied"]))
        if winner >= 0:
            word = next((p["word"] for p in sorted(plays, key=lambda p: p["at_ms"])
                         if p["seat"] == winner and p["target"] < 0), "")
            if word:
                line = aud.sentence(winner, "You won ‘{category}’ with ‘{word}’",
                                    "{name} won ‘{category}’ with ‘{word}’", category=e["category"], word=word)
            else:
                line = aud.sentence(winner, "You won ‘{category}’", "{name} won ‘{category}’",
                                    category=e["category"])
        else:
            line = say("Nobody won ‘{category}’", category=e["category"])
        if e.get("wrong"):
            line += say("; wrong: {names}", names=", ".join(self.names[s] for s in e["wrong"]))
        return line

    # -- summaries ---------------------------------------------------------------------------------
    def summaries(self, v: dict[str, Any]) -> list[tuple[str, str, tuple[str, ...], tuple[tuple[str, ...], ...]]]:
        """(key, title, lines, rows) for each round won and, at the end, the game."""
        if not v:
            return []
        say = self.say
        names = self.names
        out = []
        n = self.game.players
        events = v.get("events", [])
        header = (say("Player"), say("Rounds won"))
        for r in v.get("rounds", []):
            winner = names[r["winner"]]
            rows = [header] + [(names[s], str(r["round_wins"][s])) for s in range(n)]
            lines = [say("{name} got rid of every letter card first.", name=winner)]
            how = self.round_ending(events, r["round"])
            if how:
                lines.append(how)
            title = (say("Round {round}: you win!", round=r["round"]) if winner == say("You")
                     else say("Round {round}: {name} wins!", round=r["round"], name=winner))
            out.append((f"round-{r['round']}", title, tuple(lines), tuple(rows)))
        if v["over"]:
            best = max(v["round_wins"])
            winners = [s for s, w in enumerate(v["round_wins"]) if w == best]
            rows = [header] + sorted(
                ((names[s], str(w)) for s, w in enumerate(v["round_wins"])), key=lambda row: -int(row[1]))
            played_to = (say("First to {rounds} rounds, after {round} rounds.", rounds=v["rounds_to_win"],
                             round=v["round"]) if v["rounds_to_win"] > 1 else say("The game was played to one round."))
            out.append(("game", say("{names} won the game!", names=self.names_and(winners)), (played_to,),
                        tuple(rows)))
        return out

    def round_ending(self, events: list[dict[str, Any]], round_no: int) -> str:
        """How the round's last card went, if the recent events still tell."""
        say = self.say
        for i, e in enumerate(events):
            if e["what"] == "round-won" and e["round"] == round_no and i > 0:
                before = events[i - 1]
                if before["what"] == "result" and before["winner"] == e["seat"]:
                    plays = [p for p in before.get("plays", []) if p["seat"] == e["seat"] and p["ok"]]
                    if plays:
                        words = ", ".join(f"‘{p['word']}’" for p in plays)
                        return say("The last card went with {words} for ‘{category}’.", words=words,
                                   category=before["category"])
                if before["what"] in ("verloren-geluk", "te-veel-keuze", "verkiezingspartij"):
                    kind = before["what"].replace("-", "_")
                    return say("Their last card was taken by {card}: an empty hand wins.", card=self.card_name[kind])
        return ""
