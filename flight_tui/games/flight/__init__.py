"""Flight (Pepys, 1954): its rules, bots and screens."""
