"""A partial screen update sends the terminal only the changed span of each line."""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual import _compositor
from textual.strip import Strip

from flight_tui.ui.painting.partial_updates import CroppedChopsUpdate, character_start, crop_partial_updates
from flight_tui.ui.painting.style_runs import line_text

RED, BLUE, GREEN = Style(color="red"), Style(color="blue"), Style(color="green")
LINE = Strip([Segment("a" * 20, RED), Segment("b" * 20, BLUE), Segment("c" * 40, GREEN)])


def sent(spans: list[tuple[int, int, int]], line: Strip = LINE, chop_at: int = 0) -> str:
    """What the update writes for ``spans`` of one line holding ``line`` from column ``chop_at``."""
    update = CroppedChopsUpdate([{chop_at: line}], spans, [[chop_at + line.cell_length]])
    return update.render_segments(Console(force_terminal=True, color_system="256", width=120))


def test_a_change_at_the_right_of_a_line_sends_only_the_changed_cells():
    output = sent([(0, 46, 50)])
    assert output.startswith("\x1b[1;47H")  # the cursor goes straight to the change (column 47)
    assert "a" not in output and "b" not in output and output.count("c") == 4


def test_two_changes_of_a_line_send_two_short_runs():
    output = sent([(0, 2, 4), (0, 70, 72)])
    assert output.count("a") == 2 and output.count("c") == 2 and "b" not in output
    assert "\x1b[1;3H" in output and "\x1b[1;71H" in output


def test_a_line_changed_from_the_widgets_left_edge_is_sent_whole():
    console = Console(force_terminal=True, color_system="256", width=120)
    assert sent([(0, 0, 80)]) == "\x1b[1;1H" + line_text([LINE], console)


def test_widgets_side_by_side_in_a_changed_span_share_one_cursor_move():
    left, right = Strip([Segment("a" * 10, RED)]), Strip([Segment("b" * 10, RED)])
    update = CroppedChopsUpdate([{0: left, 10: right, 20: None, 30: right}], [(0, 0, 40)], [[10, 20, 30, 40]])
    output = update.render_segments(Console(force_terminal=True, color_system="256", width=120))
    assert output.count("\x1b[1;1H") == 1 and "\x1b[1;11H" not in output  # the second widget follows the first
    assert "\x1b[1;31H" in output  # after a gap, a move of its own
    assert "a" * 10 + "b" * 10 in output  # one run of one look: no style sequence between them


def test_a_wide_character_is_never_cut_in_half():
    line = Strip([Segment("漢字ab", RED)])  # 漢 takes cells 0-1, 字 cells 2-3
    assert character_start(line, 3) == 2
    assert character_start(line, 4) == 4
    output = sent([(0, 3, 5)], line)
    assert "\x1b[1;3H" in output and "字a" in output and "漢" not in output


def test_a_widget_further_right_keeps_its_own_columns():
    output = sent([(0, 50, 52)], LINE, chop_at=10)  # the widget starts at column 10
    assert output.startswith("\x1b[1;51H") and output.count("c") == 2


def test_the_app_has_textual_build_cropped_updates():
    original = _compositor.ChopsUpdate
    try:
        crop_partial_updates()
        assert _compositor.ChopsUpdate is CroppedChopsUpdate
    finally:
        _compositor.ChopsUpdate = original
