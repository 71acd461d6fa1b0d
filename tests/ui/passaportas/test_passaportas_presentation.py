"""What the Passaportas table says, worked out from a seat's view (issue 9, item 22)."""

from __future__ import annotations

from passaportas_harness import make_table, play_until

from flight_tui.games.passaportas.rules.state import HOME, PLANE, CustomsPassed
from flight_tui.games.passaportas.ui.presentation import (
    choosing_flight,
    city_notes,
    destinations,
    group_label,
    headline,
    log_events,
    may_roll,
)


def test_after_a_roll_that_reaches_no_city_the_prompt_says_so():
    table = make_table("human,random,random,random", seed=3)

    def stuck(t) -> bool:
        view = t.view(0)
        return (
            t.to_act() == (0,)
            and choosing_flight(view)
            and bool(view.turn.rolls)
            and not may_roll(view)
            and not destinations(view, t.rules.map_of(t.config))
        )

    play_until(table, stuck, seed=3)
    view = table.view(0)
    line = headline(view, table.names, lambda binding_id: binding_id, reachable=False)
    assert "pick a city" not in line and "no city in reach" in line and "passaportas.stay stays" in line


def test_a_group_that_finds_no_seat_is_not_said_to_board():
    table = make_table("human,random,random,random", seed=1)

    def crowded(t) -> bool:
        view = t.view(0)
        for groups in view.groups:
            for group in groups:
                leaving = sum(
                    g.size for gs in view.groups for g in gs if g.status == PLANE and g.destination == group.boarding
                )
                if group.status == HOME and group.size > view.free_seats + leaving:
                    return True
        return False

    play_until(table, crowded, seed=1)
    view = table.view(0)
    checked = 0
    for player, groups in enumerate(view.groups):
        for group in groups:
            leaving = sum(g.size for gs in view.groups for g in gs if g.status == PLANE and g.destination == group.boarding)
            if group.status == HOME and group.size > view.free_seats + leaving:
                notes = " · ".join(city_notes(view, group.boarding, table.names))
                label = group_label(player, group.size)
                boards = next((n for n in notes.split(" · ") if n.startswith("boards:")), "")
                assert label not in boards.split() and "no room: " in notes and label in notes, notes
                checked += 1
    assert checked


def test_a_player_using_no_customs_card_makes_no_log_line():
    table = make_table("human,random,random,random", seed=4)
    play_until(table, lambda t: any(isinstance(e, CustomsPassed) for e in t.view(0).log), seed=4)
    view = table.view(0)
    assert view.log and not any(isinstance(e, CustomsPassed) for e in log_events(view))
    assert len(log_events(view)) == sum(not isinstance(e, CustomsPassed) for e in view.log)
