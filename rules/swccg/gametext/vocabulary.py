"""What SWCCG game text says, as data: a card's text is a tuple of Effects, each with the sentence it came from.

An effect's `kind` is a stable string (the table KINDS says what each means); its numbers are `amount` (a change:
+2, -1) or `value` (a number set outright: "Deploys free" is deploy-cost value 0, "Ability = ¼" ability value
0.25); `target` names what it is about in the text's own words (the cards it changes when not this card, what a
weapon may target, where a card deploys); `condition` says when it holds. A sentence the reader does not
understand is one effect of kind UNREAD carrying its text, never dropped and never guessed.
"""

from dataclasses import dataclass, field

UNREAD = "unread"

# Stats a modifier changes: the words of the text → the kind of the effect.
STAT_KINDS = {
    "power": "power",
    "ability": "ability",
    "forfeit": "forfeit",
    "defense value": "defense-value",
    "deploy": "deploy-cost",
    "destiny": "destiny",
    "landspeed": "landspeed",
    "hyperspeed": "hyperspeed",
    "maneuver": "maneuver",
    "armor": "armor",
    "politics": "politics",
}

KINDS: dict[str, str] = {
    # Numbers of a card, printed and conditional.
    "power": "power changed by `amount` (of `target` when not this card)",
    "ability": "ability changed by `amount` or set to `value`",
    "forfeit": "forfeit changed by `amount` or set to `value`",
    "defense-value": "defense value changed by `amount`",
    "deploy-cost": "deploy cost changed by `amount` or set to `value` (0: deploys free; `target`: whose)",
    "destiny": "destiny number changed by `amount`",
    "landspeed": "landspeed changed by `amount` or set to `value`",
    "hyperspeed": "hyperspeed changed by `amount`",
    "maneuver": "maneuver changed by `amount`",
    "armor": "armor changed by `amount`",
    "politics": "politics changed by `amount`",
    "stat-not-increased": "the stat in `target` may not be increased",
    "stat-not-reduced": "the stat in `target` may not be reduced (`detail`: by whom)",
    # Piloting and room aboard.
    "pilot-power": "adds `amount` to the power of what it pilots (`target`: anything, starship, vehicle…)",
    "pilot-maneuver": "adds `amount` to the maneuver of what it pilots",
    "pilot-hyperspeed": "adds `amount` to the hyperspeed of what it pilots",
    "pilot-armor": "adds `amount` to the armor of what it pilots",
    "permanent-pilot": "a permanent pilot (`target`: its name, if any) providing ability `amount`",
    "may-add-pilots": "room for `amount` pilots (None: unlimited)",
    "may-add-passengers": "room for `amount` passengers (None: unlimited)",
    "may-add-pilots-or-passengers": "room for `amount` pilots or passengers, in any mix",
    "may-add-cards": "room for `amount` other cards aboard (`target`: vehicles, TIEs, astromechs…)",
    # Battles.
    "adds-battle-destiny": "adds `amount` battle destiny draws",
    "draws-battle-destiny": "draws `amount` battle destiny if not able to otherwise",
    "destiny-to-total": 'draws `amount` destiny into the total `target` names (total power, attrition; `detail` "only")',
    "adds-to-destiny": "adds `amount` to destiny draws (`target`: which: each battle destiny, total weapon…)",
    "immune-attrition": "immune to attrition < `amount` (None: to any attrition)",
    "immune-to": "immune to the cards or effects named in `target`",
    "not-weapon-target": "may not be targeted by weapons",
    "battle-destiny-limit": "those in `target` may draw no more than `amount` battle destiny",
    "attrition": "adds `amount` to attrition against the opponent",
    "total-power": "adds `amount` to the total power in battle",
    "total-ability": "a total ability in battle set to `value` or changed by `amount` (`target`: whose, where)",
    "force-drain": 'adds `amount` to Force drains (`target`: whose, if not this card\'s; `detail` "may": optional)',
    "may-initiate-battle": "may initiate battle (a card that could not otherwise)",
    "lightsaber-combat": "adds `amount` to a lightsaber combat total",
    # Deployment and movement.
    "deploys-only-on": "deploys only on `target` (or must deploy there)",
    "may-not-deploy-to": "may not deploy to `target`",
    "deploy-aboard": "may deploy as the role named in `target` ('react', an Undercover spy…; `detail`: where to)",
    "deploy-without-presence": "may deploy without presence or Force icons",
    "move-react": "may move as a 'react' (`value`: its extra cost, 0 when free)",
    "deploys-and-moves-like": "deploys and moves like `target` (a starfighter, an undercover spy)",
    "may-deploy-to": "may deploy to `target` (where it otherwise could not)",
    "no-react": "the opponent may not 'react' where `target` says",
    "may-not-move": "may not move",
    "move-without-presence": "may move without presence aboard",
    "needs-pilot-aboard": "has no power, maneuver or hyperspeed without a pilot aboard",
    "may-pilot-only": "may pilot only what `target` names",
    "ship-docking": "has ship-docking capability",
    # Weapons.
    "weapon-target": "a weapon may target the cards named in `target`",
    "weapon-fire-cost": 'firing it costs `value` Force (0: free; None with `detail` "X", …: the text sets X)',
    "weapon-destiny": "firing draws `amount` destiny",
    "weapon-fire-repeatedly": "may fire again and again for `value` Force each time",
    "weapon-fire-times": "may fire `value` times in the period `detail` names",
    "fires-several-weapons": "may fire two or more weapons during a battle",
    "weapon-hit": "target hit if the destiny (+`amount`) beats what `target` names (defense value…)",
    "permanent-weapon": "a permanent weapon named `target`; its own effects follow it",
    "deploys-on": "deploys on the card named in `target` (weapons, devices)",
    # Actions the card allows (`detail` holds "may" when optional and any limit: "once per game").
    "force-cost": "the action that follows costs `value` Force (`detail`: use or lose)",
    "take-into-hand": 'take `target` into hand from the pile in `detail` (and "reshuffle")',
    "deploy-from-pile": "deploy `target` from the pile in `detail`",
    "peek": "peek at `target`",
    "cancel": "cancel `target`",
    "cancel-and-redraw": "cancel and redraw `target`",
    "reset": 'reset `target` to `value` (a total: "opponent\'s total battle destiny here")',
    "retrieve-force": "retrieve `amount` Force",
    "lose-force": "lose `amount` Force",
    "opponent-loses-force": "the opponent loses `amount` Force",
    "activate-force": "activate `amount` Force",
    "draw-destiny": "draw `amount` destiny (outside battle destiny and weapons)",
    "target": "the card's action targets `target`",
    "may-be-targeted-by": "may be targeted by the cards named in `target`",
    "place": "place `target` where `detail` says",
    "draw-cards": "draw the cards `target` names (not destiny)",
    "steal": "steal `target`",
    "retrieve": "retrieve the card `target` names",
    "exchange": "exchange `target`",
    "reveal": "reveal `target`",
    "search": "search `target`",
    "relocate": "relocate `target` (or itself)",
    "follow": "follow `target` (a card that just moved)",
    "play": "play `target`",
    "lost": "`target` is lost",
    "captured": "`target` is captured (empty: this card)",
    "suspend": "suspends the card or effect named in `target`",
    "force-generation": "Force generation changed by `amount` or set to `value` (`target`: whose, where)",
    "force-icons": "adds `amount` Force icons of the kind in `target` where it is",
    "move-cost": "moves for free (`value` 0; `detail`: where to)",
    "may-deploy-aboard": "the cards named in `target` may deploy aboard this one",
    "landspeed-cost": "using its landspeed costs `amount` more Force",
    "shuffle": "shuffle `target` (a pile)",
    "duel": "duel `target`",
    "return-to-hand": "return `target` to its owner's hand (`detail`: from where)",
    "explodes": "explodes (`detail`: the term, 'explodes' or 'detonate', and when)",
    "wager": "makes a 'wager' (the card's next sentences say what it is)",
    "x-value": "sets the X that a weapon's or card's text leaves open to `value`",
    # What a card, its owner or the opponent may or may not do.
    "may-use": "may use `target` (a weapon or device it could not use otherwise)",
    "may-not-use": 'may not use `target` (`detail` "carry": nor carry it)',
    "may-not-play": "may not play the card named in `target`",
    "may-not-cancel": "the player in `detail` (you, opponent) may not cancel `target`",
    "may-not-be": "may not be what `detail` says (Disarmed, stolen, canceled, flipped…; `target`: which card)",
    "moves-only-to": "moves only to `target`",
    "deploys-only-so": "deploys only as the sentence before says ('Cannot deploy otherwise')",
    "may-not-move-to": "may not move to `target` (`detail`: even aboard a starship or vehicle)",
    "force-drain-protected": "the opponent may not cancel or modify the Force drains `target` names",
    # The game's rules bent.
    "counts-as": "counts as the class in `target` (a smuggler, a leader)",
    "satisfies": "forfeiting it satisfies all of `target` (attrition, battle damage) at once",
    "forfeit-in-place-of": "may be forfeited in place of `target`, who is restored to normal",
    "may-escort-captive": "may escort a captive",
    "may-be-battled": "may be battled (a card, such as a droid, that could not be otherwise; `target`: which)",
    "disembark": "the cards in `target` disembark (`detail`: the term, 'jump off')",
    "predict-winner": 'predicts the winner of the battle just initiated (`detail` "must": before it starts)',
    "break-cover": "'breaks cover' of `target` (an opponent's Undercover spy; empty: its own)",
    "used-interrupt": "the Interrupt named in `target` is a Used Interrupt (to the Used Pile once played)",
    "flip": "flips the card named in `target` (an Objective)",
    "adds-to-total": "adds `amount` to the total `target` names (a duel's, an Epic Event's, Force lost or retrieved)",
    # What a card is.
    "agenda": "a senator's agenda `target`",
    "maintenance": "end of turn: use `value` Force to maintain, or the options in `detail`",
}


@dataclass(frozen=True, slots=True)
class Condition:
    """When an effect holds. `kind` is one of CONDITION_KINDS; `subject` is in the text's words ("Tarkin",
    "a Hoth site"); `negated` for "unless…", "not…"; `parts` when several hold together ("all")."""

    kind: str
    subject: str = ""
    negated: bool = False
    parts: tuple["Condition", ...] = ()


CONDITION_KINDS: dict[str, str] = {
    "with": "while with `subject` (at the same site or aboard the same starship or vehicle)",
    "present-with": "while present with `subject`",
    "at": "while at, on or deploying to the place `subject`",
    "in-battle": "while in battle (`subject`: against whom, if said)",
    "piloted-by": "while `subject` pilots it",
    "piloting": "while piloting `subject`",
    "armed-with": "while armed with `subject`",
    "aboard": "while aboard `subject`",
    "on-table": "while `subject` is on table",
    "here": "while `subject` is here (at the same location)",
    "alone": "while alone",
    "targeting": "when targeting `subject`",
    "deployed": "when this card is deployed (a moment, not a state)",
    "phase": 'during the phase or step `subject` ("your control phase", "battle")',
    "state": "another state of the game, kept in the text's words in `subject`",
    "all": "every one of `parts`",
    "any": "one of `parts` at least",
}


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str
    sentence: str
    amount: float | None = None
    value: float | None = None
    target: str = ""
    condition: Condition | None = None
    detail: tuple[str, ...] = field(default=())  # further words that qualify it: "forfeit = 0", "may"

    @property
    def read(self) -> bool:
        return self.kind != UNREAD
