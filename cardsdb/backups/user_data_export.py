"""Writing the user data: every registered table's rows, one JSON object a line, catalogue rows by key."""

import json
from pathlib import Path

from django.core import serializers

from . import registry
from .progress import no_progress
from .user_data import CHUNK, Encoder, chunks, reference_fields


def export_user_data(path: Path, *, using: str = "default", progress=no_progress) -> dict[str, int]:
    """Write every user-data object to `path`, one JSON object per line; the rows per model."""
    natural = registry.natural_key_labels()
    named = registry.named_targets()
    counts = {}
    with open(path, "w", encoding="utf-8") as out:
        for model in registry.user_models():
            label = model._meta.label_lower
            queryset = model._default_manager.using(using).order_by("pk")
            m2m = [f.name for f in model._meta.many_to_many]
            if m2m:
                queryset = queryset.prefetch_related(*m2m)
            total = queryset.count()
            counts[label] = total
            bar = progress(desc=label, total=total, unit="row")
            try:
                for chunk in chunks(queryset.iterator(chunk_size=CHUNK), CHUNK):
                    objects = serializers.serialize(
                        "python", chunk, use_natural_foreign_keys=label in natural
                    )
                    _name_references(objects, model, using, named)
                    for obj in objects:
                        out.write(json.dumps(obj, cls=Encoder, ensure_ascii=False))
                        out.write("\n")
                    bar.update(len(objects))
            finally:
                bar.close()
    return counts


def _name_references(objects: list[dict], model, using: str, named: dict) -> None:
    for name, target in reference_fields(model).items():
        ids = {obj["fields"][name] for obj in objects if obj["fields"].get(name) is not None}
        if not ids:
            continue
        keys = {
            pk: [game, code]
            for pk, game, code in named[target]
            .model.objects.using(using)
            .filter(pk__in=ids)
            .values_list("pk", "game_id", "code")
        }
        for obj in objects:
            if obj["fields"].get(name) is not None:
                obj["fields"][name] = keys[obj["fields"][name]]
