"""What the table shows, computed from views: flight rows, reasons, captions, scores."""

from __future__ import annotations

from flight_harness import make_table, play_until
from rich.console import Console

from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.state import PLAY, FlightLine, HandResult, TurnInfo
from flight_tui.games.flight.ui.end_screens import hand_summary, winners_text
from flight_tui.games.flight.ui.presentation import caption, flight_pieces, play_reason, playable_flights, recent_plays
from flight_tui.games.flight.ui.score_chart import bar, score_chart, score_table, spark

BLUE = 0
FOG, ALT, CUSTOMS, PASSPORT = (next(iter(C.cards_of(k))) for k in (C.FOG, C.ALT_ROUTE, C.CUSTOMS, C.PASSPORT))


def test_a_flight_row_shows_what_cleared_each_obstacle_and_the_stops_to_come():
    line = FlightLine([C.plane(BLUE), C.route(BLUE, 1), FOG, ALT, CUSTOMS, PASSPORT, C.route(BLUE, 3)], reached=3)
    pieces = flight_pieces(line, BLUE)
    assert [p.kind for p in pieces] == ["plane", "route", "replaced", "cleared", "route", "next", "next", "next"]
    replaced, cleared = pieces[2], pieces[3]
    assert (replaced.card, replaced.number, replaced.cleared_by) == (FOG, 2, ALT)  # F→AR stands for R2
    assert (cleared.card, cleared.cleared_by) == (CUSTOMS, PASSPORT)
    assert [p.number for p in pieces[5:7]] == [4, 5] and pieces[-1].card == -1  # R4, R5, then SL


def test_an_obstacle_still_standing_and_a_landed_flight():
    held = flight_pieces(FlightLine([C.plane(BLUE), C.route(BLUE, 1), FOG], reached=1, obstacle=C.FOG), BLUE)
    assert held[2].kind == "blocked" and held[3].number == 2
    cards = [C.plane(BLUE)] + [C.route(BLUE, n) for n in range(1, 6)] + [24]
    landed = flight_pieces(FlightLine(cards, reached=5, landed=True), BLUE)
    assert landed[-1].kind == "landing" and not any(p.kind == "next" for p in landed)
    assert flight_pieces(FlightLine(), BLUE)[0].kind == "waiting"


def test_reasons_come_from_the_rules_and_name_the_nearest_flight():
    table = make_table("human,random", seed=3)
    play_until(table, lambda t: t.to_act() == (0,) and t.view(0).phase == PLAY and t.view(0).turn.played == 0)
    view = table.view(0)
    for card in view.hand:
        if playable_flights(view, card):
            assert play_reason(view, card) == ""
        else:
            assert play_reason(view, card).endswith(")") or play_reason(view, card).endswith(".")
    other = table.view(1)
    assert play_reason(other, other.hand[0]) == "It is not your turn."
    assert playable_flights(other, other.hand[0]) == []


def test_the_reason_for_a_fog_is_that_of_the_furthest_flight():
    from msgspec.structs import replace

    table = make_table("human,random", seed=3)
    play_until(table, lambda t: t.to_act() == (0,) and t.view(0).phase == PLAY)
    flights = [FlightLine([C.plane(0)]), FlightLine(), FlightLine(), FlightLine()]
    flights[3] = FlightLine([C.plane(3)] + [C.route(3, n) for n in range(1, 6)], reached=5)
    view = replace(table.view(0), hand=[FOG, C.route(0, 5)], flights=flights, turn=TurnInfo())
    assert "route card No. 5" in play_reason(view, FOG)


def test_captions_fit_their_width():
    for card in range(C.NUM_CARDS):
        for width in (5, 6, 7, 12):
            assert len(caption(card, width)) <= width
    assert caption(C.route(2, 4), 12) == "Johannesburg"
    assert caption(24, 6) == "Land"


def test_recent_plays_are_the_others_cards_since_my_last_discard():
    table = make_table("human,random,random", seed=6)
    play_until(table, lambda t: t.view(0).turn_no > 9 and t.to_act() == (0,))
    view = table.view(0)
    recent = recent_plays(view)
    from flight_tui.games.flight.rules.state import Discarded, Played

    mine = [i for i, e in enumerate(view.log) if isinstance(e, Discarded) and e.seat == 0]
    after = view.log[mine[-1] + 1 :] if mine else view.log
    assert recent == {e.card for e in after if isinstance(e, Played) and e.seat != 0}


def test_bars_and_sparks_are_characters():
    assert bar(50, 100, 10) == "█████·····"
    assert bar(-20, 100, 4) == "····"
    assert bar(500, 100, 4) == "████"
    assert bar(1, 16, 2) == "▏·"
    assert spark([0, 5, 10], 0, 10) == "▁▅█"


def results():
    return [HandResult(1, [25, -7, 20], 0, 2), HandResult(2, [-3, 50, -10], 1, 1), HandResult(3, [-1, -2, 25], 2, -1)]


def test_score_table_has_every_hand_and_totals_and_summarises_old_hands():
    console = Console(width=80, file=None, color_system=None, record=True)
    with console.capture() as capture:
        console.print(score_table(["Ann", "Bob", "Cleo"], results()))
    text = capture.get()
    assert "+25 ✈" in text and "+20 ★" in text and "+50 ✈★" in text
    assert text.splitlines()[-1].split() == ["Total", "21", "41", "35"]
    with console.capture() as capture:
        console.print(score_table(["Ann", "Bob", "Cleo"], results(), max_rows=1))
    short = capture.get()
    assert "1–2" in short and "+50" not in short


def test_score_chart_has_a_bar_towards_the_target_for_each_player():
    lines = score_chart(["Ann", "Bob", "Cleo"], results(), target=100, width=10).plain.splitlines()
    assert lines[0].split()[-1] == "100"
    ann = lines[1]
    assert ann.startswith("Ann") and "██" in ann and ann.endswith("21 / 100")
    best = score_chart(["Ann", "Bob", "Cleo"], results(), target=0, width=10).plain.splitlines()[2]
    assert best.endswith("█" * 10 + "   41")  # without a target the best total fills its bar


def test_summaries_of_a_hand_and_a_match():
    names = ["Ann", "Bob", "Cleo"]
    assert "50 points" in hand_summary(names, results()[1])
    assert "Cleo was first out" in hand_summary(names, results()[0])
    grounded = hand_summary(names, HandResult(4, [-5, -5, -5], -1, -1, turns=61, how="grounded"))
    assert grounded.startswith("Nobody landed") and "pack ran out" in grounded
    capped = hand_summary(names, HandResult(4, [-5, -5, -5], -1, -1, turns=1000, how="turn-cap"))
    assert "safety limit of 1000 turns" in capped and "grounded" not in capped
    assert winners_text(names, [1], [0, 120, 3]) == "Bob wins the match with 120 points!"
    assert winners_text(names, [0, 1], [100, 100, 3]).startswith("Ann and Bob share")


def test_every_reason_a_card_cannot_be_played_is_in_words_not_a_rule_number_alone():
    """Issue 18: a reason says what is wrong; the rule's number only follows in brackets."""
    import re

    from flight_tui.games.flight.rules.game import play_problem

    table = make_table("human,random,random", seed=2)
    reasons = set()
    for turn in range(2, 40, 3):
        play_until(table, lambda t, turn=turn: t.is_over() or (t.view(0).turn_no >= turn and t.to_act() == (0,)), seed=2)
        view = table.view(0)
        reasons.update(play_reason(view, card) for card in view.hand)
        reasons.update(filter(None, (play_problem(view.hand, view.flights, view.turn, c, f) for c in view.hand for f in range(4))))
    assert len(reasons) > 3
    for reason in reasons:
        words = re.sub(r"\((house )?rule [\w ,]+\)", "", reason).split()
        assert len(words) >= 4 and not re.fullmatch(r"\W*(rule|H)\s*[\d ,]+\W*", reason), reason
