"""Nim as the shared parts see it."""

from flight_tui.engine.options import GameOption
from flight_tui.engine.spec import GameSpec

SPEC = GameSpec(
    name="nim",
    title="Nim",
    summary="take from one heap a turn; whoever takes the last counter wins",
    min_players=2,
    max_players=3,
    options=(GameOption(key="heaps", label="Heaps", choices=(("3 4 5", "3-4-5"), ("1 3 5 7", "1-3-5-7")), default="3-4-5"),),
    seats="human,normal",
    bot_seats="normal,random",
    bot_levels=("random", "normal"),
    rules="nim.rules:NIM",
    bots="nim.bots:make_bot",
    table_screen="nim.ui:NimTableScreen",
    rules_text="nim:rules_text.md",
    house_rules="nim:house_rules.md",
)
