"""The Passaportas table driven by keys only, as a player would (Textual's Pilot)."""

from __future__ import annotations

import io

from game_harness import screen_lines, wait_for_hint, wait_until
from passaportas_harness import PassaportasApp, make_table, play_until, run_async
from rich.console import Console
from textual.widgets import OptionList

from flight_tui.games.passaportas.rules.game import litres
from flight_tui.games.passaportas.rules.state import CUSTOMS, FUEL, HOME, Boarded, CustomsPassed, Flew, Fly, GroupRef, PassCustoms, UseCustoms
from flight_tui.ui.widgets.handoff import HandOffScreen
from flight_tui.games.passaportas.ui.choosers import OptionChooser, ResultsScreen
from flight_tui.games.passaportas.ui.presentation import may_roll
from flight_tui.games.passaportas.ui.table_screen import PassaportasTableScreen
from flight_tui.games.passaportas.ui.widgets import HandPanel, MapPanel, PlanePanel


async def settle(pilot, until) -> None:
    """Let the app run (bots move in worker threads) until ``until()`` holds."""
    await wait_until(pilot, until)


def plain(widget) -> str:
    """The text a widget shows, without styles."""
    console = Console(width=widget.size.width or 80, file=io.StringIO(), record=True, color_system=None)
    console.print(widget.render())
    return console.export_text()


async def cursor_to(pilot, panel: MapPanel, city: int) -> None:
    """Move the map cursor onto ``city`` with the arrow keys (toward it, any key that gets closer);
    in the list of flights (at 80 columns), ↑ or ↓ toward its row."""
    screen = pilot.app.screen
    if screen.board_is_list():
        order = screen.flight_list.order()
        for _ in range(40):
            if panel.cursor == city:
                return
            await pilot.press("down" if order.index(city) > order.index(panel.cursor) else "up")
    for _ in range(40):
        if panel.cursor == city:
            return
        places = panel.label_places()
        tx, ty = places[city]

        def distance() -> int:
            x, y = places[panel.cursor]
            return abs(x - tx) + 3 * abs(y - ty)

        before = distance()
        for key in ("left", "right", "up", "down"):
            start = panel.cursor
            await pilot.press(key)
            if panel.cursor == city or distance() < before:
                break
            panel.move_to(start)  # that key led away: back, try another
    assert panel.cursor == city


async def ask_for_a_hint(pilot) -> str:
    """Press the hint key, let the Normal bot think, and return the hint's text."""
    await pilot.press("t")
    await wait_for_hint(pilot)  # the Normal bot thinks in a worker
    return next(str(n.message) for n in pilot.app._notifications if n.title == "Hint")


def boarding_city(table) -> int | None:
    """A city in reach of seat 0 (after its roll) where one of its waiting groups boards."""
    view = table.view(0)
    reach = table.rules.map_of(table.config).destinations(view.plane, view.fuel)
    return next((g.boarding for g in view.groups[0] if g.status == HOME and g.boarding in reach), None)


@run_async
async def test_a_full_turn_with_keys_only_roll_fly_and_board():
    def ready(t):
        if t.to_act() != (0,) or t.view(0).phase != FUEL or t.view(0).turn.rolls:
            return False
        after = t.rules.clone(t.state)  # the roll to come is fixed by the seed
        t.rules.apply(after, 0, t.legal_actions(0)[0])
        view = t.rules.view(after, 0)
        reach = t.rules.map_of(t.config).destinations(view.plane, view.fuel)
        return not (view.turn.rolls[-1][0] == view.turn.rolls[-1][1]) and any(
            g.status == HOME and g.boarding in reach and g.size <= view.free_seats for g in view.groups[0]
        )

    table = make_table(seed=3, wild_tokens=False)  # a game of random players who never use the token
    play_until(table, ready, seed=3)
    app = PassaportasApp(table, bot_delay=0.3)  # the bots wait until the landing has been looked at
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, PassaportasTableScreen)
        await pilot.press("r")
        assert table.view(0).turn.rolls and table.view(0).fuel > 0
        city = boarding_city(table)
        panel = screen.query_one(MapPanel)
        await cursor_to(pilot, panel, city)
        group = next(g for g in table.view(0).groups[0] if g.boarding == city and g.status == HOME)
        turn = table.view(0).turn_no
        await pilot.press("enter")
        if isinstance(app.screen, OptionChooser):
            await pilot.press("enter")  # the least fuel, the first way offered
        await pilot.pause()
        assert table.view(0).plane == city
        assert any(isinstance(e, Flew) and e.seat == 0 for e in table.view(0).log)
        assert any(isinstance(e, Boarded) and e.player == 0 and e.group == group.size for e in table.view(0).log)
        seats = plain(screen.query_one(PlanePanel))
        assert f"A{group.size}" in seats  # the group sits in the plane, shown by letter and size
        if table.to_act() == (0,) and table.view(0).phase == CUSTOMS:
            await pilot.press("p")
        await settle(pilot, lambda: table.view(0).turn_no > turn or table.is_over())


def opponent_tops(table, viewer: int) -> list[str]:
    """Names of the top customs cards of the other seats (hidden from ``viewer``)."""
    game_map = table.rules.map_of(table.config)
    return [game_map.name(h[0]) for p, hs in enumerate(table.state.holders) if p != viewer for h in hs if h]


@run_async
async def test_the_hand_shows_nothing_hidden():
    """Another seat's top customs card never appears on seat 0's screen (the hand or the board)."""

    def telling(t) -> bool:
        view = t.view(0)
        game_map = t.rules.map_of(t.config)
        shown = {game_map.name(c) for gs in view.groups for g in gs for c in (g.boarding, g.destination)}
        shown |= {game_map.name(c) for c in view.own_customs if c >= 0} | {game_map.name(view.plane)}
        return t.to_act() == (0,) and not shown & set(opponent_tops(t, 0))

    table = make_table("human,random", seed=2)
    play_until(table, telling, seed=2)
    hidden = opponent_tops(table, 0)
    app = PassaportasApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("tab")
        await pilot.pause()
        hand = plain(screen.query_one(HandPanel))
        assert "Customs holder 1" in hand and "hidden" in hand
        everything = "\n".join(plain(w) for w in screen.query("HandPanel, PlanePanel, StatusBar"))
        assert not [name for name in hidden if name in everything]
        assert "customs cards: " in hand  # only how many the opponent holds


@run_async
async def test_hand_off_hides_the_table_between_two_people_and_each_person_starts_at_the_plane():
    table = make_table("human:Ann,human:Bob", seed=4)
    app = PassaportasApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        ann_screen = app.screen
        await pilot.press("r")  # Ann rolls, looks at a city she could fly to, then stays: Bob is next
        await settle(pilot, lambda: ann_screen.view.turn.rolls)
        await cursor_to(pilot, ann_screen.map_panel, sorted(ann_screen.map_panel.reach)[0])
        assert ann_screen.map_panel.cursor != ann_screen.view.plane
        await pilot.press("s")
        await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
        handoff = app.screen
        assert not handoff.query(HandPanel)
        await pilot.press("r", "s")  # keys before Enter do nothing to the game
        assert table.to_act() == (1,) and not table.view(1).turn.rolls
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        assert app.screen.view.seat == 1
        assert app.screen.map_panel.cursor == app.screen.view.plane  # Bob's cursor starts at the plane, not where Ann left it


@run_async
async def test_undo_never_takes_back_a_roll():
    table = make_table("human,random", seed=6)
    play_until(table, lambda t: t.to_act() == (0,) and t.view(0).phase == FUEL and not t.view(0).turn.rolls, seed=6)
    app = PassaportasApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        fuel = table.view(0).fuel
        await pilot.press("u")
        await pilot.pause()
        assert table.view(0).fuel == fuel and table.view(0).turn.rolls  # the dice stay thrown
        assert any(n.title == "Can't undo" for n in app._notifications)


@run_async
async def test_the_last_move_stays_on_the_board_until_enter_shows_the_results_naming_the_winner():
    """Issue 18: the results screen came at once, over the move that ended the game."""
    from game_harness import screen_lines

    from flight_tui.games.passaportas.ui.presentation import log_events

    table = make_table("human,random", seed=2)
    play_until(table, lambda t: t.is_over(), seed=2, limit=20000)
    app = PassaportasApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        await pilot.pause()
        lines = screen_lines(app)
        assert "the game is over: Enter shows who won" in lines[0]
        view = table.view(0)
        last = table.rules.describe(log_events(view)[-1], 0, table.names)
        log = " ".join(line.split("│")[-1].strip(" ·›") for line in lines[11:21])
        assert " ".join(last.split()[:4]) in log, (last, log)  # the log under the plane ends with it
        assert "Enter Results" in lines[-1]
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ResultsScreen))
        winner = table.names[table.view(0).winners[0]]
        summary = app.screen.query_one(".end-summary")
        console = Console(width=80, file=io.StringIO(), record=True, color_system=None)
        console.print(summary.content)
        assert winner in console.export_text()
        await pilot.press("enter")
        await settle(pilot, lambda: not any(isinstance(s, PassaportasTableScreen) for s in app.screen_stack))


@run_async
async def test_customs_asks_and_passing_by_key_goes_on():
    def asked(t):
        view = t.view(0)
        if t.to_act() != (0,) or view.phase != CUSTOMS:
            return False
        return any(isinstance(a, UseCustoms) for a in t.rules.legal_actions_from_view(view))

    table = make_table("human,random", seed=8)
    play_until(table, asked, seed=8)
    app = PassaportasApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert "customs" in plain(screen.query_one("#status")).lower()
        landing = table.view(0).turn_no
        await pilot.press("p")
        await pilot.pause()
        assert table.view(0).phase != CUSTOMS or table.to_act() != (0,) or table.view(0).turn_no > landing


@run_async
async def test_the_only_person_is_not_asked_about_customs_without_a_card_for_the_city():
    def asked_in_vain(t):
        view = t.view(0)
        return t.to_act() == (0,) and view.phase == CUSTOMS and t.rules.legal_actions_from_view(view) == [PassCustoms()]

    table = make_table("human,random", seed=8)
    play_until(table, asked_in_vain, seed=8)
    landing = len(table.actions)
    app = PassaportasApp(table)
    async with app.run_test(size=(80, 24)):
        assert table.actions[landing] == (0, PassCustoms())  # passed for them, no key pressed


@run_async
async def test_with_two_people_at_the_keyboard_both_are_still_asked_about_customs():
    def asked_in_vain(t):
        view = t.view(0)
        return t.to_act() == (0,) and view.phase == CUSTOMS and t.rules.legal_actions_from_view(view) == [PassCustoms()]

    table = make_table("human,human", seed=8)
    play_until(table, asked_in_vain, seed=8)
    landing = len(table.actions)
    app = PassaportasApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert len(table.actions) == landing  # waits for Ann, so nobody learns she has no card here


@run_async
async def test_hint_says_what_the_hard_bot_would_do():
    table = make_table("human,random", seed=3)
    app = PassaportasApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: table.to_act() == (0,) and isinstance(app.screen, PassaportasTableScreen))
        await pilot.press("t")
        await wait_for_hint(pilot)  # the Hard bot thinks in a worker
        hint = next(n for n in app._notifications if n.title == "Hint")
        assert str(hint.message).startswith("The Hard bot would ")
        assert table.to_act() == (0,) and not table.view(0).turn.rolls  # a hint plays nothing
        assert "(r)" in str(hint.message)  # it names the key
        await pilot.press("r")  # issue 9, item 22: the hint goes once the player acts
        await pilot.pause()
        assert table.view(0).turn.rolls
        assert not [n for n in app._notifications if n.title == "Hint"]


@run_async
async def test_the_fuel_dialog_opened_after_a_hint_starts_on_the_hinted_amount():
    """Issue 18: the hint bot would fly to Beirut burning 8,000 l; Beirut takes 3,000 or 8,000 l,
    and the dialog starts on 8,000 (it used to start on the lowest)."""
    table = make_table("human,normal,normal", seed=4)
    play_until(table, lambda t: t.to_act() == (0,) and t.view(0).phase == FUEL and t.view(0).turn.rolls and not may_roll(t.view(0)), seed=4)
    app = PassaportasApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        hint = await ask_for_a_hint(pilot)
        assert "fly to Beirut burning 8,000 l" in hint
        await pilot.press("enter")  # the hint put the cursor on Beirut
        chooser = app.screen
        assert isinstance(chooser, OptionChooser) and [key for key, _ in chooser.options] == ["3", "8"]
        assert chooser.query_one(OptionList).highlighted == 1
        tank = table.view(0).fuel  # each way says what it leaves in the tank for Bob, who plays next
        rests = [label.rsplit(" · ", 1)[1] for _, label in chooser.options]
        assert rests == [f"leaves {litres(tank - 3)} for Bob", "leaves no fuel for Bob" if tank == 8 else f"leaves {litres(tank - 8)} for Bob"]
        assert not [n for n in app._notifications if n.title == "Hint"]  # it would stand over the dialog
        played = len(table.actions)
        await pilot.press("enter")
        assert table.actions[played] == (0, Fly(10, 8))


@run_async
async def test_the_customs_dialog_opened_after_a_hint_starts_on_the_hinted_group():
    """Issue 18: the hint bot would refuse Dev's group of 4, the third answer: the dialog starts there."""
    from flight_tui.games.passaportas.ui.presentation import usable_holder

    table = make_table("human,normal,normal,normal", seed=1)
    play_until(table, lambda t: t.to_act() == (0,) and t.view(0).phase == CUSTOMS and usable_holder(t.view(0)) is not None, seed=1)
    app = PassaportasApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        hint = await ask_for_a_hint(pilot)
        assert "against Dev's group of 4" in hint
        await pilot.press("c")
        chooser = app.screen
        assert isinstance(chooser, OptionChooser) and [key for key, _ in chooser.options] == ["1:4", "3:2", "3:4", "pass"]
        assert chooser.query_one(OptionList).highlighted == 2
        played = len(table.actions)
        await pilot.press("enter")
        assert table.actions[played] == (0, UseCustoms(0, 3, 4))


@run_async
async def test_the_footer_keeps_help_and_the_turns_keys_in_80_columns():
    """Issue 9, item 20: at 80x24 the footer lost Help (F1); with the wild token it loses more."""
    from game_harness import footer_line, wait_until

    from flight_tui.ui.app import FlightTuiApp

    table = make_table("human,random,random,random", seed=6, wild_tokens=True)
    play_until(table, lambda t: t.to_act() == (0,) and t.view(0).phase == FUEL and t.view(0).round_no > 1, seed=6)
    app = FlightTuiApp(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        footer = footer_line(app)
        for key in ("Tab Hand", "←↑↓→ City", "r Roll", "w Wild", "Enter Fly", "s Stay", "t Hint", "F1 Help"):
            assert key in footer, (key, footer)
        await pilot.press("tab")
        await pilot.pause()
        assert "Tab Board" in footer_line(app)


@run_async
async def test_the_footer_offers_customs_keys_when_asked():
    from game_harness import footer_line, wait_until

    from flight_tui.ui.app import FlightTuiApp

    table = make_table("human:Ann,human:Bob", seed=3)
    play_until(table, lambda t: t.view(0).phase == CUSTOMS and t.to_act() == (0,), seed=3)
    app = FlightTuiApp(table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        footer = footer_line(app)
        for key in ("c Customs", "p Pass", "t Hint", "F1 Help"):
            assert key in footer, (key, footer)


@run_async
async def test_help_lists_every_key_once():
    """Issue 9, item 22: Help listed Tab and Esc twice (the table's and the general ones) and four rows of "City"."""
    from game_harness import screen_lines, wait_until

    from flight_tui.ui.app import FlightTuiApp
    from flight_tui.ui.screens.help import HelpScreen

    app = FlightTuiApp(table=make_table("human,random", seed=6))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("end")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "Back, or close a dialog" not in text and "Move between fields" not in text
        rows = [keys for keys, _ in app.screen.screen_keys]
        assert "←↓↑→ / hjkl" in rows
        keys = [key for row in rows + [keys for keys, _ in app.screen.app_keys] for key in row.split(" / ")]
        assert len(keys) == len(set(keys)), keys


def customs_against_seat_0(seed: int = 1):
    """A bot is asked about customs and may send home a group of seat 0 (the person)."""
    table = make_table("human,random,random", seed=seed)

    def stop(t) -> bool:
        acting = t.to_act()
        if not acting or acting[0] == 0 or t.view(acting[0]).phase != CUSTOMS:
            return False
        return any(isinstance(a, UseCustoms) and a.player == 0 for a in t.legal_actions(acting[0]))

    play_until(table, stop, seed=seed)
    return table


def customs_app():
    """The table of :func:`customs_against_seat_0` and an app on it whose test plays the bot's move itself."""
    from flight_tui.ui.app import FlightTuiApp

    table = customs_against_seat_0()
    app = FlightTuiApp(table=table)
    app.settings.bot_delay = 600  # the test plays the bot's move itself
    return table, app


async def send_seat_0_home(pilot, screen: PassaportasTableScreen, table) -> None:
    """Play the bot's customs card that sends seat 0's group home, as a bot's move is played."""
    bot = table.to_act()[0]
    refusal = next(a for a in table.legal_actions(bot) if isinstance(a, UseCustoms) and a.player == 0)
    screen.play(bot, refusal)
    screen.advance()
    await pilot.pause()


@run_async
async def test_the_log_and_its_notices_at_80x24():
    """Issue 9, item 19: below 34 rows there was no log and no notice; a refused group showed only as a new trip."""
    from game_harness import screen_lines, wait_until

    from flight_tui.ui.widgets.log_panel import LogPanel

    table, app = customs_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        screen = app.screen
        log = screen.query_one(LogPanel)
        assert log.display and log.region.height >= 6
        await send_seat_0_home(pilot, screen, table)
        told = [str(n.message) for n in app._notifications if n.title == "Your groups"]
        assert told and "goes home" in told[0] and "your " in told[0]
        assert any(line.startswith("› ") and "showed customs" in line for line in plain(log).splitlines())
        text = "\n".join(screen_lines(app))
        assert "used no customs card" not in text  # item 22: no line for a player passing
        await pilot.press("o")  # the whole log on the left
        await pilot.pause()
        assert screen.side == "history" and "o Board" in screen_lines(app)[-1]
        history = "\n".join(screen_lines(app)[1:21])
        assert "goes home" in history and "will travel" in history
        assert any(isinstance(e, CustomsPassed) for e in table.view(0).log)
        assert "used no customs card" not in history  # item 22: no line for a player passing
        await pilot.press("escape")
        await pilot.pause()
        assert screen.side == "board" and app.screen is screen
@run_async
async def test_P6_after_the_wild_token_the_board_says_why_the_last_trip_cannot_be_flown():
    """Ann's last group is in the plane, bound for Paris, 2,000 l from London; she uses her
    token: Paris stays in reach, the line under the map says why she may not fly there, and
    Enter on it is refused with the rule and changes nothing."""
    table = make_table("human,random", seed=4)
    state = table.state
    game_map = table.rules.map_of(table.config)
    paris, london = game_map.index["PAR"], game_map.index["LON"]
    for g in state.groups[0]:
        g.status = "done"
    last = state.groups[0][0]
    last.status, last.boarding, last.destination = "plane", london, paris
    state.cabin = [ref for ref in state.cabin if ref.player != 0] + [GroupRef(0, 1)]
    state.plane, state.fuel, state.current = london, 0, 0
    app = PassaportasApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("w")
        await pilot.pause()
        assert table.view(0).turn.wild_used and table.view(0).fuel == 10
        panel = screen.query_one(MapPanel)
        await cursor_to(pilot, panel, paris)
        assert "not after your wild token (P6)" in plain(screen.query_one("#reason"))
        await pilot.press("enter")
        if isinstance(app.screen, OptionChooser):
            await pilot.press("enter")
        await pilot.pause()
        assert table.view(0).plane == london and not table.is_over()
        assert any(n.title == "Not allowed" and "P6" in n.message for n in app._notifications)


@run_async
async def test_what_others_did_goes_with_the_table_when_the_player_leaves():
    """The "Your groups" notice is about the table: Esc back to the menu takes it off the screen."""
    from game_harness import screen_lines, wait_until

    from flight_tui.ui.screens.menu import MenuScreen

    table, app = customs_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        await send_seat_0_home(pilot, app.screen, table)
        assert any(n.title == "Your groups" for n in app._notifications)
        assert any("goes home" in line for line in screen_lines(app))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.pause()
        assert not any(n.title == "Your groups" for n in app._notifications)
        assert not any("goes home" in line for line in screen_lines(app))


@run_async
async def test_a_bot_moving_first_at_a_table_of_people_shows_no_bots_hand_and_takes_no_key_for_it():
    table = make_table("normal:Ann,human:Bob,human:Cleo", seed=3)  # Ann, a bot, is in turn first
    assert table.to_act() == (0,)
    app = PassaportasApp(table, bot_delay=1000)  # Ann thinks as long as the test looks
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
        assert "Pass the keyboard to Bob" in "\n".join(screen_lines(app))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, PassaportasTableScreen))
        assert app.screen.view.seat == 1  # Bob's view, not the bot's
        await pilot.press("r", "s", "enter")
        assert table.actions == [], "a key moved the bot's seat"
