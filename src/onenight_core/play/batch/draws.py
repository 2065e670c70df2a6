"""The app's draws (``rulesets/draws.py``) as the kernel makes them: the same values, without a
``random.Random`` object, a game state or a pin (a covered game has none).

Draw ``k`` of stream ``stream`` in the game seeded ``seed`` is ``draws.stream_random(seed, stream, k)``: a
Mersenne Twister seeded with the first eight bytes of ``sha256(f"{seed}|{stream}|{k}")``. ``random.Random``
seeds an int with the C generator's own seeding, so ``mt`` builds that generator directly; ``below`` is
``Random.randrange(n)`` (``_randbelow_with_getrandbits``) and ``sample`` is ``Random.sample(range(n), k)``
draw for draw. tests/test_batch_equals_engine.py checks them against ``random.Random``."""

from __future__ import annotations

from collections.abc import Callable
from hashlib import sha256
from math import ceil, log

from _random import Random as _MersenneTwister

from ...rulesets.draws import draw_table
from ...rulesets.onuw.identifiers import seats_of, specific_count


def mt(seed: int, stream: str, k: int = 0) -> _MersenneTwister:
    """``draws.stream_random(seed, stream, k)``'s generator."""
    digest = sha256(f"{seed}|{stream}|{k}".encode()).digest()
    return _MersenneTwister(int.from_bytes(digest[:8], "big"))


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """``random.Random.randrange(n)`` (``_randbelow``: what ``choice`` draws too) on a generator's
    ``getrandbits``."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def sample(gen: _MersenneTwister, n: int, k: int) -> list[int]:
    """``random.Random.sample(range(n), k)`` on ``gen``."""
    setsize = 21
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    result = [0] * k
    getrandbits = gen.getrandbits
    if n <= setsize:
        pool = list(range(n))
        for i in range(k):
            j = below(getrandbits, n - i)
            result[i] = pool[j]
            pool[j] = pool[n - i - 1]
        return result
    selected: set[int] = set()
    for i in range(k):
        j = below(getrandbits, n)
        while j in selected:
            j = below(getrandbits, n)
        selected.add(j)
        result[i] = j
    return result


def items(ruleset: str, table: str) -> tuple[tuple[tuple[str, int], ...], int]:
    """The entries of ``table`` drawn under ``ruleset`` (weight > 0), and their total weight."""
    entry = _ITEMS.get((ruleset, table))
    if entry is None:
        kept = tuple((key, w) for key, w in draw_table(table).weights(ruleset) if w > 0)
        entry = _ITEMS[(ruleset, table)] = (kept, sum(w for _, w in kept))
    return entry


_ITEMS: dict[tuple[str, str], tuple[tuple[tuple[str, int], ...], int]] = {}


def drawn(ruleset: str, seed: int, table: str, stream: str, k: int = 0) -> str:
    """``draws.draw(g, table, stream=stream)`` when it is draw ``k`` of ``stream`` (``_weighted``). A
    table of one entry draws that entry (what it would draw is known, and no other draw depends on it)."""
    kept, total = items(ruleset, table)
    if len(kept) == 1:
        return kept[0][0]
    x = below(mt(seed, stream, k).getrandbits, total)
    for key, weight in kept:
        if x < weight:
            return key
        x -= weight
    raise AssertionError("unreachable: x < the total weight")


def designated(ruleset: str, players: int, seed: int, table: str, actor: int | None, stream: str,
               exclude: tuple[int, ...] = ()) -> tuple[int, ...]:
    """``identifiers.designate(g, table, actor, stream=stream, exclude=exclude)`` on the stream's first
    draw: the seats designated, ascending (no pin)."""
    group = table == "id_g"
    pool = tuple(s for s in range(players) if (group or s != actor) and s not in exclude)
    key = drawn(ruleset, seed, table, stream)
    if key == "specific":
        size = min(specific_count(table, players), len(pool))
        return tuple(sorted(pool[i] for i in sample(mt(seed, f"{stream}.players"), len(pool), size)))
    return seats_of(key, actor, players, pool)


__all__ = ["below", "designated", "drawn", "items", "mt", "sample"]
