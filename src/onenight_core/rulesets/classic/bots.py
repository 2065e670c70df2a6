"""Bots for ``classic``: a random bot answers every prompt with one of its options, drawn from its own
seeded stream (one per seat), so a bot game is a pure function of its seed."""

from __future__ import annotations

import random
from collections.abc import Callable

from ...model.rng import stream
from ...model.values import Action, Prompt, Setup
from .board import Board
from .protocol import chance_from_seed, drive, full_deck


def random_answers(seed: int) -> Callable[[Board, Prompt], Action]:
    """An answering function: each seat draws from ``stream(seed, "classic-bot/<seat>")``."""
    streams: dict[int, random.Random] = {}

    def answer(_b: Board, p: Prompt) -> Action:
        rng = streams.setdefault(p.seat, stream(seed, f"classic-bot/{p.seat}"))
        return rng.choice(p.options)
    return answer


def play_bot_game(setup: Setup, seed: int) -> Board:
    """One whole game between random bots: deal, answers and draws all from ``seed``."""
    cards = list(full_deck(setup))
    stream(seed, "deal").shuffle(cards)
    return drive(setup, cards, random_answers(seed), chance_from_seed(seed))
