"""A game's declaration: what the shared parts (table, saves, simulate, the app) know of it.

Every game (or mode of a game) has one ``GameSpec`` in its folder's ``spec.py``, registered in
:mod:`flight_tui.games`. A spec is plain data and imports nothing of its game: its rules, bots
and table screen are named by ``"module:attribute"`` paths and imported only when used, so the
menu starts without loading any game.
"""

from __future__ import annotations

from typing import Any

import msgspec

from flight_tui.engine.options import GameOption

BOT_LEVELS = ("random", "easy", "normal", "hard")
RANDOM_LEVEL_NOTE = "Plays any legal move at random: only for trying the screens out."
"""The random level's note (``GameSpec.level_notes``) where a game has nothing to add to it."""
HINT_SECONDS = 1.0
"""How long the hint key may think: a game's ``hint_level`` answers within it at the 95th
percentile (as measured in ``benchmarks/``)."""


class GameSpec(msgspec.Struct, frozen=True, kw_only=True):
    """One game as the shared parts see it."""

    name: str
    """The game's key: in saves, on the command line (``flight-tui new NAME``)."""
    title: str
    summary: str
    """One line for the New game screen."""
    min_players: int
    max_players: int
    cooperative: bool = False
    """The seats win or lose together."""
    options: tuple[GameOption, ...] = ()
    """Set-up choices (New game, ``--option KEY=VALUE``)."""
    seats: str
    """A new game's seats, as on the command line (the first is the person at the keyboard)."""
    bot_seats: str
    """The seats ``flight-tui simulate`` plays when none are given."""
    simulate_choices: dict[str, str] = {}
    """Set-up choices a simulated game uses unless told otherwise."""
    bot_levels: tuple[str, ...] = BOT_LEVELS
    level_notes: dict[str, str] = {}
    """What each bot level does and how strong it is, a sentence or two per level (shown on the
    New game screen next to a seat's level, and after the rules)."""
    hint_level: str = "normal"
    """The bot the hint key asks: the strongest that answers within :data:`HINT_SECONDS`."""
    rules: str
    """``module:attribute`` of the rules object (see :class:`flight_tui.engine.protocol.Rules`)."""
    bots: str
    """``module:function``; ``function(level, seed, **options)`` returns a bot of a level other than random."""
    table_screen: str
    """``module:Class`` of the screen that plays a table of this game."""
    rules_text: str
    """``package:file`` of the rules text (Markdown)."""
    house_rules: str
    """``package:file`` of the house interpretations (Markdown)."""
    data_files: tuple[str, ...] = ()
    """``package:file`` of each file of designed data the rules read (maps, prices, cards): a
    save records their fingerprint, so one made with other data is told apart from a damaged one."""
    spectator_news: str = ""
    """``module:function`` that tells a spectator what just happened from the public view (a
    screen to show, such as a round summary), or "" for none; see the table service's
    spectator screen."""
    settings_before_v2: dict[str, Any] = {}
    """Settings a game begun under save format 1 keeps (see :mod:`flight_tui.saves.migrations`)."""
    campaign_screen: str = ""
    """``module:Class`` of the screen that plays a campaign of this game (none: no campaigns)."""
    chart_series: str = ""
    """``module:function`` giving the charts of a game so far, ``function(rules, state, names)``
    returning a list of :class:`flight_tui.engine.chart.Chart` from what every seat may see;
    "" for none."""
    score_name: str = "points"
    """What ``Result.scores`` count, for the history's standings (``income in round 10``)."""
    lesson: str = ""
    """``package:file`` of the game's lesson, a guided first game (TOML; see ``docs/lessons.md``),
    or "" for none."""
    regions: str = ""
    """``module:function`` giving the regions a campaign's set-up may name, code to name
    (``{"EU": "Europe", ...}``); none: a set-up names no regions."""

    @property
    def default_players(self) -> int:
        """How many seats a new game has unless told otherwise."""
        return len(self.seats.split(","))

    def option(self, key: str) -> GameOption | None:
        """The set-up option called ``key``, if the game has it."""
        return next((option for option in self.options if option.key == key), None)
