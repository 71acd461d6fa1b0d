"""Lines written to the terminal with a style sequence only where the look changes.

Textual (8.2) writes every segment of a line as "set its style, its text, reset", and each
widget's part of a changed line after a cursor move of its own: a line of Help (padding, a key
in bold, its description, the scroll bar) costs six style sequences, six resets and several
moves, though neighbours often look the same. :func:`line_text` writes a line's segments as
runs instead: a style sequence only where the look changes (what changes, or a reset and the
whole look, whichever is shorter), spaces kept in the look before or after them when they look
the same in it (same background, nothing drawn across them), one reset at the end of the line. :class:`RunsLayoutUpdate` writes whole
screen updates so (partial ones: :mod:`~flight_tui.ui.painting.partial_updates`). The terminal
shows the same cells; fewer bytes cross the network. :func:`write_style_runs` makes Textual's
compositor build these updates.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from rich.color import ColorSystem
from rich.console import Console
from rich.control import Control
from rich.style import Style
from textual import _compositor
from textual.strip import SGR_STYLES, Strip

RESET = "\x1b[0m"
OFF = {0: "22", 1: "22", 2: "23", 3: "24", 4: "25", 5: "25", 6: "27", 7: "28", 8: "29", 9: "24"}
"""The code that turns each attribute off, by its bit in a Rich style (``SGR_STYLES``'s order:
bold, dim, italic, underline, blink, fast blink, reverse, conceal, strike, double underline);
frame, encircle and overline have none here (a change from them is written whole)."""
TURNED_OFF = {code: sum(1 << bit for bit, off in OFF.items() if off == code) for code in set(OFF.values())}
"""The attributes each off code turns off (22: bold and dim together)."""


def _marks_spaces(style: Style) -> bool:
    """Whether a space in ``style`` shows more than its background (a line through it, swapped colours)."""
    return bool(style.underline or style.underline2 or style.strike or style.overline or style.reverse or style.frame or style.encircle)


@lru_cache(maxsize=4096)
def _same_on_spaces(style: Style | None, other: Style | None) -> bool:
    """Whether spaces look the same in ``style`` as in ``other`` (asked for most spaces of every
    line written, of a few looks: remembered)."""
    if style is None or other is None:
        return style is other
    if style.link or other.link or _marks_spaces(style) or _marks_spaces(other):
        return False
    return style.bgcolor == other.bgcolor


def _attributes(style: Style) -> int:
    return style._attributes & style._set_attributes


def _colours(style: Style, color_system: ColorSystem) -> tuple[list[str], list[str]]:
    colour, background = style._color, style._bgcolor
    return (
        colour.downgrade(color_system).get_ansi_codes() if colour is not None else [],
        background.downgrade(color_system).get_ansi_codes(False) if background is not None else [],
    )


@lru_cache(maxsize=4096)
def change(before: Style | None, after: Style | None, color_system: ColorSystem) -> str:
    """The style sequence that turns ``before``'s look (None: the terminal's default, as every
    line starts: the writing before it ends with a reset) into ``after``'s: what changes only,
    or a reset and the whole of ``after``, whichever is shorter; "" when nothing changes."""
    whole_codes = Strip.render_ansi(after, color_system) if after is not None else ""
    if before is None:  # the default look: nothing to reset
        return f"\x1b[{whole_codes}m" if whole_codes else ""
    whole = f"\x1b[0;{whole_codes}m" if whole_codes else RESET
    if after is None:
        return RESET
    was, now = _attributes(before), _attributes(after)
    gone = was & ~now
    if any(bit not in OFF for bit in range(gone.bit_length()) if gone >> bit & 1):
        return whole
    codes = sorted({OFF[bit] for bit in range(gone.bit_length()) if gone >> bit & 1})
    lost = 0
    for code in codes:
        lost |= TURNED_OFF[code]
    wanted = now & ~was | now & lost
    codes += [SGR_STYLES[bit] for bit in range(wanted.bit_length()) if wanted >> bit & 1]
    (old_fg, old_bg), (new_fg, new_bg) = _colours(before, color_system), _colours(after, color_system)
    if new_fg != old_fg:
        codes += new_fg or ["39"]
    if new_bg != old_bg:
        codes += new_bg or ["49"]
    if not codes:
        return ""
    diff = f"\x1b[{';'.join(codes)}m"
    return diff if len(diff) < len(whole) else whole


def line_text(strips: Iterable[Strip], console: Console) -> str:
    """The terminal text of one line made of ``strips`` side by side, written as runs of one
    look (see the module docstring), the terminal's default style again at its end."""
    color_system = console._color_system or ColorSystem.TRUECOLOR
    segments = [
        (text, style if style is None or style.link or Strip.render_ansi(style, color_system) else None, bool(control))  # no codes: the default look
        for strip in strips
        for text, style, control in strip
        if text
    ]
    following: list[Style | None] = []  # per segment, the look of the next one that draws something
    ahead: Style | None = None
    for text, style, control in reversed(segments):
        following.append(ahead)
        if not control and not text.isspace():
            ahead = style
    following.reverse()
    out: list[str] = []
    current: Style | None = None
    for index, (text, style, control) in enumerate(segments):
        if control:  # written as Textual writes it, in whatever look is set
            out.append(text)
            continue
        if style is not None and style.link:  # a link keeps Textual's own writing (it ends with a reset)
            if current is not None:
                out.append(RESET)
            out.append(Strip.render_style(style, text, color_system))
            current = None
            continue
        if style is current or (text.isspace() and _same_on_spaces(style, current)):
            out.append(text)  # the look already set (spaces: one they look the same in)
            continue
        if text.isspace():  # leading spaces take the look of what follows them when they look the same in it
            later = following[index]
            if later is not None and not later.link and _same_on_spaces(style, later):
                style = later
        out.append(change(current, style, color_system))
        current = style
        out.append(text)
    if current is not None:  # (a style of no codes is None above)
        out.append(RESET)
    return "".join(out)


class RunsLayoutUpdate(_compositor.LayoutUpdate):
    """Textual's whole-region update, each line written as runs of one look."""

    def render_segments(self, console: Console) -> str:
        x = self.region.x
        lines = [Control.move_to(x, y).segment.text + line_text(line, console) for y, line in enumerate(self.strips, self.region.y)]
        return "\n".join(lines)


def write_style_runs() -> None:
    """Have Textual's compositor build :class:`RunsLayoutUpdate` for whole updates (partial ones:
    :mod:`~flight_tui.ui.painting.partial_updates`, which writes its lines with :func:`line_text`)."""
    _compositor.LayoutUpdate = RunsLayoutUpdate
