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


def test_korean_particles_follow_the_last_syllable():
    from onenight_tui.text.korean import particle, particles

    assert particle("나래", "을(를)") == "를" and particle("민수", "을(를)") == "를"
    assert particle("지은", "을(를)") == "을" and particle("라희", "은(는)") == "는"
    assert particle("가영", "이(가)") == "이" and particle("다은", "와(과)") == "과"
    assert particle("뱀파이어", "(으)로") == "로" and particle("늑대인간", "(으)로") == "으로"
    assert particle("서울", "(으)로") == "로"  # a final ㄹ takes 로
    assert particle("플레이어 5", "을(를)") == "를" and particle("플레이어 3", "을(를)") == "을"
    assert particle("Ann", "을(를)") == "을(를)"  # a name not in Hangul keeps the neutral form
    assert particles("(도둑)을(를)") == "(도둑)을(를)"
    assert particles("나래(도둑)이(가) 라희을(를) 지킴") == "나래(도둑)가 라희를 지킴"


def test_korean_messages_choose_particles_by_the_name():
    words = Wording(("나래", "라희", "지은", "Ann"), lang="ko")
    assert words.text("answered_player", pos="p0") == "나래를 지목했습니다"
    assert words.text("answered_player", pos="p2") == "지은을 지목했습니다"
    assert words.text("answered_player", pos="p3") == "Ann을(를) 지목했습니다"
    assert words.text("voted_for_app", seat=1).startswith("라희는")
    assert words.text("reveal_as_role", card_role="cupid", role="vampire") == "큐피트 (뱀파이어로)"


def _dealer_game():
    """A 5-player Dalbula dawn under the ripple "dealer vote": 가영 2, the dealer 2 (a normal battle)."""
    from onenight_core import Action, Card, RoleFacts, apply, dawn_game, pending

    seats = ("werewolf", "seer", "robber", "villager", "troublemaker")
    setup = Setup(players=PLAYERS[:5], deck=seats, ruleset="dalbula")
    g = dawn_game(setup, [Card(i, r) for i, r in enumerate(seats)], facts=RoleFacts(ripple="dealer_vote"))
    for target in (None, 0, 0, None, 1):
        g = apply(g, Action("vote", (), "dealer") if target is None else Action("vote", (f"p{target}",)))
    assert pending(g) is None
    return g


def test_the_table_is_told_the_battle_and_the_dealers_death():
    from onenight_core.play.story import sections

    g = _dealer_game()
    assert g.outcome.dead == {0} and g.outcome.dealer_out and g.outcome.mode == "normal"
    words = Wording(PLAYERS[:5], lang="ko")
    result = next(s for s in sections(g) if s.title == "result")
    said = [words.say(m) for m in result.lines]
    assert said[0].startswith("일반 전투")
    assert any(line.startswith("딜러도 2표로 처형") for line in said)


def _korean_texts() -> str:
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    text = root / "src" / "onenight_tui" / "text"
    return "\n".join(p.read_text(encoding="utf-8") for p in (text / "ko.toml", text / "app" / "ko.toml")) + "\n" + \
        "\n".join(line for p in (root / "roles.toml", root / "rules.toml") for line in
                  p.read_text(encoding="utf-8").splitlines() if "ko =" in line or line.startswith("ko"))


def test_korean_says_the_seeds_own_words():
    """S0: 시민 + 영웅 팀, 늑대 팀, 에픽 전투, 딜러 투표 — never 마을 팀, 대혈전 and 대전투, 앱에 투표하기."""
    words = Wording((), lang="ko")
    assert words.team_name("village") == "시민 + 영웅 팀" and words.team_name("werewolf") == "늑대 팀"
    texts = _korean_texts()
    for old in ("마을 팀", "늑대인간 팀", "대혈전", "대전투", "앱에 투표"):
        assert old not in texts, old
    assert words.text("option_vote_app") == "딜러에게 투표하기"


def test_korean_dawn_and_honorifics():
    words = Wording(("민수", "지은"), lang="ko")
    assert words.text("classic_dawn_none") == "간밤에는 아무도 죽지 않았습니다."
    assert "}님" not in _korean_texts()  # one style: "민수 님", never "지은님"
    assert words.text("classic_death", player="지은") == "지은 님이 죽었습니다."


def test_the_set_up_title_names_the_ruleset():
    from onenight_tui.screens.setup.setup import SetupScreen
    from onenight_tui.text.app_words import AppWords

    assert SetupScreen._title("dalbula", AppWords("ko")) == "달뷸라 — 게임 준비"
    assert SetupScreen._title("classic", AppWords("en")) == "Classic Werewolf — set-up"
    assert SetupScreen._title("onuw", AppWords("ko")) == "원나잇 — 게임 준비"
