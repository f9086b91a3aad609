"""A file's bytes as text, refused before parsing when it is too large or not clean Unicode text."""

from decks.collection.io.base import CollectionFileError
from decks.collection.io.limits import MAX_BYTES, MAX_LINES

BOM = "\ufeff"  # Excel and Windows tools start UTF-8 files with it


def as_text(data: bytes | str, *, max_bytes: int = MAX_BYTES, max_lines: int = MAX_LINES) -> str:
    """The text of a file: UTF-8 without its BOM, no NUL, no lone surrogate, within the limits."""
    size = len(data) if isinstance(data, bytes | bytearray) else len(data.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise CollectionFileError(
            "collection-too-large",
            f"The file has {size:,} bytes; at most {max_bytes:,} are read. Split it by game or set.",
            limit=max_bytes,
            size=size,
            unit="bytes",
        )
    if isinstance(data, bytes | bytearray):
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            line = bytes(data)[: exc.start].count(b"\n") + 1
            raise CollectionFileError(
                "bad-unicode",
                f"Line {line} is not UTF-8 text (byte {exc.start:,}); save the file as UTF-8 (CSV UTF-8).",
                line=line,
            ) from None
    else:
        text = data
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            line = text[: exc.start].count("\n") + 1
            raise CollectionFileError(
                "bad-unicode",
                f"Line {line} holds a lone surrogate (\\u{ord(text[exc.start]):04x}); send valid Unicode.",
                line=line,
            ) from None
    text = text.removeprefix(BOM)
    nul = text.find("\x00")
    if nul >= 0:
        line = text[:nul].count("\n") + 1
        raise CollectionFileError(
            "bad-unicode", f"Line {line} holds a NUL character; a collection file is plain text.", line=line
        )
    # A file's last line ends with a newline (or not): 50,000 lines are 50,000 whether or not the last has one.
    lines = text.count("\n") + (0 if text.endswith("\n") else 1) if text else 0
    if lines > max_lines:
        raise CollectionFileError(
            "collection-too-large",
            f"The file has {lines:,} lines; at most {max_lines:,} are read. Split it by game or set.",
            limit=max_lines,
            size=lines,
            unit="lines",
        )
    return text
