"""The card collection's rules (roles.md §3.8, §2.1) and its files: pure values first, then the store."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from onenight_core import Setup, new_game
from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.protocol import validate_setup
from onenight_core.play.collection import (PACK_PRICE, PACK_SIZE, STARTER_SET, Collection, CollectionError,
                                           name_key, rewards)
from onenight_tui.collection_store import CollectionStore, from_mapping, to_toml

CATALOGUE = tuple(i.id for i in default_catalog().in_ruleset("dalbula"))


def test_catalogue_is_the_81_dalbula_roles():
    assert len(CATALOGUE) == 81


def test_starter_set_makes_a_playable_table_from_3_players_up():
    new = Collection.starter("Ann", seed=1)
    assert Counter(dict(new.cards)) == Counter(STARTER_SET)
    assert new.tokens == 0 and new.stickers == ()
    catalog = default_catalog()
    for players in range(3, 11):
        names = tuple(f"P{i}" for i in range(players))
        for bring in STARTER_SET:  # everyone bringing the same card is allowed (duplicates, §2.1.1)
            setup = Setup(names, (bring,) * players, "dalbula")
            validate_setup(setup, catalog)
            assert new_game(setup, players, catalog=catalog).dealt == (bring,) * players


def test_names_are_compared_as_the_set_up_compares_them():
    assert name_key(" Ann ") == name_key("ann") == "ann"
    assert name_key("민수") != name_key("민지")


def test_a_win_gives_one_seer_token():
    c = Collection.starter("Ann", seed=1).with_win().with_win()
    assert (c.tokens, c.wins) == (2, 2)


def test_a_pack_costs_ten_tokens_and_holds_ten_cards():
    c = Collection.starter("Ann", seed=7)
    for _ in range(PACK_PRICE - 1):
        c = c.with_win()
    assert not c.can_buy
    with pytest.raises(CollectionError):
        c.buy_pack(CATALOGUE)
    c = c.with_win()
    bought, pack = c.buy_pack(CATALOGUE)
    assert len(pack) == PACK_SIZE and set(pack) <= set(CATALOGUE)
    assert bought.tokens == 0 and bought.packs == 1
    assert sum(n for _r, n in bought.cards) == len(STARTER_SET) + PACK_SIZE
    for role in set(pack):
        assert bought.owned(role) == c.owned(role) + pack.count(role)


def test_packs_are_reproducible_from_the_seed_and_differ_from_pack_to_pack():
    rich = Collection.starter("Ann", seed=42)
    for _ in range(2 * PACK_PRICE):
        rich = rich.with_win()
    once, first = rich.buy_pack(CATALOGUE)
    again, first_again = rich.buy_pack(CATALOGUE)
    assert first == first_again and once == again
    _twice, second = once.buy_pack(CATALOGUE)
    assert second != first
    other = Collection.starter("Bo", seed=43)
    for _ in range(PACK_PRICE):
        other = other.with_win()
    assert other.buy_pack(CATALOGUE)[1] != first


def test_packs_cover_the_catalogue_uniformly_enough():
    seen: Counter[str] = Counter()
    for seed in range(300):
        seen.update(Collection.starter("x", seed=seed).next_pack(CATALOGUE))
    assert len(seen) == 81  # 3000 draws: every role shows up
    assert max(seen.values()) < 3 * 3000 / 81


def test_rewards_tokens_for_winners_and_the_diseased_sticker():
    roles = ("diseased", "werewolf", "seer", "villager")
    votes = ((2,), (0,), (1,), (1,))
    got = rewards(winners={0, 2, 3}, roles=roles, votes=votes)
    assert got.winners == frozenset({0, 2, 3})
    assert got.stickers == frozenset({2})  # the Diseased voted for the Seer, who won
    lost = rewards(winners={1}, roles=roles, votes=votes)
    assert lost.stickers == frozenset()  # the Seer lost: no sticker
    nobody = rewards(winners={0, 2}, roles=roles, votes=((), (0,), (1,), None))  # a dealer ballot
    assert nobody.stickers == frozenset()


def test_sticker_counts_add_up():
    c = Collection.starter("Ann", seed=1).with_sticker().with_sticker()
    assert c.stickers == (("diseased", 2),)


# -- the files ---------------------------------------------------------------------------------------


def test_a_new_player_gets_the_starter_set_and_it_round_trips(tmp_path):
    store = CollectionStore(tmp_path)
    ann, notice = store.load("Ann")
    assert notice is None and Counter(dict(ann.cards)) == Counter(STARTER_SET)
    assert store.store(ann.with_win().with_sticker()) is None
    path = store.path_for("ann ")
    assert path is not None and path.exists()
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"
    again, notice = CollectionStore(tmp_path).load("  ANN")
    assert notice is None and again == ann.with_win().with_sticker()
    assert from_mapping(__import__("tomllib").loads(to_toml(again)), "Ann") == again


def test_korean_names_get_their_own_files(tmp_path):
    store = CollectionStore(tmp_path)
    a, _ = store.load("민수")
    b, _ = store.load("민지/../x")
    store.store(a.with_win())
    store.store(b)
    assert store.path_for("민수") != store.path_for("민지/../x")
    assert sorted(p.parent for p in tmp_path.iterdir()) == [tmp_path, tmp_path]
    assert CollectionStore(tmp_path).load("민수")[0].tokens == 1


@pytest.mark.parametrize("content", [
    b"not toml [[[",
    b"\xff\xfe garbage",
    b'name = "Ann"\nseed = "x"\n',
    b'name = "Ann"\nseed = 1\ntokens = -3\n[cards]\nseer = 1\n',
    b'name = "Ann"\nseed = 1\n[cards]\nseer = "one"\n',
    b'name = "Ann"\nseed = 1\n[cards]\n',
    b'name = "Bo"\nseed = 1\n[cards]\nseer = 1\n',
    b'name = "Ann"\nseed = 1\ntokens = true\n[cards]\nseer = 1\n',
])
def test_a_bad_file_gives_one_line_a_fresh_start_and_a_bad_copy(tmp_path, content):
    store = CollectionStore(tmp_path)
    path = store.path_for("Ann")
    assert path is not None
    path.write_bytes(content)
    ann, notice = store.load("Ann")
    assert notice is not None and "\n" not in notice and "Ann" in notice and ".bad" in notice
    assert Counter(dict(ann.cards)) == Counter(STARTER_SET)
    assert path.with_name(path.name + ".bad").read_bytes() == content
    assert store.store(ann) is None  # the fresh start is written over it, the old one kept
    assert path.with_name(path.name + ".bad").read_bytes() == content


def test_a_directory_or_a_fifo_in_place_of_the_file(tmp_path):
    store = CollectionStore(tmp_path)
    path = store.path_for("Ann")
    assert path is not None
    path.mkdir()
    ann, notice = store.load("Ann")
    assert notice is not None and "\n" not in notice
    assert store.store(ann) is not None  # a one-line notice, never a traceback
    if hasattr(os, "mkfifo"):
        fifo = CollectionStore(tmp_path).path_for("Bo")
        assert fifo is not None
        os.mkfifo(fifo)
        _bo, notice = CollectionStore(tmp_path).load("Bo")
        assert notice is not None


def test_without_a_folder_collections_stay_in_memory(tmp_path):
    store = CollectionStore(None)
    ann, _ = store.load("Ann")
    store.store(ann.with_win())
    assert store.load("ann")[0].tokens == 1
    assert list(tmp_path.iterdir()) == []


def test_brought_tables_can_be_narrated_whatever_the_center():
    """The app's night reads the public roster (the brought cards and the drawn center) aloud: every
    center the set-up draws must have a place in the Dalbula night."""
    from onenight_core.engine.narration import narrate
    from onenight_core.engine.views import public_view

    catalog = default_catalog()
    rng = __import__("random").Random(0)
    for seed in range(150):
        players = rng.randint(3, 10)
        brought = tuple(rng.choice(CATALOGUE) for _ in range(players))
        g = new_game(Setup(tuple(f"P{i}" for i in range(players)), brought, "dalbula"), seed, catalog=catalog)
        roster = public_view(g).roster
        assert len(roster) == len(g.cards) >= players + 3
        assert g.dealt == brought
        narrate(roster, "ko", catalog, (), "dalbula")
