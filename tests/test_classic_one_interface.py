"""Issue 24: the app reaches a classic game only through its rules. What used to read the board around the
interface now reads what the interface gives: the bots' public acts from ``public_view().aloud`` (the
answers given in front of the table, nothing private), a bot's "may I answer now" from its seat's view,
the end screen's cards from ``outcome`` and its story from ``play.story.story_of``."""

from __future__ import annotations

from attrs import evolve

from onenight_core.engine.game import rules_for
from onenight_core.model.game import drive
from onenight_core.model.values import Action, Setup
from onenight_core.play.classic_claims import ClassicTableBots
from onenight_core.play.story import story_of
from onenight_core.rulesets.classic.bots import bot_answers
from onenight_core.rulesets.classic.story import story

NAMES = ("Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus")
DECK = ("werewolf", "werewolf", "seer", "witch", "hunter", "little_girl", "villager")
NIGHT_STEPS = {"thief", "cupid", "seer", "defender", "werewolf", "full_moon", "witch", "piper", "little_girl"}


def _games(seeds=range(12)):
    setup = Setup(NAMES, DECK, "classic", {"sheriff.enabled": True})
    rules = rules_for(setup)
    for seed in seeds:
        seen, bot = [], bot_answers(setup, seed, "informed")

        def answer(g, p, seen=seen, bot=bot):
            seen.append(g)
            return bot(g, p)
        final = drive(rules, rules.new_game(setup, seed), answer)
        yield rules, seen + [final]


def test_the_public_view_holds_every_answer_given_aloud_and_no_night_answer():
    found = set()
    for rules, states in _games():
        final = states[-1]
        aloud = rules.public_view(final).aloud
        assert all(a.step not in NIGHT_STEPS for a in aloud)
        # each public-step answer of the log is there, in the part of the game it was given in
        label, expected = "", []
        for e in final.board.events:
            if e.kind == "round":
                label = e.step
            elif e.action is not None and e.seat is not None and e.action.verb not in ("timeout", "turn") and (
                    e.kind in ("vote", "election", "tie_break", "scapegoat")
                    or (e.kind == "act" and e.step in ("hunter", "sheriff"))):
                expected.append((label, e.seat, e.action))
        assert [(a.label, a.seat, a.action) for a in aloud] == expected
        found |= {a.step for a in aloud}
        # it only grows as the game goes on (the table heard it once)
        for before, after in zip(states, states[1:]):
            assert rules.public_view(after).aloud[:len(rules.public_view(before).aloud)] == \
                rules.public_view(before).aloud
    assert {"vote", "election", "hunter"} <= found


def test_a_bot_decides_whether_to_answer_from_its_seat_s_view():
    """The Little Girl (a bot) spies at once; a bot werewolf waits for the human werewolves of the step."""
    setup = Setup(NAMES, DECK, "classic")
    rules = rules_for(setup)
    deal = ("werewolf", "werewolf", "seer", "witch", "hunter", "little_girl", "villager")
    g = rules.new_game(setup, 1, deal=deal)
    while g.prompt is not None and g.prompt.step != "werewolf":
        g = rules.apply(g, g.prompt.options[0])
    waiting = rules.waiting(g)
    assert set(waiting) == {0, 1, 5}
    bots = ClassicTableBots(setup, 1, {1, 5})  # Bo a werewolf, Fay the Little Girl; Ann a human werewolf
    assert bots.may_answer(rules.view_for(g, 5), waiting)
    assert not bots.may_answer(rules.view_for(g, 1), waiting)
    assert not bots.may_answer(rules.view_for(g, 0), waiting)  # a human
    g = rules.apply(rules.take_turn(g, 0), Action("kill", ("p2",)))
    assert bots.may_answer(rules.view_for(g, 1), rules.waiting(g))  # the humans have answered


def test_the_end_reads_the_outcome_and_the_one_story_teller():
    for rules, states in _games(range(4)):
        final = states[-1]
        o = rules.outcome(final)
        assert o is not None and o.roles == final.board.roles
        assert (o.side, o.reason, o.winners) == (final.board.winning_side, final.board.reason, final.board.winners)
        # story_of's sections are the classic story's lines, round by round, in order
        assert [(s.title, m) for s in story_of(final) for m in s.lines] == \
            [(line.round, line.message) for line in story(final.board)]


def test_the_classic_table_has_no_board():
    from onenight_tui.tables.classic.table import ClassicTable

    assert not hasattr(ClassicTable, "board")


def test_the_night_s_calls_come_from_the_public_view():
    """The hot-seat night screen calls tonight's slots from the public view (its composition and what the
    table was told), not from classic's narration module: the same slots the narrator of a table with
    physical cards calls, with a New Moon card's step where it acts."""
    from onenight_core.model.kinds import PublicKind
    from onenight_core.model.values import PublicEvent, Setup
    from onenight_core.rulesets.classic.deck import full_deck
    from onenight_core.rulesets.classic.narration import night_steps
    from onenight_core.rulesets.classic.protocol import new_game, public_view

    setup = Setup(("A", "B", "C", "D", "E", "F", "G"),
                  ("thief", "cupid", "werewolf", "werewolf", "seer", "witch", "villager", "villager", "villager"),
                  "classic")
    view = public_view(new_game(setup, 3))
    assert view.deck == full_deck(setup)
    assert view.night_calls(1) == night_steps(full_deck(setup), 1) and "thief" in view.night_calls(1)
    assert view.night_calls(2) == night_steps(full_deck(setup), 2) and "thief" not in view.night_calls(2)
    assert view.night_card(2) is None
    told = evolve(view, public=view.public + (PublicEvent(PublicKind.STEP, "ally", (("round", 2),)),))
    assert told.night_calls(2) == ("ally", *night_steps(full_deck(setup), 2))
