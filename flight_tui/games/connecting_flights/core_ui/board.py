"""The map of both modes' boards: the continents on the text's grid, their colours, owners' marks.

North America, Europe and Asia on top, South America, Africa and Oceania below, as in the
rule text's grid. Each continent is drawn in its theme colour and always named by its letter
too; each seat has a letter on the board (never a colour alone).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from flight_tui.games.connecting_flights.core.world import Continent, World

STARS = "★"


def stars(count: int) -> str:
    """``★★★`` for 3."""
    return STARS * count


def seat_marks(names: Sequence[str]) -> list[str]:
    """One letter per seat for the board: the name's initial, or the seat number when two
    names share an initial."""
    initials = [(name[:1] or "?").upper() for name in names]
    if len(set(initials)) == len(initials):
        return initials
    return [str(seat + 1) for seat in range(len(names))]


def owner_text(owners: Sequence[tuple[int, bool]], marks: Sequence[str]) -> str:
    """``[A]`` (Ann owns it), ``[AB]``, ``[b]`` (Bob rents Landing Rights: lower case), or ""."""
    if not owners:
        return ""
    return "[" + "".join(marks[seat].lower() if rented else marks[seat] for seat, rented in owners) + "]"


def airport_owners(world: World, holders: Sequence[object]) -> dict[int, list[tuple[int, bool]]]:
    """``airport id -> [(seat, is Landing Rights), ...]`` for every Airport card held; ``holders``
    by seat, each with ``airports`` and ``landing_rights`` (both modes' hands have them)."""
    owners: dict[int, list[tuple[int, bool]]] = {}
    for seat, holder in enumerate(holders):
        for card in holder.airports:
            owners.setdefault(world.airport_cards[card].airport, []).append((seat, False))
        for card in holder.landing_rights:
            owners.setdefault(world.airport_cards[card].airport, []).append((seat, True))
    return owners


class ContinentPainter(Widget):
    """A widget that draws in the continents' theme colours (``continent--0`` .. ``--5``).

    Colours come from the theme: N. America blue, Europe yellow, Asia pink, S. America green,
    Africa red, Oceania purple (every continent also carries its letter).
    """

    COMPONENT_CLASSES = {f"continent--{c}" for c in range(6)} | {"board--dim", "board--warn"}
    DEFAULT_CSS = """
    ContinentPainter > .continent--0 { color: $route-blue; }
    ContinentPainter > .continent--1 { color: $route-yellow; }
    ContinentPainter > .continent--2 { color: $card-back; }
    ContinentPainter > .continent--3 { color: $route-green; }
    ContinentPainter > .continent--4 { color: $route-red; }
    ContinentPainter > .continent--5 { color: $card-special; }
    ContinentPainter > .board--dim { color: $text-muted; }
    ContinentPainter > .board--warn { color: $warning; text-style: bold; }
    """

    def continent_style(self, continent: int) -> Style:
        return self.get_component_rich_style(f"continent--{continent}")

    def style_of(self, name: str) -> Style:
        return self.get_component_rich_style(f"board--{name}")

    def continent_column(self) -> int:
        """The width of one continent on the grid: a third of the widget, at least 20 cells."""
        return max((self.size.width - 2) // 3, 20)

    def continent_grid(self, world: World, column: int, cell: Callable[[Continent], list[Text]]) -> list[Text]:
        """The six continents' cells (``cell(continent)``, one Text per row) on the grid, each
        ``column`` cells wide, split by dim lines."""
        rows: list[Text] = []
        for grid_row in (0, 1):
            continents = sorted((c for c in world.continents if c.row == grid_row), key=lambda c: c.col)
            cells = [cell(c) for c in continents]
            height = max(len(lines) for lines in cells)
            for y in range(height):
                line = Text()
                for index, lines in enumerate(cells):
                    if index:
                        line.append("│", self.style_of("dim"))
                    piece = lines[y] if y < len(lines) else Text("")
                    piece.truncate(column, overflow="ellipsis", pad=True)
                    line.append_text(piece)
                rows.append(line)
            if grid_row == 0:
                rows.append(Text("┼".join(["─" * column] * 3), self.style_of("dim")))
        return rows


class MapView(ContinentPainter, can_focus=True):
    """A board drawn from a mode's view and the seats' names (redrawn only when the game changes)."""

    def __init__(self, world: World, **kwargs) -> None:
        super().__init__(**kwargs)
        self.world = world
        self.view: object | None = None
        self.names: list[str] = []

    def show(self, view: object, names: Sequence[str]) -> None:
        self.view = view
        self.names = list(names)
        self.refresh()
