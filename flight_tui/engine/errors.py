"""Errors raised by rule engines."""


class IllegalAction(Exception):
    """An action that the rules do not allow in this state.

    The message is written for a player ("Route cards must be played in order: R3 comes next").
    Raising it never changes the state.
    """
