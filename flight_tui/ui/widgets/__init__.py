"""Widgets and small screens that the tables of several games share, each with its own style."""
