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
