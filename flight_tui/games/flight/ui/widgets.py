"""The widgets of the Flight table: status bar, flights, players and hand.

Each widget draws from data handed to it by the table screen (never from the game state),
and repaints only the cells that this data changed (:class:`PartialRepaint`): a move sends
the terminal what it changed, not the whole table. The hand is one widget using the Line API:
moving the cursor repaints only the faces of the cards from the old to the new cursor
position, a few hundred bytes to the terminal.
"""

from __future__ import annotations

from typing import Sequence

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip

from flight_tui.games.flight.rules import cards as C
from flight_tui.games.flight.rules.state import FlightLine, FlightView
from flight_tui.table.seats import SeatSpec
from flight_tui.games.flight.ui.presentation import PLANE_SHORT, Piece, caption, flight_pieces
from flight_tui.ui.keys import key_for
from flight_tui.ui.widgets.partial_repaint import PartialRepaint
from flight_tui.words import clip, count


class CardPainter(PartialRepaint):
    """A widget that draws cards in the theme's card colours."""

    COMPONENT_CLASSES = {
        "card--blue",
        "card--red",
        "card--yellow",
        "card--green",
        "card--special",
        "card--landing",
        "card--playable",
        "card--dim",
        "card--recent",
        "card--blocked",
        "card--cursor",
    }

    def card_style(self, card: int) -> Style:
        """The style of a card: its route colour, or the special or landing colour."""
        kind = C.KIND[card]
        if kind in (C.PLANE, C.ROUTE):
            return self.get_component_rich_style(f"card--{C.COLOURS[C.COLOUR[card]]}")
        if kind == C.SAFE_LANDING:
            return self.get_component_rich_style("card--landing")
        return self.get_component_rich_style("card--special")

    def colour_style(self, colour: int) -> Style:
        return self.get_component_rich_style(f"card--{C.COLOURS[colour]}")

    def style_of(self, name: str) -> Style:
        """A whole style: ``dim``, ``blocked``, ``special``."""
        return self.get_component_rich_style(f"card--{name}")

    def modifier(self, name: str) -> Style:
        """A partial style to add on top of another: ``recent``, ``cursor``, ``playable``."""
        return self.get_component_rich_style(f"card--{name}", partial=True)


class StatusBar(CardPainter):
    """One line: which hand and turn, the match goal, the pack and the exposed discard."""

    view: FlightView | None = None

    def show(self, view: FlightView) -> None:
        with self.repainting_changes():
            self.view = view

    def render(self) -> Text:
        view = self.view
        if view is None:
            return Text("")
        goal = count(view.config.hands, "hand") if view.config.hands else f"to {count(view.config.target, 'pt')}"
        left = Text(f" Flight · Hand {view.hand_no} · Turn {view.turn_no} · {goal}")
        right = Text(f"Pack {view.pack_count:>2} │ Exposed ")
        if view.discard:
            top = view.discard[-1]
            right.append(f" {C.code(top)} ", self.card_style(top) + Style(reverse=True, bold=True))
            right.append(" " + caption(top, 14 if self.size.width >= 100 else 10))
        else:
            right.append("none", self.style_of("dim"))
        right.append(" ")
        gap = max(self.size.width - left.cell_len - right.cell_len, 1)
        return Text.assemble(left, " " * gap, right)


_CONNECT, _ONWARD = "─", "┄"
_DETAIL_LEVELS = (
    # (aeroplane name, letters of stop names: all, so many, none)
    (True, None),
    (True, 8),
    (False, 8),
    (False, 6),
    (False, 4),
    (False, 0),
)


class FlightsPanel(CardPainter):
    """The four flights, one row each, from aeroplane to Safe Landing.

    Cards in ``recent`` (laid by the others since the viewer's turn) are underlined; the
    ``marked`` card (the move that ended a hand) is shown reversed, with ``◀`` after it.
    """

    flights: Sequence[FlightLine] = ()
    recent: frozenset[int] = frozenset()
    marked: int = -1

    def show(self, flights: Sequence[FlightLine], recent: frozenset[int], marked: int = -1) -> None:
        with self.repainting_changes():
            self.flights = flights
            self.recent = recent
            self.marked = marked

    def render(self) -> Text:
        pieces = [flight_pieces(line, colour) for colour, line in enumerate(self.flights)]
        long_labels = all(self._fits_long_label(colour, row) for colour, row in enumerate(pieces))
        rows = [self._row(colour, row, long_labels) for colour, row in enumerate(pieces)]
        gap = "\n\n" if self.size.height >= 2 * len(rows) else "\n"
        return Text(gap).join(rows)

    def _fits_long_label(self, colour: int, pieces: list[Piece]) -> bool:
        """Whether the row fits with the route's name in front and stop names of six letters."""
        row = self._label(colour, True)
        row.append_text(self._pieces(colour, pieces, False, 6))
        return row.cell_len <= self.size.width

    def _row(self, colour: int, pieces: list[Piece], long_label: bool) -> Text:
        """The row with the most detail that fits the width."""
        for plane_name, stop_letters in _DETAIL_LEVELS:
            row = self._label(colour, long_label)
            row.append_text(self._pieces(colour, pieces, plane_name, stop_letters))
            if row.cell_len <= self.size.width:
                return row
        return row

    def _label(self, colour: int, long_label: bool) -> Text:
        label = Text(C.COLOUR_LETTERS[colour], self.colour_style(colour) + Style(bold=True))
        label.append(f" {C.ROUTE_NAMES[colour]:<13}" if long_label else " ")
        return label

    def _pieces(self, colour: int, pieces: list[Piece], plane_name: bool, stop_letters: int | None) -> Text:
        out = Text()
        dim = self.style_of("dim")
        for index, piece in enumerate(pieces):
            if index:
                out.append(_ONWARD if piece.kind == "next" else _CONNECT, dim)
            out.append(self._piece_text(colour, piece, plane_name, stop_letters), self._piece_style(piece))
            if self.marked >= 0 and self.marked in (piece.card, piece.cleared_by):
                out.append(" ◀", Style(bold=True))
        return out

    @staticmethod
    def _piece_text(colour: int, piece: Piece, plane_name: bool, stop_letters: int | None) -> str:
        def stop(number: int) -> str:
            name = C.STOPS[colour][number - 1]
            if stop_letters == 0:
                return f"R{number}"
            return f"{number} {name if stop_letters is None else clip(name, stop_letters)}"

        kind = piece.kind
        if kind == "waiting":
            return f"✈ waiting for the {PLANE_SHORT[colour]}" if plane_name else "✈ no aeroplane yet"
        if kind == "plane":
            return f"✈ {PLANE_SHORT[colour]}" if plane_name else "✈"
        if kind == "route":
            return stop(piece.number)
        if kind == "replaced":
            return f"{piece.number} F→AR" if stop_letters != 0 else f"R{piece.number}:F→AR"
        if kind == "cleared":
            return "C→PP"
        if kind == "blocked":
            word = "FOG" if C.KIND[piece.card] == C.FOG else "CUSTOMS"
            return f"{word}!" if stop_letters != 0 else f"{word[0]}!"
        if kind == "landing":
            return "SL landed"
        return "SL" if piece.card < 0 else stop(piece.number)

    def _piece_style(self, piece: Piece) -> Style:
        kind = piece.kind
        if kind in ("waiting", "next"):
            return self.style_of("dim")
        if kind == "blocked":
            style = self.style_of("blocked")
        elif kind in ("replaced", "cleared"):
            style = self.style_of("special")
        else:
            style = self.card_style(piece.card)
        if piece.card in self.recent or piece.cleared_by in self.recent:
            style += self.modifier("recent")
        if self.marked >= 0 and self.marked in (piece.card, piece.cleared_by):
            style += self.modifier("cursor")
        return style


class PlayersPanel(CardPainter):
    """Every seat: whose turn it is, cards in hand, score."""

    seats: Sequence[SeatSpec] = ()
    view: FlightView | None = None

    def show(self, seats: Sequence[SeatSpec], view: FlightView) -> None:
        with self.repainting_changes():
            self.seats = seats
            self.view = view

    def render(self) -> Text:
        view = self.view
        if view is None:
            return Text("")
        width = self.size.width
        name_width = max(width - 15, 4)
        out = Text(f"  {'Player':<{name_width}} cards  pts", self.style_of("dim"))
        for seat, spec in enumerate(self.seats):
            mark = "▶ " if seat == view.current and view.phase != "over" else "  "
            name = self._seat_name(seat, spec, name_width)
            row = Text(f"\n{mark}")
            row.append(f"{name:<{name_width}}", Style(bold=seat == view.current))
            row.append(f" {view.hand_sizes[seat]:>5} {view.scores[seat]:>4}")
            out.append_text(row)
        return out

    def _seat_name(self, seat: int, spec: SeatSpec, width: int) -> str:
        you = " (you)" if seat == self.view.seat else ""
        options = [spec.label + you, f"{spec.name} ({spec.kind})" + you, spec.name + you, spec.name]
        return next((o for o in options if len(o) <= width), clip(spec.name, width))


class HandView(CardPainter):
    """The viewer's hand as a row of cards with a cursor, drawn with the Line API.

    The cursor shows as the card's face in reverse video (rows 1 and 2 of the card), so a
    move repaints two short rows of one region; borders never change. Each card row is one
    segment of one style (the gap after a card takes the card's style), which keeps the
    escape codes per repaint few.

    Cards are as wide as ``slots`` cards allow (or as the cards held, if more): a hand that
    makes room for the card to be drawn keeps its card width when it is drawn or a card is
    played, so only the cards that move are repainted, not the whole hand.
    """

    CARD_ROWS = 4

    class CursorMoved(Message):
        """The cursor moved to another card."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.slots = 0
        self.cards: list[int] = []
        self.playable: list[bool] = []
        self.cursor = 0
        self.playing = True

    @property
    def card(self) -> int | None:
        """The card under the cursor, if any."""
        return self.cards[self.cursor] if self.cards else None

    def show(self, cards: list[int], playable: list[bool], cursor: int, slots: int = 0, playing: bool = True) -> None:
        """Show a new hand, its cards sized for ``slots`` cards or more (repaints the cards that
        changed). ``playing``: the game goes on, so an empty hand says how to draw again."""
        with self.repainting_changes():
            self.slots, self.playing = slots, playing
            self.cards = cards
            self.playable = playable
            self.cursor = min(max(cursor, 0), max(len(cards) - 1, 0))

    def content_lines(self) -> list[Strip]:
        return [self.render_line(y) for y in range(self.size.height)]

    def move_to(self, index: int) -> None:
        """Put the cursor on card ``index``, repainting only the card faces that change."""
        if not self.cards:
            return
        index = min(max(index, 0), len(self.cards) - 1)
        if index == self.cursor:
            return
        old, self.cursor = self.cursor, index
        left, right = min(old, index), max(old, index)
        width = self._cell_width()
        x = self._cell_x(left)
        self.refresh(Region(x, 1, self._cell_x(right) + width - x, 2))
        self.post_message(self.CursorMoved())

    def _cell_width(self) -> int:
        """Width of one card, borders included (a one-column gap follows each card)."""
        count = max(len(self.cards), self.slots, 1)
        return min(max((self.size.width - 1) // count - 1, 7), 14)

    def _cell_x(self, index: int) -> int:
        return 1 + index * (self._cell_width() + 1)

    def on_click(self, event: events.Click) -> None:
        index = (event.x - 1) // (self._cell_width() + 1)
        if 0 <= index < len(self.cards):
            self.move_to(index)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if not self.cards:
            text = "(no cards in hand)"
            if self.playing:
                pack, exposed = key_for(self, "flight.draw-pack"), key_for(self, "flight.draw-exposed")
                text = f"(no cards in hand: draw three from the pack ({pack}), or two and the exposed card ({exposed}))"
            line = clip(text, width - 1) if y == 1 else ""
            return Strip([Segment(f" {line}".ljust(width), self.rich_style)], width)
        cell = self._cell_width()
        segments = []
        for index, card in enumerate(self.cards):
            segments.extend(self._card_row(index, card, y, cell))
        first_style = segments[0].style
        segments.insert(0, Segment(" ", first_style))
        used = 1 + len(self.cards) * (cell + 1)
        if used < width:
            segments.append(Segment(" " * (width - used), self.rich_style))
        return Strip(segments).simplify().crop(0, width)

    def _card_row(self, index: int, card: int, y: int, cell: int) -> list[Segment]:
        """One row of one card and the gap after it."""
        inner = cell - 2
        style = self.card_style(card)
        if y == 0:
            return [Segment("╭" + "─" * inner + "╮ ", style)]
        if y == self.CARD_ROWS - 1:
            return [Segment("╰" + "─" * inner + "╯ ", style)]
        face_style = style + self.modifier("cursor") if index == self.cursor else style
        if y == 1 and index < len(self.playable) and self.playable[index]:
            face = C.code(card).ljust(inner - 1)
            mark_style = face_style if index == self.cursor else style + self.modifier("playable")
            return [Segment("│", style), Segment("✓", mark_style), Segment(face, face_style), Segment("│ ", style)]
        face = (" " + C.code(card) if y == 1 else caption(card, inner)).ljust(inner)
        if index != self.cursor:
            return [Segment(f"│{face}│ ", style)]
        return [Segment("│", style), Segment(face, face_style), Segment("│ ", style)]
