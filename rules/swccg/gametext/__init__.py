"""SWCCG game text as data: the vocabulary (vocabulary.py), the sentence splitter (sentences.py) and the reader
(reader.py) from a card's stored text to its effects. Plain Python: rules/swccg_gametext.py gives it the catalogue's
cards. See docs/swccg-gametext.md."""

from .reader import read_card, read_sentence
from .records import CardText
from .sentences import protected_titles, split_sentences
from .vocabulary import CONDITION_KINDS, KINDS, UNREAD, Condition, Effect

__all__ = [
    "CONDITION_KINDS",
    "KINDS",
    "UNREAD",
    "CardText",
    "Condition",
    "Effect",
    "protected_titles",
    "read_card",
    "read_sentence",
    "split_sentences",
]
