"""{% deck_missing_panel deck %}: the deck page's "Missing from my collection" panel, computed here so that the
deck view (decks/deck/pages.py) needs no change."""

from django import template
from django.urls import reverse

from decks.missing.services import deck_missing

register = template.Library()


@register.inclusion_tag("decks/_deck_missing.html", takes_context=True)
def deck_missing_panel(context, deck):
    request = context.get("request")
    user = getattr(request, "user", None)
    base = {"deck": deck, "login_url": f"{reverse('login')}?next={reverse('deck-detail', args=[deck.pk])}"}
    if user is None or not user.is_authenticated:
        return {**base, "signed_in": False}
    found = deck_missing(deck, user)
    rows = [
        {
            "title": found.facts[row.card].title,
            "card_code": found.facts[row.card].code,
            "image_url": found.facts[row.card].image_url,
            "code": row.codes[0][1],
            "needed": row.needed,
            "owned": row.owned,
            "used_elsewhere": row.used_elsewhere,
            "missing": row.missing,
        }
        for row in found.report.rows
    ]
    export = reverse("api-deck-missing-export", args=[deck.pk])
    return {
        **base,
        "signed_in": True,
        "report": found.report,
        "percent": round(found.report.share_owned * 100),
        "rows": sorted(rows, key=lambda r: -r["missing"]),  # what to get first
        "active_decks": found.active_decks,
        "text_url": f"{export}?as=text",
        "csv_url": f"{export}?as=csv",
        "buildable_url": f"{reverse('collection-buildable')}?game={deck.game_id}",
    }
