"""The cooperative Hand view: the shared Hand panel over a cooperative game's hands.

At set-up the builder offers the free starting cards and sends one starting flight
(``ChooseStart``); in the Fly phase it sends the round's chains (``SetChains``).
"""

from __future__ import annotations

from collections.abc import Sequence

from flight_tui.games.connecting_flights.coop.rules.state import FLY, SETUP, ChooseStart, CoopView, SetChains
from flight_tui.games.connecting_flights.core.flights import FlightSpec
from flight_tui.games.connecting_flights.core_ui.builder import HandCards, hand_cards
from flight_tui.games.connecting_flights.core_ui.hand import HandPanel, hand_bindings, starting_chains


def start_cards(view: CoopView) -> HandCards:
    """The cards a starting flight is chosen from at set-up: free airports, planes and
    passengers, with the seat's free fuel truck."""
    return HandCards(
        airports=tuple(view.airport_pool),
        planes=tuple(view.setup_planes),
        passengers=tuple(view.setup_passengers),
        trucks=tuple(view.hands[view.seat].trucks),
    )


def may_build(view: CoopView) -> bool:
    """Whether the viewing seat may arrange flights now: its go in the Fly phase before its
    first flight, or its starting flight at set-up."""
    hand = view.hands[view.seat]
    if view.current != view.seat:
        return False
    if view.phase == SETUP:
        return not hand.planes
    return view.phase == FLY and not any(hand.flown)


def chains_action(chains: Sequence[Sequence[FlightSpec]]) -> SetChains:
    """The engine's action arranging these chains for the round."""
    return SetChains(chains=tuple(tuple(chain) for chain in chains))


def start_action(chains: Sequence[Sequence[FlightSpec]]) -> ChooseStart:
    """The set-up action taking one starting flight (ValueError unless it is exactly one flight)."""
    flights = [f for chain in chains for f in chain]
    if len(flights) != 1:
        raise ValueError("The starting flight is exactly one flight: two airports, a plane and a passenger.")
    f = flights[0]
    return ChooseStart(origin=f.origin, plane=f.plane, passenger=f.passenger, dest=f.dest)


class CoopHandPanel(HandPanel):
    """Every player's cards and the builder of the seat whose go it is (see the module docstring)."""

    KEYS = "coop"
    BINDINGS = hand_bindings(KEYS)

    def __init__(self, world, **kwargs) -> None:
        super().__init__(world, **kwargs)
        self.setup = False

    def show_view(self, view: CoopView, names: Sequence[str]) -> None:
        """Show a game position: every hand, and the builder with the viewer's arranged chains."""
        players = [(names[s], hand_cards(hand)) for s, hand in enumerate(view.hands)]
        self.setup = view.phase == SETUP
        building = start_cards(view) if self.setup else None
        arranged = view.hands[view.seat].chains
        self.show(players, view.seat, may_build(view), building=building, arranged=arranged)

    def to_action(self, chains: list[list[FlightSpec]]) -> object:
        return start_action(chains) if self.setup else chains_action(chains)

    def chains_for(self, action: object) -> list[list[FlightSpec]] | None:
        if isinstance(action, SetChains):
            return [list(chain) for chain in action.chains]
        return starting_chains(action) if isinstance(action, ChooseStart) else None

    def building_heading(self) -> str:
        return "Starting flight: " if self.setup else super().building_heading()

    def idle_text(self) -> str:
        return "Flights are arranged on your go in the Fly phase, before your first flight."
