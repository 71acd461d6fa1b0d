"""The Normal Passaportas bot: plans its flight with the path finder and a one-turn forecast.

For every city the plane can reach it weighs the landing (:mod:`passaportas_tactics`): its own
groups getting off and boarding against opponents' (the leaders' counting most), the seats the
landing frees for groups waiting at home (anyone's), the customs card it can then use, and the
risk that an opponent refuses one of its exposed groups there. For every amount of fuel it may
burn it forecasts the next player's best landing from where the plane is left with what stays in
the tank, over the dice, and burns fuel to deny it, though fuel left in the tank is worth a
little (it lets the plane reach far cities). Denial has a limit: the longer nobody has boarded
or got off (:func:`patience`), the less opponents' progress counts, so a full plane or a plane
kept away from everyone's goals does not stall the game (an opponent's win counts for
something until the bot yields, below). It rolls while the expected best plan after rolling beats the best plan now, uses
the wild token when it is worth more than :data:`WILD_KEEP` (never to fuel the flight that would
end its last trip, house rule P6), and refuses the opponent group whose loss hurts most. When
nobody has boarded or got off for :data:`STALL_ROUNDS` rounds (:func:`stalled`) it plays for
its own groups, and after :data:`YIELD_ROUNDS` (:func:`yielding`) it no longer keeps the plane
from the next player's goal, so that bots never wait for each other or drag the plane back and
forth for ever. It is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul

from flight_tui.games.passaportas.bots.tactics import (
    LEAST_ROLL,
    ROLL_CHANCES,
    STAGE,
    WIN_BONUS,
    Table,
    first_in,
    opponent_weights,
    tables,
    worth,
)
from flight_tui.games.passaportas.rules import PASSAPORTAS
from flight_tui.games.passaportas.rules.map import MAX_FUEL
from flight_tui.games.passaportas.rules.game import WILD_FUEL, completes_last_trip, finish_barred
from flight_tui.games.passaportas.rules.state import (
    CUSTOMS,
    DONE,
    OFFICE,
    PLANE,
    Fly,
    PassaportasAction,
    PassaportasView,
    PassCustoms,
    Roll,
    StayPut,
    UseCustoms,
    UseWildToken,
)

SEAT_RELIEF = 0.7
"""Worth (in stages) to a player of each of their groups at home that a landing lets fit in the
plane (less each it shuts out): freeing seats helps everyone waiting to board."""
FUEL_KEEP = 0.015
"""Worth per thousand litres left in the tank after a flight (up to :data:`KEEP_CAP`): fuel that
stays lets the next flights reach far cities, so the plane does not stay in one corner."""
KEEP_CAP = 12
PATIENCE_ROUNDS = 1.0
"""Rounds without anyone boarding or getting off after which the bot no longer holds back to
deny opponents (see :func:`patience`)."""
STALL_ROUNDS = 2.0
"""Rounds without anyone boarding or getting off after which the game counts as stalled and the
bot plays for its own groups (see :func:`stalled`)."""
YIELD_ROUNDS = 5.0
"""Rounds without anyone boarding or getting off after which the bot yields (see :func:`yielding`)."""
WIN_PATIENCE = 0.15
"""The least :func:`patience` ever comes to where an opponent would win: enough that the bot
does not hand the game over just to free seats for one of its groups."""
WILD_KEEP = 0.9
"""Worth (in stages) of keeping the wild token for later."""
RESPONSE_WEIGHT = 0.6
"""How much the forecast of the next player's landing counts."""
CUSTOMS_USE_WEIGHT = 0.8
"""How much a refusal the bot could make after landing counts (it may find a better use)."""
RISK_SHARE_MANY = 0.6
"""With three or more players, the share of the customs risk that falls on this bot."""
PLANE_EXPOSURE = 0.25
"""Share of a group in the plane's stage counted as at risk at a landing (see ``_exposure``)."""
DISTANCE_WEIGHT = 0.02
"""Worth per thousand litres of the plane being left nearer the bot's next goal (a boarding
city of a group at home or the destination of one in the plane), counting at most
:data:`DISTANCE_CAP`: a goal more than a tankful away is just far, so completing a trip never
looks worse because the next goal is out of reach."""
DISTANCE_CAP = MAX_FUEL


def refusal_damage(groups, player: int, size: int) -> float:
    """Stages ``player`` loses when their group ``size`` is refused (more if it would finish)."""
    group = groups[player][size - 1]
    loss = float(STAGE[group.status])
    if group.status == OFFICE and all(g.status in (OFFICE, DONE) for g in groups[player]):
        loss += WIN_BONUS
    return loss


def customs_choice(view: PassaportasView, legal: Sequence[PassaportasAction]) -> PassaportasAction:
    """Refuse the opponent group whose loss counts most; pass when there is none."""
    uses = [a for a in legal if isinstance(a, UseCustoms)]
    if not uses:
        return PassCustoms()
    stages = [sum(STAGE[g.status] for g in gs) for gs in view.groups]
    weights = opponent_weights(stages, view.seat, view.num_seats)
    return max(uses, key=lambda a: (weights[a.player] * refusal_damage(view.groups, a.player, a.group), -a.player, a.group))


def unseen_customs_odds(view: PassaportasView) -> float:
    """The chance that some opponent's top customs card names a given city the viewer cannot rule out."""
    known = {c for c in view.own_customs if c >= 0} | set(view.customs_used)
    pool = tables().size - len(known)
    holders = sum(1 for p, counts in enumerate(view.customs_counts) if p != view.seat for c in counts if c > 0)
    if pool <= 0 or holders == 0:
        return 0.0
    return 1.0 - (1.0 - 1.0 / pool) ** holders


def patience(view: PassaportasView) -> float:
    """How much opponents' progress counts against the bot's own (the ``scale`` of
    :func:`opponent_weights`): it falls by an equal step for every turn begun since a group last
    boarded or got off, this one included, to 0 once a whole round (:data:`PATIENCE_ROUNDS`) has
    begun that way. With two players it is at most 1/2, with four 3/4. A stuck plane costs
    everyone more than an opponent's step forward: then the bot takes any landing that moves its
    own groups or frees seats for them, even where opponents' groups get off. An opponent's win
    keeps counting at least :data:`WIN_PATIENCE`."""
    return max(0.0, 1.0 - view.quiet_turns / (PATIENCE_ROUNDS * view.num_seats))


def stalled(view: PassaportasView) -> bool:
    """Whether more than :data:`STALL_ROUNDS` rounds have begun without anyone boarding or getting
    off. Then the bot forecasts only whether the next player could win, values no fuel left in
    the tank nor seats freed for later, and takes the risk of customs (waiting does not lessen
    it): it flies where its own groups gain most, short of handing over the game. Bots that each
    wait for the other to make a landing good for both, or that keep the plane in a corner where
    nobody can be hurt, would otherwise circle for ever."""
    return view.quiet_turns > STALL_ROUNDS * view.num_seats


def yielding(view: PassaportasView) -> bool:
    """Whether more than :data:`YIELD_ROUNDS` rounds have begun without anyone boarding or getting
    off. Then the bot no longer keeps the plane away from where the next player would win, and it
    brings the plane only within a tankful of its own goal and waits there for the fuel: two
    bots whose goals lie at opposite ends of the map would otherwise drag the plane back and
    forth, each turn's fuel too little to get there, until the round limit."""
    return view.quiet_turns > YIELD_ROUNDS * view.num_seats


class FuelPlanner:
    """Values every flight (city and fuel burned) and staying put, for the player in turn."""

    def __init__(self, view: PassaportasView) -> None:
        self.view = view
        self.me = view.seat
        self.n = view.num_seats
        self.maps = tables(view.config.edition)
        self.table = Table.from_view(view)
        self.denial = patience(view)
        self.stalled = stalled(view)
        self.yielding = yielding(view)
        self.weights = opponent_weights(self.table.stages, self.me, self.n, self.denial)
        self.win_weights = opponent_weights(self.table.stages, self.me, self.n, max(self.denial, WIN_PATIENCE))
        self.fuel_keep = 0.0 if self.stalled else FUEL_KEEP
        self.next_player = (self.me + 1) % self.n
        self.city_value = [self._landing_value(c) for c in range(self.maps.size)]
        self.stay_value = self._position(view.plane, self.table)
        own = view.groups[self.me]
        self.finish = next((c for c in range(self.maps.size) if completes_last_trip(own, c)), -1)
        """The city where the bot's last trip would end (-1 while it has groups elsewhere)."""
        self._responses: dict[int, list[float]] = {}
        self._expected: dict[tuple[int, int], float] = {}
        self._best: dict[tuple[int, bool], tuple[float, PassaportasAction]] = {}
        self._roll: dict[tuple[int, bool], float] = {}

    # -------------------------------------------------------------- one landing

    @staticmethod
    def landing_gains(table: Table, city: int, mover: int, relief: float = SEAT_RELIEF) -> tuple[list[float], list[float]]:
        """What a landing gains each player: the stages it moves their groups plus ``relief`` for
        each of their groups at home it lets fit in the plane (less for each it shuts out); and,
        apart, :data:`WIN_BONUS` to a player whose last group gets off."""
        steps, wins = table.gains(city, mover)
        if any(steps):
            for p, change in enumerate(table.unblocked(city, mover)):
                steps[p] += relief * change
        return steps, wins

    def _landing_value(self, city: int) -> float:
        table, me, view = self.table, self.me, self.view
        steps, wins = self.landing_gains(table, city, me, 0.0 if self.stalled else SEAT_RELIEF)
        value = worth(steps, self.weights) + worth(wins, self.win_weights)
        after = table.after(city, me)
        if city in view.own_customs:
            value += CUSTOMS_USE_WEIGHT * self._best_refusal(city, after)
        odds = unseen_customs_odds(view) if city not in view.own_customs and city not in view.customs_used else 0.0
        if odds and not self.stalled:
            share = 1.0 if self.n == 2 else RISK_SHARE_MANY
            value -= odds * share * self._exposure(city, after)
        return value + self._position(city, after)

    def _position(self, city: int, table: Table) -> float:
        """The (negative) worth of the plane standing in ``city`` far from the bot's next goal.

        Once the bot yields (:func:`yielding`) only the distance beyond a full tank counts.
        """
        goals = table.goals(self.me)
        goals.discard(city)
        if not goals:
            return 0.0
        nearest = min(self.maps.distance[city][c] for c in goals)
        if self.yielding:
            return -DISTANCE_WEIGHT * max(0, nearest - MAX_FUEL)
        return -DISTANCE_WEIGHT * min(DISTANCE_CAP, nearest)

    def _best_refusal(self, city: int, after: Table) -> float:
        """The worth of the best refusal this bot could make after landing in ``city``."""
        off, on, _ = self.table.landing(city, self.me)
        best = 0.0
        for p, gs in enumerate(self.view.groups):
            if p == self.me:
                continue
            finishing = after.open_groups[p] == 0
            for g in gs:
                if (p, g.size) in off:
                    loss = 2.0 + (WIN_BONUS if finishing else 0.0)
                elif g.status == PLANE or any(w[0] == p and w[1] == g.size for w in on):
                    loss = 1.0
                else:
                    continue
                best = max(best, self.weights[p] * loss)
        return best

    def _exposure(self, city: int, after: Table) -> float:
        """What the bot stands to lose if an opponent refuses one of its groups after this landing.

        A group that has just got off loses its whole trip. Groups in the plane are exposed at
        every landing, whoever flies, so they count only a little (:data:`PLANE_EXPOSURE`).
        """
        off, on, _ = self.table.landing(city, self.me)
        if any(p == self.me for p, _ in off):
            return 2.0 + (WIN_BONUS if after.open_groups[self.me] == 0 else 0.0)
        in_plane = any(g.status == PLANE for g in self.view.groups[self.me]) or any(w[0] == self.me for w in on)
        return PLANE_EXPOSURE if in_plane else 0.0

    # -------------------------------------------------------------- the next player's answer

    def _answers(self, city: int) -> list[float]:
        """For each tank (0..25), what the next player's best landing is worth to this bot once
        this bot has landed in ``city`` (-1: stayed put), then the full tank's worth again up to
        50 (a roll fills the tank at most); cached. In a stalled game only a landing that wins
        counts."""
        cached = self._responses.get(city)
        if cached is not None:
            return cached
        table = self.table if city < 0 else self.table.after(city, self.me)
        start = self.view.plane if city < 0 else city
        q = self.next_player
        q_weights = opponent_weights(table.stages, q, self.n, self.denial)
        q_win_weights = opponent_weights(table.stages, q, self.n, max(self.denial, WIN_PATIENCE))
        theirs, mine = [], []
        for c in range(self.maps.size):
            steps, wins = self.landing_gains(table, c, q)
            if not any(steps) and not any(wins):  # nobody gets off or on: worth nothing to anyone
                theirs.append(0.0)
                mine.append(0.0)
                continue
            theirs.append(worth(steps, q_weights) + worth(wins, q_win_weights))
            step_worth = 0.0 if self.stalled else worth(steps, self.weights)
            win_worth = 0.0 if self.yielding else worth(wins, self.win_weights)
            mine.append(step_worth + win_worth)
        order = sorted((c for c in range(self.maps.size) if theirs[c] > 0), key=lambda c: -theirs[c])
        values = []
        for mask in self.maps.reach[start]:
            choice = first_in(order, mask)
            values.append(mine[choice] if choice >= 0 else 0.0)
        values.extend([values[MAX_FUEL]] * MAX_FUEL)
        self._responses[city] = values
        return values

    def expected_response(self, city: int, left: int) -> float:
        """The next player's answer to the plane standing in ``city`` (-1: not flown) with ``left`` fuel."""
        key = (city, left)
        cached = self._expected.get(key)
        if cached is None:
            first = left + LEAST_ROLL
            values = self._answers(city)[first : first + len(ROLL_CHANCES)]
            cached = sum(map(mul, ROLL_CHANCES, values))
            self._expected[key] = cached
        return cached

    def _forecast(self, city: int, left: int) -> float:
        """How much the next player's answer counts in a plan."""
        return RESPONSE_WEIGHT * self.expected_response(city, left)

    # -------------------------------------------------------------- the plan

    def best(self, fuel: int, no_finish: bool = False) -> tuple[float, PassaportasAction]:
        """The best flight (or staying put) with ``fuel`` in the tank, and its worth; with
        ``no_finish`` (after the wild token, house rule P6) not the flight that ends the bot's last
        trip."""
        cached = self._best.get((fuel, no_finish))
        if cached is not None:
            return cached
        plane = self.view.plane
        best_value = self.stay_value + self._forecast(-1, fuel)
        best_action: PassaportasAction = StayPut()
        for city, amounts in enumerate(self.maps.amounts[plane]):
            if no_finish and city == self.finish:
                continue
            base = self.city_value[city]
            for amount in amounts:
                if amount > fuel:
                    break
                value = base + self._forecast(city, fuel - amount) + self.fuel_keep * min(KEEP_CAP, fuel - amount)
                if value > best_value + 1e-9:
                    best_value, best_action = value, Fly(city, amount)
        self._best[(fuel, no_finish)] = (best_value, best_action)
        return best_value, best_action

    def roll_value(self, fuel: int, no_finish: bool = False) -> float:
        """The expected worth of rolling with ``fuel`` in the tank (rolling again after doubles when better)."""
        cached = self._roll.get((fuel, no_finish))
        if cached is not None:
            return cached
        total = 0.0
        for a in range(1, 7):
            for b in range(1, 7):
                after = min(MAX_FUEL, fuel + a + b)
                value = self.best(after, no_finish)[0]
                if a == b and after < MAX_FUEL:
                    value = max(value, self.roll_value(after, no_finish))
                total += value / 36
        self._roll[(fuel, no_finish)] = total
        return total


def fuel_choice(view: PassaportasView, legal: Sequence[PassaportasAction]) -> PassaportasAction:
    """Roll, use the wild token, fly or stay, by the :class:`FuelPlanner`'s values."""
    planner = FuelPlanner(view)
    fuel = view.fuel
    barred = finish_barred(view.config, view.turn.wild_used)
    now, action = planner.best(fuel, barred)
    may_roll = any(isinstance(a, Roll) for a in legal)
    if may_roll and not view.turn.rolls:
        return Roll()  # the first throw only widens the choice; the fuel can still be burned
    rolling = planner.roll_value(fuel, barred) if may_roll else float("-inf")
    if may_roll and rolling > now + 1e-9:
        return Roll()
    if view.may_use_wild and fuel < MAX_FUEL:
        boosted = min(MAX_FUEL, fuel + WILD_FUEL)
        after = finish_barred(view.config, True)
        wild = max(planner.best(boosted, after)[0], planner.roll_value(boosted, after) if may_roll else float("-inf"))
        if wild - max(now, rolling) > WILD_KEEP:
            return UseWildToken()
    return action


class NormalBot:
    """Plans with the path finder and a forecast of the next player (see module doc)."""

    level = "normal"

    def choose(self, view: PassaportasView) -> PassaportasAction:
        legal = PASSAPORTAS.legal_actions_from_view(view)
        if not legal:
            raise ValueError("It is not this seat's turn.")
        if len(legal) == 1:
            return legal[0]
        if view.phase == CUSTOMS:
            return customs_choice(view, legal)
        return fuel_choice(view, legal)

