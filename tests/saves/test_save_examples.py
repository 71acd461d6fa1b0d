"""The example saves in ``saves/`` (one per game and format version) still load."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import msgspec

from flight_tui.bots import make_bot
from flight_tui.games import game_names
from flight_tui.games.passaportas.rules.map import board_map
from flight_tui.saves import CURRENT_VERSION, SaveStore

HERE = Path(__file__).parent
EXAMPLES = HERE.parents[1] / "saves"


def load_generator():
    spec = importlib.util.spec_from_file_location("make_examples", HERE / "make_examples.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def example_files() -> list[Path]:
    return sorted(EXAMPLES.glob("*.json"))


def test_every_example_save_loads():
    store = SaveStore(EXAMPLES)
    assert example_files()
    for path in example_files():
        table = store.load(path.stem)
        assert msgspec.json.encode(table.replay()) == msgspec.json.encode(table.state)
    assert [e.slot for e in store.list_saves() if not e.readable] == []


def test_each_game_has_an_example_at_the_current_format():
    generator = load_generator()
    for game in game_names():
        path = generator.example_path(EXAMPLES, game)
        assert path.is_file(), f"run tests/saves/make_examples.py to add {path.name}"
    for path in example_files():
        game, version = path.stem.rsplit("-v", 1)
        doc = msgspec.json.decode(path.read_bytes())
        assert doc["game"] == game and doc["version"] == int(version) <= CURRENT_VERSION


def test_the_flight_example_is_mid_hand_with_a_person_and_two_bots():
    table = SaveStore(EXAMPLES).load("flight-v1")
    assert [seat.kind for seat in table.seats] == ["human", "normal", "hard"]
    assert not table.is_over() and table.state.hand_no == 1 and len(table.actions) >= 20


def test_a_flight_game_begun_under_format_1_goes_on_by_its_old_house_rules():
    """The example's third move discards the exposed card just taken, which H16 now forbids."""
    table = SaveStore(EXAMPLES).load("flight-v1")
    config = table.state.config
    assert (config.max_reforms, config.discard_taken, config.max_turns) == (2, True, 200)
    drew, discarded = (next(e for e in table.state.log if type(e).__name__ == kind) for kind in ("Drew", "Discarded"))
    assert drew.from_discard == discarded.card >= 0


def play_on(table, actions: int, seed: int) -> None:
    """Random legal moves for every seat, ``actions`` of them or until the game ends."""
    bots = [make_bot(table.rules.name, "random", seed + i) for i in range(len(table.seats))]
    for _ in range(actions):
        if table.is_over():
            return
        seat = table.to_act()[0]
        table.submit(seat, bots[seat].choose(table.view(seat)))


def test_an_old_passaportas_game_keeps_the_first_map_and_its_wild_token_setting_and_plays_on():
    table = SaveStore(EXAMPLES).load("passaportas-v1")
    assert table.config.edition == 1 and not table.config.wild_tokens
    assert table.rules.map_of(table.config) is board_map(1) and len(board_map(1).legs) < len(board_map().legs)
    play_on(table, 2_000, seed=8)
    assert len(table.actions) > 40


def test_an_old_cooperative_game_keeps_reshuffling_the_departure_deck_and_plays_to_its_end():
    table = SaveStore(EXAMPLES).load("connecting-flights-coop-v1")
    assert table.config.reuse_departure_cards
    play_on(table, 20_000, seed=8)
    assert table.is_over()


def test_new_games_use_the_current_rules():
    passaportas = SaveStore(EXAMPLES).load("passaportas-v2").config
    assert passaportas.edition == 2 and passaportas.wild_tokens
    assert not SaveStore(EXAMPLES).load("connecting-flights-coop-v2").config.reuse_departure_cards


def test_the_generator_never_replaces_an_example(tmp_path):
    generator = load_generator()
    written = generator.write_examples(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{game}-v{CURRENT_VERSION}.json" for game in game_names())
    store = SaveStore(tmp_path)
    assert all(store.load(p.stem) for p in written)
    written[0].write_bytes(b"kept")
    assert generator.write_examples(tmp_path) == []
    assert written[0].read_bytes() == b"kept"
