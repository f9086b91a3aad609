"""The two faces of a two-sided card, each shown once.

The SWCCG source gives an objective (and the few two-sided characters and starships) one title for both faces,
"A Great Tactician Creates Plans / The Result Is Often Resentment", and the same game text on both: the front's
paragraph, named "A Great Tactician Creates Plans:", then the back's, named "The Result Is Often Resentment:".
Shown as stored, the page prints both paragraphs twice. Here each face gets its own name and its own paragraph.
"""

import re
from dataclasses import dataclass

_VIRTUAL = re.compile(r"\s*\(V\)\s*$")


@dataclass(frozen=True)
class Face:
    name: str
    text: str


@dataclass(frozen=True)
class Faces:
    front: Face
    back: Face
    shared: str = ""  # one text for both faces that names neither (Jabba's Prize): shown once, after them


def split_faces(name: str, front_text: str, back_text: str) -> Faces | None:
    """Each face's own name and text, for a name "Front / Back" (marks stripped); None for a one-faced card."""
    if "/" not in name:
        return None
    front_name, back_name = (part.strip() for part in name.split("/", 1))
    front_text, back_text = front_text.strip(), back_text.strip()
    if front_text != back_text and back_text:
        return Faces(Face(front_name, front_text), Face(back_name, back_text))
    for marker in dict.fromkeys([f"{back_name}:", f"{_VIRTUAL.sub('', back_name)}:"]):
        at = front_text.find(marker, 1)
        if at > 0 and front_name != back_name:
            front = front_text[:at].strip()
            for prefix in (f"{front_name}:", f"{_VIRTUAL.sub('', front_name)}:"):
                front = front.removeprefix(prefix).strip()
            return Faces(Face(front_name, front), Face(back_name, front_text[at + len(marker) :].strip()))
    return Faces(Face(front_name, ""), Face(back_name, ""), shared=front_text)
