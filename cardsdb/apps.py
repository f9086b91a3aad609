from django.apps import AppConfig


class CardsdbConfig(AppConfig):
    name = "cardsdb"
    label = "cardsdb"
    verbose_name = "Card catalogue"
