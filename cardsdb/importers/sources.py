"""Where an importer's files come from: a local folder, a URL, or the pinned public upstream (verified)."""

import hashlib
import json
import urllib.error
import urllib.request
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path

from cardsdb import jsonsafe

from .errors import ImportProblem, describe_record

DOWNLOAD_TIMEOUT = 60
# Card data is a few levels deep; the limit only keeps the text check's walk bounded.
MAX_DEPTH = 64


@dataclass(frozen=True)
class PinnedFile:
    """A file of a public repository at a fixed commit, with the checksum it must have."""

    name: str  # the name the importer asks for, laid out as in CARDSDB_DATA_DIR/<game>/
    url: str
    sha256: str


class Source(ABC):
    """A set of named files. Subclasses fetch; read_json decodes with errors that name the file."""

    description = ""
    version = ""

    @abstractmethod
    def read_bytes(self, name: str) -> bytes:
        """The file's bytes; raises ImportProblem naming the file when it cannot be had."""

    def read_json(self, name: str) -> object:
        return parse_json(self.read_bytes(name), name)


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


def parse_json(data: bytes, file: str) -> object:
    """The file's JSON, every string checked (check_text); ImportProblem names the file and the record."""
    try:
        doc = json.loads(data.decode("utf-8"), parse_constant=_refuse_constant)
    except UnicodeDecodeError as exc:
        raise ImportProblem(f"not UTF-8 text at byte {exc.start}", file=file) from None
    except json.JSONDecodeError as exc:
        raise ImportProblem(
            f"invalid or truncated JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}", file=file
        ) from None
    except RecursionError:
        raise ImportProblem("JSON nested too deeply to read", file=file) from None
    except ValueError as exc:  # NaN/Infinity, integers past Python's 4,300-digit limit
        raise ImportProblem(f"invalid JSON: {exc}", file=file) from None
    check_text(doc, file)
    return doc


def check_text(doc: object, file: str) -> None:
    """Refuse NUL characters (PostgreSQL cannot store them, SQLite would) and lone surrogates (no encoding can
    write them) in any string or key of a parsed file, naming the record: a top-level list's items, or the
    items of the lists a top-level object holds ({"cards": [...]}), are the records."""
    for record, value in _records(doc):
        try:
            jsonsafe.check(value, max_depth=MAX_DEPTH)
        except jsonsafe.JSONInputError as exc:
            message = exc.message[:1].lower() + exc.message[1:]
            raise ImportProblem(message, file=file, record=record) from None


def _records(doc: object) -> list[tuple[str, object]]:
    if isinstance(doc, list):
        return [(describe_record(i, item), item) for i, item in enumerate(doc)]
    if not isinstance(doc, dict):
        return [("", doc)]
    found: list[tuple[str, object]] = []
    for key, value in doc.items():
        found.append((f"key {key!r}", {key: None}))
        if isinstance(value, list):
            found += [(describe_record(i, item), item) for i, item in enumerate(value)]
        else:
            found.append((f"key {key!r}", value))
    return found


class LocalSource(Source):
    def __init__(self, root: Path):
        self.root = Path(root)
        self.description = str(self.root)
        if not self.root.is_dir():
            raise ImportProblem(f"source folder {self.root} does not exist")

    def read_bytes(self, name: str) -> bytes:
        path = self.root / name
        if not path.is_file():
            raise ImportProblem(f"missing file (looked for {path})", file=name)
        try:
            return path.read_bytes()
        except OSError as exc:
            raise ImportProblem(f"cannot read {path}: {exc.strerror or exc}", file=name) from None


def _download(url: str, name: str) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "cardsdb-importer/1.0"})
    try:
        with urllib.request.urlopen(request, timeout=DOWNLOAD_TIMEOUT) as response:
            return response.read()
    except urllib.error.HTTPError as exc:
        raise ImportProblem(f"download failed: HTTP {exc.code} from {url}", file=name) from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise ImportProblem(f"download failed from {url}: {reason}", file=name) from None


class UrlSource(Source):
    """Files under a base URL, laid out as in the local data folder (no checksums: the user chose the URL)."""

    def __init__(self, base_url: str):
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        self.description = self.base_url

    def read_bytes(self, name: str) -> bytes:
        return _download(self.base_url + name, name)


class PinnedSource(Source):
    """The public upstream files at a pinned commit; each download is checked against its SHA-256 and cached."""

    def __init__(self, files: list[PinnedFile], cache_dir: Path, version: str):
        self.files = {f.name: f for f in files}
        self.cache_dir = Path(cache_dir)
        self.version = version
        self.description = f"public upstream @ {version}"

    def read_bytes(self, name: str) -> bytes:
        pinned = self.files.get(name)
        if pinned is None:
            raise ImportProblem("no pinned download for this file", file=name)
        cached = self.cache_dir / pinned.sha256
        if cached.is_file():
            data = cached.read_bytes()
            if hashlib.sha256(data).hexdigest() == pinned.sha256:
                return data
        data = _download(pinned.url, name)
        digest = hashlib.sha256(data).hexdigest()
        if digest != pinned.sha256:
            raise ImportProblem(
                f"downloaded file does not match the pinned checksum (got sha256 {digest}, "
                f"expected {pinned.sha256}; {len(data)} bytes from {pinned.url})",
                file=name,
            )
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(".part")
        tmp.write_bytes(data)
        tmp.replace(cached)
        return data


def open_source(spec: str | None, *, game: str, data_dir: Path | None, pinned: PinnedSource | None) -> Source:
    """--source PATH_OR_URL, else $CARDSDB_DATA_DIR/<game>, else the pinned public download."""
    if spec:
        if spec.startswith(("http://", "https://")):
            return UrlSource(spec)
        return LocalSource(Path(spec))
    if data_dir is not None and (data_dir / game).is_dir():
        return LocalSource(data_dir / game)
    if pinned is None:
        raise ImportProblem(f"no local data for {game} and no public download is known; pass --source")
    return pinned
