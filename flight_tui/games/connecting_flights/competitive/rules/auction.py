"""The Auction phase (A.2): the slots filled, then each lot auctioned in order.

The top Plane and the top Passenger fill the first two slots; the first player puts up an
airport, and each next player clockwise the next card its slot's icons allow, until the slot
marked with the player count is filled. Bidding on each lot goes clockwise from the first
player (house rules H4-H7 settle what the text leaves open).
"""

from __future__ import annotations

from flight_tui.games.connecting_flights.competitive.rules.actions import Bid, ChooseLot, PassBid
from flight_tui.games.connecting_flights.competitive.rules.common import Game, data, power, spendable, world
from flight_tui.games.connecting_flights.competitive.rules.market import start_market
from flight_tui.games.connecting_flights.competitive.rules.state import (
    BIDDING,
    CHOOSE_LOTS,
    BidMade,
    BidPassed,
    Bidding,
    CompetitiveState,
    Lot,
    LotChosen,
    LotSold,
    LotUnsold,
    SlotSkipped,
)
from flight_tui.games.connecting_flights.core.prices import card_price
from flight_tui.words import count

AIRPORT, PLANE, PASSENGER = "airport", "plane", "passenger"


def face_value(lot: Lot) -> int:
    """The printed price of a lot's card: the lowest opening bid."""
    return card_price(world(), lot.kind, lot.card)


def bid_limit(g: Game, seat: int) -> int:
    """How many bids ``seat`` may make on one card (two, or more with the Auctioneer)."""
    return data().bids_per_card + (power(g, seat, "extra_bids") or 0)


def min_bid(b: Bidding, lot: Lot) -> int:
    """The lowest bid allowed now: the face value to open, then one more than the bid standing."""
    return face_value(lot) if b.leader < 0 else b.bid + 1


# ---------------------------------------------------------------- filling the slots


def start_auction(state: CompetitiveState) -> None:
    """Fill the deck slots and ask the first player for the first chosen slot."""
    state.lots = []
    state.slot = 0
    state.bidding = None
    for i, slot in enumerate(data().slots_for(state.config.players)):
        if slot.filled_by != "deck":
            break
        deck = state.plane_deck if slot.takes == (PLANE,) else state.passenger_deck
        if deck:
            lot = Lot(slot.takes[0], deck.pop(0))
            state.lots.append(lot)
            state.log.append(LotChosen(i, lot))
        else:
            state.log.append(SlotSkipped(i, -1))
        state.slot = i + 1
    state.phase = CHOOSE_LOTS
    _next_slot(state)


def chooser(state: CompetitiveState, slot: int) -> int:
    """The seat that fills a player slot: the first player fills the first, then clockwise."""
    firsts = sum(1 for s in data().slots_for(state.config.players) if s.filled_by == "deck")
    return (state.first_player + slot - firsts) % state.config.players


def deck_sizes(g: Game) -> tuple[int, int]:
    """How many cards the Plane and the Passenger decks hold."""
    if isinstance(g, CompetitiveState):
        return len(g.plane_deck), len(g.passenger_deck)
    return g.plane_deck_size, g.passenger_deck_size


def choices(g: Game) -> list[ChooseLot]:
    """The cards that may go in the slot being filled (one Airport card per airport)."""
    slot = data().slots_for(g.config.players)[g.slot]
    out = []
    if AIRPORT in slot.takes:
        seen = set()
        for card in sorted(g.airport_pool):
            airport = world().airport_cards[card].airport
            if airport not in seen:
                seen.add(airport)
                out.append(ChooseLot(AIRPORT, card))
    planes, passengers = deck_sizes(g)
    if PLANE in slot.takes and planes:
        out.append(ChooseLot(PLANE))
    if PASSENGER in slot.takes and passengers:
        out.append(ChooseLot(PASSENGER))
    return out


def choose_problem(g: Game, action: ChooseLot) -> str | None:
    slot = data().slots_for(g.config.players)[g.slot]
    if action.kind not in slot.takes:
        return f"This slot takes {' or '.join(slot.takes)} cards only (no Electric Planes, no Landing Rights)."
    if action.kind == AIRPORT and action.card not in g.airport_pool:
        return "That Airport card is owned or not in play."
    if action.kind != AIRPORT and ChooseLot(action.kind) not in choices(g):
        return f"The {action.kind} deck is empty."
    return None


def apply_choose(state: CompetitiveState, seat: int, action: ChooseLot) -> bool:
    """Put the card in the slot; True when it came from a deck (a card revealed)."""
    if action.kind == AIRPORT:
        state.airport_pool.remove(action.card)
        card = action.card
    else:
        card = (state.plane_deck if action.kind == PLANE else state.passenger_deck).pop(0)
    lot = Lot(action.kind, card, seat)
    state.lots.append(lot)
    state.log.append(LotChosen(state.slot, lot))
    state.slot += 1
    _next_slot(state)
    return action.kind != AIRPORT


def _next_slot(state: CompetitiveState) -> None:
    """Ask the chooser of the next slot that can be filled; after the last, start bidding."""
    slots = data().slots_for(state.config.players)
    while state.slot < len(slots):
        seat = chooser(state, state.slot)
        if choices(state):
            state.current = seat
            return
        state.log.append(SlotSkipped(state.slot, seat))
        state.slot += 1
    _start_lot(state, 0)


# ---------------------------------------------------------------- bidding


def _start_lot(state: CompetitiveState, lot: int) -> None:
    if lot >= len(state.lots):
        state.bidding = None
        start_market(state)
        return
    n = state.config.players
    state.phase = BIDDING
    state.bidding = Bidding(lot, 0, -1, [0] * n, [False] * n)
    _next_bidder(state, state.first_player)


def _next_bidder(state: CompetitiveState, start: int) -> None:
    """Ask the next seat clockwise from ``start`` that can still bid; drop those with no bids
    or coins left; when none can, the leader buys the lot (or nobody bid: house rule H4)."""
    b = state.bidding
    lot = state.lots[b.lot]
    n = state.config.players
    for step in range(n):
        seat = (start + step) % n
        if b.out[seat] or seat == b.leader:
            continue
        if b.bids[seat] >= bid_limit(state, seat):
            why = "bids"
        elif state.holdings[seat].coins < min_bid(b, lot):
            why = "coins"
        else:
            state.current = seat
            return
        b.out[seat] = True
        state.log.append(BidPassed(seat, b.lot, why))
    _close_lot(state)


def _close_lot(state: CompetitiveState) -> None:
    b = state.bidding
    lot = state.lots[b.lot]
    if b.leader >= 0:
        h = state.holdings[b.leader]
        h.coins -= b.bid
        {AIRPORT: h.airports, PLANE: h.planes, PASSENGER: h.passengers}[lot.kind].append(lot.card)
        state.log.append(LotSold(b.lot, b.leader, b.bid, lot))
    else:
        {AIRPORT: state.airport_pool, PLANE: state.plane_deck, PASSENGER: state.passenger_deck}[lot.kind].append(
            lot.card
        )
        state.log.append(LotUnsold(b.lot, lot))
    _start_lot(state, b.lot + 1)


def bid_problem(g: Game, seat: int, action: Bid) -> str | None:
    b = g.bidding
    lot = g.lots[b.lot]
    lowest = min_bid(b, lot)
    if action.amount < lowest:
        opening = "The opening bid is at least the card's face value" if b.leader < 0 else "Bid more than the bid standing"
        return f"{opening}: {count(lowest, 'coin')} or more."
    if action.amount > g.holdings[seat].coins:
        return f"You cannot bid beyond your coins ({g.holdings[seat].coins})."
    return None


def bid_amounts(g: Game, seat: int) -> list[int]:
    """A few bids to offer (any amount from the lowest to one's coins is allowed): the lowest,
    5 and 10 more, and all one's coins."""
    b = g.bidding
    lowest = min_bid(b, g.lots[b.lot])
    coins = spendable(g, seat)
    return sorted({a for a in (lowest, lowest + 4, lowest + 9, coins) if lowest <= a <= coins})


def apply_bid(state: CompetitiveState, seat: int, action: Bid) -> None:
    b = state.bidding
    b.bid, b.leader = action.amount, seat
    b.bids[seat] += 1
    state.log.append(BidMade(seat, b.lot, action.amount))
    _next_bidder(state, (seat + 1) % state.config.players)


def apply_pass(state: CompetitiveState, seat: int, action: PassBid) -> None:
    b = state.bidding
    b.out[seat] = True
    state.log.append(BidPassed(seat, b.lot, "pass"))
    _next_bidder(state, (seat + 1) % state.config.players)
