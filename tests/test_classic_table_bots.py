"""Classic bots at the table (issue 26): the bots' night answers (the pack follows its humans), their
claims day after day (a village bot tells the truth, a werewolf bot keeps its lie), their suspicions and
ballots, the truth check, seeding and resuming (``play.classic_claims``), the privacy of the public
night, and one whole game through the app (``bots/classic.py``)."""

from __future__ import annotations

import pytest

from onenight_core.engine.game import rules_for
from onenight_core.model.values import Action, Setup
from onenight_core.play.classic_claims import ClassicClaim, ClassicTableBots, check, pack_named, suspect
from onenight_core.play.saves import SavedGame
from onenight_tui import cli
from onenight_tui.app import NewGame, OneNightApp
from onenight_tui.tables.classic.heard import heard
from onenight_tui.commands.play import start_from_args

from app_pilot import SIZE, FakeClock, flat, quiet_settings, screen_name, until

NAMES = ("Ann", "Robot 1", "Robot 2", "Robot 3", "Robot 4", "Robot 5")
SIX = ("werewolf", "werewolf", "seer", "witch", "hunter", "villager")
NO_EVENTS = {"events.new_moon": False}


def setup(deck=SIX, names=NAMES, **options) -> Setup:
    return Setup(names, deck, "classic", {**NO_EVENTS, **options})


def bot_game(s: Setup, seed: int, bots: frozenset[int], human=None, stop=None):
    """Play ``s`` with ``bots`` answering for their seats and ``human(game, prompt)`` for the others
    (first option by default); returns (game, bots, answers). ``stop(game)``: stop there."""
    rules = rules_for(s)
    table = ClassicTableBots(s, seed, bots)
    g = rules.new_game(s, seed)
    table.observe(g)
    answers = []
    while (p := rules.pending(g)) is not None and not (stop and stop(g)):
        if p.seat in bots:
            a = table.answer(g, p)
        else:
            a = human(g, p) if human else p.options[0]
        answers.append(a)
        g = rules.apply(g, a)
        table.observe(g)
    return g, table, answers


EVERY_BOT = frozenset(range(1, 6))


# -- seeding and resuming ------------------------------------------------------------------------------------

def test_the_same_set_up_seed_and_answers_give_the_same_bot_actions_claims_and_ballots():
    for seed in (1, 2, 3):
        g1, t1, a1 = bot_game(setup(), seed, EVERY_BOT)
        g2, t2, a2 = bot_game(setup(), seed, EVERY_BOT)
        assert a1 == a2 and t1.claims == t2.claims and g1.board == g2.board
        assert t1.claims  # they claimed
        rebuilt = ClassicTableBots.rebuild(setup(), seed, EVERY_BOT, a1)  # a resumed game
        assert rebuilt.claims == t1.claims and rebuilt.days == t1.days


def test_a_resumed_game_s_bots_answer_as_the_live_ones_did():
    _, live, answers = bot_game(setup(), 4, EVERY_BOT)
    rules = rules_for(setup())
    half = answers[: len(answers) // 2]
    g = rules.new_game(setup(), 4)
    for a in half:
        g = rules.apply(g, a)
    resumed = ClassicTableBots.rebuild(setup(), 4, EVERY_BOT, half)
    for a in answers[len(half):]:
        p = rules.pending(g)
        if p.seat in EVERY_BOT:
            assert resumed.answer(g, p) == a
        g = rules.apply(g, a)
        resumed.observe(g)
    assert resumed.claims == live.claims


# -- claims -------------------------------------------------------------------------------------------------

def test_a_village_bot_tells_the_truth_and_the_seer_says_every_look_so_far():
    for seed in range(30):
        g, table, _ = bot_game(setup(), seed, EVERY_BOT)
        b = g.board
        seer = b.roles.index("seer")
        said = [c for c in table.claims if c.seat == seer]
        if seer == 0 or len(said) < 2:
            continue
        for c in said:  # each day: the Seer, and every look made up to that night
            assert c.role == "seer"
            assert c.looks == tuple((t, seen) for label, s, t, seen in b.seen
                                    if s == seer and int(label.removeprefix("night")) <= c.round)
        assert len(said[1].looks) > len(said[0].looks)
        villagers = {s for s in EVERY_BOT if b.side(s) == "villagers"}
        assert all(not k.lied for k in table.checks(g) if k.seat in villagers)
        return
    raise AssertionError("no game where the Seer bot claimed on two days")


def test_a_werewolf_bot_lies_with_a_village_card_and_keeps_its_lie_across_days():
    for seed in range(60):
        g, table, _ = bot_game(setup(), seed, EVERY_BOT)
        for wolf in (s for s in EVERY_BOT if g.deal[s] == "werewolf"):
            said = [c for c in table.claims if c.seat == wolf]
            if len(said) < 2:
                continue
            assert len({c.role for c in said}) == 1 and said[0].role != "werewolf"
            for before, after in zip(said, said[1:]):
                assert after.looks[: len(before.looks)] == before.looks  # earlier looks are kept
            assert next(k for k in table.checks(g) if k.seat == wolf).lied
            return
    raise AssertionError("no game where a werewolf bot claimed on two days")


def test_a_false_seer_never_looks_at_himself_and_calls_his_pack_clean():
    seen_false_seer = False
    for seed in range(80):
        g, table, _ = bot_game(setup(), seed, EVERY_BOT)
        for c in table.claims:
            if g.deal[c.seat] != "werewolf" or c.role != "seer":
                continue
            seen_false_seer = True
            for t, what in c.looks:
                assert t != c.seat
                if g.deal[t] == "werewolf":
                    assert what != "werewolf"
    assert seen_false_seer


def test_the_truth_check_compares_the_card_and_the_looks_with_the_game():
    g, _, _ = bot_game(setup(), 5, EVERY_BOT)
    b = g.board
    seer = b.roles.index("seer")
    real = tuple((t, seen) for _, s, t, seen in b.seen if s == seer)
    wolf = g.deal.index("werewolf")
    checks = check(b, g.deal, [ClassicClaim(seer, 1, "seer", real), ClassicClaim(wolf, 1, "villager")])
    assert [(k.seat, k.lied) for k in checks] == sorted([(seer, False), (wolf, True)])
    made_up = check(b, g.deal, [ClassicClaim(seer, 1, "seer", ((seer, "werewolf"),))])
    assert made_up[0].lied


# -- the night: the pack -----------------------------------------------------------------------------------

def test_a_bot_werewolf_names_the_victim_its_human_partner_named():
    """Ann (seat 0) and a bot hold the werewolves: the bot waits for Ann and names whom she named."""
    for seed in range(40):
        s = setup()
        rules = rules_for(s)
        g = rules.new_game(s, seed)
        if g.deal[0] != "werewolf":
            continue
        table = ClassicTableBots(s, seed, EVERY_BOT)
        while (p := rules.pending(g)) is not None and p.step != "werewolf":
            g = rules.apply(g, table.answer(g, p) if p.seat in EVERY_BOT else p.options[0])
        assert p.seat == 0 and pack_named(g.board, p) is None  # nobody has named anyone yet
        victim = p.options[-1]
        g = rules.apply(g, victim)
        p = rules.pending(g)
        assert p.step == "werewolf" and p.seat in EVERY_BOT
        assert table.answer(g, p) == victim
        return
    raise AssertionError("no deal with Ann as a werewolf")


# -- by day: suspicion and ballots --------------------------------------------------------------------------

def test_a_bot_suspects_and_votes_for_the_werewolf_it_saw_and_a_werewolf_bot_never_for_its_pack():
    checked = 0
    for seed in range(40):
        s = setup()
        g, table, _ = bot_game(s, seed, EVERY_BOT, stop=lambda g: g.prompt is not None and g.prompt.step == "vote")
        p = g.prompt
        if p is None:
            continue
        b = g.board
        seer = b.roles.index("seer")
        saw = [t for _, who, t, seen in b.seen if who == seer and seen == "werewolf" and b.alive[t]]
        if p.seat == seer and saw and b.alive[seer]:
            assert suspect(b, seed, seer, table.claims).target == saw[0]
            assert table.answer(g, p) == Action("vote", (f"p{saw[0]}",))
            checked += 1
        if b.side(p.seat) == "werewolves" and p.seat in EVERY_BOT:
            ballot = table.answer(g, p)
            assert not ballot.targets or b.side(int(ballot.targets[0][1:])) != "werewolves"
            checked += 1
    assert checked >= 2


def test_asking_a_bot_whom_it_suspects_changes_nothing():
    g, table, answers = bot_game(setup(), 6, EVERY_BOT, stop=lambda g: g.prompt is not None and g.prompt.step == "vote")
    before = list(table.claims)
    first = [table.suspicion(g, s) for s in sorted(EVERY_BOT)]
    assert [table.suspicion(g, s) for s in sorted(EVERY_BOT)] == first and table.claims == before
    assert table.answer(g, g.prompt) == table.answer(g, g.prompt)


# -- privacy ---------------------------------------------------------------------------------------------

def test_the_public_night_is_the_same_whatever_the_bots_hold():
    """Ann holds the villager in every deal; the bots' cards are dealt differently. What the table hears
    up to dawn (the night screen's calls and status are drawn from it) is the same."""
    heard_by_deal = {}
    s = setup(**{"sheriff.enabled": False})
    rules = rules_for(s)
    for seed in range(40):
        g = rules.new_game(s, seed)
        if g.deal[0] != "villager":
            continue
        table = ClassicTableBots(s, seed, EVERY_BOT)
        while (p := rules.pending(g)) is not None and g.board.phase == "night" and g.board.round == 1:
            g = rules.apply(g, table.answer(g, p))
        heard_by_deal[g.deal] = heard(g.board.public, "night", 1)
    assert len(heard_by_deal) >= 3
    first = next(iter(heard_by_deal.values()))
    assert all(h == first for h in heard_by_deal.values())


# -- the command line ---------------------------------------------------------------------------------------

def test_classic_takes_bot_seats_on_the_command_line():
    args = cli.build_parser().parse_args(["--ruleset", "classic", "--players", "Ann,@bot,@bot,@bot,@bot,@bot",
                                          "--seed", "3"])
    start = start_from_args(args)
    assert isinstance(start, NewGame) and start.bots == EVERY_BOT
    assert start.setup.players == NAMES


# -- the whole game through the app --------------------------------------------------------------------------

async def test_one_human_and_five_bots_play_a_classic_game_through_the_app():
    """Ann (a werewolf, seed 3) and five bots: one hand-over at the deal, the bot werewolf names Ann's
    victim, the bots claim by day and answer "who do you suspect?", the ballots are cast, the end says
    who lied; a resumed save has the same bots."""
    from test_classic_app import press
    from test_classic_app import step as table_step

    async def step(pilot) -> bool:
        if screen_name(app) == "NightScreen":
            app.screen._bots()  # (the screen's tick does it too) the bots' prompts are not the laptop's
        return await table_step(pilot)

    s = setup(**{"sheriff.enabled": False})
    app = OneNightApp(quiet_settings(), start=NewGame(s, 3, EVERY_BOT))
    app.clock = FakeClock()
    async with app.run_test(size=SIZE) as pilot:
        assert app.state.deal[0] == "werewolf"
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        assert app.saved.get("bots") == "1,2,3,4,5"
        await step(pilot)  # Ann's card: the only hand-over
        assert screen_name(app) == "DealScreen" and app.screen.done
        durations = set()
        while app.table.stage != "day" and screen_name(app) != "EndScreen":
            if screen_name(app) == "NightScreen":
                durations.add(app.screen.duration)
            await step(pilot)
        assert durations <= {app.settings.action_seconds, 3.0}  # every step its full time, whoever acts
        b = app.state.board
        kills = [e for e in b.events if e.kind == "act" and e.step == "werewolf"]
        assert len({e.action for e in kills}) == 1  # the bot named Ann's victim
        assert {e.seat for e in kills} == {i for i, r in enumerate(app.state.deal) if r == "werewolf"}
        assert screen_name(app) == "ClassicDayScreen"
        first = NAMES[next(i for i in range(1, 6) if b.alive[i])]
        await until(pilot, lambda: f"{first}: “I am" in flat(app), "the bots' claims")
        await press(pilot, "s")
        await until(pilot, lambda: f"{first}: “I suspect" in flat(app) or f"{first}: “I do not suspect" in flat(app),
                    "the first bot's answer")
        saved = app.saved
        rebuilt = ClassicTableBots.rebuild(saved.setup, saved.seed, EVERY_BOT, saved.answers)
        assert rebuilt.claims == app.table.bots.core.claims
        for _ in range(400):
            if not await step(pilot):
                break
        assert screen_name(app) == "EndScreen"
        text = flat(app)
        assert "What the bots claimed:" in text and ("lied" in text or "told the truth" in text)
        assert isinstance(app.saved, SavedGame)



def test_a_claim_that_contradicts_what_a_bot_knows_counts_against_the_claimant():
    g, _, _ = bot_game(setup(), 7, EVERY_BOT, stop=lambda g: g.prompt is not None and g.prompt.step == "vote")
    b = g.board
    me = next(s for s in EVERY_BOT if b.alive[s] and b.roles[s] in ("villager", "hunter"))
    other = next(s for s in b.living() if s not in (me, 0))
    today = b.round
    about_me = [ClassicClaim(other, today, "seer", ((me, "werewolf"),))]
    assert suspect(b, 7, me, about_me) == type(suspect(b, 7, me, ()))(me, other, "lied_about_me")
    wrong_card = [ClassicClaim(other, today, "seer", ((me, "witch" if b.roles[me] != "witch" else "hunter"),))]
    assert suspect(b, 7, me, wrong_card).reason == "lied_about_me"
    wolf = next((s for s in b.living() if b.side(s) == "werewolves" and s != other), None)
    if wolf is not None:  # my partner's word: "clean" about a werewolf I cannot know of is no contradiction
        assert suspect(b, 7, me, [ClassicClaim(other, today, "seer", ((wolf, "not_werewolf"),))]).reason != \
            "contradicts_seen"


def test_a_save_keeps_the_bot_seats_and_a_resumed_table_has_the_same_bots():
    from onenight_core.rulesets.classic.protocol import new_game
    from onenight_tui.bots.classic import resume_bots, start_bots

    s = setup()
    _, live, answers = bot_game(s, 8, EVERY_BOT)
    bots, note = start_bots(new_game(s, 8), EVERY_BOT)
    assert note == {"bots": "1,2,3,4,5"} and bots is not None and bots.seats == EVERY_BOT
    _, again = resume_bots(SavedGame(s, 8, tuple(answers), {"stage": "over", **note}))  # (the game, its bots)
    assert again is not None and again.seats == EVERY_BOT and again.claims == live.claims
    assert resume_bots(SavedGame(s, 8, tuple(answers), {"stage": "over"}))[1] is None  # an older save: humans only
    assert start_bots(new_game(s, 8), ()) == (None, {})


@pytest.mark.parametrize("lang", ["en", "ko", "zh", "fr"])
def test_the_classic_day_panel_names_only_keys_the_classic_day_has(lang):
    """The claims panel's hint on the classic day lists the keys that screen has (r, s): One Night's day
    also enters a human's claim (c), classic's does not, so its hint must not offer it."""
    import re

    from onenight_tui.screens.classic import day
    from onenight_tui.text.app_words import AppWords

    hint_ids = [day.ClassicDayScreen.BOTS_HINT]  # the panel's hint (``common/day.BaseDayScreen.bots_panel``)
    assert hint_ids == ["classic_day_bots_hint"], "the classic day's panel names its hint"
    keys = {b.key for b in day.ClassicDayScreen.BINDINGS}
    for hint_id in hint_ids:
        named = set(re.findall(r"(?:^|· )([a-z])\s?[:：]", AppWords(lang)(hint_id)))
        assert named and named <= keys, (hint_id, named, keys)


# -- the bots point at once: a ballot round's pointing is shown when it opens and is what they cast -----------

class _Table:
    """What the public screen's bot lines read of a classic table (``ClassicTable``'s attributes)."""

    def __init__(self, game, bots, lang="en", round_=None) -> None:
        from onenight_tui.bots.classic import ClassicBots
        from onenight_tui.text.classic_words import ClassicWords

        self.game, self.words = game, ClassicWords(game.setup.players, lang)
        self.bots = ClassicBots(self, bots) if bots is not None else None  # the core's bots, bound to the table
        self.round_ = round_  # the table's round, behind the engine's (the vote's screen as the night begins)

    @property
    def board(self):
        return self.game.board

    def public_view(self):
        return rules_for(self.game.setup).public_view(self.game)

    @property
    def round(self) -> int:
        return self.game.board.round if self.round_ is None else self.round_


def _rounds(s: Setup, seed: int, bots: frozenset[int], human=None):
    """Play ``s`` as ``bot_game`` does; at each ballot prompt of a human (the round open, the screen asking
    him), the screen's bot lines and the round's pointing; returns (game, bots, answers, seen) with ``seen``
    a list of (answers given before that moment, stage, lines, pointing)."""
    from onenight_tui.bots.classic import bot_act_lines

    rules = rules_for(s)
    table = ClassicTableBots(s, seed, bots)
    g = rules.new_game(s, seed)
    table.observe(g)
    answers, seen = [], []
    while (p := rules.pending(g)) is not None:
        if p.seat in bots:
            a = table.answer(g, p)
        else:
            if p.step in ("vote", "election"):
                stage = "vote" if g.board.phase == "day" else "election"
                seen.append((len(answers), stage, bot_act_lines(_Table(g, table), stage, p), table.open_round()))
            a = human(g, p) if human else p.options[0]
        answers.append(a)
        g = rules.apply(g, a)
        table.observe(g)
    return g, table, answers, seen


def _cast(g, pointing):
    """The bots' ballots of ``pointing``'s round as the game logged them."""
    rules = rules_for(g.setup)
    later = rules.new_game(g.setup, g.seed)
    for a in g.inputs[:pointing.start]:
        later = rules.apply(later, a)
    before = len(later.board.events)
    asked, out = set(), []
    for e in g.board.events[before:]:
        if e.kind != pointing.step or e.seat in asked:
            break
        asked.add(e.seat)
        out.append((e.seat, e.action))
    return out


def test_the_bots_pointing_is_shown_before_a_human_seated_first_votes_and_is_what_they_cast():
    from onenight_tui.bots.classic import pointing_line

    checked = 0
    for seed in range(6):
        g, _, _, seen = _rounds(setup(**{"sheriff.election": "day1_before_statements"}), seed, EVERY_BOT)
        for _, _stage, lines, pointing in seen:
            assert pointing is not None and pointing.ballots
            assert pointing_line(_Table(g, None).words, pointing) in lines  # shown as Ann's ballot is asked
            cast = [(s, a) for s, a in _cast(g, pointing) if s in EVERY_BOT]
            assert cast == list(pointing.ballots)  # ...and exactly what the bots then cast
            checked += 1
    assert checked >= 6


def test_a_human_ballot_entered_after_the_pointing_changes_no_bot_ballot():
    """Ann votes differently in the same round: the bots' pointing, shown before her ballot, is the same."""
    s = setup(**{"sheriff.enabled": False})
    pointings = []
    for pick in (0, -1):
        def human(g, p, pick=pick):
            return p.options[pick] if p.step == "vote" else p.options[0]
        g, _, _, seen = _rounds(s, 2, EVERY_BOT, human)
        pointings.append(seen[0][3])
    assert pointings[0] == pointings[1]


def test_the_vote_shows_its_own_bot_ballots_not_the_sheriff_election_s():
    from onenight_tui.bots.classic import ballot_lines

    s = setup(**{"sheriff.election": "day1_before_statements"})
    for seed in range(4):
        g, bots, answers, seen = _rounds(s, seed, EVERY_BOT)
        votes = [(n, lines) for n, stage, lines, p in seen if p.step == "vote" and p.label == "day1"]
        if not votes:
            continue
        n, lines = votes[0]
        text = "\n".join(lines)
        assert "for sheriff" not in text and "The bots point to eliminate: " in text
        # the election (its run-off if tied) under the election: each round's own lines, worded for the sheriff
        elections = [(m, lines) for m, stage, lines, p in seen if p.step == "election"]
        for _, lines in elections:
            assert any(line.startswith("The bots point for sheriff: ") for line in lines)
            assert not any("eliminate" in line for line in lines)
        # once the vote is over, its lines say what they were for
        rules = rules_for(s)
        resumed = ClassicTableBots.rebuild(s, seed, EVERY_BOT, answers[:n])
        mid = rules.new_game(s, seed)
        for a in answers[:n]:
            mid = rules.apply(mid, a)
        before_vote = [p for p in resumed.pointings if p.step == "election"]
        assert before_vote
        done = ballot_lines(_Table(mid, resumed), "vote", None)  # the vote not asked yet (the talk): the election's
        assert done and all(line.endswith(" for sheriff.") for line in done)
        return
    raise AssertionError("no day-1 vote with Ann asked")


def test_a_run_off_shows_its_own_round():
    from onenight_tui.bots.classic import ballot_line

    s = setup(**{"sheriff.election": "day1_before_statements"})
    for seed in range(40):
        g, bots, _, seen = _rounds(s, seed, EVERY_BOT)
        elections = [p for p in bots.pointings if p.step == "election"]
        if len(elections) < 2:
            continue
        run_off = [(lines, p) for _, _, lines, p in seen if p is elections[1]]
        assert run_off, "Ann is asked in the run-off"
        lines, p = run_off[0]
        first = [ballot_line(_Table(g, bots).words, "election", t, a) for t, a in elections[0].ballots]
        assert not set(first) & set(lines)  # the first round's lines are not the run-off's
        assert len(lines) == 1 and lines[0].startswith("The bots point for sheriff: ")
        return
    pytest.skip("no tied election in these seeds")


def test_a_game_resumed_mid_round_shows_the_same_pointing_and_casts_the_same_ballots():
    """Two humans (Ann, seat 0; Bo, seat 3) and three bots: resumed while Bo is to vote, after the bots
    seated before him cast theirs, the same pointing and the same ballots."""
    from onenight_tui.bots.classic import ballot_lines

    names = ("Ann", "Robot 1", "Robot 2", "Bo", "Robot 4", "Robot 5")
    bots = frozenset({1, 2, 4, 5})
    s = setup(names=names, **{"sheriff.enabled": False})
    for seed in range(10):
        g, live, answers, seen = _rounds(s, seed, bots)
        at_bo = [(n, lines, p) for n, _, lines, p in seen if answers[n] and rules_for(s).pending(
            _replay(s, seed, answers[:n])).seat == 3 and p.step == "vote"]
        if not at_bo:
            continue
        n, lines, pointing = at_bo[0]
        resumed = ClassicTableBots.rebuild(s, seed, bots, answers[:n])
        mid = _replay(s, seed, answers[:n])
        assert resumed.open_round() == pointing
        assert ballot_lines(_Table(mid, resumed), "vote", mid.prompt) == [
            line for line in lines if line.startswith("The bots point")]
        rules = rules_for(s)
        for a in answers[n:]:
            p = rules.pending(mid)
            if p.seat in bots:
                assert resumed.answer(mid, p) == a
            mid = rules.apply(mid, a)
            resumed.observe(mid)
        assert resumed.pointings == live.pointings
        return
    raise AssertionError("Bo never voted")


def _replay(s, seed, answers, inputs=None):
    """The game after ``answers`` (with ``inputs``: after the answers that bring it to that many inputs)."""
    rules = rules_for(s)
    g = rules.new_game(s, seed)
    for a in answers:
        if inputs is not None and len(g.inputs) >= inputs:
            break
        g = rules.apply(g, a)
    return g


def test_hands_raised_in_turn_show_each_ballot_as_it_is_cast_not_at_once():
    """``sequential_hands``: one at a time, so a human sees the ballots already cast this round, the
    humans' as the bots', in the order cast, and none to come."""
    from onenight_tui.bots.classic import ballot_line

    names = ("Ann", "Robot 1", "Robot 2", "Bo", "Robot 4", "Robot 5")
    bots = frozenset({1, 2, 4, 5})
    s = setup(names=names, **{"sheriff.enabled": False, "vote.procedure": "sequential_hands"})
    seen_some = seen_human = False
    for seed in range(4):
        g, _, answers, seen = _rounds(s, seed, bots)
        w = _Table(g, None).words
        for n, _stage, lines, pointing in seen:
            assert not any(line.startswith("The bots point") for line in lines)
            opened = _replay(s, seed, answers, inputs=pointing.start)
            now = _replay(s, seed, answers[:n])
            cast = [e for e in now.board.events[len(opened.board.events):] if e.kind == "vote"]
            assert lines == [ballot_line(w, "vote", e.seat, e.action) for e in cast]
            seen_some = seen_some or bool(lines)
            seen_human = seen_human or any(e.seat in (0, 3) for e in cast)
    assert seen_some and seen_human


def _vote_over(s, seed, bots):
    """A game of ``s`` stopped right after its first day vote, with its table (bots or None)."""
    rules = rules_for(s)
    g, table, _ = bot_game(s, seed, bots, stop=lambda g: any(
        e.kind == "vote" for e in g.board.events) and rules.pending(g) is not None
        and rules.pending(g).step != "vote")
    return g, (table if bots else None)


@pytest.mark.parametrize("bots", [frozenset({1, 2, 4, 5}), frozenset()])
def test_the_vote_s_result_lists_every_ballot_humans_and_bots_in_the_order_cast(bots):
    """After the day vote, the result lists each ballot the table saw, Ann's and Bo's too (there is no
    secret ballot in classic), as the tally counted them; at a table of humans as well."""
    from onenight_tui.bots.classic import ballot_line, bot_act_lines

    names = ("Ann", "Robot 1", "Robot 2", "Bo", "Robot 4", "Robot 5")
    s = setup(names=names, **{"sheriff.enabled": False})
    for seed in range(6):
        g, table = _vote_over(s, seed, bots)
        if not any(e.kind == "vote" for e in g.board.events):
            continue
        w = _Table(g, table).words
        votes = [e for e in g.board.events if e.kind == "vote"]
        if len({e.seat for e in votes}) != len(votes):
            continue  # a re-vote: only the last round is listed
        lines = bot_act_lines(_Table(g, table, round_=1), "vote", None)
        assert lines == [ballot_line(w, "vote", e.seat, e.action) for e in votes]
        assert any(e.seat not in bots for e in votes) and len(lines) == len(votes) >= 3  # humans' ballots too
        return
    raise AssertionError("no day vote")


def test_the_day_s_claims_are_listed_in_its_speaking_order():
    """The speaking order starts left of the night's victim (``TableView.clockwise``); the claims were
    listed in seat order. At a day after a death, the claim lines follow the speaking order."""
    from onenight_tui.bots.classic import claim_lines
    from onenight_tui.tables.classic.heard import TableView
    from onenight_tui.text.classic_claims import claim_text

    class Day(_Table):
        def view(self):
            return TableView(len(self.game.setup.players), heard(self.public_view().public, "day", self.round))

    s = setup(**{"sheriff.enabled": False})
    for seed in range(10):
        g, bots, _ = bot_game(s, seed, EVERY_BOT, stop=lambda g: g.board.phase == "day" and g.board.round >= 2)
        table = Day(g, bots)
        order = table.view().clockwise
        claims = bots.today(table.round)
        if g.board.phase != "day" or table.view().last_dead is None or len(claims) < 3 or \
                [c.seat for c in claims] == [s for s in order if s in {c.seat for c in claims}]:
            continue  # this day's speaking order is the seat order: nothing to tell apart
        listed = sorted(claims, key=lambda c: order.index(c.seat))
        assert claim_lines(table) == [claim_text(c, table.words) for c in listed]
        from onenight_tui.bots.classic import today_in_order  # what "who do you suspect?" goes through

        assert list(today_in_order(table)) == listed
        return
    raise AssertionError("no day whose speaking order differs from the seat order")
