"""Keys as the player sees them: a key's written name, and the key a binding has now.

Every binding has an id (``flight.draw-pack``, ``app.help``); the player's keymap (the
``[keymap]`` table of the config file) may give it other keys. Text that names a key asks
:func:`key_for`, so that a remapped key is named right everywhere, as in the footer and Help.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import format_key

KeyNames = Callable[[str], str]
"""A binding id to the written name of its key, e.g. ``functools.partial(key_for, screen)``."""

NAMED_KEYS = {
    "enter": "Enter",
    "escape": "Esc",
    "space": "Space",
    "tab": "Tab",
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "delete": "Del",
    "backspace": "Backspace",
    "insert": "Ins",
}


def key_name(key: str) -> str:
    """How a key is written in Help and in the game's texts: ``Enter``, ``Ctrl+Q``, ``F1``, ``?``, ``↑``."""
    *modifiers, base = key.split("+")
    if base in NAMED_KEYS:
        name = NAMED_KEYS[base]
    elif base[:1] == "f" and base[1:].isdigit():
        name = base.upper()
    else:
        name = format_key(base)
        if modifiers and len(name) == 1:
            name = name.upper()
    return "+".join([*(m.capitalize() for m in modifiers), name])


def keys_of(node: DOMNode, binding_id: str, owner: type[DOMNode] | None = None) -> list[str]:
    """The keys of binding ``binding_id`` now: the keymap's, else those it has by default.

    The binding is one of ``owner``'s (a screen not shown yet), else it is looked for on
    ``node`` and its ancestors up to the app, then on the other widgets of its screen.
    Raises ``KeyError`` if none of them has a binding with that id.
    """
    keymap = node.app._keymap  # Textual keeps the active keymap there (no public reader)
    if binding_id in keymap:
        return keymap[binding_id].split(",")
    if owner is not None:
        bindings = [(binding.key, binding) for binding in Binding.make_bindings(owner.BINDINGS)]
        places = [bindings]
    else:
        places = [place._bindings for place in (*node.ancestors_with_self, *node.screen.walk_children())]
    for bindings in places:
        keys = dict.fromkeys(key for key, binding in bindings if binding.id == binding_id)
        if keys:
            return list(keys)
    raise KeyError(binding_id)


def key_for(node: DOMNode, binding_id: str, owner: type[DOMNode] | None = None) -> str:
    """The written name of the first key of binding ``binding_id`` (see :func:`keys_of`)."""
    return key_name(keys_of(node, binding_id, owner)[0])
