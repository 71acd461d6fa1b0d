"""The Hard Flight bot's odds of a heads-up match: they agree with matches played hand by hand."""

from __future__ import annotations

import random

import pytest

from flight_tui.games.flight.bots.match_odds import MatchOdds, hand_results, match_chance


def _play_matches(start: tuple[int, int], target: int, matches: int, rng: random.Random) -> float:
    """The first player's share of ``matches`` played from ``start``, every hand drawn from the
    recorded hands either way round (H14: it ends once someone has reached the target, the
    higher total winning and equal totals sharing)."""
    ends = [(high, low) for high, low, n in hand_results().results for _ in range(n)]
    won = 0.0
    for _ in range(matches):
        mine, other = start
        while max(mine, other) < target:
            high, low = rng.choice(ends)
            if rng.random() < 0.5:
                high, low = low, high
            mine, other = mine + high, other + low
        won += 1.0 if mine > other else 0.5 if mine == other else 0.0
    return won / matches


@pytest.mark.parametrize("start", [(0, 0), (25, 20), (50, 0), (-6, 50), (75, 50), (90, 40), (62, 81)])
def test_the_chance_from_the_totals_is_what_matches_played_from_them_give_h14(start):
    rng = random.Random(sum(start) * 7 + 1)
    played = _play_matches(start, 100, 4000, rng)
    assert match_chance(*start, 100) == pytest.approx(played, abs=0.03)


def test_the_chances_of_the_two_players_add_up_to_one_and_more_points_never_lower_them():
    for mine in range(-40, 100, 7):
        for other in range(-40, 100, 11):
            assert match_chance(mine, other, 100) + match_chance(other, mine, 100) == pytest.approx(1.0, abs=1e-6)
            assert match_chance(mine + 3, other, 100) >= match_chance(mine, other, 100) - 1e-9


def test_the_odds_follow_the_hands_they_are_given():
    """Hands that always end 50 to 0 either way: a player one hand from the target wins on the
    next hand's coin toss or later; level totals are even. What counts is how far each is from
    the target."""
    odds = MatchOdds([(50, 0, 1)])
    assert odds.chance(0, 0, 100) == pytest.approx(0.5)
    assert odds.chance(50, 0, 100) == pytest.approx(0.75, abs=1e-3)
    assert odds.chance(100, 50, 150) == pytest.approx(0.75, abs=1e-3)
    assert odds.chance(0, 50, 100) == pytest.approx(0.25, abs=1e-3)


def test_the_chances_kept_are_bounded_and_a_forgotten_one_comes_out_the_same(monkeypatch):
    """A long-running server's app plays many matches: what the odds remember has a limit."""
    from flight_tui.games.flight.bots import match_odds

    monkeypatch.setattr(match_odds, "KNOWN_MOST", 10)
    odds = MatchOdds(hand_results().results)
    first = odds.chance(0, 0, 100)
    for total in range(40):
        odds.chance(total, 3, 100)
        assert len(odds._known) <= 10
    assert odds.chance(0, 0, 100) == first
