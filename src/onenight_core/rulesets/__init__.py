"""The rulesets: how a game of each kind is played. ``onuw`` (One Night Ultimate Werewolf and its
expansions) is playable; ``dalbula`` and ``classic`` are placeholders until their issues land."""
