"""The board as a list: every city seen from the plane, with the fuel that takes it there.

On a narrow screen the map's fuel numbers cannot all stand beside their legs; this list says
it plainly. One row per city: the plane's city first, then its legs by fuel, then the other
cities by the least fuel a flight there burns; the exact amounts the tank reaches it with now
(or the dice total that would), and who would get off or board there. The cursor is the map's
(one city, shared); moving it repaints only the two names concerned.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip

from flight_tui.games.passaportas.rules.map import GameMap
from flight_tui.games.passaportas.ui.presentation import FlightRow
from flight_tui.ui.widgets.partial_repaint import PartialRepaint

PLANE_MARK, REACH_MARK = "✈", "◆"
NAME_WIDTH = 12
LABEL_WIDTH = 2 + NAME_WIDTH
"""The mark and the name: the cells the cursor highlights."""
FIXED_WIDTH = LABEL_WIDTH + 1 + 3 + 1 + 5 + 2
"""Mark, name, leg and least fuel, with the spaces between them."""


def cut(text: str, width: int) -> str:
    """``text`` in ``width`` cells, cut with ``…`` when longer."""
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


class FlightList(PartialRepaint):
    """The list of cities seen from the plane (see the module's docstring)."""

    COMPONENT_CLASSES = {"flights--header", "flights--city", "flights--reach", "flights--plane", "flights--far", "flights--cursor"}

    def __init__(self, game_map: GameMap, **kwargs) -> None:
        super().__init__(**kwargs)
        self.game_map = game_map
        self.rows: list[FlightRow] = []
        self.plane = 0
        self.choosing = False
        self.cursor = 0
        self.rolls_needed: dict[int, int] = {}
        """City -> the dice total that would bring it in reach (shown while the tank lacks it)."""
        self.top = 0
        """The first row shown (the list scrolls to keep the cursor in sight)."""

    def show(self, rows: list[FlightRow], plane: int, choosing: bool, cursor: int, rolls_needed: dict[int, int]) -> None:
        """A new position (repaints the cells it changed)."""
        if (rows, plane, choosing, cursor, rolls_needed) == (self.rows, self.plane, self.choosing, self.cursor, self.rolls_needed):
            return
        with self.repainting_changes():
            self.rows, self.plane, self.choosing, self.rolls_needed = rows, plane, choosing, rolls_needed
            self.cursor = cursor
            self._keep_cursor_in_sight()

    def move_to(self, city: int) -> None:
        """Put the cursor on ``city``, repainting only the two names (every row if the list scrolls)."""
        if city == self.cursor:
            return
        old, self.cursor = self.cursor, city
        if self._keep_cursor_in_sight():
            self.refresh()
            return
        for moved in (old, city):
            y = self._line_of(moved)
            if y is not None:
                self.refresh(Region(0, y, LABEL_WIDTH, 1))

    def order(self) -> list[int]:
        """The cities in the order of the rows."""
        return [row.city for row in self.rows]

    def _index(self, city: int) -> int | None:
        return next((i for i, row in enumerate(self.rows) if row.city == city), None)

    def _line_of(self, city: int) -> int | None:
        index = self._index(city)
        if index is None or not self.top <= index < self.top + self._room():
            return None
        return 1 + index - self.top

    def _room(self) -> int:
        """Rows that fit under the header."""
        return max(self.size.height - 1, 1)

    def _keep_cursor_in_sight(self) -> bool:
        """Scroll so that the cursor's row shows; whether the list scrolled."""
        index = self._index(self.cursor)
        top = self.top
        if index is not None:
            if index < top:
                top = index
            elif index >= top + self._room():
                top = index - self._room() + 1
        top = max(0, min(top, max(len(self.rows) - self._room(), 0)))
        scrolled, self.top = top != self.top, top
        return scrolled

    def on_resize(self) -> None:
        self._keep_cursor_in_sight()

    # ------------------------------------------------------------ drawing

    def _columns(self) -> tuple[int, int]:
        """The widths of the "tank reaches" and "lands" columns."""
        rest = max(self.size.width - FIXED_WIDTH, 8)
        reach = max(rest // 2, 8)
        return reach, max(rest - reach - 1, 0)

    def header(self) -> str:
        reach, lands = self._columns()
        return f"  {'City':<{NAME_WIDTH}} {'Leg':>3} {'Least':>5}  {cut('Reach now', reach):<{reach}} {cut('Lands', lands)}"

    def row_text(self, row: FlightRow) -> str:
        """A row as text: mark, name, leg fuel, least fuel, amounts now, who gets off and boards."""
        reach, lands = self._columns()
        if row.city == self.plane:
            mark = PLANE_MARK
        elif row.amounts and self.choosing:
            mark = REACH_MARK
        else:
            mark = " "
        leg = "" if row.leg is None else str(row.leg)
        least = "here" if row.least == 0 else ">25" if row.least is None else str(row.least)
        if row.amounts:
            now = " ".join(str(a) for a in row.amounts)
        elif row.city in self.rolls_needed:
            now = f"roll {self.rolls_needed[row.city]}+"
        else:
            now = ""
        landing = " ".join(part for part in (_listed("off", row.off), _listed("on", row.on)) if part)
        name = cut(self.game_map.name(row.city), NAME_WIDTH)
        return f"{mark} {name:<{NAME_WIDTH}} {leg:>3} {least:>5}  {cut(now, reach):<{reach}} {cut(landing, lands)}"

    def content_lines(self) -> list[Strip]:
        return [self.render_line(y) for y in range(self.size.height)]

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y == 0:
            return self._strip(self.header(), self.get_component_rich_style("flights--header"), width)
        index = self.top + y - 1
        if index >= len(self.rows):
            return Strip.blank(width, self.rich_style)
        row = self.rows[index]
        style = self._row_style(row)
        text = self.row_text(row)
        label = style + self.get_component_rich_style("flights--cursor") if row.city == self.cursor else style
        segments = [Segment(text[:LABEL_WIDTH], label), Segment(text[LABEL_WIDTH:], style)]
        return Strip(segments).extend_cell_length(width, self.rich_style).crop(0, width)

    def _row_style(self, row: FlightRow) -> Style:
        if row.city == self.plane:
            return self.get_component_rich_style("flights--plane")
        if not self.choosing:
            return self.get_component_rich_style("flights--city")
        return self.get_component_rich_style("flights--reach" if row.amounts else "flights--far")

    def _strip(self, text: str, style: Style, width: int) -> Strip:
        return Strip([Segment(text, style)]).extend_cell_length(width, self.rich_style).crop(0, width)


def _listed(word: str, groups: tuple[str, ...]) -> str:
    return f"{word} {' '.join(groups)}" if groups else ""
