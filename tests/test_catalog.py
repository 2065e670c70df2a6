"""The role catalog: the real roles.toml, and the loader's refusal of malformed files.

docs/roles-schema.md is the schema; issue 2 asks the loader to reject unknown keys, duplicate ids,
malformed wake codes and missing names, naming the role and the field in one line."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
import tomli_w

from onenight_core import CatalogError, OneNightError, default_catalog, load_catalog_file
from onenight_core.catalog.loader import default_catalog_path
from onenight_core.rulesets.onuw.roles import playable
from onenight_core.rulesets.night_script import GROUP_LEADS, wake_key

from conftest import BASE_ROLES

ROLES_MD = Path(__file__).resolve().parent / "reference" / "roles.md"  # a copy of shared/rules/roles.md


# -- the real catalog --------------------------------------------------------------------------------

def test_real_catalog_loads_every_role():
    cat = load_catalog_file(default_catalog_path())
    ids = [r.id for r in cat.roles]
    assert len(ids) == 82
    assert len(set(ids)) == len(ids)
    assert "voodoo_lou" in ids
    assert sorted(r.number for r in cat.roles) == list(range(1, 83))
    assert cat["voodoo_lou"].number == 82 and cat["voodoo_lou"].rulesets == ("onuw",)


def test_every_role_has_english_and_korean_names_and_texts():
    for r in default_catalog().roles:
        names, texts = dict(r.names), dict(r.text)
        assert names.get("en", "").strip() and names.get("ko", "").strip(), r.id
        assert texts.get("en", "").strip() and texts.get("ko", "").strip(), r.id
        assert set(names) <= {"en", "ko", "zh", "fr"}, r.id


def test_roles_with_their_own_night_step_have_wake_and_sleep_lines():
    # docs/roles-schema.md: narration.wake/sleep are required for roles with a wake code; a role that
    # wakes inside its group's step (the Master in the vampires) is narrated by the group.
    cat = default_catalog()
    group_codes: dict[str, list[str]] = {}
    for r in cat.roles:
        if r.group and r.wake:
            group_codes.setdefault(r.group, []).append(r.wake)
    group_step = {g: min(codes, key=wake_key) for g, codes in group_codes.items()}
    for r in cat.roles:
        if not r.wake or (r.group and r.wake == group_step[r.group] and r.id != _lead(r.group)):
            continue
        for kind in ("wake", "sleep"):
            for lang in ("en", "ko"):
                assert r.line(kind, lang), f"{r.id}: narration.{kind}.{lang}"


def _lead(group: str) -> str:
    return GROUP_LEADS.get(group, "")


def test_base_roles_are_in_the_catalog_and_playable():
    cat = default_catalog()
    for role in BASE_ROLES:
        info = cat[role]
        assert info.edition == "base", role
        assert playable(role), role


@pytest.mark.parametrize("role, team, wake", [
    ("doppelganger", "village_hero", "-7"), ("werewolf", "werewolf", "2"), ("minion", "werewolf", "3"),
    ("mason", "village_hero", "4"), ("seer", "village_hero", "5"), ("robber", "village_hero", "6"),
    ("troublemaker", "village_hero", "7"), ("drunk", "village_hero", "8"),
    ("insomniac", "village_hero", "9"), ("villager", "village_hero", None),
    ("hunter", "village_hero", None), ("tanner", "special", None),
])
def test_base_role_data_matches_roles_md(role, team, wake):
    # roles.md §5 entries: Team and Wake lines
    info = default_catalog()[role]
    assert (info.team, info.wake) == (team, wake)


def test_werewolf_is_the_only_base_rep_and_minion_is_a_member_only():
    cat = default_catalog()
    assert [r for r in BASE_ROLES if cat[r].rep] == ["werewolf"]
    assert cat["werewolf"].rep == "werewolf" and cat["minion"].rep is None
    assert cat["tanner"].special_team == "tanner"


def korean_names_from_roles_md() -> dict[str, str]:
    text = ROLES_MD.read_text(encoding="utf-8")
    out = {}
    for m in re.finditer(r"^#### \d+\. `(\w+)` — [^\n]*\n\* \*\*Names:\*\* ([^\n]*)", text, re.M):
        rid, line = m.groups()
        ko = line.split(" · ")[0].split(". ")[0].split(" / ")[0].strip()
        out[rid] = ko
    return out


def test_korean_names_are_spelled_as_roles_md_spells_them():
    expected = korean_names_from_roles_md()
    assert len(expected) >= 70
    cat = default_catalog()
    wrong = {rid: (dict(cat[rid].names)["ko"], ko) for rid, ko in expected.items()
             if dict(cat[rid].names)["ko"] != ko}
    assert wrong == {}


def test_base_korean_names():
    cat = default_catalog()
    ko = {r: dict(cat[r].names)["ko"] for r in BASE_ROLES}
    assert ko == {"doppelganger": "도플갱어", "werewolf": "늑대인간", "minion": "미니언", "mason": "비밀결사",
                  "seer": "예언자", "robber": "강도", "troublemaker": "말썽꾸러기", "drunk": "술취한자",
                  "insomniac": "불면증환자", "villager": "마을시민", "hunter": "사냥꾼", "tanner": "절망자"}


def test_find_by_name_in_any_language():
    cat = default_catalog()
    assert cat.find("Seer").id == "seer"
    assert cat.find("예언자").id == "seer"
    assert cat.find("alpha wolf").id == "alpha_wolf"
    assert cat.find("nobody-at-all") is None


# -- malformed catalogs ------------------------------------------------------------------------------

VALID = {
    "id": "test_role", "number": 1, "edition": "base", "team": "village_hero", "phase": "night",
    "wake": "5-B", "night": "?", "doppelganger": "!", "rulesets": ["onuw"],
    "names": {"en": "Test Role", "ko": "시험 역할", "zh": "测试角色", "fr": "Rôle d'essai"},
    "text": {"en": "Does nothing.", "ko": "아무것도 하지 않습니다.", "zh": "什么也不做。", "fr": "Ne fait rien."},
    "narration": {"wake": {"en": "Test, wake up.", "ko": "일어나세요."},
                  "sleep": {"en": "Test, sleep.", "ko": "주무세요."}},
}
OTHER = dict(VALID, id="other_role", number=2, wake="6")


def write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "roles.toml"
    path.write_bytes(tomli_w.dumps(data).encode())
    return path


def broken(**changes) -> dict:
    """OTHER then a copy of VALID with ``changes`` applied (None deletes a key)."""
    role = copy.deepcopy(VALID)
    for key, value in changes.items():
        if value is None:
            role.pop(key, None)
        else:
            role[key] = value
    return {"role": [copy.deepcopy(OTHER), role]}


def test_a_valid_small_catalog_loads(tmp_path):
    cat = load_catalog_file(write(tmp_path, {"role": [VALID, OTHER]}))
    assert [r.id for r in cat.roles] == ["test_role", "other_role"]
    assert cat["test_role"].name("ko") == "시험 역할"
    assert cat["test_role"].wake == "5-B"


@pytest.mark.parametrize("data, fragments", [
    (broken(colour="red"), ["'test_role'", "colour"]),
    (broken(names=None), ["'test_role'", "names"]),
    (broken(names={"en": "Test Role", "zh": "测试", "fr": "Essai"}), ["'test_role'", "names", "ko"]),
    (broken(names={"ko": "시험", "zh": "测试", "fr": "Essai"}), ["'test_role'", "names", "en"]),
    (broken(names={"en": "", "ko": "시험", "zh": "测试", "fr": "Essai"}), ["'test_role'", "names"]),
    (broken(names={"en": "Test", "ko": "시험", "zh": "测试", "fr": "Essai", "de": "Test"}),
     ["'test_role'", "names", "de"]),
    (broken(text=None), ["'test_role'", "text"]),
    (broken(wake="5b"), ["'test_role'", "wake", "5b"]),
    (broken(wake="five"), ["'test_role'", "wake", "five"]),
    (broken(wake="2--B"), ["'test_role'", "wake"]),
    (broken(wake="-"), ["'test_role'", "wake"]),
    (broken(wake=5), ["'test_role'", "wake"]),
    (broken(dalbula_wake="B2"), ["'test_role'", "dalbula_wake"]),
    (broken(team="villains"), ["'test_role'", "team", "villains"]),
    (broken(team=None), ["'test_role'", "team"]),
    (broken(edition="expansion9"), ["'test_role'", "edition"]),
    (broken(rep="wolf"), ["'test_role'", "rep"]),
    (broken(group="wolves"), ["'test_role'", "group"]),
    (broken(night="x"), ["'test_role'", "night"]),
    (broken(doppelganger="?"), ["'test_role'", "doppelganger"]),
    (broken(number="one"), ["'test_role'", "number"]),
    (broken(hero="yes"), ["'test_role'", "hero"]),
    (broken(rulesets=[]), ["'test_role'", "rulesets"]),
    (broken(rulesets=["house"]), ["'test_role'", "rulesets"]),
    (broken(marks=["mark_of_doom"]), ["'test_role'", "marks"]),
    (broken(marks="mark_of_fear"), ["'test_role'", "marks"]),
    (broken(narration={"wake": {"en": "x", "ko": "y"}, "dream": {"en": "x", "ko": "y"}}),
     ["'test_role'", "narration", "dream"]),
    (broken(id="Test-Role"), ["role #2", "id"]),
    ({"role": [VALID, copy.deepcopy(VALID)]}, ["'test_role'", "duplicate"]),
    ({"role": [VALID], "roles": []}, ["roles"]),
    ({"step": [{"id": "dawn"}]}, ["role"]),
])
def test_malformed_catalog_names_the_role_and_field(tmp_path, data, fragments):
    with pytest.raises(CatalogError) as err:
        load_catalog_file(write(tmp_path, data))
    message = str(err.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, (fragment, message)


def test_invalid_toml_is_a_catalog_error(tmp_path):
    path = tmp_path / "roles.toml"
    path.write_text("[[role]]\nid = 'seer\n", encoding="utf-8")
    with pytest.raises(CatalogError) as err:
        load_catalog_file(path)
    assert str(path) in str(err.value)


def test_missing_file_is_a_catalog_error(tmp_path):
    with pytest.raises(CatalogError) as err:
        load_catalog_file(tmp_path / "nope.toml")
    assert "nope.toml" in str(err.value)


def test_catalog_errors_are_value_errors():
    assert issubclass(CatalogError, OneNightError) and issubclass(CatalogError, ValueError)
