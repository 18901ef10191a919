"""What the Wie Weet Wat table says: help, status line, sidebar plates, log, notices, hints, summaries.

Pure (no pygame): every sentence is made from a seat's view, the seat names and who is
human (an :class:`Audience`), so it can never tell a viewer more than the view does.
The table view (view.py) shows them; :class:`Notice` is the panel it puts in the middle
of the table, its colour named by ``tone`` (the scenery picks the colour).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from simulator.engine import Action

from .realtime import BUZZ_SECONDS, MORE_SECONDS
from .rules import ACTION_KINDS, JOKER, DrawCategory, WieWeetWatGame

ACTION_SECONDS = 4.0     # how long an action card stays up (a click dismisses it)
VERDICT_SECONDS = 5.0
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

HELP = f"""# Wie Weet Wat
Be the first to get rid of all your letter cards: that wins the round. The first to win 3 rounds
(a table option) wins the game. Categories and words are in the edition's language (Dutch by default).

# Reading a category
The reader (marked READS on the name plates) clicks the category pile, sees the four categories
on the card (nobody else does) and clicks one to read it out. The reader does not answer.

# Answering: buzz, pick a card, type
Everyone else answers at once while the clock runs (30 seconds unless the table chose otherwise).
Buzz when you know a word: with
Space when you play alone against bots, or with the letter key shown under your name when several
people share the keyboard; clicking your name (or, alone, one of your cards) buzzes too.
The clock stands still while you answer: click a letter card, type a word that starts with its
letter and fits the category, press Enter. Your answer counts at the moment you buzzed, so buzz
only when you have your word: you get {BUZZ_SECONDS:.0f} seconds to type it. If you type without
clicking a card, a card of the word's first letter is used.
More cards of the same letter? Type another word for each, within {MORE_SECONDS:.0f} seconds of the last.
Done closes your answer box (you may buzz again); Pass means no more answers from you for this category.

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
Grote Kans: the fastest right answer to the next category may shed up to 2 cards of other letters
within 10 seconds.
Vicieuze cirkel: no letter cards; starting with the reader, everyone in turn names an answer to
one category, any letter. Whoever gives up, repeats or is wrong draws a penalty card.
Rotonde: every hand moves one seat clockwise.
Verkiezingspartij: everyone takes a random card from the player on their left.
Verloren geluk: the reader takes a random card from the player on their left.
Te veel keuze: the reader takes a random card from a player of their choice (click their name).
Pechvogel: the reader swaps hands with the player who holds the most cards.

# Keys
Space or your letter: buzz · Enter: say the typed word · Esc menu · F1 this help ·
Ctrl+Z undo (not past a card shown or played) · Ctrl+S save · Ctrl+O load · F12 screenshot
"""


def cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def seconds(ms: float) -> str:
    return f"{ms / 1000:.2f} s"


@dataclass(frozen=True)
class Audience:
    """Who looks at the table: the seat names, the displayed seat and the human seats."""

    names: tuple[str, ...]
    viewer: int | None
    humans: tuple[int, ...]

    @property
    def several_humans(self) -> bool:
        return len(self.humans) > 1

    def you_or_name(self, seat: int) -> str:
        # several people share the screen: "You" would be ambiguous, so names it is
        if self.several_humans:
            return self.names[seat]
        return "You" if seat == self.viewer else self.names[seat]

    def subject(self, seat: int, you: str, other: str) -> str:
        """'You discard' or 'Ann discards': the seat's name with the verb form that fits."""
        return f"You {you}" if self.you_or_name(seat) == "You" else f"{self.names[seat]} {other}"


@dataclass
class Notice:
    """A panel in the middle of the table: an action card drawn, a verdict, the end of a circle."""

    title: str
    seconds: float
    lines: list[str] = field(default_factory=list)
    rows: list[tuple[bool, str, str, str, str]] = field(default_factory=list)  # ok, card+word, who, time, note
    action: str | None = None
    effects: list[str] = field(default_factory=list)   # what an action card did at this table
    tone: str = "news"   # news, win, remise, loss or quiet


class TableWords:
    """Sentences for one table: its game and the names of its seats."""

    def __init__(self, game: WieWeetWatGame, names: Sequence[str]) -> None:
        self.game = game
        self.names = list(names)
        dutch = game.scene.table("action_cards")
        self.dutch_name = {kind: dutch.table(kind).get("nl", str) for kind in ACTION_KINDS}
        self.kind_of_label = {label: kind for kind, label in game.action_label.items()}

    # -- the status line and the sidebar -----------------------------------------------------------
    def status(self, v: dict[str, Any], aud: Audience, legal: list[Action], buzzed: int | None) -> str:
        """One line: what is happening, or what the displayed seat is to do."""
        if not v:
            return ""
        names = self.names
        phase = v["phase"]
        reader = v["reader"]
        if phase == "over":
            best = max(v["round_wins"])
            winners = [names[s] for s, w in enumerate(v["round_wins"]) if w == best]
            return f"{' and '.join(winners)} won the game!"
        if phase == "draw":
            if any(isinstance(a, DrawCategory) for a in legal):
                return "Your turn to read: draw a category card"
            return f"{names[reader]} draws a category card"
        if phase in ("choose", "circle-choose"):
            if aud.viewer == reader and legal:
                return "Choose a category and read it out"
            return f"{names[reader]} is choosing a category"
        if phase == "victim":
            if aud.viewer == reader and legal:
                return "Te veel keuze: click the player you take a card from"
            return f"Te veel keuze: {names[reader]} chooses a player"
        if phase == "answer":
            if buzzed is not None:
                return f"{aud.subject(buzzed, 'are', 'is')} answering: the clock stands still"
            lead = "Play-off! " if v["playoff"] else ""
            if aud.viewer in v["current"] and aud.viewer in aud.humans and not aud.several_humans:
                if any(a["seat"] == aud.viewer for a in v["answers"]):
                    return "You answered: buzz to add a card or counter-attack, or Pass"
                return f"{lead}Name {v['category']}! Buzz with Space or click a card"
            if any(s in aud.humans for s in v["current"]) and aud.several_humans:
                return f"{lead}Name {v['category']}! Buzz with your key"
            return f"{lead}The others are answering ‘{v['category']}’"
        if phase == "vote":
            if any(s in aud.humans for s in v["current"]):
                return f"Vote on ‘{v['vote']['word']}’: Accept or Reject"
            return f"The table votes on ‘{v['vote']['word']}’"
        if phase == "circle":
            seat = v["circle"]["order"][v["circle"]["turn"]]
            if seat in aud.humans:
                who = f"{names[seat]}, your turn" if aud.several_humans else "your turn"
                return f"Vicieuze cirkel: {who}: name {v['category']}"
            return f"Vicieuze cirkel: {names[seat]} is to speak"
        return ""

    def headline(self, v: dict[str, Any]) -> str:
        if not v:
            return ""
        return f"Round {v['round']} · first to win {v['rounds_to_win']} rounds"

    def plate(self, v: dict[str, Any], seat: int, aud: Audience, buzzed: int | None,
              buzzer_label: str) -> tuple[str, list[str]]:
        """A seat's sidebar plate: (rounds won and cards held, extra lines)."""
        extra = []
        if seat == v["reader"] and v["phase"] != "over":
            extra.append("reads the category")
        if aud.several_humans and seat in aud.humans:
            extra.append(f"buzzer key: {buzzer_label}")
        status = self.seat_status(v, seat, buzzed, aud.humans)
        if status and status not in ("reading", "buzz!"):
            extra.append(status)
        return f"{v['round_wins'][seat]} of {v['rounds_to_win']} rounds · {cards(v['hand_sizes'][seat])}", extra

    def seat_status(self, v: dict[str, Any], seat: int, buzzed: int | None, humans: tuple[int, ...]) -> str:
        """A word or two on what ``seat`` is doing now ('' when nothing)."""
        phase = v["phase"]
        if phase == "answer":
            if seat == buzzed:
                return "answering…"
            if seat in v["window_seats"]:
                if seat not in v["current"]:
                    mine = [a for a in v["answers"] if a["seat"] == seat]
                    return "answered" if mine else "passed"
                return "buzz!" if seat in humans else "thinking…"
            return "reading" if seat == v["reader"] else ""
        if phase == "vote" and v["vote"]:
            if seat == v["vote"]["seat"]:
                return "said it"
            if seat in v["vote"]["voters"]:
                return "voting…" if seat in v["current"] else "voted"
        if phase == "circle" and seat in v["current"]:
            return "to speak"
        if seat in v["playoff"]:
            return "play-off"
        return ""

    # -- the answer desk ---------------------------------------------------------------------------
    def buzz_refusal(self, v: dict[str, Any], seat: int, aud: Audience, clock_ms: float) -> str:
        """Why ``seat`` may not buzz now ('' when it may)."""
        if seat == v["reader"] and not v["playoff"]:
            return f"{aud.you_or_name(seat)} read this category: the others answer it."
        if v["playoff"] and seat not in v["playoff"]:
            return "Only the tied players answer in a play-off."
        if seat not in v["current"]:
            return f"{aud.subject(seat, 'have', 'has')} nothing more to play for this category."
        if clock_ms >= v["deadline_ms"]:
            return "Time is up."
        return ""

    def time_up(self, seat: int) -> str:
        return f"{self.names[seat]}: time to type is up; buzz again when you have a word."

    def desk_hint(self, v: dict[str, Any], seat: int, selected: int | None, target: int | None) -> str:
        """What the buzzed ``seat`` types, given the card it picked and the answer it attacks."""
        letter_of = self.game.card_letter
        if v["playoff"]:
            return f"Play-off: type a new {v['held_letters'][seat]}-word for your held card · Enter"
        if selected is not None and letter_of[selected] == JOKER:
            if target is not None:
                first = next((a for a in v["answers"] if a["seat"] == target and a["target"] < 0), None)
                letter = first["letter"] if first else "?"
                return f"Counter-attack on {self.names[target]}: type another {letter}-word · Enter"
            return "Wie Weet Wat card: a word of any letter · or click another player's answer to counter-attack"
        if selected is not None:
            return f"Type a word that starts with {letter_of[selected]} · Enter"
        return "Click a letter card, or just type: a card of the word's first letter is played · Enter"

    def waiting_hint(self, v: dict[str, Any], home: int) -> str:
        """What a lone human may do in the window while not buzzed."""
        if home in v["current"] and any(a["seat"] == home for a in v["answers"]):
            return "Buzz again to play another card of your letter or to counter-attack — or Pass to end your turn"
        if home in v["current"]:
            return "Buzz when you know a word (the clock stops while you type) — or click a letter card"
        if home == v["reader"] and not v["playoff"]:
            return "You read this category: the others are answering."
        if v["playoff"] and home not in v["playoff"]:
            return "Play-off: only the tied players answer."
        return "You are done for this category: waiting for the others."

    # -- news: notices and toasts ------------------------------------------------------------------
    def action_notice(self, kind: str, seat: int, aud: Audience) -> Notice:
        dutch, english = ACTION_TEXT[kind]
        lines = [dutch, english] if self.game.language == "nl" else [english]
        return Notice(f"{aud.you_or_name(seat)} drew {self.dutch_name[kind]}", ACTION_SECONDS, lines, action=kind)

    def effect_line(self, e: dict[str, Any], aud: Audience) -> str:
        """What an action card did at this table."""
        what = e["what"]
        reader = aud.you_or_name(e["seat"])
        other = e.get("other", -1)
        other_name = self.names[other] if 0 <= other < len(self.names) else ""
        if what == "grote-kans":
            return "The next category: the winner may shed 2 extra cards."
        if what == "rotonde":
            return "Every hand moved one seat clockwise."
        if what == "verkiezingspartij":
            return "Everyone took a card from the player on their left."
        if what == "pechvogel":
            if other < 0:
                return f"{reader} already held the most cards: nothing happens."
            return f"{reader} swapped hands with {other_name}."
        return f"{reader} took a card from {other_name}."

    def verdict(self, e: dict[str, Any], v: dict[str, Any], aud: Audience) -> Notice:
        """The window's outcome: every card with its word, time and judgement; who discards, who draws."""
        names = self.names
        category = e["category"]
        winner = e["winner"]
        tied = e.get("tied", [])
        plays = sorted(e.get("plays", []), key=lambda p: p["at_ms"])
        if tied:
            title = f"Remise! {' and '.join(names[s] for s in tied)}: play-off"
            tone = "remise"
        elif winner >= 0:
            title = f"{aud.subject(winner, 'win', 'wins')} ‘{category}’"
            tone = "win"
        elif plays:
            title = f"Nobody named ‘{category}’ right"
            tone = "loss"
        else:
            title = f"Nobody answered ‘{category}’"
            tone = "quiet"
        rows = []
        for p in plays:
            note = ""
            if p["target"] >= 0:
                note = f"counter-attack on {names[p['target']]}"
            elif p["bonus"]:
                note = "Grote Kans card"
            rows.append((p["ok"], f"{p['letter']}  {p['word']}", names[p["seat"]], seconds(p["at_ms"]), note))
        lines = []
        if winner >= 0:
            lines.append(f"{aud.subject(winner, 'discard', 'discards')} {cards(e.get('discarded', 0))}.")
        for seat in e.get("wrong", []):
            lines.append(f"{aud.subject(seat, 'take', 'takes')} the card back and "
                         f"{'draw' if aud.you_or_name(seat) == 'You' else 'draws'} a penalty card.")
        for seat in e.get("attacked", []):
            lines.append(f"{aud.subject(seat, 'were', 'was')} counter-attacked: one penalty card.")
        if tied:
            lines.append("They keep their cards on the table and answer a new category with them.")
        elif v:
            lines.append(f"{aud.subject(v['reader'], 'read', 'reads')} next.")
        return Notice(title, VERDICT_SECONDS, lines, rows, tone=tone)

    def circle_lost(self, e: dict[str, Any], v: dict[str, Any], aud: Audience) -> Notice:
        """The Vicieuze cirkel ended: who lost it, and why."""
        who = aud.you_or_name(e["seat"]) if 0 <= e["seat"] < len(self.names) else ""
        how = CIRCLE_WHY.get(e["why"], "lost")
        drew = aud.subject(e["seat"], "draw", "draws") + " a penalty card" if e["count"] else \
            "There was no penalty card left to draw"
        return Notice(f"Vicieuze cirkel: {who} {how}", CIRCLE_SECONDS,
                      [f"{drew}. The circle ends after {e['words']} words.",
                       f"{self.names[v['reader']]} draws the next category card."], tone="loss")

    def toast(self, e: dict[str, Any]) -> str:
        """A short line for a vote or a reshuffle ('' for other events)."""
        what = e["what"]
        if what == "vote":
            verdict = "accepted" if e["accepted"] else "rejected"
            return f"‘{e['label']}’ {verdict} by the vote ({e['yes']} for, {e['no']} against)"
        if what in ("reshuffle-letters", "reshuffle-categories"):
            pile = "letter" if what == "reshuffle-letters" else "category"
            return f"The {pile} discards were shuffled into a new pile."
        return ""

    # -- the log -----------------------------------------------------------------------------------
    def log_lines(self, v: dict[str, Any], aud: Audience) -> list[str]:
        """The recent public events as sentences, oldest first."""
        lines = []
        for e in v.get("events", []):
            what = e["what"]
            seat = e["seat"]
            who = aud.you_or_name(seat) if 0 <= seat < len(self.names) else ""
            if what == "round":
                lines.append(f"Round {e['round']}: {self.game.hand_size} cards each; "
                             f"{aud.subject(seat, 'read', 'reads')}")
            elif what == "action":
                kind = self.kind_of_label.get(e["label"])
                lines.append(f"{who} drew {self.dutch_name[kind] if kind else e['label']}")
            elif what in EFFECTS:
                lines.append(self.effect_line(e, aud))
            elif what == "read":
                lines.append(f"{who} read: {e['label']}")
            elif what == "closed" and e["at_ms"] >= self.game.time_limit_ms:
                lines.append("Time! The window closed.")
            elif what == "vote":
                verdict = "accepted" if e["accepted"] else "rejected"
                lines.append(f"‘{e['label']}’ {verdict} by vote ({e['yes']}–{e['no']})")
            elif what == "result":
                lines.append(self.result_line(e, aud))
            elif what == "circle-lost":
                lines.append(f"{who} {CIRCLE_WHY.get(e['why'], 'lost')} in the circle: +1 card")
            elif what == "round-won":
                lines.append(f"{who} won round {e['round']}!")
            elif what == "reshuffle-letters":
                lines.append("Letter discards reshuffled into a new pile")
        return lines

    def result_line(self, e: dict[str, Any], aud: Audience) -> str:
        winner = e["winner"]
        plays = e.get("plays", [])
        if e.get("tied"):
            return "Remise: " + " and ".join(self.names[s] for s in e["tied"]) + " play off"
        if winner >= 0:
            word = next((p["word"] for p in sorted(plays, key=lambda p: p["at_ms"])
                         if p["seat"] == winner and p["target"] < 0), "")
            line = f"{aud.you_or_name(winner)} won ‘{e['category']}’" + (f" with ‘{word}’" if word else "")
        else:
            line = f"Nobody won ‘{e['category']}’"
        if e.get("wrong"):
            line += "; wrong: " + ", ".join(self.names[s] for s in e["wrong"])
        return line

    # -- summaries ---------------------------------------------------------------------------------
    def summaries(self, v: dict[str, Any]) -> list[tuple[str, str, tuple[str, ...], tuple[tuple[str, ...], ...]]]:
        """(key, title, lines, rows) for each round won and, at the end, the game."""
        if not v:
            return []
        names = self.names
        out = []
        n = self.game.players
        events = v.get("events", [])
        for r in v.get("rounds", []):
            winner = names[r["winner"]]
            rows = [("Player", "Rounds won")] + [(names[s], str(r["round_wins"][s])) for s in range(n)]
            lines = [f"{winner} got rid of every letter card first."]
            how = self.round_ending(events, r["round"])
            if how:
                lines.append(how)
            out.append((f"round-{r['round']}", f"Round {r['round']}: {winner} wins!", tuple(lines), tuple(rows)))
        if v["over"]:
            best = max(v["round_wins"])
            winners = [names[s] for s, w in enumerate(v["round_wins"]) if w == best]
            rows = [("Player", "Rounds won")] + sorted(
                ((names[s], str(w)) for s, w in enumerate(v["round_wins"])), key=lambda row: -int(row[1]))
            out.append(("game", f"{' and '.join(winners)} won the game!",
                        (f"First to {v['rounds_to_win']} rounds, after {v['round']} rounds.",), tuple(rows)))
        return out

    def round_ending(self, events: list[dict[str, Any]], round_no: int) -> str:
        """How the round's last card went, if the recent events still tell."""
        for i, e in enumerate(events):
            if e["what"] == "round-won" and e["round"] == round_no and i > 0:
                before = events[i - 1]
                if before["what"] == "result" and before["winner"] == e["seat"]:
                    plays = [p for p in before.get("plays", []) if p["seat"] == e["seat"] and p["ok"]]
                    if plays:
                        words = ", ".join(f"‘{p['word']}’" for p in plays)
                        return f"The last card went with {words} for ‘{before['category']}’."
                if before["what"] in ("verloren-geluk", "te-veel-keuze", "verkiezingspartij"):
                    kind = before["what"].replace("-", "_")
                    return f"Their last card was taken by {self.dutch_name[kind]}: an empty hand wins."
        return ""
