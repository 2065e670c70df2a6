"""The seeded streams: ``shuffled`` is ``stream(seed, purpose).shuffle``, draw for draw (the deal of every
game depends on it, and tests/golden pins those deals)."""

from __future__ import annotations

from hypothesis import given, strategies as st

from onenight_core.model.rng import shuffled, stream


def _shuffled_by_stream(seed: int, purpose: str, items: list[int]) -> list[int]:
    cards = list(items)
    stream(seed, purpose).shuffle(cards)
    return cards


@given(seed=st.integers(min_value=0, max_value=2**64), purpose=st.text(max_size=12),
       items=st.lists(st.integers(), max_size=40))
def test_shuffled_is_the_streams_shuffle(seed: int, purpose: str, items: list[int]) -> None:
    assert shuffled(seed, purpose, items) == _shuffled_by_stream(seed, purpose, items)


def test_shuffled_deals_differ_by_seed_and_keep_every_card() -> None:
    deck = list(range(13))
    deals = {tuple(shuffled(seed, "deal", deck)) for seed in range(200)}
    assert len(deals) > 190  # not a constant order
    assert all(sorted(d) == deck for d in deals)
    # bounds that are powers of two, and just above them, draw the same as the stream
    for n in (1, 2, 3, 4, 5, 8, 9, 16, 17, 64, 65):
        assert shuffled(7, "deal", range(n)) == _shuffled_by_stream(7, "deal", list(range(n)))


@given(seed=st.integers(min_value=-2**63, max_value=2**64), purpose=st.text(max_size=12),
       sizes=st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=80))
def test_draws_are_the_documented_blake2b_digests(seed: int, purpose: str, sizes: list[int]) -> None:
    """Draw ``n`` of ``draws(seed, purpose)`` is BLAKE2b-128 of ``onenight/{seed}/{purpose}/{n}``, whatever
    way the stream computes it (every bot's choices, and so the golden games, depend on it)."""
    from hashlib import blake2b

    from onenight_core.model.rng import draws

    stream_ = draws(seed, purpose)
    for count, size in enumerate(sizes):
        key = f"onenight/{seed}/{purpose}/{count}".encode()
        expected = int.from_bytes(blake2b(key, digest_size=16).digest(), "big") % size
        if count % 2:
            assert stream_.below(size) == expected
        else:
            assert stream_.choice(list(range(size))) == expected
