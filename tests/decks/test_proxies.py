"""Proxy sheets: page count, paper size, card size and placement, face caching, validation."""

import io
import math
import re

import pytest
from PIL import Image, ImageChops

from cardsdb.images import FaceFacts
from decks.deck import proxies
from decks.deck.proxies import layout, proxy_sheet, render_page

MM = 25.4


def face(n: int = 0, side: str = "Light") -> FaceFacts:
    return FaceFacts(
        game="SWCCG",
        title=f"•Card {n}",
        type_line="Character — Rebel",
        side=side,
        stats=(("Power", "3"), ("Ability", "4")),
        gametext="Deploy -1 to Tatooine.",
        footer="Premiere · R · 1_1",
    )


def colour(facts: FaceFacts) -> tuple[int, int, int]:
    """A distinct, saturated colour per card number (never white or cut-line grey)."""
    n = int(facts.title.split()[-1])
    return (40 + 20 * n, 200 - 20 * n, 30)


@pytest.fixture
def fake_render(monkeypatch):
    """render_face replaced by a solid block of the card's colour; returns the list of calls."""
    calls = []

    def render(facts, *, width):
        calls.append((facts, width))
        img = Image.new("RGB", (width, round(width * 88 / 63)), colour(facts))
        out = io.BytesIO()
        img.save(out, "PNG")
        return out.getvalue()

    monkeypatch.setattr(proxies, "render_face", render)
    return calls


def page_count(pdf: bytes) -> int:
    pages = re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf)
    counts = re.findall(rb"/Count\s+(\d+)", pdf)
    assert counts == [str(len(pages)).encode()]  # one page tree, agreeing with the page objects
    return len(pages)


def media_boxes(pdf: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    return [(float(w), float(h)) for w, h in boxes]


# --- the PDF ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 8, 9, 10, 18, 19])
def test_pages_hold_nine_cards(fake_render, n):
    pdf = proxy_sheet([face(i % 5) for i in range(n)], dpi=72)
    assert pdf.startswith(b"%PDF")
    assert pdf.rstrip().endswith(b"%%EOF")
    assert page_count(pdf) == math.ceil(n / 9)


@pytest.mark.parametrize("dpi", [72, 73, 150, 200, 301, 600])
@pytest.mark.parametrize(("page", "size"), [("letter", (612, 792)), ("a4", (595.28, 841.89))])
def test_page_size_is_the_paper_size_at_any_dpi(fake_render, page, size, dpi):
    pdf = proxy_sheet([face()] * 10, dpi=dpi, page=page)
    boxes = media_boxes(pdf)
    assert len(boxes) == 2
    for w, h in boxes:
        assert w == pytest.approx(size[0], abs=0.5)
        assert h == pytest.approx(size[1], abs=0.5)


def test_page_size_is_case_insensitive(fake_render):
    assert media_boxes(proxy_sheet([face()], dpi=72, page="A4"))[0][0] == pytest.approx(595.28, abs=0.5)


def test_sixty_real_cards_at_200_dpi():
    faces = [face(i % 15, "Dark" if i % 2 else "Light") for i in range(60)]
    pdf = proxy_sheet(faces, title="Hoth • ½")
    assert page_count(pdf) == 7
    assert media_boxes(pdf) == [(612.0, 792.0)] * 7


def test_pages_are_drawn_once_each(fake_render, monkeypatch):
    drawn = []
    real = proxies.render_page

    def spy(faces, **kwargs):
        drawn.append((len(faces), kwargs["number"], kwargs["count"]))
        return real(faces, **kwargs)

    monkeypatch.setattr(proxies, "render_page", spy)
    proxy_sheet([face()] * 20, dpi=72, title="Deck")
    assert drawn == [(9, 1, 3), (9, 2, 3), (2, 3, 3)]


def colour_bbox(img: Image.Image, rgb: tuple[int, int, int]) -> tuple[int, int, int, int] | None:
    """The bounding box of the pixels that are exactly `rgb`."""
    bands = [
        band.point(lambda v, c=c: 255 if v == c else 0) for band, c in zip(img.split(), rgb, strict=True)
    ]
    mask = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])
    return mask.getbbox()


# --- layout ----------------------------------------------------------------------------------------
def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("dpi", [72, 100, 150, 200, 300, 333, 600])
@pytest.mark.parametrize(("page", "inches"), [("letter", (8.5, 11)), ("a4", (210 / MM, 297 / MM))])
def test_layout_nine_real_size_cards_inside_the_page(page, inches, dpi):
    page_w, page_h = round(inches[0] * dpi), round(inches[1] * dpi)
    boxes = layout(page, dpi)
    assert len(boxes) == 9
    for left, top, right, bottom in boxes:
        assert right - left == pytest.approx(63 / MM * dpi, abs=1)
        assert bottom - top == pytest.approx(88 / MM * dpi, abs=1)
        assert 0 < left and right < page_w and 0 < top and bottom < page_h
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not overlap(a, b)
    # Three rows of three, in reading order, centred on the page (within a pixel).
    assert [b[1] for b in boxes] == sorted(b[1] for b in boxes)
    assert len({b[0] for b in boxes}) == 3 and len({b[1] for b in boxes}) == 3
    grid = (boxes[0][0], boxes[0][1], boxes[-1][2], boxes[-1][3])
    assert abs(grid[0] - (page_w - grid[2])) <= 1
    assert abs(grid[1] - (page_h - grid[3])) <= 1


@pytest.mark.parametrize(("page", "dpi"), [("letter", 200), ("a4", 150), ("letter", 97)])
def test_rendered_page_has_cards_at_real_size(fake_render, page, dpi):
    faces = [face(i) for i in range(9)]
    img = render_page(faces, page=page, dpi=dpi, number=2, count=3, title="Test deck")
    assert img.mode == "RGB"
    assert img.size == (round(proxies.PAPERS[page][0] * dpi), round(proxies.PAPERS[page][1] * dpi))
    assert img.getpixel((0, 0)) == (255, 255, 255)
    for facts, box in zip(faces, layout(page, dpi), strict=True):
        # Where the card's colour is on the page: exactly its layout box, 63×88 mm at the dpi.
        assert colour_bbox(img, colour(facts)) == box
        left, top, right, bottom = box
        assert right - left == pytest.approx(63 / MM * dpi, abs=1)
        assert bottom - top == pytest.approx(88 / MM * dpi, abs=1)


def test_rendered_page_has_cut_lines_and_footer(fake_render):
    dpi = 200
    img = render_page([face(1)] * 9, page="letter", dpi=dpi, number=1, count=1, title="Deck")
    boxes = layout("letter", dpi)
    left, top, right, bottom = boxes[0]
    grey = proxies.CUT_LINE_COLOUR
    # Just outside every card edge, in the margin as well as in the gutters.
    assert img.getpixel((left - 1, 5)) == grey
    assert img.getpixel((right, 5)) == grey
    assert img.getpixel((5, top - 1)) == grey
    assert img.getpixel((5, bottom)) == grey
    # Something dark is written under the bottom row's middle card.
    middle = boxes[7]
    footer = img.crop((middle[0], middle[3] + 2, middle[2], img.height))
    assert footer.convert("L").getextrema()[0] < 128


def test_partial_page_leaves_empty_slots_white(fake_render):
    img = render_page([face(1)] * 4, page="a4", dpi=100)
    boxes = layout("a4", 100)
    for box in boxes[4:]:
        inner = img.crop((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2))
        assert inner.getcolors() == [(inner.width * inner.height, (255, 255, 255))]


@pytest.mark.parametrize("title", ["", "Deck", "A very long deck title " * 10, "Hoth • ½ — π"])
def test_footer_fits_under_the_middle_card(title):
    font = proxies._footer_font(19)
    text = proxies._footer_text(font, title, 3, 12, 480)
    assert text.endswith("page 3 of 12")
    assert font.getlength(text) <= 480
    if title == "Deck":
        assert text.startswith("Deck")


# --- caching and validation ------------------------------------------------------------------------
def test_identical_faces_are_rendered_once(fake_render):
    faces = [face(1), face(2), face(1), face(1), face(3), face(2)] * 4
    proxy_sheet(faces, dpi=100)
    assert sorted(f.title for f, _ in fake_render) == ["•Card 1", "•Card 2", "•Card 3"]
    assert {w for _, w in fake_render} == {round(63 / MM * 100)}


@pytest.mark.parametrize(
    "kwargs",
    [
        {"page": "legal"},
        {"page": ""},
        {"dpi": 71},
        {"dpi": 601},
        {"dpi": 0},
        {"dpi": 200.5},
        {"dpi": "200"},
    ],
)
def test_bad_options_raise_value_error(fake_render, kwargs):
    with pytest.raises(ValueError):
        proxy_sheet([face()], **kwargs)
    assert fake_render == []


def test_no_faces_raise_value_error(fake_render):
    with pytest.raises(ValueError, match="no cards"):
        proxy_sheet([])


def test_too_many_faces_raise_value_error(fake_render):
    proxy_sheet([face()] * 500, dpi=72)  # the limit itself is fine
    with pytest.raises(ValueError, match="500"):
        proxy_sheet([face()] * 501, dpi=72)
