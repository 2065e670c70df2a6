"""Humans' claims at a table with bots (issue 26): what a human said aloud, entered by the table on the day
screen (``c``), heard by the bots like a bot's claim. The form's options per role are legal (the engine's
own moves), claims are stored in the save and come back with ``--resume``, a claim that contradicts what a
bot saw changes its suspicion and its ballot, a changed story counts against the teller, and the same
set-up, seed, answers and entered claims give the same ballots. One Pilot test enters a claim in the app."""

from __future__ import annotations

from itertools import product

import pytest

from onenight_core import Setup, apply, new_game, pending
from onenight_core.catalog.loader import default_catalog
from onenight_core.catalog.presets import default_preset
from onenight_core.engine.timeout import UNOPENED
from onenight_core.engine.views import day_prompt, view_for
from onenight_core.model.kinds import PromptKind
from onenight_core.play.claims import Claim, claim_message, claiming_bots
from onenight_core.play.saves import SavedGame
from onenight_core.play.spoken_claims import (NOTHING_MORE, ClaimTable, answers_of, changed_story, claim_from,
                                              decode_claims, encode_claims, legal_claim, next_question)
from onenight_core.play.table_bots import TableBots
from onenight_tui.app import OneNightApp
from onenight_tui.bots.one_night import (OneNightBots, claim_lines, enter_claim, resume_bots, reveal_lines,
                                        suspicion_line)
from onenight_tui.text.app_words import AppWords
from onenight_tui.text.words import Wording

from app_pilot import SIZE, flat, quiet_settings, screen_name, screen_text, until

CATALOG = default_catalog()
FIVE = default_preset(5).roles
PLAYERS = ("Ann", "Robot 1", "Robot 2", "Robot 3", "Robot 4")
BOTS = frozenset({1, 2, 3, 4})
BIG = ("doppelganger", "werewolf", "werewolf", "seer", "robber", "troublemaker", "drunk", "insomniac", "mason",
       "mason", "villager", "minion")


def night(setup: Setup, seed: int, bots: frozenset[int]):
    """The night as the app plays it (bots answer theirs, a human's prompt times out unopened) up to the
    vote: the game, its answers and the table's bots (they have claimed at dawn)."""
    table = TableBots(len(setup.players), seed, bots, CATALOG)
    g = new_game(setup, seed, catalog=CATALOG)
    answers = []
    while (p := pending(g)) is not None and p.kind != PromptKind.VOTE:
        action = table.own_answer(g)
        if action is None:
            action = next((a for a in p.options if a.verb == "pass"), UNOPENED) if day_prompt(g) else UNOPENED
        answers.append(action)
        g = apply(g, action)
    table.dawn(g)
    return g, tuple(answers), table


def ballots(g, table: TableBots) -> dict:
    """Every ballot of the vote, as the vote screen asks them: a bot's from its claims-based vote, a human's
    the first option."""
    out = {}
    while (p := pending(g)) is not None and p.kind == PromptKind.VOTE:
        out[p.seat] = table.vote(g, p.seat) if p.seat in table.seats else p.options[0]
        g = apply(g, out[p.seat])
    return out


def every_claim(table: ClaimTable, seat: int, role: str, done=()):
    """Every whole claim the form lets the table enter for ``seat`` claiming ``role``: (answers, question path)."""
    question = next_question(table, seat, role, done)
    if question is None:
        yield done, ()
        return
    for answer in ((NOTHING_MORE,) if question.optional else ()) + question.options:
        for whole, path in every_claim(table, seat, role, (*done, answer)):
            yield whole, (question, *path)


# -- the form -------------------------------------------------------------------------------------------

def test_the_options_offered_per_role_are_legal():
    """Every question offers only other players, center cards there are and roles in play; every whole
    form makes a claim the form recognises again (saves, the change's highlight) and the catalog words."""
    table = ClaimTable(9, 3, BIG)
    words = Wording([f"P{i}" for i in range(9)], CATALOG, "en")
    seat = 4
    for role in table.roles:
        count = 0
        for answers, path in every_claim(table, seat, role):
            count += 1
            for q in path:
                if q.of_roles:
                    assert set(q.options) <= set(BIG)
                else:
                    for option in q.options:
                        for pos in option.split():
                            assert pos != f"p{seat}"
                            assert (pos[0] == "p" and int(pos[1:]) < 9) or (pos[0] == "c" and int(pos[1:]) < 3)
            claim = claim_from(table, seat, role, answers)
            assert claim.role == role and legal_claim(table, claim)
            assert claim_from(table, seat, role, answers_of(claim)) == claim  # (a swap's pair in seat order)
            assert "{" not in words.say(claim_message(claim))
        assert (count == 1) == (role in ("werewolf", "minion", "villager"))
    assert next_question(table, seat, "troublemaker", ("p1",)).options == ("p0", "p2", "p3", "p5", "p6", "p7", "p8")
    assert next_question(table, seat, "doppelganger", ("p1",)).options == tuple(
        r for r in table.roles if r != "doppelganger")
    with pytest.raises(ValueError):
        claim_from(table, seat, "seer", ("p4", "werewolf"))  # not his own card
    with pytest.raises(ValueError):
        claim_from(table, seat, "robber", ("p1",))  # not whole
    with pytest.raises(ValueError):
        claim_from(table, seat, "tanner", ())  # not in play


def test_the_forms_moves_are_the_engines_moves():
    """The night move a claim names is written as the engine writes it: each act prompt's options
    (without ``pass``) are exactly the moves the form offers that seat for its role, so the reveal can
    tell an honest human claim from a lie."""
    seen = set()
    for seed in range(6):
        setup = Setup(tuple("ABCDEFGHI"), BIG)
        g = new_game(setup, seed, catalog=CATALOG)
        bots = claiming_bots(9, seed)
        table = ClaimTable(9, 3, BIG)
        while (p := pending(g)) is not None and p.kind != PromptKind.VOTE:
            role = p.step if p.step in ("seer", "robber", "troublemaker", "drunk", "doppelganger") else None
            verb = {"seer": "look", "drunk": "take", "doppelganger": "copy"}.get(str(role), "swap")
            moves = {a for a in p.options if a.verb == verb}  # (a Doppelganger's copied move is its own prompt)
            if role is not None and moves:
                claims = [claim_from(table, p.seat, role, answers) for answers, _ in every_claim(table, p.seat, role)]
                assert {c.action for c in claims if c.action is not None} == moves
                seen.add(role)
            g = apply(g, bots[p.seat].answer(view_for(g, p.seat)))
    assert seen == {"seer", "robber", "troublemaker", "drunk", "doppelganger"}


def test_claims_are_stored_as_one_note_in_order():
    table = ClaimTable(5, 3, FIVE)
    claims = (claim_from(table, 0, "seer", ("p3", "werewolf")), claim_from(table, 0, "villager", ()),
              claim_from(table, 2, "robber", ("p1", "villager")),
              claim_from(table, 2, "seer", ("c0 c2", "drunk", "robber")),
              claim_from(table, 1, "troublemaker", (NOTHING_MORE,)), claim_from(table, 3, "insomniac", ("werewolf",)))
    note = encode_claims(claims)
    assert note.startswith("0/seer/p3/werewolf;0/villager;2/robber/p1/villager;2/seer/c0 c2/drunk/robber")
    assert decode_claims(note) == claims
    assert decode_claims("") == () and decode_claims(None) == () and decode_claims(3) == ()
    assert decode_claims("x/seer;1/robber/p2;0/villager") == (Claim(0, "villager"),)  # junk dropped
    assert changed_story(claims) == {0, 2}


# -- the bots hear them ----------------------------------------------------------------------------------

def test_a_claim_that_contradicts_what_a_bot_saw_changes_its_suspicion_and_vote():
    """Seed 10: Ann (human) was dealt the Seer; Robot 2 robbed her, so it saw her card. Her true claim
    changes nothing for Robot 2; a claim of the Villager contradicts what it saw: it suspects her and
    votes for her."""
    g, _, table = night(Setup(PLAYERS, FIVE), 10, BOTS)
    assert g.dealt[0] == "seer" and g.dealt[2] == "robber"
    before = table.suspicion(g, 2), ballots(g, table)[2]
    assert before[0].target != 0
    ct = table.claim_table(g)
    table.tell(g, claim_from(ct, 0, "seer", (NOTHING_MORE,)))
    assert table.suspicion(g, 2) == before[0] and ballots(g, table)[2] == before[1]
    table.tell(g, claim_from(ct, 0, "villager", ()))
    after = table.suspicion(g, 2)
    assert (after.target, after.reason) == (0, "contradicts_seen")
    assert ballots(g, table)[2].targets == ("p0",) != before[1].targets
    assert suspicion_line(table, g, 2, PLAYERS, "en") == \
        "Robot 2: “I suspect Ann: their claim does not match what I saw.”"
    assert table.all_claims()[0] == Claim(0, "villager") and table.told() == (Claim(0, "villager"),)
    # the panel shows it among the bots' claims, in seat order; the reveal says she lied
    assert claim_lines(table, g, PLAYERS, "en")[0] == "Ann: “I am the Villager.”"
    assert claim_lines(table, g, PLAYERS, "ko")[0] == "Ann: “저는 마을시민입니다.”"
    assert reveal_lines(table, g, PLAYERS, "en")[0] == "Ann lied. “I am the Villager.”"


def test_a_true_human_claim_is_true_at_the_reveal():
    g, _, table = night(Setup(PLAYERS, FIVE), 10, BOTS)
    table.tell(g, claim_from(table.claim_table(g), 0, "seer", (NOTHING_MORE,)))
    assert reveal_lines(table, g, PLAYERS, "en")[0] == "Ann told the truth. “I am the Seer.”"


def test_a_changed_story_counts_against_the_teller():
    """Seed 7: Ann claims the Villager, then the Seer: the bots hold the change against her (a reason of
    its own); a corrected detail of the same role does not count."""
    g, _, table = night(Setup(PLAYERS, FIVE), 7, BOTS)
    ct = table.claim_table(g)
    table.tell(g, claim_from(ct, 0, "seer", ("p3", "villager")))
    table.tell(g, claim_from(ct, 0, "seer", ("p2", "villager")))  # a detail corrected: no change of story
    assert all(bot.changed == frozenset() for bot in table.bots.values())
    assert table.suspicion(g, 3).reason != "changed_story"
    table.tell(g, claim_from(ct, 0, "villager", ()))
    assert all(bot.changed == {0} for bot in table.bots.values())
    assert table.suspicion(g, 3) .target == 0 and table.suspicion(g, 3).reason == "changed_story"
    assert suspicion_line(table, g, 3, PLAYERS, "en") == "Robot 3: “I suspect Ann: they changed their story.”"
    for lang in ("ko", "zh", "fr"):
        line = suspicion_line(table, g, 3, PLAYERS, lang)
        assert "Ann" in line and "{" not in line and "suspect" not in line


def test_claims_a_table_may_not_enter_are_refused():
    g, _, table = night(Setup(PLAYERS, FIVE), 7, BOTS)
    ct = table.claim_table(g)
    with pytest.raises(ValueError):
        table.tell(g, claim_from(ct, 1, "seer", (NOTHING_MORE,)))  # a bot's seat: bots speak for themselves
    with pytest.raises(ValueError):
        table.tell(g, Claim(0, "seer", None, (("p0", "werewolf"),)))  # not a claim the form makes
    assert table.spoken == ()


# -- saves and seeds -------------------------------------------------------------------------------------

class Table:
    """What ``enter_claim`` uses of the One Night table (its game, its bots, the app's save notes)."""

    def __init__(self, game, bots):
        self.game, self.meta = game, {}
        self.bots = OneNightBots(self, bots)  # the table's bots: the core's ``TableBots``, bound to the table
        self.app = self

    def note(self, **meta):
        self.meta.update(meta)


def test_saves_keep_the_claims_and_give_the_same_ballots():
    """Entered claims go into the save's note ``claims``; ``--resume`` rebuilds the bots with them, and the
    same set-up, seed, answers and claims give the same ballots. An old save (no note) loads with none."""
    setup = Setup(PLAYERS, FIVE)
    g, answers, table = night(setup, 10, BOTS)
    on_table = Table(g, table)
    ct = table.claim_table(g)
    assert enter_claim(on_table, claim_from(ct, 0, "seer", ("p2", "robber")))
    assert enter_claim(on_table, claim_from(ct, 0, "villager", ()))
    assert not enter_claim(on_table, claim_from(ct, 3, "villager", ()))  # a bot's seat
    assert on_table.meta == {"claims": "0/seer/p2/robber;0/villager"}
    votes = ballots(g, table)
    saved = SavedGame(setup, 10, answers, {"stage": "day", "bots": "1,2,3,4", **on_table.meta})
    again = resume_bots(saved, CATALOG)
    assert again.spoken == table.spoken and again.told() == table.told()
    assert ballots(g, again) == votes
    old = resume_bots(SavedGame(setup, 10, answers, {"stage": "day", "bots": "1,2,3,4"}), CATALOG)
    assert old.spoken == () and ballots(g, old) == ballots(g, night(setup, 10, BOTS)[2])
    # a hand-edited note: a bot's seat, a role not in play and a broken entry are dropped
    note = "1/seer/;0/tanner;0/x/y;0/villager"
    edited = resume_bots(SavedGame(setup, 10, answers, {"bots": "1,2,3,4", "claims": note}), CATALOG)
    assert edited.spoken == (Claim(0, "villager"),)


@pytest.mark.parametrize("ruleset,players", [("onuw", 5), ("dalbula", 6)])
def test_same_set_up_seed_answers_and_claims_give_the_same_ballots(ruleset, players):
    names = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")[:players]
    setup = Setup(names, FIVE if ruleset == "onuw" else default_preset(6).roles, ruleset)
    bots = frozenset(range(2, players))
    results = []
    for _ in range(2):
        g, answers, table = night(setup, 11, bots)
        ct = table.claim_table(g)
        for seat, role in product((0, 1), ("werewolf", "villager")):
            table.tell(g, claim_from(ct, seat, role, ()))
        results.append((answers, table.all_claims(), ballots(g, table)))
    assert results[0] == results[1]


def test_every_word_of_the_form_is_in_every_language():
    keys = ("title", "title_of", "who", "role", "look", "seen", "rob", "became", "copy", "first", "second", "take",
            "woke", "partner", "nothing_more", "check", "save", "hint")
    ids = [f"claim_entry_{k}" for k in keys] + ["key_day_claim", "key_day_claim_quiet", "key_claim_entry_choose",
                                                "key_claim_entry_back", "key_claim_entry_cancel", "day_claims_title",
                                                "reveal_claims_title"]
    english = AppWords("en")
    for lang in ("en", "ko", "zh", "fr"):
        words = AppWords(lang)
        for msg_id in ids:
            assert msg_id in words.messages, (lang, msg_id)
            text = words(msg_id, name="지은", card="Bo")
            assert lang == "en" or text != english(msg_id, name="지은", card="Bo") or msg_id == "claim_entry_hint"
    assert AppWords("ko")("claim_entry_title_of", name="지은") == "지은 님의 주장 입력"


# -- in the app ------------------------------------------------------------------------------------------

async def test_a_claim_entered_in_the_app_changes_a_bots_suspicion():
    """A resumed game at dawn (seed 10, Ann the Seer, Robot 2 robbed her): c opens the public form; Ann,
    the Villager, save; the panel shows her claim, and Robot 2 now suspects her. The save keeps it."""
    setup = Setup(PLAYERS, FIVE)
    _, answers, _ = night(setup, 10, BOTS)
    saved = SavedGame(setup, 10, answers, {"stage": "day", "day_left": 300.0, "bots": "1,2,3,4", "lang": "en"})
    app = OneNightApp(quiet_settings(), start=saved)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
        await until(pilot, lambda: "c Enter a claim" in screen_text(app).splitlines()[-1], "c in the key bar")
        assert screen_text(app).splitlines()[-1].rstrip().endswith("f1 Help")  # (it fits: F1 stays in sight)
        await pilot.press("s", "s")
        await until(pilot, lambda: "Robot 2: “I do not suspect anyone" in flat(app), "Robot 2's answer before")
        await pilot.press("c")
        await until(pilot, lambda: screen_name(app) == "ClaimEntryScreen", "the claim form")
        screen = app.screen
        assert screen.seat == 0 and "Which role does Ann claim?" in flat(app)  # one human: no "who" question
        villager = screen.values.index("villager")
        await pilot.press(*["down"] * villager, "enter")
        await until(pilot, lambda: "Is this what Ann said?" in flat(app), "the claim to save")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "DayScreen" and "Ann: “I am the Villager.”" in flat(app),
                    "Ann's claim on the panel")
        assert app.saved.get("claims") == "0/villager"
        await pilot.press("s", "s", "s", "s")  # Robot 3, Robot 4, Robot 1, then Robot 2 again
        await until(pilot, lambda: "Robot 2: “I suspect Ann: their claim does not match what I saw.”" in flat(app),
                    "Robot 2 suspects Ann")
