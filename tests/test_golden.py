"""The golden file: a few hundred seeded ``onuw`` games must play exactly as when it was recorded.

``tests/golden/onuw_games.json`` holds, for each game, the set-up, the bots' answers and the result as
ids only (see ``tests/golden/games.py``). Two checks per game:

* the bots play the game again through ``play_game``: same answers, same result (engine + views + bots);
* the recorded answers are fed straight to the engine: same result (the engine alone), which tells an
  engine change from a bot change when the first check fails.

If a change of behaviour is intended (a rules fix), regenerate with ``tests/golden/make_golden.py`` and
say so in the commit message."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(GOLDEN_DIR))

from golden_games import GOLDEN_VERSION, play_recorded, replay_answers  # noqa: E402

GOLDEN = json.loads((GOLDEN_DIR / "onuw_games.json").read_text(encoding="utf-8"))
GAMES = GOLDEN["games"]
RESULT_KEYS = ("final", "marks", "artifacts", "votes", "dead", "roles", "keys", "winners", "teams_won", "mode")


def _id(game: dict) -> str:
    return f"{game['players']}p-{game['bot']}-{game['seed']}"


def test_golden_file_is_current_and_broad():
    assert GOLDEN["version"] == GOLDEN_VERSION
    assert len(GAMES) >= 300
    assert {g["players"] for g in GAMES} == set(range(3, 11))
    assert {g["bot"] for g in GAMES} == {"informed", "random"}
    assert any(g["mode"] == "epic" for g in GAMES) and any(g["dead"] for g in GAMES)


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_bots_play_the_golden_game_again(game):
    again = play_recorded(game["deck"], game["players"], game["seed"], game["bot"])
    assert again["answers"] == game["answers"]
    assert {k: again[k] for k in RESULT_KEYS} == {k: game[k] for k in RESULT_KEYS}


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_recorded_answers_give_the_golden_result(game):
    assert replay_answers(game) == {k: game[k] for k in RESULT_KEYS}
