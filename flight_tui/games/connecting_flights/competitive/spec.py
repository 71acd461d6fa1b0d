"""Connecting Flights, competitive mode, as the shared parts see it."""

from flight_tui.engine.options import GameOption
from flight_tui.engine.spec import RANDOM_LEVEL_NOTE, GameSpec

SPEC = GameSpec(
    name="connecting-flights",
    title="Connecting Flights (competitive)",
    summary="2 to 5 airlines bid, trade and sabotage for the best income in round 10",
    min_players=2,
    max_players=5,
    cooperative=False,
    score_name="income in round 10",
    options=(
        GameOption(
            key="continents",
            label="Continents",
            choices=(("The first set", "first"), ("The alternative", "second")),
            default="first",
            hint="for 2 or 3 players; see Rules",
        ),
    ),
    seats="human,normal",
    bot_seats="normal,normal",
    bot_levels=("random", "easy", "normal", "hard"),
    hint_level="hard",
    level_notes={
        "random": RANDOM_LEVEL_NOTE,
        "easy": (
            "A beginner: bids 70% of a card's worth at once, tries few flight arrangements and never"
            " offers a trade. Wins 92% against Random, none against Normal."
        ),
        "normal": (
            "Values each card by the income it adds in the rounds left, spends coins it would not"
            " use, trades idle cards. Wins every game against Random."
        ),
        "hard": (
            "Bids just above what each rival would pay and plays round 10 out over the cards it"
            " cannot see. Against Normal: 88% heads-up; 80%, 71%, 57% at 3–5 seats (fair 33%, 25%, 20%)."
        ),
    },
    rules="flight_tui.games.connecting_flights.competitive.rules:COMPETITIVE",
    bots="flight_tui.games.connecting_flights.competitive.bots:make_bot",
    table_screen="flight_tui.games.connecting_flights.competitive.ui.table_screen:CompetitiveTableScreen",
    lesson="flight_tui.games.connecting_flights.competitive.ui:lesson.toml",
    chart_series="flight_tui.games.connecting_flights.competitive.rules.chart:charts",
    spectator_news="flight_tui.games.connecting_flights.competitive.ui.round_summary_screen:spectator_news",
    rules_text="flight_tui.games.connecting_flights.competitive:rules_text.md",
    house_rules="flight_tui.games.connecting_flights.competitive.rules:house_rules.md",
    data_files=(
        "flight_tui.games.connecting_flights.core:data/world.toml",
        "flight_tui.games.connecting_flights.competitive.rules:data/competitive.toml",
    ),
)
"""Connecting Flights, competitive mode: its rules, bots and screens."""
