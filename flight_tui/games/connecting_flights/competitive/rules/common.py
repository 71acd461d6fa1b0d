"""What every phase of the competitive game shares: the world and data, coins (capped, never
below 0, with the Insurance Agent's half), Player card powers, this round's prices, and the
cards a placed Sabotage card disables."""

from __future__ import annotations

from flight_tui.games.connecting_flights.competitive.rules.data import CompetitiveData, EventCard, PlayerCard, competitive_data
from flight_tui.games.connecting_flights.competitive.rules.state import (
    CoinsMoved,
    CompetitiveState,
    RoundStarted,
    SabotageInflicted,
)
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.core.prices import LANDING_RIGHTS, card_price
from flight_tui.games.connecting_flights.core.stages import stage_of
from flight_tui.games.connecting_flights.core.world import World, default_world

Game = CompetitiveState | CompetitiveView
"""Most checks read the same fields from a state or a view."""


def world() -> World:
    """The world every game is played in."""
    return default_world()


def data() -> CompetitiveData:
    """The competitive mode's designed data."""
    return competitive_data()


def stage(round_no: int) -> int:
    """The stage (1-3) of a round (round 0, set-up, counts as stage 1)."""
    return stage_of(max(1, round_no), data().stage_starts)


def player_card(g: Game, seat: int) -> PlayerCard | None:
    """The Player card ``seat`` kept, if the caller may know it."""
    card = g.kept[seat]
    return data().player_cards[card] if card >= 0 else None


def power(g: Game, seat: int, name: str) -> int | None:
    """The amount of ``seat``'s Player card power ``name`` (0 for powers without one), or None
    when the seat's card has another power or is not revealed."""
    card = player_card(g, seat) if (isinstance(g, CompetitiveView) or g.revealed) else None
    if card is None or card.power != name:
        return None
    return card.power_amount


def event(g: Game) -> EventCard | None:
    """This round's Event card, if any."""
    return data().events[g.active_event] if g.active_event >= 0 else None


def event_amount(g: Game, effect: str) -> int | None:
    """The amount of this round's event if it has ``effect``, else None."""
    e = event(g)
    return e.amount if e is not None and e.effect == effect else None


# ---------------------------------------------------------------- coins


def gain(state: CompetitiveState, seat: int, amount: int, reason: str) -> int:
    """Give ``seat`` up to ``amount`` coins (never above the cap); log it; return what it got."""
    h = state.holdings[seat]
    got = max(0, min(amount, data().coin_cap - h.coins))
    h.coins += got
    state.log.append(CoinsMoved(seat, got, reason, amount))
    return got


GAIN_REASONS = ("income", "grant", "interest", "instead of sabotage")
"""Reasons :func:`gain` is called with (besides gaining Events and Lost Luggage)."""
GAINING_EVENTS = ("poorest_gains", "lowest_income_gains")


def cap_losses(state: CompetitiveState, last_income: bool = True) -> list[int]:
    """Coins each seat lost to the cap over the game so far: what its gains asked for beyond
    what it got (H16); without round 10's income unless ``last_income`` (it comes as the game
    ends: what it pushes above the cap is saved only by spending before). A gain of nothing at
    the cap is told from a payment of nothing at 0 by its reason (the saboteur's side of Lost
    Luggage by the seat)."""
    gaining = {e.name for e in data().events if e.effect in GAINING_EVENTS} | set(GAIN_REASONS)
    lost = [0] * state.config.players
    saboteur = -1
    last = False
    for e in state.log:
        if isinstance(e, RoundStarted):
            last = e.round == data().rounds
        elif isinstance(e, SabotageInflicted):
            saboteur = e.seat
        elif isinstance(e, CoinsMoved) and e.delta >= 0 and e.asked > e.delta:
            if last and e.reason == "income" and not last_income:
                continue
            if e.delta > 0 or e.reason in gaining or (e.reason == "sabotage" and e.seat == saboteur):
                lost[e.seat] += e.asked - e.delta
    return lost


def pay(state: CompetitiveState, seat: int, amount: int, reason: str, insurable: bool = False) -> int:
    """``seat`` pays ``amount`` to the bank (half with the Insurance Agent's power when
    ``insurable``), or all it has when that is less; log it; return what was paid."""
    due = amount // 2 if insurable and power(state, seat, "insured") is not None else amount
    h = state.holdings[seat]
    paid = min(due, h.coins)
    h.coins -= paid
    state.log.append(CoinsMoved(seat, -paid, reason, amount))
    return paid


# ---------------------------------------------------------------- prices


def truck_price(g: Game, seat: int, capacity: int) -> int:
    """What a Fuel Truck of ``capacity`` costs ``seat`` this round (events and powers)."""
    price = data().truck_price(capacity)
    price += event_amount(g, "truck_price") or 0
    price -= power(g, seat, "truck_discount") or 0
    return max(1, price)


def electric_price(g: Game, seat: int, plane: int) -> int:
    """What an Electric Plane costs ``seat`` this round."""
    price = world().planes[plane].price
    price += event_amount(g, "electric_price") or 0
    price -= power(g, seat, "electric_discount") or 0
    return max(1, price)


def landing_rights_price(g: Game, seat: int, card: int) -> int:
    """What renting this card as Landing Rights costs ``seat`` this round."""
    return rights_price(card, rights_halvings(g, seat))


def rights_halvings(g: Game, seat: int) -> int:
    """How many times this round's Landing Rights prices are halved for ``seat`` (the event, the
    Lobbyist's power): worked out once when many cards are priced."""
    return (event_amount(g, "landing_rights_half") is not None) + (power(g, seat, "landing_rights_discount") is not None)


def rights_price(card: int, halvings: int) -> int:
    """A card's Landing Rights price halved (rounding up) ``halvings`` times."""
    price = card_price(world(), LANDING_RIGHTS, card)
    for _ in range(halvings):
        price = -(-price // 2)
    return price


def fee(g: Game, seat: int, sabotage: int) -> int:
    """What removing a placed Sabotage card costs its owner (half for the Insurance Agent,
    unless the card asks for its full fee)."""
    card = data().sabotage[sabotage]
    halved = power(g, seat, "insured") is not None and not card.full_fee
    return card.fee // 2 if halved else card.fee


# ---------------------------------------------------------------- sabotaged cards


def disabled(g: Game, seat: int) -> tuple[set[int], set[int]]:
    """``seat``'s airport cards and planes that a placed Sabotage card disables."""
    airports = {p.on for p in g.placed if p.seat == seat and p.kind == "airport"}
    planes = {p.on for p in g.placed if p.seat == seat and p.kind == "plane"}
    return airports, planes


def standing_bid(g: Game, seat: int) -> int:
    """The coins ``seat`` has promised as the leading bidder of the lot under the hammer."""
    b = g.bidding
    return b.bid if b is not None and b.leader == seat else 0


def spendable(g: Game, seat: int) -> int:
    """Coins ``seat`` may spend now: all but a standing bid."""
    return g.holdings[seat].coins - standing_bid(g, seat)
