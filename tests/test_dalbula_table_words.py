"""What a Dalbula table reads (issue 23, "## Dalbula" and "## Natural Korean"): a card's text never
depends on the center, the seed's own Korean words, particles chosen by the name."""

from __future__ import annotations

from onenight_core import Setup, new_game, view_for

from onenight_tui.text.words import Wording

BROUGHT = ("seer", "werewolf", "robber", "troublemaker", "villager", "werewolf")
PLAYERS = ("가영", "나래", "다은", "라희", "민수", "지은")


def _card_texts(seed: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Each seat's card-screen words (role, side, goal) in Korean, and the game's center roles."""
    g = new_game(Setup(players=PLAYERS, deck=BROUGHT, ruleset="dalbula"), seed=seed)
    texts = []
    for seat in range(len(PLAYERS)):
        view = view_for(g, seat)
        words = Wording(view.public.players, lang="ko", me=seat)
        texts.append("\n".join((words.role(view.dealt), words.team(view.dealt),
                                words.goal(view.dealt, view.public.roster, view.public.ruleset))))
    return tuple(texts), tuple(c.role for c in g.cards[len(PLAYERS):])


def test_a_dalbula_card_reads_the_same_whatever_the_center_holds():
    seen: dict[tuple[str, ...], tuple[str, ...]] = {}
    for seed in range(40):
        texts, center = _card_texts(seed)
        seen.setdefault(center, texts)
    centers = list(seen)
    # some centers hold an alien or a vampire (another evil team), others none
    assert any({"alien", "vampire"} & set(c) for c in centers)
    assert any(not {"alien", "vampire", "villain"} & set(c) for c in centers)
    assert len(set(seen.values())) == 1, "a card's text told the table what lies in the center"
    goal = next(iter(seen.values()))[0]
    assert "에픽 전투" in goal and "에일리언" not in goal
