"""A screen takes the classes of its size before its widgets are styled.

Textual (8.2) gives a screen the classes of its breakpoints (``-narrow`` or ``-wide``, ``-short``
or ``-tall`` on the game tables) when it is first told its size, after its widgets have been
mounted and styled without them, and the new classes style the whole screen again.
:func:`set_breakpoints_first` gives a screen those classes, for the app's size, as it is
registered, before anything in it is styled; when its size comes the classes are the same and
nothing is styled again (a screen that turns out another size is styled as before).
"""

from __future__ import annotations

from textual.app import App
from textual.geometry import Size
from textual.screen import Screen

_post_register = Screen._post_register


def breakpoint_classes(screen: Screen, size: Size) -> dict[str, bool]:
    """Each breakpoint class of ``screen`` and whether a screen of ``size`` has it, as
    Textual's handler of a screen's resize decides."""
    horizontal = (screen.app.HORIZONTAL_BREAKPOINTS if screen.HORIZONTAL_BREAKPOINTS is None else screen.HORIZONTAL_BREAKPOINTS) or []
    vertical = (screen.app.VERTICAL_BREAKPOINTS if screen.VERTICAL_BREAKPOINTS is None else screen.VERTICAL_BREAKPOINTS) or []
    classes = {name: False for _, name in (*horizontal, *vertical)}
    for name in (*screen._get_breakpoint_classes(size.width, horizontal), *screen._get_breakpoint_classes(size.height, vertical)):
        classes[name] = True
    return classes


def post_register_with_breakpoints(screen: Screen, app: App) -> None:
    """Textual's registration of a screen, which then takes the classes of the app's size."""
    _post_register(screen, app)
    if app.size.area:
        screen.update_classes(breakpoint_classes(screen, app.size), update=False)


def set_breakpoints_first() -> None:
    """Have a screen take the classes of its size before it is styled (see the module)."""
    Screen._post_register = post_register_with_breakpoints
