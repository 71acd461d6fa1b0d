"""Passaportas as the shared parts see it."""

from flight_tui.engine.options import GameOption
from flight_tui.engine.spec import GameSpec

SPEC = GameSpec(
    name="passaportas",
    title="Passaportas",
    summary="1950s travel agents share one ten-seat plane, fuelled with dice",
    min_players=2,
    max_players=6,
    score_name="passengers delivered",
    options=(
        GameOption(
            key="four_group",
            label="Group of 4",
            choices=(("Play with it", "with"), ("Leave it out", "without")),
            default="with",
            hint="Remark 1: 5 or 6 players may leave it out",
        ),
        GameOption(
            key="wild_tokens",
            label="Wild token",
            choices=(("Yes", "on"), ("No", "off")),
            default="on",
            hint="Remark 2: +10,000 litres, once each",
        ),
    ),
    level_notes={
        "random": "Flies anywhere at random: only for trying the screens out.",
        "easy": (
            "A beginner: flies where its own groups get off or board, never plans for the others."
            " Wins 17% against Normal."
        ),
        "normal": "Plans its flight with the path finder and a forecast of the next player. Wins 99.8% against Random.",
        "hard": (
            "Tries flights on 4–12 sampled deals (under ½ s), judged by a learned win chance from 4 seats."
            " Against Normal: 84% heads-up; 48, 38, 28, 23% at 3–6 seats (fair 33–17%)."
        ),
    },
    hint_level="hard",
    seats="human,normal,normal,normal",
    bot_seats="normal,random",
    rules="flight_tui.games.passaportas.rules:PASSAPORTAS",
    bots="flight_tui.games.passaportas.bots:make_bot",
    table_screen="flight_tui.games.passaportas.ui.table_screen:PassaportasTableScreen",
    chart_series="flight_tui.games.passaportas.rules.chart:charts",
    rules_text="flight_tui.games.passaportas.rules:rules_text.md",
    house_rules="flight_tui.games.passaportas.rules:house_rules.md",
    lesson="flight_tui.games.passaportas.ui:lesson.toml",
    data_files=("flight_tui.games.passaportas.rules:map.toml",),
    settings_before_v2={"edition": 1, "wild_tokens": False},  # the first map; the token was off by default
)
