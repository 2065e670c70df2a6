"""Saved games: the set-up, the seed and every answer applied, so ``onenight --resume`` replays them.

A save never stores the state itself: ``new_game`` plus the same answers gives the same game byte for
byte (design.md, "Randomness"), so the answers are the whole truth and a save from an older version of
a state class still loads. The driver may keep a few facts of its own in ``meta`` (which screen it was
on, the day timer) — plain JSON scalars, opaque to the engine.

Everything here is pure except ``write_save``, ``read_save`` and ``delete_save``, which do the file I/O
(atomic writes: a crash mid-write leaves the previous save intact)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Mapping

from attrs import evolve, field, frozen

from ..engine.protocol import apply, new_game
from ..errors import OneNightError, SaveError
from ..model.values import Action, Setup, _tuple
from ..model.state import GameState

SAVE_FORMAT = 1
_SCALARS = (str, int, float, bool, type(None))


def _meta(value: Mapping[str, Any] | tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((str(k), v) for k, v in items))


@frozen
class SavedGame:
    """One game on its way: what ``new_game`` needs, every answer so far, and the driver's own notes."""

    setup: Setup
    seed: int
    answers: tuple[Action, ...] = field(default=(), converter=_tuple)
    meta: tuple[tuple[str, Any], ...] = field(default=(), converter=_meta)

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.meta:
            if k == key:
                return v
        return default

    def with_answer(self, action: Action) -> "SavedGame":
        return evolve(self, answers=self.answers + (action,))

    def with_meta(self, **values: Any) -> "SavedGame":
        for key, value in values.items():
            if not isinstance(value, _SCALARS):
                raise TypeError(f"meta {key!r} must be a JSON scalar, not {type(value).__name__}")
        merged = dict(self.meta)
        merged.update(values)
        return evolve(self, meta=merged)


def replay(saved: SavedGame) -> GameState:
    """The game the save describes: a new game from its set-up and seed, with every answer applied.

    Raises SaveError when the set-up is no longer playable or an answer is refused."""
    try:
        state = new_game(saved.setup, saved.seed)
    except OneNightError as exc:
        raise SaveError(f"the saved game cannot be set up again: {exc}") from None
    for number, action in enumerate(saved.answers, 1):
        try:
            state = apply(state, action)
        except OneNightError as exc:
            raise SaveError(f"the saved game does not replay (answer {number}, {action}): {exc}") from None
    return state


def encode(saved: SavedGame) -> str:
    """The save as JSON text."""
    return json.dumps({
        "format": SAVE_FORMAT,
        "setup": {"players": list(saved.setup.players), "deck": list(saved.setup.deck),
                  "ruleset": saved.setup.ruleset, "options": dict(saved.setup.options)},
        "seed": saved.seed,
        "answers": [[a.verb, list(a.targets), a.value] for a in saved.answers],
        "meta": dict(saved.meta),
    }, ensure_ascii=False, indent=1)


def decode(text: str) -> SavedGame:
    """Read a save from JSON text; anything malformed raises SaveError with one line."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise SaveError(f"the saved game is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise SaveError("the saved game is not a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"the saved game has format {data.get('format')!r}; this version reads {SAVE_FORMAT}")
    setup = data.get("setup")
    if not isinstance(setup, dict):
        raise SaveError("the saved game has no set-up")
    players, deck, ruleset = setup.get("players"), setup.get("deck"), setup.get("ruleset", "onuw")
    if not _strings(players) or not _strings(deck) or not isinstance(ruleset, str) \
            or players is None or deck is None:
        raise SaveError("the saved game's set-up needs lists of player names and roles")
    options = setup.get("options", {})  # saves written before options existed have none: the defaults
    if not isinstance(options, dict):
        raise SaveError("the saved game's options must be a table of names and values")
    try:
        parsed_setup = Setup(players=players, deck=deck, ruleset=ruleset, options=options)
    except OneNightError as exc:
        raise SaveError(f"the saved game's set-up is invalid: {exc}") from None
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError("the saved game's seed must be an integer")
    answers = data.get("answers", [])
    if not isinstance(answers, list):
        raise SaveError("the saved game's answers must be a list")
    actions = []
    for number, raw in enumerate(answers, 1):
        if (not isinstance(raw, list) or len(raw) != 3 or not isinstance(raw[0], str)
                or not _strings(raw[1]) or not isinstance(raw[2], (str, type(None)))):
            raise SaveError(f"the saved game's answer {number} is malformed")
        actions.append(Action(raw[0], tuple(raw[1]), raw[2]))
    meta = data.get("meta", {})
    if not isinstance(meta, dict) or not all(isinstance(v, _SCALARS) for v in meta.values()):
        raise SaveError("the saved game's meta must be an object of plain values")
    return SavedGame(parsed_setup, seed, tuple(actions), meta)


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


# -- file I/O -----------------------------------------------------------------------------------------

def write_save(path: str | Path, saved: SavedGame) -> None:
    """Write the save atomically: a temporary file in the same folder, flushed, then renamed over."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(encode(saved))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_save(path: str | Path) -> SavedGame:
    """Read and decode the save at ``path``; a missing or unreadable file raises SaveError."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"there is no saved game to resume ({path})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"cannot read the saved game {path}: {getattr(exc, 'strerror', None) or exc}") from None
    return decode(text)


def delete_save(path: str | Path) -> None:
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass
