"""Printable proxy sheets: a PDF with nine cards per page at the real card size (63×88 mm).

Every card face is drawn by `cardsdb.images.render_face`; the pages are plain images (white, RGB) written
with Pillow's PDF writer. The PDF's page size is exactly the paper size, so printing at 100 % ("actual
size", not "fit to page") gives cards of 63×88 mm.

Memory stays bounded whatever the deck size: each distinct face is rendered once and kept as PNG bytes,
and pages are drawn one at a time while the PDF is written (see `_PageSequence`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from cardsdb.images import CARD_H_MM, CARD_W_MM, FaceFacts, render_face

MM_PER_INCH = 25.4
PAPERS = {  # width and height in inches
    "letter": (8.5, 11.0),
    "a4": (210 / MM_PER_INCH, 297 / MM_PER_INCH),
}
MIN_DPI, MAX_DPI = 72, 600
MAX_FACES = 500
COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS

GAP_MM = 1.0  # gutter between neighbouring cards
CUT_LINE_MM = 0.12  # cut line thickness (1 px at 200 dpi)
CUT_LINE_COLOUR = (170, 170, 170)
FOOTER_PT = 7  # footer text size, in points
FOOTER_GAP_MM = 1.2  # between the last row of cards and the footer
FOOTER_COLOUR = (90, 90, 90)
JPEG_QUALITY = 90  # Pillow stores RGB pages as JPEG in the PDF; 90 keeps small text crisp

Box = tuple[int, int, int, int]  # left, top, right, bottom in pixels (right/bottom exclusive)
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


# --- validation and geometry -----------------------------------------------------------------------
def _paper(page: str) -> str:
    name = page.strip().lower() if isinstance(page, str) else page
    if name not in PAPERS:
        raise ValueError(f"unknown page size {page!r}: use 'letter' or 'a4'")
    return name


def _check_dpi(dpi: int) -> int:
    if isinstance(dpi, bool) or not isinstance(dpi, int) or not MIN_DPI <= dpi <= MAX_DPI:
        raise ValueError(f"dpi must be a whole number from {MIN_DPI} to {MAX_DPI}, not {dpi!r}")
    return dpi


def _px(mm: float, dpi: int) -> int:
    return round(mm * dpi / MM_PER_INCH)


def page_size(page: str, dpi: int) -> tuple[int, int]:
    """The page in pixels at `dpi`."""
    w_in, h_in = PAPERS[_paper(page)]
    dpi = _check_dpi(dpi)
    return round(w_in * dpi), round(h_in * dpi)


def card_size(dpi: int) -> tuple[int, int]:
    """A card (63×88 mm) in pixels at `dpi`."""
    dpi = _check_dpi(dpi)
    return _px(CARD_W_MM, dpi), _px(CARD_H_MM, dpi)


def layout(page: str, dpi: int) -> list[Box]:
    """The nine card boxes of a page, row by row, as (left, top, right, bottom) pixels.

    The 3×3 grid, with a 1 mm gutter between cards, is centred on the page."""
    page_w, page_h = page_size(page, dpi)
    card_w, card_h = card_size(dpi)
    gap = max(_px(GAP_MM, dpi), 2)  # room for the two cut lines, one each side of the gutter
    left = (page_w - (COLUMNS * card_w + (COLUMNS - 1) * gap)) // 2
    top = (page_h - (ROWS * card_h + (ROWS - 1) * gap)) // 2
    boxes = []
    for row in range(ROWS):
        y = top + row * (card_h + gap)
        for col in range(COLUMNS):
            x = left + col * (card_w + gap)
            boxes.append((x, y, x + card_w, y + card_h))
    return boxes


# --- drawing ---------------------------------------------------------------------------------------
_FOOTER_FONTS = ("DejaVuSans.ttf", "LiberationSans-Regular.ttf", "NotoSans-Regular.ttf", "FreeSans.ttf",
                 "Arial.ttf", "arial.ttf")  # fmt: skip


@cache
def _footer_font(size: int) -> Font:
    for name in _FOOTER_FONTS:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


def _fit(font: Font, text: str, width: float) -> str:
    """`text` cut to `width` pixels, ending in "..." when something was cut."""
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text.rstrip() + "...") > width:
        text = text[:-1]
    return text.rstrip() + "..."


def _footer_text(font: Font, title: str, number: int, count: int, width: float) -> str:
    """The footer, "Title · page N of M", within `width` pixels: the title is shortened or left out."""
    pages = f"page {number} of {count}"
    title = " ".join(title.split())  # no newlines or runs of spaces
    if not title:
        return pages
    if not _can_draw(font, title):  # a bitmap fallback font only knows Latin-1
        title = title.encode("latin-1", "replace").decode("latin-1")
    sep = " · " if _can_draw(font, "·") else " - "
    room = width - font.getlength(sep + pages)
    if room < font.getlength("M..."):
        return pages
    return _fit(font, title, room) + sep + pages


def _can_draw(font: Font, text: str) -> bool:
    """False when `font` cannot even measure `text` (Pillow's bitmap font and non-Latin-1 text)."""
    try:
        font.getlength(text)
    except UnicodeEncodeError:
        return False
    return True


class _Faces:
    """Card faces at one pixel size, each distinct FaceFacts rendered once.

    Kept as PNG bytes (tens of kB each) rather than decoded images (megabytes each at high dpi)."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self._png: dict[FaceFacts, bytes] = {}

    def png(self, facts: FaceFacts) -> bytes:
        if facts not in self._png:
            self._png[facts] = render_face(facts, width=self.width)
        return self._png[facts]

    def image(self, facts: FaceFacts) -> Image.Image:
        with Image.open(io.BytesIO(self.png(facts))) as img:
            img = img.convert("RGB")
        if img.size != (self.width, self.height):  # render_face rounds the height its own way: ±1 px
            img = img.resize((self.width, self.height), Image.Resampling.LANCZOS)
        return img


def render_page(
    faces: Sequence[FaceFacts],
    *,
    page: str = "letter",
    dpi: int = 200,
    number: int = 1,
    count: int = 1,
    title: str = "",
    cache: _Faces | None = None,
) -> Image.Image:
    """One page (RGB, white) with up to nine `faces`, cut lines and the footer."""
    if len(faces) > PER_PAGE:
        raise ValueError(f"a page holds {PER_PAGE} cards, not {len(faces)}")
    page_w, page_h = page_size(page, dpi)
    boxes = layout(page, dpi)
    if cache is None:
        cache = _Faces(*card_size(dpi))
    img = Image.new("RGB", (page_w, page_h), "white")
    draw = ImageDraw.Draw(img)

    # Cut lines along every card edge, across the whole page: in the gutters they show where to cut,
    # in the margins they line up a ruler or a paper trimmer. They sit just outside the cards, so the
    # cards pasted afterwards never cover them. Only the rows/columns in use get lines.
    used = boxes[: len(faces)]
    t = max(1, _px(CUT_LINE_MM, dpi))
    xs = sorted({b[0] - t for b in used} | {b[2] for b in used})
    ys = sorted({b[1] - t for b in used} | {b[3] for b in used})
    for x in xs:
        draw.rectangle((x, 0, x + t - 1, page_h - 1), fill=CUT_LINE_COLOUR)
    for y in ys:
        draw.rectangle((0, y, page_w - 1, y + t - 1), fill=CUT_LINE_COLOUR)

    decoded: dict[FaceFacts, Image.Image] = {}  # copies on this page share one decoded image
    for facts, box in zip(faces, boxes, strict=False):
        if facts not in decoded:
            decoded[facts] = cache.image(facts)
        img.paste(decoded[facts], box[:2])
    decoded.clear()

    # Footer under the middle column, on white so no cut line runs through the text.
    font = _footer_font(max(round(FOOTER_PT * dpi / 72), 8))
    middle = boxes[-2]  # bottom row, middle column
    pad = _px(1, dpi)
    text = _footer_text(font, title, number, count, middle[2] - middle[0] - 2 * pad)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    x = (middle[0] + middle[2] - (right - left)) // 2 - left
    y = middle[3] + t + _px(FOOTER_GAP_MM, dpi) - top
    draw.rectangle((x + left - pad, y + top - pad, x + right + pad, y + bottom + pad), fill="white")
    draw.text((x, y), text, font=font, fill=FOOTER_COLOUR)
    return img


class _PageSequence(Image.Image):
    """A multi-frame image whose frames are the pages, each drawn when Pillow seeks to it.

    Pillow's PDF writer asks for `n_frames`, then seeks to each frame and writes it, so only one page
    is in memory at a time (a letter page at 600 dpi is ~135 MB) instead of all of them. It swaps the
    frame's pixels in the way Pillow's own multi-frame formats (GIF, TIFF) do."""

    def __init__(self, count: int, draw: Callable[[int], Image.Image]) -> None:
        super().__init__()
        self._count = count
        self._draw = draw
        self._frame = -1
        self.seek(0)

    @property
    def n_frames(self) -> int:
        return self._count

    @property
    def is_animated(self) -> bool:
        return self._count > 1

    def seek(self, frame: int) -> None:
        if not 0 <= frame < self._count:
            raise EOFError("no more pages")
        if frame == self._frame:
            return
        self._im = None  # let the previous page go before drawing the next one
        page = self._draw(frame)
        self._frame = frame
        self.im = page.im
        self._mode = page.mode
        self._size = page.size

    def tell(self) -> int:
        return self._frame


def proxy_sheet(
    faces: Sequence[FaceFacts], *, dpi: int = 200, page: str = "letter", title: str = ""
) -> bytes:
    """A PDF: cards laid out 3×3 per page at 63×88 mm (2.48×3.46 in), with thin cut lines in 1 mm gutters,
    centred on the page; one image per copy (the caller repeats a FaceFacts per copy). Letter (8.5×11 in)
    or A4. Raises ValueError for an unknown page size, a dpi outside 72–600, no faces or more than 500."""
    paper = _paper(page)
    dpi = _check_dpi(dpi)
    faces = list(faces)
    if not faces:
        raise ValueError("no cards")
    if len(faces) > MAX_FACES:
        raise ValueError(f"too many cards: {len(faces)} (at most {MAX_FACES} per sheet)")

    count = -(-len(faces) // PER_PAGE)
    cache = _Faces(*card_size(dpi))

    def draw(index: int) -> Image.Image:
        chunk = faces[index * PER_PAGE : (index + 1) * PER_PAGE]
        return render_page(
            chunk, page=paper, dpi=dpi, number=index + 1, count=count, title=title, cache=cache
        )

    pages = _PageSequence(count, draw)
    # The resolution per axis is the page's pixel size over the paper size, so the PDF's MediaBox is
    # exactly 612×792 pt (letter) or 595.3×841.9 pt (A4) even when a dimension in pixels was rounded.
    w_in, h_in = PAPERS[paper]
    out = io.BytesIO()
    pages.save(
        out,
        "PDF",
        save_all=True,
        dpi=(pages.width / w_in, pages.height / h_in),
        quality=JPEG_QUALITY,
        title=title.strip() or "Proxies",
        creator="cardsdb",
    )
    return out.getvalue()
