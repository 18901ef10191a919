"""The Dutch edition's table speaks Dutch: every English sentence of the table, in Dutch.

The table's sentences are written in English where they are made (words.py, scenery.py,
board.py, view.py, and the refusals of rules.py a player meets in the answer box) and said
through :func:`phrase`, which gives the Dutch wording in the Dutch edition. Fields in braces are filled in after the choice. A test reads those files
and fails on any sentence that has no Dutch wording here.
"""
from __future__ import annotations

from typing import Any

DUTCH: dict[str, str] = {
    # the table around the game: the F1 window's title, the sidebar's log
    "How to play {title}": "Zo speel je {title}",
    "What happened": "Wat er gebeurde",
    "You": "Jij",
    # the rules' reasons for refusing a word (rules.py)
    "Too late: the clock stopped at {seconds} seconds.": "Te laat: de klok stopte na {seconds} seconden.",
    "{word} is not a word.": "{word} is geen woord.",
    "{word} does not start with {letter}.": "{word} begint niet met een {letter}.",
    "You already said {word}: every card needs another word.": "Je zei al {word}: elke kaart vraagt een ander woord.",
    "Player {number} already said that: name another word.": "Speler {number} zei dat al: noem een ander woord.",
    # the status line, the headline and the plates
    "Round {round} · first to win {rounds} rounds": "Ronde {round} · winst bij {rounds} rondes",
    "Round {round} · the first to win a round wins the game": "Ronde {round} · wie een ronde wint, wint het spel",
    "{names} won the game!": "{names} heeft het spel gewonnen!",
    "Your turn to read: draw a category card": "Jij bent de voorlezer: pak een categoriekaart",
    "{name} draws a category card": "{name} pakt een categoriekaart",
    "Choose a category and read it out": "Kies een categorie en lees die voor",
    "{name} is choosing a category": "{name} kiest een categorie",
    "{card}: click the player you take a card from": "{card}: klik op de speler van wie je een kaart pakt",
    "{card}: {name} chooses a player": "{card}: {name} kiest een speler",
    "Play-off! ": "Remise! ",
    "You are answering: the clock runs on": "Jij antwoordt: de klok loopt door",
    "{name} is answering: the clock runs on": "{name} antwoordt: de klok loopt door",
    "You answered: waiting for the others": "Je hebt geantwoord: wachten op de anderen",
    "Name {category}! Buzz with Space or click a card": "Noem {category}! Zoem met de spatiebalk of klik een kaart",
    "Name {category}! Buzz with your key": "Noem {category}! Zoem met je toets",
    "The others are answering ‘{category}’": "De anderen antwoorden op ‘{category}’",
    "Vote on ‘{word}’: Accept or Reject": "Stem over ‘{word}’: Goed of Fout",
    "The table votes on ‘{word}’": "De tafel stemt over ‘{word}’",
    "{card}: {name}, your turn: name {category}": "{card}: {name}, jouw beurt: noem {category}",
    "{card}: your turn: name {category}": "{card}: jouw beurt: noem {category}",
    "{card}: {name} is to speak": "{card}: {name} is aan de beurt",
    "reads the category": "leest de categorie voor",
    "buzzer key: {key}": "zoemtoets: {key}",
    "{won} of {rounds} rounds · {cards}": "{won} van {rounds} rondes · {cards}",
    "{won} of 1 round · {cards}": "{won} van 1 ronde · {cards}",
    "answering…": "antwoordt…",
    "answered": "geantwoord",
    "passed": "past",
    "buzz!": "zoem!",
    "thinking…": "denkt na…",
    "reading": "leest voor",
    "said it": "zei het",
    "voting…": "stemt…",
    "voted": "gestemd",
    "to speak": "aan de beurt",
    "play-off": "remise",
    # the answer desk
    "You read this category: the others answer it.": "Jij las deze categorie voor: de anderen antwoorden.",
    "{name} read this category: the others answer it.": "{name} las deze categorie voor: de anderen antwoorden.",
    "Only the tied players answer in a play-off.": "Bij een remise antwoorden alleen de spelers die gelijk speelden.",
    "You have buzzed for this category already: one buzz each.":
        "Je hebt bij deze categorie al gezoemd: één keer per speler.",
    "{name} has buzzed for this category already: one buzz each.":
        "{name} heeft bij deze categorie al gezoemd: één keer per speler.",
    "You have nothing more to play for this category.": "Je hebt bij deze categorie niets meer te spelen.",
    "{name} has nothing more to play for this category.": "{name} heeft bij deze categorie niets meer te spelen.",
    "Time is up.": "De tijd is om.",
    "{name} buzzed: the answer box opens when {other} is done typing.":
        "{name} zoemde: het antwoordvak gaat open zodra {other} klaar is met typen.",
    "{name}: time to type is up.": "{name}: de tijd om te typen is om.",
    "Your word for ‘{category}’": "Jouw woord voor ‘{category}’",
    "{name}, your word for ‘{category}’": "{name}, jouw woord voor ‘{category}’",
    "Play-off: type a new {letter}-word for your held card · Enter":
        "Remise: typ een nieuw woord met {letter} voor je kaart op tafel · Enter",
    "Counter-attack on {name}: type another {letter}-word · Enter":
        "Tegenaanval op {name}: typ een ander woord met {letter} · Enter",
    "Wie Weet Wat card: a word of any letter · or click another player's answer to counter-attack":
        "Wie Weet Wat-kaart: een woord met elke letter · of klik het antwoord van een ander voor een tegenaanval",
    "Type a word that starts with {letter} · Enter": "Typ een woord dat met {letter} begint · Enter",
    "Click a letter card, or just type: a card of the word's first letter is played · Enter":
        "Klik een letterkaart aan of typ meteen: de eerste letter kiest de kaart · Enter",
    "Buzz when you know a word (once per category; the clock runs on) — or click a letter card":
        "Zoem als je een woord weet (één keer per categorie; de klok loopt door) — of klik een letterkaart",
    "You read this category: the others are answering.": "Jij las deze categorie voor: de anderen antwoorden.",
    "Play-off: only the tied players answer.": "Remise: alleen de spelers die gelijk speelden antwoorden.",
    "You are done for this category: waiting for the others.": "Je bent klaar met deze categorie: wachten op de anderen.",
    "You hold no {letter}: click the card you want to play (a Wie Weet Wat card is a joker for any letter).":
        "Je hebt geen {letter}: klik de kaart aan die je wilt spelen (een Wie Weet Wat-kaart is een joker voor elke "
        "letter).",
    "A counter-attack needs a Wie Weet Wat card.": "Voor een tegenaanval heb je een Wie Weet Wat-kaart nodig.",
    # action cards and their effects
    "You drew {card}": "Jij pakte {card}",
    "{name} drew {card}": "{name} pakte {card}",
    "The next category: the winner may shed 2 extra cards.":
        "Bij de volgende categorie mag de winnaar 2 extra kaarten afleggen.",
    "Every hand moved one seat clockwise.": "Alle kaarten schoven één speler door, met de klok mee.",
    "Everyone took a card from the player on their left.": "Iedereen pakte een kaart van de speler links van zich.",
    "You already held the most cards: nothing happens.": "Jij had al de meeste kaarten: er gebeurt niets.",
    "{name} already held the most cards: nothing happens.": "{name} had al de meeste kaarten: er gebeurt niets.",
    "You swapped hands with {other}.": "Jij ruilde je kaarten met {other}.",
    "{name} swapped hands with {other}.": "{name} ruilde zijn kaarten met {other}.",
    "{name} swapped hands with you.": "{name} ruilde zijn kaarten met jou.",
    "You took a card from {other}.": "Jij pakte een kaart van {other}.",
    "{name} took a card from {other}.": "{name} pakte een kaart van {other}.",
    "{name} took a card from you.": "{name} pakte een kaart van jou.",
    # the verdict
    " and ": " en ",
    "Remise! {names}: play-off": "Remise! {names} spelen opnieuw",
    "You win ‘{category}’": "Jij wint ‘{category}’",
    "{name} wins ‘{category}’": "{name} wint ‘{category}’",
    "Nobody named ‘{category}’ right": "Niemand noemde goed: ‘{category}’",
    "Nobody answered ‘{category}’": "Niemand antwoordde op ‘{category}’",
    "counter-attack on {name}": "tegenaanval op {name}",
    "{card} card": "{card}-kaart",
    "You discard {cards}.": "Jij legt {cards} af.",
    "{name} discards {cards}.": "{name} legt {cards} af.",
    "You take the card back and draw a penalty card.": "Jij neemt je kaart terug en pakt een strafkaart.",
    "{name} takes the card back and draws a penalty card.": "{name} neemt de kaart terug en pakt een strafkaart.",
    "You were counter-attacked: one penalty card.": "Tegen jou was een tegenaanval: één strafkaart.",
    "{name} was counter-attacked: one penalty card.": "Tegen {name} was een tegenaanval: één strafkaart.",
    "They keep their cards on the table and answer a new category with them.":
        "Zij houden hun kaarten op tafel en beantwoorden er een nieuwe categorie mee.",
    "You read next.": "Jij leest nu voor.",
    "{name} reads next.": "{name} leest nu voor.",
    # the Vicieuze cirkel
    "gave up": "wist niets meer",
    "repeated a word": "herhaalde een woord",
    "said a wrong word": "noemde een fout woord",
    "had a word rejected by the vote": "zag een woord afgekeurd bij de stemming",
    "lost": "verloor",
    "{card}: you {how}": "{card}: jij {how}",
    "{card}: {name} {how}": "{card}: {name} {how}",
    "You draw a penalty card": "Jij pakt een strafkaart",
    "{name} draws a penalty card": "{name} pakt een strafkaart",
    "There was no penalty card left to draw": "Er was geen strafkaart meer om te pakken",
    "{drew}. The circle ends after {count} words.": "{drew}. De cirkel eindigt na {count} woorden.",
    "{name} draws the next category card.": "{name} pakt de volgende categoriekaart.",
    # votes, reshuffles and the log
    "accepted": "goedgekeurd",
    "rejected": "afgekeurd",
    "‘{word}’ {verdict} by the vote ({yes} for, {no} against)": "‘{word}’ {verdict} bij de stemming ({yes} voor, {no} tegen)",
    "The letter discards were shuffled into a new pile.": "De afgelegde letterkaarten zijn geschud tot een nieuwe stapel.",
    "The category discards were shuffled into a new pile.":
        "De afgelegde categoriekaarten zijn geschud tot een nieuwe stapel.",
    "Round {round}: {cards} each; you read": "Ronde {round}: {cards} elk; jij leest voor",
    "Round {round}: {cards} each; {name} reads": "Ronde {round}: {cards} elk; {name} leest voor",
    "You read: {label}": "Jij las voor: {label}",
    "{name} read: {label}": "{name} las voor: {label}",
    "Time! The window closed.": "Tijd! Er kan niet meer geantwoord worden.",
    "‘{word}’ {verdict} by vote ({yes}–{no})": "‘{word}’ {verdict} bij stemming ({yes}–{no})",
    "You {how} in the circle: +1 card": "Jij {how} in de cirkel: +1 kaart",
    "{name} {how} in the circle: +1 card": "{name} {how} in de cirkel: +1 kaart",
    "You won round {round}!": "Jij won ronde {round}!",
    "{name} won round {round}!": "{name} won ronde {round}!",
    "Letter discards reshuffled into a new pile": "Afgelegde letterkaarten geschud tot een nieuwe stapel",
    "Remise: {names} play off": "Remise: {names} spelen opnieuw",
    "You won ‘{category}’ with ‘{word}’": "Jij won ‘{category}’ met ‘{word}’",
    "{name} won ‘{category}’ with ‘{word}’": "{name} won ‘{category}’ met ‘{word}’",
    "You won ‘{category}’": "Jij won ‘{category}’",
    "{name} won ‘{category}’": "{name} won ‘{category}’",
    "Nobody won ‘{category}’": "Niemand won ‘{category}’",
    "; wrong: {names}": "; fout: {names}",
    # summaries
    "Player": "Speler",
    "Rounds won": "Rondes gewonnen",
    "{name} got rid of every letter card first.": "{name} was als eerste al zijn letterkaarten kwijt.",
    "Round {round}: {name} wins!": "Ronde {round}: {name} wint!",
    "Round {round}: you win!": "Ronde {round}: jij wint!",
    "First to {rounds} rounds, after {round} rounds.": "Als eerste {rounds} rondes, na {round} rondes.",
    "The game was played to one round.": "Het spel ging om één ronde.",
    "The last card went with {words} for ‘{category}’.": "De laatste kaart ging weg met {words} voor ‘{category}’.",
    "Their last card was taken by {card}: an empty hand wins.":
        "De laatste kaart werd afgepakt door {card}: wie geen kaarten meer heeft, wint.",
    # the middle of the table
    "Categories": "Categorieën",
    "Category": "Categorie",
    "Letters": "Letters",
    "Discards": "Afgelegd",
    "click to draw": "klik om te pakken",
    "READS": "LEEST",
    "{card}: choose the category for the circle": "{card}: kies de categorie voor de cirkel",
    "Choose the category you read out": "Kies de categorie die je voorleest",
    "Play-off: choose another category": "Remise: kies een andere categorie",
    "Only you see this card": "Alleen jij ziet deze kaart",
    "read already": "al voorgelezen",
    "You are choosing one of four categories for the Vicieuze cirkel…":
        "Jij kiest een van de vier categorieën voor de Vicieuze cirkel…",
    "{name} is choosing one of four categories for the Vicieuze cirkel…":
        "{name} kiest een van de vier categorieën voor de Vicieuze cirkel…",
    "You are choosing one of four categories to read out…": "Jij kiest een van de vier categorieën om voor te lezen…",
    "{name} is choosing one of four categories to read out…":
        "{name} kiest een van de vier categorieën om voor te lezen…",
    "Click the player you take a letter card from.": "Klik op de speler van wie je een letterkaart pakt.",
    "{name} chooses whom to take a letter card from…": "{name} kiest van wie een letterkaart gepakt wordt…",
    "You read next": "Jij leest voor",
    "{name} reads next": "{name} leest voor",
    "Draw a category card: click the pile or the button below.": "Pak een categoriekaart: klik op de stapel of de knop hieronder.",
    "{name} draws a category card…": "{name} pakt een categoriekaart…",
    "Play-off: a new category card for {names}": "Remise: een nieuwe categoriekaart voor {names}",
    "read by you": "voorgelezen door jou",
    "read by {name}": "voorgelezen door {name}",
    "PLAY-OFF: {names} · answer with the held cards": "REMISE: {names} · antwoord met de kaarten op tafel",
    "Grote Kans: the winner may also shed 2 cards of other letters within 10 s":
        "Grote Kans: de winnaar mag binnen 10 s nog 2 kaarten van andere letters spelen",
    "any first letter · a repeat, a wrong word or giving up costs a penalty card":
        "elke beginletter · herhalen, een fout woord of opgeven kost een strafkaart",
    "seconds": "seconden",
    "Answers appear here as they are given, with their time.": "Hier verschijnen de antwoorden, met hun tijd.",
    "play-off: {letter}": "remise: {letter}",
    "attacks {name}": "valt {name} aan",
    "your target": "jouw doelwit",
    # the desks
    "buzzed at {time}": "gezoemd op {time}",
    "Buzz:": "Zoemen:",
    "press your key or click your name · once per category · the clock runs on":
        "druk op je toets of klik op je naam · één keer per categorie · de klok loopt door",
    "Is ‘{word}’ {category}?": "Is ‘{word}’ {category}?",
    "right": "goed",
    "You said it; the word list does not know it.": "Jij zei het; de woordenlijst kent het niet.",
    "{name} said it; the word list does not know it.": "{name} zei het; de woordenlijst kent het niet.",
    "{cast} of {voters} have voted.": "{cast} van {voters} hebben gestemd.",
    "1 of {voters} has voted.": "1 van {voters} heeft gestemd.",
    "Waiting for the others to vote…": "Wachten tot de anderen gestemd hebben…",
    "You voted {vote}; waiting for the others…": "Jij stemde {vote}; wachten op de anderen…",
    "{name}, your turn: name {category} (any letter, not said yet)":
        "{name}, jouw beurt: noem {category} (elke letter, nog niet genoemd)",
    "Your turn: name {category} (any letter, not said yet)": "Jouw beurt: noem {category} (elke letter, nog niet genoemd)",
    "Enter says it · Give up draws a penalty card and ends the circle":
        "Enter zegt het · Opgeven kost een strafkaart en beëindigt de cirkel",
    "{name} is thinking…": "{name} denkt na…",
    "Order: {order}": "Volgorde: {order}",
    "Nothing said yet: the reader starts.": "Nog niets gezegd: de voorlezer begint.",
    "Continue (Enter)": "Verder (Enter)",
    # buttons
    "Accept": "Goed",
    "Reject": "Fout",
    "Yes": "Ja",
    "No": "Nee",
    "Answer (Enter)": "Antwoord (Enter)",
    "Done": "Klaar",
    "Pass": "Pas",
    "Say it (Enter)": "Zeg het (Enter)",
    "Give up": "Opgeven",
    "Draw a category card": "Pak een categoriekaart",
    "BUZZ!": "ZOEM!",
}


def phrase(language: str, text: str, **fields: Any) -> str:
    """``text`` in ``language`` (Dutch from :data:`DUTCH`, else the English as written), fields filled in."""
    template = DUTCH.get(text, text) if language == "nl" else text
    return template.format(**fields) if fields else template
