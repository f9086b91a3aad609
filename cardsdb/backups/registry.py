"""The tables a backup's user data holds: each app registers its own from its AppConfig.ready()."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.core.exceptions import ImproperlyConfigured
from django.db.models import Model

from .errors import BackupError


@dataclass(frozen=True)
class NamedByKey:
    """A catalogue model the user data refers to by [game, code], never by row id: a re-import or another
    database gives its rows other ids. `missing` builds the refusal for keys a restore's catalogue lacks."""

    model: type[Model]
    missing: Callable[[list[tuple[str, str]]], BackupError]

    @property
    def label(self) -> str:
        return self.model._meta.label_lower


@dataclass(frozen=True)
class _Share:
    tables: tuple[type[Model], ...]
    natural_keys: frozenset[type[Model]]
    named: tuple[NamedByKey, ...]


# By registering app, in registration order: AppConfig.ready() runs in INSTALLED_APPS order, floor by floor
# upwards, so an app's tables come after those of the apps below it, which they refer to.
_shares: dict[str, _Share] = {}


def register(
    app_label: str,
    tables: Iterable[type[Model]],
    *,
    natural_keys: Iterable[type[Model]] = (),
    named: Iterable[NamedByKey] = (),
) -> None:
    """Declare `app_label`'s share of the user data: `tables` in the order they load; `natural_keys`, those whose
    foreign keys are written as Django natural keys; `named`, the catalogue models its rows refer to by
    [game, code]. Registering an app again replaces its share (ready() may run more than once)."""
    share = _Share(tuple(tables), frozenset(natural_keys), tuple(named))
    if not share.natural_keys <= set(share.tables):
        raise ImproperlyConfigured(f"{app_label}: natural keys are declared for tables it does not register.")
    shares = {**_shares, app_label: share}
    _check_load_order([model for each in shares.values() for model in each.tables])
    _shares.clear()
    _shares.update(shares)


def _check_load_order(tables: list[type[Model]]) -> None:
    """Each table must load after the tables it refers to: a natural key (a user's groups) is looked up as its
    row is read, and a --replace restore deletes in the reverse order."""
    seen = set()
    for model in tables:
        for field in [*model._meta.concrete_fields, *model._meta.many_to_many]:
            target = field.remote_field.model if field.is_relation else None
            if target in tables and target is not model and target not in seen:
                raise ImproperlyConfigured(
                    f"Backups: {model._meta.label_lower} refers to {target._meta.label_lower}, which must be "
                    "registered before it."
                )
        seen.add(model)


def user_models() -> list[type[Model]]:
    """Every table of the user data, in the order it loads."""
    return [model for share in _shares.values() for model in share.tables]


def natural_key_labels() -> set[str]:
    return {model._meta.label_lower for share in _shares.values() for model in share.natural_keys}


def named_targets() -> dict[str, NamedByKey]:
    """The catalogue models named by [game, code], by label, in registration order."""
    return {target.label: target for share in _shares.values() for target in share.named}


def schema_apps() -> set[str]:
    """The apps whose migrations the user data depends on; contenttypes, since permissions are named by their
    content type."""
    models = [*user_models(), *(target.model for target in named_targets().values())]
    return {"contenttypes", *(model._meta.app_label for model in models)}
