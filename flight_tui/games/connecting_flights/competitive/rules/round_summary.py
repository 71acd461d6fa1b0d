"""What one round did to each airline's coins, and why, from a seat's log (for the round summary).

:func:`summarize_round` is a pure function of the log a seat may read (a view's ``log``, or a
saved game's log redacted for a viewer) and the coins at the end of each round (the view's
``coins_after``): for each airline, every change of its coins in the round with its cause (the
event, the auction, the Marketplace, trades, fees, the income of each flight, unused Landing
Rights, the grant or tax, sabotage, interest), then the sabotage in words and what ends the
round. :func:`round_opening` is the same for the start of a round: its Event card and what the
card did at once. A replay viewer can call both on any round of a log.

A view carries only the latest events: when the start of the round is no longer among them,
what cannot be itemized any more is one line, "earlier this round", worked out from the coins
at the end of the round before, so the lines always add up to the change.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from flight_tui.games.connecting_flights.competitive.rules.common import data, world
from flight_tui.games.connecting_flights.competitive.rules.describe import HIDDEN, SABOTEUR_MARKS, card_name, describe, redact
from flight_tui.games.connecting_flights.competitive.rules.state import (
    Bought,
    CoinsMoved,
    EventRevealed,
    FeePaid,
    Flown,
    GameEnded,
    LotSold,
    OfferAnswered,
    RoundEnded,
    RoundStarted,
    SabotageDrawn,
    SabotageInflicted,
    SabotageReturned,
    SaboteurNamed,
    StartBought,
)
from flight_tui.words import count


class CoinLine(msgspec.Struct, frozen=True):
    """One change of an airline's coins: ``delta`` (> 0 gained) and why, in words."""

    delta: int
    why: str


class SeatSummary(msgspec.Struct, frozen=True):
    """One airline's round: its coins before and after, and each change between."""

    seat: int
    name: str
    before: int | None
    """Coins when the round began (None when the log no longer tells)."""
    after: int | None
    """Coins when the round ended (None when the log does not tell)."""
    lines: list[CoinLine]

    @property
    def change(self) -> int:
        return sum(line.delta for line in self.lines)


class RoundSummary(msgspec.Struct, frozen=True):
    """A round's end: each airline's coins, the sabotage and the closing words."""

    round: int
    seats: list[SeatSummary]
    sabotage: list[str]
    """The Sabotage phase in words (who might, what they chose, on which card, what it cost)."""
    closing: str
    """Landing Rights returned and who plays first next, or who won."""
    partial: bool = False
    """Some of the round's first moves are no longer in the log (nor in ``seats``' lines)."""


class RoundOpening(msgspec.Struct, frozen=True):
    """A round's start: its Event card and the coins it moved at once."""

    round: int
    event: str
    """The Event card's name and text ("" when none was drawn)."""
    effects: list[str]
    """What it did at once: "Ann paid 5", "Bob gained 10" (empty when it acts later)."""
    card: int = -1
    """The Event card (an index into the data's events; -1: none)."""


def _who(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    return "You" if seat == viewer else names[seat]


def _whom(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    return "you" if seat == viewer else names[seat]


def _round_span(log: Sequence, round_no: int) -> tuple[int | None, int | None]:
    """Indexes of the round's RoundStarted (None: no longer in the log) and of its end
    (RoundEnded, or GameEnded after round 10; None: not ended yet)."""
    start = end = None
    for i, e in enumerate(log):
        if isinstance(e, RoundStarted) and e.round == round_no:
            start = i
        elif isinstance(e, RoundEnded) and e.round == round_no:
            end = i
        elif isinstance(e, GameEnded) and round_no == data().rounds:
            end = i
    return start, end


def _flight_words(e: Flown) -> str:
    """Each flight of a seat and what it earned: "3 flights: NYC→LON 15, LON→PAR 10 ✗ 0, +5 event bonus"."""
    w, d = world(), data()
    parts, base = [], 0
    for chain, valid in zip(e.chains, e.valid):
        for f, ok in zip(chain, valid):
            if f.origin is None or f.dest is None:
                continue
            route = f"{w.airport_of_card(f.origin).code}→{w.airport_of_card(f.dest).code}"
            if ok and f.passenger is not None:
                earned = d.income_by_stars[w.passengers[f.passenger].stars - 1]
                base += earned
                parts.append(f"{route} {earned}")
            else:
                parts.append(f"{route} ✗ 0")
    bonus = e.record.income - base
    if bonus:
        parts.append(f"{bonus:+d} event bonus")
    if not parts:
        return "income: no flights flown"
    return f"income, {count(e.record.flights, 'valid flight')}: " + ", ".join(parts)


def _reason_words(e: CoinsMoved, saboteur: int, viewer: int | None, names: Sequence[str], flown: dict[int, str], sabotage_card: str) -> str:
    """Why coins moved, in words."""
    reason = e.reason
    if reason == "income":
        why = flown.get(e.seat, "income")
    elif reason.startswith("event: "):
        why = f"event {reason.removeprefix('event: ')}"
    elif reason == "unused landing rights":
        why = "unused Landing Rights (twice their price)"
    elif reason == "grant":
        why = "grant for the round's income"
    elif reason == "tax":
        why = "tax on the round's income"
    elif reason == "sabotage":
        if e.delta >= 0:
            why = f"sabotage: {sabotage_card} paid by the target"
        else:
            why = f"sabotage by {_whom(saboteur, viewer, names)}: {sabotage_card}" if saboteur >= 0 else "sabotage"
    elif reason == "instead of sabotage":
        why = "took the coins instead of sabotaging"
    elif reason == "interest":
        why = f"interest ({power_card_name('interest')})"
    else:
        why = reason
    if e.delta < 0 and e.asked > -e.delta:
        why += f" (of {e.asked})"
    elif e.delta >= 0 and e.asked > e.delta:
        why += f" (of {e.asked}: coins stop at {data().coin_cap})"
    return why


def power_card_name(power: str) -> str:
    """The name of the Player card with ``power`` ("Auctioneer" for ``extra_bids``)."""
    return next((card.name for card in data().player_cards if card.power == power), power)


def _sabotage_words(events: Sequence, viewer: int | None, names: Sequence[str]) -> list[str]:
    """The Sabotage phase in words (a card drawn and inflicted is told once, as inflicted)."""
    d = data()
    out: list[str] = []
    inflicted = any(isinstance(e, SabotageInflicted) for e in events)
    for e in events:
        if isinstance(e, SaboteurNamed):
            if e.seat < 0:
                out.append("Nobody may sabotage this round.")
            else:
                out.append(f"{_who(e.seat, viewer, names)} may sabotage ({SABOTEUR_MARKS.get(e.mark, e.mark)}).")
        elif isinstance(e, CoinsMoved) and e.reason == "instead of sabotage":
            out.append(f"{_who(e.seat, viewer, names)} took {count(e.delta, 'coin')} instead.")
        elif isinstance(e, SabotageDrawn) and not inflicted:
            card = "a Sabotage card" if e.card == HIDDEN else d.sabotage[e.card].name
            out.append(f"{_who(e.seat, viewer, names)} drew {card}.")
        elif isinstance(e, SabotageInflicted):
            card = d.sabotage[e.card]
            target = _whom(e.target, viewer, names)
            if e.on >= 0:
                host = card_name("plane" if card.effect == "plane" else "airport", e.on)
                owner = "you pay" if e.target == viewer else f"{names[e.target]} pays"
                what = f"on {target}'s {host.removeprefix('the ').removeprefix('a ')}: out of use until {owner} its fee ({count(card.fee, 'coin')})"
            elif e.truck >= 0:
                what = f"on {target}: {card_name('truck', e.truck)} lost"
            else:
                what = f"on {target}"
            out.append(f"{_who(e.seat, viewer, names)} drew and inflicted {card.name} {what}.")
        elif isinstance(e, SabotageReturned):
            card = "the card" if e.card == HIDDEN else d.sabotage[e.card].name
            out.append(f"{_who(e.seat, viewer, names)} returned {card} under the deck, unused.")
    return out


def summarize_round(
    log: Sequence,
    round_no: int,
    names: Sequence[str],
    viewer: int | None,
    coins_after: Sequence[Sequence[int]] = (),
) -> RoundSummary | None:
    """Round ``round_no`` as ``viewer`` may know it (None: what everyone may know), from ``log``
    (the latest events, in order); None when its end is not in the log. ``coins_after`` gives
    each airline's coins at the end of every round (see the module docstring)."""
    start, end = _round_span(log, round_no)
    if end is None:
        return None
    seats = len(names)
    # without the round's start, the log holds nothing of the round before (which ends right before it)
    events = [redact(e, viewer) for e in log[start or 0 : end + 1]]
    flown = {e.seat: _flight_words(e) for e in events if isinstance(e, Flown)}
    inflicted = next((e for e in events if isinstance(e, SabotageInflicted)), None)
    saboteur = inflicted.seat if inflicted is not None else -1
    sabotage_card = data().sabotage[inflicted.card].name if inflicted is not None else ""
    lines: list[list[CoinLine]] = [[] for _ in range(seats)]
    for e in events:
        if isinstance(e, CoinsMoved):
            if e.delta or e.asked or e.reason == "income":
                lines[e.seat].append(CoinLine(e.delta, _reason_words(e, saboteur, viewer, names, flown, sabotage_card)))
        elif isinstance(e, LotSold):
            lines[e.seat].append(CoinLine(-e.price, f"auction: {card_name(e.item.kind, e.item.card)}"))
        elif isinstance(e, Bought):
            lines[e.seat].append(CoinLine(-e.price, f"Marketplace: {card_name(e.kind, e.item)}"))
        elif isinstance(e, FeePaid):
            lines[e.seat].append(CoinLine(-e.fee, f"fee to remove {data().sabotage[e.card].name}"))
        elif isinstance(e, OfferAnswered) and e.accepted:
            moved = e.offer.give.coins - e.offer.take.coins
            if moved:
                lines[e.offered_by].append(CoinLine(-moved, f"trade with {_whom(e.seat, viewer, names)}"))
                lines[e.seat].append(CoinLine(moved, f"trade with {_whom(e.offered_by, viewer, names)}"))
    after = list(coins_after[round_no - 1]) if len(coins_after) >= round_no else None
    before: list[int | None] = [None] * seats
    if start is not None and after is not None:
        before = [after[s] - sum(line.delta for line in lines[s]) for s in range(seats)]
    elif after is not None and round_no >= 2 and len(coins_after) >= round_no - 1:
        before = list(coins_after[round_no - 2])
        for s in range(seats):
            rest = after[s] - before[s] - sum(line.delta for line in lines[s])
            if rest:
                lines[s].insert(0, CoinLine(rest, "earlier this round: auction, Marketplace, trades, fees (see the Log)"))
    elif start is not None and round_no == 1:
        bought = {e.seat: e.coins for e in log if isinstance(e, StartBought)}
        if len(bought) == seats:
            before = [bought[s] for s in range(seats)]
    summaries = [
        SeatSummary(
            s,
            names[s],
            before[s],
            after[s] if after is not None else (None if before[s] is None else before[s] + sum(line.delta for line in lines[s])),
            lines[s],
        )
        for s in range(seats)
    ]
    partial = start is None and after is not None and before[0] is None
    return RoundSummary(round_no, summaries, _sabotage_words(events, viewer, names), _closing(events[-1], viewer, names), partial)


def _closing(e, viewer: int | None, names: Sequence[str]) -> str:
    if isinstance(e, GameEnded):
        return "That was the last round. " + describe(e, viewer, names)
    back = f"{count(e.landing_rights_returned, 'Landing Rights card')} went back to the pool. " if e.landing_rights_returned else ""
    first = _who(e.first_player, viewer, names)
    return f"{back}{first} play{'s' if e.first_player != viewer else ''} first in round {e.round + 1}."


def round_opening(log: Sequence, round_no: int, names: Sequence[str], viewer: int | None) -> RoundOpening | None:
    """The start of round ``round_no``: its Event card and what it did at once (None when the
    round's start is not in ``log``)."""
    start, _ = _round_span(log, round_no)
    if start is None or not isinstance(log[start], RoundStarted) or log[start].round != round_no:
        return None
    card, effects, index = "", [], -1
    for e in log[start + 1 :]:
        if isinstance(e, EventRevealed):
            c, index = data().events[e.event], e.event
            card = f"{c.name}. {c.text}"
        elif isinstance(e, CoinsMoved) and e.reason.startswith("event: "):
            due = f" of {e.asked}" if e.delta < 0 and e.asked > -e.delta else ""
            verb = "paid" if e.delta < 0 else "gained"
            effects.append(f"{_who(e.seat, viewer, names)} {verb} {abs(e.delta)}{due}")
        elif not isinstance(e, CoinsMoved):
            break
    return RoundOpening(round_no, card, effects, index)
