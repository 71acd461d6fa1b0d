"""The Board view: the six continents on the text's grid, their airports and the meeples.

North America, Europe and Asia on top, South America, Africa and Oceania below. Each airport
row shows its code (and city when there is room), its stars, who holds it (the seat's letter;
lower case for Landing Rights rented this round) and the meeples waiting there as
``2E 1A``: a count and the letter of the continent they want, in that continent's colour.
``!`` marks an airport with 4 or more meeples (an End Round penalty).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text

from flight_tui.games.connecting_flights.coop.rules.board import continents_in_play
from flight_tui.games.connecting_flights.coop.rules.state import CoopView
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.board import ContinentPainter, MapView, airport_owners, owner_text, seat_marks, stars
from flight_tui.games.connecting_flights.coop.ui.presentation import board_totals, meeple_groups
from flight_tui.words import clip

CROWDED = 4
"""Meeples at one airport that cost a penalty at End Round."""
WIDE = 110
"""From this width on, airport rows name the city."""


class MeeplePainter(ContinentPainter):
    """A continent painter that also draws meeples in their continents' colours."""

    def meeples(self, world: World, counts: Sequence[int]) -> Text:
        """``2E 1A`` with each group in its continent's colour."""
        text = Text()
        for index, (colour, count) in enumerate(meeple_groups(counts)):
            if index:
                text.append(" ")
            text.append(f"{count}{world.continents[colour].letter}", self.continent_style(colour))
        return text


class BoardView(MapView, MeeplePainter):
    """The world map with owners and meeples (redrawn only when the game changes)."""

    view: CoopView | None

    def render(self) -> Text:
        view = self.view
        if view is None:
            return Text("")
        width = self.size.width
        column = self.continent_column()
        in_play = continents_in_play(view.config)
        owners = airport_owners(self.world, view.hands)
        marks = seat_marks(self.names)
        tall = self.size.height >= 24
        rows = self.continent_grid(self.world, column, lambda c: self._cell(c.id, column, c.id in in_play, owners, marks, tall))
        rows.append(Text(""))
        rows.append(self._totals(view))
        rows.append(self._legend(marks, width))
        return Text("\n").join(rows)

    def _cell(self, continent: int, width: int, in_play: bool, owners: dict, marks: list[str], tall: bool) -> list[Text]:
        world, view = self.world, self.view
        c = world.continents[continent]
        waiting = sum(view.board[a.id][colour] for a in world.airports_in(continent) for colour in range(6))
        title = Text(f"{c.letter} {c.name}", self.continent_style(continent) + Style(bold=True))
        title.append(f" ({c.colour})" if width >= 34 else "", self.continent_style(continent))
        if not in_play:
            title.append(" · not in play", self.style_of("dim"))
        elif waiting:
            words = f" · {waiting} waiting"
            fits = title.cell_len + len(words) <= width
            title.append(words if fits else f" · {waiting}", self.style_of("dim"))
        lines = [title]
        if tall:
            lines.append(Text(""))
        city_width = min(max(width - 25, 0), 14) if width >= WIDE // 3 else 0
        for airport in world.airports_in(continent):
            counts = view.board[airport.id]
            total = sum(counts)
            line = Text(" ")
            line.append(airport.code, Style(bold=True) if in_play else self.style_of("dim"))
            if city_width:
                line.append(" " + clip(airport.city, city_width).ljust(city_width))
            line.append(f" {stars(airport.stars):<3}")
            holders = owner_text(owners.get(airport.id, ()), marks)
            line.append(f" {holders:<4}", Style(bold=True))
            line.append("!" if total >= CROWDED else " ", self.style_of("warn"))
            line.append_text(self.meeples(world, counts))
            lines.append(line)
        return lines

    def _totals(self, view: CoopView) -> Text:
        totals = board_totals(view)
        text = Text(f" On the board {sum(totals)}: ")
        text.append_text(self.meeples(self.world, totals) if sum(totals) else Text("none"))
        text.append(f" · flown home {sum(view.delivered)}")
        return text

    def _legend(self, marks: list[str], width: int) -> Text:
        owners = " ".join(f"[{mark}] {name}" for mark, name in zip(marks, self.names))
        legend = f" Owners {owners} (lower case: Landing Rights) · 2E: 2 passengers want Europe · ! 4+ waiting"
        if len(legend) > width:
            legend = f" {owners} ([a]: Landing Rights) · 2E: 2 want Europe · ! 4+"
        return Text(clip(legend, width), self.style_of("dim"))
