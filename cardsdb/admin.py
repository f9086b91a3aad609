from django.contrib import admin

from .models import Card, CardSet, Persona


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["game", "code", "abbr", "name", "release_date", "kind", "legacy"]
    list_filter = ["game", "kind", "legacy"]


@admin.register(Persona)
class PersonaAdmin(admin.ModelAdmin):
    list_display = ["game", "code", "name"]
    list_filter = ["game"]


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["game", "code", "title", "side", "type", "edition"]
    list_filter = ["game", "edition", "side", "type"]
    search_fields = ["title", "code"]
    raw_id_fields = ["current_version", "card_set"]
    filter_horizontal = ["personas"]
