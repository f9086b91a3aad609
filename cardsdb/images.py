"""Card faces drawn with Pillow, for cards whose scanned image is missing or unreachable.

The face is a plain, readable stand-in (title, type, icons, stats, game text, lore, footer)
at the real card's 63×88 mm aspect ratio; it does not try to imitate the printed artwork.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import os
import re
import tempfile
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

# Bump when the layout changes, so cached faces drawn by an older layout are not served.
RENDER_VERSION = 2

CARD_W_MM, CARD_H_MM = 63, 88
BASE_WIDTH = 500  # every size below is in pixels at this width, scaled by width / BASE_WIDTH

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class FaceFacts:
    game: str  # short game name shown on the face: "SWCCG" / "SWTCG" / "SW:DBG"
    title: str  # as printed, with uniqueness marks: "•Darth Vader", "◇Hoth: Echo Base"
    type_line: str  # "Character — Imperial", "Location — Site", …
    side: str  # "Light" / "Dark" / "Yuuzhan Vong" / anything else (neutral): picks the frame colours
    stats: tuple[tuple[str, str], ...]  # (label, value) in printed order; values may be "2 or 5", "π", "½"
    gametext: str
    lore: str = ""
    footer: str = ""  # "Premiere · R1 · 1_168"
    icons: tuple[str, ...] = ()  # ("Pilot", "Warrior"), drawn as small badges


# --- fonts -----------------------------------------------------------------------------------------
# Tried in order; Pillow looks bare file names up in the system font folders itself. DejaVu covers
# every glyph cards use (•, ◇, ½, π, accents); on Debian it comes with `fonts-dejavu-core`. When none
# is installed we fall back to Pillow's bundled scalable font, which is ASCII-only: `_displayable`
# then substitutes the missing glyphs and the title's uniqueness marks are drawn as shapes.
_FONT_FILES = {
    "regular": ("DejaVuSans.ttf", "LiberationSans-Regular.ttf", "NotoSans-Regular.ttf", "FreeSans.ttf",
                "Arial.ttf", "arial.ttf"),
    "bold": ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "NotoSans-Bold.ttf", "FreeSansBold.ttf",
             "Arial Bold.ttf", "arialbd.ttf"),
    "italic": ("DejaVuSans-Oblique.ttf", "LiberationSans-Italic.ttf", "NotoSans-Italic.ttf",
               "FreeSansOblique.ttf", "Arial Italic.ttf", "ariali.ttf"),
}  # fmt: skip
# A font is preferred when it has all of these; otherwise the first one that loads is used.
_WANTED_GLYPHS = "•◇½πé—"


@cache
def _font_file(style: str) -> str | None:
    """The font file used for `style`, or None for Pillow's default font."""
    first = None
    for name in _FONT_FILES[style]:
        try:
            font = ImageFont.truetype(name, 20)
        except OSError:
            continue
        # font.path is the resolved file: later sizes load it directly, without searching again.
        if all(_has_glyph(font, ch) for ch in _WANTED_GLYPHS):
            return font.path
        first = first or font.path
    return first


@lru_cache(maxsize=256)
def _font(style: str, size: int) -> Font:
    size = max(size, 6)
    name = _font_file(style)
    if name is not None:
        return ImageFont.truetype(name, size)
    # Without FreeType this is a fixed-size bitmap font; the layout still works, only smaller.
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=4096)
def _has_glyph(font: Font, ch: str) -> bool:
    """False when `ch` would be drawn as the font's "missing glyph" box (tofu)."""
    if ch.isspace():
        return True
    try:
        mask = font.getmask(ch)
        # U+FFFF is a noncharacter, so it is in no font's character map: it renders as .notdef.
        notdef = font.getmask("\uffff")
    except (UnicodeEncodeError, ValueError):  # bitmap fonts only know Latin-1
        return ch.isascii()
    return (mask.size, bytes(mask)) != (notdef.size, bytes(notdef))


# Stand-ins for glyphs the chosen font lacks, best first; each is used only if the font has it.
_SUBSTITUTES = {
    "•": ("·", "*"), "◇": ("◊", "<>"), "◆": ("♦", "<>"), "½": ("1/2",), "¼": ("1/4",), "¾": ("3/4",),
    "π": ("pi",), "—": ("–", "-"), "–": ("-",), "…": ("...",), "‘": ("'",), "’": ("'",), "“": ('"',),
    "”": ('"',), "×": ("x",), "→": ("->",), "·": ("-",), "−": ("-",),
}  # fmt: skip


def _displayable(font: Font, text: str) -> str:
    """`text` with every character the font cannot draw replaced by a readable stand-in."""
    out = []
    for ch in text:
        if _has_glyph(font, ch):
            out.append(ch)
            continue
        # Accented letters lose their accent ("é" → "e").
        plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        for alt in (*_SUBSTITUTES.get(ch, ()), plain):
            if alt and all(_has_glyph(font, c) for c in alt):
                out.append(alt)
                break
        else:
            out.append("?")
    return "".join(out)


def _line_height(font: Font) -> int:
    if isinstance(font, ImageFont.FreeTypeFont):
        ascent, descent = font.getmetrics()
        return ascent + descent
    return font.getbbox("Ag")[3] + 2


# --- text fitting ----------------------------------------------------------------------------------
def _truncate(font: Font, text: str, width: float) -> str:
    """`text` cut to `width` pixels, ending in an ellipsis when something was cut."""
    if font.getlength(text) <= width:
        return text
    ellipsis = _displayable(font, "…")
    while text and font.getlength(text.rstrip() + ellipsis) > width:
        text = text[:-1]
    return text.rstrip() + ellipsis


def _wrap(font: Font, text: str, width: float, limit: int = 10_000) -> list[str]:
    """Greedy word wrap; paragraphs (newlines) are kept, words wider than a line are split.

    Stops after `limit` + 1 lines: the caller only needs to know that the text does not fit."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            if len(lines) > limit:
                return lines
            candidate = f"{line} {word}" if line else word
            if font.getlength(candidate) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while len(word) > 1 and font.getlength(word) > width:  # a URL or a long card name
                lo, hi = 1, len(word) - 1  # binary search for the longest prefix that fits
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    lo, hi = (mid, hi) if font.getlength(word[:mid]) <= width else (lo, mid - 1)
                lines.append(word[:lo])
                word = word[lo:]
            line = word
        lines.append(line)
    return lines


def _fit_line(style: str, text: str, width: float, size: int, min_size: int) -> tuple[Font, str]:
    """The largest font (down to `min_size`) that fits `text` on one line; truncated if none does."""
    for s in range(size, min(min_size, size) - 1, -1):
        font = _font(style, s)
        shown = _displayable(font, text)
        if font.getlength(shown) <= width:
            return font, shown
    return font, _truncate(font, shown, width)


# --- drawing ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Palette:
    frame: RGB  # card border and background
    panel: RGB  # title bar, text box
    accent: RGB  # stats box, badges, rules
    text: RGB  # text on the panels
    frame_text: RGB  # text drawn straight on the frame (footer)
    accent_text: RGB


_PALETTES = {
    "light": _Palette(
        (226, 224, 214), (250, 249, 244), (64, 104, 158), (22, 22, 26), (40, 40, 48), (255,) * 3
    ),
    "dark": _Palette((24, 24, 28), (52, 52, 58), (150, 36, 36), (236, 236, 236), (200, 200, 205), (255,) * 3),
    "neutral": _Palette(
        (178, 168, 146), (242, 238, 226), (112, 98, 70), (30, 28, 24), (30, 28, 24), (255,) * 3
    ),
    # SWTCG's fourth side, printed in a dark coral green.
    "yuuzhan vong": _Palette(
        (38, 52, 40), (60, 76, 58), (124, 84, 46), (232, 236, 226), (204, 212, 196), (255,) * 3
    ),
}


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))


def _palette(side: str) -> _Palette:
    side = " ".join(side.lower().split())
    return _PALETTES.get(side, _PALETTES["neutral"])


_MARK_CHARS = "•◇◆♦"


def _split_marks(title: str) -> tuple[str, str]:
    """("••", "Stormtrooper") from "••Stormtrooper"; Decipher's ASCII "<>" counts as ◇."""
    marks = ""
    rest = title.strip()
    while rest:
        if rest[0] in _MARK_CHARS:
            marks, rest = marks + ("◇" if rest[0] == "◇" else "•"), rest[1:]
        elif rest.startswith("<>"):
            marks, rest = marks + "◇", rest[2:]
        else:
            break
    return marks, rest.strip()


def _draw_marks(draw: ImageDraw.ImageDraw, marks: str, x: float, cy: float, size: int, fill: RGB) -> float:
    """Uniqueness marks drawn as shapes rather than glyphs, so they show whatever font is available.

    Returns the x where the title text starts."""
    for mark in marks:
        if mark == "◇":
            r = size * 0.34
            pts = [(x + r, cy - r), (x + 2 * r, cy), (x + r, cy + r), (x, cy)]
            draw.polygon(pts, outline=fill, width=max(2, size // 12))
            x += 2 * r + size * 0.12
        else:
            r = size * 0.17
            draw.ellipse((x, cy - r, x + 2 * r, cy + r), fill=fill)
            x += 2 * r + size * 0.1
    return x + (size * 0.12 if marks else 0)


def _layout_body(
    text: str, lore: str, width: float, height: float, k: float
) -> list[tuple[Font | None, str]]:
    """Lines of game text (and lore if it fits), largest size first; truncated at the smallest size."""
    max_size, min_size = round(19 * k), max(round(10 * k), 7)
    gap = round(8 * k)  # the separator line drawn between game text and lore

    def lines_for(style: str, s: int, body: str) -> list[tuple[Font, str]]:
        font = _font(style, s)
        limit = int(height // _line_height(font))
        return [(font, line) for line in _wrap(font, _displayable(font, body), width, limit)]

    def height_of(lines: list[tuple[Font, str]]) -> int:
        return sum(_line_height(f) for f, _ in lines)

    text_only = None
    for s in range(max_size, min_size - 1, -1):
        main = lines_for("regular", s, text) if text.strip() else []
        if height_of(main) > height:
            continue
        if lore.strip():
            extra = lines_for("italic", max(s - 2, min_size), lore)
            if height_of(main) + gap + height_of(extra) <= height:
                return main + ([(None, "")] if main else []) + extra  # (None, "") is the separator
        if text_only is None:  # fits, but without the lore: keep the largest such size
            text_only = main
        if not lore.strip():
            break
    if text_only is not None:
        return text_only

    # Not even the smallest size fits: keep what does and end the last line with an ellipsis.
    font = _font("regular", min_size)
    lines, used = [], 0
    for line in _wrap(font, _displayable(font, text), width, int(height // _line_height(font))):
        if used + _line_height(font) > height:
            if lines:
                lines[-1] = (font, _truncate(font, lines[-1][1] + _displayable(font, " …"), width))
            break
        lines.append((font, line))
        used += _line_height(font)
    return lines


def render_face(facts: FaceFacts, *, width: int = BASE_WIDTH) -> bytes:
    """PNG bytes of a card face at the real card's aspect ratio (63×88 mm)."""
    k = width / BASE_WIDTH
    height = round(width * CARD_H_MM / CARD_W_MM)
    pal = _palette(facts.side)
    img = Image.new("RGB", (width, height), pal.frame)
    draw = ImageDraw.Draw(img)

    def px(v: float) -> int:
        return round(v * k)

    margin, pad, radius = px(18), px(10), px(12)
    inner_w = width - 2 * margin
    draw.rounded_rectangle((px(5), px(5), width - px(6), height - px(6)), radius=px(22), outline=pal.accent,
                           width=max(1, px(3)))  # fmt: skip

    # Title bar: uniqueness marks as shapes, then the title as large as fits.
    marks, title = _split_marks(facts.title)
    title_size = px(30)
    bar_top, bar_h = margin, px(50)
    draw.rounded_rectangle((margin, bar_top, width - margin, bar_top + bar_h), radius=radius, fill=pal.panel,
                           outline=pal.accent, width=max(1, px(2)))  # fmt: skip
    cy = bar_top + bar_h / 2
    x = _draw_marks(draw, marks, margin + pad, cy, title_size, pal.text)
    font, shown = _fit_line("bold", title, width - margin - pad - x, title_size, px(14))
    draw.text((x, cy - _line_height(font) / 2), shown, font=font, fill=pal.text)
    y = bar_top + bar_h + px(8)

    # Type line, straight on the frame.
    font, shown = _fit_line("bold", facts.type_line, inner_w - pad, px(18), px(11))
    draw.text((margin + pad / 2, y), shown, font=font, fill=pal.frame_text)
    y += _line_height(font) + px(6)

    # Icon badges, wrapping onto more rows if needed.
    if facts.icons:
        font = _font("bold", px(13))
        bx, bh, row = margin, _line_height(font) + px(6), 1
        for icon in facts.icons:
            label = _truncate(font, _displayable(font, icon), inner_w - 2 * pad)
            bw = font.getlength(label) + 2 * pad
            if bx > margin and bx + bw > width - margin:
                if row == 3:  # real cards have a handful of icons; never let them eat the text box
                    break
                bx, y, row = margin, y + bh + px(5), row + 1
            draw.rounded_rectangle((bx, y, bx + bw, y + bh), radius=bh // 2, fill=pal.accent)
            draw.text((bx + pad, y + px(3)), label, font=font, fill=pal.accent_text)
            bx += bw + px(6)
        y += bh + px(8)

    # Stats: one cell per stat, small label over a large value.
    if facts.stats:
        box_h = px(58)
        cell_w = inner_w / len(facts.stats)
        draw.rounded_rectangle((margin, y, width - margin, y + box_h), radius=radius, fill=pal.accent)
        for i, (label, value) in enumerate(facts.stats):
            cx = margin + cell_w * i
            if i:
                draw.line((cx, y + px(8), cx, y + box_h - px(8)), fill=pal.accent_text, width=1)
            lf, ls = _fit_line("regular", label.upper(), cell_w - px(6), px(11), px(7))
            vf, vs = _fit_line("bold", value, cell_w - px(8), px(26), px(10))
            draw.text((cx + (cell_w - lf.getlength(ls)) / 2, y + px(6)), ls, font=lf, fill=pal.accent_text)
            vy = y + px(6) + _line_height(lf) + (box_h - px(12) - _line_height(lf) - _line_height(vf)) / 2
            draw.text((cx + (cell_w - vf.getlength(vs)) / 2, vy), vs, font=vf, fill=pal.accent_text)
        y += box_h + px(10)

    # Footer, bottom of the frame: set and rarity on the left, the game on the right.
    ffont = _font("regular", px(12))
    gfont = _font("bold", px(12))
    fy = height - margin - _line_height(ffont)
    game = _displayable(gfont, facts.game)
    draw.text((width - margin - gfont.getlength(game), fy), game, font=gfont, fill=pal.frame_text)
    footer = _truncate(ffont, _displayable(ffont, facts.footer), inner_w - gfont.getlength(game) - pad)
    draw.text((margin, fy), footer, font=ffont, fill=pal.frame_text)

    # Text box at the bottom, as tall as its text needs (at least 40 % of the room); the space left
    # above it becomes a plain art window, so a short text does not leave a big empty box.
    room_top, room_bottom = y, max(fy - px(8), y + 2 * pad + 1)  # stays a valid box at tiny widths
    inset = pad + px(2)
    lines = _layout_body(facts.gametext, facts.lore, inner_w - 2 * inset, room_bottom - room_top - 2 * pad, k)
    text_h = sum(_line_height(f) if f else px(8) for f, _ in lines)
    box_h = max(text_h + 2 * pad + px(4), (room_bottom - room_top) * 0.4)
    art_bottom = room_bottom - box_h - px(10)
    if art_bottom - room_top >= px(60):
        art = (margin + px(6), room_top, width - margin - px(6), art_bottom)
        draw.rounded_rectangle(art, radius=radius, fill=pal.frame, outline=pal.accent, width=max(1, px(2)))
        font, shown = _fit_line("bold", facts.game, art[2] - art[0] - 2 * pad, px(40), px(10))
        ax = (art[0] + art[2] - font.getlength(shown)) / 2
        ay = (art[1] + art[3] - _line_height(font)) / 2
        draw.text((ax, ay), shown, font=font, fill=_mix(pal.frame, pal.accent, 0.35))
        room_top = art_bottom + px(10)
    box = (margin, room_top, width - margin, room_bottom)
    draw.rounded_rectangle(box, radius=radius, fill=pal.panel, outline=pal.accent, width=max(1, px(2)))
    tx, ty = margin + inset, room_top + pad
    for font, line in lines:
        if font is None:  # separator between game text and lore
            draw.line(
                (tx + px(30), ty + px(3), box[2] - inset - px(30), ty + px(3)), fill=pal.accent, width=1
            )
            ty += px(8)
            continue
        draw.text((tx, ty), line, font=font, fill=pal.text)
        ty += _line_height(font)

    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()


# --- cache -----------------------------------------------------------------------------------------
def _facts_hash(facts: FaceFacts) -> str:
    payload = json.dumps([RENDER_VERSION, dataclasses.asdict(facts)], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(payload.encode()).hexdigest()[:16]


def cached_face(
    facts: FaceFacts,
    key: str,
    *,
    cache_dir: Path | None = None,
    max_files: int | None = None,
    max_bytes: int | None = None,
) -> Path:
    """Render once and keep it under settings.CARDSDB_CACHE_DIR / "faces".

    The file name is the key plus a hash of the facts, so changed facts give a new file (the old
    one is simply no longer used, and in time evicted). Writes go through a temp file and os.replace, so
    concurrent requests never see a half-written PNG. The folder is bounded: past `max_files` files or
    `max_bytes` bytes (settings CARDSDB_FACE_CACHE_MAX_FILES / _MAX_BYTES) the least recently used go.
    Returns the path."""
    from django.conf import settings

    if cache_dir is None:
        cache_dir = Path(settings.CARDSDB_CACHE_DIR)
    if max_files is None:
        max_files = getattr(settings, "CARDSDB_FACE_CACHE_MAX_FILES", FACE_CACHE_MAX_FILES)
    if max_bytes is None:
        max_bytes = getattr(settings, "CARDSDB_FACE_CACHE_MAX_BYTES", FACE_CACHE_MAX_BYTES)
    faces = Path(cache_dir) / "faces"
    # The key becomes part of a file name: keep it to safe characters (no "/" or "..").
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "_", key).strip("._")[:80] or "card"
    path = faces / f"{slug}-{_facts_hash(facts)}.png"
    if path.exists():
        try:
            os.utime(path)  # mark it used: eviction goes by modification time
        except FileNotFoundError:  # evicted by another request in between: draw it again
            pass
        else:
            return path
    faces.mkdir(parents=True, exist_ok=True)
    data = render_face(facts)
    fd, tmp = tempfile.mkstemp(dir=faces, prefix=f".{slug}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            os.fchmod(f.fileno(), 0o644)  # mkstemp makes 0600 files; a separate web server must read them
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _evict(faces, keep=path, max_files=max_files, max_bytes=max_bytes)
    return path


FACE_CACHE_MAX_FILES = 30_000  # every face of the three catalogues, with room for changed facts
FACE_CACHE_MAX_BYTES = 1024 * 2**20


def _evict(faces: Path, *, keep: Path, max_files: int, max_bytes: int) -> None:
    """Delete the least recently used faces until the folder is within both bounds (to 90% of them, so a
    full cache is not scanned again on every new face)."""
    entries = []
    with os.scandir(faces) as found:
        for entry in found:
            if not entry.name.endswith(".png"):
                continue
            try:
                stat = entry.stat()
            except FileNotFoundError:  # another request evicted it
                continue
            entries.append((stat.st_mtime, stat.st_size, entry.path))
    total = sum(size for _, size, _ in entries)
    if len(entries) <= max_files and total <= max_bytes:
        return
    files_left, bytes_left = max_files * 9 // 10, max_bytes * 9 // 10
    entries.sort()  # oldest first
    count = len(entries)
    for _, size, name in entries:
        if count <= files_left and total <= bytes_left:
            break
        if name == str(keep):
            continue
        Path(name).unlink(missing_ok=True)
        count -= 1
        total -= size
