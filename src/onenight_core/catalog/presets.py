"""Named deck presets for each player count: the base game, Vampire and epic battles, Daybreak and Bonus.

Presets are the decks the set-up screen, ``simulate`` and the narrator offer. They live in one module, in
the order the set-up screen lists them, so that ``deck`` (parsing) reads them without an import circle.

Descriptions are message ids (``about``); the words, in every language, are the app's (docs/text.md).

Vampire presets: each description says what the marks in that deck do, because the set-up screen shows it
to players who may never have seen a mark: every player starts with a Mark of Clarity, the twilight roles
replace it, and everyone checks their own mark before the night begins (docs/rules.md §B).

Daybreak and Bonus presets: each description says what the deck adds to the base game. With an Alpha Wolf
a deck holds one card more than ``players + 3``: the center werewolf card the Alpha Wolf lays beside the
center (a plain Werewolf when the deck has one, else a Dream Wolf, else a Mystic Wolf; docs/rules.md §2.2). The
Daybreak ones follow the rulebook's "first game" and "fun scenarios" sets, padded to the player count."""

from __future__ import annotations

from attrs import field, frozen

from ..model.values import _tuple


@frozen
class Preset:
    """A named deck for ``players`` players (``players + 3`` cards, more with Alpha Wolf)."""

    id: str
    players: int
    roles: tuple[str, ...] = field(converter=_tuple)
    about: str = ""
    """The message id of the preset's description (``preset_chaos_7``): the words are in the app's
    catalogs, one per language (onenight_tui/text/*.toml, table ``[presets]``)."""
    ruleset: str = "onuw"


_BASE = ("werewolf", "werewolf", "seer", "robber", "troublemaker")
_BASE_ADD = {
    3: ("villager",),
    4: ("villager", "drunk"),
    5: ("villager", "drunk", "insomniac"),
    6: ("villager", "drunk", "insomniac", "minion"),
    7: ("villager", "drunk", "insomniac", "minion", "hunter"),
    8: ("villager", "drunk", "insomniac", "minion", "hunter", "tanner"),
    9: ("villager", "drunk", "insomniac", "minion", "hunter", "tanner", "doppelganger"),
    10: ("mason", "mason", "drunk", "insomniac", "minion", "hunter", "tanner", "doppelganger"),
}

PRESETS: dict[str, Preset] = {}


def add_preset(preset: Preset) -> Preset:
    PRESETS[preset.id] = preset
    return preset


for _n, _extra in _BASE_ADD.items():
    add_preset(Preset(f"base-{_n}", _n, _BASE + _extra, "preset_base"))
add_preset(Preset("beginner-5", 5, ("werewolf", "werewolf", "seer", "robber", "troublemaker",
                                    "villager", "villager", "villager"), "preset_beginner_5"))
add_preset(Preset("chaos-7", 7, ("doppelganger", "werewolf", "werewolf", "minion", "seer", "robber",
                                 "troublemaker", "drunk", "insomniac", "tanner"), "preset_chaos_7"))
add_preset(Preset("masons-6", 6, ("werewolf", "werewolf", "minion", "mason", "mason", "seer",
                                  "robber", "troublemaker", "villager"), "preset_masons_6"))


VAMPIRE_PRESETS = (
    Preset("vampire-4", 4, ("vampire", "vampire", "renfield", "cupid", "priest", "diseased", "villager"),
           "preset_vampire_4"),
    Preset("vampire-5", 5, ("vampire", "vampire", "renfield", "cupid", "diseased", "priest", "instigator",
                            "villager"), "preset_vampire_5"),
    Preset("vampire-6", 6, ("vampire", "the_count", "renfield", "cupid", "diseased", "priest", "marksman",
                            "pickpocket", "gremlin"), "preset_vampire_6"),
    Preset("vampire-assassins-7", 7, ("vampire", "the_master", "the_count", "renfield", "assassin",
                                      "apprentice_assassin", "cupid", "instigator", "priest", "pickpocket"),
                                          "preset_vampire_assassins_7"),
    Preset("vampire-8", 8, ("vampire", "vampire", "the_count", "copycat", "cupid", "diseased", "priest",
                            "marksman", "pickpocket", "gremlin", "villager"), "preset_vampire_8"),
    Preset("epic-battle-6", 6, ("werewolf", "werewolf", "vampire", "vampire", "seer", "robber",
                                "troublemaker", "priest", "villager"), "preset_epic_battle_6"),
    Preset("epic-battle-8", 8, ("werewolf", "werewolf", "minion", "vampire", "the_count", "renfield", "seer",
                                "robber", "troublemaker", "cupid", "diseased"), "preset_epic_battle_8"),
    Preset("epic-battle-10", 10, ("werewolf", "werewolf", "minion", "vampire", "vampire", "the_master",
                                  "renfield", "seer", "robber", "troublemaker", "drunk", "insomniac", "cupid"),
                                      "preset_epic_battle_10"),
)

for _preset in VAMPIRE_PRESETS:
    add_preset(_preset)

EXPANSION_PRESETS = (
    # Daybreak rulebook, "First Game Setup" (3 players): the Dream Wolf is the center werewolf card.
    Preset("daybreak-first-3", 3,
           ("alpha_wolf", "mystic_wolf", "apprentice_seer", "witch", "village_idiot", "revealer",
            "dream_wolf"), "preset_daybreak_first_3"),
    # Daybreak rulebook, "Fun Scenarios".
    Preset("evil-transformation-3", 3,
           ("doppelganger", "alpha_wolf", "mystic_wolf", "minion", "robber", "witch", "werewolf"),
               "preset_evil_transformation_3"),
    Preset("trust-no-one-3", 3,
           ("doppelganger", "alpha_wolf", "dream_wolf", "robber", "witch", "tanner", "werewolf"),
               "preset_trust_no_one_3"),
    Preset("cautionary-tale-4", 4,
           ("werewolf", "mystic_wolf", "seer", "apprentice_seer", "revealer", "hunter", "bodyguard"),
               "preset_cautionary_tale_4"),
    Preset("information-society-5", 5,
           ("werewolf", "mystic_wolf", "seer", "apprentice_seer", "paranormal_investigator", "witch",
            "insomniac", "revealer"), "preset_information_society_5"),
    Preset("total-chaos-5", 5,
           ("doppelganger", "alpha_wolf", "werewolf", "werewolf", "robber", "witch", "troublemaker",
            "village_idiot", "curator"), "preset_total_chaos_5"),
    Preset("daybreak-6", 6,
           ("alpha_wolf", "mystic_wolf", "dream_wolf", "sentinel", "apprentice_seer",
            "paranormal_investigator", "witch", "village_idiot", "revealer", "bodyguard"),
                "preset_daybreak_6"),
    Preset("daybreak-8", 8,
           ("werewolf", "alpha_wolf", "mystic_wolf", "dream_wolf", "sentinel", "seer", "apprentice_seer",
            "paranormal_investigator", "witch", "village_idiot", "revealer", "curator"), "preset_daybreak_8"),
    Preset("bonus-5", 5,
           ("werewolf", "werewolf", "squire", "seer", "apprentice_seer", "beholder", "thing", "cursed"),
               "preset_bonus_5"),
    Preset("bonus-7", 7,
           ("werewolf", "werewolf", "squire", "seer", "robber", "troublemaker", "aura_seer", "prince",
            "apprentice_tanner", "tanner"), "preset_bonus_7"),
    Preset("mixed-6", 6,
           ("werewolf", "mystic_wolf", "minion", "sentinel", "seer", "robber", "witch", "beholder", "prince"),
               "preset_mixed_6"),
    Preset("mixed-9", 9,
           ("werewolf", "alpha_wolf", "dream_wolf", "squire", "sentinel", "seer", "apprentice_seer",
            "paranormal_investigator", "robber", "troublemaker", "village_idiot", "aura_seer", "bodyguard"),
                "preset_mixed_9"),
    Preset("mixed-10", 10,
           ("doppelganger", "werewolf", "werewolf", "mystic_wolf", "minion", "seer", "beholder", "thing",
            "witch", "troublemaker", "revealer", "curator", "cursed"), "preset_mixed_10"),
)

for _preset in EXPANSION_PRESETS:
    add_preset(_preset)

# Alien presets: each description says what the app's random instructions do, since the aliens, the
# Oracle and the ripple follow what the app draws each night (docs/rules.md §D; the eyes-closed screen
# and the narrator read it aloud).
ALIEN_PRESETS = (
    Preset("alien-4", 4, ("alien", "alien", "oracle", "cow", "seer", "robber", "villager"), "preset_alien_4"),
    Preset("alien-5", 5, ("alien", "alien", "cow", "oracle", "leader", "seer", "robber", "troublemaker"),
           "preset_alien_5"),
    Preset("alien-6", 6, ("alien", "groob", "zerb", "leader", "oracle", "cow", "seer", "robber", "troublemaker"),
           "preset_alien_6"),
    Preset("alien-werewolf-7", 7, ("alien", "alien", "synthetic_alien", "werewolf", "werewolf", "oracle", "cow",
                                   "seer", "robber", "insomniac"), "preset_alien_werewolf_7"),
    Preset("body-snatcher-8", 8, ("alien", "body_snatcher", "synthetic_alien", "werewolf", "werewolf", "minion",
                                  "oracle", "leader", "cow", "seer", "troublemaker"), "preset_body_snatcher_8"),
    Preset("alien-10", 10, ("alien", "alien", "groob", "zerb", "body_snatcher", "leader", "oracle", "cow", "seer",
                            "robber", "troublemaker", "insomniac", "villager"), "preset_alien_10"),
)

for _preset in ALIEN_PRESETS:
    add_preset(_preset)


# Super Villains (and Bonus packs 3–4): the villains wake together and know each other; the heroes are
# village roles that act like base roles (Detector = Seer, Role Retriever = Robber, Switcheroo =
# Troublemaker, Self-Awareness Girl = Insomniac, Voodoo Lou = Witch). A Temptress brings one extra villain
# card, drawn at set-up and laid beside the center: the deck itself stays players + 3.
SUPER_VILLAINS_PRESETS = (
    Preset("villains-3", 3,
           ("villainous_temptress", "henchman_7", "detector", "role_retriever", "switcheroo",
            "self_awareness_girl"), "preset_villains_3"),
    Preset("villains-5", 5,
           ("villainous_temptress", "dr_peeker", "henchman_7", "evilometer", "detector", "role_retriever",
            "switcheroo", "flipper"), "preset_villains_5"),
    Preset("villains-6", 6,
           ("henchman_7", "dr_peeker", "rapscallion", "evilometer", "annoying_lad", "detector",
            "role_retriever", "switcheroo", "self_awareness_girl"), "preset_villains_6"),
    Preset("villains-7", 7,
           ("villainous_temptress", "dr_peeker", "henchman_7", "mad_scientist", "intern", "detector",
            "role_retriever", "switcheroo", "flipper", "innocent_bystander"), "preset_villains_7"),
    Preset("villains-8", 8,
           ("villainous_temptress", "dr_peeker", "rapscallion", "henchman_7", "mirror_man", "evilometer",
            "detector", "role_retriever", "voodoo_lou", "switcheroo", "self_awareness_girl"), "preset_villains_8"),
    Preset("villains-10", 10,
           ("villainous_temptress", "dr_peeker", "rapscallion", "henchman_7", "mirror_man", "evilometer",
            "annoying_lad", "detector", "role_retriever", "voodoo_lou", "switcheroo", "self_awareness_girl",
            "flipper"), "preset_villains_10"),
    Preset("heroes-6", 6,
           ("henchman_7", "dr_peeker", "windy_wendy", "the_sponge", "ricochet_rhino", "defender_er",
            "nostradamus", "detector", "switcheroo"), "preset_heroes_6"),
    Preset("nostradamus-5", 5,
           ("werewolf", "werewolf", "minion", "nostradamus", "seer", "robber", "troublemaker", "the_sponge"),
           "preset_nostradamus_5"),
)

for _preset in SUPER_VILLAINS_PRESETS:
    add_preset(_preset)


# Mixed presets (issue 12): the roles the app instructs at random (Psychic, Rascal, Exposer, Mortician,
# Blob, Family Man, Empath) mixed with the Alien, Super Villains and Bonus 3-4 boxes. Each description says
# who is told what, since the instruction is drawn each night (docs/rules.md §D).
MIXED_PRESETS = (
    Preset("instructed-3", 3, ("werewolf", "psychic", "rascal", "exposer", "empath", "villager"),
           "preset_instructed_3"),
    Preset("instructed-4", 4, ("werewolf", "werewolf", "psychic", "rascal", "mortician", "exposer", "seer"),
           "preset_instructed_4"),
    Preset("blob-5", 5, ("werewolf", "werewolf", "blob", "mortician", "psychic", "rascal", "seer", "empath"),
           "preset_blob_5"),
    Preset("family-6", 6, ("alien", "alien", "henchman_7", "dr_peeker", "family_man", "the_sponge", "psychic",
                           "exposer", "detector"), "preset_family_6"),
    Preset("aliens-villains-7", 7,
           ("werewolf", "werewolf", "alien", "oracle", "villainous_temptress", "henchman_7", "rascal", "mortician",
            "empath", "detector"), "preset_aliens_villains_7"),
    Preset("mixed-random-8", 8,
           ("werewolf", "werewolf", "minion", "blob", "family_man", "nostradamus", "psychic", "rascal", "exposer",
            "empath", "robber"), "preset_mixed_random_8"),
    Preset("mixed-all-10", 10,
           ("werewolf", "werewolf", "alien", "alien", "villainous_temptress", "henchman_7", "blob", "family_man",
            "mortician", "psychic", "rascal", "exposer", "empath"), "preset_mixed_all_10"),
)

for _preset in MIXED_PRESETS:
    add_preset(_preset)


def presets_for(players: int, ruleset: str = "onuw") -> list[Preset]:
    return [p for p in PRESETS.values() if p.players == players and p.ruleset == ruleset]


def default_preset(players: int) -> Preset | None:
    return PRESETS.get(f"base-{players}")
