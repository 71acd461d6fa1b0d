"""Connecting Flights, cooperative mode, as the shared parts see it."""

from flight_tui.engine.options import GameOption
from flight_tui.engine.spec import RANDOM_LEVEL_NOTE, GameSpec

SPEC = GameSpec(
    name="connecting-flights-coop",
    title="Connecting Flights (cooperative)",
    summary="1 to 3 airlines share one purse and fly every waiting passenger home",
    min_players=1,
    max_players=3,
    cooperative=True,
    score_name="passengers flown home",
    options=(
        GameOption(
            key="difficulty",
            label="Difficulty",
            choices=(("Easy", "easy"), ("Medium", "medium"), ("Hard", "hard")),
            default="easy",
            hint="sets the charter fees; Easy suits a first game",
        ),
    ),
    seats="human",
    bot_seats="normal",
    hint_level="hard",
    level_notes={
        "random": RANDOM_LEVEL_NOTE,
        "easy": (
            "Plans the team's round from a short list of purchases and flies the best next flight"
            " each time. Alone it wins 39% on Easy, 28% on Medium, 5% on Hard."
        ),
        "normal": (
            "Plans purchases, flights, hand-offs and charters for the whole team; as a partner it"
            " may buy cards for you. Alone: 77% on Easy, 47% on Medium, 22% on Hard."
        ),
        "hard": (
            "The same planner trying more purchases and more flights at each step. Alone: 76% on"
            " Easy, 61% on Medium, 23% on Hard."
        ),
    },
    rules="flight_tui.games.connecting_flights.coop.rules:COOP",
    bots="flight_tui.games.connecting_flights.coop.bots:make_bot",
    table_screen="flight_tui.games.connecting_flights.coop.ui.table_screen:CoopTableScreen",
    chart_series="flight_tui.games.connecting_flights.coop.rules.chart:charts",
    rules_text="flight_tui.games.connecting_flights:rules_text.md",
    house_rules="flight_tui.games.connecting_flights.coop.rules:house_rules.md",
    data_files=(
        "flight_tui.games.connecting_flights.core:data/world.toml",
        "flight_tui.games.connecting_flights.coop:data/coop.toml",
    ),
    settings_before_v2={"reuse_departure_cards": True},  # C9 as it was
    campaign_screen="flight_tui.games.connecting_flights.coop.ui.campaign_screen:CampaignScreen",
    lesson="flight_tui.games.connecting_flights.coop.ui:lesson.toml",
    regions="flight_tui.games.connecting_flights.core.world:continent_names",
)
