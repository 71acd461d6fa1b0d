"""The hint key: the hint bot (Hard in Flight) thinks in a worker, the footer shows it thinking, and a hint
about a position that is gone is dropped (through the real table screen)."""

from __future__ import annotations

import threading

import pytest
from flight_harness import TableApp, make_table, play_until, run_async
from game_harness import screen_lines, wait_for_workers

from flight_tui.bots import make_bot
from flight_tui.engine.rng import derived_seed
from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.state import DRAW, PLAY, DrawPack, Play
from flight_tui.games.flight.ui.chooser import FlightChooser
from flight_tui.games.flight.ui.presentation import action_text, playable_flights
from flight_tui.games.flight.ui.table_screen import FlightTableScreen
from flight_tui.games.flight.ui.widgets import HandView
from flight_tui.engine.search import SearchSummary
from flight_tui.games import get_spec
from flight_tui.ui.widgets.footer import GameFooter


HINT_LEVEL = get_spec("flight").hint_level


class SlowBot:
    """A hint bot that answers only once the test lets it (``released``)."""

    def __init__(self, bot, released: threading.Event) -> None:
        self.bot = bot
        self.released = released

    def choose(self, view):
        assert self.released.wait(10), "the test never let the bot answer"
        return self.bot.choose(view)


@pytest.fixture
def released(monkeypatch) -> threading.Event:
    """Hint bots wait for this event before they answer (other bots play at once)."""
    event = threading.Event()
    real = make_bot

    def slow_hint_bot(game, level, seed=0, **options):
        bot = real(game, level, seed, **options)
        return SlowBot(bot, event) if level == HINT_LEVEL else bot

    monkeypatch.setattr("flight_tui.ui.game_screen.make_bot", slow_hint_bot)
    return event


def humans_draw() -> tuple:
    """Ann's turn, about to draw, with a random bot as the other seat; and the hint bot's choice there."""
    table = make_table("human,random", seed=5)
    play_until(table, lambda t: t.to_act() == (0,) and t.view(0).phase == DRAW)
    return table, make_bot("flight", HINT_LEVEL, derived_seed(table.seed, "hint")).choose(table.view(0))


def hints(app) -> list[str]:
    return [str(n.message) for n in app._notifications if n.title == "Hint"]


async def ask_for_a_hint(app, pilot) -> GameFooter:
    await pilot.press("t")
    await pilot.pause()
    footer = app.screen.query_one(GameFooter)
    assert footer.loading and not hints(app)  # the bot is thinking: the indicator shows, no hint yet
    return footer


async def let_the_bot_answer(app, pilot, released: threading.Event) -> None:
    released.set()
    await wait_for_workers(pilot)


@run_async
async def test_a_hint_is_worked_out_off_the_screen_and_shown_when_ready(released):
    table, suggestion = humans_draw()
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, FlightTableScreen)
        before = list(table.actions)
        hand = app.screen.query_one(HandView)
        footer = await ask_for_a_hint(app, pilot)
        cursor = hand.cursor
        await pilot.press("right")  # the screen answers keys while the bot thinks
        assert hand.cursor == cursor + 1
        await let_the_bot_answer(app, pilot, released)
        assert hints(app)[0].startswith(f"The Hard bot would {action_text(suggestion, app.screen.key)}.")
        assert not footer.loading
        assert table.actions == before  # a hint plays nothing


@run_async
async def test_a_hint_that_arrives_after_the_player_moved_is_dropped(released):
    table, _ = humans_draw()
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        footer = await ask_for_a_hint(app, pilot)
        await pilot.press("p")  # Ann draws from the pack before the hint comes
        await pilot.pause()
        assert table.actions[-1] == (0, DrawPack())
        await let_the_bot_answer(app, pilot, released)
        assert hints(app) == [] and not footer.loading


@run_async
async def test_a_hint_about_a_position_changed_from_elsewhere_is_dropped(released):
    """Moves that do not pass through this screen's keys (a bot, another terminal) make a hint stale too."""
    table, _ = humans_draw()
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        footer = await ask_for_a_hint(app, pilot)
        table.submit(0, DrawPack())
        await let_the_bot_answer(app, pilot, released)
        assert hints(app) == [] and not footer.loading


@run_async
async def test_a_bot_that_fails_to_hint_says_so_and_stops_thinking(monkeypatch):
    class BrokenBot:
        def choose(self, view):
            raise RuntimeError("out of ideas")

    real = make_bot
    monkeypatch.setattr(
        "flight_tui.ui.game_screen.make_bot",
        lambda game, level, seed=0, **options: BrokenBot() if level == HINT_LEVEL else real(game, level, seed, **options),
    )
    table, _ = humans_draw()
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await wait_for_workers(pilot)
        assert hints(app) == [] and not app.screen.query_one(GameFooter).loading
        assert any("out of ideas" in str(n.message) for n in app._notifications)


def hinted_play_on_one_of_several_flights(table) -> bool:
    """Ann's play phase, and the hint bot would lay a card that could go on several flights on
    another than the first of them."""
    if table.to_act() != (0,) or table.view(0).phase != PLAY:
        return False
    view = table.view(0)
    action = make_bot("flight", HINT_LEVEL, derived_seed(table.seed, "hint")).choose(view)
    return isinstance(action, Play) and playable_flights(view, action.card)[0] != action.flight


@run_async
async def test_a_chooser_opened_after_a_hint_starts_on_the_hinted_flight():
    table = make_table("human,random,random", seed=1)
    play_until(table, hinted_play_on_one_of_several_flights, seed=1)
    view = table.view(0)
    hinted = make_bot("flight", HINT_LEVEL, derived_seed(table.seed, "hint")).choose(view)
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await wait_for_workers(pilot)
        assert app.screen.query_one(HandView).card == hinted.card  # the hint put the cursor on its card
        await pilot.press("enter")
        assert isinstance(app.screen, FlightChooser) and app.screen.cursor == hinted.flight
        marked = [row for row in screen_lines(app) if "▶ " in row and "marked" not in row]
        assert len(marked) == 1 and C.ROUTE_NAMES[hinted.flight] in marked[0]
        await pilot.press("enter")
        await pilot.pause()
        assert table.actions[-1] == (0, hinted)


class SureBot:
    """Draws from the pack, its search as sure or as unsure as the test says."""

    def __init__(self, close: bool) -> None:
        self.last_search = SearchSummary(samples=48, lead=0.01 if close else 0.3, error=0.05)

    def choose(self, view):
        return DrawPack()


@pytest.mark.parametrize("close", [True, False])
@run_async
async def test_a_hint_says_when_the_search_found_it_a_close_call(monkeypatch, close):
    monkeypatch.setattr("flight_tui.ui.game_screen.make_bot", lambda game, level, seed=0, **options: SureBot(close))
    table, _ = humans_draw()
    app = TableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await wait_for_workers(pilot)
        [hint] = hints(app)
        assert hint.startswith("The Hard bot would draw")
        assert ("A close call: over 48 sampled deals its next best move did about as well." in hint) == close
