"""Deck presets for Vampire games and for epic battles of werewolves against vampires.

Each description says what the marks in that deck do, because the set-up screen shows it to players who
may never have seen a mark: every player starts with a Mark of Clarity, the twilight roles replace it, and
everyone checks their own mark before the night begins (rules/roles.md §B)."""

from __future__ import annotations

from .deck import Preset, add_preset

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

__all__ = ["VAMPIRE_PRESETS"]
