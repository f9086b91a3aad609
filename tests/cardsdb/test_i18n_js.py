"""The scripts' texts in Italian and Polish: every message of locale/<lang>/LC_MESSAGES/djangojs.po is translated
and compiled, the JavaScript catalogue (/jsi18n/<lang>/) serves them to the pages in the page's language and is
kept by browsers, and the scripts show no English sentence outside gettext()/ngettext()."""

import json
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings

from cardsdb.views import js_catalogue

ROOT = Path(settings.BASE_DIR)
LOCALE = ROOT / "locale"
LANGS = ("it", "pl")
SCRIPTS = [
    "decks/static/decks/builder.js",
    "decks/static/decks/collection_buttons.js",
    *sorted(
        f"rules/static/rules/swccg-replay/{path.name}"
        for path in (ROOT / "rules/static/rules/swccg-replay").glob("*.js")
    ),
    "rules/static/rules/dbg-table.js",
    "cardsdb/static/cardsdb/preview.js",
    "cardsdb/static/cardsdb/search_view.js",
]
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def po(lang: str) -> polib.POFile:
    return polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "djangojs.po"))


# ---- the catalogues ----


@pytest.mark.parametrize("lang", LANGS)
def test_every_script_message_is_translated_and_compiled(lang):
    catalogue = po(lang)
    assert len(catalogue) > 50
    untranslated = [e.msgid for e in catalogue if not e.translated()]
    assert not untranslated, f"{lang}: translate these (make messages): {untranslated[:10]}"
    assert not [e.msgid for e in catalogue if e.fuzzy], f"{lang}: fuzzy entries are not served"
    mo = polib.mofile(str(LOCALE / lang / "LC_MESSAGES" / "djangojs.mo"))
    compiled = {(e.msgctxt, e.msgid): (e.msgstr, tuple(sorted(e.msgstr_plural.items()))) for e in mo}
    for entry in catalogue:
        if entry.obsolete:
            continue
        key = (entry.msgctxt, entry.msgid)
        assert key in compiled, f"{lang}: {entry.msgid!r} is not in djangojs.mo: run make messages"
        assert compiled[key] == (entry.msgstr, tuple(sorted(entry.msgstr_plural.items()))), entry.msgid
    assert mo.metadata["Plural-Forms"] == catalogue.metadata["Plural-Forms"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_plural_forms_are_the_interface_s(lang):
    """As django.po's: Polish counts in four forms, and every plural message has them all."""
    django_po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    catalogue = po(lang)
    assert catalogue.metadata["Plural-Forms"] == django_po.metadata["Plural-Forms"]
    forms = int(re.search(r"nplurals=(\d+)", catalogue.metadata["Plural-Forms"])[1])
    assert forms == {"it": 2, "pl": 4}[lang]
    plurals = [e for e in catalogue if e.msgid_plural]
    assert len(plurals) >= 10
    for entry in plurals:
        assert sorted(entry.msgstr_plural) == list(range(forms)), entry.msgid
        assert all(entry.msgstr_plural.values()), entry.msgid


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_every_placeholder(lang):
    """interpolate() fills %(name)s by name: a translation that drops or renames one shows the raw text."""
    for entry in po(lang):
        wanted = set(PLACEHOLDER.findall(entry.msgid)) | set(PLACEHOLDER.findall(entry.msgid_plural or ""))
        for text in [entry.msgstr] if not entry.msgid_plural else entry.msgstr_plural.values():
            assert set(PLACEHOLDER.findall(text)) == wanted, (lang, entry.msgid, text)
            assert "%s" not in text and "${" not in text, (lang, entry.msgid, text)


def test_the_catalogues_hold_exactly_the_scripts_messages():
    """makemessages -d djangojs has been run since the scripts last changed: no message missing, none stale."""
    in_scripts = set()
    for script in SCRIPTS:
        marked, msgids, problems = gettext_calls(js_tokens((ROOT / script).read_text()))
        assert not problems, (script, problems)
        in_scripts.update(msgids)
    for lang in LANGS:
        in_po = {e.msgid for e in po(lang) if not e.obsolete} | {
            e.msgid_plural for e in po(lang) if e.msgid_plural
        }
        assert in_po == in_scripts, (lang, sorted(in_po ^ in_scripts))


# ---- the scripts: no English sentence outside gettext ----

REGEX_MAY_FOLLOW = set("(,=:[!&|?{};+-*%<>~^") | {"return", "typeof", "case", "=>", None}
IDENT = re.compile(r"[A-Za-z_$][\w$]*")
NUMBER = re.compile(r"\d[\w.]*")
# Two words and a space: a sentence, never a class, a selector or a style ("4px 18px rgba(...)").
PROSE = re.compile(r"(?<![\w-])[A-Za-z]{2,} [A-Za-z]{2,}(?![\w-])")
DIRECTIVES = {"use strict"}


def js_tokens(source: str) -> list[tuple[str, str]]:
    """The script as (kind, text) tokens: ident, string (a quoted literal's value), template (the text around a
    template literal's substitutions), regex, number, punct. Comments are dropped."""
    out: list[tuple[str, str]] = []
    _scan(source, 0, out, in_substitution=False)
    return out


def _scan(s: str, i: int, out: list, in_substitution: bool) -> int:
    depth = 0
    while i < len(s):
        c = s[i]
        if c.isspace():
            i += 1
        elif s.startswith("//", i):
            end = s.find("\n", i)
            i = len(s) if end < 0 else end
        elif s.startswith("/*", i):
            i = s.index("*/", i + 2) + 2
        elif c in "\"'":
            i = _quoted(s, i, out)
        elif c == "`":
            i = _template(s, i, out)
        elif c == "/" and _previous(out) in REGEX_MAY_FOLLOW:
            i = _regex(s, i, out)
        elif m := IDENT.match(s, i) or NUMBER.match(s, i):
            out.append(("ident" if IDENT.match(m.group()) else "number", m.group()))
            i = m.end()
        elif s.startswith("=>", i):
            out.append(("punct", "=>"))
            i += 2
        else:
            if in_substitution and c == "}" and depth == 0:
                return i + 1
            depth += {"{": 1, "}": -1}.get(c, 0)
            out.append(("punct", c))
            i += 1
    if in_substitution:
        raise SyntaxError("a template substitution is not closed")
    return i


def _previous(out):
    if not out:
        return None
    kind, text = out[-1]
    return text if kind in ("punct", "ident") else kind


def _quoted(s, i, out):
    quote, j, value = s[i], i + 1, []
    while s[j] != quote:
        if s[j] == "\n":
            raise SyntaxError(f"a string is not closed at {i}")
        value.append(s[j + 1] if s[j] == "\\" else s[j])
        j += 2 if s[j] == "\\" else 1
    out.append(("string", "".join(value)))
    return j + 1


def _template(s, i, out):
    j, value = i + 1, []
    while s[j] != "`":
        if s[j] == "\\":
            value.append(s[j + 1])
            j += 2
        elif s.startswith("${", j):
            out.append(("template", "".join(value)))
            value = []
            out.append(("punct", "${"))
            j = _scan(s, j + 2, out, in_substitution=True)
            out.append(("punct", "}"))
        else:
            value.append(s[j])
            j += 1
    out.append(("template", "".join(value)))
    return j + 1


def _regex(s, i, out):
    j, in_class = i + 1, False
    while in_class or s[j] != "/":
        if s[j] == "\n":
            raise SyntaxError(f"a regular expression is not closed at {i}")
        if s[j] == "\\":
            j += 2
            continue
        in_class = (in_class or s[j] == "[") and s[j] != "]"
        j += 1
    j += 1
    while j < len(s) and s[j].isalpha():
        j += 1
    out.append(("regex", s[i:j]))
    return j


def gettext_calls(tokens):
    """(indexes of the literals marked for translation, their messages, problems): the literal arguments of every
    gettext(...) and the first two of every ngettext(...), which must be plain strings for makemessages."""
    marked, msgids, problems = set(), [], []
    for k, (kind, name) in enumerate(tokens):
        if kind != "ident" or name not in ("gettext", "ngettext") or tokens[k + 1] != ("punct", "("):
            continue
        if k and tokens[k - 1] == ("punct", "."):
            continue
        depth, j, args = 0, k + 1, [[]]
        while True:
            token = tokens[j]
            depth += {("punct", "("): 1, ("punct", ")"): -1}.get(token, 0)
            if depth == 0:
                break
            if depth == 1 and token == ("punct", ","):
                args.append([])
            elif not (depth == 1 and token == ("punct", "(") and j == k + 1):
                args[-1].append((j, token))
            j += 1
        for arg in args[: 1 if name == "gettext" else 2]:
            if len(arg) != 1 or arg[0][1][0] != "string":
                problems.append(f"{name}() needs a plain string literal, not {[t for _, t in arg]}")
                continue
            marked.add(arg[0][0])
            msgids.append(arg[0][1][1])
    return marked, msgids, problems


def unmarked_texts(source: str) -> list[str]:
    tokens = js_tokens(source)
    marked, _msgids, _problems = gettext_calls(tokens)
    return [
        text for k, (kind, text) in enumerate(tokens) if kind in ("string", "template") and k not in marked
    ]


def test_the_checker_sees_an_unmarked_sentence():
    source = """
      // a comment "with some words" is not shown
      const a = gettext("Show the list"), b = ngettext("%(n)s card", "%(n)s cards", n);
      const re = /["'`]not a string/g, c = x / 2 / y;
      el("p", {}, `${count} broken rule${count === 1 ? "" : "s"} found`);
      status("The server could not be reached.");
      const d = gettext(`template ${x}`), e = gettext("a " + b);
    """
    texts = unmarked_texts(source)
    assert [t for t in texts if PROSE.search(t)] == [" broken rule", "The server could not be reached."]
    assert "Show the list" not in texts and "%(n)s cards" not in texts
    _marked, msgids, problems = gettext_calls(js_tokens(source))
    assert msgids == ["Show the list", "%(n)s card", "%(n)s cards"]
    assert len(problems) == 2  # a template literal and a concatenation are not extracted by makemessages


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_scripts_show_no_sentence_outside_gettext(script):
    texts = unmarked_texts((ROOT / script).read_text())
    assert texts, "the script has literals: the tokenizer read it"
    sentences = [t for t in texts if PROSE.search(t) and t not in DIRECTIVES]
    assert not sentences, f"{script}: mark these with gettext()/ngettext() (then make messages): {sentences}"
    # The messages the scripts translate are nowhere left as plain literals (a one-word text like "Delete"); a
    # lower-case word may be a class name too ("remove").
    known = {e.msgid for e in po("it")} | {e.msgid_plural for e in po("it") if e.msgid_plural}
    known = {text for text in known if not re.fullmatch(r"[a-z][a-z-]*", text)}
    assert not known & set(texts), f"{script}: {sorted(known & set(texts))}"


# ---- the catalogue's address ----


def catalogue_of(response) -> dict:
    body = response.content.decode()
    found = re.search(r"const newcatalog = (\{.*?\n  \});", body, re.S)
    return json.loads(found[1]) if found else {}


@pytest.mark.parametrize(
    ("lang", "legal", "problems"),
    [
        ("it", "Legale in %(format)s", ["%(count)s problema", "%(count)s problemi"]),
        (
            "pl",
            "Legalna w formacie %(format)s",
            ["%(count)s problem", "%(count)s problemy", "%(count)s problemów", "%(count)s problemu"],
        ),
    ],
)
def test_the_catalogue_answers_in_the_language_of_its_address(client, lang, legal, problems):
    # The browser's language does not matter: the page names the catalogue of its own language.
    response = client.get(f"/jsi18n/{lang}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Content-Language"] == lang
    catalogue = catalogue_of(response)
    assert catalogue["Legal in %(format)s"] == legal
    assert catalogue["%(count)s problem"] == problems
    assert len(catalogue) == len(po(lang))  # the project's messages only, not the admin's
    body = response.content.decode()
    assert "globals.gettext = django.gettext" in body and "globals.interpolate" in body
    if lang == "pl":
        assert "n%10>=2 && n%10<=4" in body  # Polish's plural rule, for pluralidx()


def test_the_english_catalogue_translates_nothing(client):
    response = client.get("/jsi18n/en/", HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 200
    assert catalogue_of(response) == {}
    assert "globals.gettext = django.gettext" in response.content.decode()


@pytest.mark.parametrize("lang", ["fr", "de", "xx", "it-it", "..", "i" * 300])
def test_an_unknown_language_has_no_catalogue(client, lang):
    assert client.get(f"/jsi18n/{lang}/").status_code == 404


def test_only_reads_are_answered(client):
    assert client.post("/jsi18n/it/").status_code == 405
    assert client.head("/jsi18n/it/").status_code == 200


def test_the_current_version_is_kept_for_a_year_and_revalidated(client):
    version = js_catalogue.catalogue_version("it")
    current = client.get(f"/jsi18n/it/?v={version}")
    assert current["Cache-Control"] == f"public, max-age={365 * 24 * 3600}, immutable"
    assert current["ETag"] == f'"{version}"'
    assert "Set-Cookie" not in current
    # An address from a page kept from before a deploy: the current catalogue, kept briefly.
    old = client.get("/jsi18n/it/?v=0000")
    assert old["Cache-Control"] == "public, max-age=300"
    assert old.content == current.content
    again = client.get("/jsi18n/it/", HTTP_IF_NONE_MATCH=f'"{version}"')
    assert again.status_code == 304 and again.content == b""
    assert client.get("/jsi18n/it/", HTTP_IF_NONE_MATCH='"0000"').status_code == 200


def test_each_language_and_translation_has_its_own_version():
    versions = {lang: js_catalogue.catalogue_version(lang) for lang in ("en", "it", "pl")}
    assert len(set(versions.values())) == 3
    assert all(re.fullmatch(r"[0-9a-f]{16}", v) for v in versions.values())


def test_a_new_translation_is_a_new_version(settings, tmp_path):
    settings.DEBUG = True  # not kept: read again, as after a restart
    folder = tmp_path / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    mo = LOCALE / "it" / "LC_MESSAGES" / "djangojs.mo"
    (folder / "djangojs.mo").write_bytes(mo.read_bytes())
    settings.LOCALE_PATHS = [tmp_path]
    before = js_catalogue.catalogue_version("it")
    (folder / "djangojs.mo").write_bytes(mo.read_bytes() + b"\0")
    assert js_catalogue.catalogue_version("it") != before


# ---- the pages load it ----

SCRIPT_TAG = re.compile(r'<script src="(/jsi18n/(\w+)/\?v=([0-9a-f]+))" defer></script>')


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("accept", "lang"), [("", "en"), ("it", "it"), ("pl-PL,pl;q=0.9", "pl"), ("fr", "en")]
)
def test_every_page_loads_the_catalogue_of_its_language_before_its_scripts(client, accept, lang):
    html = client.get("/sets/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    found = SCRIPT_TAG.search(html)
    assert found, html[:1000]
    assert found[2] == lang and found[3] == js_catalogue.catalogue_version(lang)
    assert found.start() < html.index("cardsdb/preview")  # deferred scripts run in order: the catalogue first
    assert client.get(found[1])["Content-Language"] == lang


@pytest.mark.django_db
def test_the_builder_loads_the_catalogue_before_its_script(client, catalogue):
    html = client.get("/decks/new/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    found = SCRIPT_TAG.search(html)
    assert found and found[2] == "it"
    assert found.start() < html.index("decks/builder")


@pytest.mark.django_db
def test_a_page_kept_for_visitors_names_the_catalogue_of_its_language(client, catalogue, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    for _ in range(2):  # rendered, then kept
        for lang in ("it", "en", "pl"):
            html = client.get("/cards/swccg/1_168/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
            assert SCRIPT_TAG.search(html)[2] == lang
