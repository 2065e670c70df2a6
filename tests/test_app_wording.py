"""What the private prompt says, for every role: labels of answers and observations, the header, marks
and artifacts. Checked on ``prompt_text.describe`` (exactly what ``PromptScreen`` shows), without
starting the app, so many seeded games of every preset cost well under a second.

The specific wordings below are the ones the table asked for (docs/tui.md, "Prompts are drawn from their
options"); the games are played through the engine with explicit deals (``conftest.state_at``), so each
prompt is the engine's real one."""

from __future__ import annotations

import random
import re

import pytest

from onenight_core import Action, Setup, apply, new_game, pending, view_for
from onenight_core.rulesets.onuw.artifacts import ArtifactView, artifact_info
from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import PRESETS
from onenight_core.rulesets.onuw.marks import MARKS
from onenight_core.model.values import Learned, MarkView
from onenight_core.rulesets.onuw.roles import playable
from onenight_core.engine.views import PublicView
from onenight_tui.prompt_text import describe
from onenight_tui.text.words import Wording

from conftest import DONE, PASS, look, names, state_at, swap


V3 = ("villager", "villager", "villager")
CATALOG = default_catalog()
RAW = re.compile(r"Action\(|View\(|Learned\(|Prompt\(|\b[a-z]+(?:_[a-z0-9]+)+\b")

MARK_NAMES = {m: Wording((), None, "en").mark_name(m) for m in MARKS}  # the English words of the text layer
MARK_EFFECTS = {m: Wording((), None, "en").mark_effect(m) for m in MARKS}


def text_at(g, seat: int | None = None):
    seat = pending(g).seat if seat is None else seat
    return describe(view_for(g, seat), CATALOG)


def answer_until(g, step: str, answers: dict[str, list[Action]]):
    """Answer (scripted, else ``done``) until the pending prompt is in ``step``."""
    answers = {k: list(v) for k, v in answers.items()}
    while (p := pending(g)) is not None and p.step != step:
        g = apply(g, answers[p.step].pop(0) if answers.get(p.step) else DONE)
    return g


PLAYABLE = sorted(pid for pid, p in PRESETS.items() if all(playable(r) for r in p.roles))


def test_every_preset_is_checked():
    assert {"base-5", "chaos-7", "vampire-5", "epic-battle-8", "daybreak-8", "total-chaos-5", "bonus-7",
            "mixed-10"} <= set(PLAYABLE)


@pytest.mark.parametrize("preset", PLAYABLE)
def test_every_prompt_of_every_preset_reads_as_words(preset):
    """Every option, observation, header, task and table note of every prompt, in 25 seeded games with
    random legal answers: no Python value, no raw id. Marks are named with their effect, artifacts with
    their name and text."""
    p = PRESETS[preset]
    setup = Setup(names(p.players), p.roles)
    kinds = set()
    for seed in range(25):
        g = new_game(setup, seed)
        rng = random.Random(seed)
        while (prompt := pending(g)) is not None:
            text = text_at(g)
            assert len(text.options) == len(prompt.options)
            for piece in text.texts:
                assert piece and not RAW.search(piece), f"{preset} seed {seed}, {prompt.step}: {piece!r}"
            for obs, line in zip(prompt.info, text.info):
                kinds.add(type(obs).__name__)
                if isinstance(obs, MarkView):
                    assert MARK_NAMES[obs.mark] in line and MARK_EFFECTS[obs.mark] in line
                if isinstance(obs, ArtifactView):
                    info = artifact_info(obs.artifact)
                    assert info.name() in line and info.text() in line
            for action, label in zip(prompt.options, text.options):
                if action.verb == "mark":
                    assert MARK_NAMES[action.value] in label
                    assert MARK_EFFECTS[action.value] in text.task
            g = apply(g, rng.choice(prompt.options))
    assert "Learned" in kinds or preset.startswith("beginner")


# -- the wordings asked for -----------------------------------------------------------------------

def test_the_curator_gives_an_artifact_unseen_and_its_holder_reads_its_name_and_text():
    g = state_at(["curator", "werewolf", "villager"], V3, "curator")
    assert text_at(g).options == ("Do nothing", "Give yourself an artifact (unseen)",
                                  "Give P1 an artifact (unseen)", "Give P2 an artifact (unseen)")
    g = apply(g, Action("artifact", ("p2",)))
    assert pending(g).step == "artifacts" and pending(g).seat == 2
    artifact = artifact_info(g.artifacts[2])
    assert text_at(g).info == (f"Your artifact: {artifact.name()} — {artifact.text()}",)


def test_the_thing_tapped_neighbour_learns_who_tapped():
    g = state_at(["thing", "villager", "villager"], V3, "thing")
    assert text_at(g).options == ("Do nothing", "Tap P1", "Tap P2")
    g = apply(g, Action("tap", ("p1",)))  # p1 is the Thing's left neighbour (roles.md §0.2)
    text = text_at(g)
    assert pending(g).seat == 1
    assert text.info == ("P0 — your neighbour tapped you: they are the Thing.",)
    assert text.notes["p0"] == "the Thing"


def test_the_aura_seer_sees_who_viewed_or_moved():
    # The Seer (p0) views p3's card and the Robber (p1) swaps with p3: both show a thumb to the Aura Seer.
    g = state_at(["seer", "robber", "aura_seer", "villager"], V3, "aura_seer",
                 {"seer": [look("p3")], "robber": [swap("p1", "p3")]})
    assert text_at(g).info == ("Viewed or moved a card or mark tonight: P0 and P1.",)


def test_the_beholder_sees_the_seers_without_knowing_which():
    g = state_at(["beholder", "seer", "villager"], V3, "beholder", {"seer": [PASS]})
    text = text_at(g)
    assert text.info == ("Seer or Apprentice Seer: P1.",)
    assert text.options == ("Do nothing", "Look at P1's card")


def test_the_alpha_wolf_gives_the_center_werewolf_card():
    # Three players, seven cards: c3 is the center werewolf card beside the center (roles.md §2.2).
    g = state_at(["alpha_wolf", "villager", "villager"], V3 + ("werewolf",), "alpha_wolf")
    assert text_at(g).options == ("Give P1 the center werewolf card", "Give P2 the center werewolf card")


def test_the_witch_gives_the_center_card_or_takes_it_herself():
    g = state_at(["witch", "villager", "werewolf"], V3, "witch")
    g = apply(g, look("c1"))
    g = apply(g, DONE)  # the result: center card 2 is a Villager
    text = text_at(g)
    assert text.options == ("Take it yourself", "Give it to P1", "Give it to P2")
    assert "Center card 2 is the Villager." in text.info


def test_the_header_names_the_role_played_tonight_not_the_current_card():
    g = state_at(["villager", "werewolf", "robber"], V3, "robber")
    assert text_at(g).head == "P2 — you are the Robber"
    g = apply(g, swap("p2", "p1"))
    text = text_at(g)
    assert text.head == "P2 — you are the Robber"  # he now holds the Werewolf card
    assert text.info == ("Your card is the Werewolf.",)
    assert "your card:" not in text.head


def test_a_copier_says_what_it_copied():
    g = state_at(["doppelganger", "seer", "villager"], V3, "doppelganger")
    assert text_at(g).head == "P0 — you are the Doppelgänger"
    g = apply(g, Action("copy", ("p1",)))
    text = text_at(g)
    assert text.head == "P0 — you are the Doppelgänger, now the Seer"
    assert text.info == ("P1's card is the Seer.",)
    g = apply(g, DONE)  # then she acts at once as the Seer (roles.md Appendix A)
    text = text_at(g)
    assert text.task.startswith("As the Seer (Doppelgänger): ")
    assert "Look at P2's card" in text.options


def test_marks_are_named_with_their_effect_and_the_seen_mark_is_in_the_header():
    g = state_at(["instigator", "seer", "villager"], V3, "instigator")
    text = text_at(g)
    assert text.options[:3] == ("Do nothing", "Give yourself the Mark of the Traitor",
                                "Give P1 the Mark of the Traitor")
    assert "Mark of the Traitor — for its holder: you win only if another player of your team dies." in text.task
    g = apply(g, Action("mark", ("p1",), "mark_of_the_traitor"))
    # The mark check: every seat in seat order sees its own mark (roles.md §A.5).
    assert [pending(g).step, pending(g).seat] == ["mark_check", 0]
    assert text_at(g).info == ("You have the Mark of Clarity — no effect: you are what your card says.",)
    g = apply(g, DONE)
    assert text_at(g).info == ("You have the Mark of the Traitor — you win only if another player of your "
                               "team dies.",)
    g = answer_until(g, "seer", {})
    assert text_at(g).head == "P1 — you are the Seer · your mark: Mark of the Traitor"


def test_lovers_see_each_other_by_name():
    g = state_at(["cupid", "villager", "villager", "villager"], V3, "cupid")
    g = apply(g, Action("mark", ("p1",), "mark_of_love"))
    g = apply(g, Action("mark", ("p3",), "mark_of_love"))
    g = answer_until(g, "lovers", {})
    assert pending(g).seat == 1
    text = text_at(g)
    assert text.info == ("Holding the Mark of Love: P3.",)
    assert "Mark of Love — for its holder: if your lover dies, you die too, whatever protects you." in text.task
    assert text.notes["p3"] == "mark: Love"


def test_the_table_notes_show_the_public_facts():
    words = Wording(("Ann", "Bo", "Cy"), CATALOG)
    public = PublicView(players=("Ann", "Bo", "Cy"), roster=(), script=(), phase="vote", shields=("p1",),
                        face_up=(("p2", "villager"),), votes_in=0, artifacts=("p2", "p0"))
    assert words.table_notes(public) == {"p1": "shield", "p2": "Villager\nartifact", "p0": "artifact"}


def test_learned_labels_for_roles_read_as_the_role():
    words = Wording(("Ann", "Bo", "Cy"), CATALOG, me=0)
    assert words.observation(Learned(0, ("p1", "p2"), "werewolf", "werewolves")) == "Werewolf: Bo and Cy."
    # issue 10: "Vampire: no other player." read as a list with nobody in it; a whole sentence now.
    assert words.observation(Learned(0, (), "werewolf", "werewolves")) == "No other player is a Werewolf."
    assert words.observation(Learned(0, (), "vampire", "vampires")) == "No other player is a Vampire."
    assert words.observation(Learned(0, (), "mark_of_love", "lovers")) == "No other player holds the Mark of Love."
    assert words.observation(Learned(0, ("p1",), "mark_of_the_vampire", "renfield")) == \
        "Holding the Mark of the Vampire: Bo."


def test_a_shield_is_on_the_table_picture_of_later_prompts():
    # The Sentinel shields P2's card; the Seer's prompt draws the shield and cannot look at that card.
    g = state_at(["sentinel", "seer", "villager"], V3, "seer", {"sentinel": [Action("shield", ("p2",))]})
    text = text_at(g)
    assert text.notes["p2"] == "shield"
    assert "Look at P2's card" not in text.options and "Look at P0's card" in text.options


def test_a_name_with_its_own_article_reads_lower_case_inside_a_sentence():
    # "I am The Count." read as a title mid-sentence; the article is a plain "the" as for the Seer.
    words = Wording(("Ann", "Bo", "Cy"), CATALOG)
    assert words.role_as("the_count", "the") == "the Count"
    assert words.role_as("the_count", "a") == "the Count"  # one Count in any deck: never "a The Count"
    assert words.role_as("the_count", "a_or_the") == "the Count"
    assert words.role("the_count") == "The Count"  # the card's own name, as printed
    assert words.role_as("seer", "the") == "the Seer"


def test_the_french_app_speaks_to_players_and_bots_alike_with_vous():
    # The day panel asked the bots "Qui soupçonnes-tu ?" while every other line says "vous".
    from pathlib import Path

    text = (Path(__file__).parents[1] / "src/onenight_tui/text/app/fr.toml").read_text(encoding="utf-8")
    assert "-tu " not in text and "-tu ?" not in text and "soupçonnez-vous" in text
