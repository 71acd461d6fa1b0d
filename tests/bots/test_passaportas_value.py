"""The learned value the Passaportas Hard bot judges its search's horizon by."""

from __future__ import annotations

import math

import pytest

from flight_tui.bots import make_bot
from flight_tui.engine.rng import Rng
from flight_tui.games.passaportas.bots import value
from flight_tui.games.passaportas.bots.determinize import determinize, read_passes
from flight_tui.games.passaportas.rules import PASSAPORTAS
from flight_tui.games.passaportas.rules.state import FUEL, PassaportasState
from flight_tui.simulate import _deal_seed

SIZES = (4, 5, 6)
"""Table sizes the value is fitted for (at two and three players Hard judges by stages)."""


def _game(players: int, seed: int, every: int = 3) -> tuple[list[PassaportasState], PassaportasState]:
    """Positions at the start of every ``every``-th turn while Normal bots play a game, and its end."""
    state = PASSAPORTAS.new_game(PASSAPORTAS.make_config(players, {}), seed)
    bot = make_bot("passaportas", "normal")
    out, turn = [], None
    while not PASSAPORTAS.is_over(state):
        if state.phase == FUEL and (state.current, state.turn_no) != turn:
            turn = (state.current, state.turn_no)
            if state.turn_no % every == 0:
                out.append(PASSAPORTAS.clone(state))
        seat = PASSAPORTAS.to_act(state)[0]
        PASSAPORTAS.apply(state, seat, bot.choose(PASSAPORTAS.view(state, seat)))
    return out, state


@pytest.mark.parametrize("players", SIZES)
def test_the_value_file_has_weights_for_every_table_size_that_beat_a_uniform_guess(players):
    weights = value.weights_for(players)
    assert len(weights) == len(value.FEATURES) + players - 1
    fitted = value.value_file().players[str(players)]
    assert fitted.held_out_log_loss < fitted.uniform_log_loss


@pytest.mark.parametrize("players", SIZES)
def test_win_chances_give_every_seat_a_share_and_add_up_to_one(players):
    for state in _game(players, 40 + players)[0][:12]:
        chances = value.win_chances(state)
        assert len(chances) == players
        assert all(0.0 < c < 1.0 for c in chances)
        assert sum(chances) == pytest.approx(1.0)


@pytest.mark.parametrize(("players", "games", "every"), [(4, 24, 2), (6, 20, 3)])
def test_the_value_foresees_the_winners_of_games_it_was_not_fitted_on(players, games, every):
    """Over Normal games dealt from another seed than the fit's, the model's log loss on who
    won at turns' starts (each game counting alike), is below a uniform guess's."""
    losses = []
    for game in range(games):
        starts, final = _game(players, _deal_seed(7, game, 1), every=every)
        if len(final.winners) == 1:
            turns = [-math.log(value.win_chances(state)[final.winners[0]]) for state in starts]
            losses.append(sum(turns) / len(turns))
    assert sum(losses) / len(losses) < math.log(players)


@pytest.mark.parametrize("players", (4, 6))
def test_the_value_is_the_same_in_every_world_the_players_view_allows(players):
    """Customs cards below the top ones and the decks' order are hidden: any deal consistent
    with a seat's view gets the same chances."""
    for state in _game(players, 80 + players, every=5)[0][:8]:
        view = PASSAPORTAS.view(state, state.current)
        rng = Rng.from_seed(players)
        worlds = [determinize(view, rng, read_passes(view)) for _ in range(3)]
        assert value.win_chances(worlds[0]) == value.win_chances(worlds[1]) == value.win_chances(worlds[2])
        assert value.win_chances(worlds[0]) == value.win_chances(state)
