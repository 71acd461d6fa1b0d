"""How the app's screens paint: changes to Textual's (8.2) painting, made once at start.

Each module is one change, with its reason; :func:`install` makes them all:

* ``partial_updates``: a partly changed line sends only its changed span;
* ``style_runs``: a line is written with a style sequence only where its look changes;
* ``layout_repaint``: every region a layout change uncovers is repainted;
* ``static_updates``: a ``Static`` given new text lays the screen out only when it may change size;
* ``single_layout``: a layout asks for no second one for a panel of text it resized;
* ``focus_repaint``: a focus change does not repaint the whole screen;
* ``painted_once``: a widget a paint drew whole is not painted again for an older request;
* ``screen_paints``: a screen paints at once after a quiet spell, and once per frame;
* ``covered_screens``: a screen under an opaque screen does not paint;
* ``styled_once``: a new screen is styled once, as its widgets mount;
* ``closing_blur``: a widget that loses the focus as its screen closes is not styled again;
* ``breakpoints_first``: a screen takes the classes of its size before its widgets are styled;
* ``css_once``: CSS is parsed once per process, not once per stylesheet.
"""

from __future__ import annotations

from flight_tui.ui.painting.breakpoints_first import set_breakpoints_first
from flight_tui.ui.painting.closing_blur import skip_styling_closed_screens
from flight_tui.ui.painting.covered_screens import hide_covered_screens
from flight_tui.ui.painting.css_once import parse_css_once
from flight_tui.ui.painting.focus_repaint import repaint_focus_changes
from flight_tui.ui.painting.layout_repaint import repaint_layout_changes
from flight_tui.ui.painting.painted_once import paint_pending_widgets_once
from flight_tui.ui.painting.partial_updates import crop_partial_updates
from flight_tui.ui.painting.screen_paints import paint_promptly_and_once
from flight_tui.ui.painting.single_layout import lay_out_once
from flight_tui.ui.painting.static_updates import skip_unchanged_updates
from flight_tui.ui.painting.style_runs import write_style_runs
from flight_tui.ui.painting.styled_once import style_new_screens_once


def install() -> None:
    """Make every change to Textual's painting (see the package); doing it again changes nothing."""
    crop_partial_updates()
    write_style_runs()
    repaint_layout_changes()
    skip_unchanged_updates()
    lay_out_once()
    repaint_focus_changes()
    paint_pending_widgets_once()
    paint_promptly_and_once()
    hide_covered_screens()
    style_new_screens_once()
    skip_styling_closed_screens()
    set_breakpoints_first()
    parse_css_once()
