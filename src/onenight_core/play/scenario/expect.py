"""The One Night ``expect`` keys of docs/scenarios.md: their shapes, one comparable normal form per key, and
the way back.

The file's values and the engine's facts go through the same ``normalize``, so a comparison never
depends on how either side orders or spells a value; ``file_shape`` and ``toml_text`` turn values back
into the file's own notation, so every message quotes what an author would write."""

from __future__ import annotations

from typing import Any, Callable

from ...model.scenario import toml_text
from ...model.state import CLARITY
from .case import ANNOTATIONS, POSITION

EXPECT_KEYS = ("final", "final_center", "seen", "marks", "dusk_marks", "learned", "effective", "shields",
               "face_up", "silenced", "tokens", "mode", "dead", "winners")

# what each key must look like: quoted when a file's value cannot be normalized
EXPECT_SHAPES = {
    "final": "a list of role ids, one per seat",
    "final_center": "a list of role ids",
    "seen": "a list of { seat, pos, role } or { seat, pos, mark }",
    "marks": "a table { p2 = \"mark_of_...\" }",
    "dusk_marks": "a table { p2 = \"mark_of_...\" }",
    "learned": "a list of { seat, who = [positions], as }",
    "effective": "a table { p0 = \"role\" }",
    "shields": "a list of positions",
    "face_up": "a list of positions",
    "silenced": "a list of seat numbers",
    "tokens": "a table { p0 = \"void\" } (Dalbula Curator tokens at dawn)",
    "mode": "\"normal\" or \"epic\"",
    "dead": "a list of seat numbers",
    "winners": "a list of seat numbers",
}


def _pos_key(pos: str) -> tuple[int, int]:
    return (0 if pos[0] == "p" else 1, int(pos[1:]))


def _positions(value: Any) -> tuple[str, ...]:
    out = tuple(value)
    if not all(isinstance(p, str) and POSITION.match(p) for p in out):
        raise ValueError(value)
    return out


def _strings(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ValueError(value)
    return tuple(value)


def _seats(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError(value)
    return tuple(sorted(value))


def _seen(value: Any) -> tuple[tuple[int, str, str, str], ...]:
    out = []
    for v in value:
        extra = set(v) - {"seat", "pos", "role", "mark"} - ANNOTATIONS
        if extra or ("role" in v) == ("mark" in v) or not isinstance(v["seat"], int):
            raise ValueError(v)
        kind = "role" if "role" in v else "mark"
        out.append((v["seat"], _positions([v["pos"]])[0], kind, str(v[kind])))
    return tuple(out)


def _learned(value: Any) -> tuple[tuple[int, tuple[str, ...], str], ...]:
    out: list[tuple[int, tuple[str, ...], str]] = []
    for v in value:
        extra = set(v) - {"seat", "who", "as"} - ANNOTATIONS
        if extra or not isinstance(v["seat"], int) or not isinstance(v["as"], str):
            raise ValueError(v)
        out.append((v["seat"], tuple(sorted(_positions(v["who"]), key=_pos_key)), v["as"]))
    return tuple(sorted(out))


def _by_pos(value: Any, drop: str | None = None) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise ValueError(value)
    items = [(_positions([k])[0], str(v)) for k, v in value.items() if v != drop]
    if not all(isinstance(v, str) for v in value.values()):
        raise ValueError(value)
    return tuple(sorted(items, key=lambda kv: _pos_key(kv[0])))


def _mode(value: Any) -> str:
    if value not in ("normal", "epic"):
        raise ValueError(value)
    return str(value)


_NORMAL: dict[str, Callable[[Any], Any]] = {
    "final": _strings, "final_center": _strings, "seen": _seen, "learned": _learned,
    "marks": lambda v: _by_pos(v, CLARITY), "dusk_marks": lambda v: _by_pos(v, CLARITY),
    "effective": _by_pos, "shields": lambda v: tuple(sorted(_positions(v), key=_pos_key)),
    "face_up": lambda v: tuple(sorted(_positions(v), key=_pos_key)), "silenced": _seats, "tokens": _by_pos,
    "mode": _mode,
    "dead": _seats,
    "winners": _seats,
}


def normalize(key: str, value: Any) -> Any:
    """The comparable form of an ``expect`` value (order kept where the format says "in order")."""
    return _NORMAL[key](value)


def file_shape(key: str, value: Any) -> Any:
    """A normal form turned back into the file's shape, for messages."""
    if key == "seen":
        return [{"seat": s, "pos": p, k: v} for s, p, k, v in value]
    if key == "learned":
        return [{"seat": s, "who": list(w), "as": a} for s, w, a in value]
    if key in ("marks", "dusk_marks", "effective"):
        return dict(value)
    return list(value) if isinstance(value, tuple) else value


__all__ = ["EXPECT_KEYS", "EXPECT_SHAPES", "file_shape", "normalize", "toml_text"]
