"""What each bot level does and how strong it is: on the New game screen under the seats, for
the seat being set, and on the Rules screen after the house interpretations (issue 22)."""

from __future__ import annotations

from game_harness import screen_lines
from shell_helpers import run_async

from flight_tui.games import get_spec
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.new_game import HUMAN_NOTE, NewGameScreen
from flight_tui.ui.screens.rules import RulesScreen

SIZE = (80, 24)


def screen_text(app) -> str:
    """The screen's text with its lines joined, so that a wrapped note reads as one."""
    return " ".join(" ".join(line.split()) for line in screen_lines(app) if line.strip())


@run_async
async def test_the_new_game_screen_says_what_the_level_of_the_seat_being_set_does():
    flight = get_spec("flight")
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        assert f"Normal bot: {flight.level_notes['normal']}" in screen_text(app)  # the first bot seat's level
        await pilot.press("down", "down")  # seat 1: a person
        assert HUMAN_NOTE in screen_text(app)
        await pilot.press("down", "down", "right")  # seat 2: Normal -> Hard bot
        assert f"Hard bot: {flight.level_notes['hard']}" in screen_text(app)
        await pilot.press("left", "left", "left")  # Easy, then Random
        assert f"Random bot: {flight.level_notes['random']}" in screen_text(app)
        assert all(len(row.rstrip()) <= SIZE[0] for row in screen_lines(app))
        assert "Start" in screen_text(app) and "Back" in screen_text(app)  # the form still fits


@run_async
async def test_the_level_notes_follow_the_game_chosen():
    passaportas = get_spec("passaportas")
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "right")  # Passaportas
        await pilot.press("down", "down", "down", "down", "right")  # seat 2: Hard bot
        assert f"Hard bot: {passaportas.level_notes['hard']}" in screen_text(app)


@run_async
async def test_the_competitive_mode_says_what_its_levels_do_and_the_form_still_fits():
    competitive = get_spec("connecting-flights")
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "left")  # Connecting Flights (competitive)
        assert f"Normal bot: {competitive.level_notes['normal']}" in screen_text(app)
        await pilot.press("down", "down", "down", "down", "right")  # seat 2: Normal -> Hard bot
        assert f"Hard bot: {competitive.level_notes['hard']}" in screen_text(app)
        assert all(len(row.rstrip()) <= SIZE[0] for row in screen_lines(app))
        assert "Start" in screen_text(app) and "Back" in screen_text(app)


@run_async
async def test_the_note_speaks_of_a_bot_only_when_a_bot_seat_is_shown():
    """The cooperative mode starts with one seat, a person: the note said what the hidden second
    seat's Normal bot does. It says what a person's seat is until a second seat (a bot) is shown."""
    coop = get_spec("connecting-flights-coop")
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "right", "right")  # Connecting Flights (cooperative), one seat
        text = screen_text(app)
        assert HUMAN_NOTE in text and "bot:" not in text
        await pilot.press("down", "right")  # two players: Ann and a Normal bot
        assert f"Normal bot: {coop.level_notes['normal']}" in screen_text(app)
        await pilot.press("left")  # one again
        assert HUMAN_NOTE in screen_text(app)


@run_async
async def test_the_rules_end_with_the_bot_levels():
    flight = get_spec("flight")
    app = FlightTuiApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert "Bot levels" in text
        assert "Hard: " + flight.level_notes["hard"][:60] in text
        assert "The hint key asks the Hard bot." in text


@run_async
async def test_every_level_note_shows_whole_on_the_new_game_form_at_80x24():
    """The form keeps a few lines for the note and cuts what does not fit without a mark, so every
    note of every game must fit them: a longer note fails here, not silently on screen."""
    games = {
        "flight": ["n"],
        "passaportas": ["n", "right"],
        "connecting-flights-coop": ["n", "right", "right", "down", "right", "up"],  # two seats: one a bot
        "connecting-flights": ["n", "left"],
    }
    for game, keys in games.items():
        notes = get_spec(game).level_notes
        app = FlightTuiApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press(*keys, "down", "down", "down", "down")  # seat 2
            seen = set()
            for _ in range(2 * len(notes) + 2):  # every level the seat can take, wrapping round
                await pilot.press("right")
                text = screen_text(app)
                seen.update(level for level, note in notes.items() if f"{level.capitalize()} bot: {note}" in text)
            assert seen == set(notes), f"{game}: notes cut or never shown: {sorted(set(notes) - seen)}"
