"""The protocol every game's rules implement.

A game is a plain object (no UI) with functions over a mutable msgspec state:

* ``new_game(config, seed)`` deals a fresh state; all chance comes from the state's ``Rng``.
* ``to_act(state)`` lists the seats that may act now (one seat in turn-based games; several
  in a cooperative phase where any partner may act).
* ``legal_actions(state, seat)`` lists the actions that seat may take.
* ``apply(state, seat, action)`` checks the action and changes the state in place. An illegal
  action raises :class:`~flight_tui.engine.errors.IllegalAction` and leaves the state as it was.
  It returns an :class:`Outcome`: whether the action revealed hidden information or used chance
  (so the table must not let it be undone), and the log events it produced.
* ``view(state, seat)`` is everything that seat may see, and nothing else. Bots and the UI of a
  seat read views only.
* ``describe(event, viewer, names)`` renders a log event for one viewer, hiding what that viewer
  may not know.
* ``is_over(state)`` and ``result(state)`` tell when and how the game ended.
* ``clone(state)`` is an independent copy (for undo and for search).
* ``forced_action(state, seat)`` is the move the rules make for a seat that has nothing to
  decide (by default none: every move is the seat's own). A game's rules class subclasses
  :class:`Rules` to inherit that default.
* ``measures(state)`` (optional, not part of the protocol's methods) gives per-seat figures of a
  finished game, by name, that ``flight-tui simulate`` reports as means per game.

See ``docs/engine.md`` for a worked example.
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence, TypeVar

import msgspec

from flight_tui.engine.options import GameOption
from flight_tui.engine.spec import GameSpec

State = TypeVar("State")
Action = TypeVar("Action")
View = TypeVar("View")


class Outcome(msgspec.Struct, frozen=True):
    """What applying one action did, beyond changing the state."""

    events: list
    irreversible: bool = False
    """True when the action revealed hidden information or used chance: no undo past it."""


class Ending(msgspec.Struct, frozen=True):
    """How one hand or game came to its end: ``how`` is a short key, ``length`` its turns or rounds.

    Each game documents its keys (Flight: ``safe-landing``, ``grounded``, ``turn-cap``;
    Passaportas: ``delivery``, ``round-limit``; the cooperative mode: ``won``, ``lost``).
    A key ending in ``-cap`` is a safety valve firing, never a normal ending.
    """

    how: str
    length: int


class Result(msgspec.Struct, frozen=True):
    """How a finished game ended."""

    scores: list[int]
    winners: list[int]
    summary: str = ""
    endings: list[Ending] = []
    """One per hand for games of several hands (Flight), else one for the game."""
    length_unit: str = "rounds"
    """What ``Ending.length`` counts (``turns`` or ``rounds``)."""


class Rules(Protocol[State, Action, View]):
    """The functions and facts a game's rules provide. See the module docstring.

    ``spec`` is the game's declaration; ``name``, ``title``, the player range, ``cooperative``
    and ``options`` are taken from it.
    """

    spec: GameSpec
    name: str
    title: str
    min_players: int
    max_players: int
    cooperative: bool
    options: tuple[GameOption, ...]
    state_type: type
    action_type: Any
    config_type: type
    ending_labels: Mapping[str, str]
    """``Ending.how`` keys in words, e.g. ``{"safe-landing": "by a Safe Landing"}``."""
    safety_caps: tuple[str, ...]
    """Endings that are a safety valve firing, besides the keys ending in ``-cap``."""

    def make_config(self, players: int, choices: Mapping[str, str]) -> Any:
        """A config for ``players`` seats from set-up choices (missing ones take their default);
        ValueError with a readable sentence when they do not fit."""
        ...

    def new_game(self, config: Any, seed: int) -> State: ...

    def num_seats(self, state: State) -> int: ...

    def to_act(self, state: State) -> Sequence[int]: ...

    def legal_actions(self, state: State, seat: int) -> list[Action]: ...

    def legal_actions_from_view(self, view: View) -> list[Action]:
        """The legal actions of the view's seat, from what it sees (for bots)."""
        ...

    def apply(self, state: State, seat: int, action: Action) -> Outcome: ...

    def view(self, state: State, seat: int) -> View: ...

    def describe(self, event: Any, viewer: int | None, names: Sequence[str]) -> str: ...

    def is_over(self, state: State) -> bool: ...

    def result(self, state: State) -> Result: ...

    def progress(self, state: State) -> str:
        """How far the game has gone, in a few words (for the saves list)."""
        ...

    def clone(self, state: State) -> State: ...

    def forced_action(self, state: State, seat: int) -> Action | None:
        """The move the rules make for ``seat`` now, or None (the default): an action that is the
        seat's only legal one and that the rules mark as automatic (Passaportas: passing customs
        with no card for the city). A turn driver plays it for the seat where that gives nothing away."""
        return None
