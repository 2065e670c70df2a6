"""Issue 23: the New Moon event deck (docs/decisions.md, "New Moon event deck"): the cards whose effect the
reference gives, one turned before each day (a draw among the cards left), on by default when a New Moon
role is in the deck; each card has a case in scenarios/classic/events.toml."""

from __future__ import annotations

from pathlib import Path

from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import PublicEvent, Setup
from onenight_core.play.simulate import play_bot_game as play_game_of_any_ruleset
from onenight_core.rulesets.classic.events import EVENT_CARDS, EVENT_DECK, NEW_MOON_ROLES
from onenight_core.rulesets.classic.protocol import new_game
from onenight_core.play.scenario import load_scenarios
from onenight_tui.tables.classic.heard import TableView
from onenight_tui.text.classic_words import ClassicWords
from onenight_tui.text.catalog import LANGUAGES


def play_bot_game(setup, seed, bot="random"):
    """A whole classic bot game's board, through the one loop (``play.simulate.play_bot_game``)."""
    return play_game_of_any_ruleset(setup, seed, bot).board

ROOT = Path(__file__).resolve().parents[1]
NAMES = tuple(f"P{i}" for i in range(8))
PLAIN = ("werewolf", "werewolf", "seer", "witch", "villager", "villager", "villager", "villager")
NEW_MOON = ("werewolf", "werewolf", "seer", "defender", "elder", "villager", "villager", "villager")


def test_the_deck_is_played_by_default_with_a_new_moon_role_only():
    assert NEW_MOON_ROLES == {"village_idiot", "elder", "scapegoat", "defender", "piper"}
    assert new_game(Setup(NAMES, NEW_MOON, "classic"), 1).board.event_deck == EVENT_DECK
    assert new_game(Setup(NAMES, PLAIN, "classic"), 1).board.event_deck == ()
    assert new_game(Setup(NAMES, NEW_MOON, "classic", {"events.new_moon": False}), 1).board.event_deck == ()
    assert new_game(Setup(NAMES, PLAIN, "classic", {"events.enabled": True}), 1).board.event_deck == EVENT_DECK


def test_one_card_is_turned_before_each_day_never_the_same_twice_and_bot_games_end():
    turned_any = set()
    for seed in range(12):
        b = play_bot_game(Setup(NAMES, PLAIN, "classic", {"events.enabled": True}), seed, "informed")
        assert b.phase == "over"
        days = [e for e in b.public if e.kind == PublicKind.PHASE and e.id == "day"]
        turned = [dict(e.params)["card"] for e in b.public if e.kind == PublicKind.DRAW and e.id == "event"]
        void = [dict(e.params)["card"] for e in b.public if e.kind == PublicKind.DRAW and e.id == "event_void"]
        # one card acts before each day; a card with nothing to act on (Miracle) is set aside for the next
        assert len(turned) - len(void) == min(len(days), len(EVENT_DECK)) and len(set(turned)) == len(turned)
        turned_any |= set(turned)
    assert len(turned_any) >= 5  # the deck is shuffled: not always the same first cards


def test_every_card_has_a_scenario_and_its_words_in_every_language():
    cases = load_scenarios(ROOT / "scenarios" / "classic" / "events.toml")
    assert {card for c in cases for card in c.events} == set(EVENT_CARDS)
    from onenight_tui.text.catalog import load

    for kind in ("name", "text"):
        assert {m for m in load("en").messages if m.startswith(f"classic_event_{kind}_")} == \
            {f"classic_event_{kind}_{card}" for card in EVENT_CARDS}
    for lang in LANGUAGES:
        w = ClassicWords(NAMES, lang)
        for card in EVENT_CARDS:
            assert w.event_name(card) != card and w.event_text(card)


def test_a_miracle_brings_the_player_back_on_the_public_table():
    death = PublicEvent(PublicKind.DRAW, "death", (("cause", "werewolves"), ("role", "seer"), ("seat", 3)))
    back = PublicEvent(PublicKind.DRAW, "miracle", (("seat", 3),))
    assert 3 not in TableView(8, (death,)).living
    assert 3 in TableView(8, (death, back)).living


def _backfire_game(victim: int):
    from onenight_core.model.values import Action
    from onenight_core.rulesets.classic.protocol import apply, pending

    deal = ("werewolf", "seer", "villager", "werewolf", "villager", "villager", "villager")
    g = new_game(Setup(NAMES[:7], deal, "classic", {"sheriff.enabled": False, "events.enabled": True}), 1,
                 deal=deal, events=("backfire",))
    nights = 0
    while (p := pending(g)) is not None and nights < 2:
        if p.step == "werewolf" and p.role == "werewolf":
            g = apply(g, Action("kill", (f"p{6 if g.board.round == 1 else victim}",)))
        elif p.step == "vote":
            g = apply(g, Action("abstain") if Action("abstain") in p.options else p.options[p.seat % len(p.options)])
        else:
            g = apply(g, p.options[0])
        nights = g.board.round - 1 if g.board.phase == "day" else nights
        if g.board.round == 2 and any(e.kind == "backfire" for e in g.board.events):
            break
    return g


def test_backfire_is_told_in_the_story_in_every_language():
    """Backfire (New Moon reference #5): the story says what the card did, in every language."""
    from onenight_core.rulesets.classic.story import story
    from onenight_tui.text.story import render

    converted = [line for line in story(_backfire_game(2).board) if line.key.startswith("backfire")]
    rebound = [line for line in story(_backfire_game(1).board) if line.key.startswith("backfire")]
    assert [line.key for line in converted] == ["backfire_converted"] and converted[0].param("seat") == 2
    assert [line.key for line in rebound] == ["backfire_rebound"] and rebound[0].param("seat") == 3
    for lang in LANGUAGES:
        for line in converted + rebound:
            for text in (ClassicWords(NAMES[:7], lang).story_line(line), render(line, NAMES[:7], lang)):
                assert "{" not in text and NAMES[line.param("seat")] in text
        assert ClassicWords(NAMES[:7], lang).cause("backfire") != ClassicWords(NAMES[:7], lang).cause("werewolves")


def test_nightmare_replaces_the_vote_with_accusations_in_turn_weighing_one():
    """Nightmare (New Moon reference #6): no vote step; each player with a ballot accuses one player, in
    turn clockwise from the left of the last player who died, without abstaining; the most accused is
    eliminated as if voted out."""
    from onenight_core.model.values import Action
    from onenight_core.rulesets.classic.protocol import apply, pending

    deal = ("werewolf", "seer", "villager", "villager", "villager", "villager")
    g = new_game(Setup(NAMES[:6], deal, "classic", {"sheriff.enabled": False, "events.enabled": True}), 1,
                 deal=deal, events=("nightmare",))
    asked: list[int] = []
    accuse = {0: 1, 1: 0, 3: 1, 4: 1, 5: 0}  # p1 three accusations, p0 two
    while (p := pending(g)) is not None and g.board.phase != "over" and g.board.round == 1:
        if p.step == "werewolf":
            g = apply(g, Action("kill", ("p2",)))
        elif p.step == "vote":
            assert Action("abstain") not in p.options
            asked.append(p.seat)
            g = apply(g, Action("vote", (f"p{accuse[p.seat]}",)))
        else:
            g = apply(g, p.options[0])
    assert asked == [3, 4, 5, 0, 1]  # clockwise from the left of p2, the night's victim
    steps = [e.id for e in g.board.public if e.kind == PublicKind.STEP and ("round", 1) in e.params]
    assert "nightmare" in steps and "vote" not in steps
    assert g.board.alive[0] and not g.board.alive[1]
    assert any(e.kind == "eliminated" and e.seat == 1 for e in g.board.events)


def test_great_distrust_eliminates_every_player_nobody_names_as_a_friend():
    """Great Distrust (New Moon reference #10): no vote; each player with a ballot names three other living
    players, one at a time (never himself, never twice the same), in public; everyone named by nobody is
    eliminated together, a Village Idiot is revealed instead."""
    from onenight_core.model.values import Action
    from onenight_core.rulesets.classic.protocol import apply, pending

    deal = ("werewolf", "seer", "village_idiot", "villager", "villager", "villager", "villager")
    g = new_game(Setup(NAMES[:7], deal, "classic", {"sheriff.enabled": False, "events.enabled": True}), 1,
                 deal=deal, events=("great_distrust",))
    friends = {0: [1, 3, 4], 1: [3, 4, 5], 2: [1, 3, 4], 3: [1, 4, 5], 4: [1, 3, 5], 5: [1, 3, 4]}  # not p0, p2
    asked: list[int] = []
    while (p := pending(g)) is not None and g.board.phase != "over" and g.board.round == 1:
        if p.step == "werewolf":
            g = apply(g, Action("kill", ("p6",)))
        elif p.step == "friends":
            assert p.seat in friends and all(o.verb == "friend" and o.targets[0] != f"p{p.seat}" for o in p.options)
            picked = asked.count(p.seat)
            assert len(p.options) == 5 - picked  # the other living players not named yet
            asked.append(p.seat)
            g = apply(g, Action("friend", (f"p{friends[p.seat][picked]}",)))
        else:
            g = apply(g, p.options[0])
    assert asked == [s for s in range(6) for _ in range(3)]  # clockwise from the left of p6, three each
    steps = [e.id for e in g.board.public if e.kind == PublicKind.STEP and ("round", 1) in e.params]
    assert "great_distrust" in steps and "vote" not in steps
    assert not g.board.alive[0] and g.board.alive[2] and 2 in g.board.revealed_idiots


def _punishment_day(vouchers: set[int]):
    from onenight_core.model.values import Action
    from onenight_core.rulesets.classic.protocol import apply, pending, unlisted

    deal = ("werewolf", "seer", "village_idiot", "villager", "villager", "villager")
    g = new_game(Setup(NAMES[:6], deal, "classic", {"sheriff.enabled": False, "events.enabled": True}), 1,
                 deal=deal, events=("punishment",))
    asked: list[tuple[str, int]] = []
    while (p := pending(g)) is not None and g.board.phase != "over" and g.board.round == 1:
        if p.step == "werewolf":
            g = apply(g, Action("kill", ("p1",)))
        elif p.step in ("punish", "vouch"):
            assert Action("timeout") not in unlisted(g)  # asked by day, in public: never timed
            asked.append((p.step, p.seat))
            g = apply(g, Action("punish", ("p2",)) if p.step == "punish" else
                      Action("vouch", ("p2",)) if p.seat in vouchers else Action("pass"))
        else:
            g = apply(g, p.options[0])
    return g, asked


def test_punishment_the_last_dead_names_a_player_who_dies_unless_two_stand_up_for_him():
    """Punishment (New Moon reference #19): in place of the vote the last player who died (the Seer, p1)
    names a living player (the Village Idiot p2: not a village vote, his card does not spare him); the
    others are asked in turn clockwise from his left; two who stand up for him spare him."""
    g, asked = _punishment_day({4})
    assert asked == [("punish", 1), ("vouch", 3), ("vouch", 4), ("vouch", 5), ("vouch", 0)]
    assert not g.board.alive[2] and 2 not in g.board.revealed_idiots
    steps = [e.id for e in g.board.public if e.kind == PublicKind.STEP and ("round", 1) in e.params]
    assert "punishment" in steps and "vote" not in steps
    g, asked = _punishment_day({3, 5})
    assert asked == [("punish", 1), ("vouch", 3), ("vouch", 4), ("vouch", 5)]  # two have stood up: spared
    assert g.board.alive[2] and any(e.kind == PublicKind.DRAW and e.id == "spared" for e in g.board.public)


def test_punishment_is_set_aside_while_nobody_is_dead():
    from onenight_core.rulesets.classic.board import Board

    b = Board(roles=("werewolf", "seer"), center=(), composition=frozenset(), alive=(True, True))
    assert not EVENT_CARDS["punishment"].applies(b)
