"""The competitive Hand view: every airline's cards and the viewer's flight builder.

In the Fly phase the builder arranges the round's chains (sealed until every airline has sent
its own) and says what they would earn this round: the passengers' income by stars, the
event's bonus, nothing for a flight a Sabotage card grounds. At set-up it buys the starting
flight from the free cards of the viewer's continent, with the running total against the
Player card's budget. Cards under a Sabotage card are marked ``☠`` and cannot fly.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import takewhile

import msgspec
from rich.text import Text
from textual.binding import Binding

from flight_tui.games.connecting_flights.competitive.rules import fly as fly_rules
from flight_tui.games.connecting_flights.competitive.rules import setup as setup_rules
from flight_tui.games.connecting_flights.competitive.rules.actions import BuyStart, SubmitFlights
from flight_tui.games.connecting_flights.competitive.rules.common import disabled
from flight_tui.games.connecting_flights.competitive.rules.state import FLY, START, Flown, StartBought
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.competitive.ui.presentation import asked
from flight_tui.games.connecting_flights.competitive.ui.sabotage import placed_on
from flight_tui.games.connecting_flights.core.flights import FlightSpec
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.builder import DEST, ORIGIN, PASSENGER, PLANE, TRUCK, Choice, HandCards, chain_text, hand_cards
from flight_tui.games.connecting_flights.core_ui.hand import HandPanel, hand_bindings, starting_chains
from flight_tui.ui.keys import key_for, takes_moves
from flight_tui.ui.screens.dialogs import ConfirmDialog
from flight_tui.words import count


def flying_cards(view: CompetitiveView) -> HandCards:
    """The viewer's cards that may fly this round: those under a Sabotage card left out."""
    h = view.holdings[view.seat]
    off_airports, off_planes = disabled(view, view.seat)
    return HandCards(
        airports=tuple(c for c in h.airports if c not in off_airports),
        landing_rights=tuple(h.landing_rights),
        planes=tuple(p for p in h.planes if p not in off_planes),
        passengers=tuple(h.passengers),
        trucks=tuple(h.trucks),
    )


def start_cards(view: CompetitiveView, world: World) -> HandCards:
    """What a starting flight is bought from: the free airports of the viewer's continent, the
    conventional planes, the passengers bound for it, and the free Fuel Truck."""
    h = view.holdings[view.seat]
    airports = {setup_rules.card_kind("airport", c): c for c in reversed(view.airport_pool) if world.airport_of_card(c).continent == h.continent}
    return HandCards(
        airports=tuple(sorted(airports.values())),
        planes=tuple({setup_rules.card_kind("plane", p): p for p in reversed(view.setup_planes)}.values()),
        passengers=tuple(
            {setup_rules.card_kind("passenger", p): p for p in reversed(view.setup_passengers) if world.passengers[p].continent == h.continent}.values()
        ),
        trucks=tuple(h.trucks),
    )


START_STEPS = (ORIGIN, PLANE, PASSENGER, DEST)
"""The cards of a starting flight that are bought (its Fuel Truck comes free)."""


def start_flight(view: CompetitiveView, start: BuyStart | StartBought) -> FlightSpec:
    """The starting flight as the builder holds it: its cards and the viewer's free Fuel Truck."""
    truck = view.holdings[view.seat].trucks[:1]
    return FlightSpec(start.origin, start.plane, truck[0] if truck else None, start.passenger, start.dest)


def last_chains(view: CompetitiveView, cards: HandCards) -> list[list[FlightSpec]]:
    """What the builder starts from: the chains sent this round, else those of the last Fly
    phase (or the starting flight), each up to its first flight whose cards the viewer may no
    longer fly (Landing Rights go back at the end of a round)."""
    if view.my_flights is not None:
        return [list(chain) for chain in view.my_flights]
    chains: list[tuple[FlightSpec, ...]] = []
    for event in reversed(view.log):
        if isinstance(event, Flown) and event.seat == view.seat:
            chains = list(event.chains)
            break
        if isinstance(event, StartBought) and event.seat == view.seat:
            chains = [(start_flight(view, event),)]
            break

    def keeps(f: FlightSpec) -> bool:
        airports = f.origin in cards.airports and f.dest in cards.airports and not f.dest_is_landing_rights
        return airports and f.plane in cards.planes and f.passenger in cards.passengers and (f.truck is None or f.truck in cards.trucks)

    kept = [list(takewhile(keeps, chain)) for chain in chains]
    return [chain for chain in kept if chain]


class CompetitiveHandPanel(HandPanel):
    """Every airline's cards; the builder for the Fly phase or the starting flight (the send
    key sends either)."""

    KEYS = "competitive"
    BINDINGS = [
        *hand_bindings(KEYS, send="Send"),
        Binding("f", "buy_start", "Buy flight", tooltip="Buy the starting flight you built", id=f"{KEYS}.hand.fly"),
    ]

    def __init__(self, world: World, **kwargs) -> None:
        super().__init__(world, **kwargs)
        self.view: CompetitiveView | None = None
        self.starting = False
        self.starts: list[BuyStart] = []
        """At set-up, every starting flight the viewer may buy (identical cards once)."""

    def show_view(self, view: CompetitiveView, names: Sequence[str]) -> None:
        """Show a position: every airline's cards, and the builder when the viewer may use it."""
        self.view = view
        self.starting = view.phase == START
        players = [(names[s], hand_cards(h)) for s, h in enumerate(view.holdings)]
        can_build = asked(view) and view.pending is None and view.phase in (FLY, START)
        if self.starting:
            building = start_cards(view, self.world)
            arranged: list = []
            self.starts = setup_rules.legal_starts(view, view.seat, view.setup_planes, view.setup_passengers) if can_build else []
        else:
            building = flying_cards(view)
            arranged = last_chains(view, building)
        self.show(players, view.seat, can_build, building=building, arranged=arranged)

    def to_action(self, chains: list[list[FlightSpec]]) -> object:
        if not self.starting:
            return SubmitFlights(tuple(tuple(chain) for chain in chains))
        flights = [f for chain in chains for f in chain]
        if len(flights) != 1:
            raise ValueError("The starting flight is one flight: two airports, a plane and a passenger.")
        f = flights[0]
        return BuyStart(f.origin, f.plane, f.passenger, f.dest)

    def chains_for(self, action: object) -> list[list[FlightSpec]] | None:
        if isinstance(action, SubmitFlights):
            return [list(chain) for chain in action.chains]
        return starting_chains(action) if isinstance(action, BuyStart) else None

    def action_fly(self) -> None:
        """Send the chains; with none built, ask first whether to fly nothing this round."""
        if self.can_build and not self.starting and self.builder is not None and not self.builder.finished_chains():
            question = "Send no flights this round? Your flights earn nothing this round."
            self.app.push_screen(ConfirmDialog(question, yes="Fly nothing", no="Back"), self._fly_nothing)
            return
        super().action_fly()

    def action_buy_start(self) -> None:
        """At set-up the send key buys the starting flight (the footer names it so)."""
        self.action_fly()

    @property
    def start_complete(self) -> bool:
        """Whether the starting flight being bought has all its cards (nothing more can go in it)."""
        return self.starting and self.builder is not None and bool(self.builder.finished_chains())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """At set-up: the send key as "Buy flight", no chains to end, and once the starting flight
        is complete no card to add."""
        if action == "buy_start":
            return self.starting and super().check_action("fly", parameters)
        if self.starting and action in ("fly", "end_chain"):
            return False
        if self.start_complete and action in ("pick", "move", "end"):
            return False
        return super().check_action(action, parameters)

    def next_choices(self) -> list[Choice]:
        """At set-up, nothing more once the starting flight is complete (it is one flight)."""
        return [] if self.start_complete else super().next_choices()

    @property
    def start_refused(self) -> bool:
        """Whether the complete starting flight would be refused by the rules (over the budget,
        a broken rule); False while it is not complete."""
        view = self.view
        if not self.start_complete or view is None:
            return False
        action = self.to_action(self.builder.finished_chains())
        return setup_rules.start_problem(view, view.seat, action, view.setup_planes, view.setup_passengers) is not None

    def nothing_next_text(self) -> str:
        if not self.start_complete or not takes_moves(self):
            return super().nothing_next_text()
        back = self._key("back")
        if self.builder.finished_problems():
            return f"(the starting flight breaks a rule: {back} takes a card back)"
        if self.start_refused:  # over the budget: the note above says by how much
            return f"(the starting flight cannot be bought: {back} takes a card back)"
        return f"(the starting flight is complete: {self._key('fly')} buys it)"

    def building_words(self) -> Text:
        """The starting flight once complete, without the next flight the builder would start."""
        if self.start_complete:
            flight = self.builder.finished_chains()[0]
            return Text(chain_text(self.world, flight)) + Text(" · complete", style="italic")
        return super().building_words()

    def _fly_nothing(self, yes: bool | None) -> None:
        if yes:
            self.post_message(self.FlightsReady(self.seat, [], SubmitFlights(())))

    def building_heading(self) -> str:
        return "Starting flight: " if self.starting else super().building_heading()

    def ready_words(self) -> str:
        """What the send key does with the chains built ("" when the starting flight cannot be bought)."""
        if self.starting:
            return "" if self.start_refused else "buys this starting flight"
        return "sends them"

    def idle_text(self) -> str:
        view = self.view
        if view is not None and view.phase == FLY and not asked(view):
            return "Your flights are sent; they are revealed when every airline has sent its own."
        return "Flights are arranged in the Fly phase (all airlines at once, sealed until all are in)."

    def choice_note(self, choice: Choice) -> str:
        """At set-up, each card's price."""
        price = self._price(choice)
        return f"  {price}c" if price is not None else ""

    def choice_reasons(self, choice: Choice) -> list[str]:
        """The rules' reasons, and at set-up a card that would take the flight over the budget
        or that no starting flight the viewer may buy goes on from."""
        reasons = super().choice_reasons(choice)
        price = self._price(choice)
        if price is not None and self.view is not None:
            over = self._start_cost() + price - setup_rules.budget(self.view, self.view.seat)
            if over > 0:
                reasons.append(f"{over} over your budget")
        if not reasons and self._dead_end(choice):
            reasons.append("leads to no flight you may buy")
        return reasons

    def _dead_end(self, choice: Choice) -> bool:
        """At set-up, whether no starting flight the viewer may buy has the cards put down so
        far and ``choice``'s (an airport by its city, a plane by its stars, a passenger by its
        stars and continent: identical cards are one)."""
        if not self.starting or choice.card is None or choice.step not in (ORIGIN, PLANE, PASSENGER):
            return False
        so_far = self.builder.flight or FlightSpec()
        wanted = msgspec.structs.replace(so_far, **{choice.step: choice.card})
        return not any(self._same_cards(start, wanted) for start in self.starts)

    def _same_cards(self, start: BuyStart, flight: FlightSpec) -> bool:
        return all(getattr(flight, step) is None or _alike(step, getattr(flight, step), getattr(start, step)) for step in START_STEPS)

    def load_start(self, start: BuyStart) -> None:
        """Put ``start`` in the builder card by card, as the keys would (a hint): the player may
        buy it, or take cards back and change it."""
        builder, view = self.builder, self.view
        if builder is None or view is None or not self.starting:
            return
        builder.clear()
        wanted = start_flight(view, start)
        for step in (ORIGIN, PLANE, TRUCK, PASSENGER, DEST):
            card = getattr(wanted, step)
            choice = next((c for c in builder.choices() if c.step == step and _alike(step, c.card, card)), None)
            if choice is None:
                break
            builder.pick(choice)
        self._show_builder()

    def _price(self, choice: Choice) -> int | None:
        """At set-up, the price of the card ``choice`` puts down (None: not at set-up, or free)."""
        if not self.starting or choice.card is None or choice.step == "truck":
            return None
        return _start_total(self.world, [_as_flight(choice)])

    def _start_cost(self) -> int:
        """What the cards of the starting flight put down so far cost."""
        builder = self.builder
        flights = [f for chain in builder.finished_chains() for f in chain] or builder.current[:1]
        return _start_total(self.world, flights)

    def note(self) -> Text | None:
        """The running total against the budget at set-up; this round's income in the Fly phase."""
        view, builder = self.view, self.builder
        if view is None or builder is None:
            return None
        chains = builder.finished_chains()
        if self.starting:
            budget = setup_rules.budget(view, view.seat)
            cost = self._start_cost()
            rest = f"{budget - cost} left as coins" if cost <= budget else f"{cost - budget} over your budget"
            return Text(f"Cost so far {cost} of your budget {budget} · {rest}", style="bold")
        record = fly_rules.score(view, view.seat, chains)
        text = Text(f"This round: {count(record.flights, 'valid flight')}, income {record.income}", style="bold")
        grounded = [p for p in view.placed if p.seat == view.seat]
        if grounded:
            cards = ", ".join(placed_on(self.world, p.kind, p.on) for p in grounded)
            text.append(f"\n☠ Sabotaged, cannot fly: {cards} (the fee is paid in the Event view, {key_for(self, 'competitive.sabotage')})")
        if record.without_landing_rights != record.income:
            text.append(f" ({record.income - record.without_landing_rights} of it on Landing Rights)")
        unused = [c for c in view.holdings[view.seat].landing_rights if not any(f.dest == c and f.dest_is_landing_rights for chain in chains for f in chain)]
        if unused:
            text.append(" · unused Landing Rights cost twice their price", style="italic")
        return text


def _alike(step: str, card: int | None, other: int | None) -> bool:
    """Whether two cards of a flight's ``step`` are one choice at set-up (the rules'
    :func:`~flight_tui.games.connecting_flights.competitive.rules.setup.card_kind`); a Fuel
    Truck only itself."""
    if card is None or other is None or step == TRUCK:
        return card == other
    return setup_rules.card_kind(step, card) == setup_rules.card_kind(step, other)


def _as_flight(choice: Choice) -> FlightSpec:
    """A flight holding only the card a choice puts down (to price it)."""
    if choice.step == "origin":
        return FlightSpec(origin=choice.card)
    if choice.step == "dest":
        return FlightSpec(dest=choice.card)
    if choice.step == "plane":
        return FlightSpec(plane=choice.card)
    return FlightSpec(passenger=choice.card)


def _start_total(world: World, flights: Sequence[FlightSpec]) -> int:
    """What the cards of a starting flight put down so far cost at face value."""
    total = 0
    for f in flights:
        for card in (f.origin, f.dest):
            if card is not None:
                total += world.airport_of_card(card).price
        if f.plane is not None:
            total += world.planes[f.plane].price
        if f.passenger is not None:
            total += world.passengers[f.passenger].price
    return total
