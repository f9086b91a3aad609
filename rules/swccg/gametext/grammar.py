"""The reader's grammar: which clause readers there are and the words each may start with, and the words that
open conditions and separate clauses (reader.py reads a sentence with them)."""

from . import clauses_actions as actions
from . import clauses_battle as battle
from . import clauses_deploy as deploy
from . import clauses_given as given
from . import clauses_limits as limits
from . import clauses_outcomes as outcomes
from . import clauses_pilots as pilots
from . import clauses_rules as rules
from . import clauses_stats as stats
from . import clauses_terms as terms
from . import clauses_weapons as weapons
from .tokens import Cursor, number

ANY = None  # a reader that may start with a subject: tried whatever the first word
# Each reader with the words a clause it reads may start with ("#": a number), in the order they are tried: a
# clause is offered only to the readers its first word fits.
CLAUSES = (
    (pilots.read_permanent_pilot, {"permanent"}),
    (pilots.read_pilot, {"adds", "add"}),
    (battle.read_battle_destiny, {"adds", "add", "may", "draws", "draw"}),
    (battle.read_destiny_to_total, {"adds", "add"}),
    (battle.read_adds_to_destiny, {"each", "adds", "add", "subtracts", "subtract", "#"}),
    (battle.read_adds_to_total, {"may", "adds", "add", "force", "subtracts", "subtract"}),
    (stats.read_adds_to_stat, {"adds", "add", "subtracts", "subtract", "#"}),
    (battle.read_immunity, {"immune"}),
    (pilots.read_capacity, {"may"}),
    (pilots.read_named_pilot, {"may"}),
    (battle.read_simple, {"may", "has", "cannot", "deploys", "prevents", "must"}),
    (pilots.read_pilot_only, {"may"}),
    (battle.read_force_icons, {"adds", "add"}),
    (battle.read_destiny_limit, ANY),
    (battle.read_no_react, {"opponent"}),
    (given.read_gives_immunity, {"adds", "makes"}),
    (given.read_no_force_generation, {"opponent"}),
    (battle.read_fly, {"may"}),
    (terms.read_glossed_stat, {"may"}),
    (terms.read_glossed_action, ANY),
    (terms.read_quoted_immunity, {"'"}),
    (terms.read_explodes, {"'"}),
    (terms.read_wager, {"make"}),
    (
        rules.read_counts_as,
        {
            "smuggler",
            "spy",
            "leader",
            "warrior",
            "pilot",
            "scout",
            "gambler",
            "thief",
            "assassin",
            "functions",
        },
    ),
    (rules.read_satisfies, {"satisfies", "satisfy", "be"}),
    (rules.read_forfeit_in_place, {"forfeit"}),
    (rules.read_may_not_be, {"may", "cannot"}),
    (rules.read_flipped, {"flip", "flipped"}),
    (rules.read_used_interrupt, ANY),
    (rules.read_escort, {"may"}),
    (rules.read_predict, {"you", "predict"}),
    (rules.read_break_cover, ANY),
    (rules.read_placed_instead, {"may"}),
    (rules.read_x, {"make", "x"}),
    (limits.read_may_use, {"may"}),
    (limits.read_may_not_play, {"may", "you"}),
    (limits.read_no_weapon_target, {"opponent"}),
    (limits.read_may_not_cancel, {"you", "opponent"}),
    (limits.read_drains_protected, {"opponent", "prevents"}),
    (limits.read_prevents_destiny, {"prevents"}),
    (limits.read_deploy_and_move, {"deploy", "deploys", "never", "may"}),
    (limits.read_deploy_requires, {"to"}),
    (limits.read_no_other_way, {"cannot"}),
    (limits.read_free_moves, {"your"}),
    (deploy.read_moves_like, {"deploys"}),
    (deploy.read_deploys_for, {"deploys", "may"}),
    (deploy.read_take_off, {"takes"}),
    (deploy.read_deploys_only, {"deploys", "deploy", "may", "must"}),
    (deploy.read_may_not_deploy, {"may", "does"}),
    (deploy.read_deploy_as, {"may"}),
    (deploy.read_move_react, {"may"}),
    (deploy.read_move_cost, {"moves", "move", "may", "deploys"}),
    (deploy.read_may_deploy_aboard, {"may", "deploys", "deploy"}),
    (deploy.read_deploys_on, {"use", "deploy", "deploys"}),
    (actions.read_deploy_from_pile, {"deploy"}),
    (stats.read_stat_change, ANY),
    (actions.read_agenda, {"agenda", "agendas"}),
    (actions.read_maintenance, {"end"}),
    (actions.read_take_into_hand, {"take"}),
    (actions.read_peek, {"peek"}),
    (actions.read_cancel, {"cancel", "cancels"}),
    (actions.read_force, {"retrieve", "opponent", "lose", "activate"}),
    (actions.read_draw_destiny, {"both", "opponent", "draw", "draws"}),
    (actions.read_targeted_by, {"may"}),
    (actions.read_target, {"target"}),
    (actions.read_place, {"place"}),
    (actions.read_draw_cards, {"draw", "draws"}),
    (
        actions.read_card_action,
        {
            "steal",
            "retrieve",
            "exchange",
            "reveal",
            "search",
            "relocate",
            "play",
            "follow",
            "shuffle",
            "duel",
        },
    ),
    (actions.read_landspeed_cost, {"to", "requires"}),
    (outcomes.read_return_to_hand, {"return"}),
    (outcomes.read_suspend, ANY),
    (weapons.read_weapon_hit, {"target"}),  # a character's own "may target …; target hit if …"
    (outcomes.read_lost, ANY),
    (outcomes.read_canceled, ANY),
    (outcomes.read_captured, {"captured", "capture"}),
    (outcomes.read_reset, {"reset"}),
    (weapons.read_fire_free_aboard, ANY),
    (weapons.read_several_weapons, {"may"}),
    (rules.read_adds_to_total, {"adds", "add", "subtracts", "subtract"}),
)
WEAPON_CLAUSES = (
    (weapons.read_weapon_target, {"may", "target"}),
    (weapons.read_weapon_destiny, {"both", "draw"}),
    (weapons.read_weapon_hit, {"target", "character", "vehicle", "starship", "creature"}),
    (weapons.read_weapon_adjust, {"add", "subtract", "adds", "subtracts"}),
    (weapons.read_fire_repeatedly, {"may"}),
    (weapons.read_fire_free_aboard, ANY),
    (weapons.read_several_weapons, {"may"}),
    (weapons.read_fire_times, {"may"}),
)


def _by_first_word(readers) -> tuple[dict[str, tuple], tuple]:
    words = {w for _, starts in readers if starts for w in starts}
    table = {w: tuple(r for r, starts in readers if starts is ANY or w in starts) for w in words}
    return table, tuple(r for r, starts in readers if starts is ANY)


_READERS = _by_first_word(CLAUSES)
_WEAPON_READERS = _by_first_word(WEAPON_CLAUSES + CLAUSES)


def readers(cur: Cursor, i: int, weapon: bool) -> tuple:
    """The readers a clause at i may be offered, in order."""
    table, anywhere = _WEAPON_READERS if weapon else _READERS
    first = cur.low(i)
    key = "#" if first not in table and number(cur.tokens[i]) is not None else first
    return table.get(key, anywhere)


LEADING = (
    "while",
    "when",
    "if",
    "unless",
    "whenever",
    "at",
    "on",
    "during",
    "after",
    "where",
    "just",
    "otherwise",
)
TRAILING = (
    "if",
    "while",
    "when",
    "unless",
    "whenever",
    "at",
    "on",
    "to",
    "in",
    "aboard",
    "during",
    "where",
    "here",
    "with",
    "as",
    "under",
    "there",
)
SEPARATORS = (",", "and", ";", "but", "who", "then")  # "…, play it, then place that card out of play"
# "or" separates two clauses only before these: "Deploy on your Leia or use 3 Force to …", "… for free, or target
# two characters using 1 Force".
OR_BEFORE = ("use", "target")
