from django.urls import path

from .views import games

urlpatterns = [
    path("games/swdbg/replay/", games.replay_page, name="swdbg-replay"),
    path("games/", games.games_page, name="games"),
    path("games/<int:game_id>/", games.game_page, name="game-play"),
    path("games/<int:game_id>/replay/", games.game_replay_page, name="game-replay"),
]
