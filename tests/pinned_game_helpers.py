"""Engine helpers shared by the role tests that play a pinned-draw game by first options
(``test_alien_roles``, ``test_random_roles``)."""

from __future__ import annotations

from onenight_core import GameState, Setup, apply, new_game, pending

from conftest import PASS, names


def game(deck: tuple[str, ...], players: int, seed: int = 0, **pins: object) -> GameState:
    """A game dealt exactly ``deck`` (seats first, then the center), its random draws pinned by ``pins``."""
    return new_game(Setup(names(players), deck, draws=pins), seed, deal=deck)


def until(g: GameState, step: str, seat: int | None = None) -> GameState:
    """Answer every prompt with its first option (pass when it may) until ``step`` (and ``seat``) asks."""
    while (p := pending(g)) is not None and not (p.step == step and (seat is None or p.seat == seat)):
        g = apply(g, PASS if PASS in p.options else p.options[0])
    return g


def finish(g: GameState) -> GameState:
    """Answer every prompt as ``until`` does, to the end of the game."""
    while (p := pending(g)) is not None:
        g = apply(g, PASS if PASS in p.options else p.options[0])
    return g
