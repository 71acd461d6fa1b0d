"""A damaged campaign file, results kept until recorded, and each game told apart by its key.

Each test names the defect of issue 9 it guards against (items 9 to 14).
"""

from __future__ import annotations

import random

import pytest

from flight_tui.campaigns import (
    CampaignFileError,
    ScenarioGame,
    load_campaigns,
    load_progress,
    new_scenario_table,
    pending_results,
    record_pending,
    restore_backup,
    save_progress,
    set_aside,
)
from flight_tui.campaigns.pending import pending_path
from flight_tui.campaigns.progress import PLAYING, CampaignProgress, ScenarioRecord, status
from flight_tui.campaigns.store import campaign_path
from flight_tui.saves import SaveStore
from flight_tui.saves.atomic import backup_path
from flight_tui.table import SeatSpec, Table

CAMPAIGN = "around-the-world"
SEATS = [SeatSpec("human", "Ann")]
FIRST = "first-flights"


@pytest.fixture
def campaign():
    return load_campaigns()[0]


def won_first(wins: int = 1) -> CampaignProgress:
    return CampaignProgress(campaign=CAMPAIGN, records={FIRST: ScenarioRecord(attempts=wins, wins=wins, fewest_rounds=9)})


def damage_keeping_backup(progress: CampaignProgress) -> bytes:
    """Write ``progress`` twice (the first becomes the backup copy), then cut the file short."""
    save_progress(progress)
    save_progress(progress)
    campaign_path(CAMPAIGN).write_bytes(b'{"format": "flight-tui campaign", "vers')
    return backup_path(campaign_path(CAMPAIGN)).read_bytes()


def play(table: Table, rng: random.Random, actions: int | None = None) -> None:
    taken = 0
    while not table.is_over() and (actions is None or taken < actions):
        seat = table.to_act()[0]
        table.submit(seat, rng.choice(table.legal_actions(seat)))
        taken += 1


def start(campaign, scenario_id: str = FIRST, seed: int = 3) -> Table:
    """Begin an attempt as the campaign screen does: the file names the game's autosave."""
    progress = load_progress(CAMPAIGN)
    table = new_scenario_table(campaign, progress, scenario_id, SEATS, seed)
    progress.in_progress.slot = SaveStore().autosave(table)
    save_progress(progress)
    return table


# ------------------------------------------------------------------ item 9


def test_issue9_item9_a_damaged_file_is_restored_from_its_good_backup():
    good = damage_keeping_backup(won_first())
    with pytest.raises(CampaignFileError) as error:
        load_progress(CAMPAIGN)
    assert error.value.backup == won_first()  # the screen shows what the backup holds
    assert restore_backup(CAMPAIGN) == won_first()
    assert load_progress(CAMPAIGN) == won_first()
    assert campaign_path(CAMPAIGN).read_bytes() == good
    (broken,) = campaign_path(CAMPAIGN).parent.glob(f"{CAMPAIGN}.json.broken-*")
    assert broken.read_bytes().endswith(b'"vers')  # the damaged file is kept, not deleted


def test_issue9_item9_a_missing_file_whose_backup_is_left_is_not_taken_for_a_fresh_campaign():
    save_progress(won_first())
    save_progress(won_first())
    campaign_path(CAMPAIGN).unlink()
    with pytest.raises(CampaignFileError, match="missing") as error:
        load_progress(CAMPAIGN)
    assert error.value.backup == won_first()
    with pytest.raises(CampaignFileError):
        save_progress(CampaignProgress(campaign=CAMPAIGN))  # would otherwise replace the backup
    assert restore_backup(CAMPAIGN) == won_first()


def test_issue9_item9_a_backup_that_is_damaged_too_is_not_restored():
    campaign_path(CAMPAIGN).parent.mkdir(parents=True)
    campaign_path(CAMPAIGN).write_bytes(b"garbage")
    backup_path(campaign_path(CAMPAIGN)).write_bytes(b"also garbage")
    with pytest.raises(CampaignFileError) as error:
        load_progress(CAMPAIGN)
    assert error.value.backup is None
    with pytest.raises(CampaignFileError, match="backup copy cannot be used either"):
        restore_backup(CAMPAIGN)
    assert campaign_path(CAMPAIGN).read_bytes() == b"garbage"


# ------------------------------------------------------------------ item 10


def test_issue9_item10_setting_a_damaged_file_aside_keeps_its_good_backup(campaign):
    good = damage_keeping_backup(won_first(wins=3))
    aside = set_aside(CAMPAIGN)
    assert backup_path(aside).read_bytes() == good  # moved with the damaged file
    assert not backup_path(campaign_path(CAMPAIGN)).exists()
    start(campaign)  # a new start writes the fresh campaign file (more writes follow in play)
    save_progress(load_progress(CAMPAIGN))
    assert backup_path(aside).read_bytes() == good
    assert load_progress(CAMPAIGN).record(FIRST).attempts == 1


def test_issue9_item10_setting_aside_twice_in_one_second_overwrites_nothing():
    first = campaign_path(CAMPAIGN)
    first.parent.mkdir(parents=True)
    first.write_bytes(b"one")
    one = set_aside(CAMPAIGN)
    first.write_bytes(b"two")
    two = set_aside(CAMPAIGN)
    assert one != two and (one.read_bytes(), two.read_bytes()) == (b"one", b"two")


# ------------------------------------------------------------------ item 11


def test_issue9_item11_a_result_the_damaged_file_cannot_take_is_kept_and_recorded_later(campaign):
    table = start(campaign)
    play(table, random.Random(1))
    damage_keeping_backup(load_progress(CAMPAIGN))

    game = ScenarioGame.of(table)
    outcome = game.record_end()
    assert outcome.safe and not outcome.recorded  # the autosave may go: the result is kept
    assert "not recorded yet" in outcome.message and "restore its backup" in outcome.message
    (kept,) = pending_results(CAMPAIGN)
    assert kept.scenario == FIRST and not kept.won
    assert game.record_end() is None  # told once

    restore_backup(CAMPAIGN)
    (message,) = record_pending(campaign)
    assert message.startswith("Scenario 1, First Flights: lost")
    progress = load_progress(CAMPAIGN)
    assert (progress.record(FIRST).losses, progress.in_progress) == (1, None)
    assert not pending_path(CAMPAIGN).exists()


def test_issue9_item11_a_result_waiting_is_recorded_when_the_next_game_ends(campaign):
    older = start(campaign, seed=3)
    play(older, random.Random(1))
    campaign_path(CAMPAIGN).write_bytes(b"garbage")
    ScenarioGame.of(older).record_end()
    set_aside(CAMPAIGN)
    newer = start(campaign, seed=4)
    play(newer, random.Random(2))
    outcome = ScenarioGame.of(newer).record_end()
    assert outcome.recorded and "Recorded now too, from an earlier game" in outcome.message
    assert load_progress(CAMPAIGN).record(FIRST).losses == 2 and pending_results(CAMPAIGN) == []


def test_issue9_item11_a_result_that_cannot_even_be_kept_is_not_safe(campaign, monkeypatch):
    table = start(campaign)
    play(table, random.Random(1))
    campaign_path(CAMPAIGN).write_bytes(b"garbage")

    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("flight_tui.campaigns.pending.write_atomic", refuse)
    game = ScenarioGame.of(table)
    outcome = game.record_end()
    assert not outcome.safe and "autosave is kept" in outcome.message and "No space left" in outcome.message
    monkeypatch.undo()
    assert game.record_end().safe  # asked again at the next chance (kept now)


# ------------------------------------------------------------------ item 12


def test_issue9_item12_an_older_attempt_ending_keeps_the_newer_attempts_playing_mark(campaign):
    older = start(campaign, seed=7)
    newer = start(campaign, seed=7)  # a retry: even with the same seed it is another game
    play(older, random.Random(1))
    assert ScenarioGame.of(older).record_end().recorded
    progress = load_progress(CAMPAIGN)
    assert status(progress, campaign.scenario(FIRST)) == PLAYING
    assert progress.in_progress.attempt == 2
    play(newer, random.Random(2))
    assert ScenarioGame.of(newer).record_end().recorded  # not taken for the older game
    record = load_progress(CAMPAIGN).record(FIRST)
    assert (record.attempts, record.losses) == (2, 2) and load_progress(CAMPAIGN).in_progress is None
    assert older.config.scenario != newer.config.scenario


# ------------------------------------------------------------------ item 13


def test_issue9_item13_a_named_save_loaded_moves_the_game_in_progress_to_its_new_autosave(campaign):
    store = SaveStore()
    table = start(campaign)
    rng = random.Random(1)
    play(table, rng, actions=5)
    store.save("before the storm", table)
    play(table, rng, actions=5)
    old_slot = store.autosave(table)
    assert load_progress(CAMPAIGN).in_progress.slot == old_slot

    loaded = store.load("before the storm")
    new_slot = store.autosave(loaded)
    ScenarioGame.of(loaded).note_autosave(new_slot)
    assert new_slot != old_slot and load_progress(CAMPAIGN).in_progress.slot == new_slot

    other = new_scenario_table(campaign, CampaignProgress(campaign=CAMPAIGN), FIRST, SEATS, seed=99)
    ScenarioGame.of(other).note_autosave(store.autosave(other))  # not the game in progress: nothing moves
    assert load_progress(CAMPAIGN).in_progress.slot == new_slot


# ------------------------------------------------------------------ item 14


def test_issue9_item14_an_ending_replayed_from_a_named_save_is_not_recorded_and_says_so(campaign):
    store = SaveStore()
    table = start(campaign)
    play(table, random.Random(1), actions=30)
    store.save("round three", table)
    play(table, random.Random(1))
    first = ScenarioGame.of(table).record_end()
    assert first.recorded
    before = load_progress(CAMPAIGN)

    replay = store.load("round three")
    play(replay, random.Random(2))
    assert sum(replay.view(0).delivered) != sum(table.view(0).delivered)  # another ending
    second = ScenarioGame.of(replay).record_end()
    assert not second.recorded and second.safe
    assert "counts once" in second.message and "not recorded" in second.message
    assert load_progress(CAMPAIGN) == before
