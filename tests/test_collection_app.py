"""The card collection in the app (Pilot, 80×24): the collection screen in Korean, buying a pack, and a
Dalbula game whose players pick the card they bring behind hand-overs, played to the reveal."""

from __future__ import annotations

import random

import pytest
from app_pilot import (NAMES, SIZE, FakeClock, flat, handled, night, private_vote, public_vote, quiet_settings,
                       screen_name, screen_text, settled_text, until)
from onenight_core.play.collection import PACK_PRICE, STARTER_SET
from onenight_tui.app import OneNightApp


def dalbula_app(players: int = 3, **settings) -> OneNightApp:
    return OneNightApp(quiet_settings(ruleset="dalbula", players=NAMES[:players], **settings), lang="ko", seed=3)


async def test_collection_screen_in_korean_and_buying_a_pack():
    app = dalbula_app()
    rich = app.collections.collection("Pia")
    for _ in range(PACK_PRICE):
        rich = rich.with_win()
    app.collections.store(rich)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await pilot.press("f3")
        await until(pilot, lambda: screen_name(app) == "CollectionScreen", "the collection")
        await settled_text(pilot, lambda: screen_text(app))  # drawn whole
        # a collection is private (issue 23): only the named player's Enter shows it
        assert "Mina 님만" in flat(app) and "늑대인간 ×1" not in flat(app) and "예언자 토큰" not in flat(app)
        await pilot.press("enter")
        await until(pilot, lambda: "Mina의 컬렉션" in flat(app), "Mina's collection")
        text = flat(app)
        assert "예언자 토큰: 0개" in text and "늑대인간 ×1" in text
        assert "팩 구매" not in text  # Mina cannot buy: the footer does not offer it
        await pilot.press("b")
        await handled(pilot, "the key")
        assert screen_name(app) == "CollectionScreen"
        await pilot.press("down", "down")  # Pia: Mina's cards are hidden as the list moves on
        await until(pilot, lambda: "Pia 님만" in flat(app), "Pia's hand-over")
        assert "늑대인간 ×1" not in flat(app) and "팩 구매" not in flat(app)
        await pilot.press("b")
        assert screen_name(app) == "CollectionScreen" and app.collections.collection("pia").tokens == PACK_PRICE
        await pilot.press("enter")
        await until(pilot, lambda: "Pia의 컬렉션" in flat(app), "Pia's collection")
        assert "예언자 토큰: 10개" in flat(app) and "팩 구매" in flat(app)
        await pilot.press("b")
        await until(pilot, lambda: screen_name(app) == "PackScreen", "the pack")
        assert "Pia의 카드 팩 개봉" in flat(app)
        pia = app.collections.collection("pia")
        assert pia.tokens == 0 and pia.packs == 1
        assert sum(n for _r, n in pia.cards) == len(STARTER_SET) + 10
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "CollectionScreen", "back to the collection")
        assert "예언자 토큰: 0개" in flat(app)
        await pilot.press("escape")  # hides Pia's collection first
        await until(pilot, lambda: "Pia 님만" in flat(app), "Pia's collection hidden")
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "back to the set-up")


async def bring(pilot, picks: list[int], publics: list[str]) -> None:
    """Each player opens the pick behind the hand-over and brings the ``picks[seat]``-th owned card."""
    app = pilot.app
    for seat, index in enumerate(picks):
        await until(pilot, lambda: screen_name(app) == "BringCardScreen" and app.screen.seat == seat,
                    "the hand-over")
        publics.append(flat(app))
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "BringCardPickScreen", "the pick")
        assert NAMES[seat] in flat(app) and "제출" in flat(app)
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
    await until(pilot, lambda: screen_name(app) == "BringCardScreen" and app.screen.done, "everyone picked")
    publics.append(flat(app))
    await pilot.press("enter")


async def bring_from_the_setup(pilot, picks: list[int]) -> list[str]:
    """From the filled set-up, Ctrl+S and ``bring`` the ``picks`` through to the deal; the hand-over
    screens' public text, in turn."""
    app = pilot.app
    await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
    await pilot.press("ctrl+s")
    publics: list[str] = []
    await bring(pilot, picks, publics)
    await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
    return publics


async def test_a_dalbula_game_with_brought_cards_from_set_up_to_reveal():
    app = dalbula_app()
    ordered = ("werewolf", "seer", "robber", "troublemaker", "villager")  # catalog order of the starter set
    order = {info.id: i for i, info in enumerate(app.catalog.roles)}
    starter = sorted(STARTER_SET, key=order.__getitem__)
    assert sorted(ordered, key=order.__getitem__) == starter
    picks = [0, 4, 1]
    async with app.run_test(size=SIZE) as pilot:
        publics = await bring_from_the_setup(pilot, picks)
        assert app.state.setup.ruleset == "dalbula"
        assert app.state.dealt == tuple(starter[i] for i in picks)
        assert app.state.setup.deck == app.state.dealt and app.saved.get("brought") is True
        assert len(app.state.cards) >= 6  # the center drawn by the ruleset's set-up
        assert "노트북을 넘겨주세요" in publics[0] and "Mina" in publics[0]
        # the game plays on as any other: the deal, the night, the day, the vote, the reveal
        from app_pilot import deal

        await deal(pilot)
        rng = random.Random(1)
        await night(pilot, rng)
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        await pilot.press("v", "y")
        await public_vote(pilot, rng)
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")
        winners = app.state.outcome.winners
        for seat, name in enumerate(NAMES[:3]):
            assert app.collections.collection(name).tokens == (1 if seat in winners else 0), name
        assert app.saved.get("rewarded") is True


async def test_the_hand_overs_are_the_same_whatever_the_players_bring():
    seen = []
    for picks in ([0, 0, 0], [4, 2, 1]):
        app = dalbula_app()
        async with app.run_test(size=SIZE) as pilot:
            seen.append(await bring_from_the_setup(pilot, picks))
    assert seen[0] == seen[1]


async def test_a_resumed_dalbula_game_keeps_the_brought_cards():
    from onenight_core.play.saves import decode, encode, replay

    app = dalbula_app()
    async with app.run_test(size=SIZE) as pilot:
        await bring_from_the_setup(pilot, [2, 2, 3])
        state, saved = app.state, app.saved
    again = replay(decode(encode(saved)))
    assert again.dealt == state.dealt and again.cards == state.cards


async def test_private_vote_variant_rewards_too():
    app = dalbula_app(vote_mode="private")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await pilot.press("ctrl+s")
        await bring(pilot, [0, 1, 2], [])
        from app_pilot import deal

        await deal(pilot)
        rng = random.Random(2)
        await night(pilot, rng)
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        await pilot.press("v", "y")
        await private_vote(pilot, rng)
        total = sum(app.collections.collection(n).tokens for n in NAMES[:3])
        assert total == len(app.state.outcome.winners)


# -- a whole Korean Dalbula table, from the collections to the shop ------------------------------------------

#: What each player brings (added to their starter set): the Sleepwalker, the Mayor, the Curator (its token
#: and the private token reveal, Z3), an Alien (the ripple) and a Werewolf. Seed 4 draws the ripple "multi
#: vote" for this table, so two players cast two ballots each.
KOREAN_TABLE = {"Mina": "sleepwalker", "Oskar": "mayor", "Pia": "curator", "Quentin": "alien", "Rhea": "werewolf"}


def korean_table_app(vote_mode: str = "public") -> OneNightApp:
    import attrs

    settings = quiet_settings(ruleset="dalbula", players=tuple(KOREAN_TABLE), vote_mode=vote_mode)
    app = OneNightApp(settings, lang="ko", seed=4)
    app.clock = FakeClock()  # the night's steps move on by ``fast_forward`` only, not as a loaded machine lags
    for name, role in KOREAN_TABLE.items():
        collection = app.collections.collection(name)
        cards = dict(collection.cards)
        cards[role] = cards.get(role, 0) + 1
        app.collections.store(attrs.evolve(collection, cards=tuple(cards.items()), tokens=PACK_PRICE - 1))
    return app


@pytest.mark.parametrize("vote_mode", ["public", "private"])
async def test_a_korean_dalbula_table_plays_from_the_collections_to_the_shop(vote_mode):
    """Set-up (the players' collections, no deck list), each player's private pick, the deal, the night
    (Sleepwalker, Curator, ripple, tokens, Mayor), the day, the vote with two ballots, the reveal, the Seer
    tokens, and a winner's pack in the shop: every screen in Korean, no English word on any of them."""
    from test_app_languages import Watching, _vocabulary, foreign

    app = korean_table_app(vote_mode)
    names = tuple(KOREAN_TABLE)
    order = {info.id: i for i, info in enumerate(app.catalog.roles)}
    english = _vocabulary("en")
    async with app.run_test(size=SIZE) as real:
        pilot = Watching(real)
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await until(pilot, lambda: "가져오는 카드" in flat(app), "the brought cards' panel")
        text = flat(app)
        assert "Mina: 카드 6장 · 예언자 토큰 9개" in text and "Ctrl+S로 카드를 고르세요" in text
        assert "프리셋" not in text and "마을시민" not in text  # no preset, no deck list to choose from
        await pilot.press("ctrl+o")  # the ruleset's options (the official set-up among them), in Korean
        await until(pilot, lambda: screen_name(app) == "RulesOptionsScreen", "the options")
        await until(pilot, lambda: "공식 세팅" in flat(app), "the official set-up option's words")
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "SetupScreen", "back to the set-up")
        await pilot.press("ctrl+s")
        owned = {n: app.collections.collection(n).roles for n in names}
        picks = [sorted(owned[n], key=order.__getitem__).index(KOREAN_TABLE[n]) for n in names]
        await bring(pilot, picks, [])
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        assert app.state.dealt[:5] == tuple(KOREAN_TABLE.values())
        from app_pilot import deal

        await deal(pilot)
        await night(pilot, random.Random(4), knock=True)
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        g = app.state
        assert any(a is not None for a in g.artifacts)  # the Curator gave a token ...
        # ... lying on the table, called a token (read once the day is drawn: a screen just pushed is blank)
        await until(pilot, lambda: "토큰" in flat(app), "the token on the table")
        assert "유물" not in " ".join((await settled_text(pilot, lambda: screen_text(app))).split())
        await pilot.press("f1")  # help on the roles in play
        await until(pilot, lambda: screen_name(app) == "HelpScreen", "help")
        await pilot.press("escape")
        await until(pilot, lambda: screen_name(app) == "DayScreen", "back to the day")
        await pilot.press("v", "y")
        assert g.facts.ripple == "multi_vote" and g.facts.ripple_set
        if vote_mode == "public":
            await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote")
            two = [names[s] for s in g.facts.ripple_set]
            await until(pilot, lambda: "균열:" in flat(app) and all(name in flat(app) for name in two)
                        and "2표" in flat(app), "the two-ballot voters on the vote screen")
            await public_vote(pilot, random.Random(4))
        else:  # each ballot behind a hand-over; the two-ballot voters are told they have two
            await private_vote(pilot, random.Random(4))
        assert all(len(app.state.votes[s]) == 2 for s in g.facts.ripple_set)  # two ballots each
        await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")
        winners = app.state.outcome.winners
        for seat, name in enumerate(names):
            assert app.collections.collection(name).tokens == PACK_PRICE - 1 + (seat in winners), name
        await pilot.press("s")  # back to the set-up, then the shop
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up again")
        await pilot.press("f3")
        await until(pilot, lambda: screen_name(app) == "CollectionScreen", "the collections")
        if winners:
            first = min(winners)
            await pilot.press(*["down"] * first, "enter")  # the winner opens his own collection (private)
            await until(pilot, lambda: f"{names[first]}의 컬렉션" in flat(app), "the winner's collection")
            await pilot.press("b")
            await until(pilot, lambda: screen_name(app) == "PackScreen", "the pack")
            await pilot.press("enter")
            await until(pilot, lambda: screen_name(app) == "CollectionScreen", "back to the collection")
            bought = app.collections.collection(names[first])
            assert bought.packs == 1 and bought.tokens == 0
    seen = set(pilot.seen)
    voting = {"VoteScreen"} if vote_mode == "public" else {"BallotScreen", "TallyScreen"}
    assert {"SetupScreen", "BringCardScreen", "BringCardPickScreen", "DealScreen", "CardScreen", "NightScreen",
            "PromptScreen", "DayScreen", "EndScreen", "CollectionScreen", "HelpScreen",
            "RulesOptionsScreen"} | voting <= seen, seen
    if vote_mode == "private":
        assert any("균열로 두 표를 가집니다" in text for text in pilot.seen["PromptScreen"])
    wrong = {screen: sorted({w for text in texts for w in foreign(text, "ko", english, set())})
             for screen, texts in pilot.seen.items()}
    assert {screen: words for screen, words in wrong.items() if words} == {}


async def test_the_set_up_under_the_official_dalbula_set_up_lists_dalbula_roles():
    """With the option ``official_setup`` the deck is dealt as in One Night: the deck list comes back, with
    Dalbula's own roles (the Sleepwalker, the Mayor) among them."""
    settings = quiet_settings(ruleset="dalbula", players=NAMES[:3]).with_options("dalbula", (("official_setup", True),))
    app = OneNightApp(settings, lang="ko")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "SetupScreen" and app.screen.filled, "the set-up")
        await until(pilot, lambda: app.screen.query_one("#setup-deck").display, "the deck list")
        rows = app.screen.query_one("#setup-deck")
        assert not app.screen.query_one("#setup-brought").display
        assert {"sleepwalker", "mayor"} <= set(rows.roles)
