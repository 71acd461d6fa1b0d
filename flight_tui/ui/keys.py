"""Keys as the player sees them: a key's written name, and the key a binding has now.

Every binding has an id (``flight.draw-pack``, ``app.help``); the player's keymap (the
``[keymap]`` table of the config file) may give it other keys. Text that names a key asks
:func:`key_for`, so that a remapped key is named right everywhere, as in the footer and Help.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import KEY_NAME_REPLACEMENTS, Keys, format_key, key_to_character

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


def takes_moves(node: DOMNode) -> bool:
    """Whether moves are made on the screen of ``node`` (a replay's screen takes none): only
    there do the game's texts name the keys of moves."""
    return getattr(node.screen, "takes_moves", True)


def key_for(node: DOMNode, binding_id: str, owner: type[DOMNode] | None = None) -> str:
    """The written name of the first key of binding ``binding_id`` (see :func:`keys_of`)."""
    return key_name(keys_of(node, binding_id, owner)[0])


MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")
NAMED = {key.value for key in Keys} | set(KEY_NAME_REPLACEMENTS.values())
"""Keys with a name (``enter``, ``f2``, ``ctrl+n``, ``plus``); characters have names too (``question_mark``)."""


def keys_problem(keys: object) -> str | None:
    """What is wrong with the keys a keymap gives a binding (``"n"``, ``"n,ctrl+n"``), or None."""
    if not isinstance(keys, str):
        return f'keys are written as a string, such as "n" or "n,ctrl+n", not as a {type(keys).__name__}'
    for key in keys.split(","):
        key = key.strip()
        *modifiers, base = key.split("+")
        if not key:
            return "a key is missing (between two commas, or none at all)"
        unknown = [modifier for modifier in modifiers if modifier not in MODIFIERS]
        if unknown:
            return f"'{unknown[0]}' in '{key}' is not a modifier ({', '.join(MODIFIERS)})"
        if not (len(base) == 1 or base in NAMED or key in NAMED or key_to_character(base)):
            return f"'{key}' is not a key (write a character, or a name such as enter, escape, f2, ctrl+n, question_mark)"
    return None


def binding_ids() -> set[str]:
    """The id of every key binding of the app: the shell's and every game's (it imports all their screens)."""
    import importlib
    import pkgutil

    from flight_tui.games import game_names, get_spec

    screens = (get_spec(name).table_screen.partition(":")[0] for name in game_names())
    for package in ("flight_tui.ui", *(module.rpartition(".")[0] for module in screens)):
        found = importlib.import_module(package)
        for module in pkgutil.walk_packages(found.__path__, f"{package}."):
            importlib.import_module(module.name)
    ids: set[str] = set()
    classes: list[type[DOMNode]] = [DOMNode]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        ids.update(binding.id for binding in Binding.make_bindings(cls.__dict__.get("BINDINGS", ())) if binding.id)
    return ids
