"""Nim: a game that exists only in the tests, to show what a game needs (docs/architecture.md)."""
