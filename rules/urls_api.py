from django.urls import path

from .api import (
    games,
    odds,
    replay_links,
    simulation_jobs,
    swccg_games,
    swccg_replays,
    swccg_rules,
    swtcg_rules,
)

urlpatterns = [
    path("simulate/opening-hand", odds.OpeningHandView.as_view(), name="api-simulate-opening-hand"),
    path("simulate/destiny", odds.DestinyView.as_view(), name="api-simulate-destiny"),
    path("simulate/sample-hands", odds.SampleHandsView.as_view(), name="api-simulate-sample-hands"),
    path(
        "decks/<int:deck_id>/simulate/<str:kind>/",
        odds.DeckSimulateView.as_view(),
        name="api-deck-simulate",
    ),
    path("rules/swtcg/stack", swtcg_rules.StackView.as_view(), name="api-swtcg-stack"),
    path(
        "rules/swtcg/confrontation", swtcg_rules.ConfrontationView.as_view(), name="api-swtcg-confrontation"
    ),
    path("rules/swccg/battle", swccg_rules.BattleView.as_view(), name="api-swccg-battle"),
    path("rules/swccg/sabacc", swccg_rules.SabaccView.as_view(), name="api-swccg-sabacc"),
    path("rules/swccg/drain", swccg_rules.DrainView.as_view(), name="api-swccg-drain"),
    path("rules/swccg/capture", swccg_rules.CaptureView.as_view(), name="api-swccg-capture"),
    path("games/swccg/replay", swccg_games.SwccgReplayView.as_view(), name="api-swccg-replay"),
    path("games/swccg/replay/view", swccg_replays.ReplayViewerView.as_view(), name="api-swccg-replay-view"),
    path("games/swccg/replays/", swccg_replays.SavedReplaysView.as_view(), name="api-swccg-replays"),
    path(
        "games/swccg/replays/<int:replay_id>/",
        swccg_replays.SavedReplayView.as_view(),
        name="api-swccg-saved-replay",
    ),
    path(
        "games/swccg/replays/<int:replay_id>/share-link/",
        replay_links.ReplayShareLinkView.as_view(),
        name="api-swccg-replay-share-link",
    ),
    path("games/swccg/gemp-replay", swccg_games.GempReplayView.as_view(), name="api-swccg-gemp-replay"),
    path(
        "games/swccg/record-schema",
        swccg_games.SwccgRecordSchemaView.as_view(),
        name="api-swccg-record-schema",
    ),
    path("games/swdbg/replay", games.ReplayView.as_view(), name="api-swdbg-replay"),
    path("games/swdbg/simulate", games.SimulateView.as_view(), name="api-swdbg-simulate"),
    path(
        "games/swdbg/simulations/",
        simulation_jobs.SimulationJobView.as_view(),
        name="api-swdbg-simulations",
    ),
    path("games/swdbg/record-schema", games.RecordSchemaView.as_view(), name="api-swdbg-record-schema"),
    path("games/swdbg/", games.NewGameView.as_view(), name="api-swdbg-games"),
    path("games/saved/", games.GamesView.as_view(), name="api-saved-games"),
    path("games/<int:game_id>/", games.GameView.as_view(), name="api-game"),
    path("games/<int:game_id>/actions", games.GameActionView.as_view(), name="api-game-actions"),
    path("games/<int:game_id>/record", games.GameRecordView.as_view(), name="api-game-record"),
    path("games/<int:game_id>/states/<int:n>", games.GameStateView.as_view(), name="api-game-state"),
]
