"""When a screen paints: at once after a quiet spell, and once per frame.

Textual (8.2) paints a screen on a timer that ticks at most ``MAX_FPS`` times a second on a
fixed grid, paused while there is nothing to paint. Two things in it cost a player time and
bytes, and :func:`paint_promptly_and_once` changes them:

* a key pressed after a pause waits for the grid's next tick, up to a whole frame (16.7 ms at
  60 frames a second), before the screen answers it. An idle screen with something to paint
  now paints at once when its last paint is at least a frame old; paints closer together than
  that wait for the timer as before, so a screen still paints at most ``MAX_FPS`` times a
  second;
* a frame that must both lay the screen out and repaint it whole (a screen shown again) sends
  the laid-out changes and then the whole screen. It now sends the whole screen once.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from textual import _time, events
from textual.screen import UPDATE_PERIOD, Screen

_on_idle = Screen._on_idle
_on_timer_update = Screen._on_timer_update
_painted_at: WeakKeyDictionary[Screen, float] = WeakKeyDictionary()
"""When each screen last painted (Textual's clock)."""


def on_timer_update_painting_once(screen: Screen) -> None:
    """Textual's paint of a screen on its timer, noting when it painted; a layout and a repaint
    of the whole screen due together are sent as one whole screen."""
    _painted_at[screen] = _time.get_time()
    if screen._layout_required and screen._repaint_required:
        screen._repaint_required = False
        screen._compositor._dirty_regions.add(screen._compositor.size.region)
    _on_timer_update(screen)


async def on_idle_painting_promptly(screen: Screen, event: events.Idle) -> None:
    """Textual's handler of an idle screen, which first paints what waits to be painted when the
    screen's last paint is a frame old or more."""
    waiting = screen._layout_required or screen._scroll_required or screen._repaint_required or screen._dirty_widgets
    if waiting and not screen.app._batch_count and screen.is_current and _time.get_time() - _painted_at.get(screen, 0.0) >= UPDATE_PERIOD:
        on_timer_update_painting_once(screen)
    await _on_idle(screen, event)


def paint_promptly_and_once() -> None:
    """Have a screen paint at once after a quiet spell, and once per frame (see the module)."""
    Screen._on_timer_update = on_timer_update_painting_once
    Screen._on_idle = on_idle_painting_promptly
