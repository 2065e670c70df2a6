"""Classic Werewolf (seed 004): many nights and days until one side is gone — its game (``game.py``,
``protocol.py``), roles and night board, bots, narration, story and scenarios."""
