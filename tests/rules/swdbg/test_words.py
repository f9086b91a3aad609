"""SW:DBG actions and decisions in the page's language (rules/swdbg_words.py)."""

import re
from pathlib import Path

from django.utils import translation

import rules.swdbg
from rules.swdbg.players import RandomPlayer
from rules.swdbg_words import QUESTIONS, action_words, prompt_words

ASK_KINDS = {"choose", "opp_discard", "discard_row", "exile", "return", "free_purchase", "purchase_discard",
             "destroy_ship", "swap_top", "hand_to_deck", "discard_top", "swap_discard", "choose_base",
             "cost_discard", "cost_exile", "assign_damage"}  # fmt: skip


def test_every_decision_the_engine_asks_has_a_question():
    source = (Path(rules.swdbg.__file__).parent / "effects.py").read_text(encoding="utf-8")
    asked = set(re.findall(r'ask\(state, "([a-z_]+)"', source)) | {"cost_discard", "cost_exile"}
    assert asked == ASK_KINDS
    assert ASK_KINDS <= set(QUESTIONS)


def test_random_games_read_in_three_languages(new_game):
    """Every action and decision of two random games has words in English, Italian and Polish, none of them
    the English line on the other two, and a decision names the card that asks it."""
    seen_kinds = set()
    for seed in (3, 4):
        game = new_game(seed)
        player = RandomPlayer(seed)
        for _ in range(400):
            if game.outcome() is not None:
                break
            action = player.choose(game)
            lines = {}
            for language in ("en", "it", "pl"):
                with translation.override(language):
                    lines[language] = (action_words(game, action), prompt_words(game))
            assert "%(" not in "".join(str(x) for pair in lines.values() for x in pair)
            assert lines["it"][0] != lines["en"][0] and lines["pl"][0] != lines["en"][0]
            pending = game.state.pending
            if pending is not None:
                seen_kinds.add(pending.kind)
                assert lines["it"][1] != lines["en"][1] and lines["pl"][1] != lines["en"][1]
                if pending.source is not None:
                    assert game.cards[pending.source].title in lines["en"][1]
            game.apply(action)
    assert len(seen_kinds) >= 5, seen_kinds


def test_a_log_line_and_a_question(new_game):
    game = new_game(1)
    with translation.override("it"):
        line = action_words(game, {"type": "end_turn"})
    assert line == "Impero: termina il turno."
    assert prompt_words(game) is None or "base" in prompt_words(game).lower()
