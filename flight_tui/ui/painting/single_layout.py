"""A layout of the screen does not ask for a second one for a panel of text.

Textual (8.2) lays the screen out, then gives each widget the size, virtual size and container
size the layout found. A widget whose virtual size changed sets it as a reactive value that asks
for a layout, so every layout that resizes a widget is followed by another one frame later. For
a widget that holds no other widgets and is as wide as its place (a panel given text of another
height) the first layout has already placed everything by that size: :func:`lay_out_once` has
it record the size the way Textual's own scroll does (without asking for a layout). Containers
and widgets as wide as their content (the footer's keys) still ask, as Textual has them.

That first layout measures a widget's height by rendering it, and a render may read the
widget's size (how many seats fit on a row), which is still the size it had on the screen
before, none at the first layout: the height found there may be wrong, and Textual keeps it (it
caches a height by width). Such a widget is measured again once the screen shows it at its new
width, and laid out again if its height differs (:func:`measured_height`), which the second
layout did before.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.widget import Widget

_size_updated = Widget._size_updated
_get_content_height = Widget.get_content_height


def as_wide_as_its_place(widget: Widget) -> bool:
    """Whether ``widget``'s width is set by where it stands, not by its content (``width: auto``)."""
    width = widget.styles.width  # None: as wide as its container
    return width is None or not width.is_auto


def spared_second_layout(widget: Widget) -> bool:
    """Whether a layout that resizes ``widget`` asks for no second one: it does not scroll and is
    as wide as its place."""
    return not widget.is_scrollable and as_wide_as_its_place(widget)


def size_updated_once(widget: Widget, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
    """Textual's ``Widget._size_updated`` as a layout calls it; a widget spared the second layout
    records the virtual size the layout found without asking for another layout."""
    once = spared_second_layout(widget)
    return _size_updated(widget, size, virtual_size, container_size, layout=layout and not once)


def measured_height(widget: Widget, container: Size, viewport: Size, width: int) -> int:
    """Textual's ``Widget.get_content_height``; a widget spared the second layout that renders
    itself (not a container, whose height its children's give) and was rendered at another
    width than the one measured (its size on the screen before this layout) is measured again
    once the screen shows it at that width, and laid out again if its height differs (see the
    module)."""
    height = _get_content_height(widget, container, viewport, width)
    if widget.is_container or widget.size.width == width or not spared_second_layout(widget):
        return height
    if getattr(widget, "_measured_again_at", None) != width:
        widget._measured_again_at = width  # type: ignore[attr-defined]

        def measure_again() -> None:
            if widget.is_attached and widget.size.width == width:
                widget._content_height_cache = (None, 0)
                if _get_content_height(widget, container, viewport, width) != height:
                    widget.refresh(layout=True)

        widget.call_after_refresh(measure_again)
    return height


def lay_out_once() -> None:
    """Have a layout record the sizes it found for panels of text without asking for another
    (see the module)."""
    Widget.get_content_height = measured_height
    Widget._size_updated = size_updated_once
