"""Saved games: the set-up, the seed and every answer applied, so ``onenight --resume`` replays them.

A save never stores the state itself: ``new_game`` plus the same answers gives the same game byte for
byte (docs/design.md, "Randomness"), so the answers are the whole truth and a save from an older version of
a state class still loads. The driver may keep a few facts of its own in ``meta`` (which screen it was
on, the day timer) — plain JSON scalars, opaque to the engine.

A save is not readable at a glance: players share the laptop, and a glimpse of ``"deck": [...]`` or of
an answer such as ``look p2`` in a file manager must not spoil the game. The JSON is compressed and
base64-encoded under a one-line header (``onenight-save 2``). That only hides it from a glance: anyone on
the same account who wants to can decode it (docs/tui.md says so). Saves of format 1 (plain JSON) still
load. Reading is bounded (file_io): a save that is huge, nested too deep, not a regular file or holds
NaN/Infinity gives one SaveError line.

Everything here is pure except ``write_save``, ``read_save`` and ``delete_save``, which do the file I/O
(atomic, owner-only writes: a crash mid-write leaves the previous save intact)."""

from __future__ import annotations

import base64
import binascii
import json
import math
import zlib
from pathlib import Path
from typing import Any, Callable, Mapping, TypeVar

from attrs import evolve, field, frozen

from ..engine.game import rules_for
from ..engine.protocol import apply, new_game
from ..ruleset_ids import DEFAULT_RULESET
from ..errors import OneNightError, SaveError, said_of
from ..file_io import UnreadableFile, parse_json, read_text, write_atomic
from ..model.messages import say
from ..model.values import Action, Setup, _tuple
from ..model.state import GameState

SAVE_FORMAT = 2
PLAIN_FORMAT = 1  # format 1: the same object as plain JSON text, still read
HEADER = f"onenight-save {SAVE_FORMAT}"
MAX_SAVE_BYTES = 1024 * 1024  # a save of a long game is a few kilobytes
_SCALARS = (str, int, float, bool, type(None))


def _plain(value: Any) -> bool:
    """A JSON scalar that survives a round trip: no NaN or Infinity."""
    return isinstance(value, _SCALARS) and not (isinstance(value, float) and not math.isfinite(value))


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

    def get(self, key: str, default: Any = None, kind: type | None = None) -> Any:
        """The driver's note ``key``; with ``kind`` (int, float, str, bool), a value of another type is
        ``default``: a hand-edited save must not crash the screen that reads it."""
        for k, v in self.meta:
            if k == key:
                if kind is None or _is_kind(v, kind):
                    return float(v) if kind is float else v
                return default
        return default

    def with_answer(self, action: Action) -> "SavedGame":
        return evolve(self, answers=self.answers + (action,))

    def with_meta(self, **values: Any) -> "SavedGame":
        for key, value in values.items():
            if not _plain(value):
                raise TypeError(f"meta {key!r} must be a finite JSON scalar, not {value!r}")
        merged = dict(self.meta)
        merged.update(values)
        return evolve(self, meta=merged)


Game = TypeVar("Game")


def replay(saved: SavedGame) -> GameState:
    """The game the save describes: a new game from its set-up and seed, with every answer applied.

    Raises SaveError when the set-up is no longer playable or an answer is refused."""
    return replay_with(saved, new_game, apply)


def replay_game(saved: SavedGame, observe: Callable[[Any], object] | None = None) -> Any:
    """The game the save describes, of any ruleset: through the rules its set-up is played by
    (``engine.game.rules_for``: the One Night engine's ``GameState``, classic's ``ClassicGame``).
    ``observe`` is shown every state on the way, as a live table's bots saw them (one replay rebuilds both).

    Raises SaveError when the set-up is no longer playable or an answer is refused."""
    try:
        rules = rules_for(saved.setup)
    except OneNightError as exc:
        raise SaveError(said=say("save_setup_refused", cause=said_of(exc))) from None
    return replay_with(saved, rules.new_game, rules.apply, observe)


def replay_with(saved: SavedGame, start: Callable[[Setup, int], Game],
                answer: Callable[[Game, Action], Game], observe: Callable[[Game], object] | None = None) -> Game:
    """``replay`` through any rules' ``new_game`` and ``apply`` (``replay_game``'s): one place
    that turns a refused set-up or answer into a SaveError naming no answer's content."""
    try:
        state = start(saved.setup, saved.seed)
    except OneNightError as exc:
        raise SaveError(said=say("save_setup_refused", cause=said_of(exc))) from None
    if observe is not None:
        observe(state)
    for number, action in enumerate(saved.answers, 1):
        try:
            state = answer(state, action)
        except OneNightError:
            # Neither the answer nor the engine's reason is shown: they could tell the table a choice.
            raise SaveError(said=say("save_answer_refused", number=number, total=len(saved.answers))) from None
        if observe is not None:
            observe(state)
    return state


def _is_kind(value: Any, kind: type) -> bool:
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def encode(saved: SavedGame) -> str:
    """The save as text: the header line, then the compressed JSON in base64 (lines of 76)."""
    packed = base64.encodebytes(zlib.compress(encode_json(saved).encode("utf-8"), 9)).decode("ascii")
    return f"{HEADER}\n{packed}"


def encode_json(saved: SavedGame, format: int = SAVE_FORMAT) -> str:
    """The save's object as plain JSON text (inside the packed save; a format 1 save is exactly this)."""
    return json.dumps({
        "format": format,
        "setup": {"players": list(saved.setup.players), "deck": list(saved.setup.deck),
                  "ruleset": saved.setup.ruleset, "options": dict(saved.setup.options),
                  **({"draws": {k: list(v) if isinstance(v, tuple) else v for k, v in saved.setup.draws}}
                     if saved.setup.draws else {})},
        "seed": saved.seed,
        "answers": [[a.verb, list(a.targets), a.value] for a in saved.answers],
        "meta": dict(saved.meta),
    }, ensure_ascii=False, indent=1, allow_nan=False)


def decode(text: str) -> SavedGame:
    """Read a save (packed, or plain JSON of format 1); anything malformed raises SaveError, one line."""
    if not isinstance(text, str):
        raise SaveError(said=say("save_not_text"))
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped[:1] in ("{", "["):
        expected, body = PLAIN_FORMAT, stripped
    else:
        expected, body = SAVE_FORMAT, _unpack(stripped)
    try:
        data = parse_json(body)
    except UnreadableFile as exc:
        raise SaveError(said=say("save_unreadable_json", reason=exc.said)) from None
    if not isinstance(data, dict):
        raise SaveError(said=say("save_not_object"))
    if type(data.get("format")) is not int or data.get("format") != expected:
        raise SaveError(said=say("save_format", given=_short(data.get("format")), plain=PLAIN_FORMAT,
                                 packed=SAVE_FORMAT))
    setup = data.get("setup")
    if not isinstance(setup, dict):
        raise SaveError(said=say("save_no_setup"))
    players, deck, ruleset = setup.get("players"), setup.get("deck"), setup.get("ruleset", DEFAULT_RULESET)
    if not _strings(players) or not _strings(deck) or not isinstance(ruleset, str) \
            or players is None or deck is None:
        raise SaveError(said=say("save_setup_lists"))
    most = _most_players(ruleset)
    if not 3 <= len(players) <= most:  # a hand-edited table the set-up would never have dealt
        raise SaveError(said=say("save_player_count", count=len(players), most=most))
    options = setup.get("options", {})  # saves written before options existed have none: the defaults
    if not isinstance(options, dict):
        raise SaveError(said=say("save_options_table"))
    pins = setup.get("draws", {})  # pinned draws: only a scenario's game has them
    if not isinstance(pins, dict) or not all(_plain(v) or _strings(v) for v in pins.values()):
        raise SaveError(said=say("save_draws_table"))
    try:
        parsed_setup = Setup(players=players, deck=deck, ruleset=ruleset, options=options, draws=pins)
    except OneNightError as exc:
        raise SaveError(said=say("save_setup_invalid", cause=said_of(exc))) from None
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError(said=say("save_seed"))
    answers = data.get("answers", [])
    if not isinstance(answers, list):
        raise SaveError(said=say("save_answers_list"))
    actions = []
    for number, raw in enumerate(answers, 1):
        if (not isinstance(raw, list) or len(raw) != 3 or not isinstance(raw[0], str)
                or not _strings(raw[1]) or not isinstance(raw[2], (str, type(None)))):
            raise SaveError(said=say("save_answer_malformed", number=number))
        actions.append(Action(raw[0], tuple(raw[1]), raw[2]))
    meta = data.get("meta", {})
    if not isinstance(meta, dict) or not all(_plain(v) for v in meta.values()):
        raise SaveError(said=say("save_meta"))
    return SavedGame(parsed_setup, seed, tuple(actions), meta)


def _unpack(text: str) -> str:
    header, _, packed = text.partition("\n")
    if header.strip() != HEADER:
        if header.startswith("onenight-save "):
            raise SaveError(said=say("save_format", given=header[14:].strip()[:20], plain=PLAIN_FORMAT,
                                     packed=SAVE_FORMAT))
        raise SaveError(said=say("save_no_header"))
    try:
        raw = base64.b64decode("".join(packed.split()), validate=True)
        inflater = zlib.decompressobj()
        data = inflater.decompress(raw, MAX_SAVE_BYTES)
        complete, too_large = inflater.eof, bool(inflater.unconsumed_tail)
        text = data.decode("utf-8") if complete and not too_large else ""
    except (binascii.Error, ValueError, zlib.error):  # UnicodeDecodeError is a ValueError
        raise SaveError(said=say("save_damaged")) from None
    if too_large:
        raise SaveError(said=say("save_too_large", limit=MAX_SAVE_BYTES))
    if not complete:
        raise SaveError(said=say("save_cut_short"))
    return text


def _most_players(ruleset: str) -> int:
    """The largest table ``ruleset`` plays (its set-up's limit); an unknown ruleset is refused later."""
    from ..rulesets import RULESETS

    known = RULESETS.get(ruleset)
    return known.most_players if known is not None else 10


def _short(value: Any) -> str:
    """A value from the file, for a message: one line, at most 40 characters."""
    text = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


# -- file I/O -----------------------------------------------------------------------------------------

def write_save(path: str | Path, saved: SavedGame) -> None:
    """Write the save atomically and owner-only (file_io.write_atomic); raises OSError."""
    write_atomic(path, encode(saved).encode("ascii"))


def read_save(path: str | Path) -> SavedGame:
    """Read and decode the save at ``path``; a missing, unreadable or malformed file raises SaveError
    with one line naming the file."""
    path = Path(path)
    try:
        text = read_text(path, MAX_SAVE_BYTES)
    except UnreadableFile as exc:
        if exc.missing:
            raise SaveError(said=say("save_missing", path=str(path))) from None
        raise SaveError(said=say("save_unreadable", path=str(path), reason=exc.said)) from None
    try:
        return decode(text)
    except SaveError as exc:
        raise SaveError(said=say("save_in_file", path=str(path), cause=said_of(exc))) from None


def delete_save(path: str | Path) -> None:
    """Remove the save; a missing file or a refusing disk is no error (nothing is left to resume)."""
    try:
        Path(path).unlink()
    except OSError:
        pass
