"""The 44 cards of Flight (Pepys, 1954) as small integers.

Card ids: 0-3 the aeroplanes, 4-23 the route cards (colour * 5 + number - 1, plus 4),
24-27 Safe Landing, 28-31 Fog, 32-35 Alternative Route, 36-39 Customs, 40-43 Passport.
Colours: 0 blue (Canada), 1 red (India), 2 yellow (South Africa), 3 green (Australia).
"""

from __future__ import annotations

PLANE, ROUTE, SAFE_LANDING, FOG, ALT_ROUTE, CUSTOMS, PASSPORT = range(7)
NUM_CARDS = 44
COLOURS = ("blue", "red", "yellow", "green")
COLOUR_LETTERS = ("B", "R", "Y", "G")
ROUTE_NAMES = ("Canada", "India", "South Africa", "Australia")
PLANE_NAMES = ("Lockheed Constellation", "Handley Page Halton", "Douglas Skymaster", "Avro Lancastrian")
STOPS = (
    ("Prestwick", "Gander", "Montreal", "Ottawa", "Toronto"),
    ("Tripoli", "Cairo", "Basra", "Karachi", "Bombay"),
    ("Tripoli", "Khartoum", "Kisumu", "Johannesburg", "Durban"),
    ("Jerusalem", "Karachi", "Singapore", "Darwin", "Sydney"),
)
KIND_NAMES = ("Aeroplane", "Route", "Safe Landing", "Fog", "Alternative Route", "Customs", "Passport")
KIND_CODES = ("PL", "R", "SL", "F", "AR", "C", "PP")

_FIRST = {PLANE: 0, ROUTE: 4, SAFE_LANDING: 24, FOG: 28, ALT_ROUTE: 32, CUSTOMS: 36, PASSPORT: 40}


def _build() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    kind, colour, number, value = [], [], [], []
    for card in range(NUM_CARDS):
        if card < 4:
            k, c, n, v = PLANE, card, 0, 20
        elif card < 24:
            k, c, n = ROUTE, (card - 4) // 5, (card - 4) % 5 + 1
            v = n  # house interpretation: R1-R5 count 1-5 in hand
        else:
            k = (card - 24) // 4 + SAFE_LANDING
            c, n = -1, 0
            v = {SAFE_LANDING: 6, FOG: 10, ALT_ROUTE: 8, CUSTOMS: 10, PASSPORT: 8}[k]
        kind.append(k)
        colour.append(c)
        number.append(n)
        value.append(v)
    return tuple(kind), tuple(colour), tuple(number), tuple(value)


KIND, COLOUR, NUMBER, VALUE = _build()
"""Per card id: its kind, colour (-1 for the colourless cards), route number (0 if none), points."""


def plane(colour: int) -> int:
    """The aeroplane card of a colour."""
    return colour


def route(colour: int, number: int) -> int:
    """The route card of a colour and number (1-5)."""
    return 4 + colour * 5 + number - 1


def cards_of(kind: int) -> range:
    """All card ids of a kind."""
    if kind == ROUTE:
        return range(4, 24)
    start = _FIRST[kind]
    return range(start, start + 4)


def code(card: int) -> str:
    """A short code that never relies on colour: ``PL-B``, ``R3-Y``, ``SL``, ``F``, ``AR``, ``C``, ``PP``."""
    k = KIND[card]
    if k == PLANE:
        return f"PL-{COLOUR_LETTERS[COLOUR[card]]}"
    if k == ROUTE:
        return f"R{NUMBER[card]}-{COLOUR_LETTERS[COLOUR[card]]}"
    return KIND_CODES[k]


def name(card: int) -> str:
    """A readable name: ``Route 3 Basra (red)``, ``Fog``."""
    k = KIND[card]
    if k == PLANE:
        return f"Aeroplane {PLANE_NAMES[COLOUR[card]]} ({COLOURS[COLOUR[card]]})"
    if k == ROUTE:
        c, n = COLOUR[card], NUMBER[card]
        return f"Route {n} {STOPS[c][n - 1]} ({COLOURS[c]})"
    return KIND_NAMES[k]


def hand_value(cards) -> int:
    """Penalty points of the cards in a hand."""
    return sum(VALUE[c] for c in cards)
