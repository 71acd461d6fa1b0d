"""Screens of the competitive mode."""
