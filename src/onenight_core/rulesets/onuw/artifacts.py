"""The Curator's artifacts under ``onuw``: ids, names and texts, the seeded pool, and what a holder sees.

The ids are those of docs/resolution.md §0.2. What an artifact does at the vote lives in the resolution
(``identity.ROLE_ARTIFACTS`` for the eight role-changing ones, the traitor rule for the Dagger); the
other three (Void of Nothingness, Mask of Muting, Shroud of Shame) change nothing the engine decides:
the Mask and the Shroud are table rules the players follow during the day.

Their ids, names, texts and the role a role-changing one gives are ``[[artifact]]`` tables in
rules.toml beside roles.toml (one source for every piece of rule data). Every Curator draws from one pool per game,
shuffled from the seed
with its own stream (``curator.pool``), so a new role never changes which artifact a Curator draws.

Artifacts are stored per player (``GameState.artifacts``). The official rule puts the token on the card;
under ``onuw`` no card moves after the Curator's step (11), so the two readings never differ (E-33 c).
"""

from __future__ import annotations

from ...catalog.rules import ArtifactInfo, default_rules
from ...model.rng import stream
from ...model.state import GameState
from ...model.values import ArtifactView


ARTIFACTS: tuple[ArtifactInfo, ...] = default_rules().artifacts
"""The twelve official artifacts, in rules.toml's order (names and texts in every language there)."""
ARTIFACT_IDS: tuple[str, ...] = tuple(a.id for a in ARTIFACTS)
_BY_ID = {a.id: a for a in ARTIFACTS + default_rules().curator_tokens}  # Dalbula's tokens share the slot
POOL_STREAM = "curator.pool"


def artifact_info(artifact_id: str) -> ArtifactInfo:
    """The artifact (or Dalbula Curator token) ``artifact_id``; raises KeyError for an unknown id."""
    return _BY_ID[artifact_id]


_TOKEN_IDS = frozenset(t.id for t in default_rules().curator_tokens)


def is_token(artifact_id: str) -> bool:
    """Whether ``artifact_id`` is one of Dalbula's Curator tokens (named 토큰, "token"), not an artifact:
    the words for what a player sees or gives differ (text catalogs ``*_token``)."""
    return artifact_id in _TOKEN_IDS


def artifact_pool(seed: int) -> tuple[str, ...]:
    """The face-down stack of the game seeded ``seed``: one of each official artifact, shuffled
    (docs/rules.md §C.4; the Daybreak rulebook shuffles the tokens face down at set-up)."""
    pool = list(ARTIFACT_IDS)
    stream(seed, POOL_STREAM).shuffle(pool)
    return tuple(pool)


def next_artifact(g: GameState) -> str | None:
    """The artifact the next Curator placement draws (the top of the stack), or None if it is empty."""
    drawn = g.facts.artifacts_drawn
    pool = artifact_pool(g.seed)
    return pool[drawn] if drawn < len(pool) else None


__all__ = ["ARTIFACTS", "ARTIFACT_IDS", "ArtifactInfo", "ArtifactView", "artifact_info", "artifact_pool",
           "next_artifact", "POOL_STREAM"]
