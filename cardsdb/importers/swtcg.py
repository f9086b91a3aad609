"""SWTCG: the community's LackeyCCG plugin files (tab-separated, one file per set).

Traps handled here (each has a test): files with 15, 16 or 17 columns (START has no Classification), CRLF or LF
line endings, numbers written `7` or `7.0`, stats "X" and "*", Number values repeated or empty within a set
(promos, starter reprints: the code then adds the title), titles with a trailing printing note after the version
("Anakin Skywalker (C) (Promo)"), and HELP.txt, which holds rules reminders rather than cards.

The plugin's ListOfCardDataFiles.txt names only some of the sets, so the importer reads the sets it knows
(SET_CODES) plus any the list names; every one must be present, except VP.txt, which the list names but the
retrieved data does not hold (a warning, see SOURCES.md).
"""

import re
from collections import Counter

from rules.swtcg.cards import parse_title, persona_key
from rules.text import fold, fold_words
from rules.values import parse_number

from .errors import ImportProblem
from .snapshot import CardData, SetData, Snapshot
from .sources import Source

GAME = "swtcg"
LIST_FILE = "ListOfCardDataFiles.txt"
NOT_CARDS = {"HELP"}  # rules reminders
WOTC_SETS = ["AOTC", "SR", "ANH", "BOY", "JG", "ESB", "RAS", "PM", "ROTJ", "ROTS", "PROMO", "START"]
COMMUNITY_SETS = [
    "15TH", "AAA", "AGD", "ALTA", "BAE", "BEP", "BF", "BH", "BL", "BOBF", "BOC", "BOE", "BOH", "BOSB", "BOTS",
    "CAD", "CWSO", "DAN", "EAW", "EE", "ER", "FOR", "FOTR", "GPC", "HWN", "IA", "ION", "JEDI", "JK", "KAE",
    "LEG", "LOTA", "MAM", "MAND", "OBWN", "RAW", "RO", "RO2", "RS", "SAV", "SBS", "SITH", "SMUG", "SOLO", "SOR",
    "TAL", "TDT", "TEN", "TFA", "TLJ", "TM", "TMW", "TOR", "TROS", "TUF", "UNION", "VDR", "VV1", "VV2", "VVI",
    "WAE", "YV",
]  # fmt: skip
SET_CODES = WOTC_SETS + COMMUNITY_SETS
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
                    "name": code,
                    "abbr": code,
                    "kind": "wotc" if code in WOTC_SETS else "community",
                    "position": position,
                },
            )
        )
        rows += [(file, line, row) for line, row in _read_rows(source, file, code)]
    cards, personas = _build(rows)
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


def _decode(source: Source, file: str) -> str:
    data = source.read_bytes(file)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportProblem(f"not UTF-8 text at byte {exc.start}", file=file) from None


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
        values = line.split("\t")
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


def split_title(title: str) -> tuple[str, str | None, list[str]]:
    """'Anakin Skywalker (C) (Promo)' → ('Anakin Skywalker', 'C', ['Promo']); versions past Z are 'A2'…"""
    notes: list[str] = []
    rest = " ".join(title.split())
    while (match := _NOTE.match(rest)) and not _VERSION_NOTE.match(match["note"].strip()):
        notes.insert(0, match["note"].strip())
        rest = match["rest"]
    name, version = parse_title(rest)
    if version is None and (match := _LONG_VERSION.match(rest)) and match["name"]:
        name, version = match["name"], match["version"].upper()
    return name, version, notes


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


def _build(rows: list[tuple[str, int, dict]]) -> tuple[list[CardData], dict[str, str]]:
    cards: list[CardData] = []
    persona_names: dict[str, str] = {}
    for code, (file, line, row) in zip(_codes(rows), rows, strict=True):
        title = row["Name"].strip()
        name, version, notes = split_title(title)
        stats = row.pop("_stats")
        usage = row["Usage"].strip()
        extra = {
            "number": _number(row["Number"]),
            "image_file": row["ImageFile"].strip(),
            "usage": usage,
            "banned": "BANNED" in usage.upper(),
            "restricted": "RESTRICTED" in usage.upper(),
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
            "type": " ".join(row["Type"].split()),
            "subtype": " ".join(row["Subtype"].split()),
            "uniqueness_kind": "unique" if version else "none",
            "uniqueness_limit": 1 if version else None,
            "rarity": rarity,
            **{stat: value for stat, (_, value) in stats.items()},
            "stats_text": {stat: text for stat, (text, _) in stats.items() if text},
            "gametext": gametext,
            "extra": extra,
            "search_title": fold(name),
            "search_text": fold(gametext),
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
    # The persona's name: the name of the persona key itself where a card carries it ("Anakin Skywalker").
    names = {fold(c.fields["name"]): c.fields["name"] for c in cards}
    personas = {_persona_code(key): names.get(key, persona_names[key]) for key in sorted(persona_names)}
    return cards, personas
