"""The Hand panel of both modes: every player's cards (the viewing seat's first) and the flight builder.

The panel draws from data handed to it (never the game state): the world, each seat's
cards as ``HandCards``, and whether the viewer may build flights now; each mode's subclass
says which engine action the chains make (:meth:`HandPanel.to_action`) and what the panel
says beside them. The builder's logic is ``builder.ChainBuilder``; this module only draws it
and turns keys into its calls:

* up/down (or j/k) move the cursor over the cards that may come next, Enter puts one down;
* Backspace takes the last change back, ``e`` ends the chain being built, ``c`` clears all;
* ``f`` sends the chains (``HandPanel.FlightsReady``; the table screen submits them).

The list of next cards uses the Line API: a cursor move repaints two rows. Every problem is
written with its rule number and in words, and each next card is marked ``✓`` or ``✗`` with
what it would break in a few words and the rule's number (never colour alone); under the list,
the whole of it for the card under the cursor.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from flight_tui.games.connecting_flights.core.flights import FlightSpec, reason_words
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.builder import (
    ANY_CARD,
    STEP_WORDS,
    ChainBuilder,
    Choice,
    HandCards,
    airport_label,
    chain_text,
    choice_label,
    passenger_label,
)
from flight_tui.games.connecting_flights.core_ui.lists import row_of
from flight_tui.ui.game_screen import MoveRefused
from flight_tui.ui.keys import key_for, takes_moves
from flight_tui.words import clip


def holdings_text(world: World, name: str, cards: HandCards, you: bool) -> Text:
    """One player's cards as a short paragraph, each kind named."""
    text = Text()
    text.append(name + (" (you)" if you else ""), style="bold")
    text.append(" · ")

    def part(label: str, items: Sequence[str]) -> None:
        text.append(f"{label}: ", style="italic")
        text.append(", ".join(items) if items else "none")
        text.append("  ")

    part("Airports", [airport_label(world, c).split(" ", 1)[0] + " " + "★" * world.airport_of_card(c).stars for c in cards.airports])
    if cards.landing_rights:
        part("Landing rights", [airport_label(world, c).split(" ", 1)[0] for c in cards.landing_rights])
    part("Planes", [("e" if world.planes[c].electric else "") + "★" * world.planes[c].stars for c in cards.planes])
    part("Passengers", [passenger_label(world, c).removeprefix("Passenger ") for c in cards.passengers])
    part("Fuel trucks", [str(world.fuel_trucks[c].capacity) for c in cards.trucks])
    text.rstrip()
    return text


class ChoiceList(Widget, can_focus=False):
    """The cards that may come next, with a cursor; a move repaints the two rows that change."""

    COMPONENT_CLASSES = {"choice--cursor", "choice--bad"}
    DEFAULT_CSS = """
    ChoiceList { height: 1fr; min-height: 2; }
    ChoiceList > .choice--cursor { text-style: bold reverse; }
    ChoiceList > .choice--bad { color: $text-muted; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: list[tuple[str, bool]] = []
        self.empty = ""
        self.cursor = 0
        self.top = 0

    def show(self, rows: list[tuple[str, bool]], cursor: int, empty: str = "") -> None:
        """New rows (text, keeps the rules); ``empty`` is said when there are none. Repaints the whole list."""
        self.rows = rows
        self.empty = empty
        self.cursor = min(max(cursor, 0), max(len(rows) - 1, 0))
        self._scroll_to_cursor()
        self.refresh()

    def move(self, step: int) -> bool:
        """Move the cursor; False when it cannot move."""
        index = min(max(self.cursor + step, 0), len(self.rows) - 1)
        if not self.rows or index == self.cursor:
            return False
        old, self.cursor = self.cursor, index
        if self._scroll_to_cursor():
            self.refresh()
        else:
            width = self.size.width
            self.refresh(Region(0, old - self.top, width, 1), Region(0, index - self.top, width, 1))
        return True

    def _scroll_to_cursor(self) -> bool:
        height = max(self.size.height, 1)
        top = self.top
        if self.cursor < top:
            top = self.cursor
        elif self.cursor >= top + height:
            top = self.cursor - height + 1
        changed, self.top = top != self.top, top
        return changed

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        index = self.top + y
        if index >= len(self.rows):
            text = self.empty if not self.rows and y == 0 else ""
            return Strip([Segment(text.ljust(width)[:width], self.rich_style)], width)
        label, good = self.rows[index]
        style = self.rich_style
        if not good:
            style += self.get_component_rich_style("choice--bad", partial=True)
        marker = "› " if index == self.cursor else "  "
        if index == self.cursor:
            style += self.get_component_rich_style("choice--cursor", partial=True)
        line = clip(marker + label, width).ljust(width)
        return Strip([Segment(line, style)], width)


def starting_chains(move: object) -> list[list[FlightSpec]]:
    """The one flight of a starting flight's move (any record with ``origin``, ``plane``,
    ``passenger`` and ``dest``, as both modes' have) as chains, with any fuel truck (the move
    names none)."""
    return [[FlightSpec(origin=move.origin, plane=move.plane, truck=ANY_CARD, passenger=move.passenger, dest=move.dest)]]


def hand_bindings(mode: str, send: str = "Fly") -> list[Binding]:
    """The builder's keys, with ids starting ``{mode}.hand.`` (a mode's keymap entries are its
    own); ``send`` labels the key that sends the chains."""
    return [
        Binding("up,k", "move(-1)", "Card", key_display="↑↓", tooltip="Previous card that may come next", id=f"{mode}.hand.previous"),
        Binding("down,j", "move(1)", "Next card", show=False, tooltip="Next card that may come next", id=f"{mode}.hand.next"),
        Binding("home", "end(-1)", "First card", show=False, tooltip="The first card that may come next", id=f"{mode}.hand.first"),
        Binding("end", "end(1)", "Last card", show=False, tooltip="The last card that may come next", id=f"{mode}.hand.last"),
        Binding("enter,space", "pick", "Add", key_display="Enter", tooltip="Put the card under the cursor in the flight", id=f"{mode}.hand.add"),
        Binding("backspace", "back", "Back", key_display="⌫", tooltip="Take back the last card or chain change", id=f"{mode}.hand.back"),
        Binding("e", "end_chain", "End chain", tooltip="End the chain being built (a partial flight is dropped)", id=f"{mode}.hand.end-chain"),
        Binding("c", "clear", "Clear", show=False, tooltip="Take every chain apart", id=f"{mode}.hand.clear"),
        Binding("f", "fly", send, tooltip="Send the chains you built", id=f"{mode}.hand.fly"),
    ]


class HandPanel(Widget, can_focus=True):
    """Each player's cards and the viewer's flight builder (see the module docstring).

    A mode's subclass gives the keys (``BINDINGS = hand_bindings(KEYS)``) and :meth:`to_action`,
    and may say more beside the builder (:meth:`building_heading`, :meth:`idle_text`,
    :meth:`note`).
    """

    DEFAULT_CSS = """
    HandPanel { height: 1fr; layout: vertical; }
    HandPanel #holdings { height: auto; max-height: 50%; padding: 0 1; }
    HandPanel #builder { height: 1fr; border-top: solid $panel-lighten-2; padding: 0 1; }
    HandPanel:focus #builder { border-top: solid $accent; }
    HandPanel #chains { height: auto; max-height: 6; }
    HandPanel #building { height: auto; text-style: bold; }
    HandPanel #problems { height: auto; max-height: 5; }
    HandPanel #choice-why { height: auto; max-height: 2; }
    """

    KEYS: str
    """The first part of the panel's binding ids (``coop`` in ``coop.hand.fly``); each mode's panel has its own."""

    class FlightsReady(Message):
        """The viewer sends these chains; ``action`` is the engine's action to submit for them
        (what :meth:`HandPanel.to_action` made of them)."""

        def __init__(self, seat: int, chains: list[list[FlightSpec]], action: object) -> None:
            super().__init__()
            self.seat = seat
            self.chains = chains
            self.action = action

    def __init__(self, world: World, **kwargs) -> None:
        super().__init__(**kwargs)
        self.world = world
        self.builder: ChainBuilder | None = None
        self.seat = 0
        self.can_build = False
        self.shown_choices: list[Choice] = []
        """The cards the list offers, row by row (what Enter picks from)."""
        self.guide: tuple[list[list[FlightSpec]], str] | None = None
        """The chains a lesson's step waits for, and why (see :meth:`follow`)."""

    def compose(self) -> ComposeResult:
        yield Static(id="holdings")
        with Vertical(id="builder"):
            yield Static(id="chains")
            yield Static(id="building")
            yield Static(id="problems")
            yield ChoiceList(id="choices")
            yield Static(id="choice-why")

    # ------------------------------------------------------------ showing

    def show(
        self,
        players: Sequence[tuple[str, HandCards]],
        seat: int,
        can_build: bool,
        *,
        building: HandCards | None = None,
        arranged: Sequence[Sequence[FlightSpec]] = (),
    ) -> None:
        """Show every seat's cards (``players`` by seat) with ``seat`` first.

        The builder works with ``building`` (default: the seat's own cards) and starts from
        the ``arranged`` chains; it is kept while those cards stay the same, and the cursor stays
        on the card it was on (another's move redraws the table while the viewer builds).
        """
        self.seat = seat
        self.can_build = can_build
        order = [seat] + [s for s in range(len(players)) if s != seat]
        holdings = Text("\n").join(holdings_text(self.world, *players[s], you=s == seat) for s in order)
        self.query_one("#holdings", Static).update(holdings)
        hand = building or players[seat][1]
        under_cursor = self.choice
        if self.builder is None or self.builder.hand != hand:
            self.builder = ChainBuilder.from_chains(self.world, hand, arranged)
        self._show_builder(under_cursor)

    def _show_builder(self, under_cursor: Choice | None = None) -> None:
        """Redraw the builder; the list's cursor on ``under_cursor`` if it is still offered, else on the first card."""
        builder = self.builder
        chains = Text()
        for index, chain in enumerate(builder.chains):
            bad = [p for p in builder.problems() if p.chain == index]
            mark = "✗" if bad else "✓"
            chains.append(f"{mark} Chain {index + 1}: ", style="bold")
            chains.append(chain_text(self.world, chain) + "\n")
        chains.rstrip()
        self.query_one("#chains", Static).update(chains)
        self.query_one("#chains").display = bool(builder.chains)
        self.query_one("#building", Static).update(self._building_text())
        choices = self.next_choices() if self.can_build else []
        self.shown_choices = choices
        rows = [self._choice_row(choice) for choice in choices]
        empty = self.nothing_next_text() if self.can_build else ""
        self.query_one(ChoiceList).show(rows, row_of(under_cursor, choices), empty=empty)
        self._show_choice_why()
        self.query_one("#problems", Static).update(self._problems_text())
        self.refresh_bindings()  # the keys that apply change with the cards that may come next

    # ------------------------------------------------------------ what a mode says

    def to_action(self, chains: list[list[FlightSpec]]) -> object:
        """The engine's action that sends these (valid) chains; ValueError with a sentence if
        they cannot be sent as they are."""
        raise NotImplementedError

    def chains_for(self, action: object) -> list[list[FlightSpec]] | None:
        """The chains that :meth:`to_action` makes into ``action`` (None: not a move of this
        builder); a card the move does not name is :data:`ANY_CARD`."""
        return None

    def follow(self, action: object | None, why: str = "") -> None:
        """A lesson waits for ``action`` (None: for no move of this builder): a card or a chain's
        end that leads away from it is refused as it is put down, with ``why``, once the builder
        holds the start of it."""
        chains = None if action is None else self.chains_for(action)
        self.guide = None if chains is None else (chains, why)

    def _following(self) -> bool:
        """Whether the builder holds the start of the chains a lesson's step waits for."""
        return self.guide is not None and self.builder.follows(self.guide[0])

    def _changed(self, followed: bool) -> None:
        """Show the builder after a change, unless the change led away from the lesson's chains
        it ``followed``: then take it back and say why."""
        if followed and not self._following():
            self.builder.back()
            self.post_message(MoveRefused(self.guide[1]))
        else:
            self._show_builder()

    def building_heading(self) -> str:
        """What the line of the flight being built starts with."""
        return f"Chain {len(self.builder.chains) + 1}: "

    def idle_text(self) -> str:
        """What the builder says while the viewer may not arrange flights."""
        return "Flights are arranged in the Fly phase."

    def ready_words(self) -> str:
        """What the send key does with chains that keep the rules (after the key's name; "":
        they cannot be sent as they are)."""
        return "flies them"

    def next_choices(self) -> list[Choice]:
        """The cards offered to come next: the builder's (a mode may offer fewer)."""
        return self.builder.choices()

    def nothing_next_text(self) -> str:
        """What the list of next cards says when it is empty."""
        return f"(nothing can come next: {self._key('end-chain')} ends the chain)" if takes_moves(self) else "(nothing can come next)"

    def building_words(self) -> Text:
        """The chain being built and the card it needs next (after :meth:`building_heading`)."""
        builder = self.builder
        text = Text(chain_text(self.world, builder.current) if builder.current else "")
        text.append(f" · next: {STEP_WORDS[builder.step()]}", style="italic")
        return text

    def choice_note(self, choice: Choice) -> str:
        """What to say after a card that may come next (a price), or ""."""
        return ""

    def note(self) -> Text | None:
        """A line under the problems (what the chains would earn, what they cost), or None."""
        return None

    def _building_text(self) -> Text:
        if not self.can_build:
            return Text(self.idle_text())
        return Text(self.building_heading()) + self.building_words()

    def choice_reasons(self, choice: Choice) -> list[str]:
        """The rules ``choice`` would break, each in a few words with its number (a mode may
        add its own reasons)."""
        broken = [p for p in self.builder.choice_problems(choice) if p.rule is not None]
        return list(dict.fromkeys(reason_words(p) for p in broken))

    def _choice_row(self, choice: Choice) -> tuple[str, bool]:
        reasons = self.choice_reasons(choice)
        mark = "✓" if not reasons else "✗ " + "; ".join(reasons)
        return f"{choice_label(self.world, choice):<30}{self.choice_note(choice)} {mark}", not reasons

    def _show_choice_why(self) -> None:
        """Under the list, when the row of the card under the cursor is cut: everything it would break."""
        choice, choices = self.choice, self.query_one(ChoiceList)
        reasons = self.choice_reasons(choice) if choice is not None else []
        row = choices.rows[choices.cursor][0] if choices.rows else ""
        cut = len(row) + 2 > choices.size.width
        why = Text()
        if reasons and cut:
            why.append(f"✗ {choice_label(self.world, choice)}: ", style="bold")
            why.append("; ".join(reasons) + ".")
        self.query_one("#choice-why", Static).update(why)
        self.query_one("#choice-why").display = bool(why)

    def on_resize(self) -> None:
        if self.builder is not None:
            self._show_choice_why()

    def _problems_text(self) -> Text:
        lines = [self._rules_text()]
        note = self.note()
        if note is not None:
            lines.append(note)
        return Text("\n").join(line for line in lines if line.plain)

    def _rules_text(self) -> Text:
        problems = self.builder.problems()
        if not problems:
            if self.builder.finished_chains():
                words = self.ready_words() if self.can_build and takes_moves(self) else ""
                ready = f": {self._key('fly')} {words}" if words else ""
                return Text(f"✓ Every flight keeps the rules{ready}.")
            return Text("")
        text = Text()
        for problem in problems:
            where = f"Chain {problem.chain + 1}, flight {problem.flight + 1}: " if problem.chain is not None else ""
            text.append("✗ " + where, style="bold")
            text.append(problem.message + "\n")
        text.rstrip()
        return text

    def _key(self, name: str) -> str:
        """The written key of this panel's binding ``name`` (``fly``, ``end-chain``)."""
        return key_for(self, f"{self.KEYS}.hand.{name}")

    # ------------------------------------------------------------ keys

    @property
    def choice(self) -> Choice | None:
        """The card under the cursor (as the list shows it), if any."""
        cursor = self.query_one(ChoiceList).cursor
        return self.shown_choices[cursor] if cursor < len(self.shown_choices) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("pick", "move", "end", "back", "end_chain", "clear", "fly"):
            return self.can_build and self.builder is not None
        return True

    def action_move(self, step: int) -> None:
        if self.query_one(ChoiceList).move(step):
            self._show_choice_why()

    def action_end(self, direction: int) -> None:
        """Go to the first (``direction`` -1) or the last (1) card that may come next."""
        choices = self.query_one(ChoiceList)
        if choices.move(direction * len(choices.rows)):
            self._show_choice_why()

    def action_pick(self) -> None:
        choice = self.choice
        if choice is None:
            self.post_message(MoveRefused(f"No card can come next: {self._key('end-chain')} ends the chain."))
            return
        followed = self._following()
        self.builder.pick(choice)
        self._changed(followed)

    def load_chains(self, chains: Sequence[Sequence[FlightSpec]]) -> None:
        """Put these chains in the builder (a suggestion the player may change or send)."""
        if self.builder is None:
            return
        self.builder = ChainBuilder.from_chains(self.world, self.builder.hand, chains)
        self._show_builder()

    def action_back(self) -> None:
        if self.builder.back():
            self._show_builder()

    def action_end_chain(self) -> None:
        followed = self._following()
        if self.builder.end_chain():
            self._changed(followed)

    def action_clear(self) -> None:
        self.builder.clear()
        self._show_builder()

    def action_fly(self) -> None:
        """Send the chains; a flight that breaks a rule is refused here with its reasons."""
        builder = self.builder
        chains = builder.finished_chains()
        if not chains:
            self.post_message(MoveRefused("Build a flight first: starting airport, plane, fuel truck, passenger, destination."))
            return
        if not builder.is_valid():
            first = builder.finished_problems()[0]
            self.post_message(MoveRefused(first.message, "A flight breaks a rule"))
            return
        try:
            action = self.to_action(chains)
        except ValueError as error:
            self.post_message(MoveRefused(str(error)))
            return
        self.post_message(self.FlightsReady(self.seat, chains, action))
