"""Schemas of the deck history and sharing API (decks/history/api.py): what its answers and bodies hold. The views
check the bodies themselves, refusing unknown keys."""

from drf_spectacular.utils import OpenApiExample, extend_schema_serializer
from rest_framework import serializers

from cardsdb.api.schema import StrictSerializer
from decks.legality.serializers import ZONES, DeckSummaryOut, ViolationOut


class Page(serializers.Serializer):
    count = serializers.IntegerField()
    page_size = serializers.IntegerField()
    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)


class VersionSummaryOut(serializers.Serializer):
    number = serializers.IntegerField(help_text="The deck's version after that save.")
    created_at = serializers.DateTimeField()
    note = serializers.CharField(
        allow_blank=True, help_text="'restored version 3', 'duplicated from deck 7…'."
    )
    is_public = serializers.BooleanField(
        help_text="Saved while the deck was public: only such versions are shown to anyone but the owner."
    )
    name = serializers.CharField()
    format = serializers.CharField(allow_null=True)
    cards = serializers.IntegerField(help_text="Copies in all zones.")
    url = serializers.CharField()


class VersionPageOut(Page):
    results = VersionSummaryOut(many=True)


class VersionCardOut(serializers.Serializer):
    id = serializers.CharField()
    zone = serializers.ChoiceField(choices=ZONES)
    count = serializers.IntegerField()
    title = serializers.CharField()
    type = serializers.CharField(required=False)
    side = serializers.CharField(required=False)


class VersionOut(VersionSummaryOut):
    side = serializers.CharField(allow_blank=True)
    notes = serializers.CharField(allow_blank=True)
    setup = serializers.DictField(required=False, help_text="SW:DBG decks only.")
    card_list = VersionCardOut(many=True)


class FieldChangeOut(serializers.Serializer):
    field = serializers.ChoiceField(choices=["name", "side", "format_code", "notes", "setup"])
    # "from"/"to" are Python keywords: declared below under their JSON names.


FieldChangeOut._declared_fields["from"] = serializers.JSONField()
FieldChangeOut._declared_fields["to"] = serializers.JSONField()


class CardChangeOut(serializers.Serializer):
    code = serializers.CharField()
    zone = serializers.ChoiceField(choices=ZONES)
    delta = serializers.IntegerField(help_text="Copies added (> 0) or removed (< 0).")
    title = serializers.CharField()
    type = serializers.CharField(required=False)
    side = serializers.CharField(required=False)


CardChangeOut._declared_fields["from"] = serializers.IntegerField()
CardChangeOut._declared_fields["to"] = serializers.IntegerField()


class LegalityChangeOut(serializers.Serializer):
    format = serializers.CharField()
    from_legal = serializers.BooleanField()
    to_legal = serializers.BooleanField()
    change = serializers.ChoiceField(
        choices=["legal→illegal", "illegal→legal", "still legal", "still illegal"]
    )
    appeared = serializers.ListField(child=serializers.CharField(), help_text="Violation codes new in `to`.")
    disappeared = serializers.ListField(child=serializers.CharField(), help_text="Codes `to` no longer has.")
    from_violations = ViolationOut(many=True)
    to_violations = ViolationOut(many=True)


class DiffOut(serializers.Serializer):
    fields = FieldChangeOut(many=True)
    added = CardChangeOut(many=True)
    removed = CardChangeOut(many=True)
    legality = LegalityChangeOut(
        allow_null=True, help_text="In the deck's format (or ?format=); null without."
    )


DiffOut._declared_fields["from"] = serializers.IntegerField()
DiffOut._declared_fields["to"] = serializers.IntegerField()


@extend_schema_serializer(examples=[OpenApiExample("restore", {"version": 1})])
class RestoreIn(StrictSerializer):
    # The bound the view holds it to (decks/history/api.py MAX_ID): a larger number is a 400, so the schema says so.
    version = serializers.IntegerField(
        min_value=1, max_value=2_147_483_647, help_text="The kept version to restore."
    )


@extend_schema_serializer(examples=[OpenApiExample("duplicate", {"name": "My copy"})])
class DuplicateIn(StrictSerializer):
    name = serializers.CharField(
        required=False, min_length=1, max_length=100, help_text="Default: 'Copy of <name>'."
    )


class CompareCardOut(serializers.Serializer):
    card = serializers.CharField()
    title = serializers.CharField()
    count = serializers.IntegerField()


class CompareBothOut(serializers.Serializer):
    card = serializers.CharField()
    title = serializers.CharField()
    a = serializers.IntegerField()
    b = serializers.IntegerField()


class CompareOut(serializers.Serializer):
    a = DeckSummaryOut()
    b = DeckSummaryOut()
    only_a = CompareCardOut(many=True)
    only_b = CompareCardOut(many=True)
    both = CompareBothOut(many=True)


class PublicDeckOut(DeckSummaryOut):
    share_url = serializers.CharField(help_text="The deck's stable page /d/<share_id>/.")
    cards = serializers.IntegerField(help_text="Copies in all zones.")


class PublicDeckPageOut(Page):
    results = PublicDeckOut(many=True)


class ShareLinkOut(serializers.Serializer):
    id = serializers.IntegerField()
    is_public = serializers.BooleanField(help_text="The link shows the deck only while it is public.")
    share_url = serializers.CharField(help_text="The new address, /d/<share_id>/; the old one is a 404 now.")
