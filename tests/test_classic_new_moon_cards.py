"""Issue 23, the New Moon cards added last (docs/decisions.md, "Classic leftovers of issue 23"): the
Executioner, the Specter and Full Moon Rising (each also a case in scenarios/classic/events.toml); the
three days that replace the vote told by their own titles and story words; the informed bot answering
those days by what it knows; a sheriff who dies as the game ends is not asked for a successor."""

from __future__ import annotations

from onenight_core.model.kinds import PublicKind
from onenight_core.model.values import Action, CardView, Learned, Prompt, PublicEvent, Setup
from onenight_core.rulesets.classic.board import Board
from onenight_core.rulesets.classic.bots import informed_answers
from onenight_core.rulesets.classic.events import night_card_told
from onenight_core.rulesets.classic.narration import night_steps
from onenight_core.rulesets.classic.protocol import apply, new_game, pack_choices, pending
from onenight_core.rulesets.classic.story import StoryLine, story
from onenight_tui.text.classic_words import ClassicWords
from onenight_tui.text.story import render
from onenight_tui.screens.classic.table import day_title
from onenight_tui.text.catalog import LANGUAGES

NAMES = tuple(f"P{i}" for i in range(9))


def _game(deal, card, options=None):
    return new_game(Setup(NAMES[:len(deal)], deal, "classic",
                          {"sheriff.enabled": False, "events.enabled": True, **(options or {})}),
                    1, deal=deal, events=(card,))


def _play(g, answer, until):
    """Answer with ``answer(g, prompt)`` (an Action, or None: pass where one may, else the first option)
    until ``until(g)``."""
    while (p := pending(g)) is not None and not until(g):
        a = answer(g, p)
        g = apply(g, a if a is not None else Action("pass") if Action("pass") in p.options else p.options[0])
    return g


def _tie_day(g, p):
    """Night 1 the pack kills the last seat; day 1 nobody is eliminated (everyone votes his left neighbour)."""
    n = g.board.players
    if p.step == "werewolf" and p.role == "werewolf" and g.board.round == 1:
        return Action("kill", (f"p{n - 1}",))
    if p.step == "vote":  # one vote each: a tie, nobody eliminated
        living = g.board.living()
        return Action("vote", (f"p{living[(living.index(p.seat) + 1) % len(living)]}",))
    return None


# -- Executioner --------------------------------------------------------------------------------------

def _executioner_day(vote_out: int, executioner: int = 2):
    deal = ("werewolf", "seer", "villager", "werewolf", "villager", "villager", "villager")
    g = _game(deal, "executioner")
    seen: list[Prompt] = []

    def answer(g, p):
        seen.append(p)
        if p.step == "werewolf":
            return Action("kill", ("p6",))
        if p.step == "executioner_election":
            return Action("elect", (f"p{executioner}",))
        if p.step == "vote":
            target = vote_out if p.seat != vote_out else executioner
            return Action("vote", (f"p{target}",)) if Action("vote", (f"p{target}",)) in p.options else p.options[0]
        return None
    return _play(g, answer, lambda g: g.board.phase == "night" and g.board.round == 2), seen


def test_the_executioner_is_elected_at_once_and_alone_sees_the_village_s_victim():
    """Executioner (reference #8): the living elect him before the day's talk, by the sheriff's
    procedure; a player the village eliminates dies with his card hidden from the table, and only the
    living Executioner is shown it (he may say it or lie)."""
    g, seen = _executioner_day(vote_out=0)
    b = g.board
    steps = [p.step for p in seen if b.label]
    assert steps.index("executioner_election") < steps.index("vote")
    assert all(p.kind == "vote" for p in seen if p.step == "executioner_election")
    assert b.executioner == 2 and not b.alive[0]
    death = [e for e in b.public if e.kind == PublicKind.DRAW and e.id == "death" and dict(e.params)["seat"] == 0]
    assert death and "role" not in dict(death[0].params)  # the table is not told his card
    assert PublicEvent(PublicKind.DRAW, "executioner_card", (("executioner", 2), ("seat", 0))) in b.public
    assert [o for o in b.observations if isinstance(o, CardView) and o.pos == "p0" and o.step == "executioner"] == \
        [CardView(2, "p0", "werewolf", "executioner")]
    keys = [line.key for line in story(b)]
    assert "executioner_elected" in keys and keys.count("elect_executioner") == 6


def test_an_executioner_voted_out_shows_his_card_to_nobody_and_names_his_successor():
    g, _ = _executioner_day(vote_out=2)
    b = g.board
    assert not b.alive[2] and not any(o.step == "executioner" for o in b.observations)
    assert not any(e.id == "executioner_card" for e in b.public)
    assert any(e.step == "executioner" and e.kind == "act" and e.seat == 2 for e in b.events)  # asked
    assert b.executioner is not None and b.alive[b.executioner]
    lines = [line for line in story(b) if line.key == "executioner_successor"]
    assert lines and lines[0].param("seat") == 2


# -- Specter ------------------------------------------------------------------------------------------

def _specter_night(victim: int, pick: int | None, deal=None):
    deal = deal or ("werewolf", "seer", "villager", "werewolf", "hunter", "villager", "villager")
    g = _game(deal, "specter")
    asked: list[Prompt] = []

    def answer(g, p):
        if g.board.round == 2 and g.board.phase == "night":
            asked.append(p)
            if p.step == "werewolf":
                return Action("kill", (f"p{victim}",))
            if p.step == "specter":
                return Action("specter", (f"p{pick}",))
        return _tie_day(g, p)
    return _play(g, answer, lambda g: g.board.phase == "day" and g.board.round == 2), asked


def test_the_specter_s_victim_becomes_a_werewolf_and_the_werewolf_he_picks_dies_with_his_old_card():
    """Specter (reference #21): the victim wakes, becomes a werewolf and picks one of the werewolves,
    who dies at dawn told as the night's victim; their cards are swapped: the victim sees his new card
    and the pack (the other werewolf learns him), the table sees the dead werewolf with the victim's old
    card (a Hunter card that does not shoot)."""
    g, asked = _specter_night(victim=4, pick=3)
    b = g.board
    specter = [p for p in asked if p.step == "specter"]
    assert len(specter) == 1 and specter[0].seat == 4
    assert {a.targets[0] for a in specter[0].options} == {"p0", "p3"}
    assert b.roles[4] == "werewolf" and b.alive[4] and not b.alive[3]
    assert b.roles[3] == "werewolf"  # he lived a werewolf: the end counts him as one (the table saw the swap)
    assert PublicEvent(PublicKind.DRAW, "death", (("cause", "werewolves"), ("role", "hunter"), ("seat", 3))) in b.public
    assert not any(e.step == "hunter" for e in b.events)  # the doomed werewolf's Hunter card does not shoot
    assert CardView(4, "p4", "werewolf", "specter") in b.observations
    assert Learned(4, ("p0", "p3"), "werewolf", "specter") in b.observations
    assert Learned(0, ("p4",), "werewolf", "werewolf") in b.observations
    assert [line.key for line in story(b)].count("specter") == 1


def test_the_specter_replaces_the_attack_the_witch_sees_no_victim():
    deal = ("werewolf", "seer", "witch", "werewolf", "villager", "villager", "villager")
    g, asked = _specter_night(victim=5, pick=0, deal=deal)
    witch = [p for p in asked if p.role == "witch"]
    assert witch and not any(a.verb == "save" for p in witch for a in p.options)
    assert not g.board.alive[0] and g.board.alive[5] and g.board.roles[5] == "werewolf"


# -- Full Moon Rising ---------------------------------------------------------------------------------

def _moon_night(kill: int, deal=None, answer_more=None):
    deal = deal or ("werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "defender")
    g = _game(deal, "full_moon_rising")
    asked: list[Prompt] = []

    def answer(g, p):
        if g.board.round == 2 and g.board.phase == "night":
            asked.append(p)
            if answer_more is not None and (a := answer_more(g, p)) is not None:
                return a
            if p.step == "werewolf":
                return Action("look", ("p5",) if p.seat == 0 else ("p2",))
            if p.step == "full_moon":
                return Action("kill", (f"p{kill}",))
        return _tie_day(g, p)
    return _play(g, answer, lambda g: g.board.phase == "day" and g.board.round == 2), asked


def test_full_moon_rising_the_werewolves_look_and_the_seer_witch_and_hunter_hunt():
    """Full Moon Rising (reference #1): the werewolves each look at one card instead of hunting; the
    living Seer, Witch and Hunter wake together (they learn each other) and name the victim by the
    pack's rule; the Seer and the Witch are not asked in their own steps."""
    g, asked = _moon_night(kill=0)
    b = g.board
    assert [(p.step, p.seat) for p in asked if p.step in ("seer", "witch")] == []
    looks = [p for p in asked if p.step == "werewolf"]
    assert {p.seat for p in looks} == {0, 1} and all(a.verb == "look" for p in looks for a in p.options)
    assert CardView(0, "p5", "villager", "werewolf") in b.observations
    assert CardView(1, "p2", "seer", "werewolf") in b.observations
    hunt = [p for p in asked if p.step == "full_moon"]
    assert {p.seat for p in hunt} == {2, 3, 4} and Action("kill", ("p0",)) in hunt[0].options
    assert Action("kill", ("p3",)) not in hunt[0].options  # never one of the night's pack
    assert Learned(2, ("p3", "p4"), "full_moon_pack", "full_moon") in b.observations
    assert not b.alive[0] and b.potions == (True, True)
    assert {line.key for line in story(b)} >= {"moon_look", "moon_vote", "moon_victim"}


def test_full_moon_rising_s_kill_is_the_attack_the_defender_protects():
    def protect(g, p):
        return Action("protect", ("p5",)) if p.step == "defender" else None
    deal = ("werewolf", "werewolf", "seer", "witch", "hunter", "villager", "defender", "villager")
    g, _ = _moon_night(kill=5, deal=deal, answer_more=protect)
    assert g.board.alive[5] and any(e.kind == "protected" and e.seat == 5 for e in g.board.events)
    g, _ = _moon_night(kill=5, deal=deal)
    assert not g.board.alive[5]


def test_a_full_moon_pack_member_sees_the_names_given_so_far():
    deal = ("werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "defender")
    g = _game(deal, "full_moon_rising")

    def answer(g, p):
        if g.board.round == 2 and p.step == "werewolf":
            return Action("look", ("p5",))
        if p.step == "full_moon":
            return Action("kill", ("p1",))
        return _tie_day(g, p)
    g = _play(g, answer, lambda g: g.board.round == 2 and pending(g).step == "full_moon" and pending(g).seat == 3)
    assert [(c.werewolf, c.victim) for c in pack_choices(g, 3)] == [(2, 1)]


def test_the_night_cards_steps_are_called_the_night_after_they_are_told():
    deck = ("werewolf", "werewolf", "seer", "witch", "villager")
    assert night_steps(deck, 2, event="specter") == ("seer", "werewolf", "specter", "witch")
    assert night_steps(deck, 2, event="full_moon_rising") == ("seer", "werewolf", "full_moon", "witch")
    assert night_steps(deck, 2, event="werewolf_ally") == ("ally", "seer", "werewolf", "witch")
    assert night_steps(deck, 2, event="burial") == night_steps(deck, 2)
    day1 = (PublicEvent(PublicKind.PHASE, "day", (("round", 1),)),
            PublicEvent(PublicKind.DRAW, "event", (("card", "specter"),)),
            PublicEvent(PublicKind.PHASE, "night", (("round", 2),)))
    assert night_card_told(day1, 2) == "specter" and night_card_told(day1, 3) is None
    void = (*day1[:2], PublicEvent(PublicKind.DRAW, "event_void", (("card", "specter"),)), day1[2])
    assert night_card_told(void, 2) is None


def test_the_new_cards_are_told_in_every_language():
    g, _ = _specter_night(victim=4, pick=3)
    m, _ = _moon_night(kill=0)
    e, _ = _executioner_day(vote_out=2)
    lines = [line for b in (g.board, m.board, e.board) for line in story(b)
             if line.key in ("specter", "moon_look", "moon_vote", "moon_victim", "executioner_elected",
                             "elect_executioner", "executioner_successor")]
    assert {line.key for line in lines} == {"specter", "moon_look", "moon_vote", "moon_victim",
                                            "executioner_elected", "elect_executioner", "executioner_successor"}
    for lang in LANGUAGES:
        w = ClassicWords(NAMES, lang)
        for line in lines:
            for text in (w.story_line(line), render(line, NAMES, lang)):
                assert "{" not in text and NAMES[int(line.param("seat") or 0)] in text
        for step in ("specter", "full_moon"):
            assert w.call(step) and w.step_title(step) != step


# -- the days that replace the vote ----------------------------------------------------------------------

def test_the_nightmare_great_distrust_and_punishment_days_have_their_own_titles():
    for card, key in (("nightmare", "classic_nightmare_title"), ("great_distrust", "classic_great_distrust_title"),
                      ("punishment", "classic_punishment_title")):
        heard = (PublicEvent(PublicKind.STEP, card, (("round", 2),)),)
        assert day_title(heard, 2) == key and day_title(heard, 3) == "classic_vote_title"
        for lang in LANGUAGES:
            w = ClassicWords(NAMES, lang)
            assert w.text(key, round=2) != w.text("classic_vote_title", round=2)


def test_the_nightmare_s_ballots_are_told_as_accusations():
    deal = ("werewolf", "seer", "villager", "villager", "villager", "villager")
    g = _game(deal, "nightmare")
    g = _play(g, lambda g, p: Action("kill", ("p5",)) if p.step == "werewolf" else None,
              lambda g: g.board.phase == "night" and g.board.round == 2 or g.board.phase == "over")
    keys = [line.key for line in story(g.board)]
    assert "accuse" in keys and "vote" not in keys
    line = next(line for line in story(g.board) if line.key == "accuse")
    as_vote = StoryLine(line.round, "vote", line.params)
    for lang in LANGUAGES:
        w = ClassicWords(NAMES, lang)
        assert w.story_line(line) != w.story_line(as_vote) and render(line, NAMES, lang) != render(as_vote, NAMES, lang)


def _board_with_seer_knowing(wolf: int, good: int) -> Board:
    roles = ("werewolf", "seer", "villager", "villager", "villager", "werewolf")
    b = Board(roles=roles, center=(), composition=frozenset(roles), alive=(True,) * 6)
    return b.learn(CardView(1, f"p{wolf}", "werewolf", "seer"), CardView(1, f"p{good}", "villager", "seer"))


def test_the_informed_bot_answers_the_new_moon_days_by_what_it_knows():
    b = _board_with_seer_knowing(wolf=0, good=2)
    bot = informed_answers(3)
    for k in range(10):  # whatever its random stream says
        bk = b
        for _ in range(k):  # the bot's random stream moves with the event log
            bk = bk.log("day1", "noop")
        friends = Prompt(1, "friends", "village", "vote", tuple(Action("friend", (f"p{t}",)) for t in (0, 2, 3, 4, 5)))
        assert bot(bk, friends) == Action("friend", ("p2",))  # a player he knows is not a werewolf
        punish = Prompt(1, "punish", "village", "act", tuple(Action("punish", (f"p{t}",)) for t in range(6)))
        assert bot(bk, punish) == Action("punish", ("p0",))
        vouch_wolf = Prompt(1, "vouch", "village", "vote", (Action("vouch", ("p0",)), Action("pass")))
        vouch_good = Prompt(1, "vouch", "village", "vote", (Action("vouch", ("p2",)), Action("pass")))
        assert bot(bk, vouch_wolf) == Action("pass") and bot(bk, vouch_good) == Action("vouch", ("p2",))
    wolf_friends = Prompt(0, "friends", "village", "vote", tuple(Action("friend", (f"p{t}",)) for t in range(1, 6)))
    assert bot(b, wolf_friends) == Action("friend", ("p5",))  # a werewolf keeps his pack alive
    wolf_vouch = Prompt(0, "vouch", "village", "vote", (Action("vouch", ("p2",)), Action("pass")))
    assert bot(b, wolf_vouch) == Action("pass")


# -- the dead sheriff: the end first ----------------------------------------------------------------------

def test_a_sheriff_who_dies_as_the_game_ends_names_no_successor():
    """The game is over once the sheriff dies (the last werewolf voted out): the end is told, nobody is
    asked for a successor; while the game goes on the dead sheriff still names one."""
    deal = ("werewolf", "seer", "villager", "villager", "villager")
    setup = Setup(NAMES[:5], deal, "classic", {"sheriff.election": "night1", "events.new_moon": False})

    def run(wolf_dies: bool):
        g = new_game(setup, 1, deal=deal)
        asked: list[str] = []

        def answer(g, p):
            asked.append(p.step)
            if p.step == "election":
                return Action("elect", ("p0",) if wolf_dies else ("p4",))
            if p.step == "werewolf":
                return Action("kill", ("p3",))
            if p.step == "vote":
                target = "p0" if wolf_dies else "p4"
                return Action("vote", (target,)) if Action("vote", (target,)) in p.options else p.options[0]
            return None
        g = _play(g, answer, lambda g: g.board.phase == "over" or g.board.round == 2)
        return g, asked
    over, asked = run(wolf_dies=True)
    assert over.board.phase == "over" and over.board.winning_side == "villagers" and "sheriff" not in asked
    on, asked = run(wolf_dies=False)
    assert on.board.phase != "over" and "sheriff" in asked


def test_a_nightmare_ballot_is_an_accusation_that_weighs_one_for_the_sheriff_too():
    from onenight_tui.screens.classic.table import ballot_head

    p = Prompt(0, "vote", "village", "vote", (Action("vote", ("p1",)),))
    for lang in LANGUAGES:
        w = ClassicWords(NAMES, lang)
        vote = ballot_head(w, p, "classic_vote_title", True)
        accuse = ballot_head(w, p, "classic_nightmare_title", True)
        assert accuse != vote and w.text("classic_task_vote") not in accuse and NAMES[0] in accuse
        assert w.text("classic_ballot_sheriff", player=NAMES[0]) in vote
        assert w.text("classic_ballot_sheriff", player=NAMES[0]) not in accuse


def test_on_a_full_moon_night_the_seer_and_witch_are_called_but_told_they_wait_for_the_pack():
    for lang in LANGUAGES:
        w = ClassicWords(NAMES, lang)
        for step in ("seer", "witch"):
            assert w.call(step, event="full_moon_rising") != w.call(step)
            assert w.card(step) in w.call(step, event="full_moon_rising")
        assert w.call("werewolf", event="full_moon_rising") != w.call("werewolf")
