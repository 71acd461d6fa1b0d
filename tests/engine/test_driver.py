"""The turn driver: bots-only games to their end, forced moves, several seats asked, undo per seat."""

from __future__ import annotations

import msgspec
import pytest

from flight_tui.bots import make_bot
from flight_tui.engine.errors import IllegalAction
from flight_tui.engine.protocol import Outcome, Result, Rules
from flight_tui.engine.rng import derived_seed
from flight_tui.games import get_rules
from flight_tui.games.passaportas.rules.state import CUSTOMS, PassCustoms
from flight_tui.simulate import default_config
from flight_tui.table import SeatSpec, Table, parse_seat
from flight_tui.table.driver import BOT, FORCED, OVER, PEOPLE, BotSeat, PersonSeat, TurnDriver

BOT_SEATS = {"flight": "normal,random", "passaportas": "normal,random", "connecting-flights-coop": "random,random"}
"""Bots for each game (the cooperative planner takes seconds a game: random partners here)."""
GAMES = tuple(BOT_SEATS)


def encode(state) -> bytes:
    return msgspec.msgpack.encode(state)


def bots_table(game: str, seed: int) -> Table:
    """A table of bots, set up as ``flight-tui simulate`` sets a game up."""
    seats = [parse_seat(text, i) for i, text in enumerate(BOT_SEATS[game].split(","))]
    return Table(get_rules(game), default_config(game, len(seats)), seed, seats)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_of_bots_ends_by_the_games_own_ending(game):
    table = bots_table(game, seed=5)
    moves = TurnDriver(table).play_out()
    assert table.is_over() and moves == len(table.actions) > 0
    rules = table.rules
    for ending in table.result().endings:
        assert ending.how in rules.ending_labels
        assert not ending.how.endswith("-cap") and ending.how not in rules.safety_caps
    assert TurnDriver(table).next_step().kind == OVER


@pytest.mark.parametrize("game", GAMES)
def test_seed_and_actions_replay_the_identical_game(game):
    one, two = bots_table(game, seed=8), bots_table(game, seed=8)
    TurnDriver(one).play_out()
    TurnDriver(two).play_out()
    assert one.actions == two.actions
    assert encode(one.replay()) == encode(one.state) == encode(two.state)


def test_bots_are_seeded_one_way_from_the_game_seed_and_their_seat():
    table = Table(get_rules("flight"), default_config("flight", 2), 3, [SeatSpec("random", "A"), SeatSpec("random", "B")])
    driver = TurnDriver(table)
    expected = [make_bot("flight", "random", derived_seed(3, "bot", seat)) for seat in range(2)]
    for _ in range(30):
        (seat,) = table.to_act()
        wanted = expected[seat].choose(table.view(seat))
        assert driver.step()[:2] == (seat, wanted)


def test_play_out_refuses_a_table_with_people():
    table = Table(get_rules("flight"), default_config("flight", 2), 3, [SeatSpec("human", "A"), SeatSpec("random", "B")])
    with pytest.raises(RuntimeError, match="people"):
        TurnDriver(table).play_out()


# ---------------------------------------------------------------- Passaportas' customs pass


def customs_with_nothing_to_use(seats: str, seat: int) -> Table:
    """A Passaportas table where ``seat`` is asked about customs holding no card for the city."""
    specs = [parse_seat(text, i) for i, text in enumerate(seats.split(","))]
    for seed in range(50):
        table = Table(get_rules("passaportas"), default_config("passaportas", len(specs)), seed, specs)
        randoms = TurnDriver(table, [BotSeat(make_bot("passaportas", "random", seed + s)) for s in range(len(specs))])
        for _ in range(400):
            if table.to_act() == (seat,) and table.forced_action(seat) == PassCustoms():
                return table
            if randoms.step() is None:
                break
    raise AssertionError("no such position")


def test_the_rules_pass_customs_for_the_only_person_at_the_table():
    table = customs_with_nothing_to_use("human,random,random", 0)
    assert table.view(0).phase == CUSTOMS and table.legal_actions(0) == [PassCustoms()]
    driver = TurnDriver(table)
    step = driver.next_step()
    assert (step.kind, step.seat, step.action) == (FORCED, 0, PassCustoms())
    moves = len(table.actions)
    assert driver.step()[:2] == (0, PassCustoms())
    assert table.actions[moves:] == [(0, PassCustoms())]


def test_with_several_people_at_the_table_everyone_is_asked_about_customs():
    table = customs_with_nothing_to_use("human,human,random", 0)
    step = TurnDriver(table).next_step()
    assert (step.kind, step.people) == (PEOPLE, (0,))


def test_a_bot_with_nothing_to_use_is_asked_all_the_same():
    table = customs_with_nothing_to_use("human,random,random", 1)
    step = TurnDriver(table).next_step()
    assert (step.kind, step.seat) == (BOT, 1)


def test_a_game_without_automatic_moves_forces_none():
    table = Table(get_rules("flight"), default_config("flight", 2), 3, [SeatSpec("human", "A"), SeatSpec("random", "B")])
    assert table.forced_action(0) is None
    assert TurnDriver(table).next_step() == (PEOPLE, None, None, (0,))


# ---------------------------------------------------------------- several seats asked at once


class PickState(msgspec.Struct):
    picks: list[int | None]
    log: list = []


class PickRules(Rules):
    """Every seat secretly picks 1 or 2 at the same time; a pick of 2 is shown at once (no undo)."""

    name = "pick"

    def new_game(self, config: int, seed: int) -> PickState:
        return PickState([None] * config)

    def num_seats(self, state: PickState) -> int:
        return len(state.picks)

    def to_act(self, state: PickState) -> tuple[int, ...]:
        return tuple(seat for seat, pick in enumerate(state.picks) if pick is None)

    def legal_actions(self, state: PickState, seat: int) -> list[int]:
        return [1, 2] if state.picks[seat] is None else []

    def legal_actions_from_view(self, view: tuple[int, bool]) -> list[int]:
        return [] if view[1] else [1, 2]

    def apply(self, state: PickState, seat: int, action: int) -> Outcome:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("Pick 1 or 2, once.")
        state.picks[seat] = action
        return Outcome([], irreversible=action == 2)

    def view(self, state: PickState, seat: int) -> tuple[int, bool]:
        return seat, state.picks[seat] is not None

    def is_over(self, state: PickState) -> bool:
        return None not in state.picks

    def result(self, state: PickState) -> Result:
        return Result(scores=list(state.picks), winners=[])

    def clone(self, state: PickState) -> PickState:
        return PickState(list(state.picks))


class PickOne:
    decides = True

    def choose(self, view: tuple[int, bool]) -> int:
        return 1


def pick_table(seats: int = 3) -> Table:
    return Table(PickRules(), seats, 0, [SeatSpec("human", f"P{s}") for s in range(seats)])


def test_every_seat_in_to_act_is_asked():
    table = pick_table()
    driver = TurnDriver(table, [PersonSeat(), PickOne(), PersonSeat()])
    assert driver.asked() == (0, 1, 2)
    assert driver.next_step() == (BOT, 1, None, (0, 2))
    assert driver.step()[:2] == (1, 1)
    assert driver.next_step() == (PEOPLE, None, None, (0, 2))
    assert driver.step() is None
    table.submit(2, 1)
    assert driver.next_step() == (PEOPLE, None, None, (0,))


def test_undo_is_per_seat_and_ends_when_another_seat_moves():
    table = pick_table()
    table.submit(0, 1)
    assert table.can_undo(0) and not table.can_undo(1)
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        table.undo(1)
    table.submit(1, 1)
    assert table.can_undo(1) and not table.can_undo(0)
    table.undo(1)
    assert table.state.picks == [1, None, None] and table.actions == [(0, 1)]
    assert not table.can_undo(0)


def test_no_undo_past_an_irreversible_move_of_any_seat():
    table = pick_table()
    table.submit(0, 1)
    table.submit(1, 2)
    assert not table.can_undo(0) and not table.can_undo(1)


def test_a_table_kept_without_undo_offers_none():
    table = Table(PickRules(), 2, 0, [SeatSpec("human", "A"), SeatSpec("human", "B")], undo=False)
    table.submit(0, 1)
    assert not table.can_undo(0)
