"""The batch kernel of ``simulate``: seeded bot games played on one mutable table per game, with the
results of the engine game for game (docs/bots.md, "The batch kernel").

* ``coverage`` — which set-ups the kernel plays (the rest fall back to the engine, game by game);
* ``plan`` — what every game of a set-up shares: the night's steps and each seat's legal choices as
  index tables;
* ``streams`` — the bots' seeded draws (``rng.Draws``), read without a stream object;
* ``night`` — the night on a mutable table, the bots answering inline and keeping their beliefs;
* ``vote`` — the bots' ballots;
* ``resolution`` — who died and who won (the engine's ``resolve`` for the covered roles);
* ``run`` — one dispatch for ``play/simulate.py``: a result per seed, from the kernel or the engine.
"""

from __future__ import annotations

from .run import GameResult, Result, results

__all__ = ["GameResult", "Result", "results"]
