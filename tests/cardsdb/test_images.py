"""Rendered card faces: no database needed."""

import io
import os

import pytest
from PIL import Image, ImageChops

from cardsdb import images
from cardsdb.images import FaceFacts, cached_face, render_face

VADER = FaceFacts(
    game="SWCCG",
    title="•Darth Vader",
    type_line="Character — Imperial",
    side="Dark",
    stats=(("Destiny", "1"), ("Power", "6"), ("Ability", "6"), ("Deploy", "6"), ("Forfeit", "8")),
    gametext="Adds 3 to power of anything he pilots. Immune to attrition < 5.",
    lore="Dark Lord of the Sith.",
    footer="Premiere · R1 · 1_168",
    icons=("Pilot", "Warrior"),
)
LUKE = FaceFacts(
    game="SWCCG",
    title="•Luke Skywalker",
    type_line="Character — Rebel",
    side="Light",
    stats=(("Destiny", "1"), ("Power", "3"), ("Ability", "4")),
    gametext="May add 1 to the power of anything he pilots.",
    footer="Premiere · R1 · 1_17",
)


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    img.load()
    return img.convert("RGB")


def dominant(img: Image.Image) -> tuple[int, int, int]:
    return max(img.getcolors(img.width * img.height))[1]


def luma(rgb: tuple[int, int, int]) -> float:
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b


@pytest.fixture
def cache_dir(settings, tmp_path):
    settings.CARDSDB_CACHE_DIR = tmp_path
    return tmp_path


@pytest.mark.parametrize("width", [250, 500, 750])
def test_png_has_the_card_aspect_ratio(width):
    img = decode(render_face(VADER, width=width))
    assert img.width == width
    assert img.height == pytest.approx(width * 88 / 63, abs=1)


def test_dark_and_light_sides_differ_in_dominant_colour():
    dark, light = dominant(decode(render_face(VADER))), dominant(decode(render_face(LUKE)))
    assert luma(dark) < 80
    assert luma(light) > 180


def test_face_shows_text():
    # A face without any text would be a blank frame: the text box must have ink in it.
    blank = decode(render_face(FaceFacts("SWCCG", "", "", "Light", (), "")))
    drawn = decode(render_face(LUKE))
    assert blank.size == drawn.size
    diff = ImageChops.difference(blank, drawn).convert("L").point(lambda v: 255 if v else 0)
    assert diff.histogram()[255] > 2000  # changed pixels


def test_very_long_game_text_renders_at_the_same_size():
    long = FaceFacts(**{**VADER.__dict__, "gametext": "Lose 1 Force. " * 2000, "lore": "Lore. " * 500})
    normal, overflowing = decode(render_face(VADER)), decode(render_face(long))
    assert overflowing.size == normal.size


def test_text_that_cannot_fit_is_truncated_with_an_ellipsis():
    font = images._font("regular", 12)
    lines = images._layout_body("word " * 5000, "", 300, 200, 1.0)
    assert lines
    assert sum(images._line_height(f) for f, _ in lines) <= 200
    assert lines[-1][1].endswith(images._displayable(font, "…"))


@pytest.mark.parametrize("value", ["2 or 5", "π", "½", "*", "", "X" * 40])
def test_odd_stat_values_render(value):
    facts = FaceFacts("SW:DBG", "◇Odd", "Unit", "Neutral", (("Cost", value), ("Power", "½")), "π ½ é")
    assert decode(render_face(facts)).width == 500


def test_uniqueness_marks_are_visible():
    def title_bar(title):
        img = decode(render_face(FaceFacts("SWCCG", title, "", "Light", (), "")))
        return img.crop((0, 0, img.width, 70))

    plain = title_bar("Stormtrooper")
    assert title_bar("•••Stormtrooper") != plain
    assert title_bar("◇Stormtrooper") != plain
    assert title_bar("◇Stormtrooper") != title_bar("•Stormtrooper")


def test_split_marks():
    assert images._split_marks("•••Stormtrooper") == ("•••", "Stormtrooper")
    assert images._split_marks("◇Hoth: Echo Base") == ("◇", "Hoth: Echo Base")
    assert images._split_marks("<>Hoth") == ("◇", "Hoth")
    assert images._split_marks("Hoth • Echo") == ("", "Hoth • Echo")


def test_glyph_check_tells_tofu_from_real_glyphs():
    # Pillow's bundled font is ASCII-only: the check must see that, and the substitutes must render.
    from PIL import ImageFont

    default = ImageFont.load_default(size=20)
    if not isinstance(default, ImageFont.FreeTypeFont):
        pytest.skip("Pillow built without FreeType")
    assert images._has_glyph(default, "A")
    assert not images._has_glyph(default, "◇")
    shown = images._displayable(default, "•Ré ½ π — ◇")
    assert all(images._has_glyph(default, ch) for ch in shown)
    assert "1/2" in shown and "pi" in shown and "Re" in shown


def test_chosen_font_draws_the_card_glyphs():
    for style in ("regular", "bold", "italic"):
        font = images._font(style, 20)
        text = images._displayable(font, "•◇½π é")
        assert all(images._has_glyph(font, ch) for ch in text)


def test_renders_with_only_pillows_default_font(monkeypatch):
    # A fresh machine without DejaVu and friends: every text must still render.
    monkeypatch.setattr(images, "_font_file", lambda style: None)
    images._font.cache_clear()
    try:
        img = decode(render_face(FaceFacts("SWCCG", "◇Hoth", "Location — Site", "Light", (("P", "½"),), "π")))
    finally:
        images._font.cache_clear()
    assert img.width == 500


def test_cache_reuses_the_file_for_the_same_facts(cache_dir, monkeypatch):
    first = cached_face(VADER, "swccg/1_168")
    assert first.is_relative_to(cache_dir / "faces")
    assert decode(first.read_bytes()).width == 500

    def no_render(*args, **kwargs):
        raise AssertionError("re-rendered a cached face")

    monkeypatch.setattr(images, "render_face", no_render)
    assert cached_face(VADER, "swccg/1_168") == first


def test_cache_gives_a_new_file_for_changed_facts(cache_dir):
    first = cached_face(VADER, "swccg/1_168")
    changed = cached_face(FaceFacts(**{**VADER.__dict__, "gametext": "Errata."}), "swccg/1_168")
    assert changed != first
    assert changed.exists() and first.exists()
    assert changed.read_bytes() != first.read_bytes()


def test_cache_key_cannot_escape_the_cache_dir(cache_dir):
    path = cached_face(LUKE, "../../etc/passwd")
    assert path.parent == cache_dir / "faces"


def test_cache_leaves_no_temp_files_and_a_readable_file(cache_dir):
    path = cached_face(LUKE, "1_17")
    assert [p.suffix for p in (cache_dir / "faces").iterdir()] == [".png"]
    assert path.stat().st_mode & 0o044 == 0o044  # group and others can read it


def test_explicit_cache_dir_argument(tmp_path):
    assert cached_face(LUKE, "1_17", cache_dir=tmp_path).parent == tmp_path / "faces"


def faces_in(cache_dir):
    return sorted(p.name for p in (cache_dir / "faces").glob("*.png"))


def numbered(n):
    return FaceFacts(**{**LUKE.__dict__, "footer": f"Premiere · R1 · {n}"})


def test_cache_is_bounded_in_files_dropping_the_least_recently_used(tmp_path):
    paths = []
    for n in range(4):
        paths.append(cached_face(numbered(n), f"card-{n}", cache_dir=tmp_path, max_files=4, max_bytes=10**9))
        os.utime(paths[-1], (1000 + n, 1000 + n))  # a clear order, whatever the clock's resolution
    cached_face(numbered(0), "card-0", cache_dir=tmp_path, max_files=4, max_bytes=10**9)  # used again: newest
    newest = cached_face(numbered(4), "card-4", cache_dir=tmp_path, max_files=4, max_bytes=10**9)
    kept = faces_in(tmp_path)
    assert len(kept) <= 4
    assert newest.name in kept and paths[0].name in kept  # the new one and the one just used stay
    assert paths[1].name not in kept  # the least recently used went first


def test_cache_is_bounded_in_bytes(tmp_path):
    first = cached_face(numbered(0), "card-0", cache_dir=tmp_path)
    size = first.stat().st_size
    for n in range(1, 6):
        cached_face(numbered(n), f"card-{n}", cache_dir=tmp_path, max_files=1000, max_bytes=3 * size)
    assert sum(p.stat().st_size for p in (tmp_path / "faces").glob("*.png")) <= 3 * size
    assert len(faces_in(tmp_path)) >= 1


def test_cache_bound_comes_from_settings(settings, tmp_path):
    settings.CARDSDB_CACHE_DIR = tmp_path
    settings.CARDSDB_FACE_CACHE_MAX_FILES = 2
    for n in range(5):
        cached_face(numbered(n), f"card-{n}")
    assert len(faces_in(tmp_path)) <= 2
