"""UI tests: this folder holds ``game_harness``, which the tests of every game import."""
