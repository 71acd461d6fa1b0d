"""What the Connecting Flights table shows, worked out from one seat's view (no Textual here).

Everything is computed from a :class:`~flight_tui.games.connecting_flights.coop.rules.state.CoopView`
and the world: who owns which airport, the meeples waiting at each airport grouped by the
continent they want, the Marketplace's rows with prices and why a purchase is refused, the
order of the round's flights, where the meeples of a flight would go, and the round's summary.
Meeples are always named by their continent's letter as well as their colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from flight_tui.games.connecting_flights.coop.rules import market as market_rules
from flight_tui.games.connecting_flights.coop.rules.config import charter_track, coop_data
from flight_tui.games.connecting_flights.coop.rules import setup as setup_rules
from flight_tui.games.connecting_flights.coop.rules.state import (
    AIRPORT,
    FLY,
    LANDING_RIGHTS,
    MARKET,
    OVER,
    PASSENGER,
    PLANE,
    SETUP,
    TRUCK,
    Bought,
    Buy,
    Charter,
    ChooseStart,
    CoopView,
    FlyNext,
    Hand,
    Pass,
    Penalty,
    Refresh,
    RoundEnded,
    SetChains,
)
from flight_tui.games.connecting_flights.core.flights import FlightSpec
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.board import STARS, stars
from flight_tui.games.connecting_flights.core_ui.builder import chain_text
from flight_tui.words import count

if TYPE_CHECKING:
    from flight_tui.ui.keys import KeyNames

PHASE_WORDS = {SETUP: "Set-up", MARKET: "Marketplace", FLY: "Fly", OVER: "Game over"}


# ---------------------------------------------------------------- meeples


def meeple_groups(counts: Sequence[int]) -> list[tuple[int, int]]:
    """``(colour, count)`` for each colour present, in continent order."""
    return [(colour, n) for colour, n in enumerate(counts) if n]


def meeples_text(world: World, counts: Sequence[int]) -> str:
    """``2E 1A``: two meeples for Europe, one for Asia."""
    return " ".join(f"{n}{world.continents[c].letter}" for c, n in meeple_groups(counts))


def board_totals(view: CoopView) -> list[int]:
    """Meeples on the board by colour."""
    return [sum(row[colour] for row in view.board) for colour in range(len(view.supply))]


# ---------------------------------------------------------------- status


def my_go(view: CoopView) -> bool:
    return view.phase != OVER and view.current == view.seat


def status_parts(view: CoopView, names: Sequence[str]) -> list[str]:
    """The status line's parts: coins, round, stage, phase, whose go."""
    parts = [f"Coins {view.coins}"]
    if view.phase != SETUP:
        parts.append(f"round {view.round}/{view.config.rounds} · stage {view.stage}")
    parts.append(PHASE_WORDS.get(view.phase, view.phase))
    if view.phase == OVER:
        parts.append("won!" if view.won else "lost")
    else:
        parts.append(f"{names[view.current]}'s go")
    return parts


# ---------------------------------------------------------------- the Marketplace


class MarketRow(NamedTuple):
    """One row of the Marketplace: a heading (``kind`` empty) or something to buy."""

    kind: str
    """``passenger``, ``plane``, ``airport``, ``truck``, or "" for a heading."""
    item: int
    """The card id, or a truck's capacity."""
    label: str
    price: int
    rent: int | None = None
    """For an airport: the Landing Rights fee."""
    left: int | None = None
    """For trucks: how many of that capacity are left."""


def market_rows(view: CoopView, world: World, key: KeyNames | None) -> list[MarketRow]:
    """Headings and rows: the six face-up cards, Electric Planes, Fuel Trucks, then Airports
    (with the keys that buy and rent them, unless ``key`` is None: a replay)."""
    rows = [MarketRow("", 0, "Face-up cards", 0)]
    for card in view.market_passengers:
        p = world.passengers[card]
        rows.append(MarketRow(PASSENGER, card, f"Passenger {stars(p.stars):<3} → {world.continents[p.continent].name}", p.price))
    for card in view.market_planes:
        plane = world.planes[card]
        rows.append(MarketRow(PLANE, card, f"Plane {stars(plane.stars):<3} carries {plane.stars}", plane.price))
    if view.electric_pool:
        rows.append(MarketRow("", 0, "Electric planes (no fuel truck needed)", 0))
        for card in sorted(view.electric_pool, key=lambda c: (world.planes[c].stars, c)):
            plane = world.planes[card]
            rows.append(MarketRow(PLANE, card, f"Electric {stars(plane.stars):<3} carries {plane.stars}", plane.price))
    rows.append(MarketRow("", 0, "Fuel trucks", 0))
    data = coop_data()
    for capacity in range(1, 5):
        left = sum(1 for t in view.truck_supply if world.fuel_trucks[t].capacity == capacity)
        rows.append(MarketRow(TRUCK, capacity, f"Fuel truck, capacity {capacity} {'▮' * capacity}", data.truck_price(capacity), left=left))
    keys = f": {key('coop.market.buy')} buys · {key('coop.market.landing-rights')} rents Landing Rights" if key else ""
    rows.append(MarketRow("", 0, f"Airports{keys}", 0))
    seen: set[int] = set()
    for card in sorted(view.airport_pool, key=lambda c: (world.airport_of_card(c).continent, -world.airport_of_card(c).stars, c)):
        airport = world.airport_of_card(card)
        if airport.id in seen:
            continue  # the second card of a 3-star airport is the same offer
        seen.add(airport.id)
        letter = world.continents[airport.continent].letter
        label = f"{airport.code} {airport.city} {stars(airport.stars)} ({letter})"
        rows.append(MarketRow(AIRPORT, card, label, airport.price, rent=airport.landing_rights_price))
    return rows


def buy_problem(view: CoopView, row: MarketRow, for_seat: int, rent: bool = False) -> str | None:
    """Why this row cannot be bought (or rented) now, in words; None if it can."""
    if view.phase != MARKET:
        return "Purchases are made in the Marketplace phase."
    if not my_go(view):
        return "It is not your go."
    if not row.kind:
        return "Pick a card or a token, not a heading."
    if rent and row.kind != AIRPORT:
        return "Only airports can be rented as Landing Rights."
    return market_rules.buy_problem(view, buy_action(row, for_seat, rent))


def buy_action(row: MarketRow, for_seat: int, rent: bool = False) -> Buy:
    kind = LANDING_RIGHTS if rent else row.kind
    return Buy(kind, row.item, for_seat)


def refresh_problem(view: CoopView) -> str | None:
    """Why the face-up cards cannot be refreshed now, or None."""
    if view.phase != MARKET:
        return "The refresh is for the Marketplace phase."
    if not my_go(view):
        return "It is not your go."
    return market_rules.refresh_problem(view)


# ---------------------------------------------------------------- the Fly phase


class FlightSlot(NamedTuple):
    """One flight of one player's chain, in the order of the round."""

    seat: int
    chain: int
    flight: int
    spec: FlightSpec
    flown: bool
    next_up: bool
    """The next flight this chain flies."""


def flight_slots(view: CoopView) -> list[FlightSlot]:
    """Every declared flight of every player, chain by chain, with what has flown."""
    slots = []
    for seat, hand in enumerate(view.hands):
        for index, chain in enumerate(hand.chains):
            flown = hand.flown[index] if index < len(hand.flown) else 0
            for number, spec in enumerate(chain):
                slots.append(FlightSlot(seat, index, number, spec, number < flown, number == flown))
    return slots


def flight_label(world: World, spec: FlightSpec) -> str:
    """``SYD→TYO    ✈★★★ fuel4 ★→A`` (``e`` for an electric plane, ``LR`` for Landing Rights)."""
    origin = world.airport_of_card(spec.origin).code if spec.origin is not None else "…"
    dest = world.airport_of_card(spec.dest).code if spec.dest is not None else "…"
    if spec.dest_is_landing_rights:
        dest += " LR"
    plane = world.planes[spec.plane] if spec.plane is not None else None
    text = f"{origin}→{dest:<6}"
    if plane is not None:
        text += f" {'e' if plane.electric else '✈'}{stars(plane.stars):<3}"
    if spec.truck is not None:
        text += f" fuel{world.fuel_trucks[spec.truck].capacity}"
    elif plane is not None:
        text += "      "
    if spec.passenger is not None:
        p = world.passengers[spec.passenger]
        text += f" {stars(p.stars)}→{world.continents[p.continent].letter}"
    return text


def capacity(world: World, spec: FlightSpec) -> int:
    return world.planes[spec.plane].stars if spec.plane is not None else 0


def default_carry(view: CoopView, world: World, spec: FlightSpec, chain: Sequence[FlightSpec] = ()) -> list[int]:
    """The meeples to take on a flight, up to the plane's capacity: those it brings home
    first, then those going home on a later flight of the chain, then none."""
    origin = world.airport_of_card(spec.origin).id
    waiting = list(view.board[origin])
    room = capacity(world, spec)
    carry = [0] * len(waiting)
    dest_continent = world.airport_of_card(spec.dest).continent
    later = [world.airport_of_card(f.dest).continent for f in chain if f.dest is not None]
    wanted = [dest_continent] + [c for c in later if c != dest_continent]
    for colour in wanted:
        take = min(waiting[colour] - carry[colour], room)
        carry[colour] += take
        room -= take
    return carry


def carry_preview(world: World, spec: FlightSpec, carry: Sequence[int]) -> list[str]:
    """Where each meeple taken goes: home, or waiting at the destination."""
    dest = world.airport_of_card(spec.dest)
    lines = []
    for colour, number in meeple_groups(carry):
        continent = world.continents[colour]
        who = f"{number} {continent.letter} ({continent.colour}, for {continent.name})"
        if colour == dest.continent:
            lines.append(f"{who}: home at {dest.city}, off the board ✓")
        else:
            lines.append(f"{who}: wait at {dest.city} ({dest.code})")
    return lines


def charter_fee_text(view: CoopView) -> str:
    """The next charter's fee in words (shown before paying)."""
    if not view.config.charter:
        return "No charter flights in this game."
    if view.charter_fee is None:
        track = charter_track(view.config)
        return f"No charter left this round (all {len(track)} used)."
    return f"next charter costs {count(view.charter_fee, 'coin')} (charter {view.charters + 1} this round)"


def charter_label(world: World, charter: Charter, fee: int | None) -> str:
    origin, dest = world.airports[charter.origin], world.airports[charter.dest]
    continent = world.continents[charter.colour]
    home = " home ✓" if dest.continent == charter.colour else ""
    price = f" · {count(fee, 'coin')}" if fee is not None else ""
    return f"1 {continent.letter} ({continent.colour}) {origin.code} → {dest.code} {dest.city}{home}{price}"


# ---------------------------------------------------------------- set-up


def ranked_starts(view: CoopView, world: World, seat: int, limit: int = 40) -> list[ChooseStart]:
    """Starting flights, the most useful in round 1 first (as the bots judge them), one per
    route: the best plane and passenger for it."""

    def key(start: ChooseStart) -> tuple:
        return (tuple(-x for x in setup_rules.start_worth(view, start)), start.origin, start.dest)

    best: dict[tuple[int, int], ChooseStart] = {}
    for start in sorted(setup_rules.legal_starts(view, seat), key=key):
        route = (world.airport_cards[start.origin].airport, world.airport_cards[start.dest].airport)
        best.setdefault(route, start)
    return list(best.values())[:limit]


def start_key(world: World) -> str:
    """What the signs of :func:`start_label` mean, continent letters included."""
    letters = " · ".join(f"{c.letter} {c.name}" for c in world.continents)
    return f"{STARS} stars · ✈ the plane · {STARS}→F a passenger bound for continent F:\n{letters}"


def start_label(view: CoopView, world: World, start: ChooseStart) -> str:
    """A starting flight and what it would do in round 1, beside the partners' starting flights
    already chosen (the meeples they take, the airports they hold)."""
    origin, dest = world.airport_of_card(start.origin), world.airport_of_card(start.dest)
    plane, passenger = world.planes[start.plane], world.passengers[start.passenger]
    waiting = setup_rules.waiting_after_starts(view, origin.id)
    home = setup_rules.brings_home(view, start)
    held = {world.airport_of_card(card).id for seat, hand in enumerate(view.hands) if seat != view.seat for card in hand.airports}
    shared = " ".join(a.code for a in (origin, dest) if a.id in held)
    text = (
        f"{origin.code} {stars(origin.stars):<3} → {dest.code} {stars(dest.stars):<3} "
        f"✈{stars(plane.stars):<3} {stars(passenger.stars)}→{world.continents[passenger.continent].letter}"
    )
    said = []
    if home:
        said.append(f"brings {home} home" + ("" if shared else " in round 1"))
    elif sum(waiting):
        said.append(f"{sum(waiting)} waiting at {origin.code}")
    if shared:
        said.append(f"shares {shared}")
    return text + ("  " + " · ".join(said) if said else "")


# ---------------------------------------------------------------- the round's summary


PENALTY_WORDS = {
    "crowded": "{where} has 4 or more passengers waiting",
    "colour": "5 meeples for {where} are on the board",
    "unequal": "a player holds 4 or more cards more than another",
}


def penalty_text(world: World, penalty: Penalty) -> str:
    """Which penalty and why, in words."""
    if penalty.reason == "crowded":
        where = world.airports[penalty.where].city
    elif penalty.reason == "colour":
        c = world.continents[penalty.where]
        where = f"{c.name} ({c.letter}, {c.colour})"
    else:
        where = ""
    reason = PENALTY_WORDS.get(penalty.reason, penalty.reason).format(where=where)
    return f"-{count(penalty.amount, 'coin')}: {reason}"


def last_round_summary(view: CoopView) -> RoundEnded | None:
    """The latest End Round event in the view's log, if any."""
    return next((e for e in reversed(view.log) if isinstance(e, RoundEnded)), None)


def round_summary_lines(view: CoopView, world: World, summary: RoundEnded) -> list[str]:
    """The End Round phase in a few lines: income, penalties (which and why), coins."""
    lines = [f"Round {summary.round} ended: +{count(summary.income, 'coin')} income (never above {view.config.coin_cap})."]
    for penalty in summary.penalties:
        lines.append("  " + penalty_text(world, penalty))
    if not summary.penalties:
        lines.append("  No penalties.")
    elif summary.paid < sum(p.amount for p in summary.penalties):
        lines.append(f"  Paid {summary.paid} (all the team had).")
    if summary.landing_rights_returned:
        lines.append(f"  {summary.landing_rights_returned} Landing Rights returned.")
    lines.append(f"  Coins now {summary.coins}.")
    return lines


# ---------------------------------------------------------------- hints


def action_text(view: CoopView, world: World, names: Sequence[str], action: object, key: KeyNames) -> str:
    """An action in words, e.g. for a hint (with its key, where the key does it at once)."""
    if isinstance(action, Buy):
        who = names[action.for_seat]
        if action.kind == TRUCK:
            return f"buy a fuel truck of capacity {action.item} for {who}"
        if action.kind in (AIRPORT, LANDING_RIGHTS):
            airport = world.airport_of_card(action.item)
            what = "airport" if action.kind == AIRPORT else "Landing Rights at"
            return f"buy the {what} {airport.city} for {who}"
        if action.kind == PASSENGER:
            p = world.passengers[action.item]
            return f"buy the {stars(p.stars)} passenger to {world.continents[p.continent].name} for {who}"
        plane = world.planes[action.item]
        return f"buy the {'electric ' if plane.electric else ''}{stars(plane.stars)} plane for {who}"
    if isinstance(action, Refresh):
        return f"refresh the face-up cards ({key('coop.market.refresh')})"
    if isinstance(action, Pass):
        return f"end the go ({key('coop.done')})"
    if isinstance(action, SetChains):
        flights = sum(len(chain) for chain in action.chains)
        chains = "; ".join(chain_text(world, chain) for chain in action.chains)
        return f"arrange {count(flights, 'flight')} in {count(len(action.chains), 'chain')}: {chains}"
    if isinstance(action, FlyNext):
        hand = view.hands[view.seat]
        chain = hand.chains[action.chain]
        spec = chain[hand.flown[action.chain]]
        return f"fly {flight_label(world, spec).split('  ')[0].strip()} carrying {meeples_text(world, action.carry) or 'no one'}"
    if isinstance(action, Charter):
        return f"charter {charter_label(world, action, view.charter_fee)}"
    if isinstance(action, ChooseStart):
        return f"start with {start_label(view, world, action)}"
    return str(action)


def bought_recently(view: CoopView) -> list[Bought]:
    """Purchases of the current round (from the view's log tail)."""
    out = []
    for event in reversed(view.log):
        if isinstance(event, RoundEnded):
            break
        if isinstance(event, Bought):
            out.append(event)
    return list(reversed(out))


def bought_label(world: World, event: Bought) -> str:
    """A purchase in a few signs: ``LAX LR``, ``fuel3`` (a fuel truck), ``★★→S``, ``e★★``."""
    if event.kind in (AIRPORT, LANDING_RIGHTS):
        return f"{world.airport_of_card(event.item).code}{' LR' if event.kind == LANDING_RIGHTS else ''}"
    if event.kind == TRUCK:
        return f"fuel{world.fuel_trucks[event.item].capacity}"
    if event.kind == PASSENGER:
        p = world.passengers[event.item]
        return f"{stars(p.stars)}→{world.continents[p.continent].letter}"
    plane = world.planes[event.item]
    return f"{'e' if plane.electric else '✈'}{stars(plane.stars)}"


def bought_lines(world: World, bought: Sequence[Bought], names: Sequence[str], width: int) -> list[str]:
    """Purchases grouped by the player who got them (in seat order), each player's packed into
    lines of at most ``width`` without cutting one in two: `` Ann: LAX LR 10c, ★★→S 15c``."""
    lines: list[str] = []
    for seat, name in enumerate(names):
        items = [f"{bought_label(world, e)} {e.price}c" for e in bought if e.for_seat == seat]
        line = f" {name}:"
        for n, item in enumerate(items):
            piece = f" {item}{',' if n < len(items) - 1 else ''}"
            if len(line) + len(piece) > width and line.strip():
                lines.append(line)
                line = "  "
                piece = piece.lstrip()
            line += piece
        if items:
            lines.append(line)
    return lines


def unplaced_cards(hand: Hand) -> bool:
    """Whether a hand holds a plane or a passenger that none of its chains uses yet."""
    used = {card for chain in hand.chains for flight in chain for card in (flight.plane, flight.passenger)}
    return any(card not in used for card in (*hand.planes, *hand.passengers))
