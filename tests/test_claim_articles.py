"""A One Night claim names its role as a speaker would (play-test: "I am the Villager." with three
Villagers in the deck): "the Seer" for a role the deck holds once, "a Villager" / "a Werewolf" for one it
holds several of — the deck is public, the table knows it. ``{role:a_or_the}`` (text/words.py) reads the
deck's counts; French says « la Voyante » / « une Voyante », « le Villageois » / « un Villageois » (the
gender is roles.toml ``article.fr``); Korean and Chinese have no articles and say the same either way.
Every caller gives the deck: the day screen's panel and the reveal (bots/one_night.py), the claim form
(claim_entry.py), ``simulate --bots claiming``."""

from __future__ import annotations

import pytest

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.engine.timeout import UNOPENED
from onenight_core.engine.views import day_prompt
from onenight_core.model.kinds import PromptKind
from onenight_core.model.values import Action
from onenight_core.play.claims import Claim, claim_message
from onenight_core.play.spoken_claims import ClaimTable
from onenight_core.play.table_bots import TableBots
from onenight_tui.text.catalog import load
from onenight_tui.text.claims import claim_text
from onenight_tui.text.words import Wording, french_article

PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed")
ROLES = ("villager", "seer", "robber", "troublemaker", "drunk", "doppelganger", "insomniac", "mason",
         "apprentice_seer", "werewolf")
ONE = ROLES  # every role once
SEVERAL = ROLES + ROLES  # every role twice

# Every kind of claim that names a role: (kind, claim, en with one copy, en with several, fr one, fr several).
KINDS = [
    ("role", Claim(0, "villager"),
     "Ann: “I am the Villager.”", "Ann: “I am a Villager.”",
     "Ann : « Je suis le Villageois. »", "Ann : « Je suis un Villageois. »"),
    ("looked", Claim(0, "seer", Action("look", ("p1",)), (("p1", "werewolf"),)),
     "Ann: “I am the Seer. I looked at Bo: Werewolf.”", "Ann: “I am a Seer. I looked at Bo: Werewolf.”",
     "Ann : « Je suis la Voyante. J'ai regardé Bo : Loup-garou. »",
     "Ann : « Je suis une Voyante. J'ai regardé Bo : Loup-garou. »"),
    ("robbed", Claim(0, "robber", Action("swap", ("p0", "p1")), (("p0", "werewolf"),)),
     "Ann: “I was the Robber. I took Bo's card and became the Werewolf.”",
     "Ann: “I was a Robber. I took Bo's card and became a Werewolf.”",
     "Ann : « J'étais le Voleur. J'ai pris la carte de Bo et je suis devenu le Loup-garou. »",
     "Ann : « J'étais un Voleur. J'ai pris la carte de Bo et je suis devenu un Loup-garou. »"),
    ("swapped", Claim(0, "troublemaker", Action("swap", ("p1", "p2"))),
     "Ann: “I am the Troublemaker. I swapped the cards of Bo and Cy.”",
     "Ann: “I am a Troublemaker. I swapped the cards of Bo and Cy.”",
     "Ann : « Je suis le Merdeux. J'ai échangé les cartes de Bo et Cy. »",
     "Ann : « Je suis un Merdeux. J'ai échangé les cartes de Bo et Cy. »"),
    ("took", Claim(0, "drunk", Action("take", ("c0",))),
     "Ann: “I am the Drunk. I swapped my card with center card 1 without looking.”",
     "Ann: “I am a Drunk. I swapped my card with center card 1 without looking.”",
     "Ann : « Je suis le Saoulon. J'ai échangé ma carte avec la carte du milieu n° 1 sans regarder. »",
     "Ann : « Je suis un Saoulon. J'ai échangé ma carte avec la carte du milieu n° 1 sans regarder. »"),
    ("copied", Claim(0, "doppelganger", Action("copy", ("p1",)), (("p1", "mason"),)),
     "Ann: “I was the Doppelgänger. I looked at Bo's card and became the Mason.”",
     "Ann: “I was a Doppelgänger. I looked at Bo's card and became a Mason.”",
     "Ann : « J'étais le Voleur d'identité. J'ai regardé la carte de Bo et je suis devenu le Franc-maçon. »",
     "Ann : « J'étais un Voleur d'identité. J'ai regardé la carte de Bo et je suis devenu un Franc-maçon. »"),
    ("woke", Claim(0, "insomniac", None, (("p0", "villager"),)),
     "Ann: “I am the Insomniac. At the end of the night my card was the Villager.”",
     "Ann: “I am an Insomniac. At the end of the night my card was a Villager.”",
     "Ann : « Je suis l'Insomniaque. À la fin de la nuit, ma carte était le Villageois. »",
     "Ann : « Je suis un Insomniaque. À la fin de la nuit, ma carte était un Villageois. »"),
    ("partners", Claim(0, "mason", None, (("p2", "mason"),)),
     "Ann: “I am the Mason. I woke up with Cy.”", "Ann: “I am a Mason. I woke up with Cy.”",
     "Ann : « Je suis le Franc-maçon. Je me suis réveillé avec Cy. »",
     "Ann : « Je suis un Franc-maçon. Je me suis réveillé avec Cy. »"),
    ("role_saw", Claim(0, "apprentice_seer", None, (("c1", "werewolf"),)),
     "Ann: “I am the Apprentice Seer. I saw center card 2: Werewolf.”",
     "Ann: “I am an Apprentice Seer. I saw center card 2: Werewolf.”",
     "Ann : « Je suis l'Apprentie voyante. J'ai vu la carte du milieu n° 2 : Loup-garou. »",
     "Ann : « Je suis une Apprentie voyante. J'ai vu la carte du milieu n° 2 : Loup-garou. »"),
]


def test_the_cases_cover_every_claim_that_names_a_role():
    said = {kind for kind, claim, *_ in KINDS if claim_message(claim).id == f"claim_{kind}"}
    assert len(said) == len(KINDS)
    en = load("en").messages
    naming = {i for i, template in en.items() if i.startswith("claim_") and "{role" in str(template)}
    assert naming == {f"claim_{kind}" for kind in said}


@pytest.mark.parametrize(("kind", "claim", "en_one", "en_several", "fr_one", "fr_several"), KINDS,
                         ids=[k[0] for k in KINDS])
def test_a_claim_says_the_for_a_unique_role_and_a_for_one_the_deck_holds_several_of(
        kind, claim, en_one, en_several, fr_one, fr_several):
    assert claim_text(claim, PLAYERS, "en", ONE) == en_one
    assert claim_text(claim, PLAYERS, "en", SEVERAL) == en_several
    assert claim_text(claim, PLAYERS, "fr", ONE) == fr_one
    assert claim_text(claim, PLAYERS, "fr", SEVERAL) == fr_several


@pytest.mark.parametrize(("lang", "villager"), [("ko", "Ann: “저는 마을시민입니다.”"), ("zh", "Ann：“我是村民。”")])
def test_korean_and_chinese_claims_are_the_same_whatever_the_deck(lang, villager):
    for _, claim, *_ in KINDS:
        plain = claim_text(claim, PLAYERS, lang)
        assert claim_text(claim, PLAYERS, lang, ONE) == plain == claim_text(claim, PLAYERS, lang, SEVERAL)
        assert "{" not in plain and "a_or_the" not in plain
    assert claim_text(Claim(0, "villager"), PLAYERS, lang, SEVERAL) == villager


def test_the_deck_counts_one_role_at_a_time():
    """Two Werewolves and one Seer: the Seer is "the", the Werewolf it saw at the Robber's "a"."""
    deck = ("werewolf", "werewolf", "seer", "robber", "villager", "villager", "villager", "troublemaker")
    robbed = Claim(1, "robber", Action("swap", ("p1", "p0")), (("p1", "werewolf"),))
    assert claim_text(robbed, PLAYERS, "en", deck) == \
        "Bo: “I was the Robber. I took Ann's card and became a Werewolf.”"
    # A lone Mason in the deck is "the Mason"; a claim worded without a deck keeps "the".
    assert claim_text(Claim(0, "mason"), PLAYERS, "en", ("mason", *deck)) == "Ann: “I am the Mason.”"
    assert claim_text(Claim(0, "villager"), PLAYERS, "en") == "Ann: “I am the Villager.”"


def test_french_indefinite_articles_follow_the_names_gender():
    words = Wording(PLAYERS, lang="fr")
    assert words.role_as("seer", "a") == "une Voyante" and words.role_as("witch", "a") == "une Sorcière"
    assert words.role_as("villager", "a") == "un Villageois" and words.role_as("werewolf", "a") == "un Loup-garou"
    assert words.role_as("apprentice_seer", "a") == "une Apprentie voyante"
    assert words.role_as("apprentice_seer", "the") == "l'Apprentie voyante"  # « la » elided before a vowel
    assert words.role_as("apprentice_seer", "de") == "de l'Apprentie voyante"
    assert words.role_as("cupid", "a") == "Cupidon"  # a proper name
    assert words.role_as("the_count", "a") == "le Comte"  # a name with its own article: one character
    assert french_article("Chose", "la", "a") == "une Chose" and french_article("La Chose", None, "a") == "la Chose"
    # English: "an" before a vowel, a proper name or a name with "The" as it is.
    en = Wording(PLAYERS, lang="en")
    assert en.role_as("insomniac", "a") == "an Insomniac" and en.role_as("cupid", "a") == "Cupid"


# -- the callers give the deck --------------------------------------------------------------------------------

VILLAGERS = ("werewolf", "werewolf", "seer", "robber", "troublemaker", "villager", "villager", "insomniac")


def _day(setup: Setup, seed: int, bots: frozenset[int]):
    """The night as the app plays it (bots answer, a human's prompt times out unopened), up to the vote."""
    catalog = default_catalog()
    table = TableBots(len(setup.players), seed, bots, catalog)
    g = new_game(setup, seed, catalog=catalog)
    while (p := pending(g)) is not None and p.kind != PromptKind.VOTE:
        action = table.own_answer(g)
        if action is None:
            action = next((a for a in p.options if a.verb == "pass"), UNOPENED) if day_prompt(g) else UNOPENED
        g = apply(g, action)
    table.dawn(g)
    return g, table


def test_the_day_panel_and_the_reveal_word_a_claim_with_the_deck():
    from onenight_tui.bots.one_night import claim_lines, reveal_lines

    players = ("Ann", "Robot 1", "Robot 2", "Robot 3", "Robot 4")
    g, table = _day(Setup(players, VILLAGERS), 10, frozenset({1, 2, 3, 4}))
    table.tell(g, Claim(0, "villager"))
    assert claim_lines(table, g, players, "en")[0] == "Ann: “I am a Villager.”"
    assert claim_lines(table, g, players, "fr")[0] == "Ann : « Je suis un Villageois. »"
    assert reveal_lines(table, g, players, "en")[0].endswith("“I am a Villager.”")
    table.tell(g, Claim(0, "seer"))
    assert claim_lines(table, g, players, "en")[0] == "Ann: “I am the Seer.”"


def test_the_claim_form_shows_the_claim_with_the_decks_article():
    from onenight_core.play.spoken_claims import NOTHING_MORE
    from onenight_tui.screens.one_night.claim_entry import ClaimEntryScreen

    players = ("Ann", "Bo", "Cy", "Robot 1", "Robot 2")
    form = ClaimEntryScreen(ClaimTable(5, 3, VILLAGERS), players, (0, 1, 2), default_catalog(), "en")
    form.seat, form.role = 1, "villager"
    assert form.claim_said() == "Bo: “I am a Villager.”"
    form.role, form.answers = "seer", [NOTHING_MORE]
    assert form.claim_said() == "Bo: “I am the Seer.”"


def test_simulate_words_the_claims_with_the_deck():
    from onenight_tui.commands.simulate import _engine_claiming

    said = [line for seed in (4, 5) for line in _engine_claiming(Setup(PLAYERS, VILLAGERS), seed, "en")[1]]
    assert any("I am a Villager." in line for line in said), said
    assert not any("the Villager" in line or "the Werewolf" in line for line in said), said
