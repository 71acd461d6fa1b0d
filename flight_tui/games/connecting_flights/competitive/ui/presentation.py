"""What the competitive table shows, in words, worked out from one seat's view (no Textual here).

Cards, lots, bundles, Player, Event and Sabotage cards as short labels; the status line; who
is asked and for what; the auction's bidders; the leaderboard; actions in words for hints.
Seats are named, and on the board marked by a letter (never by colour alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from flight_tui.games.connecting_flights.competitive.rules import auction as auction_rules
from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Accept,
    Bid,
    BuyElectric,
    BuyLandingRights,
    BuyStart,
    BuyTruck,
    Bundle,
    ChooseContinent,
    ChooseLot,
    DrawSabotage,
    EndTurn,
    Inflict,
    KeepCard,
    PassBid,
    PayFee,
    Propose,
    Refuse,
    ReturnSabotage,
    SubmitFlights,
    TakeCoins,
)
from flight_tui.games.connecting_flights.competitive.rules.common import data, fee
from flight_tui.games.connecting_flights.competitive.rules.data import EventCard, PlayerCard, SabotageCard
from flight_tui.games.connecting_flights.competitive.rules.round_summary import power_card_name
from flight_tui.games.connecting_flights.competitive.rules.state import (
    BIDDING,
    CHOOSE_LOTS,
    CONTINENT,
    FLY,
    KEEP,
    MARKET,
    OVER,
    SABOTAGE,
    START,
    TRADING,
    BidMade,
    BidPassed,
    Bought,
    CardKept,
    ContinentChosen,
    FeePaid,
    FlightsSubmitted,
    Lot,
    LotChosen,
    LotSold,
    LotUnsold,
    OfferAnswered,
    OfferMade,
    RoundStarted,
    SabotageInflicted,
    SabotageReturned,
    StartSubmitted,
    TurnEnded,
)
from flight_tui.games.connecting_flights.competitive.rules.view import CompetitiveView
from flight_tui.games.connecting_flights.core.world import World
from flight_tui.games.connecting_flights.core_ui.board import stars
from flight_tui.games.connecting_flights.core_ui.builder import chain_text
from flight_tui.words import count

PHASE_WORDS = {
    KEEP: "Set-up: Player cards",
    CONTINENT: "Set-up: continents",
    START: "Set-up: starting flights",
    CHOOSE_LOTS: "Auction: the lots",
    BIDDING: "Auction: bidding",
    MARKET: "Marketplace",
    TRADING: "Marketplace: trading round",
    FLY: "Fly",
    SABOTAGE: "Sabotage",
    OVER: "Game over",
}
SETUP = (KEEP, CONTINENT, START)
WHEN_WORDS = {"event": "now, in the Event phase", "marketplace": "in the Marketplace", "fly": "in the Fly phase", "grants": "at Grants and Taxes"}
SABOTEUR_WORDS = {"none": "nobody", "fewest_coins": "the player with the fewest coins", "lowest_income": "the player with the lowest income last round"}
DECIDED_WORDS = {
    "income": "the highest income in round 10's Fly phase",
    "landing-rights": "a tie on income, broken by income without flights ending on Landing Rights",
    "continents": "ties on income, broken by the most continents flown from and to in the last round",
    "coins": "ties on income and continents, broken by the most coins",
    "shared": "a tie that no tie-breaker broke: a shared win",
}
BIN_BAGS = (
    "The rule book's last tie-breaker: each takes a bin bag to the nearest green space, and whoever "
    "fills it with litter first (and disposes of it responsibly) is the proud winner."
)


# ---------------------------------------------------------------- cards


def airport_card_label(world: World, card: int, city: bool = True) -> str:
    """``NYC New York ★★★`` (or just ``NYC ★★★``)."""
    airport = world.airport_of_card(card)
    name = f" {airport.city}" if city else ""
    return f"{airport.code}{name} {stars(airport.stars)}"


def plane_label(world: World, card: int) -> str:
    plane = world.planes[card]
    return f"{'Electric plane' if plane.electric else 'Plane'} {stars(plane.stars)}"


def passenger_label(world: World, card: int) -> str:
    passenger = world.passengers[card]
    return f"Passenger {stars(passenger.stars)} → {world.continents[passenger.continent].name}"


def truck_label(world: World, truck: int) -> str:
    return f"Fuel truck {world.fuel_trucks[truck].capacity}"


def lot_label(world: World, lot: Lot, city: bool = True) -> str:
    """The card of a lot: ``Airport NYC New York ★★★``, ``Plane ★★``, ``Passenger ★ → Europe``."""
    if lot.kind == "airport":
        return f"Airport {airport_card_label(world, lot.card, city)}"
    if lot.kind == "plane":
        return plane_label(world, lot.card)
    return passenger_label(world, lot.card)


def choice_label(world: World, view: CompetitiveView, choice: ChooseLot) -> str:
    """A card one may put up for auction: an airport, or the top of a deck (unseen)."""
    if choice.kind == "airport":
        airport = world.airport_of_card(choice.card)
        return f"Airport {airport_card_label(world, choice.card)} ({world.continents[airport.continent].letter}) · {airport.price}c"
    size = view.plane_deck_size if choice.kind == "plane" else view.passenger_deck_size
    return f"Top {choice.kind} card (face down; {size} left)"


def bids_per_card_text() -> str:
    """How many bids each player has on one card: "2 bids each per card (the Auctioneer: 3)"."""
    d = data()
    extra = next((c.power_amount for c in d.player_cards if c.power == "extra_bids"), 0)
    auctioneer = f" (the {power_card_name('extra_bids')}: {d.bids_per_card + extra})" if extra else ""
    return f"{count(d.bids_per_card, 'bid')} each per card{auctioneer}"


def twin_airport_text(world: World, card: int) -> str:
    """Why a 3-star airport's card may have a twin, or "" for an airport with one card."""
    airport = world.airport_of_card(card)
    if len(world.cards_of(airport.id)) < 2:
        return ""
    return f"{airport.city} has two cards, as every 3-star airport: two airlines may own it, or one both (a flight from each)."


def sabotage_fee_text(card: SabotageCard) -> str:
    """What a Sabotage card's fee is: the price of removing it, or the payment it makes."""
    if card.placed:
        return f"fee {card.fee}: what its owner pays in full to remove it"
    if card.fee:
        return f"fee {card.fee}: what the target pays"
    return "no fee"


MOVE_EVENTS = (
    CardKept,
    ContinentChosen,
    StartSubmitted,
    LotChosen,
    BidMade,
    BidPassed,
    Bought,
    OfferMade,
    OfferAnswered,
    TurnEnded,
    FlightsSubmitted,
    SabotageInflicted,
    SabotageReturned,
    FeePaid,
)
"""Log events that are a seat's own move (a seat's latest one is what it did last)."""


def move_words(world: World, event: object, viewer: int, names: Sequence[str]) -> str:
    """A seat's move in a few words, without its name: "bid 12", "put up Plane ★★"."""
    if isinstance(event, BidMade):
        return f"bid {event.amount}"
    if isinstance(event, BidPassed):
        return {"pass": "passed", "bids": "out of bids", "coins": "can't bid more"}[event.why]
    if isinstance(event, LotChosen):
        lot = event.lot
        return f"put up {world.airport_of_card(lot.card).code if lot.kind == 'airport' else lot_label(world, lot)}"
    if isinstance(event, Bought):
        what = f"LR {world.airport_of_card(event.item).code}" if event.kind == "landing_rights" else (
            plane_label(world, event.item) if event.kind == "electric" else truck_label(world, event.item))
        return f"bought {what}"
    if isinstance(event, OfferMade):
        return f"offered {'you' if event.offer.to_seat == viewer else names[event.offer.to_seat]} a trade"
    if isinstance(event, OfferAnswered):
        return f"{'accepted' if event.accepted else 'refused'} {'your' if event.offered_by == viewer else 'a'} trade"
    if isinstance(event, TurnEnded):
        return "ended the turn" if event.phase == MARKET else "done trading"
    if isinstance(event, FlightsSubmitted):
        return "arranged flights"
    if isinstance(event, SabotageInflicted):
        return f"sabotaged {'you' if event.target == viewer else names[event.target]}"
    if isinstance(event, SabotageReturned):
        return "returned a Sabotage card"
    if isinstance(event, FeePaid):
        return f"paid a fee of {event.fee}"
    if isinstance(event, ContinentChosen):
        return f"chose {world.continents[event.continent].name}"
    if isinstance(event, StartSubmitted):
        return "chose a starting flight"
    return "kept a Player card"


def mover(event: object) -> int:
    """The seat whose move a :data:`MOVE_EVENTS` event is (-1: a card put up from the deck)."""
    return event.lot.chosen_by if isinstance(event, LotChosen) else event.seat


def since_your_turn(view: CompetitiveView, world: World, names: Sequence[str]) -> str:
    """What each other airline did last since the viewer's own last move (in the view's log):
    "Bob bid 12, Cleo passed"; "" when nobody has moved since."""
    log = view.log
    mine = max((i for i, e in enumerate(log) if isinstance(e, MOVE_EVENTS) and mover(e) == view.seat), default=-1)
    latest: dict[int, object] = {}
    for event in log[mine + 1 :]:
        if isinstance(event, MOVE_EVENTS) and mover(event) not in (view.seat, -1):
            latest[mover(event)] = event
    return ", ".join(f"{names[seat]} {move_words(world, event, view.seat, names)}" for seat, event in sorted(latest.items()))


def player_card_label(card: PlayerCard) -> str:
    """``Aircraft Engineer (rank 8, budget 110)``."""
    return f"{card.name} (rank {card.rank}, budget {card.budget})"


def event_marks(card: EventCard) -> str:
    """When the event acts and who may sabotage, in words."""
    return f"Acts {WHEN_WORDS.get(card.when, card.when)} · sabotage: {SABOTEUR_WORDS.get(card.saboteur, card.saboteur)}"


def sabotage_label(card: SabotageCard) -> str:
    return f"{card.name}: {card.text}"


def bundle_text(world: World, bundle: Bundle) -> str:
    """A side of a trade in words: ``NYC ★★★, Plane ★★, 10 coins`` (or ``nothing``)."""
    parts = [airport_card_label(world, c, city=False) for c in bundle.airports]
    parts += [plane_label(world, c) for c in bundle.planes]
    parts += [passenger_label(world, c) for c in bundle.passengers]
    parts += [truck_label(world, t) for t in bundle.trucks]
    if bundle.coins:
        parts.append(count(bundle.coins, "coin"))
    return ", ".join(parts) or "nothing"


# ---------------------------------------------------------------- who is asked


def asked(view: CompetitiveView) -> bool:
    """Whether the viewing seat is asked to act now."""
    return view.phase != OVER and view.seat in view.to_act


def offer_for_me(view: CompetitiveView) -> bool:
    """Whether a trade offer waits for the viewing seat's answer."""
    return view.pending is not None and view.pending.to_seat == view.seat and asked(view)


def waiting_for(view: CompetitiveView, names: Sequence[str]) -> str:
    """Who the game waits for: ``Bob's turn``, ``Ann and Bob to choose``, ``Bob to answer an offer``."""
    if view.phase == OVER:
        return "the game is over"
    if view.pending is not None:
        return f"{names[view.pending.to_seat]} to answer an offer"
    seats = list(view.to_act)
    if not seats:
        return ""
    if len(seats) == 1:
        return f"{names[seats[0]]}'s turn"
    return f"{', '.join(names[s] for s in seats)} to choose"


def status_parts(view: CompetitiveView, names: Sequence[str]) -> list[str]:
    """The status line: the viewer's coins, round and stage, the phase, whose turn."""
    kept = view.kept[view.seat]
    if view.phase in SETUP and kept >= 0 and view.phase != KEEP:
        parts = [f"{names[view.seat]} budget {data().player_cards[kept].budget}"]
    else:
        parts = [f"{names[view.seat]} {view.holdings[view.seat].coins}c"]
    if view.phase not in SETUP:
        parts.append(f"round {view.round}/{data().rounds} · stage {view.stage}")
    parts.append(PHASE_WORDS.get(view.phase, view.phase))
    who = waiting_for(view, names)
    if who:
        parts.append(who)
    return parts


# ---------------------------------------------------------------- the auction


class Bidder(NamedTuple):
    """One seat in the bidding on the lot under the hammer."""

    seat: int
    still_in: bool
    bids_left: int
    coins: int
    leading: bool


def bidders(view: CompetitiveView) -> list[Bidder]:
    """Every seat's place in the bidding on the lot under the hammer (empty when none)."""
    b = view.bidding
    if b is None:
        return []
    out = []
    for seat in range(view.num_seats):
        left = auction_rules.bid_limit(view, seat) - (b.bids[seat] if seat < len(b.bids) else 0)
        gone = b.out[seat] if seat < len(b.out) else False
        out.append(Bidder(seat, not gone, max(left, 0), view.holdings[seat].coins, b.leader == seat))
    return out


def bidding_lot(view: CompetitiveView) -> Lot | None:
    """The lot under the hammer, if any."""
    return view.lots[view.bidding.lot] if view.bidding is not None else None


def lowest_bid(view: CompetitiveView) -> int | None:
    """The lowest bid allowed now (the face value to open), or None outside the bidding."""
    lot = bidding_lot(view)
    return auction_rules.min_bid(view.bidding, lot) if lot is not None else None


def priced_out(view: CompetitiveView, world: World, lot_index: int, city: bool = True) -> str | None:
    """What the viewer was told on being passed on this round's lot ``lot_index`` for want of
    coins (the opening bid, its face value, or a bid over the one standing is beyond them);
    None if they were not."""
    standing, found = 0, False
    for event in view.log:
        if isinstance(event, RoundStarted):
            standing, found = 0, False
        elif found:
            continue  # the bids made after they were out
        elif isinstance(event, BidMade) and event.lot == lot_index:
            standing = max(standing, event.amount)
        elif isinstance(event, BidPassed) and (event.seat, event.lot, event.why) == (view.seat, lot_index, "coins"):
            found = True
    if not found:
        return None
    lot = view.lots[lot_index]
    label = lot_label(world, lot, city)
    if not standing:
        return f"You cannot afford {label} ({auction_rules.face_value(lot)}c): you are out of this card."
    return f"You cannot bid over {standing}c on {label} with your {view.holdings[view.seat].coins}c: you are out of this card."


def raise_amounts(view: CompetitiveView, steps: Sequence[int] = (1, 5, 10)) -> list[int]:
    """The bids the raise keys make: the standing bid plus each step (to open: the face value
    plus each step less one, so the smallest raise opens at the face value)."""
    lowest = lowest_bid(view)
    if lowest is None:
        return []
    return [lowest + step - 1 for step in steps]


def slot_rows(view: CompetitiveView, world: World, names: Sequence[str]) -> list[tuple[str, str]]:
    """The auction slots this round: ``(what is in the slot, what became of it)``."""
    sold: dict[int, str] = {}
    for event in view.log:
        if isinstance(event, RoundStarted):
            sold = {}
        elif isinstance(event, LotSold):
            sold[event.lot] = f"sold to {names[event.seat]} for {event.price}c"
        elif isinstance(event, LotUnsold):
            sold[event.lot] = "unsold (back to the pool)" if event.item.kind == "airport" else "unsold (back under its deck)"
    rows = []
    under = view.bidding.lot if view.bidding is not None and view.phase == BIDDING else None
    slots = data().slots_for(view.num_seats)
    for index, lot in enumerate(view.lots):
        by = "" if lot.chosen_by < 0 else f" ({names[lot.chosen_by]})"
        if index in sold:
            state = sold[index]
        elif index == under:
            state = "▶ under the hammer"
        else:
            state = "to come"
        rows.append((f"{index + 1} {lot_label(world, lot, city=False)}{by}", state))
    for index in range(len(view.lots), len(slots)):
        takes = " or ".join(slots[index].takes)
        rows.append((f"{index + 1} ({takes})", "being chosen" if index == view.slot and view.phase == CHOOSE_LOTS else "to fill"))
    return rows


# ---------------------------------------------------------------- the leaderboard


class LeaderRow(NamedTuple):
    """One round of one seat on the leaderboard; ``coins`` None while the round goes on."""

    income: int
    grant: int
    tax: int
    penalty: int
    coins: int | None


def leaderboard(view: CompetitiveView) -> list[list[LeaderRow]]:
    """For each round flown, each seat's income, grant, tax, Landing Rights penalty and coins
    at the end of the round."""
    rows = []
    for number, records in enumerate(view.history):
        after = view.coins_after[number] if number < len(view.coins_after) else None
        rows.append([LeaderRow(r.income, r.grant, r.tax, r.penalty, None if after is None else after[s]) for s, r in enumerate(records)])
    return rows


def band_text() -> str:
    """The side board's income bands in a line: ``0-15 +10 · 16-30 +5 · …``."""
    parts, low = [], 0
    for band in data().income_bands:
        top = "+" if band.up_to >= 1000 else f"-{band.up_to}"
        change = f"+{band.grant}" if band.grant else (f"-{band.tax}" if band.tax else "±0")
        parts.append(f"{low}{top} {change}")
        low = band.up_to + 1
    return " · ".join(parts)


def winners_text(view: CompetitiveView, names: Sequence[str]) -> str:
    """``Ann wins`` or ``Ann and Bob share the win``."""
    if not view.winners:
        return ""
    if len(view.winners) == 1:
        return f"{names[view.winners[0]]} wins"
    return f"{' and '.join(names[s] for s in view.winners)} share the win"


# ---------------------------------------------------------------- actions in words


def action_text(view: CompetitiveView, world: World, names: Sequence[str], action: object) -> str:
    """An action in words, for a hint."""
    if isinstance(action, KeepCard):
        return f"keep {player_card_label(data().player_cards[action.card])}"
    if isinstance(action, ChooseContinent):
        return f"start in {world.continents[action.continent].name}"
    if isinstance(action, BuyStart):
        flight = f"{airport_card_label(world, action.origin, False)} → {airport_card_label(world, action.dest, False)}"
        return f"buy the starting flight {flight} with a {plane_label(world, action.plane)} and a {passenger_label(world, action.passenger)}"
    if isinstance(action, ChooseLot):
        return f"put up {choice_label(world, view, action)}"
    if isinstance(action, Bid):
        return f"bid {count(action.amount, 'coin')}"
    if isinstance(action, PassBid):
        return "pass on this card"
    if isinstance(action, BuyLandingRights):
        return f"buy Landing Rights at {airport_card_label(world, action.card)}"
    if isinstance(action, BuyElectric):
        return f"buy the {plane_label(world, action.plane)}"
    if isinstance(action, BuyTruck):
        return f"buy a fuel truck of capacity {action.capacity}"
    if isinstance(action, Propose):
        return f"offer {names[action.to_seat]} {bundle_text(world, action.give)} for {bundle_text(world, action.take)}"
    if isinstance(action, Accept):
        return "accept the trade"
    if isinstance(action, Refuse):
        return "refuse the trade"
    if isinstance(action, EndTurn):
        return "end the turn" if view.phase == MARKET else "say you are done trading"
    if isinstance(action, SubmitFlights):
        flights = sum(len(chain) for chain in action.chains)
        chains = "; ".join(chain_text(world, chain) for chain in action.chains)
        return f"fly {count(flights, 'flight')}: {chains}" if flights else "fly nothing this round"
    if isinstance(action, TakeCoins):
        return f"take {count(data().sabotage_coins, 'coin')} instead of sabotaging"
    if isinstance(action, DrawSabotage):
        return "draw a Sabotage card"
    if isinstance(action, Inflict):
        return f"inflict it on {names[action.target]}" + (f" ({host_label(world, action.on, view)})" if action.on >= 0 else "")
    if isinstance(action, ReturnSabotage):
        return "return the Sabotage card under the deck"
    if isinstance(action, PayFee):
        return f"pay {count(fee(view, view.seat, action.card), 'coin')} to remove {data().sabotage[action.card].name}"
    return str(action)


def host_label(world: World, on: int, view: CompetitiveView) -> str:
    """The card a drawn Sabotage card would sit on (an airport card or a plane)."""
    card = data().sabotage[view.drawn_sabotage] if view.drawn_sabotage >= 0 else None
    if card is not None and card.effect == "plane":
        return f"on the {plane_label(world, on)}"
    return f"on {airport_card_label(world, on)}"
