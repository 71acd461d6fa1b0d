"""The turn driver: who is asked to move now, and the moves that bots and the rules make.

Every loop that plays a game goes through a :class:`TurnDriver` over a
:class:`~flight_tui.table.Table`: the table screens, ``flight-tui simulate``, the tests and the
benchmarks. For each seat the driver knows who plays it, a :class:`SeatController`: a bot
(:class:`BotSeat`), which the driver asks for its move, or a person at this terminal
(:class:`PersonSeat`), who sends moves to the table when asked. At a table served to several
terminals (``flight-tui serve``), the service's driver has a :class:`PersonSeat` for each player
(their app sends their moves), and each player's app has an :class:`ElsewhereSeat` for every
seat but theirs: those moves arrive with the table's updates, and nobody here is asked.

The driver answers which seats are asked now (all of ``to_act``: trade replies and simultaneous
choices ask several seats at once) and what the next step is: a move the rules make for a seat
(``Rules.forced_action``), a bot's move, or people's moves. A forced move is made only for the
one person at the table: with several people, everyone is asked, so that nobody learns from a
skipped question what another holds; a bot is always asked itself, at its usual pace, for the
same reason.

Bots are seeded with :func:`~flight_tui.engine.rng.derived_seed` of the game's seed and their
seat, a one-way hash: no bot can work out the deal from its seed.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, NamedTuple, Protocol, Sequence

from flight_tui.bots import Bot, make_bot
from flight_tui.engine.protocol import Outcome
from flight_tui.engine.rng import derived_seed
from flight_tui.table.session import Table

OVER = "over"
"""The game has ended: nobody is asked."""
FORCED = "forced"
"""The rules make the seat's move (``Step.action``)."""
BOT = "bot"
"""A bot's move comes next (``Step.seat``)."""
PEOPLE = "people"
"""Only people are asked (``Step.people``)."""


class SeatController(Protocol):
    """Who plays one seat, as the driver sees it."""

    decides: bool
    """True for a bot: the driver asks :meth:`choose`. False for a person, who sends moves to
    the table when asked."""
    here: bool
    """False for a seat played away from this terminal (:class:`ElsewhereSeat`): neither a bot
    to ask nor a person to wait for here."""

    def choose(self, view: Any) -> Any:
        """The seat's move from its view (asked only when ``decides``)."""
        ...


class BotSeat:
    """A seat played by a bot, which decides from the seat's view."""

    decides = True
    here = True

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, view: Any) -> Any:
        return self.bot.choose(view)


class PersonSeat:
    """A seat played by a person at this terminal: the screen sends their moves."""

    decides = False
    here = True

    def choose(self, view: Any) -> Any:
        raise TypeError("a person's moves come from that person, not from the driver")


class ElsewhereSeat(PersonSeat):
    """A seat played away from this terminal (another player's, or a bot in the table service):
    its moves arrive with the table's updates."""

    here = False


class Step(NamedTuple):
    """What comes next at the table."""

    kind: str
    """``OVER``, ``FORCED``, ``BOT`` or ``PEOPLE``."""
    seat: int | None = None
    """The seat of a forced or bot move."""
    action: Any = None
    """The forced move."""
    people: tuple[int, ...] = ()
    """The people asked now (also beside a bot's move, when several seats choose at once)."""


def seat_bot(game: str, level: str, game_seed: int, seat: int, **options: Any) -> Bot:
    """The bot of ``level`` for ``seat`` of a game dealt from ``game_seed`` (seeded one way)."""
    return make_bot(game, level, derived_seed(game_seed, "bot", seat), **options)


def default_controllers(table: Table) -> list[SeatController]:
    """The table's seats as they are set: its bots, and people at this terminal."""
    return [
        BotSeat(seat_bot(table.rules.name, spec.kind, table.seed, seat)) if spec.is_bot else PersonSeat()
        for seat, spec in enumerate(table.seats)
    ]


class TurnDriver:
    """Plays a table's bots and forced moves and tells who else is asked.

    ``controllers`` (one per seat) default to :func:`default_controllers`.
    """

    def __init__(self, table: Table, controllers: Sequence[SeatController] | None = None) -> None:
        self.table = table
        self.controllers = list(controllers) if controllers is not None else default_controllers(table)
        if len(self.controllers) != len(table.seats):
            raise ValueError(f"{len(self.controllers)} controllers for {len(table.seats)} seats")

    @property
    def people(self) -> tuple[int, ...]:
        """The seats played by people here (who send their own moves)."""
        return tuple(seat for seat, c in enumerate(self.controllers) if not c.decides and c.here)

    def is_bot(self, seat: int) -> bool:
        return self.controllers[seat].decides

    def asked(self) -> tuple[int, ...]:
        """Every seat asked to move now (several when the rules ask several at once)."""
        return self.table.to_act()

    def forced_move(self, seat: int) -> Any:
        """The move the rules make for ``seat`` now, if it is the table's only person; else None."""
        if self.people != (seat,):
            return None
        return self.table.forced_action(seat)

    def next_step(self) -> Step:
        """What comes next: the end, a forced move, a bot's move, or people to wait for."""
        asked = self.asked()
        if not asked:
            return Step(OVER)
        people = tuple(seat for seat in asked if seat in self.people)
        for seat in people:
            action = self.forced_move(seat)
            if action is not None:
                return Step(FORCED, seat, action, people)
        bot = next((seat for seat in asked if self.is_bot(seat)), None)
        return Step(PEOPLE, people=people) if bot is None else Step(BOT, bot, people=people)

    def bot_decision(self, seat: int) -> Callable[[], Any]:
        """``seat``'s bot deciding its move, as a call (the view is taken now; the call may run in
        a worker thread)."""
        return partial(self.controllers[seat].choose, self.table.view(seat))

    def step(self) -> tuple[int, Any, Outcome] | None:
        """Make the next forced or bot move: ``(seat, action, outcome)``; None when only people are
        asked or the game is over. A bot's illegal choice raises IllegalAction."""
        step = self.next_step()
        if step.kind == FORCED:
            action = step.action
        elif step.kind == BOT:
            action = self.bot_decision(step.seat)()
        else:
            return None
        return step.seat, action, self.table.submit(step.seat, action)

    def play_out(self, limit: int = 100_000) -> int:
        """Play a game of bots (and forced moves) to its end; returns the moves made.

        RuntimeError when a person is asked, or when the game has not ended after ``limit`` moves.
        """
        moves = 0
        while not self.table.is_over():
            if moves >= limit:
                raise RuntimeError(f"the game did not end within {limit} moves")
            if self.step() is None:
                raise RuntimeError(f"seats {self.next_step().people} are people: play_out is for bots")
            moves += 1
        return moves
