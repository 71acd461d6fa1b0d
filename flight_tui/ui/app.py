"""The flight-tui application: menu, screens, themes, settings, saving, the history, signals.

Start-up speed matters (time to menu), so this module imports only what the menu needs;
the other screens, the saves, the rules and the game's table screen are imported when used.
"""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.notifications import Notify
from textual.screen import Screen

from flight_tui.ui import fast_keys, painting
from flight_tui.ui.key_hold import KeyHold
from flight_tui.ui.keys import key_for, key_name
from flight_tui.ui.screens.menu import MenuScreen
from flight_tui.ui.screens.too_small import TooSmallScreen, too_small
from flight_tui.ui.settings import DEFAULT_THEME, ConfigError, load_config, save_settings

if TYPE_CHECKING:
    from textual.command import CommandListItem
    from textual.widget import AwaitMount

    from flight_tui.campaigns import ScenarioGame
    from flight_tui.saves import SaveStore
    from flight_tui.table import Table

EXIT_SIGNALS = ("SIGHUP", "SIGTERM")
"""Signals that save the open game and end the program cleanly (a hang-up over SSH, a kill)."""
UNSAVED_EXIT = 1
"""The exit status when the program ends with the open game not saved."""
EXIT_GRACE = 3.0
"""Seconds the app has to close after a hang-up (SIGHUP) or SIGTERM before the process ends regardless."""


class ClosingNote(NamedTuple):
    """What to tell the player as a game closes that its usual folder could not save."""

    text: str
    lost: bool
    """True: the game was not saved anywhere; False: it was saved elsewhere (``text`` says where)."""


class FlightTuiApp(App[None]):
    """The whole app. ``start="continue"`` resumes the latest autosave; ``table`` opens a game
    (with ``start="replay"``: its replay, titled ``replay_title``); ``lesson`` starts the lesson
    of the game it names.

    ``exit_grace``: after SIGHUP or SIGTERM the process ends at most this many seconds later,
    even if the terminal has stopped taking output and the app cannot close (the game is saved
    after every move, and once more on the signal). None (tests): no such deadline.
    """

    CSS_PATH = "app.tcss"
    TITLE = "flight-tui"
    BINDINGS = [
        Binding("f1,question_mark", "help", "Help", key_display="F1", tooltip="Show the keys of this screen", id="app.help"),
        Binding("ctrl+p", "command_palette", "Commands", show=False, priority=True, tooltip="Open the command palette", id="app.command-palette"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, tooltip="Quit (a game in progress stays saved)", id="app.quit"),
    ]

    def __init__(
        self,
        *,
        start: str = "menu",
        table: Table | None = None,
        lesson: str | None = None,
        theme: str | None = None,
        exit_grace: float | None = None,
        replay_title: str = "Replay",
    ) -> None:
        # NO_COLOR: with native ANSI colours Textual strips all colour (otherwise it turns colours
        # to greys, which makes the ansi_default colours of an ANSI theme black on black).
        super().__init__(ansi_color=True if "NO_COLOR" in os.environ else None)
        painting.install()
        fast_keys.install()
        self.start = start
        self.start_table = table
        self.replay_title = replay_title
        self.start_lesson = lesson
        self.theme_request = theme
        self.settings, self.keymap, config_problems = load_config()
        self.set_keymap(self.keymap)
        self._theme_names: list[str] | None = None
        self._store: SaveStore | None = None
        self._table: Table | None = None
        self._scenario_game: ScenarioGame | None = None
        """The open game as its campaign follows it (None: no campaign game is open)."""
        self.save_problem: str | None = None
        """Why the open game's last save failed (None: it is saved)."""
        self._saved_moves = 0
        self._key_hold = KeyHold(self)
        self._exit_grace = exit_grace
        self._watchdog: threading.Thread | None = None
        self._previous_signal_handlers: dict[int, Any] = {}
        self._startup_messages: list[tuple[str, str]] = []
        self._startup_messages.extend((problem, "warning") for problem in config_problems)
        self._install_themes()
        self.animation_level = "full" if self.settings.animations else "none"

    # ------------------------------------------------------------ start-up

    def get_default_screen(self) -> Screen:
        return MenuScreen()

    def _install_themes(self) -> None:
        """Register the theme asked for and start with it; the other themes are read once the
        menu is painted (see :attr:`theme_names`). If it is not found, all are read now, and
        the default one is used."""
        from flight_tui.ui.theming import find_theme

        wanted = self.theme_request or self.settings.theme
        theme = find_theme(wanted)
        if theme is not None:
            self.register_theme(theme)
            self._start_with_theme(wanted)
            return
        self._startup_messages.extend((problem, "warning") for problem in self._register_all_themes())
        if wanted in self.theme_names:
            self._start_with_theme(wanted)
            return
        fallback = DEFAULT_THEME if DEFAULT_THEME in self.theme_names else self.theme
        known = ", ".join(self.theme_names) or "none"
        self._startup_messages.append((f"Unknown theme '{wanted}': using {fallback}. Themes: {known}.", "warning"))
        self._start_with_theme(fallback)

    def _register_all_themes(self) -> list[str]:
        """Register the bundled and the player's themes (the first time); what was wrong with their files."""
        from flight_tui.ui.theming import load_themes

        if self._theme_names is not None:
            return []
        themes, problems = load_themes()
        for theme in themes:
            self.register_theme(theme)
        self._theme_names = [theme.name for theme in themes]
        return problems

    def _read_all_themes(self) -> None:
        """Register every theme (once), and warn of each broken theme file."""
        for problem in self._register_all_themes():
            self.notify(problem, severity="warning", timeout=10)

    @property
    def theme_names(self) -> list[str]:
        """The names of the themes the player may pick (every theme file is read on first use)."""
        self._read_all_themes()
        return self._theme_names or []

    def _start_with_theme(self, name: str) -> None:
        """Use theme ``name`` from the start. Setting ``theme`` before the app runs has Textual
        parse the app's stylesheets a second time as it starts, to apply the theme's colours;
        this sets what setting it sets (the colours too), so they are parsed once, with them."""
        self.set_reactive(App.theme, name)
        dark = self.current_theme.dark
        self.update_classes({f"-theme-{name}": True, "-dark-mode": dark, "-light-mode": not dark}, update=False)
        self._refresh_truecolor_filter(self.ansi_theme)
        self.stylesheet.set_variables(self.get_css_variables())

    def on_mount(self) -> None:
        self._install_signal_handlers()
        for message, severity in self._startup_messages:
            self.notify(message, severity=severity, timeout=10)
        self.screen_change_signal.subscribe(self, self._on_screen_change)
        if self.keymap:
            self.run_worker(self._check_keymap, thread=True, group="keymap", exit_on_error=False)
        self.call_after_refresh(self._read_all_themes)  # once the menu is painted
        # What start-up made (Textual's, the stylesheet, the games' data) lives as long as the app:
        # out of the collector's way, a full collection no longer stalls a move (~25 ms before).
        self.call_after_refresh(gc.freeze)
        if self.start_table is not None and self.start == "replay":
            self.open_replay(self.start_table, self.replay_title)
        elif self.start_table is not None:
            self.open_table(self.start_table)
        elif self.start_lesson is not None:
            from flight_tui.ui.lesson_screen import open_lesson

            open_lesson(self, self.start_lesson)
        elif self.start == "continue":
            self.action_continue_game()
        self._cover_if_too_small()

    def _check_keymap(self) -> None:
        """Tell the player about keymap entries that name no binding (off the UI thread: it imports every screen)."""
        from flight_tui.ui.keys import binding_ids
        from flight_tui.ui.settings import config_path

        unknown = sorted(set(self.keymap) - binding_ids())
        if unknown:
            names = ", ".join(unknown)
            message = f"{config_path()}: [keymap] names no key binding {names} (the README lists the binding ids)."
            self.call_from_thread(self.notify, message, severity="warning", timeout=10)

    def _install_signal_handlers(self) -> None:
        """SIGHUP and SIGTERM: the deadline starts at once; saving and closing happen on the event loop.

        A plain signal handler (not the event loop's) is used because the loop itself may be
        stuck, waiting to hand output to a terminal that has gone.
        """
        import asyncio
        import signal
        from functools import partial

        loop = asyncio.get_running_loop()
        for name in EXIT_SIGNALS:
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            try:
                previous = signal.signal(signum, partial(self._on_exit_signal, loop))
            except (ValueError, OSError):
                continue  # not available here (another platform, or not the main thread)
            self._previous_signal_handlers[signum] = previous

    def _restore_signal_handlers(self) -> None:
        import signal

        for signum, previous in self._previous_signal_handlers.items():
            signal.signal(signum, previous)
        self._previous_signal_handlers.clear()

    def _on_exit_signal(self, loop: Any, signum: int, frame: Any) -> None:
        self._start_exit_deadline()
        try:
            loop.call_soon_threadsafe(self.handle_exit_signal, signum)
        except RuntimeError:
            pass  # the event loop has closed: the app is ending anyway

    def handle_exit_signal(self, signum: int) -> None:
        """SIGHUP / SIGTERM: save the open game, then end the program without a traceback."""
        self._start_exit_deadline()
        self.quit_now()

    def _handle_exception(self, error: Exception) -> None:
        if self.ends_quietly(error):
            return
        super()._handle_exception(error)

    def ends_quietly(self, error: Exception) -> bool:
        """Whether ``error`` is no crash: once the program is ending (a hang-up or a quit as a
        screen is still being built), a screen's last handler may find its widgets already
        taken down; no traceback is printed (or reported) for it."""
        from textual.css.query import NoMatches
        from textual.widget import MountError

        return self._exit and isinstance(error, (NoMatches, MountError))

    def _start_exit_deadline(self) -> None:
        """End the process ``exit_grace`` seconds from now, closed or not (once; not without ``exit_grace``)."""
        if self._exit_grace is None or self._watchdog is not None:
            return

        def end_process() -> None:
            threading.Event().wait(self._exit_grace)
            os._exit(UNSAVED_EXIT if self.save_problem else 0)

        self._watchdog = threading.Thread(target=end_process, name="exit-deadline", daemon=True)
        self._watchdog.start()

    def on_unmount(self) -> None:
        self._restore_signal_handlers()
        if self._table is not None and self._store is not None:
            self._store.release(self._table)

    # ------------------------------------------------------------ terminal size

    async def on_event(self, event: events.Event) -> None:
        """Textual's, but a key that comes once the app is ending (keys typed while it quits, or
        arriving together over SSH as the connection drops) is dropped, where Textual gave it to
        a screen already taken down and ended with an error; and a key that comes while the
        screen on top is still being built waits for it (:mod:`flight_tui.ui.key_hold`)."""
        if isinstance(event, events.Key) and (self.ending or self._key_hold.takes(event)):
            return
        await super().on_event(event)

    @property
    def ending(self) -> bool:
        """Whether the app is ending: it has stopped running, or closed its last screen."""
        return not self.is_running or not self.screen_stack

    def on_resize(self, event: events.Resize) -> None:
        self.call_next(self._cover_if_too_small)

    def get_key_display(self, binding: Binding) -> str:
        """A key the player's keymap gave is written as in Help and the game's texts (``Ctrl+N``)."""
        if binding.id in self._keymap:
            return key_name(binding.key)
        return super().get_key_display(binding)

    def _on_screen_change(self, screen: Screen) -> None:
        self.call_next(self._key_hold.release)
        self.call_next(self._cover_if_too_small)
        self.call_next(self._close_left_table)
        self.call_next(self._show_save_mark)

    def on_notify(self, event: Notify) -> None:
        """A notice already on the screen is not stacked a second time: the older copy goes."""
        new = event.notification
        for shown in list(self._notifications):
            if shown is not new and (shown.message, shown.title, shown.severity) == (new.message, new.title, new.severity):
                self._unnotify(shown)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the too-small notice covers the app only quitting works, as the notice says:
        Help or the command palette opened over it piled screens (and notices) on one another."""
        if action != "quit" and self.screen_stack and isinstance(self.screen, TooSmallScreen):
            return False
        return True

    def _cover_if_too_small(self) -> None:
        """Keep the too-small notice on top while the terminal is under 80x24 (it leaves by itself);
        nothing once the app has closed its last screen (it is ending)."""
        if not self.ending and too_small(self.size) and not isinstance(self.screen, TooSmallScreen):
            self.push_screen(TooSmallScreen())

    # ------------------------------------------------------------ settings and themes

    def change_theme(self, name: str) -> None:
        """Apply a theme now and keep it for next time."""
        self.theme = name
        self.change_setting("theme", name)

    def apply_setting(self, name: str, value: Any) -> None:
        """Change one setting and apply it (for this run only)."""
        setattr(self.settings, name, value)
        if name == "animations":
            self.animation_level = "full" if value else "none"

    def change_setting(self, name: str, value: Any) -> None:
        """Change one setting, apply it and save the settings file."""
        self.apply_setting(name, value)
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.notify(f"The settings could not be saved: {exc.strerror or exc}", severity="error")
        except ConfigError as exc:
            self.notify(f"The settings could not be saved: {exc}", severity="error")

    # ------------------------------------------------------------ games and saves

    @property
    def store(self) -> SaveStore:
        """The save store (created when first needed)."""
        if self._store is None:
            from flight_tui.saves import SaveStore

            self._store = SaveStore()
        return self._store

    def current_table(self) -> Table | None:
        """The game open on screen, if any."""
        if self._table is None:
            return None
        if any(getattr(screen, "table", None) is self._table for screen in self.screen_stack):
            return self._table
        return None

    def open_table(self, table: Table) -> None:
        """Show a game's table (everything above the menu is closed first) and autosave it."""
        from flight_tui.campaigns import ScenarioGame
        from flight_tui.games import get_spec, load
        from flight_tui.ui.watch import watch_screen, watched

        screen_class = load(get_spec(table.rules.name).table_screen)
        screen = watch_screen(table, screen_class) if watched(table) else screen_class(table)
        if self._table is not None and self._table is not table:
            self.store.release(self._table)
        self._table = table
        self._scenario_game = ScenarioGame.of(table)
        self.save_problem = None
        self._saved_moves = len(table.actions)
        table.on_change = self._table_changed
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)
        self._table_changed(table)

    def open_replay(self, table: Table, title: str) -> None:
        """Replay ``table``'s recorded game over the current screen (Esc comes back to it); nothing is saved."""
        from flight_tui.ui.replay import replay_screen

        self.push_screen(replay_screen(table, title))

    def _close_left_table(self) -> None:
        """Once the game's screen has closed, let other copies of flight-tui open its autosave."""
        if self._table is not None and self.current_table() is None:
            self.store.release(self._table)
            self._table = None
            self._scenario_game = None
            self.save_problem = None

    def save_now(self) -> None:
        """Autosave the open game, if there is one."""
        table = self.current_table()
        if table is not None:
            self._table_changed(table)

    def _table_changed(self, table: Table) -> None:
        """After every move: a finished game goes into the history and counts in its campaign;
        then the game is autosaved."""
        if table.is_over():
            self._record_in_history(table)
            if not self._record_campaign_result():
                return  # the result is neither recorded nor kept: the game's last autosave stays
        self._autosave(table)

    def _record_in_history(self, table: Table) -> None:
        """Keep a finished game in the history (once: a finished game opened again is there already)."""
        from flight_tui.history import HistoryError, HistoryStore

        try:
            HistoryStore().add(table)
        except HistoryError as error:
            self.notify(str(error), title="History", severity="warning", timeout=10)

    def _autosave(self, table: Table) -> None:
        """Write the game's autosave; a failure is reported and marked on its screen until a save works."""
        from flight_tui.saves import SaveError

        try:
            slot = self.store.autosave(table)
        except SaveError as error:
            self._report_save_problem(str(error))
        else:
            if self._scenario_game is not None:
                self._scenario_game.note_autosave(slot)
            self._saved_moves = len(table.actions)
            if self.save_problem is not None:
                self.save_problem = None
                self.notify("The game is saved again.", title="Autosave")
        self.call_after_refresh(self._show_save_mark)

    def _show_save_mark(self) -> None:
        """Keep the "NOT SAVED" mark on the open game's screen exactly while its saves fail."""
        from flight_tui.ui.not_saved import NotSavedMark

        for screen in self.screen_stack:
            if getattr(screen, "table", None) is None or not screen.is_mounted:
                continue
            marks = screen.query_children(NotSavedMark)
            if self.save_problem is not None and screen.table is self._table:
                if not marks:
                    screen.mount(NotSavedMark())
            else:
                marks.remove()

    def unsaved_moves(self) -> int:
        """How many of the open game's moves are in no save (while its saves fail)."""
        table = self.current_table()
        return max(0, len(table.actions) - self._saved_moves) if table is not None else 0

    def _record_campaign_result(self) -> bool:
        """A finished campaign scenario counts in the campaign's progress (once per game).

        Its end screen says what was recorded (``campaign_outcome``). False when the result
        could be neither recorded nor kept for later: the game's autosave must then stay.
        """
        if self._scenario_game is None:
            return True
        outcome = self._scenario_game.record_end()
        return outcome is None or outcome.safe

    def campaign_outcome(self, table: Table) -> str | None:
        """What became of the result of ``table``'s campaign game, once it ended (for its end screen)."""
        game = self._scenario_game
        if game is None or game.table is not table or game.outcome is None:
            return None
        return game.outcome.message

    def _report_save_problem(self, message: str) -> None:
        """Tell the player that saving fails, once per problem (the mark stays on screen meanwhile)."""
        if message != self.save_problem:
            self.save_problem = message
            self.notify(message, title="Autosave failed", severity="error", timeout=10)

    def confirm_unsaved(self, close: Callable[[ClosingNote | None], None], closing: str = "Quit") -> None:
        """Before the open game is closed: if it is not saved, say so and offer to save it elsewhere.

        ``close(note)`` then closes it; ``note`` is None when the game is saved in its usual place.
        Back (Esc) keeps the game open.
        """
        from flight_tui.ui.screens.dialogs import NotSavedDialog, PromptDialog

        self.save_now()
        if self.save_problem is None or self.current_table() is None:
            close(None)
            return

        def answer(choice: str | None) -> None:
            if choice == "close":
                close(self._unsaved_note())
            elif choice == "elsewhere":
                self.push_screen(
                    PromptDialog(
                        "Save the game in which folder? Resume it later with: flight-tui --data-dir FOLDER continue",
                        placeholder="a folder, e.g. ~/flight-tui-rescue",
                        max_length=400,
                    ),
                    save_in,
                )

        def save_in(folder: str | None) -> None:
            if folder is None:
                return
            note = self._save_elsewhere(Path(folder).expanduser())
            if note is not None:
                close(note)

        self.push_screen(NotSavedDialog(self.save_problem, self.unsaved_moves(), closing=closing), answer)

    def _save_elsewhere(self, folder: Path) -> ClosingNote | None:
        """Save the open game in another data folder; where it went, or None (the player was told why not)."""
        from flight_tui.paths import SAVES_FOLDER
        from flight_tui.saves import SaveError, SaveStore

        table = self.current_table()
        if table is None:
            return None
        try:
            SaveStore(folder / SAVES_FOLDER).autosave(table)
        except SaveError as error:
            self.notify(f"Not saved in {folder} either: {error}", title="Not saved", severity="error", timeout=10)
            return None
        self._saved_moves = len(table.actions)
        return ClosingNote(
            f"flight-tui: your game is saved in {folder}. Resume it with: flight-tui --data-dir {folder} continue",
            lost=False,
        )

    def _unsaved_note(self) -> ClosingNote:
        lost = self.unsaved_moves()
        moves = f" Its last {lost} moves are in no save." if lost else ""
        return ClosingNote(f"flight-tui: your game was NOT saved: {self.save_problem}{moves}", lost=True)

    def can_continue(self) -> bool:
        """Whether there is an autosaved game in progress."""
        from flight_tui.saves import SaveError

        try:
            return self.store.latest_autosave() is not None
        except SaveError:
            return False

    # ------------------------------------------------------------ actions

    def action_command_palette(self) -> None:
        """Open the command palette (:class:`CommandPaletteOnce`), unless one is open already:
        Textual checks only the screen on top, and a second palette under the same id (one is
        open under a notice, such as the too-small cover) would end the app."""
        from textual.command import CommandPalette

        from flight_tui.ui.screens.command_palette import CommandPaletteOnce

        if self.use_command_palette and not any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            self.push_screen(CommandPaletteOnce())

    def search_commands(self, commands: Sequence[CommandListItem], placeholder: str = "Search for commands…") -> AwaitMount:
        """Textual's list of ``commands`` to pick from (a theme, a lesson), in a palette that
        closes once (:class:`CommandPaletteOnce`)."""
        from textual.command import SimpleProvider

        from flight_tui.ui.screens.command_palette import CommandPaletteOnce

        return self.push_screen(CommandPaletteOnce(providers=[SimpleProvider(self.screen, commands)], placeholder=placeholder))

    def action_new_game(self) -> None:
        from flight_tui.ui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen())

    def action_continue_game(self) -> None:
        """Resume the latest autosaved game."""
        from flight_tui.saves import SaveError
        from flight_tui.ui.screens.load import LoadScreen

        try:
            entry = self.store.latest_autosave()
            if entry is None:
                self.notify("There is no game in progress to continue.", severity="warning")
                return
            if not entry.readable:
                self.notify(
                    f"Your last game ({entry.slot}) cannot be read: {entry.problem} "
                    f"Open Load ({key_for(self, 'menu.load', MenuScreen)}) to "
                    + (f"restore its backup copy ({key_for(self, 'load.restore', LoadScreen)}) or " if entry.backup_readable else "")
                    + "choose another game.",
                    title="Cannot continue",
                    severity="error",
                    timeout=15,
                )
                return
            table = self.store.load(entry.slot)
        except SaveError as error:
            self.notify(str(error), title="Cannot continue", severity="error", timeout=10)
            return
        self.open_table(table)

    def action_campaign(self) -> None:
        """Open the campaign: its scenarios, progress and best results, on its game's screen."""
        from flight_tui.campaigns import load_campaigns
        from flight_tui.games import get_spec, load

        campaign = load_campaigns()[0]
        self.push_screen(load(get_spec(campaign.game).campaign_screen)(campaign))

    def action_load_game(self) -> None:
        from flight_tui.ui.screens.load import LoadScreen

        self.push_screen(LoadScreen())

    def action_history(self) -> None:
        """Open the history of finished games: each game, and who won how often."""
        from flight_tui.ui.screens.history import HistoryScreen

        self.push_screen(HistoryScreen())

    def action_settings(self) -> None:
        from flight_tui.ui.screens.settings_screen import SettingsScreen

        self.push_screen(SettingsScreen())

    def action_rules(self) -> None:
        from flight_tui.ui.screens.rules import RulesScreen

        table = self.current_table()
        if table is not None:
            self.push_screen(RulesScreen(table.rules.name))
        else:
            self.push_screen(RulesScreen(switchable=True))

    async def action_pop_screen(self) -> None:
        """Close the top screen; the screen below is painted once, when the closed one is gone."""
        with self.batch_update():
            await self.pop_screen()

    async def action_help(self) -> None:
        """Show the keys of the current screen (or close Help if it is open).

        Nothing is painted until Help is mounted, so that it reaches the terminal whole, not
        in the several states it passes through while it is built.
        """
        from flight_tui.ui.screens.help import HelpScreen, describe_bindings

        screen = self.screen
        if isinstance(screen, HelpScreen):
            await self.action_pop_screen()
            return
        screen_keys, app_keys = describe_bindings(screen, screen.active_bindings)
        title = screen.title or _screen_title(screen)
        with self.batch_update():
            await self.push_screen(HelpScreen(title, screen_keys, app_keys))

    def action_save_as(self) -> None:
        """Save the open game in a slot named by the player."""
        from flight_tui.saves import SaveError
        from flight_tui.ui.screens.dialogs import ConfirmDialog, PromptDialog

        table = self.current_table()
        if table is None:
            self.notify("There is no game open to save.", severity="warning")
            return

        def save(slot: str | None, overwrite: bool = False) -> None:
            if slot is None:
                return
            try:
                if not overwrite and self.store.path(slot).exists():
                    self.push_screen(
                        ConfirmDialog(f"A save called '{slot}' exists already. Replace it?"),
                        lambda yes: save(slot, overwrite=True) if yes else None,
                    )
                    return
                self.store.save(slot, table, overwrite=overwrite)
            except SaveError as error:
                self.notify(str(error), title="Not saved", severity="error", timeout=10)
                return
            self.notify(f"Saved as '{slot}'.")

        self.push_screen(PromptDialog("Save the game as:", placeholder="a name for this save"), save)

    def action_pick_theme(self) -> None:
        """Pick a theme from a searchable list; it applies at once and is kept."""
        from functools import partial

        from textual.command import SimpleCommand

        commands = [
            SimpleCommand(name, partial(self.change_theme, name), "current" if name == self.theme else None)
            for name in self.theme_names
        ]
        self.search_commands(commands, placeholder="Pick a theme…")

    async def action_quit(self) -> None:
        """Quit; with a game open (and confirm-on-quit set) ask first.

        A game that cannot be saved is never closed quietly: the player is told, and may save
        it in another folder first.
        """
        from flight_tui.ui.screens.dialogs import ConfirmDialog, NotSavedDialog

        asking = isinstance(self.screen, (ConfirmDialog, NotSavedDialog))
        if self.current_table() is None or asking or too_small(self.size):
            self.quit_now()
            return

        def close(note: ClosingNote | None) -> None:
            if note is not None:
                self._exit_with(note)
            elif self.settings.confirm_quit:
                self.push_screen(
                    ConfirmDialog("Quit? Your game is saved: 'flight-tui continue' resumes it."),
                    lambda yes: self.quit_now() if yes else None,
                )
            else:
                self.quit_now()

        self.confirm_unsaved(close)

    def quit_now(self) -> None:
        """Save the open game and end the program (with a message and status 1 if it could not be saved)."""
        self.save_now()
        self._exit_with(self._unsaved_note() if self.save_problem and self.current_table() is not None else None)

    def _exit_with(self, note: ClosingNote | None) -> None:
        """End the program; a ``note`` is printed on stderr, and a lost game ends it with status 1."""
        if note is None:
            self.exit()
        else:
            self.exit(return_code=UNSAVED_EXIT if note.lost else 0, message=note.text)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from flight_tui.ui.commands import palette_commands

        return palette_commands(self, screen)


def _screen_title(screen: Screen) -> str:
    """A readable name for a screen class, e.g. ``NewGameScreen`` -> ``New game``."""
    import re

    name = type(screen).__name__.removesuffix("Screen") or "Main"
    words = re.findall(r"[A-Z][a-z0-9]*", name) or [name]
    return " ".join([words[0], *(word.lower() for word in words[1:])])

