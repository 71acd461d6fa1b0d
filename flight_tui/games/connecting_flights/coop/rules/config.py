"""The cooperative mode's numbers (``data/coop.toml``) and the set-up of one game (``CoopConfig``)."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import msgspec

from flight_tui.games.connecting_flights.core.world import World

DIFFICULTIES = ("easy", "medium", "hard")
DEMAND_LEVELS = ("low", "high")
MAX_ROUNDS = 30
"""A scenario may lengthen the game, but not without end."""


class CoopData(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The numbers of ``data/coop.toml`` (see the comments there for each one)."""

    start_coins: int
    round_income: int
    coin_cap: int
    refresh_cost: int
    penalty: int
    rounds: int
    setup_pairs: int
    setup_pairs_three_players: int
    market_passengers: int
    market_planes: int
    start_truck_capacity: int
    truck_prices: tuple[int, int, int, int]
    """Price of a Fuel Truck by capacity 1-4."""
    charter: dict[str, tuple[int, ...]]
    """Charter fee track per difficulty: the fee of the 1st, 2nd, ... charter in a round."""

    def truck_price(self, capacity: int) -> int:
        return self.truck_prices[capacity - 1]


@lru_cache(maxsize=1)
def coop_data() -> CoopData:
    """The cooperative mode's numbers (loaded once)."""
    package = __package__.rpartition(".")[0]
    data = resources.files(package).joinpath("data", "coop.toml").read_bytes()
    parsed = msgspec.toml.decode(data, type=CoopData)
    missing = [d for d in DIFFICULTIES if not parsed.charter.get(d)]
    if missing:
        raise ValueError(f"coop.toml: no charter track for {', '.join(missing)}")
    return parsed


_DATA = coop_data()


class CoopConfig(msgspec.Struct, frozen=True, kw_only=True):
    """How one cooperative game is set up. The defaults are the rule text's standard game;
    campaign scenarios change them."""

    players: int = 1
    """1 to 3 seats, sharing one purse."""
    difficulty: str = "easy"
    """The charter fee track: ``easy``, ``medium`` or ``hard``."""
    start_coins: int = _DATA.start_coins
    round_income: int = _DATA.round_income
    coin_cap: int = _DATA.coin_cap
    rounds: int = _DATA.rounds
    setup_pairs: int = 0
    """Departure/Demand pairs placed at set-up; 0 is the text's 3 (4 with three players)."""
    demand_stages: tuple[str, str, str] = ("low", "high", "low")
    """The Passenger Demand deck drawn in stage 1 (rounds 1-3), 2 (4-7) and 3 (8 on)."""
    continents: tuple[str, ...] = ()
    """Codes of the continents in play (``NA``, ``EU``, ...); empty means all six."""
    charter: bool = True
    """False: no charter flights in this game."""
    landing_rights: bool = True
    """False: Landing Rights cannot be rented in this game."""
    refresh_cost: int = _DATA.refresh_cost
    penalty: int = _DATA.penalty
    scenario: str = ""
    """The campaign scenario this game plays ("campaign-id/scenario-id#attempt"), only recorded."""
    reuse_departure_cards: bool = False
    """True only for games begun under save format 1, which keep the first reading of house rule
    C9: an empty Departure Airports deck was re-formed from its discards (so an airport could
    get more passengers than the text allows). Otherwise an empty Departure deck places nobody."""


def config_problem(config: CoopConfig, world: World) -> str | None:
    """Why ``config`` cannot be played (a sentence), or None."""
    if not 1 <= config.players <= 3:
        return "The cooperative game is for 1 to 3 players."
    if config.difficulty not in DIFFICULTIES:
        return f"The difficulty is easy, medium or hard, not {config.difficulty!r}."
    if config.coin_cap < 1:
        return "The coin cap must be at least 1."
    if not 0 <= config.start_coins <= config.coin_cap:
        return f"The starting coins must be between 0 and the cap of {config.coin_cap}."
    if config.round_income < 0 or config.refresh_cost < 0 or config.penalty < 0:
        return "Income, refresh cost and penalty cannot be negative."
    if not 1 <= config.rounds <= MAX_ROUNDS:
        return f"A game lasts 1 to {MAX_ROUNDS} rounds."
    if any(level not in DEMAND_LEVELS for level in config.demand_stages) or len(config.demand_stages) != 3:
        return "Each of the three stages draws from the low or the high demand deck."
    if not 0 <= config.setup_pairs <= len(world.high_demand_cards):
        return f"Set-up places 1 to {len(world.high_demand_cards)} pairs (0 for the usual number)."
    codes = [c.code for c in world.continents]
    unknown = [c for c in config.continents if c not in codes]
    if unknown:
        return f"Unknown continent {unknown[0]!r}: use {', '.join(codes)}."
    if len(set(config.continents)) != len(config.continents):
        return "A continent is named twice."
    if config.continents and len(config.continents) < 2:
        return "At least two continents must be in play."
    return None


def setup_pair_count(config: CoopConfig) -> int:
    """Departure/Demand pairs placed at set-up."""
    if config.setup_pairs:
        return config.setup_pairs
    return _DATA.setup_pairs_three_players if config.players == 3 else _DATA.setup_pairs


def charter_track(config: CoopConfig) -> tuple[int, ...]:
    """The charter fees of this game's difficulty (empty when charters are off)."""
    return _DATA.charter[config.difficulty] if config.charter else ()
