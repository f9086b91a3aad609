"""Holotable decks: Holodeck's deck files (.htd) and, failing that, its plain-text listing.

Deck files, as in swccgpc/holotable_exe holotable/decks/*.htd (e.g. "DS Demo Deck.htd") and its readme.txt:

    ver 2                                             (absent in version 1 files)
    back imp.gif                                      (imp = Dark Side, reb = Light Side)
    card "/starwars/Premiere-Dark/t_darthvader" 2
    card "/starwars/Premiere-Dark/t_vader" "•Vader (1)\\nDark Character - Imperial [PM]\\nSet: …" 3   (version 1)
    card "/TWOSIDED/starwars/DemoDeck-Dark/t_twinsunsoftatooine/welltrainedinthejediarts" 1 1 1

After the image path (and, in version 1, the card's text) come the copies, then how many of them are
starting cards (readme: "the number of copies … marked as starting"); later numbers are ignored (their
meaning is not documented; the demo decks write "1 1 1" for starting cards). The path is the card's image:
https://res.starwarsccg.org/cards/Premiere-Dark/large/darthvader.gif is "/starwars/Premiere-Dark/t_darthvader"
(see `image_path`, as swccgpc/swccg-card-json ExportToCdf.ps1 derives it). Cards are found by that path when
the resolver offers `by_image_path`, else by the title of a version 1 line, else by the path's name part with
the folder's set and side.

Holodeck's plain-text export has no authoritative description we could find: it is read as "count<TAB>title"
or "count title" lines, every line without a count being a header (set or card type names, "Starting",
"Defensive Shields" outside the deck).
"""

import re

from core.numbers import ascii_int
from decks.formats_io.base import ReadProblem, ReadResult, gettext_noop, normalise_side, said
from decks.formats_io.limits import SuggestionBudget
from decks.formats_io.lines import CardLine, Collected, collect, parse_count, resolve

FORMAT = "holotable"

_CARD = re.compile(
    r'^card\s+"(?P<path>[^"]*)"(?:\s+"(?P<text>(?:[^"\\]|\\.)*)")?(?P<numbers>(?:\s+\S+)*)\s*$'
)
_BACK = re.compile(r"^back\s+(?P<image>\S+)$", re.I)
_VERSION = re.compile(r"^ver(?:sion)?\s+\S+$", re.I)
_HTD = re.compile(
    r'^[ \t]*(?:card[ \t]+"|back[ \t]+\S+\.gif[ \t]*$|ver[ \t]+[0-9])', re.I | re.M
)  # not \s: linear
_FOLDER = re.compile(r"^(?P<set>.+)-(?P<side>Dark|Light)$", re.I)
_DESTINY = re.compile(r"\s*\([^()]*\)\s*$")  # CDF titles end with the destiny: "•Vader (1)", "… (0/7)"
BACKS = {"imp.gif": "Dark", "reb.gif": "Light"}
SPECIAL_HEADERS = {"defensive shield": "outside", "defensive shields": "outside"}


def image_path(front_url: str, back_url: str | None = None) -> str:
    """Holotable's path for a card image URL (the back image too for two-sided cards)."""
    legacy = "/cards/legacy/" in front_url
    front = re.sub(r"^.*/cards/(?:legacy/)?", "", front_url)
    folder, _, file = front.partition("/large/")
    root = "legacy" if legacy else "starwars"
    path = f"/{root}/{folder}/t_{file.removesuffix('.gif')}"
    if back_url:
        back = back_url.rsplit("/", 1)[-1].removesuffix(".gif")
        path = f"/TWOSIDED{path}/{back}"
    return path


def read(
    text: str, resolver, *, side: str | None = None, suggestions: SuggestionBudget | None = None
) -> ReadResult:
    if _HTD.search(text):
        collected = _collect_deck_file(text, resolver)
    else:
        collected = collect(
            enumerate(text.splitlines(), start=1), special_headers=SPECIAL_HEADERS, headers_without_count=True
        )
    return resolve(
        collected, resolver, format=FORMAT, side=side, blank_input=not text.strip(), suggestions=suggestions
    )


def _collect_deck_file(text: str, resolver) -> Collected:
    collected = Collected()
    by_image = getattr(resolver, "by_image_path", None)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or _VERSION.match(line):
            continue
        back = _BACK.match(line)
        if back:
            stated = BACKS.get(back.group("image").lower())
            if stated:
                collected.side = stated
            else:
                collected.problems.append(
                    ReadProblem.of(
                        "unknown-side",
                        said(
                            gettext_noop(
                                'Line %(line)s: the card back "%(image)s" is neither imp.gif (Dark) nor reb.gif '
                                "(Light)."
                            ),
                            line=number,
                            image=back.group("image"),
                        ),
                        number,
                        line,
                    )
                )
            continue
        found = _CARD.match(line)
        if not found:
            collected.problems.append(
                ReadProblem.of(
                    "bad-line",
                    said(
                        gettext_noop(
                            'Line %(line)s: "%(text)s" is not a Holotable deck line (card "path" count).'
                        ),
                        line=number,
                        text=line,
                    ),
                    number,
                    line,
                )
            )
            continue
        _add_card(collected, number, line, found, by_image)
    return collected


def _add_card(collected: Collected, number: int, line: str, found: re.Match, by_image) -> None:
    numbers = found.group("numbers").split() or ["1"]
    copies = parse_count(numbers[0])
    starting = ascii_int(numbers[1]) if len(numbers) > 1 else 0
    if copies is None or starting is None or starting > copies:
        collected.problems.append(
            ReadProblem.of(
                "bad-count",
                said(
                    gettext_noop(
                        'Line %(line)s: the counts "%(counts)s" in "%(text)s" must be the number of copies (1 to 99), '
                        "then how many of them are starting cards."
                    ),
                    line=number,
                    counts=" ".join(numbers),
                    text=line,
                ),
                number,
                line,
            )
        )
        return
    path = found.group("path")
    card_id = by_image(path) if by_image else None
    name, alternatives, set_hint, side = _name_from(path, found.group("text"))
    for zone, count in (("starting", starting), ("deck", copies - starting)):
        if count:
            alts = tuple((count, alt) for alt in alternatives)
            collected.cards.append(CardLine(number, line, count, name, zone, alts, set_hint, side, card_id))


def _name_from(path: str, text: str | None) -> tuple[str, list[str], str | None, str | None]:
    """A name to look up (the version 1 title, else the image name), other names to try, set and side."""
    parts = [p for p in path.split("/") if p and p.lower() not in ("twosided", "starwars", "legacy")]
    folder = _FOLDER.match(parts[0]) if parts else None
    set_hint = _set_name(folder.group("set")) if folder else None
    side = normalise_side(folder.group("side")) if folder else None
    slug = "".join(p.removeprefix("t_") for p in parts[1:]) or path
    names = [slug]
    if set_hint and set_hint.startswith("Virtual"):  # Virtual cards reuse the original's image name
        names.insert(0, slug + "v")
    if text:
        title = _DESTINY.sub("", text.split("\\n", 1)[0]).strip()
        names.insert(0, title)
    return names[0], names[1:], set_hint, side


def _set_name(folder: str) -> str:
    """Holotable's folder "SpecialEdition" / "Virtual0" as a set name: "Special Edition" / "Virtual Set 0"."""
    words = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=[0-9])", " ", folder)
    return re.sub(r"^Virtual ([0-9]+)$", r"Virtual Set \1", words)
