"""Deck presets with the Daybreak and Bonus roles, for the set-up screen, ``simulate`` and the narrator.

Each description says what the deck adds to the base game. With an Alpha Wolf a deck holds one card more
than ``players + 3``: the center werewolf card the Alpha Wolf lays beside the center (a plain Werewolf
when the deck has one, else a Dream Wolf, else a Mystic Wolf; roles.md §2.2). The Daybreak ones follow
the rulebook's "first game" and "fun scenarios" sets, padded to the player count."""

from __future__ import annotations

from .deck import Preset, add_preset

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

__all__ = ["EXPANSION_PRESETS"]
