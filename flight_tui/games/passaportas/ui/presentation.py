"""What the Passaportas table shows, worked out from one seat's view (no Textual here).

Seat letters (A to F) name the players everywhere, so that nothing is told by colour alone;
dice faces, the fuel gauge, the ten plane seats, group states, where the plane can fly and
what a move is in words all come from a
:class:`~flight_tui.games.passaportas.rules.state.PassaportasView`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Sequence

from flight_tui.games.passaportas.bots.tactics import Table as Forecast
from flight_tui.games.passaportas.rules.map import MAX_FUEL, GameMap
from flight_tui.games.passaportas.rules.game import PASSAPORTAS, ROLL, completes_last_trip, finish_barred, litres
from flight_tui.games.passaportas.rules.state import (
    CUSTOMS,
    DONE,
    FUEL,
    HOME,
    OFFICE,
    OVER,
    PLANE,
    Boarded,
    CustomsPassed,
    CustomsUsed,
    Flew,
    Fly,
    GotOff,
    NoRoom,
    PassaportasView,
    PassCustoms,
    Roll,
    StayedPut,
    StayPut,
    TripDealt,
    TripsCompleted,
    UseCustoms,
    UseWildToken,
    seat_plan,
)

if TYPE_CHECKING:
    from flight_tui.ui.keys import KeyNames

SEAT_LETTERS = "ABCDEF"
"""A letter per player, shown on their groups in the plane and the customs office."""
DICE_FACES = "⚀⚁⚂⚃⚄⚅"
STATUS_WORDS = {HOME: "waiting", PLANE: "on board", OFFICE: "in customs", DONE: "done"}
UNKNOWN_SEAT, FREE_SEAT = "??", "··"


def fuel_bar(fuel: int, width: int) -> str:
    """The fuel gauge as a bar of ``width`` cells, full at 25,000 litres."""
    filled = round(min(max(fuel, 0), MAX_FUEL) * width / MAX_FUEL)
    return "█" * filled + "░" * (width - filled)


def dice_text(rolls: Sequence[tuple[int, int]], compact: bool = False) -> str:
    """This turn's throws, e.g. ``⚂3 ⚂3 double · ⚀1 ⚄5``; empty before the first throw.

    ``compact`` (a narrow screen): ``⚂3⚂3 ⚀1⚄5``, a double told by its two equal dice.
    """
    if compact:
        return " ".join(f"{DICE_FACES[a - 1]}{a}{DICE_FACES[b - 1]}{b}" for a, b in rolls)
    parts = []
    for a, b in rolls:
        part = f"{DICE_FACES[a - 1]}{a} {DICE_FACES[b - 1]}{b}"
        parts.append(part + (" double" if a == b else ""))
    return " · ".join(parts)


def acting_seat(view: PassaportasView) -> int | None:
    """The seat that decides now: the player in turn, or the next one asked about customs."""
    if view.phase == CUSTOMS and view.customs_queue:
        return view.customs_queue[0]
    if view.phase == FUEL:
        return view.current
    return None


def my_move(view: PassaportasView) -> bool:
    return acting_seat(view) == view.seat


def choosing_flight(view: PassaportasView) -> bool:
    """Whether the viewer is in turn and may still fly."""
    return view.phase == FUEL and view.current == view.seat


def may_roll(view: PassaportasView) -> bool:
    """Whether the viewer may throw the dice now, as the rules have it (IV.1)."""
    return ROLL in PASSAPORTAS.legal_actions_from_view(view)


def destinations(view: PassaportasView, game_map: GameMap) -> dict[int, tuple[int, ...]]:
    """Where the plane can fly with the fuel in the tank and the exact amounts each way burns."""
    return game_map.destinations(view.plane, view.fuel)


def wild_bars_landing(view: PassaportasView, city: int) -> bool:
    """Whether house rule P6 bars the viewer from flying to ``city`` now: they used their wild
    token this turn and their last trip would end there."""
    return finish_barred(view.config, view.turn.wild_used) and completes_last_trip(view.groups[view.seat], city)


def seat_cells(view: PassaportasView) -> list[str]:
    """The ten plane seats: ``B3`` (a person of B's group of 3), ``??`` unknown traveller, ``··`` free."""
    cells = []
    for ref in seat_plan(view.reserved_seats, view.cabin):
        if ref is None:
            cells.append(FREE_SEAT)
        elif ref.player < 0:
            cells.append(UNKNOWN_SEAT)
        else:
            cells.append(f"{SEAT_LETTERS[ref.player]}{ref.group}")
    return cells


def group_label(player: int, size: int) -> str:
    """``B3``: the group of three of player B."""
    return f"{SEAT_LETTERS[player]}{size}"


def whose_group(view: PassaportasView, player: int, size: int, names: Sequence[str]) -> str:
    owner = "your" if player == view.seat else f"{names[player]}'s"
    return f"{owner} {'traveller' if size == 1 else f'group of {size}'}"


def city_notes(view: PassaportasView, city: int, names: Sequence[str]) -> list[str]:
    """Who would get off, board, or find no seat if the plane landed in ``city`` now.

    Public: the card holders stand face up. Boarding follows the rules (the player in turn
    first, each player's groups largest first, while seats last), as the bots forecast it.
    """
    off, on, _ = Forecast.from_view(view).landing(city, view.current)
    boarding = {(player, size) for player, size, _ in on}
    no_room = [
        group_label(player, group.size)
        for player, groups in enumerate(view.groups)
        for group in groups
        if group.status == HOME and group.boarding == city and (player, group.size) not in boarding
    ]
    notes = []
    if off:
        notes.append("gets off: " + " ".join(group_label(player, size) for player, size in off))
    if on:
        notes.append("boards: " + " ".join(group_label(player, size) for player, size, _ in on))
    if no_room:
        notes.append("no room: " + " ".join(no_room))
    return notes


class FlightRow(NamedTuple):
    """One city as the list of flights shows it, from the plane's city."""

    city: int
    leg: int | None
    """The fuel of the leg from the plane's city (None: no leg between them)."""
    least: int | None
    """The least fuel a flight there burns (None: more than a full tank; 0: the plane is there)."""
    amounts: tuple[int, ...]
    """The exact amounts that reach it with the fuel in the tank now."""
    off: tuple[str, ...]
    """Groups that would get off there (``B3``)."""
    on: tuple[str, ...]
    """Groups that would board there."""


def flight_rows(view: PassaportasView, game_map: GameMap) -> list[FlightRow]:
    """Every city as seen from the plane: the plane's city, then its legs by fuel, then the
    others by the least fuel a flight there burns (a leg's fuel is often not the least)."""
    plane = view.plane
    within_a_tank = game_map.destinations(plane, MAX_FUEL)
    now = game_map.destinations(plane, view.fuel)
    legs = dict(game_map.neighbours(plane))
    forecast = Forecast.from_view(view)
    rows = []
    for city in range(game_map.size):
        off, on, _ = forecast.landing(city, view.current)
        least = 0 if city == plane else within_a_tank[city][0] if city in within_a_tank else None
        rows.append(
            FlightRow(
                city,
                legs.get(city),
                least,
                now.get(city, ()),
                tuple(group_label(player, size) for player, size in off),
                tuple(group_label(player, size) for player, size, _ in on),
            )
        )

    def order(row: FlightRow) -> tuple[int, int, str]:
        if row.city == plane:
            return (0, 0, "")
        if row.leg is not None:
            return (1, row.leg, game_map.name(row.city))
        return (2, row.least if row.least is not None else MAX_FUEL + 1, game_map.name(row.city))

    return sorted(rows, key=order)


def roll_needed(view: PassaportasView, least: int | None) -> int | None:
    """The dice total that would bring the tank to ``least`` (None: no single throw of 2 to 12 does,
    or the tank already holds it)."""
    if least is None or least <= view.fuel:
        return None
    need = least - view.fuel
    return max(need, 2) if need <= 12 else None


def moves_since_mine(view: PassaportasView) -> dict[int, int | None]:
    """Where each other player flew since the viewer's last flight or stay (None: they stayed).

    Before the viewer's first move, every move of the game counts. A player who has not moved
    since is left out.
    """
    log = view.log
    mine = [i for i, e in enumerate(log) if isinstance(e, (Flew, StayedPut)) and e.seat == view.seat]
    since: dict[int, int | None] = {}
    for event in log[mine[-1] + 1 if mine else 0 :]:
        if isinstance(event, Flew) and event.seat != view.seat:
            since[event.seat] = event.route[-1]
        elif isinstance(event, StayedPut) and event.seat != view.seat:
            since[event.seat] = None
    return since


def customs_targets(view: PassaportasView) -> list[tuple[int, int, str]]:
    """Opponents' groups the viewer could refuse: ``(player, size, where)``."""
    out = []
    for player, groups in enumerate(view.groups):
        if player == view.seat:
            continue
        out.extend((player, g.size, g.status) for g in groups if g.status in (PLANE, OFFICE))
    return out


def usable_holder(view: PassaportasView) -> int | None:
    """The viewer's customs holder whose top card names the plane's city, if any."""
    return next((h for h, top in enumerate(view.own_customs) if top == view.plane and top >= 0), None)


def flight_route(game_map: GameMap, start: int, city: int, fuel: int) -> str:
    """``LON – PAR – LON`` for one walk burning exactly ``fuel``."""
    return " – ".join(game_map.code(c) for c in game_map.walk(start, city, fuel))


def headline(view: PassaportasView, names: Sequence[str], key: KeyNames, reachable: bool = True, moves: bool = True) -> str:
    """Whose move it is and what they may do (with the keys ``key`` names), for the top of the screen.

    ``reachable``: whether the fuel in the tank takes the plane to any city; ``moves``: whether
    moves are made here (a replay only says whose move it is).
    """
    if view.phase == OVER:
        return f"the game is over: {key('passaportas.results')} shows who won"
    acting = acting_seat(view)
    if acting != view.seat or not moves:
        doing = "decides about customs" if view.phase == CUSTOMS else "is in turn"
        return f"{names[acting]} {doing}"
    if view.phase == CUSTOMS:
        return f"customs: {key('passaportas.customs')} uses a card, {key('passaportas.pass')} passes"
    if not view.turn.rolls and not view.turn.wild_used:
        return f"your turn: {key('passaportas.roll')} rolls"
    if may_roll(view):
        return f"a double! {key('passaportas.roll')} rolls again"
    if not reachable:
        return f"no city in reach: {stay_or_wild(view, key)}"
    return f"pick a city, {key('passaportas.fly')} flies"


def stay_or_wild(view: PassaportasView, key: KeyNames) -> str:
    """``w adds 10,000 l, s stays``: what a player with no city in reach may still do."""
    stay = f"{key('passaportas.stay')} stays"
    return f"{key('passaportas.wild')} adds 10,000 l, {stay}" if view.may_use_wild else stay


def log_events(view: PassaportasView) -> list[Any]:
    """The events of the view's log worth a line: everything but a player using no customs card."""
    return [event for event in view.log if not isinstance(event, CustomsPassed)]


def concerns(event: Any, seat: int) -> bool:
    """Whether an event happens to one of ``seat``'s groups (boarding, customs, a new trip, arrival)."""
    if isinstance(event, (GotOff, Boarded, NoRoom, CustomsUsed, TripDealt)):
        return event.player == seat
    if isinstance(event, TripsCompleted):
        return any(ref.player == seat for ref in event.groups)
    return False


def action_text(action: object, game_map: GameMap, names: Sequence[str], view: PassaportasView, key: KeyNames) -> str:
    """An action in words with its key, e.g. for a hint: ``fly to Rome burning 8,000 l (Enter)``."""
    if isinstance(action, Roll):
        return f"roll the dice ({key('passaportas.roll')})"
    if isinstance(action, UseWildToken):
        return f"use the wild token for 10,000 l ({key('passaportas.wild')})"
    if isinstance(action, StayPut):
        return f"not fly this turn ({key('passaportas.stay')})"
    if isinstance(action, Fly):
        return f"fly to {game_map.name(action.city)} burning {litres(action.fuel)} ({key('passaportas.fly')})"
    if isinstance(action, UseCustoms):
        whose = whose_group(view, action.player, action.group, names)
        return f"use the customs card against {whose} ({key('passaportas.customs')})"
    if isinstance(action, PassCustoms):
        return f"use no customs card ({key('passaportas.pass')})"
    return str(action)
