"""A player's keymap (the ``[keymap]`` table of config.toml) at the Flight table, in the real app."""

from __future__ import annotations

from flight_harness import make_table, play_until, run_async
from game_harness import footer_line, wait_until

from flight_tui.games.flight.rules.state import DRAW, PLAY
from flight_tui.games.flight.ui.table_screen import PACK_HELP, FlightTableScreen
from flight_tui.games.flight.ui.widgets import HandView
from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.help import HelpScreen
from flight_tui.ui.settings import config_path


def remap(**keys: str) -> None:
    """A config file whose keymap gives these bindings (``flight.draw-pack`` as ``flight__draw_pack``) these keys."""
    lines = [f'"{name.replace("__", ".").replace("_", "-")}" = "{key}"' for name, key in keys.items()]
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text("# my keys\n[keymap]\n" + "\n".join(lines) + "\n")


def drawing(app) -> bool:
    screen = app.screen
    return isinstance(screen, FlightTableScreen) and screen.view is not None and screen.view.phase == DRAW and screen.table.to_act() == (0,)


@run_async
async def test_a_remapped_key_draws_and_is_named_in_the_footer_the_prompt_and_help():
    remap(flight__draw_pack="n")
    table = make_table("human,normal,normal", seed=7)
    play_until(table, lambda t: t.to_act() == (0,) and t.view(0).phase == DRAW and len(t.view(0).hand) > 0)
    app = FlightTuiApp(table=table)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: drawing(app))
        screen = app.screen
        footer = footer_line(app)
        assert "n Pack" in footer and "p Pack" not in footer, footer
        title = str(screen.query_one(HandView).border_title)
        assert "draw: n the pack, e the exposed card" in title, title

        cards = len(table.view(0).hand)
        await pilot.press("p")
        await pilot.pause()
        assert table.view(0).phase == DRAW and len(table.view(0).hand) == cards  # the old key does nothing now

        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        keys = {what: key for key, what in app.screen.screen_keys}
        assert keys[PACK_HELP] == "n"
        await pilot.press("escape")

        await pilot.press("n")
        await wait_until(pilot, lambda: table.view(0).phase == PLAY)
        assert len(table.view(0).hand) == cards + 1


@run_async
async def test_keys_taken_from_one_binding_and_given_to_another():
    """``?`` leaves Help for the hint; the hint then names the pack's new key."""
    remap(flight__draw_pack="ctrl+n", flight__hint="question_mark", app__help="f1")
    table = make_table("human,normal,normal", seed=7)
    play_until(table, lambda t: t.to_act() == (0,) and t.view(0).phase == DRAW and len(t.view(0).hand) > 0)
    app = FlightTuiApp(table=table)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: drawing(app))
        await pilot.press("question_mark")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        hints = [str(n.message) for n in app._notifications if n.title == "Hint"]
        assert len(hints) == 1, hints
        assert ("(Ctrl+N)" if "pack" in hints[0] else "(e)") in hints[0], hints
        assert "←→ Card Ctrl+N Pack e Exposed card ? Hint Esc Menu F1 Help" in footer_line(app)  # in the usual order
