"""Collection pages: the owned cards of a game (filter, quantities, bulk edit), import (upload or paste →
preview → confirm), export, and the +/- form of card pages. Nothing is applied before the user confirms: the
preview carries the lines it read, normalised, in a hidden field, and the confirm reads them again (any change to
the field is re-validated, never trusted)."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from cardsdb.api.errors import ApiError
from cardsdb.models import Card, CardSet, Game
from decks.collection import services as collection
from decks.collection.api import export_response
from decks.collection.io import read_json, read_text
from decks.collection.io.limits import MAX_BYTES, MAX_QUANTITY
from decks.games import PROFILES
from decks.params import whole_number

GAMES = tuple(PROFILES)  # swccg, swtcg, swdbg: the order of every game picker
PAGE_SIZE = 100
FORMAT_LABELS = {
    "cardsdb": "our CSV columns",
    "swccgdb": "swccgdb's inventory export",
    "other": "another tool's columns",
    "json": "JSON",
    "text": "bulk-edit lines",
    "table": "the table's quantities",
}
MODE_LABELS = {
    "add": gettext_lazy("Add to my collection"),
    "set": gettext_lazy("Set these quantities (other cards unchanged)"),
    "replace": gettext_lazy("Replace my whole collection of this game"),
}


def _game(request) -> str:
    game = request.POST.get("game") or request.GET.get("game") or "swccg"
    return game if game in GAMES else "swccg"


def _games() -> list[tuple[str, str]]:
    names = dict(Game.objects.values_list("code", "short_name"))
    return [(g, names.get(g, g)) for g in GAMES]


@login_required
def collection_page(request):
    game = _game(request)
    name = request.GET.get("q", "").replace("\x00", "")[:100]
    lines = collection.collection_lines(request.user, game, name=name)
    page = Paginator(lines, PAGE_SIZE).get_page(whole_number(request.GET.get("page"), 1, low=1, high=10**6))
    totals = collection.owned_counts(request.user, game)
    set_names = dict(CardSet.objects.filter(game_id=game).values_list("code", "name"))
    for item in page.object_list:
        item.set_name = set_names.get(item.set_code, item.set_code)
    return render(
        request,
        "decks/collection.html",
        {
            "game": game,
            "games": _games(),
            "q": name,
            "page": page,
            "cards_owned": len(totals),
            "copies_owned": sum(totals.values()),
            "bulk_text": request.GET.get("bulk", ""),
        },
    )


@login_required
def collection_bulk(request):
    """The bulk edit of the collection page: `qty name [set]` lines, or the table's quantity inputs."""
    if request.method != "POST":
        return redirect(f"{reverse('collection')}?game={_game(request)}")
    game = _game(request)
    if request.POST.get("action") == "confirm":
        return _confirm(request, game, source=collection.Source.BULK)
    table = {k[4:]: v for k, v in request.POST.items() if k.startswith("qty_")}
    if table:
        read, mode = _table_rows(request, game, table), "set"
    else:
        mode = request.POST.get("mode", "add")
        mode = mode if mode in ("add", "set") else "add"
        read = _read(request, lambda: read_text(request.POST.get("lines", "")))
        if read is None:
            return redirect(f"{reverse('collection')}?game={game}")
    return _preview(request, game, read, mode, action=reverse("collection-bulk"))


def _table_rows(request, game: str, table: dict[str, str]):
    """The table's changed quantities as rows of mode "set"; a quantity that is not a number is a problem."""
    from decks.collection.io import ReadResult, Row, RowProblem

    ids = [whole_number(k) for k in table if whole_number(k) is not None][:PAGE_SIZE]
    items = collection.collection_lines(request.user, game).filter(pk__in=ids)
    read = ReadResult(format="table")
    for n, item in enumerate(items, 1):
        raw = table.get(str(item.pk), "").strip()
        quantity = whole_number(raw, None, high=MAX_QUANTITY)
        if quantity is None:
            read.problems.append(
                RowProblem(
                    n, "bad-quantity", f"{item.card.title}: {raw[:20]!r} is not a quantity.", item.card.code
                )
            )
        elif quantity != item.quantity:
            read.rows.append(
                Row(
                    n,
                    quantity,
                    card=item.card.code,
                    set=item.set_code,
                    variant=item.variant,
                    finish=item.finish,
                    condition=item.condition,
                )  # fmt: skip
            )
    return read


@login_required
def collection_import(request):
    game = _game(request)
    context = {"game": game, "games": _games(), "modes": MODE_LABELS, "mode": "add", "max_bytes": MAX_BYTES}
    if request.method != "POST":
        return render(request, "decks/collection_import.html", context)
    if request.POST.get("action") == "confirm":
        return _confirm(request, game, source=collection.Source.IMPORT)
    mode = request.POST.get("mode", "add")
    mode = mode if mode in MODE_LABELS else "add"
    upload = request.FILES.get("file")
    if upload is not None and upload.size > MAX_BYTES:
        messages.error(
            request,
            gettext("The file has %(size)s bytes; at most %(max)s are read.")
            % {"size": f"{upload.size:,}", "max": f"{MAX_BYTES:,}"},
        )
        return render(request, "decks/collection_import.html", {**context, "mode": mode}, status=413)
    data = upload.read() if upload is not None else request.POST.get("text", "")
    if not data:
        messages.error(request, gettext("Choose a file or paste the collection's CSV or JSON."))
        return render(request, "decks/collection_import.html", {**context, "mode": mode}, status=400)
    read = _read(request, lambda: collection.read_import(data, game=game))
    if read is None:
        return render(request, "decks/collection_import.html", {**context, "mode": mode}, status=400)
    return _preview(request, game, read, mode, action=reverse("collection-import"))


def _read(request, reader):
    """The reader's result, or None with the file's refusal shown as a message."""
    try:
        return reader()
    except ApiError as exc:
        messages.error(request, f"{exc.detail} ({exc.code})")
    except ValueError as exc:  # CollectionFileError from the text reader
        messages.error(request, f"{getattr(exc, 'message', exc)} ({getattr(exc, 'code', 'error')})")
    return None


MAX_SKIPPED_SHOWN = 50  # line numbers the confirmation names; past that it counts them


def shown_problem(problem: dict) -> dict:
    """A problem as the preview lists it: the page prints "Line 13" in bold, so a message that opens with the
    same words (the readers' messages do, for the API) goes on from there instead of saying it twice."""
    message, prefix = problem["message"], f"Line {problem['line']}"
    if (
        problem["line"]
        and message.startswith(prefix)
        and message[len(prefix) : len(prefix) + 1] in (":", " ")
    ):
        rest = message[len(prefix) :]
    else:
        rest = ": " + message if problem["line"] else message
    return {**problem, "rest": rest}


def _skipped_lines(raw: str) -> list[int]:
    """The line numbers a preview left out, as the confirm form carries them back (for the report only: the
    rows applied are read from rows_json, never from this)."""
    found = (whole_number(part.strip(), low=1, high=10**7) for part in raw.split(",")[:10_000])
    return sorted({n for n in found if n is not None})


def _preview(request, game: str, read, mode: str, *, action: str):
    result = collection.import_rows(request.user, game, read, mode=mode, apply=False)
    set_names = dict(CardSet.objects.filter(game_id=game).values_list("code", "name"))
    changes = [
        {**c, "set_name": set_names.get(c["set"], c["set"])} for c in collection.change_dicts(result.changes)
    ]
    problems = [shown_problem(collection.problem_dict(p)) for p in result.problems]
    codes = dict(Card.objects.filter(pk__in={r.key[0] for r in result.resolved}).values_list("pk", "code"))
    # every line read (not only the changes): "replace" removes what the confirmed lines leave out
    rows = [
        {
            "card": codes[r.key[0]],
            "set": r.key[1],
            "variant": r.key[2],
            "finish": r.key[3],
            "condition": r.key[4],
            "quantity": r.quantity,
        }  # fmt: skip
        for r in result.resolved
    ]
    return render(
        request,
        "decks/collection_preview.html",
        {
            "game": game,
            "game_name": dict(_games()).get(game, game),
            "mode": mode,
            "mode_label": MODE_LABELS[mode],
            "action": action,
            "format": FORMAT_LABELS.get(result.format, result.format),
            "changes": [c for c in changes if c["lines"]],
            "removed": [c for c in changes if not c["lines"]],
            "problems": problems,
            # "replace" states the whole collection: leaving a line out would remove its card, so it waits for
            # every line; the other modes may apply what was read and report the rest.
            "partial": bool(problems) and mode != "replace",
            "skipped": ",".join(str(p["line"]) for p in problems if p["line"]),
            "ignored_columns": result.ignored_columns,
            "lines_read": len(result.resolved),
            "rows_json": json.dumps(rows, ensure_ascii=False),
            "apply_count": len(changes),
        },
        status=200,
    )


def _confirm(request, game: str, *, source: str):
    mode = request.POST.get("mode", "add")
    if mode not in MODE_LABELS:
        messages.error(request, gettext("Unknown import mode; start again."))
        return redirect(f"{reverse('collection')}?game={game}")
    rows_json = request.POST.get("rows_json", "")
    read = _read(request, lambda: read_json(rows_json, game=game, signed=mode == "add"))
    if read is None:
        return redirect(f"{reverse('collection')}?game={game}")
    try:
        result = collection.import_rows(request.user, game, read, mode=mode, apply=True, source=source)
    except ApiError as exc:
        messages.error(request, gettext("Nothing was applied: %(why)s") % {"why": exc.detail})
        return redirect(f"{reverse('collection')}?game={game}")
    messages.success(
        request, gettext("Applied: %(n)d line(s) of your collection changed.") % {"n": len(result.changes)}
    )
    skipped = _skipped_lines(request.POST.get("skipped", ""))
    if skipped:
        shown = ", ".join(map(str, skipped[:MAX_SKIPPED_SHOWN])) + (
            "…" if len(skipped) > MAX_SKIPPED_SHOWN else ""
        )
        messages.warning(
            request,
            ngettext(
                "%(n)d line of the file could not be read and was left out: line %(lines)s.",
                "%(n)d lines of the file could not be read and were left out: lines %(lines)s.",
                len(skipped),
            )
            % {"n": len(skipped), "lines": shown},
        )
    return redirect(f"{reverse('collection')}?game={game}")


@login_required
def collection_export(request):
    kind = request.GET.get("as", "csv")
    return export_response(request.user, _game(request), kind if kind in ("csv", "json") else "csv")


@require_POST
@login_required
def collection_change(request):
    """+1 / -1 (any delta) of one line, from card pages, search results and deck pages; works without
    JavaScript. A form no page sends (no such card, a delta that is not a whole number up to the limit, a set or
    finish the card lacks) is answered 400 with its code; a change the collection refuses (below 0) goes back
    to the page with the reason shown there."""
    code = request.POST.get("card", "")[:64]
    delta = request.POST.get("delta", "").strip()
    sign = -1 if delta.startswith("-") else 1
    digits = delta[1:] if delta.startswith(("+", "-")) else delta  # one sign at most
    amount = whole_number(digits, None, low=1, high=MAX_QUANTITY)
    card = Card.objects.filter(code=code).first() if code and code.isprintable() else None
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        target = card.get_absolute_url() if card else reverse("collection")
    if card is None:
        return _change_refused(request, "unknown-card", "No card has this code.", target)
    if amount is None:
        return _change_refused(
            request, "invalid-request", f"Give a whole number of copies from 1 to {MAX_QUANTITY:,}.", target
        )
    fields = {k: request.POST.get(k, "")[:40] for k in ("set", "variant", "finish", "condition")}
    try:
        collection.apply_changes(
            request.user,
            [
                collection.Delta(
                    card.pk,
                    sign * amount,
                    fields["set"],
                    fields["variant"],
                    fields["finish"],
                    fields["condition"],
                )
            ],  # fmt: skip
            source=collection.Source.EDIT,
        )
    except ApiError as exc:
        if exc.code != "collection-below-zero":
            return _change_refused(request, exc.code, str(exc.detail), target)
        problems = exc.details.get("problems") or [{}]
        messages.error(request, f"{card.title}: {problems[0].get('message') or exc.detail} Nothing changed.")
    else:
        messages.success(request, f"{card.title}: {sign * amount:+d}.")
    return redirect(target)


def _change_refused(request, code: str, message: str, back: str):
    return render(
        request,
        "decks/collection_change_refused.html",
        {"code": code, "message": message, "back": back},
        status=400,
    )
