"""Server-rendered catalogue pages: search, card, sets. The search page uses the API's parser and selector."""

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ..api.views import detail_queryset
from ..card_faces import split_faces
from ..card_versions import versions_panel
from ..errata import Explanation, explain
from ..extensions import CARD_PAGE
from ..face_facts import DISPUTED, UNKNOWN, card_facts, provenance
from ..games.order import ordered_games
from ..games.registry import game_plugin
from ..labels import STATS, fact_value
from ..models import Card, Game
from ..search.fields import ALIASES, GAME_FIELDS, Field, Kind, aliases_for
from ..selectors import card_get, set_get
from ..set_pages import PER_PAGE, set_cards, sets_with_counts, type_counts
from .page_cache import kept_for_visitors

PAGE_SIZE = 60
MAX_PAGE_DIGITS = 7
EXAMPLES = [
    ("vader", _("title or game text contains 'vader'")),
    ('"lord of the sith"', _("an exact phrase")),
    ("t:character side:dark power>=6", _("Dark Side characters with power 6 or more")),
    ("destiny>=5 -t:character", _("high destiny, not characters")),
    ("persona:lando", _("every Lando, Light and Dark")),
    ("icon:pilot char:jedi order:-ability", _("Jedi pilots, highest ability first")),
    ("set:V21 is:unique", _("unique cards printed in Virtual Set 21")),
    ("(t:effect or t:interrupt) text:cancel", _("effects or interrupts that cancel")),
    ('destiny:"2 or 5"', _("a printed non-numeric value")),
    ("is:legacy vader", _("retired (legacy) cards")),
    ("is:pre-errata", _("earlier wordings of errata'd cards")),
    ('!"Darth Vader"', _("exactly this name")),
    ("name:/^dark /", _("a regular expression on the title")),
    ("pulls:tatooine", _("cards that pull something named Tatooine")),
]
# Each game's own examples; SWCCG's are the list above.
GAME_EXAMPLES = {
    "swccg": EXAMPLES,
    "swtcg": [
        ("vader", _("title or game text contains 'vader'")),
        ("arena:space speed>=50", _("fast units in the Space arena")),
        ("arena:ground arena:character", _("units in both the Ground and the Character arena")),
        ("version:a side:dark", _("the A version of every Dark Side unique card")),
        ("subtype:sith cost<=4", _("cheap Sith")),
        ("side:yv is:unit", _("Yuuzhan Vong units")),
        ("is:banned or is:restricted", _("cards with a usage restriction")),
        ("set:ROTS t:space order:-cost", _("Revenge of the Sith Space units, dearest first")),
    ],
    "swdbg": [
        ("vader", _("title or game text contains 'vader'")),
        ("trait:fighter faction:rebel cost<=3", _("cheap Rebel fighters")),
        ("faction:empire attack>=4", _("Empire cards with 4 attack or more")),
        ("resources>=2 -faction:neutral", _("faction cards that give 2 resources or more")),
        ("hp>=14", _("ships and bases with 14 HP or more")),
        ("is:disputed or is:unknown", _("cards with a value the sources disagree on or do not give")),
        ("set:original_2023 is:unique", _("unique cards of the original edition")),
        ("force>=1 order:-force", _("cards that give Force, most first")),
    ],
}
# Stat columns of the search results, per game: (heading, full name of a shortened heading, fact key); the
# headings in the page's language (cardsdb/labels.py), the short ones marked as abbreviations by the templates.
RESULT_COLUMNS = {
    "swccg": [
        (pgettext_lazy("search column: short for Destiny", "Dest."), STATS["Destiny"], "destiny"),
        (STATS["Power"], "", "power"),
        (STATS["Ability"], "", "ability"),
        (STATS["Deploy"], "", "deploy"),
        (STATS["Forfeit"], "", "forfeit"),
    ],
    "swtcg": [
        (STATS["Cost"], STATS["Build cost"], "cost"),
        (STATS["Speed"], "", "speed"),
        (STATS["Power"], "", "power"),
        (STATS["Health"], "", "health"),
        (STATS["Arenas"], "", "arenas"),
        (pgettext_lazy("search column: short for Version", "Ver."), STATS["Version"], "version"),
    ],
    "swdbg": [
        (STATS["Cost"], "", "cost"),
        (pgettext_lazy("search column: short for Attack", "Atk"), STATS["Attack"], "attack"),
        (pgettext_lazy("search column: short for Resources", "Res."), STATS["Resources"], "resources"),
        (STATS["Force"], "", "force"),
        (STATS["HP"], STATS["Hit points"], "hit_points"),
        (STATS["Traits"], "", "traits"),
    ],
}


def result_rows(cards, game: str) -> list[tuple]:
    """(card, [(text, note)…]) for the stat columns of `game`."""
    rows = []
    for card in cards:
        facts = {f.key: f for f in card_facts(card)}
        cells = [
            (cell_text(facts[k], card), facts[k].note) if k in facts else ("", "")
            for _, _, k in RESULT_COLUMNS[game]
        ]
        rows.append((card, cells))
    return rows


def cell_text(fact, card: Card) -> str:
    """A fact's value in a results cell, in the page's language with its note: '14 or 16 (disputed)', 'unknown',
    'Space, Ground' (cardsdb/labels.py)."""
    if fact.note == UNKNOWN:
        return pgettext("card stat value", "unknown")
    if fact.note == DISPUTED:
        return f"{fact_value(fact, card)} {gettext('(disputed)')}"
    return fact_value(fact, card)


# What a keyword with no help of its own matches (SWCCG's stats and relations), in the page's language.
KIND_HELP = {
    Kind.NUMBER: pgettext_lazy("search keyword help", "number"),
    Kind.RELATION: pgettext_lazy("search keyword help", "relation"),
}


def keyword_help(field: Field) -> str:
    """What `field` matches, in the page's language."""
    return str(field.help or KIND_HELP.get(field.kind, field.kind.value))


def cheat_sheet(game: str) -> list[dict]:
    """Every keyword of `game` with its aliases (the game's own too) and what it matches."""
    aliases = aliases_for(game)
    return [{"name": f.name, "aliases": aliases[f.name], "help": keyword_help(f)} for f in GAME_FIELDS[game]]


# The search page itself: views/search_page.py.


def page_param(request) -> str | None:
    """?page= for Paginator.get_page, which turns anything else into page 1 and a page past the end into
    the last: only a short string of ASCII digits is passed on, so int() never sees thousands of digits."""
    raw = request.GET.get("page")
    return raw if raw and len(raw) <= MAX_PAGE_DIGITS and raw.isascii() and raw.isdigit() else None


def search_help(request):
    fields = {}
    for game, specs in GAME_FIELDS.items():
        for spec in specs:
            entry = fields.setdefault(spec.name, {"spec": spec, "games": [], "aliases": []})
            entry["games"].append(game)
    for alias, target in ALIASES.items():
        if target in fields:
            fields[target]["aliases"].append(alias)
    for entry in fields.values():
        # One text when every game means the same; else each game's own ("swtcg: …; swdbg: …").
        helps: dict[str, list[str]] = {}
        for game, specs in GAME_FIELDS.items():
            for spec in specs:
                if spec.name == entry["spec"].name:
                    helps.setdefault(keyword_help(spec), []).append(game)
        texts = list(helps.items())
        entry["help"] = (
            texts[0][0] if len(texts) == 1 else "; ".join(f"{', '.join(g)}: {t}" for t, g in texts)
        )
    games = [
        (g, cheat_sheet(g.code), GAME_EXAMPLES[g.code])
        for g in ordered_games(Game.objects.filter(code__in=GAME_FIELDS))
    ]
    return render(
        request,
        "cardsdb/search_help.html",
        {"fields": fields.values(), "examples": EXAMPLES, "games": games},
    )


@kept_for_visitors(public_decks=True)  # "decks using this card"
def card_detail(request, game: str, code: str):
    found = card_get(game=game, code=code)
    if found is None:
        raise Http404(f"No card {code} in {game}")
    card = detail_queryset().get(pk=found[0].pk)
    relations = {}
    for relation in card.relations.all():
        relations.setdefault(relation.get_kind_display(), []).append(relation)
    faces = split_faces(card.name, card.gametext, card.back.get("gametext", "")) if card.back else None
    facts = card_facts(card)
    return render(
        request,
        "cardsdb/card.html",
        {
            "card": card,
            "face": found[1],
            "relations": relations,
            "facts": facts,
            "has_disputed": any(f.note == DISPUTED for f in facts),
            "back": card.back,
            "faces": faces,
            "provenance": provenance(card),
            # SW:DBG's side is a faction; its Clone Wars cards may have neither faction nor type on record
            "side_unknown": pgettext("card page: no faction on record", "faction unknown")
            if game_plugin(card.game_id).deck.side_label == "Faction"
            else pgettext("card page: no side on record", "side unknown"),
            "versions": versions_panel(card),
            "errata": errata_explained(card, faces.back.name if faces else ""),
            **CARD_PAGE.context(card),  # the floors above: each format's standing (decks)
        },
    )


def errata_explained(card: Card, back_name: str = "") -> Explanation:
    """The card's errata in words, and how its text differs from the wording it replaced (a current card with
    pre-errata versions) or from the one that replaced it (a pre-errata card)."""
    if card.edition == Card.Edition.PRE_ERRATA and card.current_version is not None:
        later = card.current_version
        return explain(
            card.errata,
            card.back,
            old=card.gametext,
            new=later.gametext,
            compared_with=pgettext(
                "errata: the text compared with", "the later wording, %(title)s (%(code)s)"
            )
            % {"title": later.title, "code": later.code},
            back_name=back_name,
        )
    earlier = sorted(
        card.earlier_versions.all(), key=lambda c: ((c.errata or {}).get("date", ""), c.source_id or 0)
    )
    if earlier:
        last = earlier[-1]
        return explain(
            card.errata,
            card.back,
            old=last.gametext,
            new=card.gametext,
            compared_with=pgettext(
                "errata: the text compared with", "the earlier wording, %(title)s (%(code)s)"
            )
            % {"title": last.title, "code": last.code},
            back_name=back_name,
        )
    return explain(card.errata, card.back, back_name=back_name)


def set_list(request):
    games = [(g, sets_with_counts(g)) for g in ordered_games()]
    return render(request, "cardsdb/sets.html", {"games": [(g, s) for g, s in games if s]})


def set_detail(request, game: str, code: str):
    card_set = set_get(game=game, code=code)
    if card_set is None:
        raise Http404(f"No set {code} in {game}")
    types = type_counts(card_set)
    wanted = request.GET.get("type")
    # A type the set does not hold shows every card, with a note (a link from an older page, a typo).
    chosen = wanted if wanted is not None and any(t.type == wanted for t in types) else None
    page = Paginator(set_cards(card_set, chosen), PER_PAGE).get_page(page_param(request))
    columns = RESULT_COLUMNS.get(card_set.game_id, [])
    rows = result_rows(page, card_set.game_id) if columns else [(card, []) for card in page]
    context = {
        "set": card_set,
        "page": page,
        "rows": rows,
        "columns": columns,
        "types": types,
        "chosen_type": chosen,
        "unknown_type": wanted if wanted is not None and chosen is None else None,
        "in_catalogue": sum(t.count for t in types),
        "page_range": page.paginator.get_elided_page_range(page.number, on_each_side=2, on_ends=1),
    }
    return render(request, "cardsdb/set.html", context)
