"""Output shapes of the catalogue API (read-only)."""

from django.urls import reverse
from django.utils.encoding import iri_to_uri
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.values import as_int_if_whole

from ..face_facts import card_facts
from ..models import STAT_FIELDS, Card, CardRelation, CardSet, Game, Printing, Variant


class LinkField(serializers.CharField):
    """A link from the card data, as a valid URL: the sources write some with spaces ("…/2-1B (Too-Onebee)/…"),
    which are percent-encoded here. Empty when there is none, so the schema says string, not uri."""

    def __init__(self, **kwargs):
        kwargs.setdefault("read_only", True)
        kwargs.setdefault(
            "help_text", "An absolute URL (unsafe characters percent-encoded), or empty when there is none."
        )
        super().__init__(**kwargs)

    def to_representation(self, value):
        return iri_to_uri(value) if value else ""


class GameSerializer(serializers.ModelSerializer):
    class Meta:
        model = Game
        fields = ["code", "name", "short_name", "publisher", "years"]


class SetSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="game_id")
    url = serializers.SerializerMethodField()

    class Meta:
        model = CardSet
        fields = [
            "game",
            "code",
            "abbr",
            "name",
            "gemp_name",
            "release_date",
            "size",
            "legacy",
            "kind",
            "cycle",
            "url",
        ]

    def get_url(self, obj: CardSet) -> str:
        return reverse("set-detail", args=[obj.game_id, obj.code])


class SetBriefSerializer(serializers.ModelSerializer):
    class Meta:
        model = CardSet
        fields = ["code", "abbr", "name"]


class UniquenessSerializer(serializers.Serializer):
    kind = serializers.CharField(source="uniqueness_kind")
    limit = serializers.IntegerField(source="uniqueness_limit", allow_null=True)
    mark = serializers.CharField(source="uniqueness_mark")


class CardListSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="game_id")
    id = serializers.CharField(source="code")
    uniqueness = UniquenessSerializer(source="*")
    set = SetBriefSerializer(source="card_set", allow_null=True)
    stats = serializers.SerializerMethodField()
    values = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()
    api_url = serializers.SerializerMethodField()
    image_url = LinkField()
    alternate_image = serializers.SerializerMethodField(
        help_text='The kind of alternate image this printing is ("AI", "Holo AI"…), "" for the plain card.'
    )

    class Meta:
        model = Card
        fields = [
            "game",
            "id",
            "title",
            "name",
            "side",
            "type",
            "subtype",
            "uniqueness",
            "edition",
            "set",
            "rarity",
            "alternate_image",
            "stats",
            "values",
            "image_url",
            "url",
            "api_url",
        ]

    @extend_schema_field(serializers.DictField(child=serializers.CharField()))
    def get_stats(self, obj: Card) -> dict:
        """Each stat as printed ("2 or 5", "π", "*")."""
        return obj.stats_text

    @extend_schema_field(serializers.DictField(child=serializers.FloatField()))
    def get_values(self, obj: Card) -> dict:
        """Each stat's numeric value, where it has one (see the search help for ½, π and alternatives)."""
        return {f: as_int_if_whole(getattr(obj, f)) for f in STAT_FIELDS if getattr(obj, f) is not None}

    def get_alternate_image(self, obj: Card) -> str:
        return obj.alternate_image

    def get_url(self, obj: Card) -> str:
        return obj.get_absolute_url()

    def get_api_url(self, obj: Card) -> str:
        return reverse("api-card-detail", args=[obj.game_id, obj.code])


# The columns CardListSerializer reads: cards a search serialises are loaded with only these (another one read
# would cost a query a card).
LIST_COLUMNS = (
    "game",
    "code",
    "title",
    "name",
    "side",
    "type",
    "subtype",
    "uniqueness_kind",
    "uniqueness_limit",
    "edition",
    "card_set__code",
    "card_set__abbr",
    "card_set__name",
    "rarity",
    "extra",
    "stats_text",
    *STAT_FIELDS,
    "image_url",
)


class CardRefSerializer(serializers.ModelSerializer):
    id = serializers.CharField(source="code")
    url = serializers.SerializerMethodField()

    class Meta:
        model = Card
        fields = ["id", "title", "side", "edition", "url"]

    def get_url(self, obj: Card) -> str:
        return obj.get_absolute_url()


class PrintingSerializer(serializers.ModelSerializer):
    set = SetBriefSerializer(source="card_set")

    class Meta:
        model = Printing
        fields = ["set", "rarity"]


class VariantSerializer(serializers.ModelSerializer):
    image_url = LinkField()
    printable_slip_url = LinkField()

    class Meta:
        model = Variant
        fields = ["title", "kind", "image_url", "printable_slip_url", "source_id", "rarity", "differences"]


class RelationSerializer(serializers.ModelSerializer):
    target = CardRefSerializer(allow_null=True)

    class Meta:
        model = CardRelation
        fields = ["kind", "text", "target"]


class FactSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    value = serializers.CharField()
    note = serializers.CharField(
        help_text='"disputed" (the sources disagree), "unknown" (none gives it) or ""'
    )


class CardDetailSerializer(CardListSerializer):
    personas = serializers.SerializerMethodField()
    facts = serializers.SerializerMethodField()
    printings = PrintingSerializer(many=True)
    variants = VariantSerializer(many=True)
    relations = RelationSerializer(many=True)
    current_version = CardRefSerializer(allow_null=True)
    earlier_versions = CardRefSerializer(many=True)
    aliases = serializers.SerializerMethodField()
    printable_slip_url = LinkField()

    class Meta(CardListSerializer.Meta):
        fields = [
            *CardListSerializer.Meta.fields,
            "source_id",
            "destiny_values",
            "icons",
            "characteristics",
            "keywords",
            "species",
            "extra_text",
            "gametext",
            "lore",
            "back",
            "nicknames",
            "rulings",
            "errata",
            "printable_slip_url",
            "printable_slip_type",
            "personas",
            "printings",
            "variants",
            "relations",
            "current_version",
            "earlier_versions",
            "aliases",
            "extra",
            "facts",
        ]

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_personas(self, obj: Card) -> list[dict]:
        return [{"code": p.code, "name": p.name} for p in obj.personas.all()]

    @extend_schema_field(FactSerializer(many=True))
    def get_facts(self, obj: Card) -> list[dict]:
        """The card's facts as its game prints them (SWTCG arenas and version, SW:DBG traits, reward…), with
        disputed and unknown values marked."""
        return FactSerializer(card_facts(obj), many=True).data

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_aliases(self, obj: Card) -> list[dict]:
        return [{"id": a.code, "face": a.face, "reason": a.reason} for a in obj.aliases.all()]
