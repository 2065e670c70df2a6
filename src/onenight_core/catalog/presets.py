"""Named deck presets for each player count: the base game, Vampire and epic battles, Daybreak and Bonus.

Presets are the decks the set-up screen, ``simulate`` and the narrator offer. They live in one module, in
the order the set-up screen lists them, so that ``deck`` (parsing) reads them without an import circle.

Vampire presets: each description says what the marks in that deck do, because the set-up screen shows it
to players who may never have seen a mark: every player starts with a Mark of Clarity, the twilight roles
replace it, and everyone checks their own mark before the night begins (rules/roles.md §B).

Daybreak and Bonus presets: each description says what the deck adds to the base game. With an Alpha Wolf
a deck holds one card more than ``players + 3``: the center werewolf card the Alpha Wolf lays beside the
center (a plain Werewolf when the deck has one, else a Dream Wolf, else a Mystic Wolf; roles.md §2.2). The
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
    description: str = ""
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
    add_preset(Preset(f"base-{_n}", _n, _BASE + _extra,
                      f"One Night Ultimate Werewolf, {_n} players: the classic mix of the base game"))
add_preset(Preset("beginner-5", 5, ("werewolf", "werewolf", "seer", "robber", "troublemaker",
                                    "villager", "villager", "villager"),
                  "First game: two werewolves, the three classic village powers and villagers"))
add_preset(Preset("chaos-7", 7, ("doppelganger", "werewolf", "werewolf", "minion", "seer", "robber",
                                 "troublemaker", "drunk", "insomniac", "tanner"),
                  "Lots of swaps, a Doppelganger and a Tanner: nobody knows who they are"))
add_preset(Preset("masons-6", 6, ("werewolf", "werewolf", "minion", "mason", "mason", "seer",
                                  "robber", "troublemaker", "villager"),
                  "Two Masons who can vouch for each other against a Minion"))


VAMPIRE_PRESETS = (
    Preset("vampire-4", 4, ("vampire", "vampire", "renfield", "cupid", "priest", "diseased", "villager"),
           "Vampire, 4 players. The vampires give one player the Mark of the Vampire: that player is now "
           "a vampire, whatever their card says. Cupid's two lovers die together; whoever votes for the "
           "holder of the Diseased's Mark of Disease cannot win; the Priest clears marks."),
    Preset("vampire-5", 5, ("vampire", "vampire", "renfield", "cupid", "diseased", "priest", "instigator",
                            "villager"),
           "Vampire, 5 players. Marks: the Mark of the Vampire turns its holder into a vampire; lovers "
           "(Mark of Love) die together; voting for the Mark of Disease costs you the win; the Mark of "
           "the Traitor makes its holder win only if a teammate dies. Renfield serves the vampires."),
    Preset("vampire-6", 6, ("vampire", "the_count", "renfield", "cupid", "diseased", "priest", "marksman",
                            "pickpocket", "gremlin"),
           "Vampire, 6 players, marks on the move. The Count's Mark of Fear takes away a night action; "
           "the Marksman looks at a card and a mark; the Pickpocket steals a mark and the Gremlin swaps "
           "two marks or two cards, so nobody is sure which mark they end with."),
    Preset("vampire-assassins-7", 7, ("vampire", "the_master", "the_count", "renfield", "assassin",
                                      "apprentice_assassin", "cupid", "instigator", "priest", "pickpocket"),
           "Vampire, 7 players, with assassins. The Assassin wins if the holder of his Mark of the "
           "Assassin dies, whoever else wins; the Apprentice Assassin wins if the Assassin dies. The "
           "Master survives a vote from another vampire. Lovers die together; traitors root against "
           "their own team."),
    Preset("vampire-8", 8, ("vampire", "vampire", "the_count", "copycat", "cupid", "diseased", "priest",
                            "marksman", "pickpocket", "gremlin", "villager"),
           "Vampire, 8 players. The Copycat becomes a center card's role. Marks: Vampire (you are a "
           "vampire), Fear (no night action), Love (lovers die together), Disease (voting for its holder "
           "loses you the game); the Pickpocket and the Gremlin move marks after everyone has checked."),
    Preset("epic-battle-6", 6, ("werewolf", "werewolf", "vampire", "vampire", "seer", "robber",
                                "troublemaker", "priest", "villager"),
           "Epic battle, 6 players: werewolves, vampires and the village at one table. With three teams "
           "present, the top two vote counts die (one vote is enough); an evil team wins only if none of "
           "its own dies and another evil team loses someone. The vampires' mark makes a new vampire."),
    Preset("epic-battle-8", 8, ("werewolf", "werewolf", "minion", "vampire", "the_count", "renfield", "seer",
                                "robber", "troublemaker", "cupid", "diseased"),
           "Epic battle, 8 players, each evil team with a helper. Three teams make an epic battle: the "
           "top two vote counts die, and the village needs two different evil teams to lose someone. "
           "The Count's Mark of Fear stops a night action; lovers die together; voting for the Mark of "
           "Disease loses you the game."),
    Preset("epic-battle-10", 10, ("werewolf", "werewolf", "minion", "vampire", "vampire", "the_master",
                                  "renfield", "seer", "robber", "troublemaker", "drunk", "insomniac", "cupid"),
           "Epic battle, 10 players. Werewolves and vampires hunt the village and each other: with three "
           "teams present the top two vote counts die. The Master survives when another vampire votes "
           "for him; Cupid's lovers die together whatever protects them."),
)

for _preset in VAMPIRE_PRESETS:
    add_preset(_preset)

EXPANSION_PRESETS = (
    # Daybreak rulebook, "First Game Setup" (3 players): the Dream Wolf is the center werewolf card.
    Preset("daybreak-first-3", 3,
           ("alpha_wolf", "mystic_wolf", "apprentice_seer", "witch", "village_idiot", "revealer",
            "dream_wolf"),
           "Daybreak's first game: an Alpha Wolf who turns a player into a wolf, a Mystic Wolf who peeks, "
           "a Witch, a Village Idiot and a Revealer who may turn a card face up"),
    # Daybreak rulebook, "Fun Scenarios".
    Preset("evil-transformation-3", 3,
           ("doppelganger", "alpha_wolf", "mystic_wolf", "minion", "robber", "witch", "werewolf"),
           "Daybreak's Evil Transformation: a Doppelgänger, the Alpha Wolf's center werewolf, a Minion, "
           "a Robber and a Witch — players become wolves without knowing it"),
    Preset("trust-no-one-3", 3,
           ("doppelganger", "alpha_wolf", "dream_wolf", "robber", "witch", "tanner", "werewolf"),
           "Daybreak's Trust No One: a Dream Wolf who never wakes, an Alpha Wolf, a Tanner and two card "
           "movers"),
    Preset("cautionary-tale-4", 4,
           ("werewolf", "mystic_wolf", "seer", "apprentice_seer", "revealer", "hunter", "bodyguard"),
           "Daybreak's Cautionary Tale: two Seers and a Revealer against a Mystic Wolf; a Bodyguard "
           "protects the player they vote for"),
    Preset("information-society-5", 5,
           ("werewolf", "mystic_wolf", "seer", "apprentice_seer", "paranormal_investigator", "witch",
            "insomniac", "revealer"),
           "Daybreak's Information Society: everybody looks at cards; the Paranormal Investigator joins "
           "the first wolf (or Tanner) he finds"),
    Preset("total-chaos-5", 5,
           ("doppelganger", "alpha_wolf", "werewolf", "werewolf", "robber", "witch", "troublemaker",
            "village_idiot", "curator"),
           "Daybreak's Total Chaos: every card moves — Alpha Wolf, Robber, Witch, Troublemaker, Village "
           "Idiot — and a Curator hands out an artifact"),
    Preset("daybreak-6", 6,
           ("alpha_wolf", "mystic_wolf", "dream_wolf", "sentinel", "apprentice_seer",
            "paranormal_investigator", "witch", "village_idiot", "revealer", "bodyguard"),
           "All-Daybreak deck: three kinds of wolf, a Sentinel's shield, a Witch, a Village Idiot, a "
           "Revealer and a Bodyguard"),
    Preset("daybreak-8", 8,
           ("werewolf", "alpha_wolf", "mystic_wolf", "dream_wolf", "sentinel", "seer", "apprentice_seer",
            "paranormal_investigator", "witch", "village_idiot", "revealer", "curator"),
           "Daybreak with the Seer: a Sentinel, three wolves that wake differently, and a Curator whose "
           "artifacts can change anyone's role at dawn"),
    Preset("bonus-5", 5,
           ("werewolf", "werewolf", "squire", "seer", "apprentice_seer", "beholder", "thing", "cursed"),
           "Bonus roles: a Squire who checks the wolves' cards, a Beholder who finds the Seers, the Thing "
           "that taps a neighbour, and the Cursed who turns wolf if a wolf votes for him"),
    Preset("bonus-7", 7,
           ("werewolf", "werewolf", "squire", "seer", "robber", "troublemaker", "aura_seer", "prince",
            "apprentice_tanner", "tanner"),
           "Bonus roles with card movers: the Aura Seer sees who looked or moved, the Prince cannot be "
           "voted out, and an Apprentice Tanner wins when the Tanner dies"),
    Preset("mixed-6", 6,
           ("werewolf", "mystic_wolf", "minion", "sentinel", "seer", "robber", "witch", "beholder", "prince"),
           "Base, Daybreak and Bonus: a Mystic Wolf and a Minion, a Sentinel, a Witch, a Beholder watching "
           "the Seer, and a Prince"),
    Preset("mixed-9", 9,
           ("werewolf", "alpha_wolf", "dream_wolf", "squire", "sentinel", "seer", "apprentice_seer",
            "paranormal_investigator", "robber", "troublemaker", "village_idiot", "aura_seer", "bodyguard"),
           "A big mixed table: Alpha and Dream Wolf with a Squire, a Sentinel, two Seers and a P.I., three "
           "card movers watched by the Aura Seer, and a Bodyguard"),
    Preset("mixed-10", 10,
           ("doppelganger", "werewolf", "werewolf", "mystic_wolf", "minion", "seer", "beholder", "thing",
            "witch", "troublemaker", "revealer", "curator", "cursed"),
           "Ten players, all three boxes: a Doppelgänger, a Mystic Wolf and a Minion, the Thing, a Witch, a "
           "Revealer, a Curator, and the Cursed"),
)

for _preset in EXPANSION_PRESETS:
    add_preset(_preset)

# Alien presets: each description says what the app's random instructions do, since the aliens, the
# Oracle and the ripple follow what the app draws each night (rules/roles.md §D; the eyes-closed screen
# and the narrator read it aloud).
ALIEN_PRESETS = (
    Preset("alien-4", 4, ("alien", "alien", "oracle", "cow", "seer", "robber", "villager"),
           "Aliens: two aliens follow the app's random instruction, the Oracle answers the app's question, the "
           "Cow feels whether an alien sits beside it; a ripple may shake the end of the night"),
    Preset("alien-5", 5, ("alien", "alien", "cow", "oracle", "leader", "seer", "robber", "troublemaker"),
           "Aliens with a Leader who sees their thumbs: if every alien votes for the Leader the aliens win; "
           "the Oracle, the Cow and the classic village powers"),
    Preset("alien-6", 6, ("alien", "groob", "zerb", "leader", "oracle", "cow", "seer", "robber", "troublemaker"),
           "Groob and Zerb: aliens who each win when the other dies; the Leader wins only if both live. With "
           "an Alien, the Oracle and the Cow"),
    Preset("alien-werewolf-7", 7, ("alien", "alien", "synthetic_alien", "werewolf", "werewolf", "oracle", "cow",
                                   "seer", "robber", "insomniac"),
           "Aliens against werewolves, an epic battle: the Synthetic Alien wakes with the aliens but wins only by "
           "dying, and then the aliens and the village lose"),
    Preset("body-snatcher-8", 8, ("alien", "body_snatcher", "synthetic_alien", "werewolf", "werewolf", "minion",
                                  "oracle", "leader", "cow", "seer", "troublemaker"),
           "The Body Snatcher steals a card and turns it into an alien card; aliens, werewolves and a Minion, "
           "the Synthetic Alien, the Oracle, the Leader and the Cow"),
    Preset("alien-10", 10, ("alien", "alien", "groob", "zerb", "body_snatcher", "leader", "oracle", "cow", "seer",
                            "robber", "troublemaker", "insomniac", "villager"),
           "Ten players, the whole Alien box: two Aliens, Groob and Zerb, the Body Snatcher, the Leader, the "
           "Oracle and the Cow against the village"),
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
            "self_awareness_girl"),
           "Super Villains, 3 players: the Temptress secretly turns a hero into a villain with the extra "
           "villain card; the Detector looks, the Role Retriever steals, the Switcheroo swaps"),
    Preset("villains-5", 5,
           ("villainous_temptress", "dr_peeker", "henchman_7", "evilometer", "detector", "role_retriever",
            "switcheroo", "flipper"),
           "Super Villains, 5 players: Dr. Peeker looks at a card, the Evilometer feels a villain's tap, "
           "and the Flipper turns a card up if it is a hero's"),
    Preset("villains-6", 6,
           ("henchman_7", "dr_peeker", "rapscallion", "evilometer", "annoying_lad", "detector",
            "role_retriever", "switcheroo", "self_awareness_girl"),
           "Super Villains, 6 players: three villains who know each other, the Annoying Lad who taps a "
           "neighbour, and heroes who look, steal and swap"),
    Preset("villains-7", 7,
           ("villainous_temptress", "dr_peeker", "henchman_7", "mad_scientist", "intern", "detector",
            "role_retriever", "switcheroo", "flipper", "innocent_bystander"),
           "Super Villains with the Mad Scientist: he wins by dying and his death makes everyone else lose; "
           "his Intern wins if he dies; the Innocent Bystander sides with the heroes"),
    Preset("villains-8", 8,
           ("villainous_temptress", "dr_peeker", "rapscallion", "henchman_7", "mirror_man", "evilometer",
            "detector", "role_retriever", "voodoo_lou", "switcheroo", "self_awareness_girl"),
           "Super Villains, 8 players: Mirror Man copies a center card, Voodoo Lou trades one to a player, "
           "and four villains with the Temptress's extra card"),
    Preset("villains-10", 10,
           ("villainous_temptress", "dr_peeker", "rapscallion", "henchman_7", "mirror_man", "evilometer",
            "annoying_lad", "detector", "role_retriever", "voodoo_lou", "switcheroo", "self_awareness_girl",
            "flipper"),
           "Every Super Villains night role at ten players: four villains and nine heroes"),
    Preset("heroes-6", 6,
           ("henchman_7", "dr_peeker", "windy_wendy", "the_sponge", "ricochet_rhino", "defender_er",
            "nostradamus", "detector", "switcheroo"),
           "Bonus packs 3–4 against the villains: the Sponge cannot die, the Defender-er saves whom she "
           "votes for, the Rhino passes his elimination on, a villain's vote makes Windy Wendy one, and "
           "Nostradamus's prediction is announced"),
    Preset("nostradamus-5", 5,
           ("werewolf", "werewolf", "minion", "nostradamus", "seer", "robber", "troublemaker", "the_sponge"),
           "The base game with Nostradamus, who reads cards until he finds a non-village one and wins with "
           "the team he announces, and the Sponge, who cannot be voted out"),
)

for _preset in SUPER_VILLAINS_PRESETS:
    add_preset(_preset)


def presets_for(players: int, ruleset: str = "onuw") -> list[Preset]:
    return [p for p in PRESETS.values() if p.players == players and p.ruleset == ruleset]


def default_preset(players: int) -> Preset | None:
    return PRESETS.get(f"base-{players}")
