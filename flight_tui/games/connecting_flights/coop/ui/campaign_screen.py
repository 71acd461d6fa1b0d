"""The campaign screen: the scenarios of a campaign, what each asks, and how far the player is.

Each scenario row starts with a symbol and ends with a word for its status (never colour
alone): ``✓ won``, ``▶ playing``, ``○ open``, ``× locked``. Enter starts an open scenario,
retries a won one, or resumes the one in progress; ``b`` reads its briefing; ``p`` and ``a``
choose the crew (1 to 3 seats: you, and bot or hot-seat partners). A damaged campaign file
is shown with what its backup copy holds: ``u`` brings the backup back, ``x`` sets both aside.
Results that waited for the file are recorded as soon as it can be read, and said so.
"""

from __future__ import annotations

import os

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from flight_tui.campaigns import (
    Campaign,
    CampaignFileError,
    CampaignProgress,
    ScenarioLocked,
    load_campaigns,
    load_progress,
    new_scenario_table,
    pending_results,
    record_pending,
    restore_backup,
    save_progress,
    set_aside,
    status,
    summary,
)
from flight_tui.campaigns.model import Scenario, continent_names
from flight_tui.campaigns.progress import LOCKED, OPEN, PLAYING, WON
from flight_tui.table.seats import DEFAULT_NAMES, SeatSpec
from flight_tui.ui.screens.controls import MarkedOptionList
from flight_tui.ui.keys import key_for
from flight_tui.ui.screens.dialogs import ConfirmDialog, Dialog
from flight_tui.ui.widgets.footer import Footer

STATUS_MARKS = {WON: "✓", PLAYING: "▶", OPEN: "○", LOCKED: "×"}
STATUS_WORDS = {WON: "won", PLAYING: "playing", OPEN: "open", LOCKED: "locked"}
PARTNER_KINDS = ("normal", "hard", "easy", "human")
"""What the partners of the first seat are, in the order ``a`` cycles through them."""
MAX_SEATS = 3


def crew(players: int, partner: str) -> list[SeatSpec]:
    """The seats: you first, then ``players - 1`` partners of one kind."""
    return [SeatSpec("human", DEFAULT_NAMES[0])] + [SeatSpec(partner, DEFAULT_NAMES[i]) for i in range(1, players)]


def best_text(progress: CampaignProgress, scenario: Scenario) -> str:
    """The best results in a few words, or an empty string."""
    record = progress.record(scenario.id)
    parts = []
    if record.fewest_rounds is not None:
        parts.append(f"won in {record.fewest_rounds} rounds")
    if record.most_coins is not None:
        parts.append(f"{record.most_coins} coins left")
    if record.most_delivered is not None:
        parts.append(f"{record.most_delivered} flown home")
    return ", ".join(parts)


class BriefingDialog(Dialog[bool]):
    """A scenario's briefing; Enter plays it (when it is open), Esc closes."""

    BINDINGS = [
        Binding("enter", "answer(True)", "Play", key_display="Enter", id="briefing.play"),
        Binding("escape,b", "answer(False)", "Close", key_display="Esc", id="briefing.close"),
    ]

    def __init__(self, heading: str, text: str, playable: bool) -> None:
        super().__init__()
        self.heading = heading
        self.text = text
        self.playable = playable

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.heading, style="bold"), classes="dialog-text")
            yield Static(self.text, classes="dialog-text")
            close = f"{key_for(self, 'briefing.close')} closes."
            hint = f"{key_for(self, 'briefing.play')} plays it, {close}" if self.playable else f"Locked: {close}"
            yield Static(hint, classes="dialog-hint")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer" and parameters == (True,):
            return self.playable
        return True

    def action_answer(self, play: bool) -> None:
        self.dismiss(play)


class CampaignScreen(Screen[None]):
    """Pick a scenario of a campaign and play it."""

    TITLE = "Campaign"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    DEFAULT_CSS = """
    CampaignScreen {
        #campaign-head { height: auto; padding: 0 1; }
        #campaign-title { text-style: bold; color: $primary; }
        #campaign-body { height: 1fr; }
        #scenarios { height: auto; max-height: 100%; border: round $panel-lighten-2; }
        #scenarios:focus { border: round $primary; }
        #details { width: 1fr; height: 1fr; padding: 0 1; }
        #crew { height: 1; padding: 0 1; background: $panel; }
        &.-narrow #campaign-body { layout: vertical; }
        &.-narrow #scenarios { width: 100%; }
        &.-wide #campaign-body { layout: horizontal; }
        &.-wide #scenarios { width: 44; height: auto; }
        &.-wide #details { padding: 1 2; }
    }
    """

    BINDINGS = [
        Binding("b", "briefing", "Briefing", tooltip="Read the highlighted scenario's briefing", id="campaign.briefing"),
        Binding("p", "players", "Players", tooltip="Play with 1, 2 or 3 seats", id="campaign.players"),
        Binding("a", "partner", "Partners", tooltip="Your partners: Normal, Hard or Easy bots, or people (hot-seat)", id="campaign.partners"),
        Binding("r", "restart", "Restart", tooltip="Give up the game in progress and start the scenario again", id="campaign.restart"),
        Binding("u", "restore", "Use backup", tooltip="Make the backup copy of the damaged campaign file the campaign again", id="campaign.use-backup"),
        Binding("x", "set_aside", "Set aside", tooltip="Move the damaged campaign file and its backup away and start afresh", id="campaign.set-aside"),
        Binding("escape", "app.pop_screen", "Back", key_display="Esc", id="campaign.back"),
    ]

    def __init__(self, campaign: Campaign | None = None) -> None:
        super().__init__()
        self.campaign = campaign or load_campaigns()[0]
        self.progress: CampaignProgress | None = None
        self.problem: str | None = None
        self.backup: CampaignProgress | None = None
        """The progress in the damaged file's backup copy, when that copy can be read."""
        self.waiting = 0
        """Finished games whose results wait for the campaign file."""
        self.players = 1
        self.partner = PARTNER_KINDS[0]
        self.names = continent_names(self.campaign.game)

    def compose(self) -> ComposeResult:
        with Vertical(id="campaign-head"):
            yield Static(f"Campaign · {self.campaign.title}", id="campaign-title")
            yield Static(self.campaign.description, id="campaign-description")
        with Horizontal(id="campaign-body"):
            yield MarkedOptionList(id="scenarios")
            yield Static(id="details")
        yield Static(id="crew")
        yield Footer()

    def on_mount(self) -> None:
        self.reload()
        self.query_one("#scenarios").focus()

    def on_screen_resume(self) -> None:
        self.reload()

    # ------------------------------------------------------------ showing

    def reload(self, *, anew: bool = False) -> None:
        """Read the campaign file again (recording any results that waited for it) and redraw.

        ``anew``: highlight the scenario to play next, not the one highlighted before.
        """
        self._record_waiting()
        try:
            self.progress = load_progress(self.campaign.id)
            self.problem, self.backup = None, None
        except CampaignFileError as error:
            self.progress = CampaignProgress(campaign=self.campaign.id)
            self.problem, self.backup = str(error), error.backup
        try:
            self.waiting = len(pending_results(self.campaign.id))
        except CampaignFileError as error:
            self.waiting = 0
            self.notify(str(error), title="Results waiting", severity="error", timeout=10)
        scenarios = self.query_one("#scenarios", OptionList)
        highlighted = None if anew else scenarios.highlighted
        scenarios.clear_options()
        scenarios.add_options(Option(self._row(s), id=s.id) for s in self.campaign.scenarios)
        scenarios.highlighted = highlighted if highlighted is not None else self._first_to_play()
        self._show_details()
        self._show_crew()
        self.refresh_bindings()

    def _record_waiting(self) -> None:
        """Record the results of games that ended while the campaign file could not take them."""
        try:
            recorded = record_pending(self.campaign)
        except CampaignFileError:
            return  # the file's problem is shown by reload
        for message in recorded:
            self.notify(message, title="Recorded now", timeout=10)

    def _first_to_play(self) -> int:
        """The scenario in progress, else the first open one not won, else the first."""
        order = [status(self.progress, s) for s in self.campaign.scenarios]
        for wanted in (PLAYING, OPEN):
            if wanted in order:
                return order.index(wanted)
        return 0

    def _row(self, scenario: Scenario) -> Text:
        state = status(self.progress, scenario)
        number = self.campaign.number(scenario.id)
        row = Text(f"{STATUS_MARKS[state]} {number} ")
        row.append(scenario.title, style="bold" if state != LOCKED else "dim")
        row.append(f"  {STATUS_WORDS[state]}", style="italic")
        return row

    @property
    def scenario(self) -> Scenario:
        """The highlighted scenario."""
        index = self.query_one("#scenarios", OptionList).highlighted or 0
        return self.campaign.scenarios[index]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_details()
        self.refresh_bindings()

    def _show_details(self) -> None:
        """The highlighted scenario; with a damaged file, its notice first and no progress."""
        scenario, progress = self.scenario, self.progress
        state = status(progress, scenario)
        text = self._problem_text() if self.problem else Text()
        text.append(f"{self.campaign.number(scenario.id)}. {scenario.title}", style="bold")
        if not self.problem:
            text.append(f"  [{STATUS_MARKS[state]} {STATUS_WORDS[state]}]")
        text.append("\n" + scenario.asks + "\n")
        setup = scenario.setup.describe(self.names)
        text.append("Set-up: " + ("; ".join(setup) if setup else "as in the rules"), style="italic")
        if self.problem:
            text.append("\nb reads the briefing", style="bold")
            self.query_one("#details", Static).update(text)
            return
        record = progress.record(scenario.id)
        text.append(f"\nAttempts {record.attempts} · won {record.wins} · lost {record.losses}")
        best = best_text(progress, scenario)
        text.append(f"\nBest: {best}" if best else "\nBest: none yet")
        if state == LOCKED:
            needed = [self.campaign.scenario(r).title for r in scenario.requires]
            text.append(f"\nWin {' and '.join(needed)} to unlock it.", style="bold")
        else:
            verb = {PLAYING: "resumes the game in progress", WON: "plays it again", OPEN: "starts it"}[state]
            text.append(f"\nEnter {verb} · b reads the briefing", style="bold")
        self.query_one("#details", Static).update(text)

    def _problem_text(self) -> Text:
        """The damaged file's notice: what is wrong, what its backup holds, the keys that help."""
        text = Text()
        text.append(f"! {self.problem}", style="bold")
        if self.backup is not None:
            text.append(f"\nIts backup copy is good ({summary(self.campaign, self.backup)}).")
            text.append("\nu brings the backup back · x sets both aside and starts afresh")
        else:
            text.append("\nx sets it aside (it is kept under another name) and starts the campaign afresh.")
        if self.waiting:
            games = "1 finished game waits" if self.waiting == 1 else f"{self.waiting} finished games wait"
            text.append(f"\n{games} to be recorded (kept until the file can be used).")
        text.append("\n\n")
        return text

    def _show_crew(self) -> None:
        seats = crew(self.players, self.partner)
        people = " · ".join(seat.label + (" (you)" if index == 0 else "") for index, seat in enumerate(seats))
        self.query_one("#crew", Static).update(f"Crew: {people}")

    # ------------------------------------------------------------ keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "restart":
            return self.progress is not None and status(self.progress, self.scenario) == PLAYING
        if action == "set_aside":
            return self.problem is not None
        if action == "restore":
            return self.backup is not None
        if action == "players":
            return self.problem is None
        if action == "partner":
            return self.problem is None and self.players > 1
        return True

    def action_players(self) -> None:
        self.players = self.players % MAX_SEATS + 1
        self._show_crew()
        self.refresh_bindings()

    def action_partner(self) -> None:
        self.partner = PARTNER_KINDS[(PARTNER_KINDS.index(self.partner) + 1) % len(PARTNER_KINDS)]
        self._show_crew()

    def action_briefing(self) -> None:
        scenario = self.scenario
        state = status(self.progress, scenario)
        heading = f"{self.campaign.number(scenario.id)}. {scenario.title} · {scenario.asks}"

        def answered(play: bool | None) -> None:
            if play:
                self.action_play()

        self.app.push_screen(BriefingDialog(heading, scenario.briefing, state != LOCKED), answered)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_play()

    def action_play(self) -> None:
        """Start, retry or resume the highlighted scenario."""
        if self.problem:
            self.notify(self.problem, title="Campaign file", severity="error", timeout=10)
            return
        scenario = self.scenario
        if status(self.progress, scenario) == PLAYING and self._resume():
            return
        self._start(scenario)

    def action_restart(self) -> None:
        def answer(yes: bool | None) -> None:
            if yes:
                self._start(self.scenario)

        question = f"Give up the game in progress and start '{self.scenario.title}' again from round 1?"
        self.app.push_screen(ConfirmDialog(question), answer)

    def action_restore(self) -> None:
        """Make the damaged file's backup copy the campaign file again, and show its progress."""
        try:
            restored = restore_backup(self.campaign.id)
        except CampaignFileError as error:
            self.notify(str(error), title="Not restored", severity="error", timeout=10)
        else:
            self.notify(f"The backup copy was restored: {summary(self.campaign, restored)}.", title="Campaign file")
        self.reload(anew=True)

    def action_set_aside(self) -> None:
        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                aside = set_aside(self.campaign.id)
            except OSError as error:
                self.notify(f"The file could not be moved: {error.strerror or error}", severity="error")
                return
            if aside is not None:
                self.notify(f"The damaged file was kept as {aside.name}.")
            self.reload(anew=True)

        question = "Set the damaged campaign file aside and start the campaign afresh?"
        if self.backup is not None:
            question = "Set the damaged campaign file and its good backup copy aside and start afresh? (u brings the backup back instead.)"
        self.app.push_screen(ConfirmDialog(question), answer)

    # ------------------------------------------------------------ playing

    def _resume(self) -> bool:
        """Open the autosave of the game in progress; False when it is gone."""
        from flight_tui.saves import SaveError

        playing = self.progress.in_progress
        if playing is None or playing.slot is None:
            return False
        try:
            table = self.app.store.load(playing.slot)
        except SaveError:
            self.notify("The game in progress was not found: the scenario starts again.", severity="warning")
            return False
        self.app.open_table(table)
        return True

    def _start(self, scenario: Scenario) -> None:
        """A new attempt: the campaign file is written once, naming the new game's autosave."""
        seed = int.from_bytes(os.urandom(4), "big")
        given_up = self.progress.in_progress.slot if self.progress.in_progress else None
        try:
            table = new_scenario_table(self.campaign, self.progress, scenario.id, crew(self.players, self.partner), seed)
        except (ScenarioLocked, ValueError) as error:
            self.notify(str(error), title="Cannot start", severity="warning")
            self.reload()
            return
        slot = self._first_autosave(table)
        self.progress.in_progress.slot = slot
        try:
            save_progress(self.progress)
        except CampaignFileError as error:
            self.notify(str(error), title="Cannot start", severity="error", timeout=10)
            if slot is not None:
                self._delete_autosave(slot)
            self.reload()
            return
        if given_up is not None and given_up != slot:
            self._delete_autosave(given_up)
        self.app.open_table(table)

    def _first_autosave(self, table) -> str | None:
        """Autosave a new game to learn its slot (None if it fails: the app reports it when it opens the game)."""
        from flight_tui.saves import SaveError

        try:
            return self.app.store.autosave(table)
        except SaveError:
            return None

    def _delete_autosave(self, slot: str) -> None:
        """Remove the autosave of a game given up or not begun (Continue must not bring it back)."""
        from flight_tui.saves import SaveError

        try:
            self.app.store.delete(slot)
        except SaveError:
            pass  # already gone
