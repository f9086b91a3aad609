from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet

from .importers import facts as card_facts
from .models import ApiToken, Card, CardFact, CardSet, ImportRun, Persona


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["game", "code", "abbr", "name", "release_date", "kind", "legacy"]
    list_filter = ["game", "kind", "legacy"]


@admin.register(Persona)
class PersonaAdmin(admin.ModelAdmin):
    list_display = ["game", "code", "name"]
    list_filter = ["game"]


# --- facts: saving one applies it to its card at once (cardsdb/importers/facts.py), as imports do ----------


def _report(request, warnings: list[str]) -> None:
    for warning in warnings:
        messages.warning(request, warning)


class CardFactForm(forms.ModelForm):
    def clean(self):
        data = super().clean()
        if data.get("field") and "value" in data:
            try:
                data["value"] = card_facts.check_value(data["field"], data["value"])
            except ValueError as exc:
                self.add_error("value", str(exc))
        return data


class CardFactFormSet(BaseInlineFormSet):
    def clean(self):
        super().clean()
        fields = [
            f.cleaned_data.get("field")
            for f in self.forms
            if f.cleaned_data and not f.cleaned_data.get("DELETE")
        ]
        # Facts are keyed by the card's code: one stored without a link to this row counts too.
        card = self.instance
        unlinked = CardFact.objects.filter(game_id=card.game_id, card_code=card.code).exclude(card=card)
        elsewhere = set(unlinked.values_list("field", flat=True))
        repeated = sorted({f for f in fields if f and (fields.count(f) > 1 or f in elsewhere)})
        if repeated:
            raise ValidationError(f"The card has more than one fact for {', '.join(repeated)}.")


class CardFactInline(admin.TabularInline):
    model = CardFact
    fk_name = "card"
    form = CardFactForm
    formset = CardFactFormSet
    fields = ["field", "value", "note", "updated_at"]
    readonly_fields = ["updated_at"]
    extra = 0


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["game", "code", "title", "side", "type", "edition"]
    list_filter = ["game", "edition", "side", "type"]
    search_fields = ["title", "code"]
    raw_id_fields = ["current_version", "card_set"]
    filter_horizontal = ["personas"]

    def get_inlines(self, request, obj):
        return [CardFactInline] if obj is not None and obj.game_id in card_facts.GAMES else []

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        # A hand edit changes the catalogue like an import: a new version, so no cache keeps the old card.
        ImportRun.objects.create(game_id=form.instance.game_id, source=f"admin: {request.user}")

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        ImportRun.objects.create(game_id=obj.game_id, source=f"admin: {request.user}")

    def delete_queryset(self, request, queryset):
        games = set(queryset.values_list("game_id", flat=True))
        super().delete_queryset(request, queryset)
        for game in games:
            ImportRun.objects.create(game_id=game, source=f"admin: {request.user}")

    def save_formset(self, request, form, formset, change):
        if formset.model is not CardFact:
            return super().save_formset(request, form, formset, change)
        card = form.instance
        for fact in formset.save(commit=False):
            fact.game_id, fact.card_code, fact.card = card.game_id, card.code, card
            fact.save()
        for fact in formset.deleted_objects:
            fact.delete()
        _report(request, card_facts.refresh_cards(card.game_id, [card.code]))


@admin.register(CardFact)
class CardFactAdmin(admin.ModelAdmin):
    form = CardFactForm
    list_display = ["game", "card_code", "field", "value", "note", "updated_at"]
    list_filter = ["game", "field"]
    search_fields = ["card_code", "note"]
    fields = ["game", "card_code", "field", "value", "note", "card", "updated_at"]
    readonly_fields = ["card", "updated_at"]

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "game":
            kwargs["queryset"] = db_field.related_model.objects.filter(code__in=card_facts.GAMES)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change, **kwargs)

        class CheckedForm(form):
            def clean(self):
                data = super().clean()
                game, code = data.get("game"), data.get("card_code")
                if game and code and not Card.objects.filter(game=game, code=code).exists():
                    self.add_error("card_code", f"No {game.code} card has the code {code!r}.")
                return data

        return CheckedForm

    def save_model(self, request, obj, form, change):
        obj.card = Card.objects.filter(game_id=obj.game_id, code=obj.card_code).first()
        previous = CardFact.objects.filter(pk=obj.pk).values_list("card_code", flat=True).first()
        super().save_model(request, obj, form, change)
        codes = {obj.card_code, previous} - {None}
        _report(request, card_facts.refresh_cards(obj.game_id, codes))

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        _report(request, card_facts.refresh_cards(obj.game_id, [obj.card_code]))

    def delete_queryset(self, request, queryset):
        touched = list(queryset.values_list("game_id", "card_code"))
        super().delete_queryset(request, queryset)
        for game in {game for game, _ in touched}:
            _report(request, card_facts.refresh_cards(game, [c for g, c in touched if g == game]))


# --- API tokens: seen and revoked, never made or edited here (cardsdb/tokens.py) ----------------------------


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Who has which token and when it was last used; revoking deletes it, so its key stops working at once.

    Neither the key (never kept) nor its hash is shown or settable: a token is made by its owner on
    /account/tokens/ or with POST /api/tokens/, the one place its key is shown."""

    list_display = ["name", "owner", "prefix", "created", "last_used"]
    list_filter = ["created", "last_used"]
    search_fields = ["name", "prefix", "owner__username"]
    list_select_related = ["owner"]
    fields = ["name", "owner", "prefix", "created", "last_used"]
    readonly_fields = fields
    actions = ["revoke"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # "revoke" is the one way, with its own words
        return actions

    @admin.action(description="Revoke the selected API tokens", permissions=["delete"])
    def revoke(self, request, queryset):
        self.log_deletions(request, queryset)  # the admin's history says who revoked which token
        revoked = queryset.delete()[1].get(ApiToken._meta.label, 0)
        messages.success(
            request,
            f"Revoked {revoked} API token{'s' if revoked != 1 else ''}: requests with "
            f"{'their keys' if revoked != 1 else 'its key'} are refused from now on.",
        )
