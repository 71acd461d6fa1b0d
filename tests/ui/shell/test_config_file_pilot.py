"""The config file at start-up, in the real app: what is wrong is told, the rest applies."""

from __future__ import annotations

from shell_helpers import messages, run_async

from flight_tui.ui.app import FlightTuiApp
from flight_tui.ui.screens.help import HelpScreen
from flight_tui.ui.screens.load import LoadScreen
from flight_tui.ui.screens.menu import MenuScreen
from flight_tui.ui.screens.settings_screen import SettingsScreen
from flight_tui.ui.settings import config_path, load_config

SIZE = (80, 24)


def write_config(text: str) -> None:
    config_path().parent.mkdir(parents=True, exist_ok=True)
    config_path().write_text(text)


@run_async
async def test_a_config_with_mistakes_starts_the_app_tells_them_and_applies_the_rest():
    write_config(
        'theme = "flight-light"\nanimations = "yes"\n\n'
        '[keymap]\n"app.help" = "f2"\n"menu.load" = "o"\n"flight.no-such-key" = "n"\n"menu.rules" = "nonsense"\n'
    )
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.theme == "flight-light" and app.animation_level == "full"
        text = "\n".join(messages(app))
        assert "animations" in text and "flight.no-such-key" in text and "'nonsense' is not a key" in text
        await pilot.press("l")
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("o")
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("escape")
        await pilot.press("f1")
        assert not isinstance(app.screen, HelpScreen)
        await pilot.press("f2")
        assert isinstance(app.screen, HelpScreen)
        keys = {what: key for key, what in app.screen.app_keys}
        assert keys["Show the keys of this screen"] == "F2"
        await pilot.press("escape", "r")  # the rules keep their key: "nonsense" was refused
        assert not isinstance(app.screen, MenuScreen)


@run_async
async def test_the_settings_screen_keeps_the_keymap_and_the_comments():
    write_config('# chosen with care\n[keymap]\n"menu.settings" = "z"\n')
    app = FlightTuiApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("z")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("down", "right")
    settings, keymap, problems = load_config()
    assert problems == [] and settings.animations is False
    assert keymap == {"menu.settings": "z"}
    assert config_path().read_text().startswith("# chosen with care\n")
