"""A widget that a paint has just drawn is not painted again for a request made before it.

Textual (8.2) repaints a widget in two steps: ``refresh`` marks its content out of date at once
and, when the widget next has nothing to do, posts the screen a request to paint it. When the
screen paints in between (its frame came first: a table opening another phase's view moves the
focus, whose ``:focus`` styles change several widgets), that paint already draws those widgets
anew, and the late requests paint them again a frame later. :func:`paint_pending_widgets_once`
has a paint of the top screen note the widgets it drew whole, withdraw their requests not yet
posted, and drop those posted before it; a widget changed after the paint asks again as usual.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from textual import _time, messages
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

_compositor_refresh = Screen._compositor_refresh
_on_update = Screen._on_update
_drawn_at: WeakKeyDictionary[Widget, float] = WeakKeyDictionary()
"""When each widget was last drawn whole by a paint of the top screen (Textual's clock)."""


def drawn_whole(region: Region, painted: list[Region]) -> bool:
    """Whether ``region`` has cells and every one lies in one of the ``painted`` regions."""
    if not region:
        return False
    if any(r.contains_region(region) for r in painted):
        return True  # the usual case (the widget's own region, or the whole screen): no cell count
    for y in range(region.y, region.bottom):
        spans = sorted((r.x, r.right) for r in painted if r.y <= y < r.bottom and r.right > region.x and r.x < region.right)
        reached = region.x
        for start, end in spans:
            if start > reached:
                return False
            reached = max(reached, end)
        if reached < region.right:
            return False
    return True


def compositor_refresh_noting_drawn(screen: Screen) -> None:
    """Textual's ``Screen._compositor_refresh``; a paint of the top screen notes each widget it
    drew whole and withdraws its repaint request not yet posted."""
    compositor = screen._compositor
    painted = list(compositor._dirty_regions)
    started = _time.get_time()
    top = screen is screen.app.screen and not screen.app.is_inline
    _compositor_refresh(screen)
    if not top or not painted:
        return
    if compositor.size.region in painted:
        painted = [compositor.size.region]
    for widget, (region, clip) in compositor.visible_widgets.items():
        if drawn_whole(region.intersection(clip), painted):
            _drawn_at[widget] = started
            widget._repaint_required = False


async def on_update_unless_drawn(screen: Screen, message: messages.Update) -> None:
    """Textual's handler of a request to paint a widget, which drops a request made before a
    paint that drew the widget whole."""
    drawn = _drawn_at.get(message.widget)
    if drawn is not None and message.time < drawn:
        message.stop()
        message.prevent_default()
        return
    await _on_update(screen, message)


def paint_pending_widgets_once() -> None:
    """Have a paint withdraw or drop the repaint requests of the widgets it drew whole (see the module)."""
    Screen._compositor_refresh = compositor_refresh_noting_drawn
    Screen._on_update = on_update_unless_drawn
