"""Footers: every screen's (:class:`Footer`) and a game table's, whose keys of the moment fit
one row with Help (F1) always among them (:class:`GameFooter`)."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events, widgets
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets._footer import FooterKey

HELP_ACTION = "help"
"""The app's Help action, whichever key the keymap gives it."""


def binding_order(screen: Screen) -> dict[str, int]:
    """Each action's place among the screen's bindings as written (the focused widget's and its
    parents' first, then the screen's, then the app's), whatever keys the keymap gives them."""
    chain = screen.focused.ancestors_with_self if screen.focused is not None else [screen, screen.app]
    actions = (binding.action for node in chain for _, binding in node._bindings)  # the bindings before the keymap
    return {action: rank for rank, action in enumerate(dict.fromkeys(actions))}


def key_width(key: FooterKey) -> int:
    """Cells a key takes in a compact footer: its key, a space and its label, then a gap."""
    label = f" {key.description}" if key.description else ""
    return cell_len(key.key_display + label) + 1


def key_look(key: FooterKey) -> tuple:
    """What a footer key shows and does: two keys alike in this look and act the same."""
    return key.key, key.key_display, key.description, key.action, key._disabled, key.tooltip, key.virtual_size


def adopt(key: FooterKey, model: FooterKey) -> None:
    """Make ``key`` (shown) show and do what ``model`` (not mounted) does, and repaint it."""
    key.key, key.key_display, key.description, key.action = model.key, model.key_display, model.description, model.action
    key._disabled = model._disabled
    key.set_class(model._disabled, "-disabled")
    key.tooltip = model.tooltip
    key.set_reactive(Widget.virtual_size, model.virtual_size)
    key.refresh(layout=True)


class Footer(widgets.Footer):
    """Textual's footer, whose keys are built already in the footer's style.

    Textual gives every key the compact style as it is mounted and then the footer's own (a key
    is compact until told otherwise; the command palette's key stays compact), and each change
    of style makes Textual style the key again: two stylings of every key of a plain footer each
    time a screen opens or its keys change, one of a compact footer's. Here each key starts in
    the style it will have, so mounting it changes nothing.
    """

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                compact = self.compact or widget.has_class("-command-palette")
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget


class GameFooter(Footer):
    """A compact footer that never cuts a key in half and always shows Help (F1).

    Keys come in the order the screen lists them (the focused view's first, the least needed
    last), also when the player's keymap has changed them; those that do not fit the width
    are left out whole, from the end. A screen with a ``shows_key(action)`` method leaves out
    the keys it says do not apply now (they still work, to say why not). Help lists
    every key, and the command palette (Ctrl+P), which this footer leaves out to make room.
    When the keys to show change, only the keys that differ are changed (and repainted), not
    the whole footer; nothing is repainted after a move that leaves them as they are.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(show_command_palette=False, compact=True, **kwargs)
        self._composed_width = 0
        self._composed_keys: tuple | None = None

    def shown_keys(self, screen: Screen) -> tuple:
        """What the footer shows of ``screen``'s bindings, in the order shown: for each that is
        shown (and that the screen's ``shows_key`` lets through), its keys, label, state and
        tooltip. A binding left out changes nothing here, whatever its state (a replay hides
        the table's moves), nor does the order in which the focused widget lists them."""
        shows_key = getattr(screen, "shows_key", None)
        order = binding_order(screen)
        keys = [
            (binding.key, self.app.get_key_display(binding), binding.description, binding.action, enabled, tooltip)
            for _node, binding, enabled, tooltip in screen.active_bindings.values()
            if binding.show and (shows_key is None or shows_key(binding.action))
        ]
        return tuple(sorted(keys, key=lambda key: order.get(key[3], len(order))))  # in the order shown

    def bindings_changed(self, screen: Screen) -> None:
        """Update the footer if the keys to show differ from those it shows or is about to show."""
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        keys = self.shown_keys(screen)
        if keys != self._composed_keys:
            self._composed_keys = keys
            self.call_later(self.update_keys)  # before the next paint: with the position that asks for them

    async def update_keys(self) -> None:
        """Show the keys of the moment, changing only the keys that differ from those shown.

        A key whose place, text and state stay the same is kept as it is, so it is not
        repainted; a key that changes is changed in place; keys are added or removed at the end.
        """
        if not self.is_attached:
            return
        shown = list(self.children)
        wanted = list(self.compose())
        if not all(type(key) is FooterKey for key in (*shown, *wanted)):  # binding groups: rebuild
            await self.recompose()
            return
        for old, new in zip(shown, wanted):
            if key_look(old) != key_look(new):
                adopt(old, new)
        if len(shown) > len(wanted):
            await self.remove_children(shown[len(wanted):])
        elif len(wanted) > len(shown):
            await self.mount_all(wanted[len(shown):])

    def compose(self) -> ComposeResult:
        self._composed_keys = self.shown_keys(self.screen) if self._bindings_ready else None
        shows_key = getattr(self.screen, "shows_key", None)
        keys = [key for key in super().compose() if shows_key is None or not isinstance(key, FooterKey) or shows_key(key.action)]
        helps = [key for key in keys if isinstance(key, FooterKey) and key.action == HELP_ACTION]
        order = binding_order(self.screen)
        others = sorted((key for key in keys if key not in helps), key=lambda key: order.get(getattr(key, "action", ""), len(order)))
        self._composed_width = width = self.size.width or self.app.size.width
        room = width - sum(key_width(key) for key in helps)
        for key in keys:  # the size it will have: Textual then has no reason to paint it twice
            if isinstance(key, FooterKey):
                key.set_reactive(Widget.virtual_size, Size(key_width(key) - 1, 1))
        for key in others:
            needed = key_width(key) if isinstance(key, FooterKey) else 0
            if needed > room:
                break
            room -= needed
            yield key
        yield from helps

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._composed_width:
            self.call_after_refresh(self.recompose)
