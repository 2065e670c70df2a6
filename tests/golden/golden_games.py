"""Record and replay seeded ``onuw`` bot games as ids only — the golden file's one definition.

A game is recorded as its set-up (deck, player count, seed, bot kind), the answers the bots chose (seat,
step id and the action's verb, targets and value; forced answers such as an info prompt's ``done`` are
not recorded), and the result as ids: the final table (each position's printed role and copy), the
marks and artifacts each seat holds, the ballots, the dead seats, each seat's effective role and team key at the
vote, the winners, the teams that
won and the mode. Nothing here is English prose, so the text layer may reword every sentence without
touching the golden file; any change of *behaviour* shows up as a difference.

Used by ``make_golden.py`` (writes ``onuw_games.json``) and ``tests/test_golden.py`` (replays it)."""

from __future__ import annotations

import random
from typing import Any, Sequence

from onenight_core.play.bots import make_bots, play_game
from onenight_core.engine import apply, new_game, pending
from onenight_core.model import Action, Setup

GOLDEN_VERSION = 1


def setup_of(deck: Sequence[str], players: int) -> Setup:
    return Setup(players=tuple(f"P{i}" for i in range(players)), deck=tuple(deck))


class RecordingBot:
    """Wraps a bot and records each answer it gives (the forced ones never reach a bot)."""

    def __init__(self, bot: Any, log: list[list[Any]]) -> None:
        self.bot, self.log, self.seat = bot, log, bot.seat

    def answer(self, view: Any) -> Action:
        action = self.bot.answer(view)
        self.log.append([self.seat, view.prompt.step, action.verb, list(action.targets), action.value])
        return action


def result_of(state: Any) -> dict[str, Any]:
    """The ids of a finished game (see the module docstring)."""
    o = state.outcome
    return {
        "final": [[c.role, c.copied] if c.copied else c.role for c in state.cards],
        "marks": list(state.marks),
        "artifacts": list(state.artifacts),
        "votes": [None if v is None else list(v) for v in state.votes],
        "dead": sorted(o.dead),
        "roles": list(o.roles),
        "keys": list(o.keys),
        "winners": sorted(o.winners),
        "teams_won": sorted(team[0] for team in o.teams if team[1]),
        "mode": o.mode,
    }


def play_recorded(deck: Sequence[str], players: int, seed: int, bot: str) -> dict[str, Any]:
    """Play one bot game through ``bots.play_game`` and return its golden record."""
    setup = setup_of(deck, players)
    answers: list[list[Any]] = []
    bots = [RecordingBot(b, answers) for b in make_bots(bot, players, seed)]
    state = play_game(setup, seed, bots)
    return {"deck": list(deck), "players": players, "seed": seed, "bot": bot, "answers": answers,
            **result_of(state)}


def replay_answers(game: dict[str, Any]) -> dict[str, Any]:
    """Feed a record's answers straight to the engine (no bots): the engine alone must give the same
    result. A forced prompt (one option) is answered with that option, as ``play_game`` does."""
    state = new_game(setup_of(game["deck"], game["players"]), game["seed"])
    answers = iter(game["answers"])
    while (prompt := pending(state)) is not None:
        if len(prompt.options) == 1:
            state = apply(state, prompt.options[0])
            continue
        seat, step, verb, targets, value = next(answers)
        assert (prompt.seat, prompt.step) == (seat, step), (
            f"prompt for seat {prompt.seat} step {prompt.step!r}, recorded seat {seat} step {step!r}")
        state = apply(state, Action(verb, tuple(targets), value))
    assert next(answers, None) is None, "answers left over after the game ended"
    return result_of(state)


def random_decks(count: int, seed: int, roles: Sequence[str]) -> list[tuple[int, tuple[str, ...]]]:
    """``count`` random decks of playable roles for 3–10 players (players + 3 cards), drawn with a fixed
    seed. Decks the engine refuses are skipped by the caller."""
    draw = random.Random(seed)
    out = []
    for _ in range(count):
        players = draw.randint(3, 10)
        out.append((players, tuple(draw.choice(roles) for _ in range(players + 3))))
    return out
