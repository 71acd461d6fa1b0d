"""Keys faster than screens: typed fast, or arriving together in one packet over SSH, they reach
the app before a screen is built or after it has begun to go; the app takes them in order and
carries on."""

from __future__ import annotations

from game_harness import wait_until
from shell_helpers import new_table, run_async
from textual import events

from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.game_screen import GameTableScreen
from flight_tui.ui.screens.dialogs import ConfirmDialog
from flight_tui.ui.screens.menu import MenuScreen
from flight_tui.ui.screens.new_game import NewGameScreen

SIZE = (80, 24)


@run_async
async def test_a_key_handed_back_before_the_new_screen_is_built_acts_on_it_once_it_is():
    """New game opens and a key the menu did not use comes back to the app at once (Enter):
    it waits for the New game form and starts the game. Textual ran the form's Start on a form
    not built yet and the app ended ("No nodes match '#game'")."""
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_new_game()
        handed_back = events.Key("enter", "\r")
        handed_back._set_forwarded()
        app.post_message(handed_back)
        await wait_until(pilot, lambda: isinstance(app.screen, GameTableScreen))
        assert [type(screen) for screen in app.screen_stack][:1] == [MenuScreen]


@run_async
async def test_a_dialog_answered_twice_closes_once():
    """Enter twice on a question: the answer is taken once and the screen under the dialog stays
    (Textual's second dismiss closed that screen too, or ended the app)."""
    answers: list[bool] = []
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_new_game()
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        dialog = ConfirmDialog("Really?")
        app.push_screen(dialog, answers.append)
        await wait_until(pilot, lambda: app.screen is dialog)
        dialog.dismiss(True)
        dialog.dismiss(True)
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert answers == [True]


@run_async
async def test_a_table_opened_twice_in_a_row_is_shown_once():
    """A game opened again before its first table screen was built (Enter twice on a campaign's
    scenario): the first screen goes without being built, the second shows the game. The first
    looked for its panels as it went and the app ended."""
    table = new_table(seats=("human", "normal"))
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_table(table)
        app.open_table(table)
        await wait_until(pilot, lambda: isinstance(app.screen, GameTableScreen) and app.screen.is_mounted)
        assert [type(screen) for screen in app.screen_stack] == [MenuScreen, type(app.screen)]
        assert app.is_running


@run_async
async def test_the_palette_opened_again_as_it_closes_opens():
    """ctrl+p just after Esc closed the palette: a new one opens while the first is still being
    taken down (both had one id, and the second failed: "DuplicateIds")."""
    from textual.command import CommandPalette

    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
        first = app.screen
        first.dismiss()
        app.action_command_palette()
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette) and app.screen is not first)
        assert app.is_running


@run_async
async def test_a_page_key_that_reaches_a_list_before_it_is_laid_out_does_nothing():
    """PageDown or PageUp reaching a list just mounted, before its first layout (the campaign's
    scenarios and PageDown at once): nothing moves (Textual's list looked up lines it had not
    made yet and the app ended: KeyError); once laid out, the page keys move as before."""
    from textual.widgets.option_list import Option

    from flight_tui.ui.screens.controls import MarkedOptionList

    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        listed = MarkedOptionList(*(Option(f"scenario {n}") for n in range(40)))
        await app.screen.mount(listed)
        listed.highlighted = 0
        listed.action_page_down()
        listed.action_page_up()
        assert listed.highlighted == 0
        await pilot.pause()
        listed.action_page_down()
        assert listed.highlighted > 0
        assert app.is_running
