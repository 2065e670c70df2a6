"""The narrated night (onenight_core.engine.narration): order, lines, pauses, languages.

Expected orders are worked out by hand from rules/roles.md §A.1 (the master step list) and Appendix A (the
Doppelgänger matrix); expected texts are the narration lines of roles.toml, the data the narrator reads.
The order is also checked against the engine's own ``build_script`` for many rosters, since the narrator
must call exactly the night the game runs."""

from __future__ import annotations

import re
import tomllib

import pytest

from onenight_core.catalog.loader import default_catalog, default_catalog_path, parse_catalog
from onenight_core.catalog.presets import PRESETS
from onenight_core.engine.narration import MIN_CARDS, NarrationError, Timing, check_roster, narrate
from onenight_core.rulesets.night_script import build_script

CAT = default_catalog()
HANGUL = re.compile(r"[\uac00-\ud7a3]")
BASE_9 = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "drunk", "insomniac",
          "minion", "hunter", "tanner", "doppelganger")


def steps(roster, lang="en"):
    return [c.step for c in narrate(roster, lang).cues]


# -- order, by hand from roles.md §A.1 ----------------------------------------------------------------

def test_base_game_with_doppelganger_order():
    # §A.1: -7 doppelganger, 2 werewolves, 3 minion, 5 seer, 6 robber, 7 troublemaker, 8 drunk,
    # 9 insomniac, 9a DG-insomniac; villager, hunter and tanner never wake.
    assert steps(BASE_9) == ["night_start", "doppelganger", "werewolves", "minion", "seer", "robber",
                             "troublemaker", "drunk", "insomniac", "doppelganger:insomniac", "dawn"]


def test_beginner_deck_order():
    assert steps(PRESETS["beginner-5"].roles) == [
        "night_start", "werewolves", "seer", "robber", "troublemaker", "dawn"]


def test_twilight_marks_and_lovers_order():
    # §A.1: -7 DG, -6 vampires, -6B count, -6Ba DG-count, -6C renfield, -6Ca DG-renfield, -4 cupid,
    # -2 priest, -2a DG-priest, MARK, LOVERS, then the night: 5 seer.
    roster = ("doppelganger", "vampire", "the_count", "renfield", "cupid", "priest", "seer", "villager")
    assert steps(roster) == [
        "night_start", "doppelganger", "vampires", "the_count", "doppelganger:the_count", "renfield",
        "doppelganger:renfield", "cupid", "priest", "doppelganger:priest", "mark_check", "lovers", "seer",
        "dawn"]


def test_alien_cow_and_doppelganger_order():
    # 1A aliens, 1C cow, 1Ca DG-cow, 2 werewolves, 9 insomniac, 9a DG-insomniac, Z2 the ripple
    roster = ("alien", "alien", "cow", "doppelganger", "werewolf", "insomniac", "villager")
    assert steps(roster) == ["night_start", "doppelganger", "aliens", "cow", "doppelganger:cow",
                             "werewolves", "insomniac", "doppelganger:insomniac", "ripple", "dawn"]


def test_a_group_wakes_for_any_member_and_its_members_own_steps_follow():
    # §A.2: the werewolves step triggers on the Mystic Wolf alone; 2C mystic_wolf follows.
    roster = ("mystic_wolf", "seer", "robber", "villager", "villager", "villager")
    assert steps(roster) == ["night_start", "werewolves", "mystic_wolf", "seer", "robber", "dawn"]


def test_ghost_steps_are_called_for_every_card_in_play():
    # The narrator does not know which cards are in the center: every waking card is called (§A.4).
    roster = ("werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac")
    assert steps(roster) == ["night_start", "werewolves", "seer", "robber", "troublemaker", "drunk",
                             "insomniac", "dawn"]


def test_doppelganger_gets_no_extra_step_for_immediate_roles():
    # Appendix A: seer, robber, troublemaker and drunk are "!" (act inside -7): no "xa" steps.
    narration = narrate(("doppelganger", "werewolf", "seer", "robber", "troublemaker", "drunk"))
    assert not [c for c in narration.cues if c.kind == "dg"]


ROSTERS = [
    *(p.roles for p in PRESETS.values()),
    BASE_9,
    ("doppelganger", "vampire", "the_count", "renfield", "cupid", "priest", "seer", "villager"),
    ("alien", "alien", "cow", "groob", "zerb", "body_snatcher", "doppelganger", "werewolf", "seer"),
    ("villainous_temptress", "dr_peeker", "rapscallion", "henchman_7", "evilometer", "doppelganger",
     "seer", "villager"),
    ("doppelganger", "apprentice_tanner", "mad_scientist", "intern", "leader", "marksman", "nostradamus",
     "psychic", "pickpocket", "aura_seer", "gremlin", "rascal", "insomniac", "self_awareness_girl",
     "squire", "beholder", "revealer", "exposer", "flipper", "empath", "curator", "blob", "mortician",
     "family_man"),
    ("oracle", "copycat", "mirror_man", "sentinel", "alpha_wolf", "werewolf", "mystic_wolf", "dream_wolf",
     "minion", "mason", "mason", "thing", "annoying_lad", "witch", "village_idiot", "voodoo_lou"),
    ("villager",) * 6,
    tuple(r.id for r in CAT.in_ruleset("onuw")),
]


@pytest.mark.parametrize("roster", ROSTERS, ids=lambda r: ",".join(sorted(set(r)))[:40])
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_order_is_the_engines_night_script(roster, lang):
    narration = narrate(roster, lang)
    assert narration.steps == tuple(s.id for s in build_script(roster, CAT))
    assert narration.cues[0].step == "night_start" and narration.cues[-1].step == "dawn"
    for cue in narration.cues:
        assert cue.lines and all(line.text.strip() for line in cue.lines)
        assert all(line.step == cue.step for line in cue.lines)


# -- lines and pauses -------------------------------------------------------------------------------

def test_lines_of_the_base_game_in_english():
    narration = narrate(BASE_9)
    first, *_, last = narration.lines
    assert first.text == "Night falls. Everyone, close your eyes."
    assert last.text == "Everyone, wake up!" and last.pause == "day"
    seer = next(c for c in narration.cues if c.step == "seer")
    assert seer.title == "Seer"
    assert [(l.kind, l.pause, l.text) for l in seer.lines] == [
        ("wake", "action",
         "Seer, wake up. You may look at another player's card, or at two of the center cards."),
        ("sleep", "gap", "Seer, close your eyes."),
    ]
    wolves = next(c for c in narration.cues if c.step == "werewolves")
    assert wolves.title == "Werewolves"
    assert wolves.lines[0].source == "werewolf"


def test_doppelganger_extra_step_uses_the_copied_roles_doppelganger_line():
    narration = narrate(BASE_9)
    cue = next(c for c in narration.cues if c.step == "doppelganger:insomniac")
    assert cue.kind == "dg" and cue.role == "insomniac"
    assert cue.title == "Doppelgänger → Insomniac"
    assert [(l.kind, l.source, l.pause) for l in cue.lines] == [
        ("doppelganger", "insomniac", "action"), ("sleep", "doppelganger", "gap")]
    assert cue.lines[0].text == CAT["insomniac"].line("doppelganger")
    assert cue.lines[1].text == "Doppelgänger, close your eyes."


def test_doppelganger_minion_keeps_its_eyes_open_at_the_end_of_the_doppelganger_step():
    # roles.md Appendix A: "DG-Minion: sees the werewolf thumbs at the end of the DG step".
    cue = next(c for c in narrate(BASE_9).cues if c.step == "doppelganger")
    assert [(l.kind, l.source, l.pause) for l in cue.lines] == [
        ("wake", "doppelganger", "action"), ("doppelganger", "minion", "action"),
        ("sleep", "doppelganger_minion", "gap")]
    assert "keep your eyes open" in cue.lines[1].text
    assert cue.lines[2].text == "Werewolves, put your thumbs away. Doppelgänger, close your eyes."


def test_doppelganger_without_minion_just_closes_its_eyes():
    roster = ("doppelganger", "werewolf", "werewolf", "seer", "robber", "villager")
    cue = next(c for c in narrate(roster).cues if c.step == "doppelganger")
    assert [l.kind for l in cue.lines] == ["wake", "sleep"]
    minion_roster = ("minion", "werewolf", "werewolf", "seer", "robber", "villager")
    minion = next(c for c in narrate(minion_roster).cues if c.step == "minion")
    assert [l.source for l in minion.lines] == ["minion", "minion"]


def test_engine_steps_have_their_own_lines():
    roster = ("cupid", "werewolf", "werewolf", "seer", "robber", "villager")
    cues = {c.step: c for c in narrate(roster).cues}
    assert cues["mark_check"].lines[0].text == ("Everyone, wake up and look at your mark, then close "
                                                 "your eyes.")
    assert cues["lovers"].lines[0].pause == "action"


def test_korean_lines():
    narration = narrate(BASE_9, "ko")
    assert narration.lines[0].text == "밤이 되었습니다. 모두 눈을 감으세요."
    assert narration.lines[-1].text == "모두 눈을 뜨세요!"
    seer = next(c for c in narration.cues if c.step == "seer")
    assert seer.title == "예언자"
    assert seer.lines[1].text == "예언자는 눈을 감으세요."
    assert all(HANGUL.search(line.text) for line in narration.lines)
    assert [c.step for c in narration.cues] == [c.step for c in narrate(BASE_9, "en").cues]


def test_korean_for_every_official_role():
    roster = tuple(r.id for r in CAT.in_ruleset("onuw"))
    assert all(HANGUL.search(line.text) for line in narrate(roster, "ko").lines)


def test_french_and_chinese_lines_are_their_own():
    # roles.toml narrates in zh and fr too (issue 15): no line falls back to English.
    en = [l.text for l in narrate(BASE_9, "en").lines]
    for lang in ("zh", "fr"):
        lines = [l.text for l in narrate(BASE_9, lang).lines]
        assert len(lines) == len(en) and not set(lines) & set(en), lang


def test_pauses_and_duration():
    # beginner-5: start gap, then 4 steps of (action + gap); the day is not part of the night.
    narration = narrate(PRESETS["beginner-5"].roles)
    assert [l.pause for l in narration.lines] == ["gap"] + ["action", "gap"] * 4 + ["day"]
    assert narration.duration(Timing(action=10, gap=2, day=300)) == 2 + 4 * 12


def test_timing_rejects_negative_seconds():
    with pytest.raises(NarrationError, match="action time"):
        Timing(action=-1)
    assert Timing().action == 10 and Timing().seconds("none") == 0


# -- rosters the narrator refuses ---------------------------------------------------------------------

def test_unknown_role():
    with pytest.raises(NarrationError, match="unknown role 'wizard'"):
        narrate(("wizard", "werewolf", "seer", "robber", "villager", "villager"))


def test_too_few_cards():
    assert MIN_CARDS == 6
    with pytest.raises(NarrationError, match="at least 6 cards"):
        check_roster(("werewolf", "seer", "robber", "villager", "villager"))


def test_role_outside_the_official_ruleset():
    with pytest.raises(NarrationError, match="Sleepwalker"):
        check_roster(("sleepwalker", "werewolf", "seer", "robber", "villager", "villager"))


def test_roles_the_engine_cannot_play_are_still_narrated():
    # The cards are on the table: the narrator only calls them (e.g. the Oracle, the Blob).
    narration = narrate(("oracle", "blob", "werewolf", "seer", "villager", "villager"))
    assert "oracle" in narration.steps and "blob" in narration.steps


def test_a_missing_narration_line_is_one_clear_error():
    with open(default_catalog_path(), "rb") as fh:
        data = tomllib.load(fh)
    for role in data["role"]:
        if role["id"] == "seer":
            del role["narration"]
    catalog = parse_catalog(data)
    with pytest.raises(NarrationError, match="role 'seer' has no narration.wake line"):
        narrate(("werewolf", "seer", "robber", "villager", "villager", "villager"), catalog=catalog)
