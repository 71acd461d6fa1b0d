"""The Sabotage phase (A.6) and the fees of placed Sabotage cards.

The event's mark names the saboteur at the start of the phase; they take 10 coins, or draw a
card and inflict it on another player or return it under the deck unseen. A card placed on an
airport or a plane disables it until its owner pays the fee in full, which they may do
whenever they are asked to act (house rules H12-H15).
"""

from __future__ import annotations

from flight_tui.games.connecting_flights.competitive.rules.actions import Inflict, PayFee
from flight_tui.games.connecting_flights.competitive.rules.common import (
    Game,
    data,
    event,
    fee,
    gain,
    pay,
    spendable,
    world,
)
from flight_tui.games.connecting_flights.competitive.rules.state import (
    SABOTAGE,
    CompetitiveState,
    FeePaid,
    Placed,
    SabotageDrawn,
    SabotageInflicted,
    SabotageReturned,
    SaboteurNamed,
)
from flight_tui.words import count


def lowest(g: Game, key) -> int:
    """The seat with the lowest ``key(seat)``; ties go to the lowest rank (the text)."""
    rank = {seat: i for i, seat in enumerate(g.order)}
    return min(range(g.config.players), key=lambda s: (key(s), rank.get(s, s)))


def last_income(g: Game, seat: int) -> int:
    """``seat``'s income in the latest Fly phase (0 before the first)."""
    return g.history[-1][seat].income if g.history else 0


def start_sabotage(state: CompetitiveState) -> bool:
    """Name the saboteur by the event's mark; False when nobody may sabotage this round."""
    e = event(state)
    mark = e.saboteur if e is not None else "none"
    if mark == "fewest_coins":
        seat = lowest(state, lambda s: state.holdings[s].coins)
    elif mark == "lowest_income":
        seat = lowest(state, lambda s: last_income(state, s))
    else:
        seat = -1
    state.log.append(SaboteurNamed(seat, mark))
    if seat < 0:
        return False
    state.phase = SABOTAGE
    state.saboteur = seat
    state.current = seat
    return True


def take_coins(state: CompetitiveState, seat: int) -> None:
    gain(state, seat, data().sabotage_coins, "instead of sabotage")


def draw(state: CompetitiveState, seat: int) -> None:
    state.drawn_sabotage = state.sabotage_deck.pop(0)
    state.log.append(SabotageDrawn(seat, state.drawn_sabotage))


def free_hosts(g: Game, target: int, kind: str) -> list[int]:
    """The target's cards of ``kind`` (plane or airport) that carry no Sabotage card yet."""
    h = g.holdings[target]
    taken = {p.on for p in g.placed if p.seat == target and p.kind == kind}
    return sorted(c for c in (h.planes if kind == "plane" else h.airports) if c not in taken)


def inflict_problem(g: Game, seat: int, action: Inflict, card: int) -> str | None:
    if not 0 <= action.target < g.config.players or action.target == seat:
        return "Sabotage another player."
    s = data().sabotage[card]
    if s.placed:
        hosts = free_hosts(g, action.target, s.effect)
        if action.on not in hosts:
            if not hosts:
                return f"That player has no {s.effect} free of Sabotage cards to place {s.name} on."
            return f"Place {s.name} on one of that player's {s.effect}s (one without a Sabotage card; never on Landing Rights)."
    elif action.on != -1:
        return f"{s.name} is not placed on a card."
    if s.effect == "lose_truck" and not g.holdings[action.target].trucks:
        return "That player has no Fuel Truck to lose."
    return None


def legal_inflictions(g: Game, seat: int, card: int) -> list[Inflict]:
    out = []
    s = data().sabotage[card]
    for target in range(g.config.players):
        if target == seat:
            continue
        ons = free_hosts(g, target, s.effect) if s.placed else [-1]
        out += [Inflict(target, on) for on in ons if inflict_problem(g, seat, Inflict(target, on), card) is None]
    return out


def apply_inflict(state: CompetitiveState, seat: int, action: Inflict) -> None:
    card = state.drawn_sabotage
    state.drawn_sabotage = -1
    s = data().sabotage[card]
    target = state.holdings[action.target]
    truck = -1
    if s.placed:
        state.placed.append(Placed(card, action.target, s.effect, action.on))
    else:
        if s.effect == "lose_truck":
            truck = max(target.trucks, key=lambda t: (world().fuel_trucks[t].capacity, t))
            target.trucks.remove(truck)
            state.truck_supply.append(truck)
        state.sabotage_deck.append(card)
    state.log.append(SabotageInflicted(seat, action.target, card, action.on, truck))
    if s.effect == "pay":
        pay(state, action.target, s.fee, "sabotage", insurable=True)
    elif s.effect == "pay_saboteur":
        paid = pay(state, action.target, s.fee, "sabotage", insurable=True)
        gain(state, seat, paid, "sabotage")


def apply_return(state: CompetitiveState, seat: int) -> None:
    card = state.drawn_sabotage
    state.drawn_sabotage = -1
    state.sabotage_deck.append(card)
    state.log.append(SabotageReturned(seat, card))


def fee_problem(g: Game, seat: int, action: PayFee) -> str | None:
    placed = next((p for p in g.placed if p.card == action.card and p.seat == seat), None)
    if placed is None:
        return "No such Sabotage card sits on one of your cards."
    due = fee(g, seat, action.card)
    if due > spendable(g, seat):
        return f"Removing {data().sabotage[action.card].name} costs {count(due, 'coin')} in full; you have {spendable(g, seat)} to spend."
    return None


def legal_fees(g: Game, seat: int) -> list[PayFee]:
    return [PayFee(p.card) for p in g.placed if p.seat == seat and fee_problem(g, seat, PayFee(p.card)) is None]


def apply_fee(state: CompetitiveState, seat: int, action: PayFee) -> None:
    placed = next(p for p in state.placed if p.card == action.card)
    due = fee(state, seat, action.card)
    state.holdings[seat].coins -= due
    state.placed.remove(placed)
    state.sabotage_deck.append(action.card)
    state.log.append(FeePaid(seat, action.card, placed.on, due))
