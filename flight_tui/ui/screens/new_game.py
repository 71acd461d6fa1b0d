"""The New game screen: the game, the seats, the game's set-up options and an optional seed.

Under the seats a note says what the level of the seat being set (or last set) does and how
strong it is, from the game's spec (``level_notes``)."""

from __future__ import annotations

import os

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from flight_tui.engine.options import GameOption
from flight_tui.games import game_names, get_rules, get_spec
from flight_tui.table.seats import BOT_LEVELS, DEFAULT_NAMES, NAME_LENGTH, SeatSpec
from flight_tui.ui.keys import key_for
from flight_tui.ui.screens.forms import Choice, FormScreen
from flight_tui.ui.widgets.footer import Footer

MAX_SEATS = len(DEFAULT_NAMES)


def seat_options(levels: tuple[str, ...] = BOT_LEVELS) -> list[tuple[str, str]]:
    """A seat's choices: a person, or a bot of one of ``levels``."""
    return [("Human", "human")] + [(f"{level.capitalize()} bot", level) for level in levels]


DEFAULT_SEAT_KINDS = ("human",) + ("normal",) * (MAX_SEATS - 1)
LEVEL_NOTE_LINES = 3
"""Lines kept for the level note, so that the form does not move as it changes."""
HUMAN_NOTE = "A person at this keyboard; with several, each seat's cards are hidden until its turn."
MAX_SEED = 2**63 - 1


def _option_control(option: GameOption, control_id: str) -> Choice | Input:
    """A choice among the option's values, or a box for a whole number."""
    if option.limits is None:
        return Choice(list(option.choices), option.default, id=control_id)
    width = len(str(option.limits[1]))
    return Input(option.default, type="integer", max_length=width, compact=True, id=control_id, classes="number-input")


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
        #level-note {
            height: 3;
            margin: 0 0 1 14;
            color: $text-muted;
        }
        #form.-compact #level-note {
            margin: 0 0 0 14;
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
        Binding("enter", "start", "Start", id="new-game.start"),
        Binding("escape", "app.pop_screen", "Back", key_display="Esc", id="new-game.back"),
        Binding("ctrl+l", "learn", "Learn to play", key_display="^l", tooltip="A guided first game of the chosen game", id="new-game.learn"),
        Binding("down", "app.focus_next", "Next field", show=False, id="new-game.next-field"),
        Binding("up", "app.focus_previous", "Previous field", show=False, id="new-game.previous-field"),
    ]

    SEAT_KINDS = DEFAULT_SEAT_KINDS
    """Each seat's kind when the screen opens."""

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.specs = {name: get_spec(name) for name in game_names()}
        self.initial_game = game or game_names()[0]

    def compose(self) -> ComposeResult:
        with Vertical(id="form"):
            yield Static(self.TITLE, classes="screen-title")
            yield _row(
                "Game",
                Choice([(spec.title, name) for name, spec in self.specs.items()], self.initial_game, id="game"),
            )
            yield _row(
                "Players",
                Choice([(str(n), n) for n in range(1, MAX_SEATS + 1)], 3, id="players"),
                Static("", id="players-hint", classes="field-hint"),
            )
            for seat in range(MAX_SEATS):
                yield _row(
                    f"Seat {seat + 1}",
                    Choice(self.seat_choices(BOT_LEVELS), self.SEAT_KINDS[seat], id=f"kind-{seat}"),
                    Static("Name", classes="field-sublabel"),
                    Input(DEFAULT_NAMES[seat], max_length=NAME_LENGTH, compact=True, id=f"name-{seat}", classes="name-input"),
                    row_id=f"seat-row-{seat}",
                )
            yield Static("", id="level-note")
            for game, spec in self.specs.items():
                for option in spec.options:
                    yield _row(
                        option.label,
                        _option_control(option, f"option-{game}-{option.key}"),
                        Static(option.hint, classes="field-hint"),
                        row_id=f"option-row-{game}-{option.key}",
                    )
            yield _row(
                "Seed",
                Input("", type="integer", placeholder="random", max_length=19, compact=True, id="seed", classes="seed-input"),
                Static("blank: a random deal", classes="field-hint"),
                row_id="seed-row",
            )
            with Horizontal(id="form-buttons"):
                yield Button(f"Start ({key_for(self, 'new-game.start')})", id="start", variant="primary", compact=True)
                yield Button(f"Learn to play ({key_for(self, 'new-game.learn')})", id="learn", compact=True)
                yield Button(f"Back ({key_for(self, 'new-game.back')})", id="back", compact=True)
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
        spec = self.specs[game]
        players = self.query_one("#players", Choice)
        players.options = [(str(n), n) for n in range(spec.min_players, spec.max_players + 1)]
        players.value = spec.default_players
        players.refresh(layout=True)
        self.query_one("#players-hint", Static).update(f"{spec.min_players} to {spec.max_players} seats")
        for name, other in self.specs.items():
            for option in other.options:
                self.query_one(f"#option-row-{name}-{option.key}").display = name == game
        self._offer_levels(spec.bot_levels)
        self._show_seats(players.value)
        self._show_level_note(self._first_bot_kind(players.value))
        self.query_one("#learn").display = bool(spec.lesson)
        self.refresh_bindings()

    def _first_bot_kind(self, players: int) -> str:
        """The level of the first bot among the ``players`` seats shown (``human`` if none is a bot)."""
        kinds = [self.query_one(f"#kind-{seat}", Choice).value for seat in range(players)]
        return next((kind for kind in kinds if kind != "human"), "human")

    def _show_level_note(self, kind: str) -> None:
        """Say what a seat of ``kind`` (human or a bot level) does in the chosen game."""
        if kind == "human":
            text = HUMAN_NOTE
        else:
            note = self.specs[self.game].level_notes.get(kind, "")
            text = f"{kind.capitalize()} bot: {note}" if note else ""
        note = self.query_one("#level-note", Static)
        note.update(text)
        note.display = bool(self.specs[self.game].level_notes)

    def seat_choices(self, levels: tuple[str, ...]) -> list[tuple[str, str]]:
        """A seat's choices with the game's bot ``levels``."""
        return seat_options(levels)

    def _offer_levels(self, levels: tuple[str, ...]) -> None:
        """Offer only the bot levels the game has; a seat at a level it lacks gets its strongest."""
        options = self.seat_choices(levels)
        for seat in range(MAX_SEATS):
            kind = self.query_one(f"#kind-{seat}", Choice)
            if kind.options != options:
                value = kind.value
                kind.options = options
                kind.value = value if value in {key for _, key in options} else options[-1][1]
                kind.refresh(layout=True)

    def _show_seats(self, players: int) -> None:
        for seat in range(MAX_SEATS):
            self.query_one(f"#seat-row-{seat}").display = seat < players
        self._fit()

    def _fit(self) -> None:
        """Drop the blank line between rows when the form would not fit the terminal otherwise."""
        notes, forms = self.query("#level-note"), self.query("#form")
        if not notes or not forms:  # resized before the form was mounted, or after it was closed
            return
        rows = sum(1 for row in self.query(".field-row") if row.display)
        note = LEVEL_NOTE_LINES + 1 if notes.first().display else 0
        forms.first().set_class(2 * rows + 6 + note > self.app.size.height, "-compact")

    def on_resize(self) -> None:
        self._fit()

    def on_choice_changed(self, event: Choice.Changed) -> None:
        if event.choice.id == "game":
            self._show_game(event.value)
        elif event.choice.id == "players":
            self._show_seats(event.value)
            self._show_level_note(self._first_bot_kind(event.value))
        elif event.choice.id and event.choice.id.startswith("kind-"):
            self._show_level_note(event.value)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        super().on_descendant_focus(event)
        if isinstance(event.widget, Choice) and event.widget.id and event.widget.id.startswith("kind-"):
            self._show_level_note(event.widget.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "learn":
            self.action_learn()
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
        """The chosen game's set-up choices, as ``rules.make_config`` takes them (numbers left
        at their default are not passed, so that a choice elsewhere may decide, e.g. Flight's hands)."""
        picked = {}
        for option in self.specs[self.game].options:
            control = self.query_one(f"#option-{self.game}-{option.key}")
            value = str(control.value).strip()
            if option.limits is None or value != option.default:
                picked[option.key] = value
        return picked

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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Learn to play is offered for a game that has a lesson."""
        if action == "learn":
            return bool(self.query("#game")) and bool(self.specs[self.game].lesson)
        return super().check_action(action, parameters)

    def action_learn(self) -> None:
        """Start the chosen game's lesson (a guided first game) in place of this form."""
        from flight_tui.ui.lesson_screen import open_lesson

        open_lesson(self.app, self.game)

    def action_start(self) -> None:
        """Build the table from the form and open it."""
        from flight_tui.table import Table

        rules = get_rules(self.game)
        try:
            seats = self.seats()
            config = rules.make_config(len(seats), self.choices())
            seed = self.seed()
        except (SetupError, ValueError) as exc:
            self.notify(str(exc), title="Cannot start", severity="error")
            return
        self.app.open_table(Table(rules, config, seed, seats))
