"""A scenario game from start to end, saved and resumed on the way, and its result recorded."""

from __future__ import annotations

import random

from flight_tui.campaigns import (
    ScenarioGame,
    load_campaigns,
    load_progress,
    new_scenario_table,
    save_progress,
)
from flight_tui.games.connecting_flights.coop.rules import COOP, CoopConfig
from flight_tui.saves import SaveStore
from flight_tui.table import SeatSpec, Table

SEATS = [SeatSpec("human", "Ann")]


def play(table: Table, rng: random.Random, actions: int | None = None) -> None:
    """Random legal actions until the game is over (or ``actions`` have been taken)."""
    taken = 0
    while not table.is_over() and (actions is None or taken < actions):
        seat = table.to_act()[0]
        table.submit(seat, rng.choice(table.legal_actions(seat)))
        taken += 1


def test_a_scenario_game_resumed_from_its_autosave_is_recorded_once_at_its_end():
    (campaign,) = load_campaigns()
    first = campaign.scenarios[0]
    progress = load_progress(campaign.id)
    table = new_scenario_table(campaign, progress, first.id, SEATS, seed=3)
    store = SaveStore()
    progress.in_progress.slot = store.autosave(table)
    save_progress(progress)
    rng = random.Random(1)
    play(table, rng, actions=20)
    slot = store.autosave(table)
    assert load_progress(campaign.id).in_progress.slot == slot

    resumed = SaveStore().load(slot)  # as `flight-tui continue` does
    assert resumed.config.scenario == f"{campaign.id}/{first.id}#1"
    game = ScenarioGame.of(resumed)
    game.note_autosave(slot)
    assert game.record_end() is None  # not over yet
    play(resumed, rng)
    result = COOP.result(resumed.state)
    message = game.record_end().message
    won = bool(result.winners)
    assert message.startswith("Scenario 1, First Flights: " + ("won" if won else "lost"))
    record = load_progress(campaign.id).record(first.id)
    assert (record.attempts, record.wins, record.losses) == (1, int(won), int(not won))
    assert record.most_delivered == sum(resumed.view(0).delivered)
    assert load_progress(campaign.id).in_progress is None
    assert game.record_end() is None  # the same game again: nothing changes
    again = SaveStore().load(slot)  # the autosave was not removed here: the same game, another table
    play(again, random.Random(9))
    assert "counts once" in ScenarioGame.of(again).record_end().message
    assert load_progress(campaign.id).record(first.id).attempts == 1


def test_games_outside_a_campaign_or_not_over_are_not_recorded():
    plain = Table(COOP, CoopConfig(players=1), 5, SEATS)
    play(plain, random.Random(2))
    assert ScenarioGame.of(plain) is None
    (campaign,) = load_campaigns()
    unfinished = new_scenario_table(campaign, load_progress(campaign.id), campaign.scenarios[0].id, SEATS, seed=6)
    assert ScenarioGame.of(unfinished).record_end() is None


def test_an_unknown_scenario_gives_a_message_not_an_error():
    table = Table(COOP, CoopConfig(players=1, scenario="around-the-world/moon-landing"), 5, SEATS)
    play(table, random.Random(3))
    assert "moon-landing" in ScenarioGame.of(table).record_end().message


def test_a_scenario_restarted_in_the_same_second_gets_its_own_autosave():
    (campaign,) = load_campaigns()
    progress = load_progress(campaign.id)
    store = SaveStore()
    first = new_scenario_table(campaign, progress, campaign.scenarios[0].id, SEATS, seed=1)
    again = new_scenario_table(campaign, progress, campaign.scenarios[0].id, SEATS, seed=2)
    slots = {store.autosave(first), store.autosave(again)}
    assert len(slots) == 2 and all(len(slot) <= 48 for slot in slots)
    assert {store.load(slot).seed for slot in slots} == {1, 2}
