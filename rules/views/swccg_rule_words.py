"""The SWCCG referee's rules as the replay page says them: each violation code's rule title and one-line summary
in the page's language. The referee (rules/swccg/rulebook.py, plain Python) answers them in English, and quotes
the rulebook's Italian heading and words as its source; the page's script (rules/static/rules/swccg-replay/record.js)
shows these beside each violation, the Italian source in the tooltip."""

from django.utils.translation import gettext

from rules.swccg.rulebook import RULES, title


def rule_words() -> dict[str, dict[str, str]]:
    """code → {"title", "rule"} in the active language (an Italian page's titles are the rulebook's headings)."""
    return {
        code: {"title": gettext(title(section)) if section else "", "rule": gettext(gist) if gist else ""}
        for code, (section, _words, gist) in RULES.items()
    }
