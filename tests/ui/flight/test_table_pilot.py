"""The Flight table driven by keys only, as a player would (Textual's Pilot)."""

from __future__ import annotations

import pytest
from flight_harness import TableApp, as_text, make_table, play_until, run_async
from game_harness import wait_until

from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.game import play_problem
from flight_tui.games.flight.rules.state import DRAW, PLAY, DrawDiscard, DrawPack
from flight_tui.games.flight.ui.chooser import FlightChooser
from flight_tui.games.flight.ui.end_screens import HandEndScreen, LandingScreen, MatchEndScreen
from flight_tui.games.flight.ui.presentation import FLIGHT_KEYS, playable_flights
from flight_tui.games.flight.ui.table_screen import FlightTableScreen
from flight_tui.games.flight.ui.widgets import HandView
from flight_tui.ui.widgets.handoff import HandOffScreen
from flight_tui.ui.widgets.reason_line import ReasonLine


async def settle(pilot, app, until) -> None:
    """Let the app run (bots move in worker threads) until ``until()`` holds."""
    await wait_until(pilot, until)


def table_screen(app) -> FlightTableScreen:
    return next(s for s in app.screen_stack if isinstance(s, FlightTableScreen))


def humans_turn(app, seat: int = 0) -> bool:
    screen = app.screen
    return isinstance(screen, FlightTableScreen) and screen.table.to_act() == (seat,) and screen.view.current == seat


async def press_until_cursor(pilot, hand: HandView, index: int) -> None:
    """Move the cursor with the arrow keys onto card ``index``."""
    while hand.cursor != index:
        await pilot.press("right" if hand.cursor < index else "left")


async def take_turn(pilot, app) -> None:
    """One whole turn of the human at seat 0, with keys: draw, play what can be played, discard."""
    screen = table_screen(app)
    await pilot.press("p")
    assert screen.view.phase == PLAY
    hand = screen.query_one(HandView)
    for _ in range(10):
        if app.screen is not screen or screen.view.phase != PLAY or screen.view.current != 0:
            return  # the hand ended (a Safe Landing) or the turn is over
        playable = [i for i, ok in enumerate(hand.playable) if ok]
        if not playable:
            break
        await press_until_cursor(pilot, hand, playable[0])
        card = hand.card
        await pilot.press("enter")
        if isinstance(app.screen, FlightChooser):
            flight = app.screen.flights[0]
            await pilot.press(FLIGHT_KEYS[flight][0])
        await pilot.pause()
        assert app.screen is not screen or card not in screen.view.hand
    if app.screen is screen and screen.view.phase == PLAY and screen.view.current == 0:
        await pilot.press("x")


@run_async
async def test_a_whole_hand_with_keys_only():
    table = make_table("human,normal,easy", seed=11)
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        for _turn in range(200):
            await settle(pilot, app, lambda: humans_turn(app) or isinstance(app.screen, LandingScreen))
            if isinstance(app.screen, LandingScreen):
                break
            await take_turn(pilot, app)
        await pilot.press("enter")  # from the board at the end of the hand to the scores
        await settle(pilot, app, lambda: isinstance(app.screen, HandEndScreen))
        result = table.view(0).hand_results[0]
        assert sum(1 for p in result.points if p != 0) >= 1
        shown = as_text(app.screen.query_one(".end-table"))
        assert "Total" in shown and all(name in shown for name in table.names)
        assert f"{result.points[1]:+d}" in shown
        await pilot.press("enter")
        await settle(pilot, app, lambda: isinstance(app.screen, FlightTableScreen))
        assert table.view(0).hand_no == 2


@run_async
async def test_an_unplayable_card_shows_its_reason():
    table = make_table("human,random", seed=3)
    play_until(
        table,
        lambda t: (
            t.to_act() == (0,)
            and t.view(0).phase == PLAY
            and t.view(0).turn.played == 0
            and any(not playable_flights(t.view(0), c) for c in t.view(0).hand)
        ),
    )
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        hand = screen.query_one(HandView)
        blocked = next(i for i, ok in enumerate(hand.playable) if not ok)
        await press_until_cursor(pilot, hand, blocked)
        await pilot.pause()
        reason = str(screen.query_one(ReasonLine).message)
        assert reason.startswith("✗") and C.code(hand.card) in reason
        before = list(table.view(0).hand)
        await pilot.press("enter")
        await pilot.pause()
        assert sorted(table.view(0).hand) == sorted(before)  # nothing was played or lost
        assert any("can't be played" in (n.title or "") for n in app._notifications)


@run_async
async def test_undo_by_key_takes_back_a_play_but_not_a_pack_draw():
    table = make_table("human,random", seed=5)
    play_until(
        table,
        lambda t: (
            t.to_act() == (0,)
            and t.view(0).phase == DRAW
            and any(playable_flights(_after_draw(t), c) for c in _after_draw(t).hand)
        ),
    )
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        hand = screen.query_one(HandView)
        await pilot.press("p")
        await pilot.press("u")
        await pilot.pause()
        assert table.view(0).phase == PLAY  # a card from the pack cannot be taken back
        assert any(n.title == "Can't undo" for n in app._notifications)
        playable = hand.playable.index(True)
        await press_until_cursor(pilot, hand, playable)
        card = hand.card
        await pilot.press("enter")
        if isinstance(app.screen, FlightChooser):
            await pilot.press(FLIGHT_KEYS[app.screen.flights[0]][0])
        await pilot.pause()
        assert card not in table.view(0).hand
        await pilot.press("u")
        await pilot.pause()
        assert card in table.view(0).hand
        assert table.view(0).turn.played == 0


def _can_play(view) -> bool:
    return any(playable_flights(view, c) for c in view.hand)


def _after_draw(table, draw=None):
    """The view seat 0 would have after drawing (from the pack unless told) on a copy of the table."""
    state = table.rules.clone(table.state)
    table.rules.apply(state, 0, draw or DrawPack())
    return table.rules.view(state, 0)


@run_async
async def test_hand_off_hides_the_hand_between_two_people():
    table = make_table("human:Ann,human:Bob", seed=9)
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, lambda: isinstance(app.screen, HandOffScreen))
        assert "Ann" in as_text(app.screen.query_one("#handoff-text"))
        await pilot.press("enter")
        await settle(pilot, app, lambda: humans_turn(app, 0))
        screen = app.screen
        assert screen.query_one(HandView).cards == sorted(table.view(0).hand)
        await pilot.press("p")
        hand = screen.query_one(HandView)
        for _ in range(10):
            if table.to_act() != (0,):
                break
            if any(hand.playable):
                await press_until_cursor(pilot, hand, hand.playable.index(True))
                await pilot.press("enter")
                if isinstance(app.screen, FlightChooser):
                    await pilot.press(FLIGHT_KEYS[app.screen.flights[0]][0])
            else:
                await pilot.press("x")
            await pilot.pause()
        await settle(pilot, app, lambda: isinstance(app.screen, HandOffScreen))
        handoff = app.screen
        text = as_text(handoff.query_one("#handoff-text"))
        assert "Bob" in text
        assert not handoff.query(HandView)  # the hand is not on this screen
        await pilot.press("right", "x", "p")  # keys before Enter do nothing to the game
        assert table.to_act() == (1,) and table.view(1).phase == DRAW
        await pilot.press("enter")
        await settle(pilot, app, lambda: humans_turn(app, 1))
        assert screen.query_one(HandView).cards == sorted(table.view(1).hand)


@run_async
async def test_a_hand_stopped_at_the_turn_limit_says_so():
    table = make_table("random:Ann,random:Bob", seed=2, hands=2, max_turns=6)
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, lambda: isinstance(app.screen, LandingScreen) and app.screen.query(".end-summary"))
        assert "turn 6, the safety limit" in as_text(app.screen.query_one(".end-summary"))
        await pilot.press("enter")
        await settle(pilot, app, lambda: isinstance(app.screen, HandEndScreen) and app.screen.query(".end-summary"))
        summary = as_text(app.screen.query_one(".end-summary"))
        assert "safety limit of 6 turns" in summary and "grounded" not in summary
        assert table.view(0).hand_results[0].how == "turn-cap"


@run_async
async def test_the_exposed_card_taken_cannot_be_discarded_at_once():
    """House rule H16: the player is told why, and keeps the card."""
    table = make_table("human,random", seed=4)
    play_until(
        table,
        lambda t: (
            t.to_act() == (0,)
            and t.view(0).phase == DRAW
            and len(t.view(0).hand) > 1
            and not _can_play(_after_draw(t, DrawDiscard()))
        ),
    )
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = table_screen(app)
        exposed = table.view(0).discard[-1]
        await pilot.press("e")
        await pilot.pause()
        assert table.view(0).phase == PLAY and exposed in table.view(0).hand
        hand = screen.query_one(HandView)
        await press_until_cursor(pilot, hand, hand.cards.index(exposed))
        await pilot.press("x")
        await pilot.pause()
        assert exposed in table.view(0).hand and table.view(0).phase == PLAY
        assert any("H16" in str(n.message) for n in app._notifications)


@run_async
async def test_the_match_end_screen_names_the_winner():
    table = make_table("human,random", seed=2, hands=1)
    play_until(table, lambda t: t.is_over())
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, lambda: isinstance(app.screen, MatchEndScreen))
        winners = table.view(0).winners
        summary = as_text(app.screen.query_one(".end-summary"))
        assert table.names[winners[0]] in summary and "match" in summary
        await pilot.press("enter")
        await settle(pilot, app, lambda: not any(isinstance(s, FlightTableScreen) for s in app.screen_stack))


@pytest.mark.parametrize("keys", [("right",), ("l",), ("left", "left")])
@run_async
async def test_cursor_keys_move_along_the_hand(keys):
    table = make_table("human,random", seed=7)
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = table_screen(app).query_one(HandView)
        start = hand.cursor
        await pilot.press(*keys)
        expected = min(max(start + sum(1 if k in ("right", "l") else -1 for k in keys), 0), len(hand.cards) - 1)
        assert hand.cursor == expected


@run_async
async def test_a_card_for_several_flights_asks_which_one():
    def several(t):
        v = t.view(0)
        return t.to_act() == (0,) and v.phase == PLAY and any(len(playable_flights(v, c)) > 1 for c in v.hand)

    table = make_table(seed=4)
    play_until(table, several, seed=4)
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = table_screen(app).query_one(HandView)
        view = table.view(0)
        index = next(i for i, c in enumerate(hand.cards) if len(playable_flights(view, c)) > 1)
        await press_until_cursor(pilot, hand, index)
        card, flights = hand.card, playable_flights(view, hand.card)
        await pilot.press("enter")
        assert isinstance(app.screen, FlightChooser)
        await pilot.press("escape")
        assert not isinstance(app.screen, FlightChooser) and card in table.view(0).hand
        await pilot.press("enter")
        await pilot.press(FLIGHT_KEYS[flights[-1]][1])  # the colour letter
        await pilot.pause()
        assert card not in table.view(0).hand
        assert table.view(0).flights[flights[-1]].cards[-1] == card


@run_async
async def test_the_chooser_says_why_a_flight_is_not_possible():
    def partly(t):
        v = t.view(0)
        return t.to_act() == (0,) and v.phase == PLAY and any(1 < len(playable_flights(v, c)) < 4 for c in v.hand)

    table = make_table(seed=4)
    play_until(table, partly, seed=4)
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = table_screen(app).query_one(HandView)
        view = table.view(0)
        index = next(i for i, c in enumerate(hand.cards) if 1 < len(playable_flights(view, c)) < 4)
        await press_until_cursor(pilot, hand, index)
        card = hand.card
        refused = next(f for f in range(4) if f not in playable_flights(view, card))
        await pilot.press("enter")
        assert isinstance(app.screen, FlightChooser)
        await pilot.press(FLIGHT_KEYS[refused][0])
        await pilot.pause()
        assert isinstance(app.screen, FlightChooser) and card in table.view(0).hand
        why = play_problem(view.hand, view.flights, view.turn, card, refused)
        assert any(why in str(n.message) for n in app._notifications)


@run_async
async def test_the_footer_keeps_help_and_the_turns_keys_in_80_columns():
    """Issue 9, item 20: the keys a player needs, Help (F1) included, fit the footer at 80x24."""
    from game_harness import footer_line, wait_until

    from flight_tui.ui.app import FlightTuiApp

    table = make_table("human,normal,normal", seed=7)
    play_until(table, lambda t: t.to_act() == (0,) and t.view(0).phase == PLAY and t.view(0).turn_no > 3)
    app = FlightTuiApp(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: humans_turn(app))
        footer = footer_line(app)
        for key in ("←→ Card", "Enter Play", "x Discard", "t Hint", "F1 Help"):
            assert key in footer, (key, footer)


@run_async
async def test_a_move_the_footer_leaves_out_still_says_why_not():
    """Discarding is not in the footer while drawing, but its key tells the player why it is refused."""
    from game_harness import footer_line, wait_until

    table = make_table("human,normal,normal", seed=7)
    play_until(table, lambda t: t.to_act() == (0,) and t.view(0).phase == DRAW and len(t.view(0).hand) > 0)
    app = TableApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: humans_turn(app))
        assert "Discard" not in footer_line(app) and "p Pack" in footer_line(app)
        hand = list(table.view(0).hand)
        await pilot.press("x")
        await pilot.pause()
        assert table.view(0).hand == hand and table.view(0).phase == DRAW
        assert any(n.title == "Not allowed" for n in app._notifications)
