"""Small standalone SVG charts (bar and line), readable without JavaScript (plain Python).

Each chart is one ``<svg role="img" aria-label=…>`` string with a ``<title>`` and a ``<desc>`` listing the data
for screen readers. Every bar / point carries its own ``<title>`` ("label: value"), shown as a tooltip by
browsers, so a label that had to be thinned out of the axis is still in the document. All text is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
INK = "#222"
MUTED = "#555"
GRID = "#ddd"
BAR = "#4a78b0"
HIGHLIGHT = "#d9822b"
LINE = "#4a78b0"
CHAR_WIDTH = 6.2  # average width of an 11px label character
MAX_LABEL = 14  # longer axis labels are shortened (the full text stays in the tooltip)


def fmt(value: float) -> str:
    """3.0 → "3", 0.5 → "0.5", 2.345 → "2.35"."""
    value = round(float(value), 2)
    return str(int(value)) if value.is_integer() else f"{value:g}"


def nice_step(span: float, target: int = 5, integers: bool = False) -> float:
    """A round gridline step (1, 2 or 5 × 10ⁿ) giving about ``target`` steps over ``span``."""
    if span <= 0:
        return 1.0
    raw = span / target
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return max(step, 1.0) if integers else step


def _short(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def _text(
    x: float, y: float, text: str, *, size: int = 11, anchor: str = "middle", fill: str = INK, **extra
) -> str:
    attrs = "".join(
        f" {name.rstrip('_').replace('_', '-')}={quoteattr(str(value))}" for name, value in extra.items()
    )
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"{attrs}>'
        f"{escape(text)}</text>"
    )


def _open(width: int, height: int, title: str, desc: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label={quoteattr(title)} font-family={quoteattr(FONT)}>',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(desc)}</desc>",
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        _text(width / 2, 18, title, size=13, font_weight="600"),
    ]


def _empty(width: int, height: int, title: str, no_data: str) -> str:
    parts = _open(width, height, title, no_data)
    parts.append(_text(width / 2, height / 2 + 8, no_data, size=13, fill=MUTED, class_="no-data"))
    parts.append("</svg>")
    return "\n".join(parts)


def _y_axis(
    parts: list[str],
    left: float,
    right: float,
    top: float,
    bottom: float,
    top_value: float,
    step: float,
    tick_label: Callable[[float], str],
) -> None:
    """Horizontal gridlines with tick labels from 0 to ``top_value`` every ``step``."""
    ticks = round(top_value / step)
    for i in range(ticks + 1):
        value = i * step
        y = bottom - (bottom - top) * value / top_value
        parts.append(f'<line x1="{left:.1f}" y1="{y:.1f}" x2="{right:.1f}" y2="{y:.1f}" stroke="{GRID}"/>')
        parts.append(_text(left - 6, y + 4, tick_label(value), size=10, anchor="end", fill=MUTED))


def _axis_titles(
    parts: list[str],
    width: int,
    height: int,
    left: float,
    top: float,
    bottom: float,
    x_label: str,
    y_label: str,
) -> None:
    if x_label:
        parts.append(_text((left + width - 12) / 2, height - 6, x_label, size=11, fill=MUTED))
    if y_label:
        mid = (top + bottom) / 2
        parts.append(_text(13, mid, y_label, size=11, fill=MUTED, transform=f"rotate(-90 13 {mid:.1f})"))


def _x_labels(
    parts: list[str], labels: Sequence[str], centres: list[float], slot: float, baseline: float
) -> None:
    """Axis labels under each slot: horizontal when they fit, else rotated; every k-th when slots are tiny."""
    rotate = _label_width(labels) > slot - 4
    every = max(1, math.ceil((16 if rotate else 13) / slot))
    for i, (text, x) in enumerate(zip(labels, centres, strict=True)):
        if i % every:
            continue
        if rotate:
            y = baseline + 12
            parts.append(
                _text(
                    x + 3,
                    y,
                    _short(text),
                    size=11,
                    anchor="end",
                    class_="x-label",
                    transform=f"rotate(-45 {x + 3:.1f} {y:.1f})",
                )
            )
        else:
            parts.append(_text(x, baseline + 15, _short(text), size=11, class_="x-label"))


def _label_width(labels: Sequence[str]) -> float:
    return max(len(_short(text)) for text in labels) * CHAR_WIDTH


def _bottom_margin(labels: Sequence[str], slot: float, x_label: str) -> float:
    longest = _label_width(labels)
    below = longest * 0.72 + 16 if longest > slot - 4 else 22
    return below + (18 if x_label else 4)


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    title: str,
    x_label: str = "",
    y_label: str = "",
    width: int = 480,
    height: int = 260,
    highlight: Callable[[str], bool] | None = None,
    no_data: str = "No data",
    decimal: str = ".",
) -> str:
    """A vertical bar chart as an SVG string. Negative values are drawn as empty bars (but labelled).

    Bars are ``<rect class="bar">`` (``class="bar highlight"`` where ``highlight(label)`` is true) with a
    ``data-value`` attribute; their heights are proportional to the values, on a 0-based axis rounded up to a
    round gridline step (whole steps when all values are whole). ``no_data`` and ``decimal`` (the decimal
    point of the numbers shown) are the page's language's.
    """
    labels, values = [str(text) for text in labels], [float(v) for v in values]
    if len(labels) != len(values):
        raise ValueError("bar_chart: labels and values differ in length")
    if not labels:
        return _empty(width, height, title, no_data)
    num = _numbers(decimal)

    integers = all(v.is_integer() for v in values)
    peak = max(max(values), 0.0)
    step = nice_step(peak, integers=integers)
    top_value = max(step * math.ceil(peak / step), step)
    left = 44 + (16 if y_label else 0) + max(0, len(fmt(top_value)) - 3) * 6
    right, top = width - 12, 46
    slot = (right - left) / len(values)
    if _label_width(labels) > slot - 4:  # rotated labels: leave room for the first one on the left
        left = max(left, _label_width(labels) * 0.72 - slot / 2 + 2)
        slot = (right - left) / len(values)
    bottom = height - _bottom_margin(labels, slot, x_label)
    scale = (bottom - top) / top_value

    desc = "; ".join(f"{text}: {num(v)}" for text, v in zip(labels, values, strict=True))
    parts = _open(width, height, title, desc)
    _y_axis(parts, left, right, top, bottom, top_value, step, num)
    bar_width = min(max(1.0, slot * 0.72), 64.0)
    centres = [left + slot * (i + 0.5) for i in range(len(values))]
    show_values = slot >= 16
    for text, value, x in zip(labels, values, centres, strict=True):
        h = max(value, 0.0) * scale
        marked = highlight is not None and highlight(text)
        cls, fill = ("bar highlight", HIGHLIGHT) if marked else ("bar", BAR)
        parts.append(
            f'<rect class="{cls}" x="{x - bar_width / 2:.2f}" y="{bottom - h:.2f}" width="{bar_width:.2f}" '
            f'height="{h:.2f}" fill="{fill}" data-value="{fmt(value)}">'
            f"<title>{escape(f'{text}: {num(value)}')}</title></rect>"
        )
        if show_values:
            size = 11 if slot >= 24 else 9
            parts.append(_text(x, bottom - h - 4, num(value), size=size, class_="value"))
    parts.append(
        f'<line x1="{left:.1f}" y1="{bottom:.1f}" x2="{right:.1f}" y2="{bottom:.1f}" stroke="{INK}"/>'
    )
    parts.append(f'<line x1="{left:.1f}" y1="{top:.1f}" x2="{left:.1f}" y2="{bottom:.1f}" stroke="{INK}"/>')
    _x_labels(parts, labels, centres, slot, bottom)
    _axis_titles(parts, width, height, left, top, bottom, x_label, y_label)
    parts.append("</svg>")
    return "\n".join(parts)


def _numbers(decimal: str) -> Callable[[float], str]:
    """`fmt` with the page's decimal point."""
    return fmt if decimal == "." else lambda value: fmt(value).replace(".", decimal)


def line_chart(
    xs: Sequence[float],
    ys: Sequence[float],
    *,
    title: str,
    x_label: str = "",
    y_label: str = "",
    width: int = 480,
    height: int = 260,
    no_data: str = "No data",
    decimal: str = ".",
) -> str:
    """A line chart of fractions (e.g. P(destiny ≥ X)) as an SVG string: y axis 0–100 %, x axis linear.

    ``ys`` are fractions in 0..1 (clamped); points are ``<circle class="point">`` with a ``data-value``
    attribute (the fraction) and a tooltip "x: percent".
    """
    xs, ys = [float(x) for x in xs], [min(max(float(y), 0.0), 1.0) for y in ys]
    if len(xs) != len(ys):
        raise ValueError("line_chart: xs and ys differ in length")
    if not xs:
        return _empty(width, height, title, no_data)
    num = _numbers(decimal)

    def percent(value: float) -> str:
        return f"{num(value * 100)}%"

    labels = [num(x) for x in xs]
    left = 52 + (16 if y_label else 0)
    right, top = width - 16, 52
    bottom = height - (44 if x_label else 28)
    lo, hi = min(xs), max(xs)
    span = hi - lo

    def px(x: float) -> float:
        return (left + right) / 2 if span == 0 else left + (right - left) * (x - lo) / span

    def py(y: float) -> float:
        return bottom - (bottom - top) * y

    prefix = f"{x_label} " if x_label else ""
    desc = "; ".join(f"{prefix}{text}: {percent(y)}" for text, y in zip(labels, ys, strict=True))
    parts = _open(width, height, title, desc)
    _y_axis(parts, left, right, top, bottom, 1.0, 0.25, percent)
    parts.append(
        f'<line x1="{left:.1f}" y1="{bottom:.1f}" x2="{right:.1f}" y2="{bottom:.1f}" stroke="{INK}"/>'
    )
    parts.append(f'<line x1="{left:.1f}" y1="{top:.1f}" x2="{left:.1f}" y2="{bottom:.1f}" stroke="{INK}"/>')
    points = sorted(zip(xs, ys, labels, strict=True))
    path = " ".join(f"{px(x):.2f},{py(y):.2f}" for x, y, _ in points)
    parts.append(f'<polyline class="line" points="{path}" fill="none" stroke="{LINE}" stroke-width="2"/>')
    gap = (right - left) / max(len(points) - 1, 1)
    every = max(1, math.ceil(28 / gap))
    show_values = gap >= 30
    for i, (x, y, text) in enumerate(points):
        cx, cy = px(x), py(y)
        parts.append(
            f'<circle class="point" cx="{cx:.2f}" cy="{cy:.2f}" r="3.5" fill="{LINE}" data-value="{y:g}">'
            f"<title>{escape(f'{prefix}{text}: {percent(y)}')}</title></circle>"
        )
        if show_values:
            parts.append(_text(cx, cy - 8, percent(y), size=10, class_="value"))
        if i % every == 0:
            parts.append(
                f'<line x1="{cx:.1f}" y1="{bottom:.1f}" x2="{cx:.1f}" y2="{bottom + 4:.1f}" stroke="{INK}"/>'
            )
            parts.append(_text(cx, bottom + 16, text, size=11, class_="x-label"))
    _axis_titles(parts, width, height, left, top, bottom, x_label, y_label)
    parts.append("</svg>")
    return "\n".join(parts)


def bars_of(counts: Mapping[str, float], **options) -> str:
    """bar_chart of a {label: value} mapping, in its order."""
    return bar_chart(list(counts), list(counts.values()), **options)


def line_of(fractions: Mapping[str, float], **options) -> str:
    """line_chart of a {x as text: fraction} mapping, in its order."""
    return line_chart([float(x) for x in fractions], list(fractions.values()), **options)
