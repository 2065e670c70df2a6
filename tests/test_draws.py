"""The random-table machinery (roles.md §D): weights per ruleset, named streams, pins, records."""

from __future__ import annotations

from collections import Counter

import pytest

from onenight_core.errors import CatalogError
from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import Setup
from onenight_core.play.saves import SavedGame, decode, encode
from onenight_core.engine.protocol import new_game
from onenight_core.rulesets.draws import (DrawPinError, draw, draw_sample, draw_tables, draw_uniform, drawn,
                                          parse_draw_tables, stream_random)

PLAYERS = ("Ann", "Bo", "Cy", "Di")
DECK = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager")


def game(seed: int = 7, ruleset: str = "onuw", **pins: object):
    return new_game(Setup(PLAYERS, DECK, ruleset=ruleset, draws=pins), seed)


def test_every_table_has_weights_in_both_columns_and_unique_keys() -> None:
    for table in draw_tables().values():
        assert len(set(table.keys)) == len(table.keys), table.id
        assert sum(w for _, w in table.weights("onuw")) > 0
        assert sum(w for _, w in table.weights("dalbula")) > 0


def test_the_recipe_of_d11_is_used() -> None:
    import hashlib
    import random
    digest = hashlib.sha256(b"5|alien|0").digest()
    assert stream_random(5, "alien").random() == random.Random(int.from_bytes(digest[:8], "big")).random()


def test_onuw_never_draws_an_entry_of_app_weight_zero_and_dalbula_does() -> None:
    onuw = Counter(draw(game(seed), "alien")[1] for seed in range(600))
    rascal = Counter(draw(game(seed), "rascal")[1] for seed in range(300))
    assert "convert" not in onuw and "recruit" not in onuw
    assert "drunk" not in rascal and "idiot" not in rascal  # App weight 0
    assert dict(draw_tables()["rascal"].weights("dalbula"))["drunk"] == 25  # S0 draws it
    assert set(onuw) == {"view_each", "view_together", "stare", "pass_left", "pass_right", "show"}
    # the weights show: view_each (30) is drawn about twice as often as stare (15)
    assert onuw["view_each"] > 1.4 * onuw["stare"]


def test_same_seed_same_draws_and_a_stream_counts_its_draws() -> None:
    g = game(3)
    g1, a = draw(g, "oracle")
    g2, b = draw(g1, "oracle")
    assert draw(game(3), "oracle")[1] == a
    assert drawn(g2, "oracle") == (a, b)
    assert g.drawn == ()  # never mutated
    # another stream is independent of how many draws came before
    assert draw(g2, "exposer")[1] == draw(g, "exposer")[1]


def test_eligibility_drops_entries() -> None:
    for seed in range(50):
        assert draw(game(seed), "oracle", eligible={"parity", "view_player"})[1] in {"parity", "view_player"}


def test_a_pin_is_used_and_checked() -> None:
    g = game(1, oracle="ripple", exposer=2, oracle_grant=False)
    assert draw(g, "oracle")[1] == "ripple"
    assert draw(g, "exposer")[1] == "2"
    assert draw(g, "oracle_grant")[1] == "false"
    with pytest.raises(DrawPinError):
        draw(game(1, alien="convert"), "alien")  # weight 0 under onuw
    with pytest.raises(DrawPinError):
        draw(g, "oracle", eligible={"parity"})  # pinned to an ineligible question


def test_uniform_and_sample_pins() -> None:
    g = game(2, ripple_actors=["p2", "p0"], psychic_id=["p1", "p3"])
    assert draw_uniform(g, "ripple.actor1", ("p0", "p1", "p2", "p3"), pin="ripple_actors")[1] == "p2"
    assert draw_uniform(g, "ripple.actor2", ("p0", "p1", "p3"), pin="ripple_actors", pin_index=1)[1] == "p0"
    assert draw_sample(g, "psychic.id", ("p0", "p1", "p2", "p3"), 2, pin="psychic_id")[1] == ("p1", "p3")
    free = draw_sample(game(2), "psychic.id", ("p0", "p1", "p2", "p3"), 2)[1]
    assert len(set(free)) == 2


def test_public_draws_are_heard() -> None:
    g, value = draw(game(4), "alien", public=True)
    assert g.public[-1].kind == PublicKind.DRAW and dict(g.public[-1].params)["value"] == value
    g2, _ = draw(game(4), "psychic")
    assert g2.public == game(4).public


def test_pins_survive_a_save() -> None:
    setup = Setup(PLAYERS, DECK, draws={"oracle": "parity", "ripple_actors": ["p1", "p2"]})
    back = decode(encode(SavedGame(setup, 9, (), {})))
    assert back.setup == setup


def test_a_bad_draws_file_is_one_line() -> None:
    with pytest.raises(CatalogError, match="entries must be"):
        parse_draw_tables({"table": [{"id": "x", "entries": [["a", 1]]}]})
