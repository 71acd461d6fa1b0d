"""The competitive bots: one player whose level sets how far it looks (see :data:`LEVELS`).

Every decision is made from the seat's view: set-up (the Player card, the continent, the
starting flight), the auction (which card to put up, what to bid), the Marketplace (Landing
Rights, Electric Planes, Fuel Trucks, fees, trades offered and answered), the Fly phase (the
arrangement that earns most) and Sabotage (10 coins or a card, its target and where it goes).

Easy bids a flat share of a card's worth, offers no trades and takes the 10 coins unless it
is nearly full. Normal values cards by the income they add over the rounds left, opens low
and bids up to its value with its last bid, trades when both sides gain. Hard also works out
what every rival would pay for the card under the hammer (their holdings and coins are on the
table) and bids just above it, or pushes a rival's price up while it is safe to, and
values the cards it lacks to fly what it holds more widely; in round 10, which decides the
game, it plays each of a few bids, buys or answers out to the end with the Normal policy
(:mod:`.lookahead`) and makes the one that ends best.

Every level counts the coin cap in what coins are worth (:class:`~.worth.Appraiser`): coins
it would lose anyway are spent freely; Normal and Hard bid them on a card a rival wants. A
refused offer carries a reason the proposer sees (:mod:`.refusal`).
"""

from __future__ import annotations

from typing import Any

import msgspec

from flight_tui.engine.rng import Rng
from flight_tui.games.connecting_flights.competitive.bots.model import (
    Earnings,
    Planner,
    flies_left,
    flyable,
    seats_by_threat,
    unseen,
)
from flight_tui.games.connecting_flights.competitive.bots.lookahead import best_move
from flight_tui.games.connecting_flights.competitive.bots.refusal import refusal_reason
from flight_tui.games.connecting_flights.competitive.bots.worth import Appraiser, bundle_of
from flight_tui.games.connecting_flights.competitive.rules.actions import (
    Accept,
    Bid,
    Bundle,
    BuyElectric,
    BuyLandingRights,
    BuyStart,
    BuyTruck,
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
from flight_tui.games.connecting_flights.competitive.rules.auction import bid_limit, face_value, min_bid
from flight_tui.games.connecting_flights.competitive.rules.market import propose_problem
from flight_tui.games.connecting_flights.competitive.rules.setup import card_kind
from flight_tui.games.connecting_flights.competitive.rules.common import (
    data,
    electric_price,
    fee,
    landing_rights_price,
    spendable,
    truck_price,
    world,
)
from flight_tui.games.connecting_flights.competitive.rules.state import (
    BIDDING,
    CHOOSE_LOTS,
    CONTINENT,
    FLY,
    KEEP,
    MARKET,
    SABOTAGE,
    START,
    TRADING,
    Holdings,
    Lot,
)
from flight_tui.games.connecting_flights.core.chains import AP_CONT, AP_STARS, CARD_AIRPORT, PASS_STARS, PLANE_STARS

POWER_WORTH = {
    "grant_bonus": 4.5,
    "extra_bids": 12.0,
    "truck_discount": 3.5,
    "insured": 10.0,
    "half_tax": 20.0,
    "landing_rights_discount": 10.0,
    "interest": 7.0,
    "electric_discount": 0.8,
}
"""What each Player card power is expected to be worth over a game, in coins, per unit of its
amount (per coin off a truck, per coin more a grant, ...; a power without an amount counts once),
for keeping one: about three trucks bought and four to five grants received in a game (self-play:
4.0 with two players, 4.4 with three, 5.0 with five), interest
at every End Round but some of it lost to the cap, one electric plane."""


POWER_DOUBT = 0.4
"""How far off (as a share) a bot's judgement of a Player card power may be."""
TRADE_CARDS = 3
"""Idle cards of each side a trade may be looked for among."""
UNKNOWN_KINDS = 4
"""The top card of a deck is judged as one of this many of its most common kinds."""
SHORTLIST = 3
"""Lots whose worth to the rivals is judged when choosing what to put up."""
MARKET_CANDIDATES = 3
"""Marketplace buys (those that gain most) the lookahead compares with ending the turn."""
PAIR_SHARE = 0.5
"""In the last round, a card that earns only with a card of another kind still to be auctioned
counts this share of what it adds with it (that one must be won too)."""


class Level(msgspec.Struct, frozen=True):
    """How one level plays."""

    search: int
    """Nodes of the arrangement search for the flights flown."""
    quick: int
    """Nodes of the arrangement search when judging what cards are worth."""
    coin_rate: float
    """A coin earned before the last Fly phase is worth this much of a coin now."""
    potential: float
    """Share of what a card would add once the missing cards are bought."""
    open_share: float
    """An opening bid goes this share of the way from the lowest bid to the card's worth."""
    bid_share: float
    """Share of its worth a bot will pay at most."""
    reads_rivals: bool
    """Bids against what each rival would pay (Hard)."""
    trade_margin: float
    """A trade must be worth at least this many coins to the bot."""
    rival_weight: float
    """A trade must give the bot at least this share of what it gives the other side."""
    proposes: bool
    partners: int
    """How many rivals (the weakest first) it looks for a trade with."""
    sabotage_weight: float
    """Coins' worth of harm to a rival, counted as this share of coins to oneself."""
    denies: bool
    """Bids the coins it would lose to the cap anyway on a card a rival wants, to keep it from them."""
    lookahead: int = 0
    """Samples of the hidden cards for round 10's bids, buys and answers, each candidate played
    out with the Normal policy (:mod:`.lookahead`); 0: no lookahead."""


LEVELS = {
    "easy": Level(60, 10, 0.8, 0.0, 1.0, 0.7, False, 2.0, 0.0, False, 0, 0.4, False),
    "normal": Level(300, 30, 0.8, 0.6, 0.4, 1.0, False, 3.0, 0.5, True, 1, 1.0, True),
    "hard": Level(1500, 80, 0.8, 0.6, 0.4, 1.0, True, 3.0, 0.6, True, 2, 1.0, True, lookahead=1),
}


class CompetitiveBot:
    """A competitive-mode player of one level; it reads its seat's view only."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        """``seed`` drives the doubt in judging Player cards (see :meth:`keep`)."""
        if level not in LEVELS:
            raise ValueError(f"no competitive bot level {level!r}")
        from flight_tui.games.connecting_flights.competitive.rules import COMPETITIVE

        self.level = level
        self.rules = COMPETITIVE
        self.cfg = LEVELS[level]
        self.planner = Planner(self.cfg.search, self.cfg.quick)
        self.rng = Rng.from_seed(seed)
        self.seed = seed
        self._rollout: CompetitiveBot | None = None

    def choose(self, view: Any) -> Any:
        if view.phase == FLY and view.my_flights is None and view.seat in view.to_act:
            return self.fly(view)
        legal = self.rules.legal_actions_from_view(view)
        if len(legal) == 1:
            return legal[0]
        buys = view.phase in (CHOOSE_LOTS, BIDDING)
        appraiser = Appraiser(view, self.planner, self.cfg.coin_rate, self.cfg.potential, buys)
        move = self._heuristic(view, legal, appraiser)
        if self.cfg.lookahead and view.round == data().rounds and view.phase in (BIDDING, MARKET, TRADING):
            candidates = self._candidates(view, legal, appraiser, move)
            if len(candidates) > 1:
                return best_move(view, candidates, self._rollout_policy().choose, self.cfg.lookahead, self.seed)
        return move

    def _rollout_policy(self) -> CompetitiveBot:
        """The Normal player of the lookahead's rollouts (one for every seat: it reads only the
        view it is given), kept so that its judgements are remembered across rollouts."""
        if self._rollout is None:
            self._rollout = CompetitiveBot("normal", self.seed)
        return self._rollout

    def _candidates(self, view: Any, legal: list, appraiser: Appraiser, move: Any) -> list:
        """The moves the lookahead compares with the level's own ``move``: both answers to an
        offer; every bid the rules list, passing, and one more than the most a rival would pay;
        ending the turn and the Marketplace buys that gain most."""
        out = [move]
        if view.pending is not None and view.pending.to_seat == view.seat:
            out += [Accept(), Refuse(refusal_reason(appraiser, view.pending, view.seat, unfair=False))]
        elif view.phase == BIDDING:
            out += [a for a in legal if isinstance(a, (Bid, PassBid))]
            over = self._rival_top(view, appraiser, view.lots[view.bidding.lot]) + 1
            if min_bid(view.bidding, view.lots[view.bidding.lot]) <= over <= spendable(view, view.seat):
                out.append(Bid(over))
        else:
            out += [a for a in legal if isinstance(a, EndTurn)]
            gains = sorted(self._market_gains(view, legal, appraiser), key=lambda ga: -ga[0])
            out += [a for g, a in gains[:MARKET_CANDIDATES]]
        return list(dict.fromkeys(out))

    def _heuristic(self, view: Any, legal: list, appraiser: Appraiser) -> Any:
        """The level's move without lookahead."""
        if view.pending is not None and view.pending.to_seat == view.seat and any(isinstance(a, Accept) for a in legal):
            return self.answer(view, appraiser)
        phase = view.phase
        if phase == KEEP:
            return self.keep(view, legal)
        if phase == CONTINENT:
            return self.continent(view, legal)
        if phase == START:
            return self.start(view, legal)
        if phase == CHOOSE_LOTS:
            return self.choose_lot(view, legal, appraiser)
        if phase == BIDDING:
            return self.bid(view, legal, appraiser)
        if phase in (MARKET, TRADING):
            return self.market(view, legal, appraiser)
        if phase == SABOTAGE:
            return self.sabotage(view, legal, appraiser)
        return legal[0]

    # ------------------------------------------------------------ set-up

    def keep(self, view: Any, legal: list) -> Any:
        """The Player card with the larger budget and power; what a power is worth is judged
        within :data:`POWER_DOUBT` either way, so close cards are each kept at times."""
        cards = data().player_cards

        def worth(a: KeepCard) -> float:
            doubt = 1.0 + POWER_DOUBT * (self.rng.below(2001) / 1000 - 1.0)
            return cards[a.card].budget + doubt * power_worth(cards[a.card])

        return max((a for a in legal if isinstance(a, KeepCard)), key=worth)

    def continent(self, view: Any, legal: list) -> Any:
        from flight_tui.games.connecting_flights.competitive.rules.setup import legal_starts

        def best_start(action: ChooseContinent) -> float:
            mine = view.holdings[view.seat]
            holdings = list(view.holdings)
            holdings[view.seat] = Holdings(mine.coins, [], [], [], list(mine.trucks), [], action.continent)
            trial = msgspec.structs.replace(view, holdings=holdings)
            starts = legal_starts(trial, view.seat, view.setup_planes, view.setup_passengers)
            return max((start_score(view, s) for s in starts), default=-1000.0)

        options = [a for a in legal if isinstance(a, ChooseContinent)]
        return max(options, key=lambda a: (best_start(a), -a.continent))

    def start(self, view: Any, legal: list) -> Any:
        return max((a for a in legal if isinstance(a, BuyStart)), key=lambda a: start_score(view, a))

    # ------------------------------------------------------------ auction

    def lot_worth(self, view: Any, appraiser: Appraiser, seat: int, lot: Lot) -> float:
        return self.lot_value(view, appraiser, seat, lot)[0]

    def lot_value(self, view: Any, appraiser: Appraiser, seat: int, lot: Lot, pairs: bool = True) -> tuple[float, int]:
        """What a lot is worth to ``seat``, and the coins it must keep after buying it for the
        Marketplace buys that worth counts on (see :meth:`Appraiser.market`). In the last
        round's bidding a card also counts a share (:data:`PAIR_SHARE`) of what it adds with a
        card of another kind still to be auctioned (unless not ``pairs``)."""
        if lot.kind in ("plane", "passenger") and lot.card < 0:
            return self._unknown_worth(view, appraiser, seat, lot.kind), 0
        worth = appraiser.card_worth(seat, lot.kind, lot.card)
        if not appraiser.buys or view.phase != BIDDING:
            return worth, 0
        cards = appraiser.cards(seat)
        reserve = appraiser.buys_price(seat, cards.plus(lot.kind, lot.card))
        for other in view.lots[view.bidding.lot + 1:] if appraiser.last and pairs else ():
            if other.kind == lot.kind or other.card < 0:
                continue
            both = cards.plus(other.kind, other.card)
            pair = PAIR_SHARE * appraiser.card_worth(seat, lot.kind, lot.card, both)
            if pair > worth:
                worth = pair
                reserve = face_value(other) + appraiser.buys_price(seat, both.plus(lot.kind, lot.card))
        return worth, reserve

    def _unknown_worth(self, view: Any, appraiser: Appraiser, seat: int, kind: str) -> float:
        """The expected worth of the top card of a deck, over the cards it may be."""
        counts: dict[tuple, list[int]] = {}
        for card in unseen(view, kind):
            key = card_kind(kind, card)
            counts.setdefault(key, []).append(card)
        common = sorted(counts.values(), key=len, reverse=True)[:UNKNOWN_KINDS]
        total = sum(len(v) for v in common)
        if not total:
            return 0.0
        return sum(len(v) * appraiser.card_worth(seat, kind, v[0]) for v in common) / total

    def choose_lot(self, view: Any, legal: list, appraiser: Appraiser) -> Any:
        """The card it most wants to buy (one per kind of card: airports by continent and
        stars), less what it costs, and less a share of what the leading rival would gain more."""
        seen: dict[tuple, ChooseLot] = {}
        for a in legal:
            if isinstance(a, ChooseLot):
                key = (a.kind, AP_CONT[CARD_AIRPORT[a.card]], AP_STARS[CARD_AIRPORT[a.card]]) if a.kind == "airport" else (a.kind,)
                seen.setdefault(key, a)

        def gain(a: ChooseLot) -> float:
            lot = Lot(a.kind, a.card)
            return self.lot_worth(view, appraiser, view.seat, lot) - (face_value(lot) if a.card >= 0 else 0)

        shortlist = sorted(seen.values(), key=gain, reverse=True)[:SHORTLIST]
        rival = seats_by_threat(view, self.planner)[0]

        def score(a: ChooseLot) -> float:
            lot = Lot(a.kind, a.card)
            mine = self.lot_worth(view, appraiser, view.seat, lot)
            theirs = self.lot_worth(view, appraiser, rival, lot)
            return gain(a) - 0.5 * max(0.0, theirs - mine)

        return max(shortlist, key=score)

    def bid(self, view: Any, legal: list, appraiser: Appraiser) -> Any:
        b = view.bidding
        lot = view.lots[b.lot]
        me = view.seat
        lowest = min_bid(b, lot)
        worth, reserve = self.lot_value(view, appraiser, me, lot)
        top = appraiser.top_price(me, worth * self.cfg.bid_share)
        if reserve:
            top = min(top, spendable(view, me) - reserve)
        lost = int(appraiser.lost_coins(me))
        if self.cfg.denies and lost >= lowest and top < lost:
            top = max(top, min(lost, self._rival_top(view, appraiser, lot)))  # coins lost anyway keep it from a rival
        if top < lowest:
            return PassBid()
        left = bid_limit(view, me) - b.bids[me]
        if self.cfg.reads_rivals:
            rival = self._rival_top(view, appraiser, lot)
            if rival < lowest:
                return Bid(lowest)
            if top > rival:
                return Bid(max(lowest, min(top, rival + 1)))
            push = rival - 3
            if left >= 2 and push >= lowest and self._rival_has_bids(view):
                return Bid(min(top, push))
            return PassBid()
        if left <= 1:
            return Bid(top)
        return Bid(max(lowest, min(top, lowest + int((top - lowest) * self.cfg.open_share))))

    def _rival_top(self, view: Any, appraiser: Appraiser, lot: Lot) -> int:
        """The most any rival still in would pay for the lot (as a Normal bot would value it;
        Normal, which asks only to keep the card from a rival, leaves out the pairs of round 10)."""
        b = view.bidding
        normal = LEVELS["normal"]
        out = 0
        for seat in range(view.num_seats):
            if seat == view.seat or b.out[seat] or b.bids[seat] >= bid_limit(view, seat):
                continue
            worth = self.lot_value(view, appraiser, seat, lot, pairs=self.cfg.reads_rivals)[0]
            out = max(out, appraiser.top_price(seat, worth * normal.bid_share))
        return out

    def _rival_has_bids(self, view: Any) -> bool:
        b = view.bidding
        return any(
            seat != view.seat and not b.out[seat] and b.bids[seat] < bid_limit(view, seat) - 1
            for seat in range(view.num_seats)
        )

    # ------------------------------------------------------------ marketplace

    def market(self, view: Any, legal: list, appraiser: Appraiser) -> Any:
        best, best_gain = None, 0.5
        for g, a in self._market_gains(view, legal, appraiser):
            if g > best_gain:
                best, best_gain = a, g
        if best is not None:
            return best
        me = view.seat
        if self.cfg.proposes and view.phase == MARKET and not view.offers_made[me]:
            offer = self.propose(view, appraiser)
            if offer is not None and any(isinstance(a, EndTurn) for a in legal):
                return offer
        return next((a for a in legal if isinstance(a, EndTurn)), legal[0])

    def _market_gains(self, view: Any, legal: list, appraiser: Appraiser) -> list[tuple[float, Any]]:
        """Each fee, truck, electric plane and Landing Rights on sale, with what it gains the
        seat (the worth it adds less its price)."""
        me = view.seat
        out = []
        cards = flyable(view, me)
        earn = Earnings(view)
        for a in legal:
            if isinstance(a, PayFee):
                placed = next(p for p in view.placed if p.card == a.card)
                restored = cards.plus(placed.kind, placed.on)
                g = appraiser.holding_worth(me, restored) - appraiser.holding_worth(me, cards) - appraiser.cost(me, fee(view, me, a.card))
            elif isinstance(a, BuyTruck):
                truck = next((t for t in view.truck_supply if world().fuel_trucks[t].capacity == a.capacity), None)
                if truck is None:
                    continue
                g = appraiser.card_worth(me, "truck", truck, cards) - appraiser.cost(me, truck_price(view, me, a.capacity))
            elif isinstance(a, BuyElectric):
                g = appraiser.card_worth(me, "plane", a.plane, cards) - appraiser.cost(me, electric_price(view, me, a.plane))
            elif isinstance(a, BuyLandingRights):
                now = self.planner.arrangement(cards, earn).income
                more = self.planner.arrangement(cards.plus("rights", a.card), earn).income - now
                price = landing_rights_price(view, me, a.card)
                weight = 4.0 if flies_left(view) <= 1 else 1.0
                g = more * weight - appraiser.cost(me, price)
            else:
                continue
            out.append((g, a))
        return out

    def propose(self, view: Any, appraiser: Appraiser) -> Propose | None:
        """The trade that gains most for both sides together, each side gaining enough: one
        idle card for coins, coins for another's idle card, or a swap of idle cards, with
        coins to share the gain evenly."""
        me = view.seat
        margin = self.cfg.trade_margin
        mine = appraiser.idle(me)
        best, best_surplus = None, 2 * margin
        partners = seats_by_threat(view, self.planner)[::-1][: self.cfg.partners]
        for other in partners:
            theirs = appraiser.idle(other)
            sell = sorted(mine[:TRADE_CARDS], key=lambda kc: -appraiser.card_worth(other, *kc))[:2]
            buy = sorted(theirs[:TRADE_CARDS], key=lambda kc: -appraiser.card_worth(me, *kc))[:2]
            options = [(bundle_of(*x), Bundle()) for x in sell] + [(Bundle(), bundle_of(*y)) for y in buy]
            options += [(bundle_of(*x), bundle_of(*y)) for x in sell for y in buy]
            for give, take in options:
                g_me = appraiser.trade_gain(me, take, give)
                g_them = appraiser.trade_gain(other, give, take)
                if g_me is None or g_them is None or g_me + g_them <= best_surplus:
                    continue
                shift = round((g_them - g_me) / 2)
                if shift > 0:
                    take = msgspec.structs.replace(take, coins=take.coins + shift)
                elif shift < 0:
                    give = msgspec.structs.replace(give, coins=give.coins - shift)
                offer = Propose(other, give, take)
                if propose_problem(view, me, offer) is not None:
                    continue
                best, best_surplus = offer, g_me + g_them
        return best

    def answer(self, view: Any, appraiser: Appraiser) -> Any:
        """Accept an offer only if it gains the bot enough, and not far less than the proposer."""
        offer = view.pending
        me = view.seat
        g_me = appraiser.trade_gain(me, offer.give, offer.take)
        g_them = appraiser.trade_gain(view.pending_from, offer.take, offer.give)
        if g_me is None or g_me < self.cfg.trade_margin:
            return Refuse(refusal_reason(appraiser, offer, me, unfair=False))
        if g_them is not None and g_me < self.cfg.rival_weight * g_them:
            return Refuse(refusal_reason(appraiser, offer, me, unfair=True))
        return Accept()

    # ------------------------------------------------------------ fly

    def fly(self, view: Any) -> Any:
        """The arrangement of the cards that may fly that earns most this round."""
        plan = self.planner.arrangement(flyable(view, view.seat), Earnings(view), full=True)
        return SubmitFlights(tuple(tuple(chain) for chain in plan.chains))

    # ------------------------------------------------------------ sabotage

    def sabotage(self, view: Any, legal: list, appraiser: Appraiser) -> Any:
        inflicts = [a for a in legal if isinstance(a, Inflict)]
        if inflicts:
            leader = seats_by_threat(view, self.planner)[0]
            card = view.drawn_sabotage

            def harm(a: Inflict) -> float:
                weight = 1.0 if a.target == leader else 0.6
                return weight * appraiser.sabotage_damage(a.target, card, a.on)

            best = max(inflicts, key=harm)
            if harm(best) > 0 or not any(isinstance(a, ReturnSabotage) for a in legal):
                return best
            return ReturnSabotage()
        if any(isinstance(a, TakeCoins) for a in legal) and any(isinstance(a, DrawSabotage) for a in legal):
            take = appraiser.kept(view.seat, data().sabotage_coins)
            return DrawSabotage() if self.draw_harm(view, appraiser) * self.cfg.sabotage_weight > take else TakeCoins()
        return legal[0]

    def draw_harm(self, view: Any, appraiser: Appraiser) -> float:
        """The harm a drawn Sabotage card is expected to do to the leader, over the cards it may be."""
        leader = seats_by_threat(view, self.planner)[0]
        placed = {p.card for p in view.placed}
        cards = [c for c in range(len(data().sabotage)) if c not in placed]
        if not cards:
            return 0.0
        h = view.holdings[leader]
        total = 0.0
        for card in cards:
            effect = data().sabotage[card].effect
            targets = h.planes if effect == "plane" else h.airports if effect == "airport" else [-1]
            total += max((appraiser.sabotage_damage(leader, card, on) for on in targets), default=0.0)
        return total / len(cards)


def power_worth(card: Any) -> float:
    """What a Player card's power is expected to be worth over a game, in coins."""
    return POWER_WORTH.get(card.power, 0.0) * (card.power_amount or 1)


def start_score(view: Any, action: BuyStart) -> float:
    """How good a starting flight is: its income for the rounds to come, planes and airports
    that will carry more passengers later, and the coins left for the first auctions."""
    from flight_tui.games.connecting_flights.competitive.rules.setup import budget, start_cost

    income = data().income_by_stars[PASS_STARS[action.passenger] - 1]
    stars = AP_STARS[CARD_AIRPORT[action.origin]] + AP_STARS[CARD_AIRPORT[action.dest]]
    left = budget(view, view.seat) - start_cost(action)
    return 3.0 * income + 5.0 * PLANE_STARS[action.plane] + 4.0 * stars + left


