"""Replays through the real app: stepping, turns and rounds, seats, every hand once the game is
over, moves refused, every example save, the save left as it was, and ``flight-tui replay``."""

from __future__ import annotations

import os
import shutil
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey
from game_harness import play_until, run_async, screen_lines, seats, wait_for_workers
from terminal_mirror import differences, full_repaint, kept_copy, mirror_terminal

from flight_tui import paths
from flight_tui.cli import UNREADABLE_SAVE, main
from flight_tui.games import get_rules
from flight_tui.games.flight.rules import FLIGHT, FlightConfig
from flight_tui.saves.codec import decode
from flight_tui.table import Table
from flight_tui.table.replay import REPLAY_REFUSAL
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.replay import EVERYTHING_REFUSED, EverythingPanel
from flight_tui.ui.widgets.head_bar import HeadBar
from flight_tui.ui.widgets.footer import GameFooter

SIZE = (80, 24)
SHORT_GAME = 60
"""An example save of at most this many moves is stepped through move by move."""
EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "saves").glob("*.json"))


def the_game(path: Path) -> tuple:
    """What a replay of the example save at ``path`` shows: its rules, settings, seed, seats, moves and position."""
    table = decode(path.read_bytes(), path.stem).table
    return table.rules.name, table.config, table.seed, table.seats, table.actions, table.state


def replayed_examples() -> list[Path]:
    """The example saves, newest format first, leaving out a save whose game is that of a newer
    one (its replay is the same replay): an older format that reads differently stays in."""
    kept: list[tuple[Path, tuple]] = []
    for path in sorted(EXAMPLES, reverse=True):
        game = the_game(path)
        if all(game != other for _, other in kept):
            kept.append((path, game))
    return sorted(path for path, _ in kept)


def example(stem: str) -> Table:
    """The game of the example save ``saves/<stem>.json``."""
    path = next(path for path in EXAMPLES if path.stem == stem)
    return decode(path.read_bytes(), path.stem).table


@asynccontextmanager
async def replaying(table: Table):
    """The replay of ``table`` opened in the app at 80x24: (app, pilot, the replay's screen)."""
    app = FlightTuiApp(start="replay", table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        yield app, pilot, app.screen


def finished_flight() -> Table:
    """A one-hand Flight match of Ann (a person) against two bots, played to its end."""
    table = Table(FLIGHT, FlightConfig(players=3, hands=1), 5, seats("human:Ann,normal:Bob,hard:Cleo"))
    play_until(table, Table.is_over)
    return table


def unfinished_flight() -> Table:
    table = Table(FLIGHT, FlightConfig(players=3, hands=1), 5, seats("human:Ann,normal:Bob,hard:Cleo"))
    play_until(table, lambda t: len(t.actions) >= 12)
    return table


async def step_to_the_end(pilot, replay_screen) -> list[tuple[int, str]]:
    """Press → to the last move, closing each round summary shown on the way: (position, its title) of each."""
    app, replay = pilot.app, replay_screen.replay
    told = []
    while replay.position < replay.length:
        await pilot.press("right")
        if app.screen is not replay_screen:
            told.append((replay.position, str(app.screen.query_one("#round-summary-title").render())))
            await pilot.press("enter")
            assert app.screen is replay_screen
    return told


def footer_look(footer: GameFooter) -> list[tuple]:
    """The keys a footer shows: key, label, and whether each is dimmed."""
    return [(key.key, key.description, key._disabled) for key in footer.query(FooterKey)]


def bar(app) -> str:
    return str(app.screen.query_one(HeadBar).text)


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


@run_async
async def test_arrows_home_end_and_turns_move_through_the_game():
    table = finished_flight()
    app = FlightTuiApp(start="replay", table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = app.screen.replay
        total = len(table.actions)
        assert replay.position == 0 and f"move 0 of {total}" in bar(app) and "the deal" in bar(app)
        await pilot.press("right", "right")
        assert replay.position == 2 and f"move 2 of {total}" in bar(app)
        await pilot.press("left")
        assert replay.position == 1
        await pilot.press("end")
        assert replay.position == total and app.screen.table.is_over()
        assert app.screen.table.state == table.state
        await pilot.press("home")
        assert replay.position == 0
        await pilot.press("n")
        second_turn = replay.turn_starts[1]
        assert replay.position == second_turn
        assert table.actions[second_turn][0] != table.actions[second_turn - 1][0]
        await pilot.press("n", "p")
        assert replay.position == second_turn
        await pilot.press("N")  # a match of one hand: no second hand, so the end
        assert replay.position == total and "hand 1" in bar(app)


@run_async
async def test_a_step_shows_the_position_after_that_many_moves():
    table = finished_flight()
    app = FlightTuiApp(start="replay", table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*["right"] * 7, "end", "home", *["right"] * 5)
        expected = Table(table.rules, table.config, table.seed, table.seats, actions=table.actions[:5]).replay()
        assert app.screen.table.state == expected
        assert app.screen.hand.cards == sorted(FLIGHT.view(expected, 0).hand)


@run_async
async def test_the_replay_shows_only_what_the_chosen_seat_saw():
    table = finished_flight()
    app = FlightTuiApp(start="replay", table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*["right"] * 6)
        state = app.screen.table.state
        hands = [sorted(FLIGHT.view(state, seat).hand) for seat in range(3)]
        assert app.screen.viewer == 0 and app.screen.hand.cards == hands[0]
        assert "as Ann" in bar(app)
        await pilot.press("s")  # the game is over: every seat may be seen
        assert app.screen.viewer == 1 and app.screen.hand.cards == hands[1] and "as Bob" in bar(app)
        assert app.screen.view == FLIGHT.view(state, 1)
        await pilot.press("s", "s")
        assert app.screen.viewer == 0


@run_async
async def test_before_the_end_only_the_people_s_seats_and_no_hidden_cards():
    table = unfinished_flight()
    app = FlightTuiApp(start="replay", table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("end", "s")
        assert app.screen.viewer == 0
        await pilot.press("a")
        assert EVERYTHING_REFUSED in notices(app)
        assert not app.screen.query_one(EverythingPanel).display
        bob_cards = [FLIGHT.view(table.state, 1).hand, FLIGHT.view(table.state, 2).hand]  # and Cleo's
        shown = "\n".join(screen_lines(app))
        from flight_tui.games.flight.rules import cards

        told = "\n".join(table.log_lines(0, last=len(table.state.log)))  # what Ann was told (a card drawn face up)
        names = [cards.name(c) for hand in bob_cards for c in hand if c not in FLIGHT.view(table.state, 0).hand]
        hidden = [name for name in names if name.startswith("Route") and name not in told]
        assert hidden and not any(name in shown for name in hidden)
        await pilot.press("a")  # refused: nothing changes
        assert not any(name in "\n".join(screen_lines(app)) for name in hidden)


@run_async
async def test_after_the_end_every_hand_is_shown():
    from flight_tui.games.flight.rules import cards

    table = finished_flight()
    app = FlightTuiApp(start="replay", table=table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press(*["right"] * 6, "a")
        panel = app.screen.query_one(EverythingPanel)
        assert panel.display and "as Ann, all hands shown" in bar(app)
        text = "\n".join(screen_lines(app))
        state = app.screen.table.state
        for seat, name in enumerate(table.names):
            hand = FLIGHT.view(state, seat).hand
            assert f"{name}: " in text
            assert all(cards.name(card) in text for card in hand[:1])
        await pilot.press("a")
        assert not panel.display


@run_async
async def test_keys_of_play_say_this_is_a_replay_and_change_nothing():
    table = finished_flight()
    app = FlightTuiApp(start="replay", table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right")
        before = app.screen.table.state
        for key in ("x", "u", "t"):
            await pilot.press(key)
        assert REPLAY_REFUSAL in notices(app)
        assert app.screen.replay.position == 1 and app.screen.table.state == before
        assert len(app.screen.table.actions) == 0  # the shown table records nothing


@pytest.mark.parametrize("path", replayed_examples(), ids=lambda path: path.stem)
@run_async
async def test_every_example_save_replays_to_its_end(path):
    loaded = decode(path.read_bytes(), path.stem)
    app = FlightTuiApp(start="replay", table=loaded.table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay_screen, replay = app.screen, app.screen.replay
        assert replay.length == len(loaded.table.actions) > 0
        if replay.length <= SHORT_GAME:  # every move, one by one
            await step_to_the_end(pilot, replay_screen)
        else:  # a few moves from the deal, then the end (round summaries: the test below)
            await pilot.press(*["right"] * 5)
            if app.screen is not replay_screen:
                await pilot.press("enter")
            await pilot.press("end")
        assert f"move {replay.length} of {replay.length}" in bar(app)
        assert app.screen.table.state == loaded.table.state
        await pilot.press(*["left"] * min(5, replay.length), "end", "p", "P")
        assert replay.position < replay.length


@run_async
async def test_replay_from_the_load_screen_leaves_the_save_as_it_was():
    folder = paths.data_dir() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    save = folder / "autosave-example.json"
    shutil.copyfile(EXAMPLES[0], save)
    os.utime(save, (1_700_000_000, 1_700_000_000))
    before = save.read_bytes(), save.stat().st_mtime_ns, sorted(os.listdir(folder))
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await wait_for_workers(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert app.screen.replay.length > 0
        await pilot.press("right", "end", "home")
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "LoadScreen"
        assert app.current_table() is None
    assert (save.read_bytes(), save.stat().st_mtime_ns, sorted(os.listdir(folder))) == before


def test_replay_of_a_missing_save_says_so_with_status_2(capsys):
    assert main(["replay", "no such game"]) == UNREADABLE_SAVE == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "there is no save with this name" in err


def test_replay_of_a_damaged_file_says_so_with_status_2(tmp_path, capsys):
    damaged = tmp_path / "torn.json"
    damaged.write_bytes(EXAMPLES[0].read_bytes()[:500])
    assert main(["replay", str(damaged)]) == 2
    assert "cut short" in capsys.readouterr().err
    foreign = tmp_path / "notes.json"
    foreign.write_text('{"hello": 1}')
    assert main(["replay", str(foreign)]) == 2
    assert "not a flight-tui save" in capsys.readouterr().err


@run_async
async def test_stepping_past_a_round_shows_its_summary_and_a_jump_does_not():
    async with replaying(example("connecting-flights-v3")) as (app, pilot, replay_screen):
        replay = replay_screen.replay
        await pilot.press("end", "home", "end", "left", "home")
        assert app.screen is replay_screen
        told = []
        for start in replay.round_starts:  # a jump to the move before each round's first, then a step past it
            replay_screen.go(start - 1)
            await pilot.pause()
            assert app.screen is replay_screen  # a jump tells nothing
            await pilot.press("right")
            assert app.screen is not replay_screen
            told.append((replay.position, str(app.screen.query_one("#round-summary-title").render())))
            await pilot.press("enter")
            assert app.screen is replay_screen
        assert [position for position, _ in told] == replay.round_starts
        assert [title.split(" ·")[0] for _, title in told] == ["Round 1 begins", "End of round 1", "End of round 2", "End of round 3"]
        await pilot.press("home", "N")
        assert replay.position == replay.round_starts[0] and app.screen is not replay_screen
        assert "Round 1 begins" in str(app.screen.query_one("#round-summary-title").render())


@run_async
async def test_a_round_summary_covers_the_table_until_read_and_one_screen_tells_every_round():
    async with replaying(example("connecting-flights-v3")) as (app, pilot, replay_screen):
        replay = replay_screen.replay
        summaries = []
        for start in replay.round_starts[1:3]:
            replay_screen.go(start - 1)
            await pilot.pause()
            await pilot.press("right")
            summaries.append((app.screen, str(app.screen.query_one("#round-summary-title").render())))
            assert f"move {start - 1} of" in str(replay_screen.query_one(HeadBar).text)  # drawn once, when read
            await pilot.press("enter")
            assert app.screen is replay_screen and f"move {start} of" in str(replay_screen.query_one(HeadBar).text)
        (first, first_title), (second, second_title) = summaries
        assert first is second and first_title.startswith("End of round 1") and second_title.startswith("End of round 2")
        await pilot.press("escape")
        await pilot.pause()
        assert not any(name.startswith("replay-news") for name in app._installed_screens)


@run_async
async def test_a_move_that_would_ask_a_question_is_refused_at_once():
    path = next(path for path in EXAMPLES if path.stem == "passaportas-v3")
    table = decode(path.read_bytes(), path.stem).table
    app = FlightTuiApp(start="replay", table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay_screen = app.screen
        await pilot.press("right", "right")  # Ann has rolled and used her wild token: she chooses a flight
        reach = replay_screen.map_panel.reach
        replay_screen.map_panel.move_to(next(city for city, amounts in reach.items() if len(amounts) > 1))
        await pilot.pause()  # the cursor on a city reached in several ways: at the table, Enter asks how much fuel
        for key in ("enter", "r", "w"):  # fly, roll, wild token (c, customs at the table, is the replay's chart)
            await pilot.press(key)
            assert app.screen is replay_screen
        assert REPLAY_REFUSAL in notices(app) and replay_screen.replay.position == 2


@run_async
async def test_the_chart_of_a_replay_goes_as_far_as_the_move_shown():
    from flight_tui.ui.screens.chart import ChartScreen
    from flight_tui.ui.widgets.game_chart import GameCharts

    table = Table(FLIGHT, FlightConfig(players=3, hands=2), 5, seats("human:Ann,normal:Bob,hard:Cleo"))
    play_until(table, Table.is_over)
    first_hand_over = next(k for k in range(len(table.actions) + 1) if len(Table(table.rules, table.config, table.seed, table.seats, actions=table.actions[:k]).replay().hand_results) == 1)
    app = FlightTuiApp(start="replay", table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay_screen = app.screen
        replay_screen.go(first_hand_over)
        await pilot.press("c")
        assert isinstance(app.screen, ChartScreen)
        assert [chart.x for chart in app.screen.query_one(GameCharts).charts] == [[1]]  # one hand so far
        assert f"move {first_hand_over} of {len(table.actions)}" in str(app.screen.query_one("#chart-heading").render())
        await pilot.press("escape", "end", "c")
        assert [chart.x for chart in app.screen.query_one(GameCharts).charts] == [[1, 2]]
        assert "up to the end" in str(app.screen.query_one("#chart-heading").render())


REPLAYED_GAMES = {
    "flight": "random,random,random",
    "passaportas": "random,random,random,random",
    "connecting-flights": "random,random,random",
    "connecting-flights-coop": "random,random,random",
}


@pytest.mark.parametrize("game", list(REPLAYED_GAMES))
@run_async
async def test_each_step_shows_what_a_full_repaint_from_scratch_shows(game):
    """The panels a step changes are repainted (only what changed): after each step the terminal
    equals the screen drawn again from nothing, every widget's drawing thrown away."""
    rules = get_rules(game)
    specs = seats(REPLAYED_GAMES[game])
    table = Table(rules, rules.make_config(len(specs), {}), 3, specs)
    play_until(table, lambda t: t.is_over() or len(t.actions) >= 60, seed=3)
    app = FlightTuiApp(start="replay", table=table)
    terminal = mirror_terminal(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay_screen = app.screen
        footer = replay_screen.query_one(GameFooter)
        footer_updates, update_keys = [], footer.update_keys

        async def counted_update_keys() -> None:
            footer_updates.append(replay_screen.replay.position)
            await update_keys()

        footer.update_keys = counted_update_keys
        footers = [footer_look(footer)]
        for _ in range(min(20, replay_screen.replay.length)):
            await pilot.press("right")
            while app.screen is not replay_screen:  # a round's summary on the way
                await pilot.press("enter")
            await pilot.pause()
            shown = kept_copy(terminal)
            for widget in replay_screen.walk_children(with_self=True):
                widget.refresh()
            assert differences(shown, full_repaint(app)) == [], f"move {replay_screen.replay.position}"
            footers.append(footer_look(footer))
        # The footer's keys are changed only when the keys it shows change (the table's own
        # keys, hidden in a replay, change with every phase).
        assert len(footer_updates) <= sum(a != b for a, b in zip(footers, footers[1:]))


MOVE_WORDS = {
    # game: (seats, the phase in which the person is asked, words naming a key of a move there)
    "flight": ("human:Ann,random:Bob,random:Cleo", "draw", "p the pack"),
    "passaportas": ("human:Ann,random:Bob,random:Cleo", "fuel", "r rolls"),
    "connecting-flights": ("human:Ann,random:Bob,random:Cleo", "bidding", "p passes"),
    "connecting-flights-coop": ("human:Ann,random:Bob", "fly", "f flies them"),
}


@pytest.mark.parametrize("game", list(MOVE_WORDS))
@run_async
async def test_a_replay_names_no_key_of_a_move(game):
    """Where the table tells the person the key of a move (often one the replay takes over:
    ``p`` goes back a turn, ``c`` opens the chart), the replay of that position does not."""
    rules = get_rules(game)
    specs, phase, words = MOVE_WORDS[game]
    specs = seats(specs)
    table = Table(rules, rules.make_config(len(specs), {}), 3, specs)
    play_until(table, lambda t: len(t.actions) >= 10 and t.state.phase == phase and tuple(t.rules.to_act(t.state)) == (0,), seed=3)
    app = FlightTuiApp(table=table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert any(words in line for line in screen_lines(app))  # the table itself names the key
    async with replaying(table) as (app, pilot, replay_screen):
        await pilot.press("end")
        await pilot.pause()
        lines = screen_lines(app)
        assert replay_screen.viewer == 0 and f"move {len(table.actions)} of" in bar(app)
        assert not any(words in line for line in lines), "\n".join(lines)
