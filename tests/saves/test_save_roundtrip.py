"""Save -> load is the identity, and autosaves follow the game they belong to."""

from __future__ import annotations

import msgspec

from flight_tui.saves import SaveStore
from flight_tui.table import Table

encode = msgspec.json.encode


def same_game(a: Table, b: Table) -> bool:
    return (
        a.rules is b.rules
        and a.seed == b.seed
        and a.config == b.config
        and a.seats == b.seats
        and a.actions == b.actions
        and encode(a.state) == encode(b.state)
    )


def test_save_then_load_is_identity_over_many_random_games(store, make_table, advance):
    for seed in range(60):
        players = 2 + seed % 3
        steps = (seed * 37) % 400
        table = make_table(seed, players=players, steps=steps, hands=1 + seed % 2)
        store.save(f"game {seed}", table)
        loaded = store.load(f"game {seed}")
        assert same_game(loaded, table), seed
        advance(table, 20, seed)
        advance(loaded, 20, seed)
        assert same_game(loaded, table), seed


def test_finished_match_in_a_named_slot_loads(store, make_table):
    table = make_table(3, players=2, steps=10_000, hands=1)
    assert table.is_over()
    store.save("the end", table)
    assert same_game(store.load("the end"), table)
    assert store.list_saves()[0].progress == "match over"


def test_default_store_lives_in_the_data_dir(tmp_path, make_table):
    store = SaveStore()
    store.save("here", make_table(1))
    assert (tmp_path / "data" / "saves" / "here.json").is_file()


def test_autosave_after_every_action_and_continue_resumes_there(store, make_table, advance):
    table = make_table(5, steps=3)
    table.on_change = store.autosave
    advance(table, 25, 5)
    latest = store.latest_autosave()
    assert latest is not None and latest.autosave
    resumed = store.load(latest.slot)
    assert same_game(resumed, table)

    resumed.on_change = store.autosave
    advance(resumed, 5, 6)
    assert [e.slot for e in store.list_saves()] == [latest.slot]
    assert same_game(store.load(latest.slot), resumed)


def test_each_game_in_progress_has_its_own_autosave_and_continue_takes_the_latest(store, make_table, advance):
    first, second = make_table(1), make_table(2)
    first_slot = store.autosave(first)
    second_slot = store.autosave(second)
    assert first_slot != second_slot
    assert store.latest_autosave().slot == second_slot
    store.autosave(first)  # unchanged: not written again, so it is not the latest played
    assert store.latest_autosave().slot == second_slot
    advance(first, 1, 3)
    store.autosave(first)
    assert store.latest_autosave().slot == first_slot
    assert same_game(store.load(first_slot), first)


def test_an_unchanged_game_is_not_written_again(store, make_table, advance):
    """Issue 9, item 22: opening a save rewrote it and changed its date."""
    slot = store.autosave(make_table(3, steps=4))
    before = store.path(slot).read_bytes()
    table = store.load(slot)
    assert store.autosave(table) == slot
    assert store.path(slot).read_bytes() == before
    advance(table, 1, 4)
    store.autosave(table)
    assert store.path(slot).read_bytes() != before


def test_loading_a_named_slot_autosaves_elsewhere_and_leaves_the_slot_alone(store, make_table, advance):
    store.save("checkpoint", make_table(8, steps=12))
    before = store.path("checkpoint").read_bytes()
    table = store.load("checkpoint")
    slot = store.autosave(table)
    assert slot != "checkpoint" and slot.startswith("autosave-")
    advance(table, 4, 1)
    store.autosave(table)
    assert store.path("checkpoint").read_bytes() == before
    assert store.load("checkpoint").actions == table.actions[:12]


def test_a_finished_match_removes_its_autosave(store, make_table, advance):
    table = make_table(4, players=2, steps=5, hands=1)
    slot = store.autosave(table)
    store.autosave(table)
    assert store.path(slot).exists()
    advance(table, 10_000, 4)
    assert table.is_over()
    assert store.autosave(table) is None
    assert not store.path(slot).exists()
    assert not store.path(slot).with_name(slot + ".json.bak").exists()
    assert store.latest_autosave() is None


def test_created_time_is_kept_and_updated_time_moves(store, make_table, advance):
    table = make_table(9)
    store.save("a", table)
    advance(table, 3, 9)
    store.save("a", table, overwrite=True)
    entry = store.list_saves()[0]
    assert entry.created < entry.updated
    reloaded = store.load("a")
    store.save("b", reloaded)
    assert {e.slot: e.created for e in store.list_saves()}["b"] == entry.created


def test_a_finished_games_autosave_name_is_not_given_to_a_new_game(store, make_table, advance):
    """A game started in the same second as one that has just ended gets a name of its own, so
    saving the ended game again (its autosave is removed each time) cannot delete the new one."""
    ended = make_table(4, players=2, steps=5, hands=1)
    slot = store.autosave(ended)
    advance(ended, 10_000, 4)
    assert store.autosave(ended) is None and not store.path(slot).exists()
    new = make_table(5, players=2, steps=5)
    new.save_identity.created = ended.save_identity.created
    new_slot = store.autosave(new)
    assert new_slot != slot
    store.autosave(ended)
    assert store.load(new_slot).actions == new.actions


def test_which_save_a_table_is_travels_with_the_table(store, make_table, advance):
    table = make_table(6)
    slot = store.autosave(table)
    assert table.save_identity.autosave_slot == slot and table.save_identity.saved_actions == table.actions
    loaded = store.load(slot)
    assert loaded.save_identity.autosave_slot == slot
    assert loaded.save_identity.created == table.save_identity.created
    store.save("named", table)
    from_named = store.load("named")
    assert from_named.save_identity.autosave_slot is None  # a named save goes on in a new autosave
    assert from_named.save_identity.created == table.save_identity.created
