"""Flight (Pepys, 1954) as the shared parts see it."""

from flight_tui.engine.options import GameOption
from flight_tui.engine.spec import RANDOM_LEVEL_NOTE, GameSpec

SPEC = GameSpec(
    name="flight",
    title="Flight",
    summary="Pepys, 1954: a rummy-like race to fly the four Empire air routes",
    min_players=2,
    max_players=4,
    options=(
        GameOption(
            key="target",
            label="Target score",
            default="100",
            limits=(1, 10_000),
            hint="the match ends when someone reaches it",
        ),
        GameOption(
            key="hands",
            label="Hands",
            default="0",
            limits=(0, 100),
            hint="0: play to the target; otherwise this many hands",
        ),
    ),
    level_notes={
        "random": RANDOM_LEVEL_NOTE,
        "easy": (
            "A beginner: lands when it can, otherwise lays a random card and throws away its costliest."
            " In single hands against Normal it still wins about half (49.5%)."
        ),
        "normal": "Plans whole turns with card-counting odds; answers at once. Wins 82% of hands against Random.",
        "hard": (
            "Plays out each choice in 96 sampled deals (½ s), heads-up for the match. Against"
            " Normal: 73% of matches to 100, 63% of hands; 51% of hands at 3 seats, 40% at 4."
        ),
    },
    hint_level="hard",
    seats="human,normal,normal",
    bot_seats="normal,random",
    simulate_choices={"hands": "1"},
    rules="flight_tui.games.flight.rules:FLIGHT",
    bots="flight_tui.games.flight.bots:make_bot",
    table_screen="flight_tui.games.flight.ui.table_screen:FlightTableScreen",
    chart_series="flight_tui.games.flight.rules.chart:charts",
    rules_text="flight_tui.games.flight.rules:rules_text.md",
    house_rules="flight_tui.games.flight.rules:house_rules.md",
    settings_before_v2={"max_turns": 200, "max_reforms": 2, "discard_taken": True},  # H10, H12, H16 as they were
    lesson="flight_tui.games.flight.ui:lesson.toml",
)
