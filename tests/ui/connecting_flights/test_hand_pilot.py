"""The flight builder driven by keys only: a valid flight sent, an invalid one explained."""

from __future__ import annotations

from game_harness import run_async, screen_lines
from hand_harness import LON, NYC, PLANE3, TO_EUROPE, TRUCK4, TYO, HandApp, put_down, shown

from flight_tui.games.connecting_flights.coop.rules.state import SetChains
from flight_tui.games.connecting_flights.core.flights import FlightSpec
from flight_tui.games.connecting_flights.core_ui.hand import ChoiceList
from flight_tui.games.connecting_flights.coop.ui.hand import CoopHandPanel


@run_async
async def test_a_valid_flight_built_and_sent_with_keys_only():
    app = HandApp()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(CoopHandPanel)
        await put_down(pilot, panel, "NYC New York")
        await put_down(pilot, panel, "Plane ★★★")
        await put_down(pilot, panel, "Fuel truck 4")
        await put_down(pilot, panel, "Passenger ★ → Europe")
        assert "✓" in next(text for text, _ in panel.query_one(ChoiceList).rows if text.startswith("LON"))
        await put_down(pilot, panel, "LON London")
        await pilot.press("e", "f")
        await pilot.pause()
        flight = FlightSpec(origin=NYC, plane=PLANE3, truck=TRUCK4, passenger=TO_EUROPE, dest=LON)
        assert app.sent == [(0, SetChains(chains=((flight,),)))]
        assert "Every flight keeps the rules" in shown(app, "#problems")


@run_async
async def test_an_invalid_flight_shows_the_rules_it_breaks_and_is_not_sent():
    app = HandApp()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(CoopHandPanel)
        await put_down(pilot, panel, "NYC New York")
        await put_down(pilot, panel, "Plane ★ ")
        await put_down(pilot, panel, "Fuel truck 1")
        await put_down(pilot, panel, "Passenger ★★ → North America")
        assert "Rule 1:" in shown(app, "#problems")
        choices = panel.query_one(ChoiceList)
        tokyo = next(text for text, _ in choices.rows if text.startswith("TYO"))
        assert "✗ the plane has too few stars (rule 1)" in tokyo  # words, not a rule number alone
        while not choices.rows[choices.cursor][0].startswith("TYO"):
            await pilot.press("down")
        why = shown(app, "#choice-why")  # the whole of it for the card under the cursor
        for words in ("too few stars (rule 1)", "another continent (rule 3)", "holds too little (rule 4)"):
            assert words in why
        screen = "\n".join(screen_lines(app))
        assert "(rule 3)" in screen and "rule 1,3,4" not in screen  # on the screen at 80x24
        await put_down(pilot, panel, "TYO Tokyo")
        problems = shown(app, "#problems")
        for rule in ("Rule 1:", "Rule 3:", "Rule 4:"):
            assert rule in problems
        assert "Tokyo is in Asia" in problems
        await pilot.press("e", "f")
        await pilot.pause()
        assert app.sent == []
        assert panel.builder.chains[0][0].dest == TYO
        await pilot.press("backspace")  # reopens the chain
        assert panel.builder.chains == [] and panel.builder.current[0].dest == TYO
        await pilot.press("backspace")  # takes Tokyo back
        assert panel.builder.current[0].dest is None and "Rule 3:" not in shown(app, "#problems")
