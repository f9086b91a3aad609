"""Syntax tree → Django Q, through the per-game field table. Errors carry the query position."""

import re
from dataclasses import dataclass, field

from django.db.models import F, Q

from core.swtcg.cards import persona_key
from core.text import fold
from core.values import parse_number

from ..extensions import CARD_EFFECTS
from ..games.registry import GAMES
from ..models import Card, CardEffect, CardRelation, CardSet, Persona, Printing, Rarity, Variant
from .fields import GAME_FIELDS, Field, Kind, choice_values, resolve
from .owned import owned_q
from .regex import RegexRefused, check_pattern
from .relevance import bare_terms
from .syntax import And, Node, Not, Or, QuerySyntaxError, Term, iter_terms

NUMERIC_OPS = {"=": "exact", ":": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}
EDITIONS = {"current": "current", "legacy": "legacy", "pre-errata": "pre-errata", "preerrata": "pre-errata"}
ORDERS = {
    "name": ["name", "side"],
    "title": ["name", "side"],
    "set": ["card_set__position", "name"],
    "released": ["card_set__release_date", "name"],
    "date": ["card_set__release_date", "name"],
    "rarity": ["rarity", "name"],
    "type": ["type", "subtype", "name"],
    "side": ["side", "name"],
    "id": ["code"],
}


@dataclass
class CompiledQuery:
    filter: Q = field(default_factory=Q)
    order_by: list = field(default_factory=list)
    mentions_edition: bool = False  # the query chose editions itself (is:legacy, edition:any…)
    words: list[str] = field(default_factory=list)  # the plain words every result holds: relevance's input
    nickname_ids: list[int] = field(default_factory=list)  # cards the words name as a nickname or acronym
    personal: bool = False  # the answer depends on the user (owned:): never shared between users
    # Each keyword term's own condition, for search.in_memory's terms the database answers.
    conditions: dict[Term, Q] = field(default_factory=dict)


def compile_query(tree: Node | None, game: str | None, *, user=None) -> CompiledQuery:
    """`user`: whose collection owned: and is:owned count (None or anonymous: those terms are refused)."""
    result = CompiledQuery()
    if tree is None:
        return result
    _take_ordering(tree, game, result)
    remaining = _without_ordering(tree)
    if remaining is None:
        return result
    compiler = _Compiler(game, result, user)
    bare = bare_terms(remaining)
    if not bare:
        result.filter = compiler.node(remaining)
        return result
    # The plain words match titles and texts, or name a card by its nickname, acronym or short name (HDADTJ).
    result.words = [t.value for t in bare]
    words_q = Q()
    for term in bare:
        words_q &= compiler.node(term)
    result.nickname_ids = _nickname_ids(game, " ".join(result.words))
    if result.nickname_ids:
        words_q |= Q(pk__in=result.nickname_ids)
    rest = [c for c in remaining.children if c not in bare] if isinstance(remaining, And) else []
    result.filter = words_q
    for child in rest:
        result.filter &= compiler.node(child)
    return result


def _nickname_ids(game: str | None, text: str) -> list[int]:
    from .. import nicknames  # nicknames → naming → selectors → this module

    ids: list[int] = []
    for code in [game] if game else list(GAMES):
        hit = nicknames.lookup(code, text)
        ids += [e.card_id for e in hit.entries] if hit else []
    return ids


def _is_ordering(node: Node) -> bool:
    return (
        isinstance(node, Term)
        and node.field is not None
        and resolve(node.field, None) is not None
        and (resolve(node.field, None).kind in (Kind.ORDER, Kind.DIRECTION))
    )


def _take_ordering(tree: Node, game: str | None, result: CompiledQuery) -> None:
    top = tree.children if isinstance(tree, And) else (tree,)
    for term in iter_terms(tree):
        if _is_ordering(term) and term not in top:
            raise QuerySyntaxError(
                f"'{term.to_query()}' must stand on its own, not inside or/-/( )", term.position
            )
    descending = False
    keys: list[str] = []
    for term in top:
        if not _is_ordering(term):
            continue
        kind = resolve(term.field, None).kind
        value = term.value.strip().lower()
        if term.op not in (":", "="):
            raise QuerySyntaxError(f"'{term.field}' takes ':' (e.g. {term.field}:power)", term.position)
        if kind is Kind.DIRECTION:
            if value not in ("asc", "desc"):
                raise QuerySyntaxError("direction: is asc or desc", term.position)
            descending = value == "desc"
            continue
        desc_here = value.startswith("-")
        value = value.lstrip("-")
        target = resolve(value, game)
        if value in ORDERS:
            columns = ORDERS[value]
        elif target is not None and target.kind is Kind.NUMBER:
            columns = [target.column, "name"]
        else:
            choices = ", ".join(sorted(ORDERS)) + ", or a numeric stat"
            raise QuerySyntaxError(f"cannot order by {value!r}; use {choices}", term.position)
        keys += [f"-{c}" if desc_here else c for c in columns]
    if descending:
        keys = [k[1:] if k.startswith("-") else f"-{k}" for k in keys] or ["-name", "-side"]
    result.order_by = [
        F(k.lstrip("-")).desc(nulls_last=True) if k.startswith("-") else F(k).asc(nulls_last=True)
        for k in keys
    ]


def _without_ordering(tree: Node) -> Node | None:
    if isinstance(tree, And):
        kept = tuple(c for c in tree.children if not _is_ordering(c))
        if not kept:
            return None
        return kept[0] if len(kept) == 1 else And(kept)
    return None if _is_ordering(tree) else tree


class _Compiler:
    def __init__(self, game: str | None, result: CompiledQuery, user=None):
        self.game = game
        self.result = result
        self.user = user
        self.handlers = {
            Kind.TEXT: self.text,
            Kind.CHOICE: self.choice,
            Kind.NUMBER: self.number,
            Kind.TAGS: self.tags,
            Kind.EXTRA: self.extra,
            Kind.SET: self.in_set,
            Kind.RARITY: self.rarity,
            Kind.PERSONA: self.persona,
            Kind.RELATION: self.relation,
            Kind.IS: self.is_,
            Kind.EDITION: self.edition,
            Kind.CODE: self.code,
            Kind.GAME: self.in_game,
            Kind.OWNED: self.owned,
            Kind.EFFECT: self.effect,
        }

    def node(self, node: Node) -> Q:
        if isinstance(node, And):
            q = Q()
            for child in node.children:
                q &= self.node(child)
            return q
        if isinstance(node, Or):
            q = Q()
            for child in node.children:
                q |= self.node(child)
            return q
        if isinstance(node, Not):
            return ~self.node(node.child)
        return self.term(node)

    def term(self, term: Term) -> Q:
        if term.field is None:
            return self.bare(term)
        spec = resolve(term.field, self.game)
        if spec is None:
            where = f" for {self.game}" if self.game else ""
            raise QuerySyntaxError(
                f"unknown keyword '{term.field}'{where}; see the syntax help", term.position
            )
        if term.regex and spec.kind is not Kind.TEXT:
            raise QuerySyntaxError(f"'{term.field}' does not take a /regex/", term.position)
        compares = spec.kind in (Kind.NUMBER, Kind.OWNED)
        if not compares and term.op not in (":", "=", "!="):
            raise QuerySyntaxError(f"'{term.field}' cannot be compared with '{term.op}'", term.position)
        q = self.handlers[spec.kind](spec, term)
        q = ~q if term.op == "!=" and not compares else q
        self.result.conditions[term] = q
        return q

    def bare(self, term: Term) -> Q:
        value = fold(term.value)
        if term.exact:
            return Q(search_title=value) | Q(search_title__startswith=value + " / ")
        return Q(search_title__contains=value) | Q(search_text__contains=value)

    def text(self, spec: Field, term: Term) -> Q:
        if term.regex:
            try:
                checked = check_pattern(term.value)
            except RegexRefused as exc:
                # The pattern starts after "field:/" (the field keeps its length when lower-cased).
                start = term.position + len(term.field or "") + len(term.op) + 1
                raise QuerySyntaxError(
                    f"invalid regular expression: {exc.message}", start + exc.offset
                ) from None
            return Q(**{f"{spec.raw_column}__iregex": checked.pattern})
        value = fold(term.value)
        if term.op == "=" and spec.name == "name":
            return Q(search_title=value) | Q(search_title__startswith=value + " / ")
        return Q(**{f"{spec.column}__contains": value})

    def choice(self, spec: Field, term: Term) -> Q:
        value = term.value.strip()
        values = choice_values(spec, self.game)
        if not values:  # free text: type, subtype
            lookup = "iexact" if term.op == "=" else "icontains"
            return Q(**{f"{spec.column}__{lookup}": value})
        stored = values.get(" ".join(value.lower().split()))
        if stored is None and spec.strict and self.game is not None:
            known = ", ".join(dict.fromkeys(v.lower() for v in values.values()))
            raise QuerySyntaxError(f"{term.field}: is one of {known} (got {value!r})", term.position)
        return Q(**{f"{spec.column}__iexact": stored or value})

    def number(self, spec: Field, term: Term) -> Q:
        value = term.value.strip().lower()
        number = parse_number(value.replace("pi", "π"))
        if number is None:
            if term.op in (":", "=", "!=") and value:
                # Printed non-numeric values ("*", "2 or 5", "X") match their text exactly.
                q = _known(Q(**{f"stats_text__{spec.column}": term.value.strip()}))
                return ~q & Q(stats_text__has_key=spec.column) if term.op == "!=" else q
            raise QuerySyntaxError(
                f"'{term.field}{term.op}' needs a number, got {term.value!r}", term.position
            )
        if term.op == "!=":
            return Q(**{f"{spec.column}__isnull": False}) & ~Q(**{spec.column: number})
        return Q(**{f"{spec.column}__{NUMERIC_OPS[term.op]}": number})

    def tags(self, spec: Field, term: Term) -> Q:
        value = fold(term.value)
        pattern = f"|{value}|" if term.op == "=" else f"|{value}"
        q = Q(**{f"{spec.column}__contains": pattern})
        if term.op == ":" and (spec.words or " " not in value):  # char:droid also finds "security droid"
            q |= Q(**{f"{spec.column}__contains": f" {value}"})
        return q

    def extra(self, spec: Field, term: Term) -> Q:
        return _known(Q(**{f"extra__{spec.column}__iexact": term.value.strip()}))

    def in_set(self, spec: Field, term: Term) -> Q:
        value = term.value.strip()
        match = (
            Q(card_set__code__iexact=value)
            | Q(card_set__abbr__iexact=value)
            | Q(card_set__gemp_name__iexact=value)
        )
        sets = CardSet.objects.filter(game_id=self.game) if self.game else CardSet.objects.all()
        exact = Q(code__iexact=value) | Q(abbr__iexact=value) | Q(gemp_name__iexact=value)
        # "set:7" is set number 7, not every set with a 7 in its name; names are searched only without an exact hit.
        if term.op == ":" and not sets.filter(exact).exists():
            match |= Q(card_set__name__icontains=value)
        return Q(pk__in=Printing.objects.filter(match).values("card_id"))

    def rarity(self, spec: Field, term: Term) -> Q:
        value = term.value.strip()
        rarities = Rarity.objects.filter(game_id=self.game) if self.game else Rarity.objects.all()
        codes = sorted(
            {code for code, name in rarities.values_list("code", "name") if rarity_means(value, code, name)}
        )
        return Q(rarity__iexact=value) | Q(rarity__in=codes)

    def persona(self, spec: Field, term: Term) -> Q:
        value = term.value.strip()
        match = Q(code__iexact=value.replace(" ", "_")) | Q(name__iexact=value)
        if self.game in (None, "swtcg"):  # SWCCG keeps GEMP's codes and names, matched whole
            match |= Q(game_id="swtcg", pk__in=_swtcg_personas(value))
        personas = Persona.objects.filter(match)
        return Q(pk__in=Card.personas.through.objects.filter(persona__in=personas).values("card_id"))

    def relation(self, spec: Field, term: Term) -> Q:
        value = term.value.strip()
        lookup = "iexact" if term.op == "=" else "icontains"
        related = CardRelation.objects.filter(kind=spec.column)
        related = related.filter(Q(**{f"text__{lookup}": value}) | Q(**{f"target__name__{lookup}": value}))
        return Q(pk__in=related.values("card_id"))

    def effect(self, spec: Field, term: Term) -> Q:
        """effect:adds (a kind beginning so), effect=adds-battle-destiny (that kind): the kinds the rules read in
        the text, stored by the app that reads it (extensions.CARD_EFFECTS brings them up to date first)."""
        for game in [self.game] if self.game else list(GAME_FIELDS):
            if any(f.kind is Kind.EFFECT for f in GAME_FIELDS[game]):
                CARD_EFFECTS(game)
        value = term.value.strip().lower()
        lookup = "kind" if term.op == "=" else "kind__startswith"
        return Q(pk__in=CardEffect.objects.filter(**{lookup: value}).values("card_id"))

    def owned(self, spec: Field, term: Term) -> Q:
        self.result.personal = True
        return owned_q(self.user, term.op, term.value, term.position, term.to_query())

    def is_(self, spec: Field, term: Term) -> Q:
        value = term.value.strip().lower()
        if value == "owned":  # is:owned = owned>=1, in every game
            self.result.personal = True
            return owned_q(self.user, ">=", "1", term.position, term.to_query())
        if value in EDITIONS:
            self.result.mentions_edition = True
            return Q(edition=EDITIONS[value])
        if self.game is not None:
            checks = IS_CHECKS[self.game]()
            if value in checks:
                return checks[value]
            known = sorted([*checks, *EDITIONS, "owned"])
        else:  # every game that knows the word, each on its own cards
            matches = [(g, IS_CHECKS[g]().get(value)) for g in GAMES]
            if any(q is not None for _, q in matches):
                q = Q(pk__in=[])
                for game, check in matches:
                    if check is not None:
                        q |= Q(game_id=game) & check
                return q
            known = sorted({*EDITIONS, "owned", *(k for g in GAMES for k in IS_CHECKS[g]())})
        raise QuerySyntaxError(f"unknown is:{value}; known: {', '.join(known)}", term.position)

    def edition(self, spec: Field, term: Term) -> Q:
        value = term.value.strip().lower()
        self.result.mentions_edition = True
        if value in ("any", "all"):
            # Every card, as a condition: Django drops an empty Q() from an or (and negates it to nothing).
            return Q(pk__isnull=False)
        if value not in EDITIONS:
            message = "edition: is current, legacy, pre-errata or any"
            if self.game == "swdbg":  # its two editions are imported as sets
                message += "; SW:DBG's editions are sets: set:original_2023 or set:clone_wars_2024"
            raise QuerySyntaxError(message, term.position)
        return Q(edition=EDITIONS[value])

    def code(self, spec: Field, term: Term) -> Q:
        return Q(code__iexact=term.value.strip())

    def in_game(self, spec: Field, term: Term) -> Q:
        value = term.value.strip().lower()
        if value not in GAMES:
            raise QuerySyntaxError(f"game: is one of {', '.join(GAMES)}", term.position)
        return Q(game_id=value)


# --- persona: for SWTCG -------------------------------------------------------------------------------------
# Every version of a name is one persona, named after the name ("Luke Skywalker"), and a few names share one
# (Darth Vader counts as Anakin Skywalker). So persona: takes the words of a name, and a name of either kind.

_WORD = re.compile(r"\w+(?:'\w+)*")  # "obi-wan" is two words; "luke's" is one, not "luke"


def _words(text: str) -> set[str]:
    return set(_WORD.findall(fold(text)))


def _swtcg_personas(value: str) -> list[int]:
    """SWTCG personas whose name, or the name of one of their cards, holds every word of `value`
    (persona:vader finds the Anakin Skywalker persona through Darth Vader's cards); plus the persona that
    `value`, a whole name, counts as (persona:"padme skywalker" → Padme Amidala, whether or not a card has it)."""
    words = _words(value)
    code = persona_key(value).replace(" ", "_")[:60]  # as the importer names persona codes
    found = set(Persona.objects.filter(game_id="swtcg", code__iexact=code).values_list("pk", flat=True))
    if not words:
        return sorted(found)
    # The database narrows by substring (folded card names, case-insensitive persona names); words decide.
    card_names = Card.personas.through.objects.filter(persona__game_id="swtcg")
    persona_names = Persona.objects.filter(game_id="swtcg")
    for word in words:
        card_names = card_names.filter(card__search_title__contains=word)
        persona_names = persona_names.filter(name__icontains=word)
    for pk, name in [
        *card_names.values_list("persona_id", "card__name").distinct(),
        *persona_names.values_list("pk", "name"),
    ]:
        if words <= _words(name):
            found.add(pk)
    return sorted(found)


# --- is: per game --------------------------------------------------------------------------------------------
# Built on demand: the subqueries (variants, personas) are evaluated lazily by the ORM anyway.

# SWTCG: a unit's type names its arenas.
_UNIT_TYPE = r"^(space|ground|character)(/(space|ground|character))*$"


def _known(q: Q) -> Q:
    """`q`, on a key of a JSON column, as true or false for every card: the key's value is SQL NULL on a card
    without it, and NOT NULL is NULL, so -is:banned or -(destiny:"2 or 5" …) would leave out every card that
    lacks the key. A card is in the answer or not, whatever the nesting (as search.in_memory counts it)."""
    return Q(pk__in=Card.objects.filter(q).values("pk"))


def _has_personas() -> Q:
    return Q(pk__in=Card.personas.through.objects.values("card_id"))


def _truthy(key: str) -> Q:
    """Card.extra[key] is there and not empty (a list or dict of facts, a flag, a text)."""
    empty = Q(**{f"extra__{key}__in": [False, [], {}, ""]}) | Q(**{f"extra__{key}": None})
    return _known(Q(extra__has_key=key) & ~empty)


def _swccg_is() -> dict[str, Q]:
    return {
        "unique": Q(uniqueness_kind="unique"),
        "restricted": Q(uniqueness_kind="restricted"),
        "per-location": Q(uniqueness_kind="per-location"),
        "diamond": Q(uniqueness_kind="per-location"),
        "virtual": Q(card_set__kind="virtual"),
        "decipher": Q(card_set__kind="decipher"),
        "two-sided": Q(back__isnull=False),
        "dfc": Q(back__isnull=False),
        "errata": Q(errata__has_key="symbol") | Q(errata__has_key="date") | Q(errata__has_key="notes"),
        "slip": ~Q(printable_slip_url=""),
        "variant": Q(pk__in=Variant.objects.values("card_id")),
        "persona": _has_personas(),
    }


def _swtcg_is() -> dict[str, Q]:
    return {
        "unique": Q(uniqueness_kind="unique"),
        "unit": Q(type__iregex=_UNIT_TYPE),
        "multi-arena": Q(search_icons__regex=r"^\|[^|]+\|[^|]+\|"),  # two arenas or more
        "banned": _known(Q(extra__banned=True)),
        "restricted": _known(Q(extra__restricted=True)),
        "wotc": Q(card_set__kind="wotc"),
        "community": Q(card_set__kind="community"),
        "persona": _has_personas(),
    }


def _swdbg_is() -> dict[str, Q]:
    return {
        "unique": Q(uniqueness_kind="unique"),
        "disputed": _truthy("disputed"),
        "unknown": _truthy("unknown"),
    }


IS_CHECKS = {"swccg": _swccg_is, "swtcg": _swtcg_is, "swdbg": _swdbg_is}


def rarity_means(value: str, code: str, name: str) -> bool:
    """Whether rarity:value takes in this rarity: its code or name, or one of its numbered grades, so that C,
    common, U and R find SWCCG's C1–C3, U1–U2 and R1–R2 as they find SWTCG's C, U and R (and PM its PM2…)."""
    value, code, name = value.casefold(), code.casefold(), name.casefold()
    if not value:
        return False
    grade = code.startswith(value) and code[len(value) :].isdigit() and value.isalpha()
    return code == value or grade or name == value or name.startswith(value + " ")
