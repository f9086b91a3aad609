"""Backups (cardsdb/backups/, `manage.py backup` / `restore`): every user's decks, versions, collection,
history, games, replays and tokens come back intact, from the portable user data into an emptied database and
from the engine's own copy into an empty one; damaged and hostile archives are refused and change nothing.

The user data is committed once for the module (outside the tests' transactions): pg_dump runs in its own
session and would not see a test's uncommitted rows. It is deleted again when the module ends."""

import datetime as dt
import hashlib
import io
import json
import sqlite3
import tarfile
from pathlib import Path

import pytest
from django.contrib.auth.models import Group, Permission, User
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command
from django.db import connection

from cardsdb import backups
from cardsdb.models import ApiToken, Card, CardFact
from decks.models import CollectionChange, CollectionItem, Deck, DeckCard, DeckVersion, Format
from rules.models import SavedGame, SavedReplay
from tests.conftest import require_data

PREFIX = "backup-test-"
TARGET_DB = "cardsdb_backup_target"
# Bytes no text encoding reads back unchanged: a GEMP replay file is kept as uploaded.
GEMP_BYTES = bytes(range(256)) * 3


def _cards(game: str, n: int) -> list[Card]:
    return list(Card.objects.filter(game_id=game).order_by("code")[:n])


def _make_user_data() -> None:
    group = Group.objects.create(name=f"{PREFIX}moderators")
    group.permissions.add(Permission.objects.get(codename="change_deck"))
    alice = User.objects.create_user(f"{PREFIX}alice", email="alice@example.org", password="x-wing-pass-123")
    bob = User.objects.create_user(f"{PREFIX}bob", password="tie-fighter-456", first_name="Bób Łódź")
    bob.groups.add(group)
    bob.user_permissions.add(Permission.objects.get(codename="view_deck"))
    User.objects.create_user(f"{PREFIX}carol")  # no data of her own: still a user to restore

    swccg = _cards("swccg", 6)
    swtcg = _cards("swtcg", 3)
    swdbg = _cards("swdbg", 2)
    fmt = Format.objects.filter(game_id="swccg").order_by("position").first()
    long_ago = dt.datetime(2020, 5, 4, 12, 0, tzinfo=dt.UTC)
    for owner, cards, game in ((alice, swccg, "swccg"), (bob, swtcg, "swtcg")):
        for d in range(2):
            deck = Deck.objects.create(
                owner=owner,
                name=f"•Deck {d} of {owner.username} ☆",
                game_id=game,
                side="Dark" if game == "swccg" else "Light",
                format=fmt if game == "swccg" else None,
                notes="Notes with *markdown* and\nnew lines — ünïcode 🚀",
                is_public=d == 0,
                version=3,
            )
            for i, card in enumerate(cards):
                zone = DeckCard.Zone.OUTSIDE if i == len(cards) - 1 else DeckCard.Zone.DECK
                DeckCard.objects.create(deck=deck, card=card, code=card.code, count=i + 1, zone=zone)
            for number in (1, 2, 3):
                DeckVersion.objects.create(
                    deck=deck,
                    number=number,
                    name=deck.name,
                    side=deck.side,
                    format_code=fmt.code if game == "swccg" else "",
                    cards=[{"code": c.code, "zone": "deck", "count": number} for c in cards[:number]],
                    note=f"version {number}",
                )
            # The times a backup must keep as they were (auto_now would overwrite them on a plain save).
            Deck.objects.filter(pk=deck.pk).update(created_at=long_ago, updated_at=long_ago)
    for owner, cards in ((alice, swccg[:3] + swdbg), (bob, swtcg)):
        for card in cards:
            CollectionItem.objects.create(owner=owner, card=card, quantity=3, set_code="", condition="NM")
            CollectionItem.objects.create(owner=owner, card=card, quantity=1, finish="foil")
            for delta, quantity, source in ((2, 2, "import"), (1, 3, "edit")):
                CollectionChange.objects.create(
                    owner=owner,
                    card=card,
                    condition="NM",
                    delta=delta,
                    quantity=quantity,
                    source=source,
                    batch="b1" if source == "import" else "",
                )
    SavedGame.objects.create(
        game_id="swdbg",
        owner=alice,
        seat=1,
        opponent="greedy",
        record={"seed": 7, "players": ["you", "greedy"], "actions": [{"type": "play", "card": 3}] * 4},
        actions=4,
    )
    SavedReplay.objects.create(
        game_id="swccg", owner=bob, kind="gemp", title="GEMP game", gemp_file=GEMP_BYTES, size=len(GEMP_BYTES)
    )
    SavedReplay.objects.create(
        game_id="swccg", owner=alice, kind="record", title="A record", record={"events": []}, size=13
    )
    ApiToken.objects.create(owner=alice, name="script", prefix="cdb_abcd1234", key_hash="f" * 64)
    CardFact.objects.create(
        game_id="swdbg", card_code=swdbg[0].code, card=swdbg[0], field="faction", value="Rebel"
    )


def _delete_user_data() -> None:
    User.objects.all().delete()
    Group.objects.all().delete()
    CardFact.objects.all().delete()


@pytest.fixture(scope="module")
def archive(django_db_setup, django_db_blocker, tmp_path_factory) -> Path:
    """A backup of a database holding the catalogue and the user data above, made once for the module."""
    require_data()
    path = tmp_path_factory.mktemp("backups") / "backup.tar.gz"
    with django_db_blocker.unblock():
        _delete_user_data()  # a test database kept (--reuse-db) after an interrupted run
        _make_user_data()
        try:
            call_command("backup", "--output", str(path), verbosity=0)
            yield path
        finally:
            _delete_user_data()


def snapshot() -> dict[str, list[dict]]:
    """Every user-data row, read with the ORM independently of the backup code: cards and formats by
    (game, code), since their ids may differ after a restore; users with their groups and permissions."""
    result = {}
    for model in backups.user_models():
        rows = []
        for obj in model._default_manager.order_by("pk"):
            row = {}
            for field in model._meta.concrete_fields:
                value = getattr(obj, field.attname)
                if field.is_relation and field.remote_field.model in (Card, Format) and value is not None:
                    target = field.remote_field.model.objects.get(pk=value)
                    value = (target.game_id, target.code)
                if isinstance(value, memoryview):
                    value = bytes(value)
                row[field.name] = value
            for field in model._meta.many_to_many:
                row[field.name] = sorted(str(related) for related in getattr(obj, field.name).all())
            rows.append(row)
        result[model._meta.label_lower] = rows
    return result


def _counts(snap: dict) -> dict[str, int]:
    return {label: len(rows) for label, rows in snap.items()}


def _write_tar(path: Path, members: list[tuple[tarfile.TarInfo, bytes | None]]) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for info, data in members:
            tar.addfile(info, io.BytesIO(data) if data is not None else None)
    return path


def _member(name: str, data: bytes = b"", **attrs) -> tuple[tarfile.TarInfo, bytes]:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    for key, value in attrs.items():
        setattr(info, key, value)
    return info, data


def _members_of(path: Path) -> dict[str, bytes]:
    with tarfile.open(path, "r:gz") as tar:
        return {m.name: tar.extractfile(m).read() for m in tar.getmembers()}


def _rebuild(path: Path, source: Path, *, manifest=None, parts=None) -> Path:
    """An archive from another one's members, some replaced; the manifest's checksums as given."""
    members = _members_of(source)
    members.update(parts or {})
    if manifest is not None:
        members[backups.MANIFEST] = json.dumps(manifest).encode()
    ordered = [backups.MANIFEST] + [name for name in members if name != backups.MANIFEST]
    return _write_tar(path, [_member(name, members[name]) for name in ordered])


def _with_valid_manifest(path: Path, source: Path, user_data: bytes) -> Path:
    """A well-formed archive (checksums right) whose user data is `user_data`: what a forger would make. The
    database copy is left out (the user data needs none), which keeps these archives small."""
    manifest = json.loads(_members_of(source)[backups.MANIFEST])
    manifest["parts"] = {
        backups.USER_DATA: {"sha256": hashlib.sha256(user_data).hexdigest(), "bytes": len(user_data)}
    }
    body = json.dumps(manifest).encode()
    return _write_tar(path, [_member(backups.MANIFEST, body), _member(backups.USER_DATA, user_data)])


# --- the archive ----------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_manifest_describes_the_archive(archive):
    members = _members_of(archive)
    manifest = json.loads(members[backups.MANIFEST])
    engine = connection.vendor
    assert manifest["engine"] == engine
    assert set(members) == {backups.MANIFEST, backups.USER_DATA, backups.NATIVE_PARTS[engine]}
    for name, part in manifest["parts"].items():
        assert part["bytes"] == len(members[name])
        assert part["sha256"] == hashlib.sha256(members[name]).hexdigest()
    assert "0005_collections_and_history" in manifest["migrations"]["decks"]
    assert manifest["counts"]["auth.user"] == 3
    assert manifest["counts"]["decks.deck"] == 4
    assert manifest["counts"]["decks.deckversion"] == 12
    assert manifest["counts"]["cardsdb.apitoken"] == 1
    assert dt.datetime.fromisoformat(manifest["created_at"]) <= dt.datetime.now(dt.UTC)
    assert archive.stat().st_mode & 0o077 == 0  # password hashes inside: the owner's alone
    # Cards are named by (game, code), never by row id.
    lines = [json.loads(line) for line in members[backups.USER_DATA].decode().splitlines()]
    deck_card = next(obj for obj in lines if obj["model"] == "decks.deckcard")
    assert deck_card["fields"]["card"][0] == "swccg"
    assert Card.objects.filter(game_id="swccg", code=deck_card["fields"]["card"][1]).exists()


@pytest.mark.django_db
def test_the_apps_above_register_their_tables(archive):
    """cardsdb imports nothing of decks or rules: their tables reach a backup because decks/apps.py and
    rules/apps.py register them, decks with its formats named by [game, code] like cards."""
    above = {
        "decks.deck",
        "decks.deckcard",
        "decks.deckversion",
        "decks.collectionitem",
        "decks.collectionchange",
        "rules.savedgame",
        "rules.savedreplay",
    }
    assert above <= {model._meta.label_lower for model in backups.user_models()}
    lines = [json.loads(line) for line in _members_of(archive)[backups.USER_DATA].decode().splitlines()]
    assert above <= {obj["model"] for obj in lines}
    fmt = Format.objects.filter(game_id="swccg").order_by("position").first()
    decks = [obj for obj in lines if obj["model"] == "decks.deck"]
    assert {tuple(obj["fields"]["format"]) for obj in decks if obj["fields"]["format"]} == {
        ("swccg", fmt.code)
    }


def test_a_table_registered_before_what_it_refers_to_is_refused():
    """A user's groups are looked up by name as the user is loaded: groups must come first."""
    before = backups.user_models()
    with pytest.raises(ImproperlyConfigured, match="auth.user refers to auth.group"):
        backups.register("cardsdb", [User, Group, ApiToken, CardFact], natural_keys=[Group, User])
    assert backups.user_models() == before


# --- the portable user data -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_user_data_restores_into_an_emptied_database_intact(archive):
    before = snapshot()
    assert _counts(before)["decks.collectionchange"] == 16
    _delete_user_data()
    assert all(n == 0 for n in _counts(snapshot()).values())

    counts = backups.restore_user_data(archive)

    assert counts == _counts(before)
    assert snapshot() == before
    alice = User.objects.get(username=f"{PREFIX}alice")
    assert alice.check_password("x-wing-pass-123")
    assert bytes(SavedReplay.objects.get(kind="gemp").gemp_file) == GEMP_BYTES
    deck = Deck.objects.filter(owner=alice).first()
    assert deck.created_at == dt.datetime(2020, 5, 4, 12, 0, tzinfo=dt.UTC)
    assert list(deck.versions.values_list("number", flat=True)) == [3, 2, 1]
    bob = User.objects.get(username=f"{PREFIX}bob")
    assert bob.has_perm("decks.change_deck") and bob.has_perm("decks.view_deck")
    # New rows get new ids after the restored ones (PostgreSQL's sequences are reset).
    assert Deck.objects.create(owner=alice, name="new", game_id="swccg").pk > max(
        r["id"] for r in before["decks.deck"]
    )


@pytest.mark.django_db
def test_user_data_follows_cards_whose_ids_changed(archive):
    """After a re-import a card may have another row id: the restore finds it by game and code."""
    before = snapshot()
    deck_card = DeckCard.objects.filter(deck__owner__username=f"{PREFIX}alice").first()
    old_id = deck_card.card_id
    _delete_user_data()
    card = Card.objects.get(pk=old_id)
    Card.objects.filter(pk=old_id).delete()  # as a re-import that dropped the card and brought it back
    card.pk = None
    card.save()
    new_id = card.pk
    assert new_id != old_id

    backups.restore_user_data(archive)

    assert snapshot() == before
    assert DeckCard.objects.filter(card_id=new_id).exists()
    assert not DeckCard.objects.filter(card_id=old_id).exists()


@pytest.mark.django_db
def test_user_data_is_not_loaded_over_existing_users_unless_replaced(archive):
    before = snapshot()
    with pytest.raises(backups.BackupError) as refused:
        backups.restore_user_data(archive)
    assert refused.value.code == "restore-not-empty"
    assert snapshot() == before

    Deck.objects.filter(owner__username=f"{PREFIX}alice").first().delete()
    User.objects.create_user("someone-else")
    backups.restore_user_data(archive, replace=True)
    assert snapshot() == before


@pytest.mark.django_db
def test_missing_cards_are_named_and_nothing_is_restored(archive):
    _delete_user_data()
    card = _cards("swtcg", 3)[1]
    Card.objects.filter(pk=card.pk).delete()

    with pytest.raises(backups.BackupError) as refused:
        backups.restore_user_data(archive)

    assert refused.value.code == "restore-missing-cards"
    assert refused.value.cards == [f"swtcg {card.code}"]
    assert f"swtcg {card.code}" in refused.value.message
    assert not User.objects.exists()


@pytest.mark.django_db
def test_missing_formats_are_named_and_nothing_is_restored(archive):
    _delete_user_data()
    fmt = Format.objects.filter(game_id="swccg").order_by("position").first()
    fmt.delete()

    with pytest.raises(backups.BackupError) as refused:
        backups.restore_user_data(archive)

    assert refused.value.code == "restore-missing-formats"
    assert f"swccg {fmt.code}" in refused.value.message and "import_formats" in refused.value.message
    assert not User.objects.exists()


@pytest.mark.django_db
def test_a_game_without_its_catalogue_is_named(archive):
    _delete_user_data()
    Card.objects.filter(game_id="swdbg").delete()

    with pytest.raises(backups.BackupError) as refused:
        backups.restore_user_data(archive)

    assert refused.value.code == "restore-no-catalogue"
    assert "swdbg" in refused.value.message and "import_cards swdbg" in refused.value.message
    assert not User.objects.exists()


@pytest.mark.django_db
def test_a_failure_while_loading_rolls_everything_back(archive, tmp_path):
    """Checks pass, then one row cannot be stored: the rows loaded before it go too (one transaction)."""
    lines = _members_of(archive)[backups.USER_DATA].decode().splitlines()
    broken = [json.loads(line) for line in lines]
    last_deck = max(i for i, obj in enumerate(broken) if obj["model"] == "decks.deck")
    broken[last_deck]["fields"]["owner"] = 999_999_999  # no such user
    data = "\n".join(json.dumps(obj) for obj in broken).encode()
    forged = _with_valid_manifest(tmp_path / "forged.tar.gz", archive, data)
    _delete_user_data()

    with pytest.raises(backups.BackupError) as refused:
        backups.restore_user_data(forged)

    assert refused.value.code == "restore-failed"
    assert not User.objects.exists() and not Deck.objects.exists()


# --- damaged and hostile archives -----------------------------------------------------------------------------


def _assert_refused(path: Path, code: str, before: dict) -> None:
    for restore in (backups.restore_user_data, backups.restore_database):
        with pytest.raises(backups.BackupError) as refused:
            restore(path)
        assert refused.value.code == code, refused.value.message
    with pytest.raises(backups.BackupError):
        backups.restore_user_data(path, replace=True)
    assert snapshot() == before


@pytest.mark.django_db
def test_corrupted_and_truncated_archives_change_nothing(archive, tmp_path):
    before = snapshot()
    data = archive.read_bytes()
    truncated = tmp_path / "truncated.tar.gz"
    truncated.write_bytes(data[: len(data) // 2])
    _assert_refused(truncated, "backup-corrupt", before)

    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0xFF
    damaged = tmp_path / "damaged.tar.gz"
    damaged.write_bytes(bytes(flipped))
    _assert_refused(damaged, "backup-corrupt", before)

    # A part changed inside a well-formed archive: only the manifest's checksum tells.
    user_data = _members_of(archive)[backups.USER_DATA].replace(b"alice@example.org", b"alice@example.net", 1)
    changed = _rebuild(tmp_path / "changed.tar.gz", archive, parts={backups.USER_DATA: user_data})
    _assert_refused(changed, "backup-corrupt", before)

    not_gzip = tmp_path / "notes.tar.gz"
    not_gzip.write_text("not an archive")
    _assert_refused(not_gzip, "backup-corrupt", before)

    with pytest.raises(backups.BackupError) as refused:
        backups.restore_user_data(tmp_path / "nowhere.tar.gz")
    assert refused.value.code == "backup-not-found"


@pytest.mark.django_db
def test_hostile_archives_are_refused(archive, tmp_path):
    before = snapshot()
    manifest = _members_of(archive)[backups.MANIFEST]
    outside = tmp_path / "x"
    cases = {
        "traversal": [_member(backups.MANIFEST, manifest), _member("../../x", b"pwned")],
        "traversal-first": [_member("../../x", b"pwned")],
        "absolute": [_member(backups.MANIFEST, manifest), _member(str(outside), b"pwned")],
        "nested-name": [_member(backups.MANIFEST, manifest), _member(f"sub/{backups.USER_DATA}", b"")],
        "symlink-manifest": [_member(backups.MANIFEST, type=tarfile.SYMTYPE, linkname="/etc/passwd")],
        "symlink-part": [
            _member(backups.MANIFEST, manifest),
            _member(backups.USER_DATA, type=tarfile.SYMTYPE, linkname="/etc/passwd"),
        ],
        "hardlink-part": [
            _member(backups.MANIFEST, manifest),
            _member(backups.USER_DATA, type=tarfile.LNKTYPE, linkname=backups.MANIFEST),
        ],
        "directory": [_member(backups.MANIFEST, manifest), _member(backups.USER_DATA, type=tarfile.DIRTYPE)],
        "device": [_member(backups.MANIFEST, manifest), _member(backups.USER_DATA, type=tarfile.CHRTYPE)],
        "twice": [_member(backups.MANIFEST, manifest), _member(backups.MANIFEST, manifest)],
        "huge-manifest": [_member(backups.MANIFEST, b" " * (backups.MAX_MANIFEST_BYTES + 1))],
    }
    for name, members in cases.items():
        path = _write_tar(
            tmp_path / f"{name}.tar.gz", [(info, data if info.isreg() else None) for info, data in members]
        )
        _assert_refused(path, "backup-unsafe", before)
        assert not outside.exists() and not (tmp_path.parent.parent / "x").exists(), name


@pytest.mark.django_db
def test_malformed_manifests_are_refused(archive, tmp_path):
    before = snapshot()
    good = json.loads(_members_of(archive)[backups.MANIFEST])
    deep = b"[" * 100_000 + b"]" * 100_000
    cases = {
        "not-json": b"{",
        "deep": deep,
        "surrogate": b'{"format": "\\ud800"}',
        "list": b"[]",
        "other-format": json.dumps({**good, "format": "something"}).encode(),
        "future-version": json.dumps({**good, "version": 99}).encode(),
        "engine": json.dumps({**good, "engine": "oracle"}).encode(),
        "bad-part": json.dumps(
            {**good, "parts": {**good["parts"], "../../x": good["parts"][backups.USER_DATA]}}
        ).encode(),
        "bad-size": json.dumps(
            {**good, "parts": {backups.USER_DATA: {"sha256": "0" * 64, "bytes": 10**30}}}
        ).encode(),
        "bad-counts": json.dumps({**good, "counts": {"auth.user": -1}}).encode(),
    }
    for name, body in cases.items():
        # The manifest is read and refused before any other member.
        path = _write_tar(tmp_path / f"{name}.tar.gz", [_member(backups.MANIFEST, body)])
        _assert_refused(path, "backup-corrupt", before)
    # A manifest after the parts, or none at all.
    members = _members_of(archive)
    late = _write_tar(tmp_path / "late.tar.gz", [_member(n, members[n]) for n in reversed(list(members))])
    _assert_refused(late, "backup-corrupt", before)
    empty = _write_tar(tmp_path / "empty.tar.gz", [])
    _assert_refused(empty, "backup-corrupt", before)


@pytest.mark.django_db
def test_forged_user_data_with_valid_checksums_is_refused(archive, tmp_path):
    """The checksums only prove the archive is as written; what it holds is checked too."""
    _delete_user_data()
    cases = {
        "catalogue-row": json.dumps({"model": "cardsdb.card", "pk": 1, "fields": {"code": "x"}}),
        "permission": json.dumps({"model": "auth.permission", "pk": 1, "fields": {}}),
        "no-pk": json.dumps({"model": "auth.user", "fields": {"username": "x"}}),
        "surrogate": '{"model": "auth.user", "pk": 5, "fields": {"username": "\\udc00"}}',
        "deep": '{"model": "auth.user", "pk": 5, "fields": {"x": ' + "[" * 5000 + "]" * 5000 + "}}",
        "not-json": "{",
        "card-by-id": json.dumps(
            {"model": "decks.collectionitem", "pk": 1, "fields": {"owner": 1, "card": 1, "quantity": 1}}
        ),
    }
    for name, line in cases.items():
        path = _with_valid_manifest(tmp_path / f"{name}.tar.gz", archive, (line + "\n").encode())
        with pytest.raises(backups.BackupError) as refused:
            backups.restore_user_data(path)
        assert refused.value.code in {"backup-invalid", "backup-corrupt"}, (name, refused.value.message)
        assert not User.objects.exists(), name
    not_utf8 = _with_valid_manifest(tmp_path / "latin1.tar.gz", archive, b'{"model": "auth.user"}\xff\n')
    with pytest.raises(backups.BackupError) as refused:
        backups.restore_user_data(not_utf8)
    assert refused.value.code == "backup-invalid"


@pytest.mark.django_db
def test_a_whole_restore_needs_the_same_engine(archive, tmp_path):
    manifest = json.loads(_members_of(archive)[backups.MANIFEST])
    other = "sqlite" if manifest["engine"] == "postgresql" else "postgresql"
    path = _rebuild(tmp_path / "other.tar.gz", archive, manifest={**manifest, "engine": other})
    with pytest.raises(backups.BackupError) as refused:
        backups.restore_database(path)
    assert refused.value.code == "restore-engine-mismatch"
    assert "--user-data" in refused.value.message


@pytest.mark.django_db
def test_a_backup_from_newer_code_is_refused(archive, tmp_path):
    manifest = json.loads(_members_of(archive)[backups.MANIFEST])
    manifest["migrations"]["decks"].append("0999_from_the_future")
    path = _rebuild(tmp_path / "newer.tar.gz", archive, manifest=manifest)
    _delete_user_data()
    for restore in (backups.restore_user_data, backups.restore_database, backups.verify_backup):
        with pytest.raises(backups.BackupError) as refused:
            restore(path)
        assert refused.value.code == "backup-newer-schema"
        assert "decks.0999_from_the_future" in refused.value.message
    assert not User.objects.exists()


# --- the engine's own copy, into an empty database ------------------------------------------------------------

USER_TABLES = [
    "auth_user",
    "auth_group",
    "auth_user_groups",
    "auth_user_user_permissions",
    "auth_group_permissions",
    "decks_deck",
    "decks_deckcard",
    "decks_deckversion",
    "decks_collectionitem",
    "decks_collectionchange",
    "rules_savedgame",
    "rules_savedreplay",
    "cardsdb_apitoken",
    "cardsdb_cardfact",
]
CATALOGUE_TABLES = ["cardsdb_card", "decks_format", "django_migrations"]


def _rows(cursor, table: str) -> list[tuple]:
    cursor.execute(f"SELECT * FROM {table} ORDER BY 1")
    return [tuple(bytes(v) if isinstance(v, memoryview) else v for v in row) for row in cursor.fetchall()]


@pytest.mark.django_db
def test_sqlite_copy_restores_into_an_empty_file(archive, tmp_path):
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite copy; PostgreSQL's is tested by test_pg_dump_restores_into_an_empty_database")
    target = tmp_path / "restored.sqlite3"

    manifest = backups.restore_database(archive, target={"NAME": str(target)})

    assert manifest["engine"] == "sqlite"
    # With Django's converters (booleans, times), as its own cursor reads the live database.
    restored = sqlite3.connect(target, detect_types=sqlite3.PARSE_DECLTYPES | sqlite3.PARSE_COLNAMES)
    try:
        assert restored.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        with connection.cursor() as live:
            for table in USER_TABLES:
                rows = _rows(restored.cursor(), table)
                assert rows == _rows(live, table), table
            for table in CATALOGUE_TABLES:
                assert _rows(restored.cursor(), table) == _rows(live, table), table
        assert restored.execute("SELECT COUNT(*) FROM auth_user").fetchone()[0] == 3
        assert restored.execute("SELECT COUNT(*) FROM decks_deckversion").fetchone()[0] == 12
    finally:
        restored.close()


@pytest.fixture
def target_database():
    """An empty scratch PostgreSQL database, dropped afterwards."""
    import psycopg

    settings_dict = connection.settings_dict
    params = {
        "host": settings_dict["HOST"] or None,
        "port": settings_dict["PORT"] or None,
        "user": settings_dict["USER"] or None,
        "password": settings_dict["PASSWORD"] or None,
    }
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {TARGET_DB} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {TARGET_DB}")
    try:
        yield {**settings_dict, "NAME": TARGET_DB}, params
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **params) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {TARGET_DB} WITH (FORCE)")


@pytest.mark.django_db
def test_pg_dump_restores_into_an_empty_database(archive, target_database):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL); the SQLite copy is tested on SQLite")
    import psycopg
    from psycopg.types.string import TextLoader

    settings_dict, params = target_database
    # Twice: into the empty database, then over the restored one (--clean drops what it replaces).
    for _ in range(2):
        manifest = backups.restore_database(archive, target=settings_dict)
        assert manifest["engine"] == "postgresql"
        with psycopg.connect(dbname=TARGET_DB, **params) as restored, connection.cursor() as live:
            # JSON columns as text, as Django's own connection reads them.
            restored.adapters.register_loader("jsonb", TextLoader)
            restored.adapters.register_loader("json", TextLoader)
            for table in USER_TABLES + CATALOGUE_TABLES:
                assert _rows(restored.cursor(), table) == _rows(live, table), table
            assert restored.execute("SELECT COUNT(*) FROM auth_user").fetchone()[0] == 3
            extensions = restored.execute("SELECT extname FROM pg_extension").fetchall()
            assert ("pg_trgm",) in extensions


@pytest.mark.django_db
def test_a_missing_pg_dump_is_named(monkeypatch, tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("pg_dump serves PostgreSQL only")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(backups.BackupError) as refused:
        backups.create_backup(tmp_path / "b.tar.gz")
    assert refused.value.code == "backup-tool-missing"
    assert "pg_dump" in refused.value.message
    assert not (tmp_path / "b.tar.gz").exists()


# --- the commands ---------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_commands(archive, tmp_path, capsys):
    call_command("restore", str(archive), "--check")
    assert "intact" in capsys.readouterr().out

    damaged = tmp_path / "damaged.tar.gz"
    damaged.write_bytes(archive.read_bytes()[:-100])
    for args in ([str(damaged), "--check"], [str(damaged), "--user-data", "--noinput"]):
        with pytest.raises(CommandError, match="nothing was changed.*backup-corrupt"):
            call_command("restore", *args, verbosity=0)

    before = snapshot()
    call_command("restore", str(archive), "--user-data", "--replace", "--noinput", verbosity=0)
    assert snapshot() == before
    with pytest.raises(CommandError, match="--replace applies to --user-data"):
        call_command("restore", str(archive), "--replace", "--noinput")


@pytest.mark.django_db
def test_a_backup_inside_a_transaction(tmp_path):
    """PostgreSQL: the caller's transaction is the snapshot, and pg_dump sees what it has committed. SQLite cannot
    copy a database from a connection that is writing: refused at once, not a wait for ever."""
    path = tmp_path / "in-transaction.tar.gz"
    if connection.vendor == "sqlite":
        with pytest.raises(backups.BackupError) as refused:
            backups.create_backup(path)
        assert refused.value.code == "backup-in-transaction"
        assert not path.exists()
        return
    User.objects.create_user(f"{PREFIX}uncommitted")
    result = backups.create_backup(path)
    assert result.manifest["counts"]["auth.user"] == User.objects.count()
    assert backups.verify_backup(path) == result.manifest
