"""Lists with a cursor, one-line texts that repaint only what changed, and the Marketplace's
layout of a list, a side panel and a detail line (both modes' tables)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from flight_tui.words import clip


class LineList(Widget):
    """Rows with a cursor that skips headings; a move repaints the two rows that change.

    A row is ``(text, right, kind)``: ``right`` is drawn flush right (a price), ``kind`` is
    ``heading``, ``bad`` (cannot be had now: dimmed, and the detail line says why) or ``ok``.
    """

    COMPONENT_CLASSES = {"list--cursor", "list--heading", "list--bad"}
    DEFAULT_CSS = """
    LineList > .list--cursor { text-style: bold reverse; }
    LineList > .list--heading { text-style: bold underline; color: $text-muted; }
    LineList > .list--bad { color: $text-muted; }
    """

    class Moved(Message):
        """The cursor moved."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: list[tuple[str, str, str]] = []
        self.cursor = 0
        self.top = 0

    def show(self, rows: list[tuple[str, str, str]], cursor: int, *, from_top: bool = False, back_first: bool = False) -> None:
        """New rows; ``from_top`` scrolls back to the first row. On a heading the cursor goes to
        the next row, or with ``back_first`` to the row before (to stay in the same section)."""
        self.rows = rows
        self.cursor = self._nearest(cursor, back_first)
        if from_top:
            self.top = 0
        self._scroll_to_cursor()
        self.refresh()

    def _nearest(self, index: int, back_first: bool = False) -> int:
        """The selectable row at or after ``index`` (else before it; before first with ``back_first``)."""
        index = min(max(index, 0), max(len(self.rows) - 1, 0))
        for step in (-1, 1) if back_first else (1, -1):
            i = index
            while 0 <= i < len(self.rows):
                if self.rows[i][2] != "heading":
                    return i
                i += step
        return 0

    def move(self, step: int) -> bool:
        """Move to the next selectable row in ``step``'s direction; False at the end."""
        index = self.cursor + step
        while 0 <= index < len(self.rows) and self.rows[index][2] == "heading":
            index += step
        if not 0 <= index < len(self.rows):
            return False
        self.move_to(index)
        return True

    def move_to_end(self, direction: int) -> bool:
        """Move to the first (``direction`` -1) or the last (1) selectable row; False if already there."""
        index = self._nearest(len(self.rows) - 1 if direction > 0 else 0, back_first=direction > 0)
        if not self.rows or index == self.cursor:
            return False
        self.move_to(index)
        return True

    def find(self, typed: str, start: int) -> int | None:
        """The first selectable row from ``start`` on (then from the top) whose text starts with
        ``typed``, else one with a word that does (any case); None if no row does."""
        typed = typed.casefold()
        order = [*range(start, len(self.rows)), *range(0, min(start, len(self.rows)))]
        rows = [(i, self.rows[i][0].casefold()) for i in order if self.rows[i][2] != "heading"]
        found = next((i for i, text in rows if text.startswith(typed)), None)
        if found is None:
            found = next((i for i, text in rows if any(word.startswith(typed) for word in text.split())), None)
        return found

    def move_to(self, index: int) -> None:
        old, self.cursor = self.cursor, index
        if self._scroll_to_cursor():
            self.refresh()
        else:
            width = self.size.width
            self.refresh(Region(0, old - self.top, width, 1), Region(0, index - self.top, width, 1))
        self.post_message(self.Moved())

    def _scroll_to_cursor(self) -> bool:
        height = self.size.height
        if height < 1:
            return False  # not laid out yet: scrolled when it is
        top = min(self.top, max(len(self.rows) - height, 0))
        # keep the heading just above the cursor in sight
        heading_above = self.cursor > 0 and self.rows[self.cursor - 1][2] == "heading"
        want_top = self.cursor - 1 if heading_above else self.cursor
        if want_top < top:
            top = want_top
        elif self.cursor >= top + height:
            top = self.cursor - height + 1
        changed, self.top = top != self.top, top
        return changed

    def on_resize(self) -> None:
        self._scroll_to_cursor()

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        index = self.top + y
        if index >= len(self.rows):
            return Strip([Segment(" " * width, self.rich_style)], width)
        text, right, kind = self.rows[index]
        style = self.rich_style
        if kind == "heading":
            style += self.get_component_rich_style("list--heading", partial=True)
            return Strip([Segment(clip(text, width).ljust(width), style)], width)
        if kind == "bad":
            style += self.get_component_rich_style("list--bad", partial=True)
        if index == self.cursor:
            style += self.get_component_rich_style("list--cursor", partial=True)
        room = max(width - 2 - len(right) - 1, 1)
        line = ("› " if index == self.cursor else "  ") + clip(text, room).ljust(room) + " " + right
        return Strip([Segment(line[:width].ljust(width), style)], width)


def row_of(item: Any, rows: Sequence[Any]) -> int:
    """The row a cursor that was on ``item`` goes to when a list is shown again with ``rows``:
    that item's while it is still listed (another player's move redraws the table while the
    viewer chooses), else the first."""
    return list(rows).index(item) if item is not None and item in rows else 0


class CursorKeys:
    """The ``move(step)`` and ``end(direction)`` actions of a widget whose keys move the cursor
    of one :class:`LineList` (:meth:`cursor_list`: the first one inside it)."""

    def cursor_list(self) -> LineList:
        return self.query_one(LineList)  # type: ignore[attr-defined]

    def action_move(self, step: int) -> None:
        """One row (``step`` ±1), or a page: ``step`` rows on, stopping at the first or last."""
        lines = self.cursor_list()
        if abs(step) == 1:
            lines.move(step)
            return
        target = min(max(lines.cursor + step, 0), len(lines.rows) - 1)
        lines.move_to(lines._nearest(target))

    def action_end(self, direction: int) -> None:
        """Go to the first (``direction`` -1) or the last (1) row."""
        self.cursor_list().move_to_end(direction)

    def kept_cursor(self, before: Sequence[Any], now: Sequence[Any]) -> int:
        """Where the cursor goes when the list's rows, ``before`` (what each row is), become
        ``now`` (:func:`row_of` the item it was on)."""
        cursor = self.cursor_list().cursor
        return row_of(before[cursor] if cursor < len(before) else None, now)

    def point_at_first(self, rows: Sequence[Any], matches: Callable[[Any], bool]) -> bool:
        """Put the cursor on the first of ``rows`` (the list's, in order) that ``matches`` (a
        hint's choice); False when none does."""
        index = next((i for i, row in enumerate(rows) if matches(row)), None)
        if index is None:
            return False
        self.cursor_list().move_to(index)
        return True


class FindByTyping:
    """Type-to-find for a widget whose keys move one :class:`LineList` (:meth:`cursor_list`):
    capital letters typed jump to the first row whose name, or a word of it, starts with them
    (``LAX``, ``LOS``, ``P`` for the passengers); the same letter again goes to the next such
    row. Capitals leave the widget's lower-case keys free; any other key starts a new search."""

    _typed = ""

    def on_key(self, event: events.Key) -> None:
        char = event.character
        if char is None or len(char) != 1 or not char.isalpha() or not char.isupper():
            self._typed = ""
            return
        lines = self.cursor_list()  # type: ignore[attr-defined]
        again = self._typed == char
        found = None if again else lines.find(self._typed + char, lines.cursor)
        self._typed = self._typed + char if found is not None else char
        if found is None:
            found = lines.find(char, lines.cursor + 1)
        if found is not None:
            event.stop()
            if found != lines.cursor:
                lines.move_to(found)


class OneLine(Widget):
    """A line of text that repaints only when its text changes."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.text = Text("")

    def show(self, text: Text | str) -> None:
        text = Text(text) if isinstance(text, str) else text
        if text.plain != self.text.plain or text.spans != self.text.spans:
            self.text = text
            self.refresh()

    def render(self) -> Text:
        return self.text


class ShopView(CursorKeys, Widget, can_focus=True):
    """A Marketplace: things for sale in a :class:`LineList` (``#market-list``), a side panel
    (``#market-side``) and a line about the row under the cursor (``#market-detail``).

    A mode's subclass lists its rows with :meth:`list_rows` and says what the cursor is on in
    :meth:`show_detail`, called after every cursor move.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: list[Any] = []
        self._listed: Hashable = None

    def compose(self) -> ComposeResult:
        yield LineList(id="market-list")
        yield Static(id="market-side")
        yield OneLine(id="market-detail")

    @property
    def row(self) -> Any | None:
        """The row under the cursor, if any."""
        cursor = self.query_one(LineList).cursor
        return self.rows[cursor] if cursor < len(self.rows) else None

    def list_rows(self, rows: list[Any], texts: list[tuple[str, str, str]], same: Callable[[Any], Hashable], phase: Hashable) -> None:
        """Show new rows (``texts`` as :class:`LineList` draws them): the cursor stays on the row
        that is ``same`` as the one it was on; when that row is gone, on the same place in the
        list (in the same section: the row before when the gone row was its last); back at the
        top in a new ``phase``."""
        old = self.row
        self.rows = rows
        lines = self.query_one(LineList)
        fresh = phase != self._listed
        self._listed = phase
        found = None
        if not fresh and old is not None:
            found = next((i for i, row in enumerate(rows) if same(row) == same(old)), None)
        if found is not None:
            cursor = found
        else:
            cursor = 0 if fresh else lines.cursor
        lines.show(texts, cursor, from_top=fresh, back_first=not fresh and found is None)

    def show_detail(self) -> None:
        """Say what the row under the cursor is and whether it can be had."""

    def on_line_list_moved(self, _: LineList.Moved) -> None:
        self.show_detail()
