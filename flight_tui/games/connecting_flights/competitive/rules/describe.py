"""The competitive log in words, per viewer, and the redaction of what a viewer may not know:
another seat's dealt Player cards, and a Sabotage card another seat drew or returned."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from flight_tui.games.connecting_flights.competitive.rules.actions import Bundle, Propose
from flight_tui.games.connecting_flights.competitive.rules.common import data, world
from flight_tui.games.connecting_flights.competitive.rules.state import (
    Bought,
    BidMade,
    BidPassed,
    CardKept,
    CardsDealt,
    CoinsMoved,
    ContinentChosen,
    DecksShuffled,
    EventRevealed,
    FeePaid,
    FlightsSubmitted,
    Flown,
    GameEnded,
    Lot,
    LotChosen,
    LotSold,
    LotUnsold,
    OfferAnswered,
    OfferMade,
    PlayerCardsRevealed,
    RoundEnded,
    RoundStarted,
    SabotageDrawn,
    SabotageInflicted,
    SabotageReturned,
    SaboteurNamed,
    SlotSkipped,
    StartBought,
    StartSubmitted,
    TurnEnded,
)
from flight_tui.words import count

HIDDEN = -1
"""A card the viewer may not see."""
SABOTEUR_MARKS = {"fewest_coins": "fewest coins", "lowest_income": "lowest income"}
"""Why a seat may sabotage, by the event's mark."""


def redact(event, viewer: int | None):
    """The event as ``viewer`` may know it (None: an onlooker who sees only what is public)."""
    if isinstance(event, CardsDealt) and event.seat != viewer:
        return CardsDealt(event.seat, [HIDDEN] * len(event.cards))
    if isinstance(event, (SabotageDrawn, SabotageReturned)) and event.seat != viewer:
        return msgspec.structs.replace(event, card=HIDDEN)
    return event


def _coins(n: int) -> str:
    return count(n, "coin")


def lot_name(lot: Lot) -> str:
    """A lot's card in words: "the Tokyo airport", "a 2-star plane", "a 3-star passenger to Asia"."""
    return card_name(lot.kind, lot.card)


def card_name(kind: str, card: int) -> str:
    w = world()
    if kind == "airport":
        return f"the {w.airport_of_card(card).city} airport"
    if kind == "landing_rights":
        return f"Landing Rights in {w.airport_of_card(card).city}"
    if kind in ("plane", "electric"):
        p = w.planes[card]
        return f"a {p.stars}-star {'electric ' if p.electric else ''}plane"
    if kind == "passenger":
        p = w.passengers[card]
        return f"a {p.stars}-star passenger to {w.continents[p.continent].name}"
    return f"a {w.fuel_trucks[card].capacity}-fuel truck"


def bundle_words(b: Bundle) -> str:
    """What one side of a trade hands over, in words."""
    parts = [card_name("airport", c) for c in b.airports]
    parts += [card_name("plane", c) for c in b.planes]
    parts += [card_name("passenger", c) for c in b.passengers]
    parts += [card_name("truck", c) for c in b.trucks]
    if b.coins:
        parts.append(_coins(b.coins))
    return ", ".join(parts) or "nothing"


def offer_words(offer: Propose, by: str, to: str) -> str:
    return f"{by} offered {to} {bundle_words(offer.give)} for {bundle_words(offer.take)}"


def describe(event, viewer: int | None, names: Sequence[str]) -> str:
    """A sentence for the log from ``viewer``'s point of view, with hidden cards redacted."""
    event = redact(event, viewer)
    w, d = world(), data()

    def who(seat: int) -> str:
        return "You" if seat == viewer else names[seat]

    def whom(seat: int) -> str:
        return "you" if seat == viewer else names[seat]

    if isinstance(event, CardsDealt):
        if HIDDEN in event.cards:
            return f"{who(event.seat)} {'were' if event.seat == viewer else 'was'} dealt {count(len(event.cards), 'Player card')}."
        cards = " and ".join(d.player_cards[c].name for c in event.cards)
        return f"{who(event.seat)} {'were' if event.seat == viewer else 'was'} dealt {cards}."
    if isinstance(event, CardKept):
        return f"{who(event.seat)} kept a Player card."
    if isinstance(event, PlayerCardsRevealed):
        cards = "; ".join(f"{names[s]}: {d.player_cards[event.cards[s]].name}" for s in event.order)
        return f"Player cards, by rank: {cards}."
    if isinstance(event, ContinentChosen):
        return f"{who(event.seat)} chose {w.continents[event.continent].name}."
    if isinstance(event, StartSubmitted):
        return f"{who(event.seat)} chose a starting flight."
    if isinstance(event, StartBought):
        route = f"{w.airport_of_card(event.origin).city} to {w.airport_of_card(event.dest).city}"
        cards = f"{card_name('plane', event.plane)}, {card_name('passenger', event.passenger)}"
        return f"{who(event.seat)} bought a starting flight {route} ({cards}) for {_coins(event.cost)}, {event.coins} left."
    if isinstance(event, DecksShuffled):
        marker = f"{whom(event.first_player)} hold{'s' if event.first_player != viewer else ''} the first-player marker"
        return f"The Plane and Passenger decks were shuffled; {marker}."
    if isinstance(event, RoundStarted):
        deck = f" The Stage {event.stage} Event deck replaces the last." if event.new_stage_deck else ""
        return f"Round {event.round} (stage {event.stage}); {who(event.first_player)} play{'s' if event.first_player != viewer else ''} first.{deck}"
    if isinstance(event, EventRevealed):
        e = d.events[event.event]
        return f"Event: {e.name}. {e.text}"
    if isinstance(event, CoinsMoved):
        if event.delta >= 0:
            return f"{who(event.seat)} gained {_coins(event.delta)} ({event.reason})."
        short = f" of {event.asked}" if event.asked != -event.delta else ""
        return f"{who(event.seat)} paid {_coins(-event.delta)}{short} ({event.reason})."
    if isinstance(event, LotChosen):
        by = "from the deck" if event.lot.chosen_by < 0 else f"chosen by {names[event.lot.chosen_by]}"
        return f"Auction slot {event.slot + 1}: {lot_name(event.lot)}, {by}."
    if isinstance(event, SlotSkipped):
        return f"Auction slot {event.slot + 1} stays empty: no card can go there."
    if isinstance(event, BidMade):
        return f"{who(event.seat)} bid {_coins(event.amount)}."
    if isinstance(event, BidPassed):
        why = {"pass": "passed", "bids": "has no bids left", "coins": "cannot bid more"}[event.why]
        return f"{who(event.seat)} {why}." if event.why != "bids" or event.seat != viewer else "You have no bids left."
    if isinstance(event, LotSold):
        return f"{who(event.seat)} bought {lot_name(event.item)} for {_coins(event.price)}."
    if isinstance(event, LotUnsold):
        where = "to the pool" if event.item.kind == "airport" else "under its deck"
        return f"Nobody bid on {lot_name(event.item)}: it goes back {where}."
    if isinstance(event, Bought):
        return f"{who(event.seat)} bought {card_name(event.kind, event.item)} for {_coins(event.price)}."
    if isinstance(event, OfferMade):
        return offer_words(event.offer, who(event.seat), whom(event.offer.to_seat)) + "."
    if isinstance(event, OfferAnswered):
        said = f": “{event.reason}”" if event.reason else "."
        return f"{who(event.seat)} {'accepted' if event.accepted else 'refused'} the trade offered by {whom(event.offered_by)}{said}"
    if isinstance(event, TurnEnded):
        return f"{who(event.seat)} {'ended the turn' if event.phase == 'market' else 'finished trading'}."
    if isinstance(event, FlightsSubmitted):
        return f"{who(event.seat)} arranged this round's flights."
    if isinstance(event, Flown):
        r = event.record
        return f"{who(event.seat)} flew {count(r.flights, 'valid flight')} for an income of {r.income}."
    if isinstance(event, SaboteurNamed):
        if event.seat < 0:
            return "Nobody may sabotage this round."
        why = SABOTEUR_MARKS[event.mark]
        return f"{who(event.seat)} may sabotage ({why})."
    if isinstance(event, SabotageDrawn):
        if event.card == HIDDEN:
            return f"{who(event.seat)} drew a Sabotage card."
        return f"{who(event.seat)} drew {d.sabotage[event.card].name}."
    if isinstance(event, SabotageInflicted):
        s = d.sabotage[event.card]
        on = ""
        if event.on >= 0:
            on = f" on {card_name('plane' if s.effect == 'plane' else 'airport', event.on)}"
        if event.truck >= 0:
            on = f": {card_name('truck', event.truck)} lost"
        return f"{who(event.seat)} inflicted {s.name} on {whom(event.target)}{on}."
    if isinstance(event, SabotageReturned):
        card = "a Sabotage card" if event.card == HIDDEN else d.sabotage[event.card].name
        return f"{who(event.seat)} returned {card} under the deck."
    if isinstance(event, FeePaid):
        return f"{who(event.seat)} paid {_coins(event.fee)} to remove {d.sabotage[event.card].name}."
    if isinstance(event, RoundEnded):
        back = f" {count(event.landing_rights_returned, 'Landing Rights card')} returned." if event.landing_rights_returned else ""
        return f"End of round {event.round}.{back} {who(event.first_player)} will play first."
    if isinstance(event, GameEnded):
        winners = " and ".join(names[s] for s in event.winners)
        how = {
            "income": "on income",
            "landing-rights": "on income without Landing Rights",
            "continents": "on continents flown from and to",
            "coins": "on coins",
            "shared": "tied on every tie-breaker: a shared win (bin bags at the ready)",
        }[event.decided_by]
        return f"The game is over: {winners} win{'s' if len(event.winners) == 1 else ''} ({how})."
    return str(event)
