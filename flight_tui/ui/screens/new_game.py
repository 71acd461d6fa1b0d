"""The New game screen: the game, the seats, the game's set-up options and an optional seed."""

from __future__ import annotations

import os

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Input, Static

from flight_tui.rules import GAMES, get_rules
from flight_tui.table.seats import BOT_LEVELS, DEFAULT_NAMES, SeatSpec
from flight_tui.ui.screens.controls import Choice, FormScreen

MAX_SEATS = len(DEFAULT_NAMES)
NAME_LENGTH = 16
SEAT_OPTIONS = [("Human", "human")] + [(f"{level.capitalize()} bot", level) for level in BOT_LEVELS]
DEFAULT_SEAT_KINDS = ("human",) + ("normal",) * (MAX_SEATS - 1)
DEFAULT_PLAYERS = {"flight": 3, "passaportas": 4, "connecting-flights-coop": 1}
LENGTH_OPTIONS = [("to a target score", "target"), ("number of hands", "hands")]
DEFAULT_LENGTH = {"target": "100", "hands": "3"}
LENGTH_LIMITS = {"target": (1, 10_000), "hands": (1, 100)}
MAX_SEED = 2**63 - 1


class SetupError(ValueError):
    """A field of the form holds something the game cannot start with."""


def _row(label: str, *widgets, row_id: str | None = None) -> Horizontal:
    """A form row: a focus marker, a label, then the row's controls."""
    marker, name = Static(">", classes="marker"), Static(label, classes="field-label")
    return Horizontal(marker, name, *widgets, classes="field-row", id=row_id)


class NewGameScreen(FormScreen):
    """Set up a match and start it."""

    TITLE = "New game"
    DEFAULT_CSS = """
    NewGameScreen {
        .name-input {
            width: 18;
        }
        .number-input {
            width: 8;
            margin-left: 2;
        }
        .seed-input {
            width: 22;
        }
        #form-buttons {
            height: 1;
            margin-top: 1;
            padding-left: 14;
        }
        #form-buttons Button {
            margin-right: 2;
        }
    }
    """

    BINDINGS = [
        Binding("enter", "start", "Start"),
        Binding("escape", "app.pop_screen", "Back", key_display="Esc"),
        Binding("down", "app.focus_next", "Next field", show=False),
        Binding("up", "app.focus_previous", "Previous field", show=False),
    ]

    def __init__(self, game: str = "flight") -> None:
        super().__init__()
        self.rules = {name: get_rules(name) for name in GAMES}
        self.initial_game = game

    def compose(self) -> ComposeResult:
        with Vertical(id="form"):
            yield Static("New game", classes="screen-title")
            yield _row(
                "Game",
                Choice([(rules.title, name) for name, rules in self.rules.items()], self.initial_game, id="game"),
            )
            yield _row(
                "Players",
                Choice([(str(n), n) for n in range(1, MAX_SEATS + 1)], 3, id="players"),
                Static("", id="players-hint", classes="field-hint"),
            )
            for seat in range(MAX_SEATS):
                yield _row(
                    f"Seat {seat + 1}",
                    Choice(SEAT_OPTIONS, DEFAULT_SEAT_KINDS[seat], id=f"kind-{seat}"),
                    Static("Name", classes="field-sublabel"),
                    Input(DEFAULT_NAMES[seat], max_length=NAME_LENGTH, compact=True, id=f"name-{seat}", classes="name-input"),
                    row_id=f"seat-row-{seat}",
                )
            yield _row(
                "Match",
                Choice(LENGTH_OPTIONS, "target", id="length-kind"),
                Input(DEFAULT_LENGTH["target"], type="integer", max_length=5, compact=True, id="length", classes="number-input"),
                Static("points", id="length-unit", classes="field-hint"),
                row_id="match-row",
            )
            for game, rules in self.rules.items():
                for option in rules.options:
                    yield _row(
                        option.label,
                        Choice(list(option.choices), option.default, id=f"option-{game}-{option.key}"),
                        Static(option.hint, classes="field-hint"),
                        row_id=f"option-row-{game}-{option.key}",
                    )
            yield _row(
                "Seed",
                Input("", type="integer", placeholder="random", max_length=19, compact=True, id="seed", classes="seed-input"),
                Static("blank: a random deal", classes="field-hint"),
            )
            with Horizontal(id="form-buttons"):
                yield Button("Start (Enter)", id="start", variant="primary", compact=True)
                yield Button("Back (Esc)", id="back", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._show_game(self.initial_game)
        self.query_one("#game", Choice).focus()

    @property
    def game(self) -> str:
        """The game chosen."""
        return self.query_one("#game", Choice).value

    def _show_game(self, game: str) -> None:
        """Offer the chosen game's player counts and options; hide the other games' rows."""
        rules = self.rules[game]
        players = self.query_one("#players", Choice)
        players.options = [(str(n), n) for n in range(rules.min_players, rules.max_players + 1)]
        players.value = DEFAULT_PLAYERS.get(game, rules.min_players)
        players.refresh(layout=True)
        self.query_one("#players-hint", Static).update(f"{rules.min_players} to {rules.max_players} seats")
        self.query_one("#match-row").display = game == "flight"
        for name, other in self.rules.items():
            for option in other.options:
                self.query_one(f"#option-row-{name}-{option.key}").display = name == game
        self._show_seats(players.value)

    def _show_seats(self, players: int) -> None:
        for seat in range(MAX_SEATS):
            self.query_one(f"#seat-row-{seat}").display = seat < players
        self._fit()

    def _fit(self) -> None:
        """Drop the blank line between rows when the form would not fit the terminal otherwise."""
        rows = sum(1 for row in self.query(".field-row") if row.display)
        self.query_one("#form").set_class(2 * rows + 6 > self.app.size.height, "-compact")

    def on_resize(self) -> None:
        self._fit()

    def on_choice_changed(self, event: Choice.Changed) -> None:
        if event.choice.id == "game":
            self._show_game(event.value)
        elif event.choice.id == "players":
            self._show_seats(event.value)
        elif event.choice.id == "length-kind":
            length = self.query_one("#length", Input)
            if length.value in DEFAULT_LENGTH.values() or not length.value:
                length.value = DEFAULT_LENGTH[event.value]
            self.query_one("#length-unit", Static).update("points" if event.value == "target" else "hands")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        else:
            self.app.pop_screen()

    # ------------------------------------------------------------ reading the form

    def seats(self) -> list[SeatSpec]:
        """The seats as filled in; a blank name gets the seat's default name."""
        players = self.query_one("#players", Choice).value
        seats = []
        for seat in range(players):
            kind = self.query_one(f"#kind-{seat}", Choice).value
            name = self.query_one(f"#name-{seat}", Input).value.strip() or DEFAULT_NAMES[seat]
            seats.append(SeatSpec(kind, name))
        names = [s.name.casefold() for s in seats]
        for seat, name in enumerate(names):
            if name in names[:seat]:
                raise SetupError(f"Two seats are called {seats[seat].name}: give each seat its own name.")
        return seats

    def choices(self) -> dict[str, str]:
        """The chosen game's set-up choices, as ``rules.make_config`` takes them."""
        if self.game == "flight":
            target, hands = self.match_length()
            return {"target": str(target)} if target else {"hands": str(hands)}
        return {
            option.key: self.query_one(f"#option-{self.game}-{option.key}", Choice).value
            for option in self.rules[self.game].options
        }

    def match_length(self) -> tuple[int, int]:
        """Flight's (target, hands): one of them is 0."""
        kind = self.query_one("#length-kind", Choice).value
        text = self.query_one("#length", Input).value.strip()
        low, high = LENGTH_LIMITS[kind]
        what = "The target score" if kind == "target" else "The number of hands"
        try:
            value = int(text)
        except ValueError:
            raise SetupError(f"{what} must be a whole number from {low} to {high}.") from None
        if not low <= value <= high:
            raise SetupError(f"{what} must be from {low} to {high}.")
        return (value, 0) if kind == "target" else (0, value)

    def seed(self) -> int:
        """The seed typed in, or a random one when blank."""
        text = self.query_one("#seed", Input).value.strip()
        if not text:
            return int.from_bytes(os.urandom(4), "big")
        try:
            seed = int(text)
        except ValueError:
            raise SetupError("The seed must be a whole number (or blank for a random deal).") from None
        if not 0 <= seed <= MAX_SEED:
            raise SetupError("The seed must be a whole number from 0 up (or blank for a random deal).")
        return seed

    def action_start(self) -> None:
        """Build the table from the form and open it."""
        from flight_tui.table import Table

        rules = self.rules[self.game]
        try:
            seats = self.seats()
            config = rules.make_config(len(seats), self.choices())
            seed = self.seed()
        except (SetupError, ValueError) as exc:
            self.notify(str(exc), title="Cannot start", severity="error")
            return
        self.app.open_table(Table(rules, config, seed, seats))
