"""A move at the Flight table repaints only what it changed (bytes to the terminal, over SSH too)."""

from __future__ import annotations

from flight_harness import TableApp, make_table, run_async
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual._compositor import CompositorUpdate
from textual.widgets._footer import FooterKey

from flight_tui.games.flight.rules import cards as C

from flight_tui.games.flight.ui.table_screen import FlightTableScreen
from flight_tui.games.flight.ui.widgets import FlightsPanel, HandView, PlayersPanel, StatusBar
from flight_tui.ui.widgets.footer import GameFooter
from flight_tui.ui.painting.partial_updates import crop_partial_updates
from flight_tui.ui.widgets.partial_repaint import changed_regions

RED, BLUE = Style(color="red"), Style(color="blue")


def strip(*parts: tuple[str, Style]) -> Strip:
    return Strip([Segment(text, style) for text, style in parts])


def test_unchanged_lines_need_no_repaint():
    lines = [strip(("Pack 21", RED)), strip(("Exposed", BLUE))]
    assert changed_regions(lines, list(lines)) == []


def test_a_changed_line_is_repainted_from_its_first_to_its_last_changed_cell():
    before = [strip(("Pack 21", RED)), strip(("Turn 3 of 9", BLUE))]
    after = [strip(("Pack 21", RED)), strip(("Turn 4 of 8", BLUE))]
    assert changed_regions(before, after) == [Region(5, 1, 6, 1)]


def test_a_change_of_colour_alone_is_a_change():
    assert changed_regions([strip(("ab", RED))], [strip(("a", RED), ("b", BLUE))]) == [Region(1, 0, 1, 1)]


def test_lines_that_grow_or_disappear_are_repainted():
    before = [strip(("abc", RED)), strip(("gone", RED))]
    after = [strip(("abcdef", RED))]
    assert changed_regions(before, after) == [Region(3, 0, 3, 1), Region(0, 1, 4, 1)]


def test_a_wide_character_takes_two_cells():
    assert changed_regions([strip(("漢a", RED))], [strip(("漢b", RED))]) == [Region(2, 0, 1, 1)]


def spy_refreshes(monkeypatch, *classes) -> dict[type, list[tuple]]:
    """Record the regions of every ``refresh`` of widgets of ``classes`` (empty: the whole widget)."""
    calls: dict[type, list[tuple]] = {cls: [] for cls in classes}
    for cls in classes:
        original = cls.refresh

        def refresh(self, *regions, _original=original, _cls=cls, **kwargs):
            calls[_cls].append(regions)
            return _original(self, *regions, **kwargs)

        monkeypatch.setattr(cls, "refresh", refresh)
    return calls


@run_async
async def test_drawing_a_card_repaints_only_the_cells_it_changed(monkeypatch):
    app = TableApp(make_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FlightTableScreen) and screen.view.current == 0
        calls = spy_refreshes(monkeypatch, FlightsPanel, StatusBar, PlayersPanel, HandView)
        pack = screen.view.pack_count
        await pilot.press("p")
        await pilot.pause()
        assert screen.view.pack_count == pack - 1 and len(screen.view.hand) == 8
        assert calls[FlightsPanel] == []  # the flights did not change
        for panel in (StatusBar, PlayersPanel):  # a count changed: a few cells, not the panel
            assert calls[panel] and all(regions for regions in calls[panel])
            assert sum(region.area for regions in calls[panel] for region in regions) <= 4
        assert calls[HandView]  # the new card is shown


@run_async
async def test_a_new_hand_title_repaints_only_the_line_it_is_on(monkeypatch):
    app = TableApp(make_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.screen.query_one(HandView)
        calls = spy_refreshes(monkeypatch, HandView)
        hand.show_border_title(str(hand.border_title))  # the same title: nothing to repaint
        assert calls[HandView] == []
        hand.show_border_title("Ann, a new title")
        await pilot.pause()
        assert hand.border_title == "Ann, a new title"
        assert calls[HandView] == [(Region(-hand.content_offset.x, -hand.content_offset.y, hand.outer_size.width, 1),)]
        assert "Ann,&#160;a&#160;new&#160;title" in app.export_screenshot()  # spaces are &#160; in the SVG


def record_output(app) -> list[str]:
    """From now on, what ``app`` would write to a terminal for each screen update (it runs headless)."""
    written: list[str] = []
    display = app._display

    def _display(screen, renderable):
        if isinstance(renderable, CompositorUpdate):
            written.append(renderable.render_segments(app.console))
        return display(screen, renderable)

    app._display = _display
    return written


@run_async
async def test_the_footer_changes_only_the_keys_that_differ(monkeypatch):
    app = TableApp(make_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        crop_partial_updates()
        rebuilt = []
        original = GameFooter.recompose

        async def recompose(self):
            rebuilt.append(self)
            await original(self)

        monkeypatch.setattr(GameFooter, "recompose", recompose)
        footer = app.screen.query_one(GameFooter)

        def shown() -> list[str]:
            return [key.description for key in footer.query(FooterKey)]

        before, first_key = shown(), footer.query(FooterKey).first()
        app.screen.refresh_bindings()  # as after every move, and when a screen above closes
        await pilot.pause()
        assert rebuilt == [] and shown() == before
        output = record_output(app)
        await pilot.press("p")
        await pilot.pause()
        assert before == ["Card", "Pack", "Exposed card", "Hint", "Menu"]
        assert shown() == ["Card", "Play", "Discard", "Hint", "Menu"]
        assert rebuilt == [] and footer.query(FooterKey).first() is first_key  # changed in place
        sent = "".join(output)
        assert "Play" in sent and "Discard" in sent
        assert "←→" not in sent  # the first key did not change: it was not sent again
        footer.refresh(recompose=True)  # built from scratch, the footer looks the same
        await pilot.pause()
        assert shown() == ["Card", "Play", "Discard", "Hint", "Menu"]


@run_async
async def test_drawing_a_card_sends_only_the_cards_that_moved():
    app = TableApp(make_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        crop_partial_updates()
        hand = app.screen.hand
        cards, cursor, width = list(hand.cards), hand.cursor, hand._cell_width()
        output = record_output(app)
        await pilot.press("p")
        await pilot.pause()
        new = hand.cards.index(next(card for card in hand.cards if card not in cards))
        assert hand._cell_width() == width  # room for the drawn card: the others keep their size
        sent = "".join(output)
        untouched = [C.code(card) for index, card in enumerate(hand.cards[:new]) if index != cursor]
        assert untouched and not any(code in sent for code in untouched)
        assert C.code(hand.cards[new]) in sent

