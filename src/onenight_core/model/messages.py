"""What the engine says, as ids and parameters: never as sentences.

The core speaks no language. A death's cause, a team's or a seat's reason, a note on a night act and
every line of the story are ``Message`` values: an ``id`` that names the fact (``team_lost_members``)
and named parameters that are themselves ids, seats, positions, counts or other messages. The app's
text layer (``onenight_tui.text``) turns them into words from a catalog per language, so a new
language is a new catalog and never a change here.

Parameter names say what their values are, so the text layer knows how to word them (docs/text.md):
``seat``/``by`` a seat number, ``seats`` several, ``pos`` a table position (``p3``, ``c0``),
``positions`` several, ``role`` a role id, ``team`` a team key, ``mark`` a mark id, ``count`` a number
(it also picks the plural form), ``step`` a ``Step``, and ``parts`` a tuple of messages."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from attrs import field, frozen


def _params(value: Mapping[str, Any] | Iterable[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
    if type(value) is dict:
        # say()'s keyword arguments (string keys), on the engine's hot path (a resolution words a dozen
        # reasons): no abstract Mapping check, and _frozen only for the collections it converts
        if len(value) == 1:  # the common case: one parameter, nothing to sort
            for k, v in value.items():
                return ((k, _frozen(v) if isinstance(v, _COLLECTIONS) else v),)
        params = [(k, _frozen(v) if isinstance(v, _COLLECTIONS) else v) for k, v in value.items()]
        params.sort()
        return tuple(params)
    items = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((str(k), _frozen(v)) for k, v in items))


_COLLECTIONS = (list, set, frozenset)


def _frozen(value: Any) -> Any:
    if isinstance(value, (list, set, frozenset)):
        return tuple(sorted(value)) if isinstance(value, (set, frozenset)) else tuple(value)
    return value


# A dozen per game, read only by the text layer: an instance dict is cheaper to fill than slots. The hash
# is cached because ``say`` looks messages up by their parameters, which are often messages themselves.
@frozen(slots=False, cache_hash=True)
class Message:
    """One fact the engine reports: ``id`` says which, ``params`` its named values (sorted by name).

    ``Message("voted_out", {"count": 3})``; read a parameter with ``message["count"]``."""

    id: str
    params: tuple[tuple[str, Any], ...] = field(default=(), converter=_params)

    def __getitem__(self, name: str) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default

    def as_dict(self) -> dict[str, Any]:
        return dict(self.params)

    def to_json(self) -> dict[str, Any]:
        """A plain JSON object (``simulate --json``): the id and the parameters, messages nested."""
        return {"id": self.id, **{k: _json(v) for k, v in self.params}}


def _json(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    if hasattr(value, "id") and hasattr(value, "kind"):  # a Step
        return value.id
    return value


def say(id: str, **params: Any) -> Message:
    """``say("voted_out", count=3)``: a message with its parameters.

    Messages are values and the same few recur in every game of a batch (``team_won`` for the village
    because ``team_lost_members`` ...): each is built once and shared. The key is the id and the
    parameters as given (a parameter that cannot be hashed, a list, is built afresh every time)."""
    if not params:
        return _bare(id)
    key = (id, *params.items())
    try:
        message = _SAID.get(key)
    except TypeError:  # an unhashable parameter (a list, a set): converted by Message, not shared
        return Message(id, params)
    if message is None:
        if len(_SAID) > 8192:
            _SAID.clear()
        message = _SAID[key] = Message(id, params)
    return message


_SAID: dict[tuple[Any, ...], Message] = {}


@lru_cache(maxsize=1024)
def _bare(id: str) -> Message:
    """A message without parameters (``veto_tanner_died``): a value, so one per id serves every game
    (every resolution says a few of them)."""
    return Message(id)


__all__ = ["Message", "say"]
