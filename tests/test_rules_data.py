"""rules.toml: the rule data beside roles.toml (teams, team keys, groups, engine steps, marks,
artifacts) loads, is what the engine reads, and every problem in it is one line naming file and key."""

from __future__ import annotations

import tomllib

import pytest

from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.rules import check_references, default_rules, default_rules_path, parse_rules
from onenight_core.errors import CatalogError
from onenight_core.rulesets.night_script import GROUP_LEADS, MARK_ROLES, build_script
from onenight_core.rulesets.onuw.identity import EVIL_KINDS, Identity, ROLE_ARTIFACTS, team_keys


def raw() -> dict:
    return tomllib.loads(default_rules_path().read_text(encoding="utf-8"))


def test_the_packaged_rules_load_and_match_the_catalog():
    rules = default_rules()
    check_references(rules, default_catalog())
    assert rules.kinds == EVIL_KINDS == ("werewolf", "vampire", "alien", "villain")
    assert GROUP_LEADS["villains"] == "henchman_7" and "cupid" in MARK_ROLES
    assert ROLE_ARTIFACTS["claw_of_the_werewolf"] == "werewolf" and "void_of_nothingness" not in ROLE_ARTIFACTS
    for table in (rules.teams, rules.groups, rules.engine_steps, rules.marks, rules.artifacts):
        for entry in table:
            assert entry.name("en") and entry.name("ko") and entry.name("ko") != entry.name("en")


@pytest.mark.parametrize("table, index, change, message", [
    ("team", 1, {"side": "wicked"}, "rules.toml: [[team]] 'werewolf': key 'side' must be one of"),
    ("team", 1, {"colour": "red"}, "rules.toml: [[team]] 'werewolf': unknown key 'colour'"),
    ("mark", 2, {"names": {"en": "Mark of Fear"}}, "rules.toml: [[mark]] 'mark_of_fear': key 'names' has no 'ko'"),
    ("team_key", 1, {"serves": "tanner"}, "rules.toml: [[team_key]] #2: key 'serves' must be a team with kind"),
    ("team_key", 3, {"own_if": ["marks=mark_of_the_assassin"]}, "rules.toml: [[team_key]] #4: key 'own_if' has a "
                                                                 "malformed condition"),
    ("engine_step", 0, {"order": "early"}, "rules.toml: [[engine_step]] 'mark_check': key 'order' must be a number"),
    ("artifact", 0, {"text": "You are now a Werewolf."}, "rules.toml: [[artifact]] 'claw_of_the_werewolf': key "
                                                          "'text' must be a table"),
])
def test_a_broken_rules_file_is_one_line_naming_file_and_key(table, index, change, message):
    data = raw()
    data[table][index].update(change)
    with pytest.raises(CatalogError) as err:
        parse_rules(data)
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_references_to_unknown_roles_are_refused():
    data = raw()
    data["engine_step"][1]["when"] = ["cupido"]
    with pytest.raises(CatalogError, match=r"^rules.toml: \[\[engine_step\]\] 'lovers': key 'when' names an "
                                           r"unknown role 'cupido'$"):
        check_references(parse_rules(data), default_catalog())
    data = raw()
    data["group"][0]["lead"] = "seer"
    with pytest.raises(CatalogError, match="'lead' 'seer' is not in the group"):
        check_references(parse_rules(data), default_catalog())


def ids(*roles, kinds=None):
    kinds = kinds or [None] * len(roles)
    return [Identity(s, r, r, k) for s, (r, k) in enumerate(zip(roles, kinds))], dict(enumerate(kinds))


@pytest.mark.parametrize("roles, kinds, marks, expected", [
    (("minion", "seer", "werewolf"), (None, None, "werewolf"), (), ["werewolf", "village", "werewolf"]),
    (("minion", "seer", "tanner"), None, (), ["minion_solo", "village", "tanner"]),
    (("renfield", "seer", "villager"), None, (), ["village", "village", "village"]),
    (("assassin", "seer", "villager"), None, ("mark_of_clarity", "mark_of_the_assassin", "mark_of_clarity"),
     ["assassin", "village", "village"]),
    (("apprentice_assassin", "assassin", "villager"), None, (), ["apprentice_assassin", "village", "village"]),
    (("groob", "zerb", "leader"), ("alien", "alien", None), (), ["groob", "zerb", "leader"]),
    (("groob", "zerb", "leader"), ("vampire", "alien", None), (), ["vampire", "zerb", "leader"]),
    (("groob", "seer", "leader"), ("alien", None, None), (), ["alien", "village", "village"]),
])
def test_team_keys_follow_the_rules_data(roles, kinds, marks, expected):
    identities, kind_of = ids(*roles, kinds=kinds)
    marks = marks or ("mark_of_clarity",) * len(roles)
    assert [team_keys(identities, kind_of, marks)[s] for s in range(len(roles))] == expected


def test_engine_steps_come_from_the_data_in_their_order():
    catalog = default_catalog()
    script = build_script(("cupid", "curator", "werewolf", "seer", "villager", "robber"), catalog)
    order = [s.id for s in script]
    assert order.index("mark_check") < order.index("lovers") < order.index("werewolves")
    assert order[-1] == "artifacts"
