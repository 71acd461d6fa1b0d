"""Keys are data: every binding of the app has an id, and the README lists every id for keymaps."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding
from textual.dom import DOMNode

from flight_tui.ui.keys import binding_ids

README = Path(__file__).resolve().parents[2] / "README.md"


def our_classes() -> list[type[DOMNode]]:
    binding_ids()  # imports every screen of the shell and of each game
    found, classes = [], [DOMNode]
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        if cls.__module__.startswith("flight_tui."):
            found.append(cls)
    return found


def test_every_binding_has_an_id():
    missing = [
        f"{cls.__module__}.{cls.__name__}: {binding.key} {binding.action}"
        for cls in our_classes()
        for binding in Binding.make_bindings(cls.__dict__.get("BINDINGS", ()))
        if not binding.id
    ]
    assert missing == []


def test_the_readme_lists_every_binding_id():
    text = README.read_text()
    ids = binding_ids()
    assert len(ids) > 100
    assert sorted(binding_id for binding_id in ids if f"`{binding_id}`" not in text) == []
