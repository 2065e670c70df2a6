"""Batch fast paths for ``simulate``: mutable one-game tables that play bot games game for game as the
engine does, for the set-ups they cover (the rest falls back to the engine)."""
