"""The end of a hand and of a match through the real app at 80x24: the board as the last move
left it (a bot's landing included), then the scores, and what the results offer next; what the
others did since your turn; each hot-seat person's own cursor."""

from __future__ import annotations

from flight_harness import TableApp, make_table, play_until, run_async
from game_harness import footer_line, screen_lines, wait_until

from flight_tui.bots import make_bot
from flight_tui.games.flight.rules.state import Discard, HandEnded, Played
from flight_tui.games.flight.ui.end_screens import HandEndScreen, LandingScreen, MatchEndScreen
from flight_tui.games.flight.ui.table_screen import FlightTableScreen
from flight_tui.games.flight.ui.widgets import FlightsPanel, HandView
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.menu import MenuScreen
from flight_tui.ui.widgets.handoff import HandOffScreen
from flight_tui.ui.widgets.log_panel import SINCE_YOUR_TURN


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


@run_async
async def test_a_bots_landing_shows_the_board_with_the_landing_marked_before_the_scores():
    table = make_table("normal:Ann,normal:Bob,normal:Cleo", seed=7, hands=2)
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LandingScreen))
        ended = next(e for e in table.view(0).log if isinstance(e, HandEnded))
        assert table.view(0).hand_no == 2  # the next hand is dealt already; the board shown is the old one's
        landing = [e for e in table.view(0).log if isinstance(e, Played)][-1] if ended.result.landed_by >= 0 else None
        board = app.screen.query_one(FlightsPanel)
        assert board.flights[landing.flight].landed and board.marked == landing.card
        text = screen_text(app)
        assert f"{table.names[landing.seat]} laid the Safe Landing on the" in text
        assert "SL landed ◀" in text and "Hand 1 is over" in text
        assert "Enter Scores" in footer_line(app)
        assert table.view(0).hand_no == 2 and not table.view(0).hand_results[1:]
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HandEndScreen))
        assert "Playing 2 hands." in screen_text(app)


@run_async
async def test_a_match_of_one_hand_says_one_hand_and_offers_a_new_match_with_the_same_seats():
    table = make_table("human:Ann,normal:Bob,normal:Cleo", seed=7, hands=1)
    play_until(table, lambda t: t.is_over())
    app = FlightTuiApp(theme="flight-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(table)
        await wait_until(pilot, lambda: isinstance(app.screen, MatchEndScreen))
        assert "Playing 1 hand." in screen_text(app) and "1 hands" not in screen_text(app)
        assert "n New match" in footer_line(app) and "Enter Menu" in footer_line(app)
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, FlightTableScreen) and app.screen.table is not table)
        again = app.screen.table
        assert again.seats == table.seats and again.config == table.config and again.seed != table.seed
        assert again.view(0).hand_no == 1 and not again.view(0).hand_results
        assert "1 hand " in screen_lines(app)[0] and "1 hands" not in screen_lines(app)[0]


@run_async
async def test_the_scores_after_a_hand_lead_on_or_back_to_the_menu():
    table = make_table("normal:Ann,normal:Bob", seed=3, hands=3)
    app = FlightTuiApp(theme="flight-dark")
    app.apply_setting("bot_delay", 0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_table(table)
        await wait_until(pilot, lambda: isinstance(app.screen, LandingScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HandEndScreen))
        assert "Enter Next hand" in footer_line(app) and "Esc Menu" in footer_line(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert app.can_continue() and table.view(0).hand_no == 2


@run_async
async def test_what_the_others_did_since_your_turn_is_set_apart_in_the_log():
    table = make_table("human:Ann,normal:Bob,normal:Cleo", seed=7)
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("x")  # Ann ends her turn; Bob and Cleo play theirs
        await wait_until(pilot, lambda: table.to_act() == (0,) and screen.view.current == 0)
        rows = screen_lines(app)
        divider = next(i for i, row in enumerate(rows) if f"─ {SINCE_YOUR_TURN} ─" in row)
        below = "\n".join(row[:50] for row in rows[divider + 1 : divider + 10])
        assert "Bob " in below and "Cleo discarded" in below and "You " not in below
        assert "─Log─" in rows[divider - 1]  # the others' turns fill the log: the oldest make way


async def finish_turn(pilot, screen, seat: int) -> int:
    """Play ``seat``'s turn as the Normal bot would, the cursor put on a card it keeps before the
    discard; that card."""
    bot = make_bot("flight", "normal", seat)
    hand = screen.query_one(HandView)
    while True:
        action = bot.choose(screen.table.view(seat))
        if isinstance(action, Discard):
            kept = next(c for c in hand.cards if c != action.card)
            hand.move_to(hand.cards.index(kept))
            await pilot.pause()
            assert screen.submit(action)
            return kept
        assert screen.submit(action)


async def pass_the_keyboard(pilot, app) -> None:
    """The hand-off screen comes; the next person presses Enter and sees the table."""
    await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen))
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, FlightTableScreen))


@run_async
async def test_each_hot_seat_person_has_their_own_cursor():
    table = make_table("human:Ann,human:Bob", seed=9)
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pass_the_keyboard(pilot, app)
        screen = app.screen
        hand = screen.query_one(HandView)
        kept = await finish_turn(pilot, screen, 0)
        await pass_the_keyboard(pilot, app)
        assert screen.viewer == 1 and hand.cursor == 0  # Bob's hand starts at his first card
        await pilot.press("end")
        await finish_turn(pilot, screen, 1)
        await pass_the_keyboard(pilot, app)
        assert screen.viewer == 0 and hand.card == kept  # Ann's cursor is where she left it
