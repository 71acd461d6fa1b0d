"""The competitive Board view: the continents in play, their airports, owners and stars.

The six continents on the text's grid; those not in play are dimmed and say so. Each airport
row shows its code (and city when there is room), its stars, who owns its Airport cards (the
seat's letter, as on the airport markers; lower case for Landing Rights rented this round)
and ``☠`` when a Sabotage card sits on it. Under the map, each airline in one line: its
letter, coins, Player card (once revealed), continent and how many cards it holds.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from flight_tui.games.connecting_flights.competitive.rules.common import data
from flight_tui.games.connecting_flights.competitive.rules.config import continents_in_play
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.core_ui.board import MapView, airport_owners, owner_text, seat_marks, stars
from flight_tui.words import clip, count

WIDE = 110
"""From this width on, airport rows name the city."""


class CompetitiveBoardView(MapView):
    """The map with owners' marks (see the module docstring)."""

    view: CompetitiveView | None

    def render(self) -> Text:
        view = self.view
        if view is None:
            return Text("")
        width = self.size.width
        column = self.continent_column()
        in_play = continents_in_play(view.config)
        owners = airport_owners(self.world, view.holdings)
        marks = seat_marks(self.names)
        sabotaged = {p.on for p in view.placed if p.kind == "airport"}
        rows = self.continent_grid(self.world, column, lambda c: self._cell(c.id, column, c.id in in_play, owners, marks, sabotaged))
        airlines = [self._airline(seat, marks, width) for seat in range(view.num_seats)]
        if len(rows) + 1 + len(airlines) > self.size.height:  # short: two airlines a line
            half = max((width - 1) // 2, 1)
            short = [self._airline(seat, marks, half, short=True) for seat in range(view.num_seats)]
            airlines = [Text(" ").join(short[i : i + 2]) for i in range(0, len(short), 2)]
        rows.append(self._legend(marks, width))
        return Text("\n").join(rows + airlines)

    def _cell(self, continent: int, width: int, in_play: bool, owners: dict, marks: list[str], sabotaged: set[int]) -> list[Text]:
        world, view = self.world, self.view
        c = world.continents[continent]
        title = Text(f"{c.letter} {c.name}", self.continent_style(continent) + Style(bold=True))
        starters = [marks[s] for s, h in enumerate(view.holdings) if h.continent == continent]
        if not in_play:
            title.append(" ✗", self.style_of("dim"))
        elif starters:
            title.append(f" · start {''.join(starters)}", self.style_of("dim"))
        lines = [title]
        city_width = min(max(width - 22, 0), 14) if width >= WIDE // 3 else 0
        for airport in world.airports_in(continent):
            line = Text(" ")
            line.append(airport.code, Style(bold=True) if in_play else self.style_of("dim"))
            if city_width:
                line.append(" " + clip(airport.city, city_width).ljust(city_width), None if in_play else self.style_of("dim"))
            line.append(f" {stars(airport.stars):<3}")
            holders = owner_text(owners.get(airport.id, ()), marks)
            line.append(f" {holders:<5}", Style(bold=True))
            if any(card in sabotaged for card in world.cards_of(airport.id)):
                line.append("☠", self.style_of("warn"))
            lines.append(line)
        return lines

    def _legend(self, marks: list[str], width: int) -> Text:
        """What the marks mean (► holds the first-player marker)."""
        legend = " [A] owns it · [a] Landing Rights · ☠ sabotaged · ✗ not in play · ► first player"
        return Text(clip(legend, width), self.style_of("dim"))

    def _airline(self, seat: int, marks: list[str], width: int, short: bool = False) -> Text:
        """One airline: its letter, coins, Player card, continent and holdings (``short``: no holdings)."""
        view, world = self.view, self.world
        h = view.holdings[seat]
        card = view.kept[seat]
        player = data().player_cards[card].name if card >= 0 and (view.order or seat == view.seat) else "card face down"
        continent = world.continents[h.continent].code if h.continent >= 0 else "—"
        cards = len(h.airports) + len(h.planes) + len(h.passengers)
        first = "►" if view.first_player == seat and view.round else " "
        if short:
            line = f"{first}[{marks[seat]}] {self.names[seat][:7]:<7}{h.coins:>3}c {continent} {player}"
        else:
            line = f"{first}[{marks[seat]}] {self.names[seat]:<10} {h.coins:>3}c · {player} · {continent}"
            line += f" · {count(cards, 'card')} · {count(len(h.trucks), 'truck')}"
        return Text(clip(line, width).ljust(width), Style(bold=seat == view.seat))
