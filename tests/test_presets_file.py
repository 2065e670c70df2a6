"""The presets are data (presets.toml, issue 24): read once, when first asked for, each entry checked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import PRESETS, Preset, default_presets_path, parse_presets
from onenight_core.errors import CatalogError
from onenight_core.rulesets import ruleset_for

ROOT = Path(__file__).resolve().parent.parent


def test_the_presets_come_from_presets_toml():
    assert default_presets_path().name == "presets.toml"
    assert list(PRESETS)[:3] == ["base-3", "base-4", "base-5"]  # the set-up screen's order
    assert PRESETS["chaos-7"] == Preset("chaos-7", 7, ("doppelganger", "werewolf", "werewolf", "minion", "seer",
                                                     "robber", "troublemaker", "drunk", "insomniac", "tanner"),
                                        "preset_chaos_7")


def test_every_preset_is_a_deck_its_ruleset_plays():
    catalog = default_catalog()
    for preset in PRESETS.values():
        rules = ruleset_for(preset.ruleset)
        assert all(role in catalog for role in preset.roles), preset.id
        assert len(preset.roles) == preset.players + rules.center(preset.roles), preset.id


@pytest.mark.parametrize(("text", "words"), [
    ("", "needs [[preset]]"),
    ("[[preset]]\nplayers = 3\nroles = ['seer']\n", "needs an id"),
    ("[[preset]]\nid = 'a'\nplayers = 3\nroles = ['seer']\n[[preset]]\nid = 'a'\nplayers = 3\nroles = ['seer']\n",
     "defined twice"),
    ("[[preset]]\nid = 'a'\nplayers = 'three'\nroles = ['seer']\n", "'players'"),
    ("[[preset]]\nid = 'a'\nplayers = 3\nroles = []\n", "'roles'"),
    ("[[preset]]\nid = 'a'\nplayers = 3\nroles = ['seer']\nruleset = 'chess'\n", "'ruleset'"),
    ("[[preset]]\nid = 'a'\nplayers = 3\nroles = ['seer']\ncards = 2\n", "unknown field 'cards'"),
])
def test_a_bad_entry_is_one_line(text, words):
    import tomllib

    with pytest.raises(CatalogError) as caught:
        parse_presets(tomllib.loads(text))
    assert words in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.subprocess  # starts a child process: not the fast core (conftest)
def test_importing_the_presets_reads_no_file():
    """Start-up time: importing the module (as ``deck`` and the commands do) leaves presets.toml unread."""
    code = ("import onenight_core.catalog.deck, onenight_core.catalog.presets as p; "
            "print(p._packaged.cache_info().currsize)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={"PYTHONPATH": str(ROOT / "src")})
    assert done.stdout.strip() == "0", done.stderr
