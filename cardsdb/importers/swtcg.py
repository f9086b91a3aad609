"""SWTCG: the community's LackeyCCG plugin files (tab-separated, one file per set).

Traps handled here (each has a test): files with 15, 16 or 17 columns (START has no Classification), CRLF or LF
line endings, numbers written `7` or `7.0`, stats "X" and "*", Number values repeated or empty within a set
(promos, starter reprints: the code then adds the title), titles with a trailing printing note after the version
("Anakin Skywalker (C) (Promo)"), and HELP.txt, which holds rules reminders rather than cards.

Arenas: a unit's Type names them ("Space/Ground"); an equipment, location or subordinate names them at the start
of its Subtype ("Ground/Character - Merchant Bodyguard", "Character – Skill", once "Charcter"). They go to
Card.icons / search_icons (for arena:) and extra["arenas"]; the rest of the subtype, split at its dashes, goes to
Card.characteristics / search_chars (for subtype: and char:). Card.subtype keeps the column as printed.

The plugin's ListOfCardDataFiles.txt names only some of the sets (53 of the 73 read here), so the importer reads
the sets it knows (SET_CODES) plus any the list names; every one must be present, except VP.txt, which the list
names but the retrieved data does not hold (a warning, see SOURCES.md).

One card, several printings: VVI.txt is an older copy of VV1.txt (same 45 rows, no scripts), and PROMO.txt
repeats, under the same name, promos that their own set lists too (98 rows). Such a row is not a card of its
own: the card is the row of the set (VV1, or the promo's own set), the PROMO row adds a printing, and the
repeated row's code stays an alias of the card (CardAlias), so decks and links that name it still work. A set's
size is the number of cards its file prints (PROMO keeps its 158).

Quoting: a field is unquoted only when wrapped whole in quotes with its inner quotes doubled; flavour text that
merely starts with a quotation ('"Lieutenant, deploy the sharks." —Darth Azard') keeps its marks. A set suffix
after the version ("Invincible (A) AGD") is not part of the name.

Usage: the column holds notes separated by "|" (core/swtcg/usage.py sorts them). BANNED/RESTRICTED marks go to
extra["marks"] ([{"kind": "banned", "scope": "Vintage"}], scope "all" for all tournament play) and the
extra["banned"]/["restricted"] flags, notes about an erratum to Card.errata ({"notes": …}, SWCCG's shape), the
rest to Card.rulings; extra["usage"] keeps the column as written.
"""

import re
from collections import Counter

from core.swtcg.cards import parse_title, persona_key
from core.swtcg.usage import read_usage
from core.text import fold, fold_words
from core.values import parse_number

from .errors import ImportProblem
from .snapshot import CardData, SetData, Snapshot
from .sources import Source

GAME = "swtcg"
LIST_FILE = "ListOfCardDataFiles.txt"
NOT_CARDS = {"HELP"}  # rules reminders
# The ten sets Wizards of the Coast printed. PROMO and START come first in the plugin's list but hold community
# cards too (Clone Wars and Old Republic promos and starters, made after 2005), so they count as community sets.
WOTC_SETS = ["AOTC", "SR", "ANH", "BOY", "JG", "ESB", "RAS", "PM", "ROTJ", "ROTS"]
MIXED_SETS = ["PROMO", "START"]
COMMUNITY_SETS = [
    "15TH", "AAA", "AGD", "ALTA", "BAE", "BEP", "BF", "BH", "BL", "BOBF", "BOC", "BOE", "BOH", "BOSB", "BOTS",
    "CAD", "CWSO", "DAN", "EAW", "EE", "ER", "FOR", "FOTR", "GPC", "HWN", "IA", "ION", "JEDI", "JK", "KAE",
    "LEG", "LOTA", "MAM", "MAND", "OBWN", "RAW", "RO", "RO2", "RS", "SAV", "SBS", "SITH", "SMUG", "SOLO", "SOR",
    "TAL", "TDT", "TEN", "TFA", "TLJ", "TM", "TMW", "TOR", "TROS", "TUF", "UNION", "VDR", "VV1", "VV2",
    "WAE", "YV",
]  # fmt: skip
# Files that repeat another set's rows, row for row: read only for the codes their rows had (now aliases).
REPEATED_SETS = {"VVI": "VV1"}
PROMO_SET = "PROMO"
SET_CODES = WOTC_SETS + MIXED_SETS + COMMUNITY_SETS
# Set names: the Wizards sets as Wizards named them; the community sets as the SWTCG-LACKEY maintainers' own
# scripts/SWTCG.py names them (SWTCG/SWTCG-LACKEY @0e8ce4c). That list has no name for LOTA, VVI and YV, so they
# keep their code. PROMO is no set of its own: it gathers the promotional cards.
SET_NAMES = {
    "AOTC": "Attack of the Clones", "SR": "Sith Rising", "ANH": "A New Hope", "BOY": "Battle of Yavin",
    "JG": "Jedi Guardians", "ESB": "The Empire Strikes Back", "RAS": "Rogues and Scoundrels",
    "PM": "The Phantom Menace", "ROTJ": "Return of the Jedi", "ROTS": "Revenge of the Sith", "PROMO": "Promos",
    "START": "Starter Decks",
    "FOTR": "Fall of the Republic", "SAV": "Scum and Villainy", "BOE": "Battle of Endor",
    "RAW": "The Clone Wars: Republic at War", "ION": "Invasion of Naboo", "BOH": "Battle of Hoth",
    "BH": "Legacy of the Force: Bounty Hunters", "MAND": "Legacy of the Force: Mandalorians",
    "SITH": "Legacy of the Force: Sith", "SMUG": "Legacy of the Force: Smugglers",
    "JEDI": "Legacy of the Force: Jedi", "RO2": "Rule of Two", "TOR": "The Old Republic",
    "CWSO": "The Clone Wars: Separatist Offensive", "RS": "Rogue Squadron", "ER": "Empire Rising",
    "EE": "Empire Eternal", "AGD": "The Clone Wars: A Galaxy Divided", "TDT": "The Dark Times",
    "CAD": "Clones and Droids", "TFA": "The Force Awakens", "TAL": "The Old Republic: Tales and Legends",
    "SBS": "The New Jedi Order: Star by Star", "DAN": "The Old Republic: Days and Nights",
    "BL": "The Clone Wars: Battle Lines", "RO": "Rogue One", "TEN": "Tenth Anniversary",
    "BOSB": "Battle of Starkiller Base", "TLJ": "The Last Jedi", "SOR": "Spark of Rebellion", "BF": "Battlefront",
    "JK": "Jedi Knight", "TUF": "The New Jedi Order: The Unifying Force", "BOC": "Battle of Crait",
    "SOLO": "Solo: A Star Wars Story", "KAE": "The Old Republic: Knights and Exiles", "TM": "The Mandalorian",
    "15TH": "15th Anniversary", "TROS": "The Rise of Skywalker", "AAA": "Apprentices and Assassins",
    "FOR": "Fires of Rebellion", "BOTS": "Battle of the Sarlacc", "TMW": "The Mandalorian Way",
    "BAE": "Battle At Exegol", "BOBF": "The Book of Boba Fett", "ALTA": "A Long Time Ago", "UNION": "Union",
    "OBWN": "Obi-Wan Kenobi", "IA": "Imperial Assault", "EAW": "Empire at War", "BEP": "Boonta Eve Podrace",
    "GPC": "Galactic Podracing Circuit", "WAE": "Doctor Aphra: Worst Among Equals", "VV1": "Visions Volume 1",
    "VV2": "Visions Volume 2", "VDR": "Darth Vader: Shadows and Secrets", "HWN": "Halloween",
    "MAM": "Make A Mando", "LEG": "Legacy",
}  # fmt: skip
ARENAS = ("Space", "Ground", "Character")  # the order they are listed in
_ARENA_WORD = r"(?:space|ground|charac?ter|charcter)"
# "Ground/Character - Merchant Bodyguard", "Character – Skill", "Character Skill", "Space -Relay", "Ground Aquatic"
_ARENA_PREFIX = re.compile(
    rf"^\s*(?P<arenas>{_ARENA_WORD}(?:\s*/\s*{_ARENA_WORD})*)(?![\w'])\s*[-–—]?\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
_DASH = re.compile(r"\s+[-–—]\s*|\s*[–—]\s*|\s*[-–—]\s+")  # a dash between phrases, not in "Obi-Wan"
# Named by ListOfCardDataFiles.txt but absent from the retrieved data.
KNOWN_ABSENT = {"VP.txt"}

COLUMNS = [
    "Name", "Set", "ImageFile", "Side", "Type", "Subtype", "Cost", "Speed", "Power", "Health", "Rarity",
    "Number", "Usage", "Text", "Script",
]  # fmt: skip
OPTIONAL_COLUMNS = ["Classification", "DraftRarity"]
STATS = {"cost": "Cost", "speed": "Speed", "power": "Power", "health": "Health"}
NON_NUMERIC = {"X", "*"}
_NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
SIDES = {"L": "Light", "D": "Dark", "N": "Neutral", "Y": "Yuuzhan Vong"}
RARITIES = {"C": "Common", "U": "Uncommon", "R": "Rare", "P": "Promo", "S": "Starter", "L": "LEGO"}
# A trailing note on how the card was printed: "(Promo)", "(Promo 2)", "(Starter)", "(LEGO)"…
_NOTE = re.compile(r"^(?P<rest>.*\S)\s*\((?P<note>[^()]*)\)\s*$")
_VERSION_NOTE = re.compile(r"^[A-Za-z]\d*$")
_LONG_VERSION = re.compile(r"^(?P<name>.*?)\s*\((?P<version>[A-Za-z]\d+)\)\s*$")


def load(source: Source) -> Snapshot:
    """Read, validate and assemble the whole SWTCG catalogue; raises ImportProblem before anything is written."""
    warnings: list[str] = []
    files = _set_files(source, warnings)
    sets: list[SetData] = []
    rows: list[tuple[str, int, dict]] = []  # (file, line, row)
    for position, (code, file) in enumerate(files):
        sets.append(
            SetData(
                code=code,
                fields={
                    "name": SET_NAMES.get(code, code),
                    "abbr": code,
                    "kind": "wotc" if code in WOTC_SETS else "community",
                    "position": position,
                },
            )
        )
        rows += [(file, line, row) for line, row in _read_rows(source, file, code)]
    repeated = {
        code: _read_rows(source, f"sets/{code}.txt", code) for code in REPEATED_SETS if _has(source, code)
    }
    cards, personas = _build(rows, repeated)
    per_set = Counter(set_code for card in cards for set_code, _ in card.printings)
    for card_set in sets:
        card_set.fields["size"] = per_set[card_set.code]  # the set files list every card of their set
    rarities = {r: RARITIES.get(r, r) for r in sorted({c.fields["rarity"] for c in cards} - {""})}
    return Snapshot(
        game=GAME,
        source=source.description,
        version=source.version,
        sets=sets,
        rarities=rarities,
        personas=personas,
        cards=cards,
        warnings=warnings,
    )


# --- reading and validation -------------------------------------------------------------------------------


def _has(source: Source, code: str) -> bool:
    """Whether the source holds the set's file (a repeated file may go: then its codes simply stop)."""
    try:
        source.read_bytes(f"sets/{code}.txt")
    except ImportProblem:
        return False
    return True


def _decode(source: Source, file: str) -> str:
    data = source.read_bytes(file)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:  # encoded surrogates too: UTF-8 has none
        raise ImportProblem(f"not UTF-8 text at byte {exc.start}", file=file) from None
    if "\x00" in text:  # PostgreSQL cannot store it, SQLite would keep it: refused on both
        at = text.index("\x00")
        number = text.count("\n", 0, at) + 1
        lines = _lines(text)
        line, column = lines[number - 1], text[text.rfind("\n", 0, at) + 1 : at].count("\t")
        header = lines[0].split("\t")
        name = line.split("\t", 1)[0].strip()
        raise ImportProblem(
            "holds a NUL character (\\u0000)"
            + (f" in column {header[column]}" if number > 1 and column < len(header) else "")
            + "; remove it",
            file=file,
            record=f"line {number}" + (f" ({name!r})" if name else ""),
        )
    return text


def _lines(text: str) -> list[str]:
    """Lines split on LF only (CRLF tolerated); splitlines would also split inside text at U+2028 and the like."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def _set_files(source: Source, warnings: list[str]) -> list[tuple[str, str]]:
    """(set code, file) for every set to read: the known sets, then any others the plugin's list names."""
    listed: dict[str, int] = {}
    for number, line in enumerate(_lines(_decode(source, LIST_FILE)), start=1):
        for name in re.findall(r"<filetoinclude>\s*(.*?)\s*</filetoinclude>", line):
            listed.setdefault(name, number)
    if not listed:
        raise ImportProblem("no <filetoinclude> entries", file=LIST_FILE)
    wanted = [f"sets/{code}.txt" for code in SET_CODES]
    wanted += [f"sets/{name}" for name in sorted(listed) if f"sets/{name}" not in wanted]
    result = []
    for file in wanted:
        name = file.removeprefix("sets/")
        code = name.removesuffix(".txt")
        if code in NOT_CARDS:
            continue
        try:
            source.read_bytes(file)
        except ImportProblem as exc:
            if name in KNOWN_ABSENT:
                warnings.append(f"{file} is listed in {LIST_FILE} but absent from the source (known gap)")
                continue
            if name in listed:
                raise ImportProblem(
                    f"{file} is listed here but missing ({exc.message})",
                    file=LIST_FILE,
                    record=f"line {listed[name]}",
                ) from None
            raise
        result.append((code, file))
    return result


def _read_rows(source: Source, file: str, code: str) -> list[tuple[int, dict]]:
    lines = _lines(_decode(source, file))
    header = lines[0].split("\t") if lines else []
    if (
        header[: len(COLUMNS)] != COLUMNS
        or header[len(COLUMNS) :] != OPTIONAL_COLUMNS[: len(header) - len(COLUMNS)]
    ):
        raise ImportProblem(f"unexpected header {header!r}", file=file, record="line 1")
    result = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        where = f"line {number}"
        # Spreadsheet-style quoting: a field holding '"' is wrapped in quotes with its quotes doubled
        # ("Garazeb ""Zeb"" Orrelios (A)"); no field spans lines in this data.
        values = [unquote(value) for value in line.split("\t")]
        if len(values) != len(header):
            raise ImportProblem(
                f"{len(values)} columns where the header has {len(header)}", file=file, record=where
            )
        row = dict(zip(header, values, strict=True))
        if not row["Name"].strip():
            raise ImportProblem("Name is missing", file=file, record=where)
        where = f"{where} ({row['Name'].strip()!r})"
        if row["Set"].strip() != code:
            raise ImportProblem(f"Set column says {row['Set']!r}, not {code!r}", file=file, record=where)
        row["_stats"] = {stat: _stat(row[column], column, file, where) for stat, column in STATS.items()}
        result.append((number, row))
    return result


def unquote(field: str) -> str:
    """'"Garazeb ""Zeb"" Orrelios (A)"' → 'Garazeb "Zeb" Orrelios (A)'; a field that only starts with a
    quotation ('"Lieutenant, deploy the sharks." —Darth Azard') is text as written (csv would drop its marks)."""
    inner = field[1:-1]
    if len(field) >= 2 and field[0] == field[-1] == '"' and '"' not in inner.replace('""', ""):
        return inner.replace('""', '"')
    return field


def _stat(raw: str, column: str, file: str, where: str) -> tuple[str, float | None]:
    """(printed text, number): '7.0' → ('7', 7.0); 'X' → ('X', None); '' → ('', None)."""
    text = raw.strip()
    if not text or text in NON_NUMERIC:
        return text, None
    if not _NUMBER.match(text):
        raise ImportProblem(f"{column} {raw!r} is not a number", file=file, record=where)
    printed = text.removesuffix(".0") if text.endswith(".0") else text
    value = parse_number(printed)
    return printed, value if value is not None else float(printed)


def _number(raw: str) -> str:
    text = raw.strip()
    return text.removesuffix(".0") if _NUMBER.match(text) else text


# --- assembling cards -------------------------------------------------------------------------------------


def split_title(title: str, set_code: str = "") -> tuple[str, str | None, list[str]]:
    """'Anakin Skywalker (C) (Promo)' → ('Anakin Skywalker', 'C', ['Promo']); versions past Z are 'A2'…
    A trailing set code after the version, as in 'Invincible (A) AGD', is dropped."""
    notes: list[str] = []
    rest = " ".join(title.split())
    if set_code and rest.endswith(f") {set_code}"):
        rest = rest.removesuffix(f" {set_code}")
    while (match := _NOTE.match(rest)) and not _VERSION_NOTE.match(match["note"].strip()):
        notes.insert(0, match["note"].strip())
        rest = match["rest"]
    name, version = parse_title(rest)
    if version is None and (match := _LONG_VERSION.match(rest)) and match["name"]:
        name, version = match["name"], match["version"].upper()
    return name, version, notes


def _arena_names(text: str) -> list[str]:
    words = {fold(w).replace("charcter", "character") for w in text.split("/")}
    return [a for a in ARENAS if fold(a) in words]


def split_arenas(card_type: str, subtype: str) -> tuple[list[str], list[str]]:
    """(arenas, subtype phrases): ('Space/Ground', 'Rebel Transport') → (['Space', 'Ground'], ['Rebel Transport']);
    ('Equipment', 'Ground/Character - Blaster Weapon') → (['Ground', 'Character'], ['Blaster Weapon'])."""
    arenas: list[str] = []
    if (match := _ARENA_PREFIX.match(card_type)) and not match["rest"]:
        arenas = _arena_names(match["arenas"])  # a unit: its type is its arenas
    elif match := _ARENA_PREFIX.match(subtype):
        arenas, subtype = _arena_names(match["arenas"]), match["rest"]
    phrases = [" ".join(p.split()) for p in _DASH.split(subtype) if p.strip()]
    # Once the arena is written last: "Skill - Character".
    last = _ARENA_PREFIX.match(phrases[-1]) if not arenas and len(phrases) > 1 else None
    if last and not last["rest"]:
        arenas, phrases = _arena_names(last["arenas"]), phrases[:-1]
    return arenas, phrases


def _merge_promo_rows(cards: list[CardData]) -> list[CardData]:
    """A PROMO row whose exact title one card of another set also has is that card's PROMO printing: the
    card gains the printing and the row's code as an alias. The set's row is kept (its file is maintained
    with the set; the PROMO copies differ at most by spacing and typos)."""
    by_title: dict[str, list[CardData]] = {}
    for card in cards:
        if card.set_code != PROMO_SET:
            by_title.setdefault(" ".join(card.fields["title"].split()), []).append(card)
    kept = []
    for card in cards:
        same = by_title.get(" ".join(card.fields["title"].split()), []) if card.set_code == PROMO_SET else []
        if len(same) != 1:
            kept.append(card)
            continue
        target = same[0]
        target.printings.append((PROMO_SET, card.fields["rarity"]))
        target.aliases.append(
            (card.code, "front", f"its {PROMO_SET} row ({card.fields['extra']['source_line']})")
        )
        _absorb(target, card.code, PROMO_SET, card.fields["extra"])
    return kept


def _absorb(card: CardData, code: str, set_code: str, row: dict) -> None:
    """`card` takes in the row `code`: whatever referred to that card moves to it (CardData.merged), and
    extra["merged_rows"] keeps the row's set and image file (a LackeyCCG deck names a printing by its image)."""
    card.merged.append(code)
    card.fields["extra"].setdefault("merged_rows", []).append(
        {"code": code, "set": set_code, "image_file": row["image_file"], "source_line": row["source_line"]}
    )


def _alias_repeated(cards: list[CardData], code: str, file_rows: list[tuple[int, dict]]) -> None:
    """Each row of a repeated file (VVI.txt) names the card at the same place in the file it repeats."""
    original = REPEATED_SETS[code]
    targets = [c for c in cards if c.fields["extra"]["source_line"].startswith(f"sets/{original}.txt:")]
    file = f"sets/{code}.txt"
    if len(targets) != len(file_rows):
        raise ImportProblem(
            f"{len(file_rows)} rows, but {original}.txt, which it repeats, has {len(targets)}", file=file
        )
    fake_rows = [(file, line, row) for line, row in file_rows]
    for alias, (line, row), card in zip(_codes(fake_rows), file_rows, targets, strict=True):
        name = split_title(row["Name"].strip(), code)[0]
        if fold(name) != fold(card.fields["name"]):
            raise ImportProblem(
                f"{row['Name']!r} stands where {original}.txt has {card.fields['title']!r}: it no longer repeats "
                f"{original}.txt row for row",
                file=file,
                record=f"line {line}",
            )
        card.aliases.append((alias, "front", f"{code}.txt repeats {original}.txt ({file}:{line})"))
        _absorb(card, alias, code, {"image_file": row["ImageFile"].strip(), "source_line": f"{file}:{line}"})


def _tags(values: list[str]) -> str:
    """'|a|b|' for the tag searches (arena:, subtype:); empty when there is nothing to find."""
    return "|" + "|".join(fold(v) for v in values) + "|" if values else ""


def _persona_code(key: str) -> str:
    """The persona key as a code: "anakin skywalker" → "anakin_skywalker"."""
    return key.replace(" ", "_")[:60]


def _slug(text: str) -> str:
    return "-".join(fold_words(text).split()) or "card"


def _codes(rows: list[tuple[str, int, dict]]) -> list[str]:
    """f"{set}_{number}", or, where the number is empty or repeated in its set, f"{set}_{number}-{title}" (then -2…)."""
    numbers = Counter((row["Set"], _number(row["Number"])) for _, _, row in rows)
    codes, seen = [], Counter()
    for _, _, row in rows:
        number = _number(row["Number"])
        code = f"{row['Set']}_{number}"
        if not number or numbers[(row["Set"], number)] > 1:
            code = (
                f"{row['Set']}_{number}-{_slug(row['Name'])}"
                if number
                else f"{row['Set']}_{_slug(row['Name'])}"
            )
        seen[code] += 1
        if seen[code] > 1:
            code = f"{code}-{seen[code]}"
        codes.append(code[:64])
    if len(set(codes)) != len(codes):  # only if a truncated code collides
        duplicate = next(c for c, n in Counter(codes).items() if n > 1)
        raise ImportProblem(f"two cards would share the code {duplicate!r}")
    return codes


def _build(
    rows: list[tuple[str, int, dict]], repeated: dict[str, list[tuple[int, dict]]] | None = None
) -> tuple[list[CardData], dict[str, str]]:
    cards: list[CardData] = []
    persona_names: dict[str, str] = {}
    for code, (file, line, row) in zip(_codes(rows), rows, strict=True):
        title = row["Name"].strip()
        name, version, notes = split_title(title, row["Set"].strip())
        stats = row.pop("_stats")
        usage = row["Usage"].strip()
        usage_notes = read_usage(usage)
        marks = [{"kind": kind, "scope": scope} for kind, scope in usage_notes.marks]
        card_type, subtype = " ".join(row["Type"].split()), " ".join(row["Subtype"].split())
        arenas, phrases = split_arenas(card_type, subtype)
        extra = {
            "arenas": arenas,
            "number": _number(row["Number"]),
            "image_file": row["ImageFile"].strip(),
            "usage": usage,
            "marks": marks,
            "banned": any(m["kind"] == "banned" for m in marks),
            "restricted": any(m["kind"] == "restricted" for m in marks),
            "script": row["Script"].strip(),
            "classification": row.get("Classification", "").strip(),
            "draft_rarity": row.get("DraftRarity", "").strip(),
            "version": version,
            "printing_notes": notes,
            "source_line": f"{file}:{line}",
        }
        personas = []
        if version is not None:
            key = persona_key(name)
            personas = [_persona_code(key)]
            persona_names.setdefault(key, name)
        side = row["Side"].strip()
        gametext = row["Text"].strip()
        rarity = row["Rarity"].strip()
        fields = {
            "title": title,
            "name": name,
            "side": SIDES.get(side, side),
            "type": card_type,
            "subtype": subtype,
            "uniqueness_kind": "unique" if version else "none",
            "uniqueness_limit": 1 if version else None,
            "rarity": rarity,
            **{stat: value for stat, (_, value) in stats.items()},
            "stats_text": {stat: text for stat, (text, _) in stats.items() if text},
            "gametext": gametext,
            # SWCCG's shapes: rulings a list of texts, errata {"notes": text}.
            "rulings": list(usage_notes.rulings),
            "errata": {"notes": " | ".join(usage_notes.errata)} if usage_notes.errata else {},
            "icons": arenas,
            "characteristics": phrases,
            "extra": extra,
            "search_title": fold(name),
            "search_text": fold(gametext),
            "search_icons": _tags(arenas),
            "search_chars": _tags(phrases),
        }
        cards.append(
            CardData(
                code=code,
                fields=fields,
                set_code=row["Set"].strip(),
                printings=[(row["Set"].strip(), rarity)],
                personas=personas,
            )
        )
    cards = _merge_promo_rows(cards)
    for code, file_rows in (repeated or {}).items():
        _alias_repeated(cards, code, file_rows)
    # The persona's name: the name of the persona key itself where a card carries it ("Anakin Skywalker").
    names = {fold(c.fields["name"]): c.fields["name"] for c in cards}
    personas = {_persona_code(key): names.get(key, persona_names[key]) for key in sorted(persona_names)}
    return cards, personas
