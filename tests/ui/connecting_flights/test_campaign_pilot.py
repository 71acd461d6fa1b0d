"""The campaign screen driven by keys: start, resume, retry, briefing, a locked scenario."""

from __future__ import annotations

from campaign_harness import CampaignApp, OpenedTable, run_async, some_progress, write_progress

from flight_tui.campaigns import load_progress
from flight_tui.games.connecting_flights.coop.ui.campaign_screen import BriefingDialog, CampaignScreen

CAMPAIGN = "around-the-world"


@run_async
async def test_enter_starts_the_first_scenario_with_the_crew_chosen():
    app = CampaignApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p", "a", "enter")  # two seats, the partner a Hard bot
        await pilot.pause()
        assert isinstance(app.screen, OpenedTable)
        (table,) = app.opened
        assert table.config.scenario == f"{CAMPAIGN}/first-flights#1" and table.config.difficulty == "easy"
        assert [(s.kind, s.name) for s in table.seats] == [("human", "Ann"), ("hard", "Bob")]
        progress = load_progress(CAMPAIGN)
        assert progress.record("first-flights").attempts == 1
        assert progress.in_progress.seed == table.seed and progress.in_progress.slot is not None


@run_async
async def test_enter_on_the_scenario_in_progress_resumes_its_autosave_and_r_restarts_it():
    app = CampaignApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        first = app.opened[0]
        app.push_screen(CampaignScreen())
        await pilot.pause()
        await pilot.press("enter")  # resume: the same game, loaded from its autosave
        await pilot.pause()
        assert app.screen.table.seed == first.seed and len(app.opened) == 2
        app.push_screen(CampaignScreen())
        await pilot.pause()
        await pilot.press("r", "y")  # restart: a new attempt, a new game
        await pilot.pause()
        assert len(app.opened) == 3 and app.opened[2].seed != first.seed
        assert load_progress(CAMPAIGN).record("first-flights").attempts == 2
        assert len(app.store.list_saves()) == 1  # the game given up is no longer offered


@run_async
async def test_a_locked_scenario_does_not_start_and_says_what_to_win():
    write_progress(some_progress())
    app = CampaignApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter")  # scenario 4, locked
        await pilot.pause()
        assert app.opened == [] and isinstance(app.screen, CampaignScreen)
        details = str(app.screen.query_one("#details").render())
        assert "Win Rush Hour to unlock it" in details
        await pilot.press("b")
        assert isinstance(app.screen, BriefingDialog) and "Locked" in str(app.screen.query_one(".dialog-hint").render())
        await pilot.press("enter")  # nothing: a locked briefing cannot start the scenario
        assert app.opened == []


@run_async
async def test_the_briefing_can_start_an_open_scenario():
    app = CampaignApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("b")
        assert isinstance(app.screen, BriefingDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.opened) == 1
