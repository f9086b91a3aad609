from django.urls import path

from .views import calculators, game_table, games, swccg_replays

urlpatterns = [
    path("games/swdbg/replay/", games.replay_page, name="swdbg-replay"),
    path("games/swccg/replay/", swccg_replays.viewer_page, name="swccg-replay"),
    path("games/swccg/replay/<slug:token>/", swccg_replays.shared_page, name="swccg-replay-shared"),
    path("games/swccg/replay/<slug:token>/file", swccg_replays.shared_file, name="swccg-replay-file"),
    path(
        "games/swccg/replays/<int:replay_id>/new-link/", swccg_replays.new_link, name="swccg-replay-new-link"
    ),
    path("games/swccg/calculators/", calculators.index_page, name="swccg-calculators"),
    path("games/swccg/calculators/<slug:kind>/", calculators.calculator_page, name="swccg-calculator"),
    path("games/", games.games_page, name="games"),
    path("games/<int:game_id>/", game_table.game_page, name="game-play"),
    path("games/<int:game_id>/replay/", games.game_replay_page, name="game-replay"),
    path("games/<int:game_id>/table/", game_table.state_view, name="game-table-state"),
    path("games/<int:game_id>/table/move", game_table.move_view, name="game-table-move"),
    path("games/<int:game_id>/table/hint", game_table.hint_view, name="game-table-hint"),
    path("games/<int:game_id>/undo", game_table.undo_view, name="game-table-undo"),
    path("games/<int:game_id>/resign", game_table.resign_view, name="game-table-resign"),
    path("games/<int:game_id>/rematch", game_table.rematch_view, name="game-rematch"),
]
