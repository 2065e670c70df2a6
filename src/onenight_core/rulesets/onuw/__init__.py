"""One Night Ultimate Werewolf and its expansions: the role behaviours (``roles``), who is on which team
(``identity``), the Vampire marks (``marks``), the Curator's artifacts (``artifacts``) and the dawn
resolution (``resolution``)."""
