"""The rules the SWCCG referee checks: each violation code with its section and the rulebook's own words
(../shared/docs/rules/swccg-rulebook-it.txt, the Italian core rules), and an English gist."""


def gettext_noop(text: str) -> str:
    """Marks an English gist or title for the translators (makemessages finds it by this name) and gives it back
    unchanged: the referee stays plain Python and answers in English; the pages say them in their language
    (rules/views/swccg_rule_words.py)."""
    return text


# The rulebook's closing words on card text (a section of its own, "Testo di gioco" being the card's text area)
_TEXT_FIRST = (
    "Molte carte hanno dei poteri speciali che creano delle eccezioni a queste regole. In questo caso, il testo di "
    "gioco della carta ha la precedenza."
)

RULES: dict[str, tuple[str, str, str]] = {
    # code: (section, the rulebook's words, the rule in English)
    "not-your-turn": (
        "Ogni turno ha sei fasi",
        "Ogni turno ha sei fasi. Attivazione - Controllo - Dispiegamento - Battaglia - Movimento - Pescare",
        gettext_noop(
            "Only the player whose turn it is activates, drains, deploys, battles, moves and draws in these phases."
        ),
    ),
    "phase-order": (
        "Ogni turno ha sei fasi",
        "Ogni turno ha sei fasi. Attivazione - Controllo - Dispiegamento - Battaglia - Movimento - Pescare",
        gettext_noop("A turn's phases come in this order and do not come back."),
    ),
    "too-much-activation": (
        "Fase uno: attivazione",
        "contate le icone Forza sul vostro lato di ogni locazione. Aggiungete 1 per rappresentare la Forza personale",
        gettext_noop("Activate at most your Force icons on table plus 1."),
    ),
    "reserve-empty": (
        "Fase uno: attivazione",
        "trasferendole, una alla volta e coperte, dalla cima del vostro Mazzo di Riserva",
        gettext_noop("Force is activated (and destiny drawn) from the Reserve Deck: it must hold the cards."),
    ),
    "not-enough-force": (
        "Fase tre: dispiegamento",
        "Questa viene fatta muovendo l'apposito numero di carte Forza coperte, una alla volta, dal vostro mazzo Forza",
        gettext_noop(
            "Deploying, moving, battling and card text are paid from the Force Pile: it must hold enough cards."
        ),
    ),
    "wrong-cost": (
        "Fase tre: dispiegamento",
        "Il dispiegamento delle carte richiede la spesa di Forza.",
        gettext_noop("A card's deploy cost is its printed cost with the modifiers recorded."),
    ),
    "no-presence-or-icon": (
        "Fase tre: dispiegamento",
        'Potete dispiegare dovunque abbiate una "presenza" o un\'icona Forza dal vostro lato della locazione.',
        gettext_noop("Deploy only where you have presence or a Force icon on your side (spies excepted)."),
    ),
    "wrong-location-kind": (
        "Navi spaziali",
        "Le navi spaziali possono essere dispiegate solo su delle locazioni di sistema.",
        gettext_noop("Starships deploy and move to systems; characters and vehicles to sites (or aboard)."),
    ),
    "unique-on-table": (
        "Carte uniche e limitate",
        "non potete averne più di una scoperta sul tavolo in qualsiasi momento del gioco",
        gettext_noop("• one, •• two, ••• three of a title on table at once; ◇ one per location."),
    ),
    "persona-on-table": (
        "Carte uniche e limitate",
        "non potete averne più di una scoperta sul tavolo in qualsiasi momento del gioco",
        gettext_noop("Two cards of one persona (Vader and Anakin, say) are never on table at once."),
    ),
    "not-in-hand": (
        "Fase sei: pescare",
        "potete pescare un numero qualsiasi di esse e prenderle in mano",
        gettext_noop("A card is deployed or played from its owner's hand."),
    ),
    "card-not-there": (
        "Spostare le carte",
        "Molte volte durante il gioco dovrete spostare le carte da un mazzo all'altro.",
        gettext_noop("The card is not where the event takes it from."),
    ),
    "no-control": (
        "Fase due: controllo",
        'Per controllare una locazione, dovete avere una "presenza" in quel punto (abilità 1 o maggiore) '
        "quando il vostro non ne ha.",
        gettext_noop("Drain only where you control: your presence, none of the opponent's."),
    ),
    "wrong-drain": (
        "Fase due: controllo",
        "Potete attirare un ammontare uguale al numero di icone Forza sul lato dell'avversario della locazione.",
        gettext_noop("A Force drain is the opponent's Force icons there, with the modifiers recorded."),
    ),
    "no-opponent-icons": (
        "Fase due: controllo",
        "se il vostro avversario non ha icone forza, non potete attirare la Forza da quella locazione",
        gettext_noop("No drain where the opponent has no Force icons (or they are cancelled)."),
    ),
    "drain-cancelled": (
        "Fase due: controllo",
        "Se le icone forza dell'avversario vengono cancellate in seguito ad un'interruzione o ad una carta effetto, "
        "o se il vostro avversario non ha icone forza, non potete attirare la Forza da quella locazione.",
        gettext_noop("No drain where card text cancels it."),
    ),
    "drained-twice": (
        "Fase due: controllo",
        "Durante la fase di Controllo, annunciate ogni attrazione di Forza che volete tentare, una alla volta.",
        gettext_noop("One Force drain per location per turn."),
    ),
    "no-battle-here": (
        "Annunciare una battaglia",
        "Le battaglie possono aver luogo solo nelle locazioni dove sia voi che il vostro avversario avete "
        'una "presenza".',
        gettext_noop("Battle only where both sides have presence."),
    ),
    "battled-twice": (
        "Annunciare una battaglia",
        "Potete combattere più di una volta durante un turno, ma non due volte alla stessa locazione.",
        gettext_noop("One battle per location per turn."),
    ),
    "no-battle": (
        "Annunciare una battaglia",
        "Dovete usare 1 Forza per iniziare ogni battaglia.",
        gettext_noop("A battle event needs a battle in progress."),
    ),
    "too-many-destinies": (
        "Aggiungete il valore del destino della battaglia",
        "Se un giocatore ha un'abilità combinata di 4 o più, può pescare un destino di battaglia. (Nota: se avete "
        "un valore di abilità di 8, non pescate due carte destino.",
        gettext_noop(
            "One battle destiny at combined ability 4 or more, not two at 8 (card text may add draws)."
        ),
    ),
    "attrition-unsatisfied": (
        "Attrito",
        'dovete sacrificare delle carte con un valore di riscatto maggiore o uguale al "destino" del vostro avversario',
        gettext_noop("Forfeit from the battle location at least the attrition (immune cards excepted)."),
    ),
    "battle-damage-unsatisfied": (
        "Risoluzione della battaglia",
        "il giocatore con il potere minore deve perdere un ammontare di Forza pari alla differenza tra i totali",
        gettext_noop("The loser loses the difference, by forfeits and Force lost."),
    ),
    "hit-not-forfeited": (
        "Riscatto",
        'Le carte "colpite" dalle armi debbono essere riscattate',
        gettext_noop("Hit cards are forfeited at the end of the battle."),
    ),
    "force-loss-unpaid": (
        "Perdere la Forza",
        "Quando la Forza viene attirata dal vostro avversario, lui deve piazzare l'apposito numero di carte "
        "(scoperte) sul mazzetto Perdute.",
        gettext_noop("Force a player must lose (drains, battle damage) is lost before the phase ends."),
    ),
    "moved-twice": (
        "Muovere i personaggi",
        "Questo movimento è ristretto ad una volta per turno",
        gettext_noop(
            "A character moves from site to site by itself once a turn; a vehicle moves by landspeed once a turn."
        ),
    ),
    "too-far": (
        "Muovere le navi spaziali",
        "La distanza cumulativa massima che una nave spaziale può coprire durante un turno è uguale alla sua "
        "hyperspeed",
        gettext_noop(
            "A starship moves at most its hyperspeed in parsecs a turn; a vehicle at most its landspeed in sites."
        ),
    ),
    "no-pilot": (
        "Muovere le navi spaziali",
        "Una nave spaziale deve avere un pilota ed un astromech o un nav computer a bordo prima di potersi muovere.",
        gettext_noop(
            "A starship needs a pilot and an astromech or nav computer aboard to move by hyperspeed."
        ),
    ),
    "over-capacity": (
        "Capienza delle navi spaziali",
        "Ogni nave spaziale ha una capienza massima che è indicata sulla carta.",
        gettext_noop("A starship or vehicle carries at most the pilots and passengers its text allows."),
    ),
    "not-same-system": (
        "Muovere i personaggi",
        "I personaggi possono viaggiare tra qualsiasi sito e qualsiasi nave spaziale con capacità di approdo "
        "(su o giù) al sistema collegato",
        gettext_noop("Site-to-site, landing and take-off moves stay within one system."),
    ),
    "result-mismatch": (
        "L'eccitante conclusione",
        "Quando il vostro mazzo viene prosciugato di tutta la Forza da parte del vostro avversario",
        gettext_noop(
            "The game ends when a player's Life Force is gone; the record's result must say who won."
        ),
    ),
    "game-over": (
        "L'eccitante conclusione",
        "Quando il vostro mazzo viene prosciugato di tutta la Forza",
        gettext_noop("Nothing happens after the game has ended."),
    ),
    "same-starting-location": (
        "Preparare il gioco",
        "Se i giocatori scelgono esattamente la stessa locazione, le mettono da parte temporaneamente e scelgono di "
        "nuovo.",
        gettext_noop("Players who choose the same starting location set both aside and choose again."),
    ),
    "not-the-top-card": (
        'Pescare il "destino"',
        "deve prendere la carta in cima al suo mazzo di riserva",
        gettext_noop("A card drawn from the Reserve Deck is its top card, in the order the record gives."),
    ),
    "bad-order": (
        "Preparare il gioco",
        "Mischiate le restanti 59 carte e mettete il vostro Mazzo di Riserva coperto.",
        gettext_noop("A Reserve Deck's order lists each of its face-down cards once."),
    ),
    "light-side-capture": (
        "Capturing characters and captives",
        "Only the Dark Side may capture; if the Light Side somehow controls a card which allows capturing, the "
        "Light Side may not use the capturing portion of that card.",
        gettext_noop("Only the Dark Side captures."),
    ),
    "not-capturable": (
        "Capturing characters and captives",
        "The Dark Side may capture only Light Side cards.",
        gettext_noop("Only Light Side characters on table are captured."),
    ),
    "not-an-escort": (
        "Capturing characters and captives",
        "Your bounty hunters and/or warriors at the same location may seize (take into custody) one of the captured "
        "characters each",
        gettext_noop(
            "An escort is a Dark Side bounty hunter or warrior at the same location, escorting no one yet."
        ),
    ),
    "not-a-prison": (
        "Capturing characters and captives",
        "If the capture takes place at any prison, you may imprison any number of the captured characters there",
        gettext_noop("Captives are imprisoned only at a prison where the capture takes place."),
    ),
    "not-a-captive": (
        "Capturing characters and captives",
        "A captured character is on table only for rules, actions, or conditions that specifically refer to "
        "captured cards.",
        gettext_noop("Only a captive is released."),
    ),
    "persona-crossed-over": (
        "Crossing Over",
        "Your opponent may not deploy any more copies of that persona for the rest of the game.",
        gettext_noop("A persona that crossed over is barred to its old side."),
    ),
    "persona-out-of-play": (
        "Lando and Lobot",
        "When any Lando/Lobot is placed out of play, the persona rules prevent any other Lando/Lobot from coming "
        "into play for the remainder of the game.",
        gettext_noop("A persona placed out of play bars every version of it."),
    ),
    "bad-conversion": (
        "Lando and Lobot",
        "vulnerable to being replaced by Light Side Lando or Lobot during your opponent's deploy phase",
        gettext_noop(
            "The Light Side's Lando or Lobot replaces the Dark Side's on table in its deploy phase; the Dark one is lost."
        ),
    ),
    "sabacc-in-battle": (
        "Sabacc Rules",
        "Sabacc may not be initiated during battle.",
        gettext_noop("No sabacc during a battle."),
    ),
    "sabacc-result": (
        "Sabacc Rules",
        "The player who is closest to 11 (without going over) wins.",
        gettext_noop("The recorded winner, or the card given up, is not what the sabacc rules give."),
    ),
    "no-weapon-target": (
        "Usare le armi",
        "Per ogni arma, potete sparare ad un bersaglio alla stessa locazione.",
        gettext_noop("A weapon fires in a battle at a target at the same location."),
    ),
    "unknown-card": (
        "Preparare il mazzo",
        "",
        gettext_noop("The card is not one of the player's cards in this record."),
    ),
    # what a card's own text forbids (rules/swccg/referee/text_rules.py): the rulebook gives the text precedence
    "deploys-only-on": (
        "Testo di gioco",
        _TEXT_FIRST,
        gettext_noop("A card whose text says it deploys only on a place deploys only there."),
    ),
    "may-not-deploy-to": (
        "Testo di gioco",
        _TEXT_FIRST,
        gettext_noop("A card whose text says it may not deploy to a place does not deploy there."),
    ),
    "may-not-move": (
        "Testo di gioco",
        _TEXT_FIRST,
        gettext_noop("A card whose text says it cannot move does not move."),
    ),
    "permanent-weapon-separated": (
        "Permanent Weapon",
        "This icon represents a character weapon that may not be separated from the character (lost, stolen, "
        "transferred, retrieved etc.) except by cards that deploy on the character as a marker (e.g., Disarmed).",
        gettext_noop(
            "A permanent weapon is part of its character: it is never stolen, forfeited or placed out of play apart."
        ),
    ),
    "no-permanent-weapon": (
        "Permanent Weapon",
        "This icon represents a character weapon that may not be separated from the character",
        gettext_noop("Only a character whose text gives it a permanent weapon has one to fire."),
    ),
}

# The rulebook's Italian section headings in English: an English page names the rule by these, and keeps the
# Italian heading and words as the source it quotes. The sections the English rules add are English already.
TITLES: dict[str, str] = {
    "Aggiungete il valore del destino della battaglia": gettext_noop("Add your battle destiny"),
    "Annunciare una battaglia": gettext_noop("Initiating a battle"),
    "Attrito": gettext_noop("Attrition"),
    "Capienza delle navi spaziali": gettext_noop("Starship capacity"),
    "Carte uniche e limitate": gettext_noop("Unique and restricted cards"),
    "Fase due: controllo": gettext_noop("Phase two: control"),
    "Fase sei: pescare": gettext_noop("Phase six: draw"),
    "Fase tre: dispiegamento": gettext_noop("Phase three: deploy"),
    "Fase uno: attivazione": gettext_noop("Phase one: activate"),
    "L'eccitante conclusione": gettext_noop("The exciting conclusion"),
    "Muovere i personaggi": gettext_noop("Moving characters"),
    "Muovere le navi spaziali": gettext_noop("Moving starships"),
    "Navi spaziali": gettext_noop("Starships"),
    "Ogni turno ha sei fasi": gettext_noop("Each turn has six phases"),
    "Perdere la Forza": gettext_noop("Losing Force"),
    'Pescare il "destino"': gettext_noop('Drawing "destiny"'),
    "Preparare il gioco": gettext_noop("Setting up the game"),
    "Preparare il mazzo": gettext_noop("Building the deck"),
    "Riscatto": gettext_noop("Forfeit"),
    "Risoluzione della battaglia": gettext_noop("Resolving the battle"),
    "Spostare le carte": gettext_noop("Moving cards"),
    "Testo di gioco": gettext_noop("Game text"),
    "Usare le armi": gettext_noop("Using weapons"),
}


# The sections the English rules add, named as they are (an English page shows them so; the others translate them).
ENGLISH_SECTIONS = (
    gettext_noop("Capturing characters and captives"),
    gettext_noop("Crossing Over"),
    gettext_noop("Lando and Lobot"),
    gettext_noop("Permanent Weapon"),
    gettext_noop("Sabacc Rules"),
)


def title(section: str) -> str:
    """The section's English title (the section itself when it is English already)."""
    return TITLES.get(section, section)
