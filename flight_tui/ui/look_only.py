"""A table screen on which nobody here plays: a replay, or a game of bots only being watched.

:class:`LookOnlyControls` is mixed in before a game's table screen class (see
:func:`look_only_class`): the game's texts name no key of a move (``takes_moves``), and a key
of play (a move, undo, a hint) says why nothing happens, in the subclass's ``REFUSAL``, and
opens no question about the move.
"""

from __future__ import annotations

from typing import Any

from flight_tui.ui.game_screen import GameTableScreen


class LookOnlyControls:
    """What a table screen does where nobody here plays (mixed in before the game's screen class)."""

    takes_moves = False
    """The game's texts describe the position without naming keys of moves."""
    REFUSAL: str
    """What a key of play says."""
    REFUSAL_TITLE: str

    def submit(self, action: Any) -> bool:
        self.refuse_move()
        return False

    def refuse_move(self, *_: Any) -> None:
        """A key of play: say why nothing happens (and open no question about the move)."""
        self.notify(self.REFUSAL, title=self.REFUSAL_TITLE, severity="warning")  # type: ignore[attr-defined]


def look_only_class(controls: type[LookOnlyControls], screen_class: type[GameTableScreen], namespace: dict[str, Any]) -> type[GameTableScreen]:
    """``screen_class`` with ``controls`` in front, its moves (the actions its footer shows only
    when they apply), undo and the hint refused at once, and ``namespace`` besides."""
    moves = {f"action_{name}": controls.refuse_move for name in {*screen_class.SHOWN_WHEN_THEY_APPLY, "undo", "hint"}}
    namespace = {
        **moves,
        **namespace,
        "__module__": screen_class.__module__,  # Textual finds a screen's CSS_PATH beside its class's module
    }
    return type(f"{controls.__name__.removesuffix('Controls')}{screen_class.__name__}", (controls, screen_class), namespace)
