"""What plays itself in a round: the Event phase (A.1), Grants and Taxes (A.5), End Round
(A.7), and the end of the game after round 10's Fly phase with its tie-breakers."""

from __future__ import annotations

import msgspec

from flight_tui.games.connecting_flights.competitive.rules.common import data, event, gain, pay, power, stage
from flight_tui.games.connecting_flights.competitive.rules.sabotage import last_income, lowest
from flight_tui.games.connecting_flights.competitive.rules.state import (
    OVER,
    CompetitiveState,
    EventRevealed,
    GameEnded,
    RoundEnded,
    RoundStarted,
)

TIE_BREAKERS = ("income", "landing-rights", "continents", "coins")
"""What decides the winner, in order: round 10's pre-tax income; the same without flights
ending on Landing Rights; continents flown from and to; coins. After those the win is shared."""


def start_round(state: CompetitiveState) -> None:
    """A new round: the stage's deck replaced at rounds 4 and 8, and its Event revealed."""
    state.round += 1
    d = data()
    new_stage = state.round in d.stage_starts[1:]
    if new_stage:
        state.event_discard += state.event_deck
        state.event_deck = state.later_events.pop(0)
        state.rng.shuffle(state.event_deck)
    state.log.append(RoundStarted(state.round, stage(state.round), state.first_player, new_stage))
    if state.active_event >= 0:
        state.event_discard.append(state.active_event)
    state.active_event = state.event_deck.pop(0) if state.event_deck else -1
    if state.active_event >= 0:
        state.log.append(EventRevealed(state.round, state.active_event))
        apply_event_now(state)


def apply_event_now(state: CompetitiveState) -> None:
    """The effects of an Event card whose "when" mark is the Event phase."""
    e = event(state)
    if e is None or e.when != "event":
        return
    n = state.config.players
    reason = f"event: {e.name}"
    if e.effect == "all_pay":
        for seat in range(n):
            pay(state, seat, e.amount, reason, insurable=True)
    elif e.effect == "poorest_gains":
        gain(state, lowest(state, lambda s: state.holdings[s].coins), e.amount, reason)
    elif e.effect == "lowest_income_gains":
        gain(state, lowest(state, lambda s: last_income(state, s)), e.amount, reason)
    elif e.effect == "richest_pays":
        pay(state, lowest(state, lambda s: -state.holdings[s].coins), e.amount, reason, insurable=True)


def grants_and_taxes(state: CompetitiveState) -> None:
    """Each airline's grant or tax by the band its round's income falls in (A.5)."""
    d = data()
    e = event(state)
    effect = e.effect if e is not None else ""
    records = state.history[-1]
    for seat, record in enumerate(records):
        band = d.band(record.income)
        grant = band.grant
        if grant:
            grant += power(state, seat, "grant_bonus") or 0
            grant *= 2 if effect == "double_grants" else 1
        tax = 0 if effect == "no_tax" else band.tax
        if power(state, seat, "half_tax") is not None:
            tax //= 2
        got = gain(state, seat, grant, "grant") if grant else 0
        paid = pay(state, seat, tax, "tax") if tax else 0
        records[seat] = msgspec.structs.replace(record, grant=got, tax=paid)


def end_round(state: CompetitiveState) -> None:
    """A.7: the first-player marker moves clockwise, Landing Rights go back, the Investment
    Manager's interest; then the next round begins."""
    n = state.config.players
    returned = 0
    for h in state.holdings:
        state.airport_pool += h.landing_rights
        returned += len(h.landing_rights)
        h.landing_rights = []
    state.first_player = (state.first_player + 1) % n
    for seat in range(n):
        interest = power(state, seat, "interest")
        if interest:
            gain(state, seat, interest, "interest")
    state.saboteur = -1
    state.log.append(RoundEnded(state.round, state.first_player, returned))
    state.coins_after.append([h.coins for h in state.holdings])


def winners(state: CompetitiveState) -> tuple[list[int], str]:
    """The winners and the tie-breaker that decided (``shared`` when none did)."""
    last = state.history[-1]
    keys = {
        "income": lambda s: last[s].income,
        "landing-rights": lambda s: last[s].without_landing_rights,
        "continents": lambda s: last[s].continents,
        "coins": lambda s: state.holdings[s].coins,
    }
    alive = list(range(state.config.players))
    for name in TIE_BREAKERS:
        top = max(keys[name](s) for s in alive)
        alive = [s for s in alive if keys[name](s) == top]
        if len(alive) == 1:
            return alive, name
    return alive, "shared"


def end_game(state: CompetitiveState) -> None:
    state.phase = OVER
    state.current = -1
    state.winners, state.decided_by = winners(state)
    state.log.append(GameEnded(list(state.winners), state.decided_by, [r.income for r in state.history[-1]]))
    state.coins_after.append([h.coins for h in state.holdings])
