"""Passaportas: its rules, bots and screens."""
