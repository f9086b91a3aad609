"""What each seat may see: its own hand and base deck, open piles, and only counts of hidden cards."""

from tests.rules.swdbg import positions


def test_a_seat_sees_its_hand_but_only_counts_of_hidden_piles(new_game):
    game = new_game(4)
    state = game.state
    for seat in (0, 1):
        view = game.view(seat)
        me, other = view["players"][seat], view["players"][1 - seat]
        assert [c["id"] for c in me["hand"]] == state.players[seat].hand
        assert other["hand"] is None and other["hand_count"] == len(state.players[1 - seat].hand)
        assert me["deck"] is None and other["deck"] is None and view["galaxy_deck"] is None
        assert me["deck_count"] == len(state.players[seat].deck)
        assert [c["id"] for c in me["bases_left"]] == state.players[seat].bases and other[
            "bases_left"
        ] is None
        assert [c["id"] for c in view["galaxy_row"]] == state.row  # open information
    referee = game.view()
    assert all(p["hand"] is not None and p["deck"] is not None for p in referee["players"])
    assert [c["id"] for c in referee["galaxy_deck"]] == state.galaxy_deck[::-1]  # top first


def test_a_decision_shows_its_options_only_to_the_seat_that_decides(new_game):
    game = new_game(2)
    taken: set = set()
    positions.clear_hand(game, 1)
    positions.put(game, "Rebel Trooper", "hand", 1, taken)
    jyn = positions.put(game, "Jyn Erso", "hand", 1, taken)
    state = game.state
    state.active = 1
    state.force = 3  # the Force is with the Rebels
    positions.fresh(game)
    game.apply({"type": "play", "card": jyn})
    game.apply({"type": "ability", "card": jyn})
    assert game.pending()["kind"] == "hand_to_deck"
    rebel, empire = game.view(1), game.view(0)
    assert rebel["pending"]["options"] and "options" not in empire["pending"]
    assert [c["id"] for c in rebel["seen"]] == state.players[0].hand  # Jyn looked at the Empire's hand
    assert empire["seen"] == []
