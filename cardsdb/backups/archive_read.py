"""Reading an archive: every member checked (names, types, sizes, SHA-256) and extracted to a temporary folder."""

import contextlib
import hashlib
import shutil
import tarfile
import tempfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .errors import BackupError
from .file_format import MANIFEST, MAX_MANIFEST_BYTES, MEMBERS, read_manifest
from .progress import no_progress


@dataclass
class Archive:
    """A verified archive, its members extracted into `directory` (removed with it)."""

    manifest: dict
    directory: Path
    parts: dict[str, Path] = field(default_factory=dict)

    @property
    def engine(self) -> str:
        return self.manifest["engine"]


@contextlib.contextmanager
def open_archive(path: Path, *, progress=no_progress) -> Iterator[Archive]:
    """The archive's members, extracted to a temporary folder and each checked against the manifest; a
    BackupError (backup-corrupt, backup-unsafe…) before anything is changed when one is not as stated."""
    path = Path(path)
    if not path.is_file():
        raise BackupError("backup-not-found", f"No backup file at {path}.")
    directory = Path(tempfile.mkdtemp(prefix="cardsdb-restore-"))
    try:
        yield _extract(path, directory, progress)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def _extract(path: Path, directory: Path, progress) -> Archive:
    try:
        with tarfile.open(path, mode="r:gz") as tar:
            return _extract_members(tar, path, directory, progress)
    except BackupError:
        raise
    except (tarfile.TarError, EOFError, zlib.error, OSError) as exc:
        raise BackupError(
            "backup-corrupt", f"{path} is not a complete backup archive ({exc or type(exc).__name__})."
        ) from None


def _extract_members(tar: tarfile.TarFile, path: Path, directory: Path, progress) -> Archive:
    manifest = None
    archive = None
    seen = set()
    while (member := tar.next()) is not None:
        name = member.name
        # Only the few names a backup has, as plain files: no paths (../x, /etc/x), links, devices or folders.
        if name not in MEMBERS:
            raise BackupError(
                "backup-unsafe", f"{path} holds an unexpected member {name!r}; not a cardsdb backup."
            )
        if not member.isreg():
            raise BackupError("backup-unsafe", f"{path}: {name!r} is not a plain file (a link or a folder).")
        if name in seen:
            raise BackupError("backup-unsafe", f"{path} holds {name!r} twice.")
        seen.add(name)
        if manifest is None:
            if name != MANIFEST:
                raise BackupError(
                    "backup-corrupt", f"{path}: the manifest is not the archive's first member."
                )
            if member.size > MAX_MANIFEST_BYTES:
                raise BackupError(
                    "backup-unsafe", f"{path}: the manifest is {member.size:,} bytes; a real one is a few KB."
                )
            manifest = read_manifest(tar.extractfile(member).read(), path)
            archive = Archive(manifest=manifest, directory=directory)
            continue
        expected = manifest["parts"].get(name)
        if expected is None:
            raise BackupError("backup-corrupt", f"{path}: {name!r} is not listed in the manifest.")
        if member.size != expected["bytes"]:
            raise BackupError(
                "backup-corrupt",
                f"{path}: {name} is {member.size:,} bytes; the manifest says {expected['bytes']:,}.",
            )
        archive.parts[name] = _extract_checked(
            tar, member, directory / name, expected["sha256"], path, progress
        )
    if manifest is None:
        raise BackupError("backup-corrupt", f"{path} holds no manifest; not a cardsdb backup.")
    missing = sorted(set(manifest["parts"]) - set(archive.parts))
    if missing:
        raise BackupError("backup-corrupt", f"{path} lacks {', '.join(missing)}, listed in its manifest.")
    return archive


def _extract_checked(tar, member, target: Path, sha256: str, path: Path, progress) -> Path:
    digest = hashlib.sha256()
    bar = progress(desc=f"check {member.name}", total=member.size, unit="B", unit_scale=True)
    try:
        with tar.extractfile(member) as source, open(target, "wb") as out:
            while block := source.read(1 << 20):
                digest.update(block)
                out.write(block)
                bar.update(len(block))
    finally:
        bar.close()
    if digest.hexdigest() != sha256:
        raise BackupError(
            "backup-corrupt", f"{path}: {member.name} does not match its SHA-256 in the manifest."
        )
    return target
