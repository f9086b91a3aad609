"""Writing the .tar.gz archive: the manifest first, then each part, readable by its owner only."""

import datetime as dt
import hashlib
import json
import os
import tarfile
from pathlib import Path

from .file_format import MANIFEST


def write_archive(path: Path, manifest: dict, parts: list[Path], progress) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    now = int(dt.datetime.now(dt.UTC).timestamp())
    with os.fdopen(fd, "wb") as raw, tarfile.open(fileobj=raw, mode="w:gz", compresslevel=6) as tar:
        body = json.dumps(manifest, indent=2, sort_keys=True).encode()
        tar.addfile(_tarinfo(MANIFEST, len(body), now), _BytesReader(body))
        for part in parts:
            size = part.stat().st_size
            bar = progress(desc=f"archive {part.name}", total=size, unit="B", unit_scale=True)
            try:
                with open(part, "rb") as handle:
                    tar.addfile(_tarinfo(part.name, size, now), _ProgressReader(handle, bar))
            finally:
                bar.close()


def _tarinfo(name: str, size: int, mtime: int) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size = size
    info.mtime = mtime
    info.mode = 0o600
    return info


class _BytesReader:
    def __init__(self, data: bytes):
        self.data = data
        self.offset = 0

    def read(self, n=-1):
        end = len(self.data) if n is None or n < 0 else self.offset + n
        chunk = self.data[self.offset : end]
        self.offset += len(chunk)
        return chunk


class _ProgressReader:
    def __init__(self, handle, bar):
        self.handle = handle
        self.bar = bar

    def read(self, n=-1):
        chunk = self.handle.read(n)
        self.bar.update(len(chunk))
        return chunk


def describe_file(path: Path) -> dict:
    digest, size = sha256(path)
    return {"sha256": digest, "bytes": size}


def sha256(path: Path) -> tuple[str, int]:
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as handle:
        while block := handle.read(1 << 20):
            digest.update(block)
            size += len(block)
    return digest.hexdigest(), size
