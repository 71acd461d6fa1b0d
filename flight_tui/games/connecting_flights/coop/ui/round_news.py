"""What happened, in short words, from one seat's view (no Textual here): what the partners did
since the viewer's last move, and everything a round did to the team's position for its summary
(flights and passengers flown home, charters, purchases, new passengers, the coins' trail).
"""

from __future__ import annotations

from collections.abc import Sequence

from flight_tui.games.connecting_flights.coop.rules.board import colour_name
from flight_tui.games.connecting_flights.coop.rules.state import (
    Bought,
    ChainsSet,
    Chartered,
    CoopEvent,
    CoopView,
    DemandPlaced,
    Flew,
    GameEnded,
    MarketDealt,
    NoDeparture,
    Passed,
    RoundEnded,
    StartChosen,
)
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.coop.ui.presentation import bought_label
from flight_tui.words import count


def actor(event: CoopEvent) -> int | None:
    """The seat whose move caused ``event``, or None for what the game does by itself."""
    if isinstance(event, MarketDealt):
        return event.refreshed_by if event.refreshed_by >= 0 else None
    if isinstance(event, (Bought, Passed, ChainsSet, Flew, Chartered, StartChosen)):
        return event.seat
    return None


def move_words(world: World, names: Sequence[str], event: CoopEvent) -> str | None:
    """One seat's move in a few words (without the seat's name), or None for other events."""
    if isinstance(event, Bought):
        for_whom = "" if event.for_seat == event.seat else f" for {names[event.for_seat]}"
        return f"bought {bought_label(world, event)}{for_whom} {event.price}c"
    if isinstance(event, MarketDealt) and event.refreshed_by >= 0:
        return f"refreshed the cards {event.cost}c"
    if isinstance(event, Passed):
        return "passed"
    if isinstance(event, ChainsSet):
        return f"arranged {count(event.flights, 'flight')}"
    if isinstance(event, Flew):
        home = sum(event.delivered)
        route = f"{world.airports[event.origin].code}→{world.airports[event.dest].code}"
        return f"flew {route}{f', {home} home' if home else ''}"
    if isinstance(event, Chartered):
        route = f"{world.airports[event.origin].code}→{world.airports[event.dest].code}"
        return f"chartered {world.continents[event.colour].letter} {route} {event.fee}c{' home' if event.delivered else ''}"
    if isinstance(event, StartChosen):
        route = f"{world.airport_of_card(event.origin).code}→{world.airport_of_card(event.dest).code}"
        return f"took the starting flight {route}"
    return None


def since_your_go(view: CoopView, world: World, names: Sequence[str], brief: bool = False) -> str:
    """What the other seats did since the viewer's last move, seat by seat in the order they
    moved: ``Since your go: Bob bought ★★→O 15c, passed`` ("" when nobody did anything).
    ``brief`` counts the purchases and charters instead (``bought 3 for 55c``, ``chartered 2 for 6c``)."""
    log = view.log
    last_own = max((i for i, e in enumerate(log) if actor(e) == view.seat), default=-1)
    by_seat: dict[int, list[CoopEvent]] = {}
    for event in log[last_own + 1 :]:
        seat = actor(event)
        if seat is not None and seat != view.seat and move_words(world, names, event) is not None:
            by_seat.setdefault(seat, []).append(event)
    if not by_seat:
        return ""

    def moves(events: list[CoopEvent]) -> str:
        words: list[str] = []
        for event in events:
            kind = type(event)
            if not brief or kind not in (Bought, Chartered):
                words.append(move_words(world, names, event))
            elif event is next(e for e in events if type(e) is kind):
                alike = [e for e in events if type(e) is kind]
                coins = sum(e.price if isinstance(e, Bought) else e.fee for e in alike)
                words.append(f"{'bought' if kind is Bought else 'chartered'} {len(alike)} for {coins}c")
        return ", ".join(words)

    return "Since your go: " + "; ".join(f"{names[seat]} {moves(events)}" for seat, events in by_seat.items())


def round_events(view: CoopView, summary: RoundEnded | GameEnded) -> tuple[list[CoopEvent], bool]:
    """The events of the round ``summary`` ended (or the game's end, its last round), and whether
    the view's log holds all of them."""
    log = view.log
    end = next((i for i, e in enumerate(log) if e is summary or e == summary), len(log))
    start = next((i + 1 for i in range(end - 1, -1, -1) if isinstance(log[i], RoundEnded)), None)
    whole = start is not None or any(isinstance(e, StartChosen) for e in log[:end])
    return list(log[start or 0 : end]), whole


def round_news_lines(view: CoopView, world: World, names: Sequence[str], summary: RoundEnded | GameEnded) -> list[str]:
    """What the round ``summary`` ended did before its income and penalties (or the game's end
    did in its last round): flights and meeples flown home by each player, charters, purchases
    and the new passengers (or why none appeared)."""
    events, _ = round_events(view, summary)
    flights = []
    for seat, name in enumerate(names):
        flown = [e for e in events if isinstance(e, Flew) and e.seat == seat]
        if flown:
            home = sum(sum(e.delivered) for e in flown)
            flights.append(f"{name} {count(len(flown), 'flight')}, {home} home")
    lines = ["Flights: " + ("; ".join(flights) if flights else "none flew") + "."]
    charters = [e for e in events if isinstance(e, Chartered)]
    if charters:
        home = sum(1 for e in charters if e.delivered)
        lines.append(f"Charters: {len(charters)} for {count(sum(e.fee for e in charters), 'coin')}, {home} home.")
    bought = [e for e in events if isinstance(e, Bought)]
    if bought:
        lines.append(f"Marketplace: {len(bought)} bought for {count(sum(e.price for e in bought), 'coin')}.")
    for event in events:
        if isinstance(event, DemandPlaced) and event.round == summary.round:
            placed = ", ".join(f"{colour_name(p.colour)} at {world.airports[p.airport].code}" for p in event.placed)
            lines.append(f"New passengers: {placed or 'none'}.")
            if event.missing:
                lines.append(f"  {len(event.missing)} more could not be placed (none of that colour left, or not in play).")
        elif isinstance(event, NoDeparture):
            lines.append("No new passengers: the Departure Airports deck is empty.")
    return lines


def coins_trail(view: CoopView, summary: RoundEnded) -> str | None:
    """The team's coins through the round: ``Coins: 100 − 85 spent − 5 charters + 45 income − 10
    penalties = 45``; None when the view's log no longer holds the whole round."""
    events, whole = round_events(view, summary)
    if not whole:
        return None
    spent = sum(e.price for e in events if isinstance(e, Bought))
    spent += sum(e.cost for e in events if isinstance(e, MarketDealt) and e.refreshed_by >= 0)
    charters = sum(e.fee for e in events if isinstance(e, Chartered))
    before = summary.coins + summary.paid - summary.income + spent + charters
    trail = [f"Coins: {before}"]
    for amount, why in ((spent, "spent"), (charters, "charters")):
        if amount:
            trail.append(f"− {amount} {why}")
    trail.append(f"+ {summary.income} income")
    if summary.paid:
        trail.append(f"− {summary.paid} penalties")
    return " ".join(trail) + f" = {summary.coins}."
