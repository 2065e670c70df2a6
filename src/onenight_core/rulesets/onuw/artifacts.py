"""The Curator's artifacts under ``onuw``: ids, names and texts, the seeded pool, and what a holder sees.

The ids are those of resolution.md §0.2. What an artifact does at the vote lives in the resolution
(``identity.ROLE_ARTIFACTS`` for the eight role-changing ones, the traitor rule for the Dagger); the
other three (Void of Nothingness, Mask of Muting, Shroud of Shame) change nothing the engine decides:
the Mask and the Shroud are table rules the players follow during the day.

Names and texts are a small frozen table here rather than a ``[[artifact]]`` table in roles.toml: the
twelve official artifacts are fixed by the rulebooks, no driver edits them, and keeping them beside the
pool keeps roles.toml about roles. Every Curator draws from one pool per game, shuffled from the seed
with its own stream (``curator.pool``), so a new role never changes which artifact a Curator draws.

Artifacts are stored per player (``GameState.artifacts``). The official rule puts the token on the card;
under ``onuw`` no card moves after the Curator's step (11), so the two readings never differ (E-33 c).
"""

from __future__ import annotations

from attrs import frozen

from .identity import ROLE_ARTIFACTS
from ...model.rng import stream
from ...model.state import GameState


@frozen
class ArtifactInfo:
    """One official artifact: its id, the role it turns its holder into (if any), names and text."""

    id: str
    edition: str  # daybreak | bonus
    name_en: str
    name_ko: str
    text_en: str
    text_ko: str

    @property
    def role(self) -> str | None:
        """The role a role-changing artifact gives its holder (resolution.md §0.5 L4), else None."""
        return ROLE_ARTIFACTS.get(self.id)

    def name(self, lang: str = "en") -> str:
        return self.name_ko if lang == "ko" else self.name_en

    def text(self, lang: str = "en") -> str:
        return self.text_ko if lang == "ko" else self.text_en


ARTIFACTS: tuple[ArtifactInfo, ...] = (
    ArtifactInfo("claw_of_the_werewolf", "daybreak", "Claw of the Werewolf", "늑대인간의 발톱",
                 "You are now a Werewolf, on the werewolf team.",
                 "당신은 이제 늑대인간이며 늑대인간 팀입니다."),
    ArtifactInfo("brand_of_the_villager", "daybreak", "Brand of the Villager", "마을시민의 낙인",
                 "You are now a Villager, with no special power.",
                 "당신은 이제 특별한 능력이 없는 마을시민입니다."),
    ArtifactInfo("cudgel_of_the_tanner", "daybreak", "Cudgel of the Tanner", "절망자의 곤봉",
                 "You are now a Tanner: you win only if you die.",
                 "당신은 이제 절망자입니다. 죽어야만 승리합니다."),
    ArtifactInfo("void_of_nothingness", "daybreak", "Void of Nothingness", "공허의 무",
                 "This artifact has no effect.",
                 "이 유물은 아무 효과가 없습니다."),
    ArtifactInfo("mask_of_muting", "daybreak", "Mask of Muting", "침묵의 가면",
                 "You may not speak for the rest of the game (gestures are allowed).",
                 "게임이 끝날 때까지 말을 할 수 없습니다(몸짓은 허용됩니다)."),
    ArtifactInfo("shroud_of_shame", "daybreak", "Shroud of Shame", "수치의 수의",
                 "Turn away from the table for the rest of the game; you may talk, and you vote by "
                 "pointing without looking.",
                 "게임이 끝날 때까지 테이블을 등지고 앉습니다. 말은 할 수 있고, 투표는 보지 않고 가리킵니다."),
    ArtifactInfo("dagger_of_the_traitor", "bonus", "Dagger of the Traitor", "배신자의 단검",
                 "You win only if another member of your team dies (no effect if you are alone on it).",
                 "같은 팀의 다른 사람이 죽어야만 승리합니다(팀에 혼자라면 효과가 없습니다)."),
    ArtifactInfo("bow_of_the_hunter", "bonus", "Bow of the Hunter", "사냥꾼의 활",
                 "You are now a Hunter: if you die, the player you vote for dies too.",
                 "당신은 이제 사냥꾼입니다. 당신이 죽으면 당신이 투표한 사람도 죽습니다."),
    ArtifactInfo("cloak_of_the_prince", "bonus", "Cloak of the Prince", "왕자의 망토",
                 "You are now a Prince: votes against you do not count.",
                 "당신은 이제 왕자입니다. 당신에 대한 투표는 무효입니다."),
    ArtifactInfo("sword_of_the_bodyguard", "bonus", "Sword of the Bodyguard", "보디가드의 검",
                 "You are now a Bodyguard: the player you point at cannot be killed.",
                 "당신은 이제 보디가드입니다. 당신이 가리키는 사람은 죽지 않습니다."),
    ArtifactInfo("mist_of_the_vampire", "bonus", "Mist of the Vampire", "뱀파이어의 안개",
                 "You are now a Vampire, on the vampire team.",
                 "당신은 이제 뱀파이어이며 뱀파이어 팀입니다."),
    ArtifactInfo("alien_artifact", "bonus", "Alien Artifact", "외계 유물",
                 "You are now an Alien, on the alien team.",
                 "당신은 이제 에일리언이며 에일리언 팀입니다."),
)
ARTIFACT_IDS: tuple[str, ...] = tuple(a.id for a in ARTIFACTS)
_BY_ID = {a.id: a for a in ARTIFACTS}
POOL_STREAM = "curator.pool"


def artifact_info(artifact_id: str) -> ArtifactInfo:
    """The artifact ``artifact_id``; raises KeyError for an unknown id."""
    return _BY_ID[artifact_id]


def artifact_pool(seed: int) -> tuple[str, ...]:
    """The face-down stack of the game seeded ``seed``: one of each official artifact, shuffled
    (roles.md §C.4; the Daybreak rulebook shuffles the tokens face down at set-up)."""
    pool = list(ARTIFACT_IDS)
    stream(seed, POOL_STREAM).shuffle(pool)
    return tuple(pool)


def next_artifact(g: GameState) -> str | None:
    """The artifact the next Curator placement draws (the top of the stack), or None if it is empty."""
    drawn = g.facts.artifacts_drawn
    pool = artifact_pool(g.seed)
    return pool[drawn] if drawn < len(pool) else None


@frozen
class ArtifactView:
    """``seat`` looked at the artifact on its card (``pos``) at the end of the night (roles.md §A.5 Z3).

    An observation like ``CardView`` and ``MarkView``: it goes into ``GameState.observations`` and the
    seat's view; nobody else ever sees it."""

    seat: int
    pos: str
    artifact: str
    step: str = ""


__all__ = ["ARTIFACTS", "ARTIFACT_IDS", "ArtifactInfo", "ArtifactView", "artifact_info", "artifact_pool",
           "next_artifact", "POOL_STREAM"]
