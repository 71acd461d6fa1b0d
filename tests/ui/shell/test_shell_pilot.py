"""The app shell driven with the keyboard (Textual's Pilot)."""

from __future__ import annotations

import signal

import msgspec
import pytest
from game_harness import screen_lines, wait_for_workers, wait_until
from shell_helpers import BROKEN_SLOT, GOOD_SLOT, messages, new_table, run_async

from flight_tui.saves import SaveStore
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.dialogs import ConfirmDialog, PromptDialog
from flight_tui.ui.screens.help import HelpScreen
from flight_tui.ui.screens.load import LoadScreen
from flight_tui.ui.screens.menu import MenuScreen
from flight_tui.ui.screens.new_game import NewGameScreen
from flight_tui.ui.screens.rules import RulesScreen
from flight_tui.ui.screens.settings_screen import SettingsScreen
from flight_tui.ui.screens.too_small import TooSmallScreen
from flight_tui.ui.settings import config_path, load_config
from flight_tui.ui.theming import user_themes_dir

SIZE = (80, 24)


def palette_titles(app) -> list[str]:
    """The commands the open command palette lists (each option's first line)."""
    from textual.command import CommandList

    return [str(listed.get_option_at_index(i).prompt).split("\n")[0] for listed in app.screen.query(CommandList) for i in range(listed.option_count)]


def palette_lists(app, *titles: str) -> bool:
    """Whether the open command palette lists a command starting with each of ``titles``."""
    shown = palette_titles(app)
    return all(any(t.startswith(title) for t in shown) for title in titles)


@run_async
async def test_menu_keys_reach_every_screen_and_back():
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MenuScreen)
        from flight_tui.games.connecting_flights.coop.ui.campaign_screen import CampaignScreen

        screens = (("n", NewGameScreen), ("a", CampaignScreen), ("l", LoadScreen), ("s", SettingsScreen), ("r", RulesScreen))
        for key, screen_type in screens:
            await pilot.press(key)
            assert isinstance(app.screen, screen_type), key
            await pilot.press("escape")
            assert isinstance(app.screen, MenuScreen)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


@run_async
async def test_menu_cursor_skips_continue_without_a_game_and_enter_opens():
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("j", "j")  # New game -> Campaign -> Load: Continue is disabled
        await pilot.press("enter")
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("escape", "j", "j", "k", "k", "enter")  # Load, Settings, Rules, Settings, Load
        assert isinstance(app.screen, LoadScreen)


@run_async
async def test_new_game_with_the_keyboard_only():
    from flight_tui.games.flight.ui.table_screen import FlightTableScreen

    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # New game
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("down", "right")  # players 3 -> 4
        await pilot.press("down", "down", "down", "right")  # seat 2: Normal -> Hard bot
        await pilot.press("down", "ctrl+a", "ctrl+k", *"Zed")  # seat 2's name
        await pilot.press("down", "left", "left")  # seat 3: Normal -> Random bot
        await pilot.press("down", "down", "down", "down", "right")  # match: number of hands
        await pilot.press("down", "ctrl+a", "ctrl+k", "5", "down", *"4242")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FlightTableScreen)
        table = app.current_table()
        assert [(s.kind, s.name) for s in table.seats] == [
            ("human", "Ann"),
            ("hard", "Zed"),
            ("random", "Cleo"),
            ("normal", "Dev"),
        ]
        assert (table.config.players, table.config.target, table.config.hands) == (4, 0, 5)
        assert table.seed == 4242
        assert SaveStore().latest_autosave() is not None
        assert [type(screen) for screen in app.screen_stack] == [MenuScreen, FlightTableScreen]


@pytest.mark.parametrize(
    "keys, complaint",
    [
        (("down", "down", "down", "ctrl+a", "ctrl+k", *"Bob"), "Two seats are called Bob"),
        (("tab",) * 8 + ("ctrl+a", "ctrl+k", "0"), "Target score: a whole number from 1 to 10000"),
    ],
)
@run_async
async def test_new_game_refuses_bad_fields(stub_table_screen, keys, complaint):
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", *keys, "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert any(complaint in m for m in messages(app)), messages(app)


@run_async
async def test_palette_lists_app_and_game_commands(stub_table_screen):
    """The stand-in table screen offers an Undo command: the palette lists it and runs it."""
    expected = ("Undo", "Save game", "Load game", "Rules", "Theme", "Help", "Quit")
    app = FlightTuiApp(table=new_table())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: palette_lists(app, *expected))
        assert palette_lists(app, *expected), palette_titles(app)
        await pilot.press(*"undo", "enter")
        await pilot.pause()
        assert isinstance(app.screen, stub_table_screen)
        assert app.screen.undone == 1


@run_async
async def test_palette_save_game_asks_for_a_slot(stub_table_screen):
    app = FlightTuiApp(table=new_table())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p", *"save game")
        await wait_until(pilot, lambda: palette_titles(app)[:1] == ["Save game"])
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PromptDialog)
        await pilot.press(*"before the storm", "enter")
        await pilot.pause()
    assert SaveStore().load("before the storm").seed == 7


@run_async
async def test_settings_apply_at_once_and_persist():
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert app.theme == "flight-dark"
        await pilot.press("right")
        chosen = app.theme
        assert chosen != "flight-dark" and chosen in app.theme_names
        await pilot.press("down", "right", "down", "right")
        assert app.animation_level == "none"
    saved, _, problems = load_config()
    assert problems == []
    assert (saved.theme, saved.animations, saved.confirm_quit) == (chosen, False, False)
    again = FlightTuiApp()
    async with again.run_test(size=SIZE):
        assert again.theme == chosen
        assert again.animation_level == "none"


@run_async
async def test_theme_argument_wins_over_settings_but_is_not_saved():
    app = FlightTuiApp(theme="flight-light")
    async with app.run_test(size=SIZE):
        assert app.theme == "flight-light"
    assert not config_path().exists()


@run_async
async def test_unknown_theme_and_broken_files_give_notices_and_defaults():
    config_path().parent.mkdir(parents=True)
    config_path().write_text("not = = toml")
    user_themes_dir().mkdir(parents=True)
    (user_themes_dir() / "mine.toml").write_text("name = ")
    app = FlightTuiApp(theme="no-such-theme")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "flight-dark"
        text = "\n".join(messages(app))
        assert "Unknown theme 'no-such-theme'" in text
        assert "config file" in text and "not valid TOML" in text
        assert "mine.toml" in text


@run_async
async def test_a_broken_theme_file_is_named_also_when_the_chosen_theme_is_found():
    """The chosen theme is read alone at start-up; the other files are read once the menu is
    painted, and a broken one is still named, and every theme can be picked."""
    user_themes_dir().mkdir(parents=True)
    (user_themes_dir() / "mine.toml").write_text("name = ")
    app = FlightTuiApp(theme="flight-light")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "flight-light"
        assert any("mine.toml" in message for message in messages(app))
        assert {"flight-dark", "flight-light", "flight-ansi"} <= set(app.theme_names)
        assert all(app.get_theme(name) is not None for name in app.theme_names)


@run_async
async def test_help_lists_the_keys_of_the_screen_it_was_opened_from():
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        menu_keys = dict((d, k) for k, d in app.screen.screen_keys)
        assert menu_keys["Set up a new game"] == "n" and menu_keys["Open a saved game"] == "l"
        assert menu_keys["Up"] == "↑ / k"
        assert ("F1 / ?", "Show the keys of this screen") in app.screen.app_keys
        await pilot.press("escape", "r", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        rules_keys = dict((d, k) for k, d in app.screen.screen_keys)
        assert rules_keys["House interpretations"] == "i"
        assert "Set up a new game" not in rules_keys
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)


@run_async
async def test_load_screen_lists_good_and_broken_saves(two_saves, stub_table_screen):
    good, broken = two_saves
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        await wait_for_workers(pilot)
        slots = [entry.slot for entry in screen.entries]
        assert sorted(slots) == sorted([GOOD_SLOT, BROKEN_SLOT])
        await pilot.press("home")
        while screen.selected().slot != BROKEN_SLOT:
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert any("cannot be loaded" in m for m in messages(app))
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        assert broken.exists()
        await pilot.press("d", "y")
        await wait_for_workers(pilot)
        assert not broken.exists()
        assert [entry.slot for entry in screen.entries] == [GOOD_SLOT]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, stub_table_screen)
        assert app.current_table().seed == msgspec.json.decode(good.read_bytes())["seed"]


@run_async
async def test_load_rows_fit_80_columns_in_columns_and_say_the_game(utc):
    """Issue 9, item 22: rows wrapped at 80 columns, columns did not line up, autosaves and
    campaign saves did not say which game."""
    import re

    from flight_tui.campaigns import load_campaigns, load_progress, new_scenario_table
    from flight_tui.cli import _new_table
    from flight_tui.cli_args import build_parser
    from flight_tui.table import parse_seat

    store = SaveStore()
    parser = build_parser()
    for game in ("flight", "passaportas", "connecting-flights-coop"):
        table = _new_table(parser, parser.parse_args(["new", game, "--seed", "4"]))
        store.autosave(table)
        store.save(f"A long name for my {game} game", table)
    campaign = load_campaigns()[0]
    scenario = campaign.scenarios[0]
    seats = [parse_seat("human", 0), parse_seat("normal", 1)]
    store.save("campaign try", new_scenario_table(campaign, load_progress(campaign.id), scenario.id, seats, 5))
    app = FlightTuiApp()
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.press("l")
        await wait_for_workers(pilot)
        lines = screen_lines(app)
    dated = [(i, line) for i, line in enumerate(lines) if re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", line)]
    assert len(dated) == 7
    assert len({line.rindex(":") for _, line in dated}) == 1  # the dates line up
    for index, line in dated:
        assert re.search(r"(hand|round|set-up).* · Ann", lines[index + 1]), lines[index + 1]  # then progress and players
    autosaves = [line for _, line in dated if "Autosave" in line]
    assert sorted(re.search(r"Autosave +(\S+)", line).group(1) for line in autosaves) == ["Connecting", "Flight", "Passaportas"]
    assert any("campaign try" in line and f"Campaign: {scenario.title}" in line for _, line in dated)


@run_async
async def test_changing_the_game_leaves_no_stray_lines_on_the_new_game_screen():
    """Issue 9, item 22 (a stray "│" was seen after changing the game): every game, seat count
    and way back, at 80x24, shows only the form's own characters above the footer."""
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        for keys in (["right"], ["down", "right", "right", "up"], ["right"], ["right"], ["left"], ["down", "left", "up", "left"]):
            await pilot.press(*keys)
            await pilot.pause()
            rows = screen_lines(app)[:-1]
            assert not [row for row in rows if set(row) & set("│┃▏▕|")], rows
            assert all(len(row.rstrip()) <= SIZE[0] for row in rows)


@run_async
async def test_continue_resumes_the_autosave(stub_table_screen):
    table = new_table(seed=11)
    SaveStore().autosave(table)
    app = FlightTuiApp(start="continue")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, stub_table_screen)
        assert app.current_table().seed == 11


@pytest.mark.parametrize("how", ["load", "continue"])
@run_async
async def test_opening_a_save_leaves_its_file_and_date_alone(stub_table_screen, how):
    """Issue 9, item 22: opening an autosave rewrote it at once, so its date became 'now'."""
    table = new_table(seed=11)
    slot = SaveStore().autosave(table)
    path = SaveStore().path(slot)
    before = path.read_bytes()
    updated = SaveStore().list_saves()[0].updated
    app = FlightTuiApp(start=how if how == "continue" else "menu")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if how == "load":
            await pilot.press("l")
            await wait_for_workers(pilot)
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, stub_table_screen)
        await pilot.press("escape")
        await pilot.pause()
    assert path.read_bytes() == before
    assert SaveStore().list_saves()[0].updated == updated


@run_async
async def test_continue_without_a_game_shows_the_menu_and_says_so():
    app = FlightTuiApp(start="continue")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any("no game in progress" in m for m in messages(app))


@run_async
async def test_quitting_mid_game_asks_and_keeps_the_autosave(stub_table_screen):
    app = FlightTuiApp(table=new_table(seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        assert isinstance(app.screen, stub_table_screen)
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
    assert app.return_code == 0
    entry = SaveStore().latest_autosave()
    assert SaveStore().load(entry.slot).seed == 5


@run_async
async def test_hangup_handler_saves_the_game_and_exits(stub_table_screen):
    from flight_tui.bots import make_bot

    table = new_table(seed=3)
    app = FlightTuiApp(table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seat = table.to_act()[0]
        table.on_change = None  # the last action is saved by the signal handler alone
        table.submit(seat, make_bot("flight", "random", 1).choose(table.view(seat)))
        app.handle_exit_signal(signal.SIGHUP)
        await pilot.pause()
    assert app._exit
    loaded = SaveStore().load(SaveStore().latest_autosave().slot)
    assert loaded.actions == table.actions
    assert loaded.state == table.state


@run_async
async def test_too_small_terminal_shows_a_notice_and_carries_on(stub_table_screen):
    app = FlightTuiApp(table=new_table())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table_screen = app.screen
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "need 80x24, have 60x20" in str(app.screen.query_one("#too-small-text").render())
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert app.screen is table_screen
        assert app.current_table() is table_screen.table


@run_async
async def test_ctrl_p_while_the_palette_is_open_under_the_too_small_notice_changes_nothing():
    """The palette is open, the terminal shrinks (the too-small notice covers it) and ctrl+p
    comes again: the app carries on (it ended with Textual's "DuplicateIds"), and once the
    terminal is large enough the palette is there as it was."""
    from textual.command import CommandPalette

    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        assert sum(isinstance(screen, CommandPalette) for screen in app.screen_stack) == 1


@run_async
async def test_under_the_too_small_notice_only_quitting_works():
    """F1, ? and ctrl+p while the notice covers the menu open nothing over it (they piled Help,
    palettes and more notices on one another); once the terminal is large enough the menu is
    back alone, and ctrl+q under the notice quits, as the notice says."""
    app = FlightTuiApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack] == [MenuScreen, TooSmallScreen]
        for key in ("f1", "question_mark", "ctrl+p", "f1"):
            await pilot.press(key)
            await pilot.pause()
        assert [type(screen) for screen in app.screen_stack] == [MenuScreen, TooSmallScreen]
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack] == [MenuScreen]
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


def keys_at_once(app, *keys: str) -> None:
    """Keys that reach the app together, before it has handled the first (typed fast, or in one
    packet over SSH): handed to its driver without waiting in between."""
    from textual import events

    for key in keys:
        event = events.Key(key, {"enter": "\r", "escape": "\x1b"}.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        app._driver.send_message(event)


@pytest.mark.parametrize("over", ["menu", "rules"])
@run_async
async def test_a_second_enter_before_the_palette_closes_runs_its_command_once(over):
    """Enter twice on the palette's Help: one Help screen, over the screen the palette was
    opened on. Textual's palette closed the screen under it too (over the menu alone, the app
    ended: "Can't pop screen") and opened Help twice."""
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if over == "rules":
            await pilot.press("r")
            await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        under = [type(screen) for screen in app.screen_stack]
        await pilot.press("ctrl+p", *"help")
        await wait_until(pilot, lambda: palette_lists(app, "Help"))
        await pilot.press("down")
        keys_at_once(app, "enter", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack] == [*under, HelpScreen]


@run_async
async def test_a_page_key_typed_ahead_of_the_palettes_list_does_nothing():
    """ctrl+p, two letters and PageDown arriving together: Textual's list of commands raised
    KeyError (it had not laid out its options yet) and the app ended."""
    from textual.command import CommandPalette

    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(3):
            keys_at_once(app, "ctrl+p", "h", "e", "pagedown")
            await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
            await pilot.pause()
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert app.is_running


@run_async
async def test_a_search_that_ends_after_the_app_took_the_palette_away_does_nothing(monkeypatch):
    """The palette is taken away by the app, not by its own keys, while it searches: the search
    ends once the palette's list is gone (slow, over SSH). Textual's search went on to show
    its result in that list and the app ended ("No nodes match 'CommandList'")."""
    import asyncio

    from textual.command import CommandList, CommandPalette

    async def found_once_the_list_is_gone(palette, value):
        while palette.query(CommandList):
            await asyncio.sleep(0)
        return
        yield

    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette) and app.screen._list_visible)
        monkeypatch.setattr(CommandPalette, "_search_for", found_once_the_list_is_gone)
        await pilot.press("h")
        await pilot.pause()
        app.pop_screen()
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.pause()
        assert app.is_running


@run_async
async def test_palette_offers_the_real_table_commands():
    expected = ("Undo", "Hint", "Save game", "Theme")
    app = FlightTuiApp(table=new_table(seats=("human", "easy")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: palette_lists(app, *expected))
        assert palette_lists(app, *expected), palette_titles(app)
        await pilot.press(*"back to the menu", "enter")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.current_table() is None


@run_async
async def test_rules_screen_jumps_to_the_house_interpretations():
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        scroll = app.screen.query_one("#rules-scroll")
        assert scroll.scroll_y == 0
        await pilot.press("i")
        await pilot.pause()
        house = app.screen.query_one("#house-rules")
        assert scroll.scroll_y > 0
        assert house.region.y - scroll.region.y <= 1
        await pilot.press("t")
        assert scroll.scroll_y == 0


@run_async
async def test_rules_from_the_menu_move_through_every_game():
    from flight_tui.games import game_names, get_rules

    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        for game in game_names()[1:] + game_names()[:1]:
            await pilot.press("g")
            await pilot.pause()
            assert app.screen.game == game
            text = app.screen.query_one("#rules-text").source
            assert get_rules(game).title.split(" (")[0] in text
            assert "House interpretations" in app.screen.query_one("#house-rules").source


def test_a_missing_rules_file_reads_as_none():
    from flight_tui.games import get_spec
    from flight_tui.ui.screens.rules import read_text_file

    assert read_text_file("flight_tui.games.flight.rules:no-such-file.md") is None
    assert "House interpretations" in read_text_file(get_spec("flight").house_rules)


def _new_game(game: str):
    """A game as ``flight-tui new GAME`` starts it (default seats and options)."""
    from flight_tui.cli import _new_table
    from flight_tui.cli_args import build_parser

    parser = build_parser()
    return _new_table(parser, parser.parse_args(["new", game, "--seed", "5"]))


@pytest.mark.parametrize("start", ["new", "continue"])
@pytest.mark.parametrize("game", ["flight", "passaportas", "connecting-flights-coop"])
@run_async
async def test_a_game_started_in_a_too_small_terminal_shows_the_notice(game, start):
    """Issue 9, item 18: `new` or `continue` at 80x23 crashed (NoMatches '#too-small-text')."""
    table = _new_game(game)
    if start == "continue":
        SaveStore().autosave(table)
        app = FlightTuiApp(start="continue")
    else:
        app = FlightTuiApp(table=table)
    async with app.run_test(size=(80, 23)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "need 80x24, have 80x23" in str(app.screen.query_one("#too-small-text").render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.current_table() is not None and app.screen.table is app.current_table()
    assert app.return_code in (0, None)


@pytest.mark.parametrize("game", ["flight", "passaportas", "connecting-flights-coop"])
@run_async
async def test_the_hand_off_is_framed_and_centred_in_every_game(game):
    """Issue 9, item 21: Passaportas' hand-off had its style only once a Flight table had been open."""
    from flight_tui.cli import _new_table
    from flight_tui.cli_args import build_parser
    from flight_tui.ui.widgets.handoff import HandOffScreen

    parser = build_parser()
    table = _new_table(parser, parser.parse_args(["new", game, "--seats", "human:Ann,human:Bob", "--seed", "3"]))
    app = FlightTuiApp(table=table)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        text = app.screen.query_one("#handoff-text")
        assert text.styles.border_top[0] == "round"
        left = text.region.x
        right = SIZE[0] - text.region.right
        assert left > 2 and abs(left - right) <= 1, (left, right)


@run_async
async def test_too_small_notice_stays_on_top_of_screens_opened_meanwhile():
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        app.action_settings()  # e.g. a screen a game opens by itself while the notice is up
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack] == [MenuScreen]


@run_async
async def test_a_failing_autosave_is_reported_once(stub_table_screen, tmp_path):
    from flight_tui import paths

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    paths.set_data_dir(blocker)
    table = new_table()
    app = FlightTuiApp(table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.save_now()
        app.save_now()
        await pilot.pause()
        failures = [m for m in messages(app) if "could not be written" in m or "cannot" in m]
        assert len(failures) == 1, messages(app)
        assert isinstance(app.screen, stub_table_screen)
