"""The Fly phase (B.2): arranging flight chains, flying them one flight at a time, charters."""

from __future__ import annotations

from flight_tui.games.connecting_flights.coop.rules.board import COLOURS, airports_in_play, world
from flight_tui.games.connecting_flights.coop.rules.config import charter_track
from flight_tui.games.connecting_flights.coop.rules.state import (
    Chain,
    ChainsSet,
    Charter,
    Chartered,
    CoopState,
    CoopView,
    Flew,
    FlyNext,
    Hand,
    SetChains,
)
from flight_tui.games.connecting_flights.core.flights import FlightSpec, flight_is_valid, round_problems
from flight_tui.words import count


def charter_fee(v: CoopView | CoopState) -> int | None:
    """The fee of the next charter flight this round, or None when no more are allowed."""
    track = charter_track(v.config)
    return track[v.charters] if v.charters < len(track) else None


def has_flown(hand: Hand) -> bool:
    return any(hand.flown)


# ---------------------------------------------------------------- problems


def _holding_problems(hand: Hand, chains: tuple[Chain, ...]) -> list[str]:
    """Cards a seat's chains use that the seat does not hold (in the role the flight gives them)."""
    out = []
    for c, chain in enumerate(chains, start=1):
        for i, f in enumerate(chain, start=1):
            where = f"Chain {c}, flight {i}:"
            ends = ((f.origin, f.origin_is_landing_rights, "start"), (f.dest, f.dest_is_landing_rights, "end"))
            for card, lr, role in ends:
                pool = hand.landing_rights if lr else hand.airports
                if card is not None and card not in pool:
                    held = "Landing Rights" if lr else "Airport card"
                    out.append(f"{where} you hold no such {held} to {role} on.")
            if f.plane is not None and f.plane not in hand.planes:
                out.append(f"{where} you hold no such plane.")
            if f.passenger is not None and f.passenger not in hand.passengers:
                out.append(f"{where} you hold no such passenger card.")
            if f.truck is not None and f.truck not in hand.trucks:
                out.append(f"{where} you hold no such fuel truck.")
    return out


def chains_problem(v: CoopView, seat: int, action: SetChains) -> str | None:
    """Why this arrangement of flights is refused (every broken rule, in one text), or None."""
    hand = v.hands[seat]
    if has_flown(hand):
        return "Your flights are fixed once your first flight of the round has flown."
    if any(not chain for chain in action.chains):
        return "A chain needs at least one flight."
    try:
        found = _holding_problems(hand, action.chains)
        for p in round_problems(world(), action.chains):
            placed = p.chain is not None and p.flight is not None
            where = f"Chain {p.chain + 1}, flight {p.flight + 1}: " if placed else ""
            found.append(where + p.message)
    except ValueError as err:
        return f"That flight names a card that does not exist ({err})."
    return " ".join(found) or None


def fly_problem(v: CoopView, seat: int, action: FlyNext) -> str | None:
    """Why this flight cannot fly now with these meeples, or None."""
    hand = v.hands[seat]
    if not 0 <= action.chain < len(hand.chains):
        return "You have no such flight chain."
    chain = hand.chains[action.chain]
    done = hand.flown[action.chain]
    if done >= len(chain):
        return "Every flight of that chain has flown this round."
    flight = chain[done]
    carry = action.carry
    if len(carry) != COLOURS or any(n < 0 for n in carry):
        return "Say how many meeples of each of the six colours fly."
    stars = world().planes[flight.plane].stars
    if sum(carry) > stars:
        return f"The {stars}-star plane carries at most {stars} meeple{'s' if stars != 1 else ''}."
    origin = world().airport_of_card(flight.origin)
    waiting = v.board[origin.id]
    if any(n > waiting[c] for c, n in enumerate(carry)):
        return f"Those meeples are not waiting in {origin.city}."
    return None


def charter_problem(v: CoopView, action: Charter) -> str | None:
    """Why this charter flight cannot be taken now, or None."""
    if not v.config.charter:
        return "There are no charter flights in this game."
    fee = charter_fee(v)
    if fee is None:
        return "The charter track is used up for this round."
    in_play = airports_in_play(v.config)
    if action.origin not in in_play or action.dest not in in_play:
        return "Both airports must be in play."
    if not 0 <= action.colour < COLOURS:
        return "There is no such meeple colour."
    airports = world().airports
    origin, dest = airports[action.origin], airports[action.dest]
    if origin.id == dest.id:
        return "A charter flight goes to another airport."
    if origin.continent != dest.continent:
        return "A charter flight stays within one continent."
    if v.board[origin.id][action.colour] < 1:
        return f"No meeple of that colour waits in {origin.city}."
    if fee > v.coins:
        return f"The next charter costs {count(fee, 'coin')} and the team has {v.coins}."
    return None


# ---------------------------------------------------------------- legal moves


def legal_chain_moves(v: CoopView, seat: int) -> list[SetChains]:
    """Arrangements one flight away from the seat's current one: a valid flight added at the
    end of a chain or as a new chain, or the last flight of a chain taken off. Identical cards
    are taken once (the lowest-id free card of each airport, plane kind, passenger kind; the
    smallest free truck that is enough)."""
    hand = v.hands[seat]
    if has_flown(hand):
        return []
    w = world()
    used_airports, used_planes, used_passengers, used_trucks = set(), set(), set(), set()
    for chain in hand.chains:
        for f in chain:
            used_airports.update((f.origin, f.dest))
            used_planes.add(f.plane)
            used_passengers.add(f.passenger)
            used_trucks.add(f.truck)
    planes: dict[tuple[int, bool], int] = {}
    for card in sorted(hand.planes):
        if card not in used_planes:
            p = w.planes[card]
            planes.setdefault((p.stars, p.electric), card)
    passengers: dict[tuple[int, int], int] = {}
    for card in sorted(hand.passengers):
        if card not in used_passengers:
            p = w.passengers[card]
            passengers.setdefault((p.continent, p.stars), card)
    trucks = sorted((w.fuel_trucks[t].capacity, t) for t in hand.trucks if t not in used_trucks)
    airports = _free_cards(hand.airports, used_airports)
    rights = _free_cards(hand.landing_rights, used_airports)
    dests = [(card, False) for card in airports.values()] + [(card, True) for card in rights.values()]

    def flights_from(origin: int) -> list[FlightSpec]:
        out = []
        start = w.airport_of_card(origin)
        for passenger in passengers.values():
            wanted = w.passengers[passenger]
            for dest, lr in dests:
                arrive = w.airport_of_card(dest)
                if arrive.continent != wanted.continent or arrive.stars < wanted.stars or arrive.id == start.id:
                    continue
                need = w.fuel[start.continent][arrive.continent]
                for (stars, electric), plane in planes.items():
                    if stars < wanted.stars:
                        continue
                    truck = None if electric else next((t for cap, t in trucks if cap >= need), None)
                    f = FlightSpec(origin, plane, truck, passenger, dest, False, lr)
                    if flight_is_valid(w, f):
                        out.append(f)
        return out

    moves = []
    chains = list(hand.chains)
    for c, chain in enumerate(chains):
        last = chain[-1]
        if last.dest_is_landing_rights:
            continue
        for f in flights_from(last.dest):
            moves.append(SetChains(tuple(chains[:c] + [chain + (f,)] + chains[c + 1:])))
    for origin in airports.values():
        for f in flights_from(origin):
            moves.append(SetChains(tuple(chains) + ((f,),)))
    for c, chain in enumerate(chains):
        shorter = [chain[:-1]] if len(chain) > 1 else []
        moves.append(SetChains(tuple(chains[:c] + shorter + chains[c + 1:])))
    return moves


def _free_cards(cards: list[int], used: set) -> dict[int, int]:
    """The lowest-id unused card of each airport among ``cards``."""
    out: dict[int, int] = {}
    for card in sorted(cards):
        if card not in used:
            out.setdefault(world().airport_cards[card].airport, card)
    return out


def legal_flights(v: CoopView, seat: int) -> list[FlyNext]:
    """Every next flight of the seat's chains with every load of waiting meeples it can carry."""
    hand = v.hands[seat]
    w = world()
    out = []
    for c, chain in enumerate(hand.chains):
        done = hand.flown[c]
        if done >= len(chain):
            continue
        flight = chain[done]
        waiting = v.board[w.airport_of_card(flight.origin).id]
        for carry in _loads(waiting, w.planes[flight.plane].stars):
            out.append(FlyNext(c, carry))
    return out


def _loads(waiting: list[int], capacity: int) -> list[tuple[int, ...]]:
    """Every way to pick at most ``capacity`` meeples from ``waiting`` (counts by colour)."""
    loads: list[tuple[int, ...]] = [()]
    for colour in range(COLOURS):
        loads = [
            load + (n,)
            for load in loads
            for n in range(min(waiting[colour], capacity - sum(load)) + 1)
        ]
    return loads


def legal_charters(v: CoopView) -> list[Charter]:
    """Every charter flight possible now; a meeple chartered home goes to one airport only
    (the lowest-id one), since where it lands makes no difference."""
    if not v.config.charter:
        return []
    fee = charter_fee(v)
    if fee is None or fee > v.coins:
        return []
    w = world()
    in_play = airports_in_play(v.config)
    out = []
    for origin in in_play:
        waiting = v.board[origin]
        if not any(waiting):
            continue
        continent = w.airports[origin].continent
        others = [a.id for a in w.airports_in(continent) if a.id != origin]
        for colour, n in enumerate(waiting):
            if not n:
                continue
            targets = others[:1] if colour == continent else others
            out.extend(Charter(origin, colour, dest) for dest in targets)
    return out


# ---------------------------------------------------------------- apply


def apply_chains(state: CoopState, seat: int, action: SetChains) -> None:
    hand = state.hands[seat]
    hand.chains = list(action.chains)
    hand.flown = [0] * len(hand.chains)
    state.log.append(ChainsSet(seat, len(hand.chains), sum(len(c) for c in hand.chains)))


def _arrive(state: CoopState, seat: int, airport: int, carry: tuple[int, ...] | list[int]) -> list[int]:
    """Meeples land at ``airport``: those of its continent's colour leave the board (back to the
    supply); the rest wait there. Returns how many of each colour went home."""
    home = world().airports[airport].continent
    delivered = [0] * COLOURS
    for colour, n in enumerate(carry):
        if not n:
            continue
        if colour == home:
            delivered[colour] = n
            state.supply[colour] += n
            state.delivered[colour] += n
            state.delivered_by[seat] += n
        else:
            state.board[airport][colour] += n
    return delivered


def apply_fly(state: CoopState, seat: int, action: FlyNext) -> None:
    hand = state.hands[seat]
    index = hand.flown[action.chain]
    flight = hand.chains[action.chain][index]
    w = world()
    origin = w.airport_of_card(flight.origin).id
    dest = w.airport_of_card(flight.dest).id
    for colour, n in enumerate(action.carry):
        state.board[origin][colour] -= n
    delivered = _arrive(state, seat, dest, action.carry)
    hand.flown[action.chain] += 1
    state.log.append(Flew(seat, action.chain, index, origin, dest, list(action.carry), delivered))


def apply_charter(state: CoopState, seat: int, action: Charter) -> None:
    fee = charter_fee(state)
    state.coins -= fee
    state.charters += 1
    state.board[action.origin][action.colour] -= 1
    carry = [0] * COLOURS
    carry[action.colour] = 1
    delivered = _arrive(state, seat, action.dest, carry)
    state.log.append(Chartered(seat, action.colour, action.origin, action.dest, fee, bool(delivered[action.colour])))
