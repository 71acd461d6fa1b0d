"""What a terminal would show of an app under test, to compare with a full repaint of its screen.

:func:`mirror_terminal` feeds every update Textual would write to the terminal (partial updates
included) to a pyte screen, as a real terminal would take them (:func:`kept_copy` keeps what it
shows at one moment); :func:`full_repaint` paints the app's screen whole into a fresh one;
:func:`differences` lists the rows where they differ (each cell as the eye sees it: character,
colours and text style).
"""

from __future__ import annotations

import pyte
from rich.console import Console
from textual._compositor import CompositorUpdate, LayoutUpdate
from textual.app import App


def truecolor() -> Console:
    """A console that writes every colour as it is (Textual's test console may write 16)."""
    return Console(force_terminal=True, color_system="truecolor", width=200)


def mirror_terminal(app: App) -> pyte.Screen:
    """A terminal (pyte) that receives what ``app`` writes from now on; call before ``run_test``."""
    width, height = 80, 24
    terminal = pyte.Screen(width, height)
    stream = pyte.Stream(terminal)
    display = app._display
    console = truecolor()

    def display_and_mirror(screen, renderable) -> None:
        if isinstance(renderable, CompositorUpdate) and not app._batch_count:  # as App._display writes it
            if (app.size.width, app.size.height) != (terminal.columns, terminal.lines):
                terminal.resize(app.size.height, app.size.width)
            stream.feed(renderable.render_segments(console))
        display(screen, renderable)

    app._display = display_and_mirror
    return terminal


def kept_copy(terminal: pyte.Screen) -> pyte.Screen:
    """What ``terminal`` shows now, kept apart from what it is fed later (its cells are immutable:
    copying each row is enough)."""
    kept = pyte.Screen(terminal.columns, terminal.lines)
    for y in range(terminal.lines):
        kept.buffer[y].update(terminal.buffer[y])
    return kept


def full_repaint(app: App) -> pyte.Screen:
    """The app's screen painted whole, as on a terminal just cleared."""
    compositor = app.screen._compositor
    width, height = compositor.size
    terminal = pyte.Screen(width, height)
    update = LayoutUpdate([[strip] for strip in compositor.render_strips()], compositor.size.region)
    pyte.Stream(terminal).feed(update.render_segments(truecolor()))
    return terminal


def seen(cell: pyte.screens.Char) -> pyte.screens.Char:
    """A cell as the eye sees it: a blank's text colour shows only when it is reversed, underlined or struck."""
    if cell.data == " " and not (cell.reverse or cell.underscore or cell.strikethrough):
        return cell._replace(fg="default", bold=False, italics=False, blink=False)
    return cell


def differences(shown: pyte.Screen, repainted: pyte.Screen) -> list[str]:
    """Each row where the two screens differ, shown then repainted (empty: they are the same)."""
    rows = []
    for y in range(repainted.lines):
        cells = [x for x in range(repainted.columns) if seen(shown.buffer[y][x]) != seen(repainted.buffer[y][x])]
        if cells:
            first = cells[0]
            rows.append(
                f"row {y:>2} shown:     {shown.display[y]!r}\n       repainted: {repainted.display[y]!r}\n"
                f"       column {first}: {shown.buffer[y][first]} / {repainted.buffer[y][first]}"
            )
    return rows
