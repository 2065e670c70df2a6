"""Batch fast paths for ``simulate``: mutable one-game tables that play bot games game for game as the
engine does, for the set-ups they cover (the rest falls back to the engine). docs/engine.md, "The
batch kernel".

The One Night kernel (``onuw`` and ``dalbula``):

* ``coverage`` — which games the kernel plays (the rest fall back to the engine, game by game);
* ``plan`` — what every game of a roster shares: the night's steps and each seat's legal choices as
  index tables;
* ``streams`` — the bots' seeded draws (``rng.Draws``), read without a stream object;
* ``night`` — the night on a mutable table, the bots answering inline and keeping their beliefs;
* ``vote`` — the bots' ballots;
* ``resolution`` — who died and who won (the engine's ``resolve`` for the covered roles);
* ``ripple``, ``extras`` — the engine's draws a covered Dalbula table needs ahead (its ripple, the
  Temptress's extra card);
* ``mixed`` — the decks of the Alien / Super Villains / told roles (``mixed-all-10``): their own table,
  night, ripples, votes and resolution, for the shuffled ``onuw`` decks ``coverage`` leaves out;
* ``draws`` — the app's draws (``rulesets/draws.py``) without ``random.Random`` objects;
* ``trim`` — flat memory: the engine's value caches emptied every thousand games;
* ``run`` — one dispatch for ``play/simulate.py``: a result per seed, from the kernel (``coverage``'s
  set-ups), the mixed kernel (``mixed.covers``) or the engine.

Classic Werewolf's fast path is ``classic``.
"""

from __future__ import annotations

from .run import GameResult, Result, results

__all__ = ["GameResult", "Result", "results"]
