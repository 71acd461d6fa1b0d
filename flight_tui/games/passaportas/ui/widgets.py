"""The widgets of the Passaportas table: status bar, map, plane and players, hand.

Each widget draws from what the table screen hands it (a seat's view, never the state).
The map uses the Line API: moving the cursor repaints only the two city labels concerned,
so a keypress costs a few hundred bytes over SSH.
"""

from __future__ import annotations

from functools import partial
from typing import Sequence

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from flight_tui.games.passaportas.rules.map import GameMap
from flight_tui.games.passaportas.rules.state import DONE, OFFICE, OVER, PLANE, PassaportasView
from flight_tui.table.seats import SeatSpec
from flight_tui.games.passaportas.ui.map_canvas import Canvas, draw_map
from flight_tui.games.passaportas.rules.game import litres
from flight_tui.ui.keys import key_for, takes_moves
from flight_tui.ui.widgets.partial_repaint import PartialRepaint
from flight_tui.games.passaportas.ui.presentation import (
    SEAT_LETTERS,
    STATUS_WORDS,
    acting_seat,
    dice_text,
    fuel_bar,
    group_label,
    headline,
    moves_since_mine,
    seat_cells,
)

PLANE_MARK, REACH_MARK = "✈", "◆"


class SeatPainter(PartialRepaint):
    """A widget that draws players in the theme's seat colours (always with their letter too);
    a new position repaints only the cells it changed."""

    COMPONENT_CLASSES = {
        "seat--1",
        "seat--2",
        "seat--3",
        "seat--4",
        "seat--5",
        "seat--6",
        "seat--dim",
        "seat--strong",
    }

    def seat_style(self, player: int) -> Style:
        if player < 0:
            return self.get_component_rich_style("seat--dim")
        return self.get_component_rich_style(f"seat--{player + 1}")


GAUGE_FROM_WIDTH = 100
"""Status lines this wide show the fuel gauge and the dice in words; narrower ones, the litres
and the dice alone, so that the whole line fits in 80 columns."""


class StatusBar(SeatPainter):
    """One line: round, whose move, the fuel gauge and this turn's dice."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view: PassaportasView | None = None
        self.names: Sequence[str] = ()
        self.reachable = True

    def show(self, view: PassaportasView, names: Sequence[str], reachable: bool = True) -> None:
        """A new position; ``reachable``: whether the tank's fuel takes the plane to any city."""
        with self.repainting_changes():
            self.view, self.names, self.reachable = view, names, reachable

    def render(self) -> Text:
        view = self.view
        if view is None:
            return Text("")
        wide = self.size.width >= 100
        left = Text(f" Round {view.round_no} · ")
        acting = acting_seat(view)
        if acting is not None and view.phase != OVER:
            left.append(f"{SEAT_LETTERS[acting]} ", self.seat_style(acting) + Style(bold=True))
        left.append(headline(view, self.names, partial(key_for, self), self.reachable, takes_moves(self)), Style(bold=acting == view.seat))
        right = Text("Fuel ")
        if self.size.width >= GAUGE_FROM_WIDTH:
            right.append(fuel_bar(view.fuel, 25 if wide else 10), self.get_component_rich_style("seat--strong"))
            right.append(" ")
        right.append(f"{litres(view.fuel):>8}")
        dice = dice_text(view.turn.rolls, compact=self.size.width < GAUGE_FROM_WIDTH)
        if dice:
            right.append(f" │ {dice}")
        right.append(" ")
        gap = self.size.width - left.cell_len - right.cell_len
        if gap < 1:
            left.truncate(max(self.size.width - right.cell_len - 1, 0), overflow="ellipsis")
            gap = 1
        return Text.assemble(left, " " * gap, right)


class MapPanel(Widget):
    """The map: legs with their fuel, the plane's city (✈), cities it can reach (◆), a cursor."""

    COMPONENT_CLASSES = {"map--line", "map--fuel", "map--city", "map--reach", "map--plane", "map--cursor", "map--far"}

    class CursorMoved(Message):
        """The cursor moved to another city."""

    def __init__(self, game_map: GameMap, **kwargs) -> None:
        super().__init__(**kwargs)
        self.game_map = game_map
        self.plane = 0
        self.reach: dict[int, tuple[int, ...]] = {}
        self.choosing = False
        self.cursor = 0
        self._canvas: Canvas | None = None

    def show(self, plane: int, reach: dict[int, tuple[int, ...]], choosing: bool, cursor: int) -> None:
        """A new position (repaints the whole map if it changed what the map shows)."""
        if (plane, reach, choosing, cursor) == (self.plane, self.reach, self.choosing, self.cursor):
            return
        self.plane, self.reach, self.choosing, self.cursor = plane, reach, choosing, cursor
        self.refresh()

    def move_to(self, city: int) -> None:
        """Put the cursor on ``city``, repainting only the two labels."""
        if city == self.cursor:
            return
        old, self.cursor = self.cursor, city
        self._refresh_label(old)
        self._refresh_label(city)
        self.post_message(self.CursorMoved())

    def _refresh_label(self, city: int) -> None:
        canvas = self.canvas
        label = canvas.labels[city]
        self.refresh(Region(label.x, label.y, label.width, 1))

    @property
    def canvas(self) -> Canvas:
        width, height = self.size
        canvas = self._canvas
        if canvas is None or len(canvas.cells) != max(height, 8) or len(canvas.cells[0]) != max(width, 20):
            canvas = self._canvas = draw_map(self.game_map, width, height)
        return canvas

    def label_places(self) -> dict[int, tuple[int, int]]:
        """Each city's label place ``(x, y)`` (for moving the cursor by direction)."""
        return {city: (label.x, label.y) for city, label in self.canvas.labels.items()}

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        canvas = self.canvas
        if y >= len(canvas.cells):
            return Strip.blank(width, self.rich_style)
        row = canvas.cells[y]
        owners = {label.x: city for city, label in canvas.labels.items() if label.y == y}
        segments: list[Segment] = []
        styles: dict[str, Style] = {}  # each kind's style, looked up once a line (not once a cell)
        x = 0
        while x < min(width, len(row)):
            city = owners.get(x)
            if city is not None:
                label = canvas.labels[city]
                segments.extend(self._label_segments(city, "".join(c for c, _ in row[x : x + label.width])))
                x += label.width
                continue
            char, kind = row[x]
            style = styles.get(kind)
            if style is None:
                style = styles[kind] = self._style(kind)
            segments.append(Segment(char, style))
            x += 1
        return Strip(segments).simplify().extend_cell_length(width, self.rich_style).crop(0, width)

    def _style(self, kind: str) -> Style:
        if kind == "blank":
            return self.rich_style
        return self.get_component_rich_style(f"map--{kind}")

    def _label_segments(self, city: int, text: str) -> list[Segment]:
        if city == self.plane:
            mark, style = PLANE_MARK, self._style("plane")
        elif city in self.reach and self.choosing:
            mark, style = REACH_MARK, self._style("reach")
        else:
            mark, style = " ", self._style("far" if self.choosing else "city")
        name = text[1:]
        if city == self.cursor:
            return [Segment(mark, style), Segment(name, style + self._style("cursor"))]
        return [Segment(mark + name, style)]


class TablePanel(SeatPainter):
    """A side panel drawn from the viewer's view, the seats and the map (given by :meth:`show`)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.view: PassaportasView | None = None
        self.seats: Sequence[SeatSpec] = ()
        self.game_map: GameMap | None = None

    def show(self, view: PassaportasView, seats: Sequence[SeatSpec], game_map: GameMap) -> None:
        with self.repainting_changes():
            self.view, self.seats, self.game_map = view, seats, game_map


class PlanePanel(TablePanel):
    """The ten seats, the customs office and every player: letter, name, persons delivered."""

    def render(self) -> Text:
        view, game_map = self.view, self.game_map
        if view is None or game_map is None:
            return Text("")
        out = Text(f"✈ in {game_map.name(view.plane)} · {view.free_seats} free\n", Style(bold=True))
        cells = seat_cells(view)
        per_row = 10 if self.size.width >= 30 else 5
        for start in range(0, len(cells), per_row):
            for cell in cells[start : start + per_row]:
                player = SEAT_LETTERS.find(cell[0])
                out.append(cell, self.seat_style(player) + Style(reverse=player >= 0))
                out.append(" ")
            out.append("\n")
        office = " ".join(group_label(r.player, r.group) for r in view.office) or "empty"
        out.append(f"Customs office: {office}\n")
        acting = acting_seat(view)
        name_width = max(self.size.width - 19, 4)
        since = moves_since_mine(view)
        for player, spec in enumerate(self.seats):
            mark = "▶" if player == acting and view.phase != OVER else " "
            you = "*" if player == view.seat else " "
            name = spec.name[:name_width]
            row = Text(f"{mark}")
            row.append(f"{SEAT_LETTERS[player]}", self.seat_style(player) + Style(bold=True))
            row.append(f"{you}{name:<{name_width}} ")
            moved = "" if player not in since else "stay" if since[player] is None else f"→{game_map.code(since[player])}"
            row.append(f"{moved:<5}", Style(bold=True))
            done = sum(g.status == DONE for g in view.groups[player])
            row.append(f"{done}/{len(view.groups[player])} {view.delivered[player]:>2}p")
            out.append_text(row)
            out.append("\n")
        out.append("* you · →city since your move", self.get_component_rich_style("seat--dim"))
        return out


class HandPanel(TablePanel):
    """The viewer's card holder, customs holders and wild token; every opponent's public groups."""

    def render(self) -> Text:
        view, game_map = self.view, self.game_map
        if view is None or game_map is None:
            return Text("")
        long_names = self.size.width >= 70
        city = game_map.name if long_names else game_map.code
        me = view.seat
        trip_width = 28 if long_names else 10
        per_row = 4 if self.size.width >= 90 else 2
        out = Text()
        out.append(f"{SEAT_LETTERS[me]} ", self.seat_style(me) + Style(bold=True))
        out.append(f"{self.seats[me].name}'s card holder\n", Style(bold=True))
        for group in view.groups[me]:
            trip = f"{city(group.boarding)} → {city(group.destination)}"
            persons = "person " if group.size == 1 else "persons"
            out.append(f"  {group_label(me, group.size)}  {group.size} {persons}  {trip:<{trip_width}}  ")
            out.append(f"{STATUS_WORDS[group.status]}\n", Style(bold=group.status in (PLANE, OFFICE)))
        tops = []
        for holder, top in enumerate(view.own_customs):
            count = view.customs_counts[me][holder]
            shown = f"{game_map.name(top)} (+{count - 1} hidden)" if top >= 0 else "empty"
            tops.append(f"holder {holder + 1}: {shown}")
        out.append("  Customs " + " · ".join(tops) + "\n")
        if view.config.wild_tokens:
            ready = f"ready ({key_for(self, 'passaportas.wild')}: +10,000 l)" if takes_moves(self) else "ready (+10,000 l)"
            out.append("  Wild token: " + ("used" if view.wild_used[me] else ready) + "\n")
        for player, groups in enumerate(view.groups):
            if player == me:
                continue
            out.append(f"{SEAT_LETTERS[player]} ", self.seat_style(player) + Style(bold=True))
            cards = sum(view.customs_counts[player])
            wild = ""
            if view.config.wild_tokens:
                wild = " · wild used" if view.wild_used[player] else " · wild ready"
            out.append(f"{self.seats[player].name} · customs cards: {cards}{wild}\n")
            parts = []
            for group in groups:
                if group.status == DONE:
                    parts.append(f"{group_label(player, group.size)} done")
                else:
                    trip = f"{game_map.code(group.boarding)}→{game_map.code(group.destination)}"
                    parts.append(f"{group_label(player, group.size)} {trip} {STATUS_WORDS[group.status]}")
            for start in range(0, len(parts), per_row):
                out.append("  " + " · ".join(parts[start : start + per_row]) + "\n")
        return out
