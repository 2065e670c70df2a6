"""Issue 10, "fuzz every file the program reads": the Dalbula card collections (one TOML file per player,
issue 13) came after the list and had only hand-picked bad files. Arbitrary bytes and arbitrary TOML
trees of the right outer shape give a collection the pick can offer (a fresh starter set when the file
is unusable), at most one line naming the file, never a traceback, and the player's file unchanged."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, strategies as st
from test_fuzz_files import FUZZ, fresh, table_of, toml_bytes, toml_values

from onenight_core.catalog.loader import default_catalog
from onenight_tui.collection_store import CollectionStore

DALBULA = frozenset(i.id for i in default_catalog().in_ruleset("dalbula"))
COLLECTION_KEYS = ["name", "seed", "tokens", "packs", "wins", "cards", "stickers"]
card_tables = st.dictionaries(st.sampled_from(["werewolf", "seer", "villager", "foo", "the_count", "x1"]),
                              st.one_of(st.integers(-2, 3), toml_values), max_size=4)
# Most random trees fail at the first key; near-valid ones (this player's name, a seed, small counts)
# reach the cards and the counts.
near_valid = st.fixed_dictionaries(
    {"name": st.sampled_from(["Ann", "ann", " Ann ", "Bo"]), "seed": st.integers(-5, 5),
     "cards": st.dictionaries(st.sampled_from(["werewolf", "seer", "foo", "x1"]), st.integers(0, 2), max_size=3)},
    optional={"tokens": st.integers(-1, 12), "packs": st.integers(-1, 2), "stickers": card_tables})
collection_trees = st.one_of(table_of(COLLECTION_KEYS, toml_values), near_valid)


def check_collection(folder: Path, data: bytes) -> None:
    store = CollectionStore(folder)
    path = store.path_for("Ann")
    assert path is not None
    path.write_bytes(data)
    ann, notice = store.load("Ann")
    assert notice is None or ("\n" not in notice and str(path) in notice), notice
    assert ann.roles and set(ann.roles) <= DALBULA, ann.roles  # the pick always has a card to offer
    assert path.read_bytes() == data  # reading never changes the player's file


@FUZZ
@given(data=st.binary(max_size=300))
def test_any_bytes_as_a_collection(tmp_path, data):
    check_collection(fresh(tmp_path), data)


@FUZZ
@given(tree=collection_trees)
def test_any_toml_tree_as_a_collection(tmp_path, tree):
    check_collection(fresh(tmp_path), toml_bytes(tree))
