"""SVG charts: well-formed XML, accessible, escaped, and drawn to scale."""

import xml.etree.ElementTree as ET

import pytest

from decks.deck.charts import bar_chart, line_chart, nice_step

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def texts(root: ET.Element, cls: str | None = None) -> list[str]:
    return [el.text for el in root.iter(f"{SVG}text") if cls is None or el.get("class") == cls]


def bars(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter(f"{SVG}rect") if "bar" in (el.get("class") or "").split()]


def y_ticks(root: ET.Element) -> list[str]:
    return [
        el.text
        for el in root.iter(f"{SVG}text")
        if el.get("text-anchor") == "end" and el.get("class") is None
    ]


def test_bar_chart_is_accessible_and_labelled():
    root = parse(bar_chart(["0", "1", "2"], [3, 5, 1], title="Destiny", x_label="Destiny", y_label="Cards"))
    assert root.get("role") == "img"
    assert root.get("aria-label") == "Destiny"
    assert root.find(f"{SVG}title").text == "Destiny"
    assert root.find(f"{SVG}desc").text == "0: 3; 1: 5; 2: 1"
    assert texts(root, "x-label") == ["0", "1", "2"]
    assert texts(root, "value") == ["3", "5", "1"]
    assert "Cards" in texts(root) and "Destiny" in texts(root)


def test_bar_heights_are_proportional():
    root = parse(bar_chart(["a", "b", "c"], [1, 2, 4], title="t"))
    heights = [float(bar.get("height")) for bar in bars(root)]
    assert heights[0] > 0
    assert heights[1] == pytest.approx(2 * heights[0], abs=0.02)
    assert heights[2] == pytest.approx(4 * heights[0], abs=0.02)
    bottoms = {round(float(bar.get("y")) + float(bar.get("height")), 1) for bar in bars(root)}
    assert len(bottoms) == 1  # all bars stand on the same axis


def test_gridlines_at_round_steps():
    assert y_ticks(parse(bar_chart(["a", "b"], [0, 7], title="t"))) == ["0", "2", "4", "6", "8"]
    assert y_ticks(parse(bar_chart(["a", "b"], [0.3, 1.7], title="t"))) == ["0", "0.5", "1", "1.5", "2"]
    assert y_ticks(parse(bar_chart(["a"], [40], title="t"))) == ["0", "10", "20", "30", "40"]
    # Counts never get fractional gridlines.
    assert y_ticks(parse(bar_chart(["a"], [2], title="t"))) == ["0", "1", "2"]


def test_nice_step():
    assert [nice_step(7), nice_step(1.7), nice_step(130), nice_step(0)] == [2, 0.5, 50, 1]
    assert nice_step(2, integers=True) == 1


def test_text_is_escaped():
    svg = bar_chart(['<b>"x"</b>', "R&D"], [1, 2], title="Cards <&> types", y_label="A & B")
    assert "<b>" not in svg and "R&D" not in svg
    root = parse(svg)
    assert root.get("aria-label") == "Cards <&> types"
    assert root.find(f"{SVG}title").text == "Cards <&> types"
    assert texts(root, "x-label") == ['<b>"x"</b>', "R&D"]
    assert "A & B" in texts(root)


def test_empty_data():
    root = parse(bar_chart([], [], title="Nothing"))
    assert root.find(f"{SVG}title").text == "Nothing"
    assert "No data" in texts(root)
    assert bars(root) == []


def test_single_bar_and_zero_values():
    root = parse(bar_chart(["Character"], [7], title="t"))
    assert len(bars(root)) == 1 and float(bars(root)[0].get("height")) > 0
    assert float(bars(root)[0].get("width")) <= 64  # not a wall-to-wall block
    zeros = parse(bar_chart(["a", "b"], [0, 0], title="t"))
    assert [float(bar.get("height")) for bar in bars(zeros)] == [0, 0]
    assert texts(zeros, "value") == ["0", "0"]


def test_many_bars_thin_out_labels_but_keep_every_label_in_tooltips():
    labels = [f"Card number {i}" for i in range(60)]
    root = parse(bar_chart(labels, list(range(60)), title="t"))
    assert len(bars(root)) == 60
    assert [bar.find(f"{SVG}title").text for bar in bars(root)] == [
        f"{text}: {i}" for i, text in enumerate(labels)
    ]
    shown = root.findall(f".//{SVG}text[@class='x-label']")
    assert 5 < len(shown) < 60
    assert all("rotate" in el.get("transform", "") for el in shown)
    assert texts(root, "value") == []  # no room for value labels


def test_highlight():
    root = parse(bar_chart(["1", "2", "3"], [1, 1, 1], title="t", highlight=lambda text: text == "2"))
    assert [bar.get("class") for bar in bars(root)] == ["bar", "bar highlight", "bar"]


def test_mismatched_lengths():
    with pytest.raises(ValueError):
        bar_chart(["a"], [1, 2], title="t")
    with pytest.raises(ValueError):
        line_chart([1], [0.5, 0.2], title="t")


def test_line_chart():
    xs, ys = list(range(8)), [1, 0.95, 0.8, 0.5, 0.4, 0.2, 0.05, 0]
    root = parse(line_chart(xs, ys, title="P(destiny ≥ X)", x_label="X"))
    assert root.get("role") == "img" and root.find(f"{SVG}title").text == "P(destiny ≥ X)"
    assert y_ticks(root) == ["0%", "25%", "50%", "75%", "100%"]
    assert texts(root, "x-label") == [str(x) for x in xs]
    assert texts(root, "value") == ["100%", "95%", "80%", "50%", "40%", "20%", "5%", "0%"]
    points = root.findall(f".//{SVG}circle[@class='point']")
    assert [p.find(f"{SVG}title").text for p in points][:2] == ["X 0: 100%", "X 1: 95%"]
    cy = [float(p.get("cy")) for p in points]
    cx = [float(p.get("cx")) for p in points]
    assert cy[3] == pytest.approx((cy[0] + cy[7]) / 2)  # 50% is halfway between 100% and 0%
    assert cx[1] - cx[0] == pytest.approx(cx[7] - cx[6])  # linear x axis


def test_line_chart_empty_and_single_point():
    assert "No data" in texts(parse(line_chart([], [], title="t")))
    root = parse(line_chart([3], [0.5], title="<one>"))
    assert root.get("aria-label") == "<one>"
    assert len(root.findall(f".//{SVG}circle")) == 1


def test_a_chart_says_no_data_and_its_numbers_as_the_page_does():
    """The page's words and decimal point (decks/deck/chart_words.py); the data attributes stay machine-readable."""
    assert "Nessun dato" in bar_chart([], [], title="t", no_data="Nessun dato")
    assert "Nessun dato" in line_chart([], [], title="t", no_data="Nessun dato")
    line = line_chart([1, 2], [0.6316, 0.25], title="t", x_label="X", decimal=",")
    assert "<title>X 1: 63,16%</title>" in line and 'data-value="0.6316"' in line and "63.16" not in line
    bars = bar_chart(["a"], [2.5], title="t", decimal=",")
    assert "<title>a: 2,5</title>" in bars and 'data-value="2.5"' in bars
