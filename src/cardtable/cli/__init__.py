"""The ``cardtable`` command line: list, rules, play, simulate, duel (Typer + Rich)."""
