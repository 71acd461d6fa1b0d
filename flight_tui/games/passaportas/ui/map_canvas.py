"""The schematic map drawn with text: cities at fixed places, legs as lines with their fuel.

No Textual here: :func:`draw_map` returns a grid of cells, each a character and a *kind*
(``line``, ``fuel``, ``city``, ``blank``) that the map widget turns into styles. City places
come from ``map_layout.toml`` (fractions of the room) and are scaled to the room given, so a
larger terminal shows a larger map with full city names.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from typing import NamedTuple

from flight_tui.games.passaportas.rules.map import GameMap

NAME_WIDTH = 9
"""Letters of a city's name on a roomy map (codes of three letters otherwise)."""
MARK_WIDTH = 1
"""One cell before each city label for its mark (plane, reachable)."""


class Label(NamedTuple):
    """Where a city's mark and label sit on the canvas: row, first column, width (mark included)."""

    y: int
    x: int
    width: int


class Canvas(NamedTuple):
    """A drawn map: ``cells[y][x] = (char, kind)``, and each city's label place."""

    cells: list[list[tuple[str, str]]]
    labels: dict[int, Label]
    long_names: bool


@lru_cache(maxsize=1)
def layout_positions() -> dict[str, tuple[float, float]]:
    """City code -> (x, y) fractions of the room, from ``map_layout.toml``."""
    data = tomllib.loads(resources.files(__package__).joinpath("map_layout.toml").read_text(encoding="utf-8"))
    return {code: (float(x), float(y)) for code, (x, y) in data["positions"].items()}


def label_text(game_map: GameMap, city: int, long_names: bool) -> str:
    """A city's label: its code, or its name cut to :data:`NAME_WIDTH` letters."""
    if not long_names:
        return game_map.code(city)
    name = game_map.name(city)
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "."


def draw_map(game_map: GameMap, width: int, height: int) -> Canvas:
    """The map in ``width`` x ``height`` cells: legs first, their fuel at the middle, labels on top."""
    width, height = max(width, 20), max(height, 8)
    long_names = width >= 80 and height >= 18
    positions = layout_positions()
    label_width = MARK_WIDTH + (NAME_WIDTH if long_names else 3)
    centres: dict[int, tuple[int, int]] = {}
    labels: dict[int, Label] = {}
    for city in range(game_map.size):
        fx, fy = positions[game_map.code(city)]
        x = round(fx * (width - label_width))
        y = round(fy * (height - 1))
        text_width = MARK_WIDTH + len(label_text(game_map, city, long_names))
        labels[city] = Label(y, x, text_width)
        centres[city] = (x + text_width // 2, y)
    cells = [[(" ", "blank") for _ in range(width)] for _ in range(height)]
    taken = {(label.y, x) for label in labels.values() for x in range(label.x - 1, label.x + label.width + 1)}
    for a, b, fuel in game_map.legs:
        points = _line(centres[a], centres[b])
        glyph = _glyph(centres[a], centres[b])
        for x, y in points:
            if (y, x) not in taken:
                cells[y][x] = (glyph, "line")
        _put_fuel(cells, taken, points, str(fuel))
    for city, label in labels.items():
        text = " " + label_text(game_map, city, long_names)
        for offset, char in enumerate(text):
            cells[label.y][label.x + offset] = (char, "city")
    return Canvas(cells, labels, long_names)


def _line(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells of a straight line from ``start`` to ``end`` (both ends included)."""
    (x0, y0), (x1, y1) = start, end
    steps = max(abs(x1 - x0), abs(y1 - y0), 1)
    return [(round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps)) for i in range(steps + 1)]


def _glyph(start: tuple[int, int], end: tuple[int, int]) -> str:
    """The line character for a leg's slope (a cell is about twice as tall as wide)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if dy == 0 or abs(dy) * 4 < abs(dx):
        return "─"
    if dx == 0 or abs(dx) < abs(dy):
        return "│"
    return "╲" if (dx > 0) == (dy > 0) else "╱"


def _put_fuel(cells: list[list[tuple[str, str]]], taken: set[tuple[int, int]], points: list[tuple[int, int]], text: str) -> None:
    """Write a leg's fuel on the line, as near its middle as there is room."""
    middle = len(points) // 2
    order = sorted(range(len(points)), key=lambda i: abs(i - middle))
    width = len(cells[0])
    for index in order:
        x, y = points[index]
        x -= len(text) // 2
        spots = [(y, x + i) for i in range(len(text))]
        if x < 0 or x + len(text) > width:
            continue
        around = [(y, x - 1), (y, x + len(text))]
        if any(spot in taken for spot in spots) or any(_is_fuel(cells, spot) for spot in spots + around):
            continue
        for i, char in enumerate(text):
            cells[y][x + i] = (char, "fuel")
        taken.update(spots)
        return


def _is_fuel(cells: list[list[tuple[str, str]]], spot: tuple[int, int]) -> bool:
    y, x = spot
    return 0 <= x < len(cells[y]) and cells[y][x][1] == "fuel"
