"""The classic hot-seat app (issue 14), driven with Pilot by the keys a player would press: whole games
of several rounds from the deal to the end screen, the hunter's public shot, resuming a saved game, and
privacy (public screens the same whoever holds which card; every night step timed alike whoever lives).

Answers follow a fixed policy (``policy``), so a game played in one go and one resumed half-way are the
same game; the night's step timer is run out with ``NightScreen.fast_forward``."""

from __future__ import annotations

from onenight_core.model.values import Action, Prompt, Setup
from onenight_core.play.saves import read_save
from onenight_core.rulesets.classic.protocol import pending

from app_pilot import SIZE, FakeClock, handled, quiet_settings, screen_name, screen_text, until
from onenight_tui.app import NewGame, OneNightApp

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")
SEVEN = ("werewolf", "werewolf", "seer", "witch", "hunter", "cupid", "little_girl")


def policy(app, p: Prompt) -> int:
    """Which option to take: the werewolves go for the hunter, the witch keeps her potions, the little
    girl stays in bed, everyone else takes the first option (votes then often tie: no elimination)."""
    b = app.state.board
    for i, a in enumerate(p.options):
        if p.step == "werewolf" and a.verb == "kill" and b.roles[int(a.targets[0][1:])] == "hunter":
            return i
    if Action("pass") in p.options and p.role in ("witch", "little_girl"):
        return p.options.index(Action("pass"))
    if p.step == "vote":
        return (2 * p.seat + b.round) % len(p.options)  # spread the votes: ties, no elimination
    if p.step == "hunter":
        return len(p.options) - 1
    return 0


def make(seed: int, save=None, deck=SEVEN, names=NAMES, **options) -> OneNightApp:
    setup = Setup(names, deck, "classic", options)
    app = OneNightApp(quiet_settings(), start=NewGame(setup, seed), save_file=save)
    app.clock = FakeClock()
    return app


async def press(pilot, *keys: str) -> None:
    pilot.app.clock.advance(1.0)  # past the hand-over's key guard
    await pilot.press(*keys)


async def choose(pilot, index: int) -> None:
    await press(pilot, "home", *(["down"] * index), "enter")  # the first answer is highlighted


def next_picks(screen) -> tuple[str, ...]:
    """The players the prompt on ``screen`` lists for the next one-at-a-time pick (Cupid, the Piper)."""
    model = getattr(screen, "model", None)
    return model.picking.listed if model is not None and model.picking is not None else ()


def picked_so_far(screen) -> list[str]:
    """The players picked so far on ``screen``'s one-at-a-time pick."""
    model = screen.model
    return list(model.picking.chosen) if model is not None and model.picking is not None else []


async def answer_prompt(pilot, action: Action) -> None:
    """Answer the private prompt on screen with ``action``: its line, or for Cupid and the Piper (who
    pick their players one at a time) each player in turn."""
    screen = pilot.app.screen
    if not next_picks(screen):
        await choose(pilot, screen.model.options.index(action))
        return
    for target in action.targets[:-1]:
        picked = len(picked_so_far(screen))
        await choose(pilot, next_picks(screen).index(target))
        await until(pilot, lambda: len(picked_so_far(screen)) > picked, "the next pick")
    await choose(pilot, next_picks(screen).index(action.targets[-1]))


async def step(pilot, seen: list[str] | None = None) -> bool:
    """One move of the table on whatever screen is up; False at the end screen."""
    app = pilot.app
    name = screen_name(app)
    if seen is not None:
        seen.append(name)
    if name == "EndScreen":
        return False
    if name == "DealScreen":
        done = app.screen.done
        await press(pilot, "enter")
        if not done:
            await until(pilot, lambda: screen_name(app) == "CardScreen", "the card")
            await press(pilot, "enter")
            await until(pilot, lambda: screen_name(app) == "DealScreen", "the hand-over")
        else:
            await until(pilot, lambda: screen_name(app) != "DealScreen", "the night")
    elif name == "NightScreen":
        night = app.screen
        # a screen just pushed has not entered its step yet (on_mount): a fast-forward before it is undone by it
        await until(pilot, lambda: night.is_mounted, "the eyes-closed screen to enter its step")
        while night._waiting():
            await press(pilot, "enter")
            await until(pilot, lambda: screen_name(app) in ("PromptScreen", "ClassicWhoScreen"), "the prompt")
            if screen_name(app) == "ClassicWhoScreen":  # the werewolves' step: who holds the laptop?
                await choose(pilot, pending(app.state).seat)
                await until(pilot, lambda: screen_name(app) == "PromptScreen", "the prompt")
            while screen_name(app) == "PromptScreen":
                if app.screen.learned:  # what the answer taught (the seer's look): Enter hides it
                    await press(pilot, "enter")
                    await until(pilot, lambda: screen_name(app) != "PromptScreen", "the hidden result")
                    break
                shown, prompt = app.screen.model, pending(app.state)
                assert (prompt.seat, prompt.step) == (shown.seat, shown.step)  # the prompt on screen
                await answer_prompt(pilot, prompt.options[policy(app, prompt)])
                await until(pilot, lambda: screen_name(app) != "PromptScreen" or app.screen.model != shown,
                            "the answer")
            await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")
        index = night.index
        night.fast_forward()
        await until(pilot, lambda: app.screen is not night or night.index != index, "the next step")
    elif name == "ClassicTableScreen":
        table = app.screen
        if table.prompt is not None:
            before = len(app.state.inputs)
            action = table.prompt.options[policy(app, table.prompt)]
            await choose(pilot, table.shown.index(action))
            await until(pilot, lambda: len(app.state.inputs) > before, "the public answer")
        else:
            await press(pilot, "enter")
            await until(pilot, lambda: app.screen is not table, "the next part")
    elif name == "ClassicDayScreen":
        day = app.screen
        await press(pilot, "enter")
        await until(pilot, lambda: app.screen is not day, "the vote")
    else:
        shown = app.screen
        await until(pilot, lambda: app.screen is not shown, "a screen the table acts on")
    return True


async def to_the_werewolves(pilot, app, ready=lambda: True) -> None:
    """Play the night up to the werewolves' step, once its prompt waits for the laptop (and ``ready()``
    holds); every other step is fast-forwarded."""
    for _ in range(100):
        night = screen_name(app) == "NightScreen" and app.screen.index >= 0
        if night and app.screen.steps[app.screen.index] == "werewolf" and app.screen._waiting() and ready():
            return
        if night and not app.screen.is_mounted:
            screen = app.screen
            await until(pilot, lambda: screen.is_mounted, "the eyes-closed screen to enter its step")  # on_mount
            continue
        if night and app.screen.steps[app.screen.index] != "werewolf":
            screen, index = app.screen, app.screen.index
            screen.fast_forward()
            await until(pilot, lambda: app.screen is not screen or screen.index != index, "the next step")
            continue
        await step(pilot)


async def step_until(pilot, done, what: str, limit: int = 300) -> None:
    """Plays the game on, one ``step`` at a time, until ``done()`` holds; fails naming ``what`` if it never
    does within ``limit`` steps (a test waiting for a moment that never came should say so)."""
    for _ in range(limit):
        if done():
            return
        await step(pilot)
    raise AssertionError(f"no {what}")


async def play_to_end(pilot, seen=None, limit: int = 600) -> None:
    for _ in range(limit):
        if not await step(pilot, seen):
            return
    raise AssertionError("the game did not end")


async def test_a_seven_player_game_plays_from_the_deal_to_the_end_across_three_nights():
    app = make(9)
    seen: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        await play_to_end(pilot, seen)
        b = app.state.board
        assert b.phase == "over" and b.winning_side in ("werewolves", "villagers", "lovers")
        assert b.round >= 3, b.round
        text = screen_text(app)
        assert "The game is over" in text and "Night 1" in text
        # the one end screen: the hint and the footer name the keys in the table's words, the scroll reads
        assert "N: Play again · S: New set-up · Ctrl+Q: Quit" in text and "s New set-up" in text.splitlines()[-1]
        assert app.focused is app.screen.query_one("#end-scroll")
    assert {"DealScreen", "CardScreen", "NightScreen", "ClassicTableScreen",
            "ClassicDayScreen", "EndScreen"} <= set(seen) | {"CardScreen"}
    # the hunter was killed at night 1 and shot in public at dawn
    shots = [e for e in b.events if e.step == "hunter"]
    assert shots and b.roles[shots[0].seat] == "hunter"
    # the dead never vote: every ballot is cast by a player alive at that moment (§4.5.5)
    dead_at: dict[int, int] = {}
    for i, e in enumerate(b.events):
        if e.kind == "death":
            dead_at.setdefault(e.seat, i)
        if e.kind == "vote":
            assert e.seat not in dead_at or dead_at[e.seat] > i


async def test_the_hunter_shoots_on_the_public_table_screen():
    app = make(9)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")

        def hunter_shoots() -> bool:
            p = pending(app.state)
            return screen_name(app) == "ClassicTableScreen" and p is not None and p.step == "hunter"

        await step_until(pilot, hunter_shoots, "hunter shot", limit=200)
        text = screen_text(app)
        hunter = app.state.board.roles.index("hunter")
        assert f"{NAMES[hunter]} is dead. Card: Hunter." in text
        assert "shoot a living player" in text


async def test_a_classic_game_resumes_where_it_stopped_and_plays_the_same_game(tmp_path):
    """The game is played once to its end with its save file; the save as it stood in the second night (what
    a table quitting there leaves: the app writes it at every change, nothing more on leaving) is resumed
    and played to the end: the same game. (Played once, not twice up to the second night: half the time.)"""
    save = tmp_path / "game.json"
    whole = make(9, save=save)
    stopped: bytes | None = None
    async with whole.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(whole) == "DealScreen", "the deal")
        for _ in range(600):
            table = whole.table
            if stopped is None and table.stage == "night" and table.round == 2 and table.meta("step", -1, int) >= 1:
                stopped, stopped_at = save.read_bytes(), len(whole.state.inputs)  # into the second night
            if not await step(pilot):
                break
        else:
            raise AssertionError("the game did not end")
    assert not save.exists()  # a finished game leaves nothing to resume
    assert stopped is not None, "the game never reached its second night"
    save.write_bytes(stopped)
    saved = read_save(save)
    assert saved.setup.ruleset == "classic" and saved.get("stage") == "night" and saved.get("round") == 2
    again = OneNightApp(quiet_settings(), start=saved, save_file=save)
    again.clock = FakeClock()
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(again) == "NightScreen", "the night it stopped in")
        assert len(again.state.inputs) == stopped_at
        await play_to_end(pilot)
        assert again.state.board == whole.state.board
    assert not save.exists()  # a finished game leaves nothing to resume


async def _public_night_record(seed: int, nights: int = 2) -> tuple[list[str], list[tuple], object]:
    """The deal's hand-over screens as text, and each night step as the table sees it (banner, title,
    call, duration), for ``nights`` nights in which nobody opens a prompt (every step times out)."""
    # no event cards (a Werewolf ally card turned in one game only would add a public step to it)
    app = make(seed, deck=("werewolf", "werewolf", "seer", "witch", "hunter", "defender", "villager"),
               **{"sheriff.enabled": False, "events.new_moon": False})
    deal_texts: list[str] = []
    steps: list[tuple] = []
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        for _ in range(400):
            name = screen_name(app)
            if name == "EndScreen" or app.table.round > nights:
                break
            if name == "DealScreen":
                deal_texts.append(screen_text(app))
            if name == "NightScreen":
                night = app.screen
                await until(pilot, lambda: night.is_mounted, "the eyes-closed screen to enter its step")  # on_mount
                steps.append((app.table.round, night.index, str(night.query_one("#night-banner").render()),
                              str(night.query_one("#night-title").render()),
                              str(night.query_one("#night-call").render()), night.duration))
                index = night.index
                night.fast_forward()
                await until(pilot, lambda: app.screen is not night or night.index != index, "the next step")
                continue
            await step(pilot)
        board = app.state.board
    return deal_texts, steps, board


async def test_public_screens_and_night_timing_do_not_depend_on_the_deal_or_on_who_died():
    deal_a, night_a, board_a = await _public_night_record(2)
    deal_b, night_b, board_b = await _public_night_record(5)
    assert board_a.roles != board_b.roles  # two different deals...
    dead_a = {s for s, a in enumerate(board_a.alive) if not a}
    dead_b = {s for s, a in enumerate(board_b.alive) if not a}
    assert dead_a != dead_b  # ...and different players dead before night 2
    assert deal_a == deal_b and len(deal_a) == len(NAMES) + 1
    assert night_a == night_b
    assert any(r == 2 for r, *_ in night_a)  # the second night was called too, step for step


async def test_a_lovers_ballot_lists_every_living_player_and_refuses_the_lover_saying_why():
    app = make(9)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")

        def a_lovers_ballot() -> bool:
            p = pending(app.state)
            return (screen_name(app) == "ClassicTableScreen" and p is not None and p.step == "vote"
                    and app.screen.prompt is not None and p.seat in app.state.board.lovers)

        await step_until(pilot, a_lovers_ballot, "lover's ballot")
        p = pending(app.state)
        table = app.screen
        lover = app.state.board.lover_of(p.seat)
        listed = [a.targets[0] for a in table.shown]
        assert listed == [f"p{s}" for s in app.table.view().living if s != p.seat]
        before = len(app.state.inputs)
        await choose(pilot, listed.index(f"p{lover}"))
        await until(pilot, lambda: screen_name(app) == "NoticeScreen", "the notice")
        notice = app.screen.message
        assert "a lover never votes against the other lover" in notice and NAMES[lover] in notice  # issue 23
        assert len(app.state.inputs) == before


async def test_the_setup_screen_offers_classic_with_its_own_cards_and_starts_a_classic_game():
    from textual.widgets import Input

    from onenight_tui.widgets.picker import Picker

    app = OneNightApp(quiet_settings())
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: getattr(app.screen, "filled", False), "the set-up")
        app.screen.query_one("#setup-players", Input).value = ",".join(NAMES)
        await until(pilot, lambda: len(app.screen.names) == len(NAMES), "the players")
        app.screen.query_one("#setup-ruleset", Picker).value = "classic"
        await until(pilot, lambda: "Little Girl" in screen_text(app), "the classic cards")
        assert "Piper" in screen_text(app) and app.screen.problem is None
        assert app.screen.query_one("#setup-preset", Picker).value == "custom"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the classic deal")
        assert app.state.setup.ruleset == "classic" and len(app.state.setup.deck) == len(NAMES)
        assert dict(app.state.setup.options)["vote.tie_policy"] == "no_elimination"  # the schema's defaults


async def test_in_the_werewolves_step_each_member_opens_his_prompt_in_any_order_and_nobody_else_does():
    """Issue 23: a werewolf opens his prompt while the little girl (a lower seat) has not taken the
    laptop; a player outside the step (a villager) gets the notice everyone gets."""
    app = make(9)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        await to_the_werewolves(pilot, app)
        p = pending(app.state)
        assert p.step == "werewolf" and p.role == "little_girl"
        board = app.state.board
        wolf = next(s for s in range(len(NAMES)) if board.roles[s] == "werewolf")
        other = next(s for s in range(len(NAMES)) if board.roles[s] not in ("werewolf", "little_girl"))
        await press(pilot, "enter")
        await until(pilot, lambda: screen_name(app) == "ClassicWhoScreen", "who holds the laptop")
        await choose(pilot, other)
        await until(pilot, lambda: screen_name(app) == "NoticeScreen", "the notice")
        assert "Nothing to do now" in app.screen.message
        await press(pilot, "enter")
        await until(pilot, lambda: screen_name(app) == "NightScreen", "the night")
        await press(pilot, "enter")
        await until(pilot, lambda: screen_name(app) == "ClassicWhoScreen", "who holds the laptop")
        await choose(pilot, wolf)
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the prompt")
        assert app.screen.seat == wolf and app.screen.model.step == "werewolf"


async def test_the_scapegoat_and_the_village_idiot_play_out_on_the_public_table_screen():
    deck = ("werewolf", "werewolf", "seer", "scapegoat", "hunter", "villager", "village_idiot")
    # no event deck: a card that replaces the vote or hides the cards could take the day this game needs
    app = make(4, deck=deck, **{"events.new_moon": False})
    prompts: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        for _ in range(600):
            p = pending(app.state)
            if screen_name(app) == "ClassicTableScreen" and p is not None and app.screen.prompt is not None:
                prompts.add(p.step)
                if p.step == "scapegoat":
                    assert "choose who may vote" in screen_text(app)
            if not await step(pilot):
                break
        b = app.state.board
        assert b.phase == "over"
        assert "scapegoat" in prompts and any(e.kind == "idiot_revealed" for e in b.events)


async def test_sheriff_decides_a_tie_and_sequential_hands_offer_abstaining_in_public():
    deck = ("werewolf", "werewolf", "seer", "witch", "elder", "villager", "defender")
    # no event deck: a card that replaces the vote (Nightmare, Great Distrust, Punishment) would take the day
    app = make(4, deck=deck, **{"vote.tie_policy": "sheriff_decides", "vote.procedure": "sequential_hands",
                                "events.new_moon": False})
    abstain_offered = False
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        for _ in range(600):
            p = pending(app.state)
            if screen_name(app) == "ClassicTableScreen" and app.screen.prompt is not None and p.step == "vote":
                abstain_offered |= "Abstain" in screen_text(app)
            if not await step(pilot):
                break
        b = app.state.board
        assert b.phase == "over" and abstain_offered
        assert any(e.kind == "tie_break" for e in b.events)


async def test_a_run_off_says_so_on_the_ballots():
    app = make(1, **{"vote.tie_policy": "mob_runoff"})
    hints: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        for _ in range(400):
            p = pending(app.state)
            if screen_name(app) == "ClassicTableScreen" and app.screen.prompt is not None and p.step == "vote":
                hints.add(str(app.screen.query_one("#classic-table-hint").render()))
                if any(e.id == "runoff" for e in app.screen.app.table.heard()):
                    break
            if not await step(pilot):
                break
        assert "Everyone points at once; then enter each vote here." in hints
        assert "The vote was tied: the others vote between the tied players." in hints


async def test_classic_lists_open_with_the_first_answer_highlighted_behind_the_key_guard():
    """Issue 23 leftover: Cupid's picks and a day ballot open with the first answer highlighted (as One
    Night's prompts), and the second key of a double press chooses nothing; a deliberate Enter does."""
    from onenight_tui.screens.common.prompt import PromptScreen

    app = make(9)
    app.KEY_GUARD_SECONDS = 0.4
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        cupid = pending(app.state)
        assert cupid.step == "cupid"
        app.push_screen(PromptScreen(cupid.seat))
        await until(pilot, lambda: screen_name(app) == "PromptScreen" and next_picks(app.screen), "Cupid's picks")
        screen, choices = app.screen, app.screen.query_one("#prompt-options")
        for picked in (0, 1):
            assert choices.highlighted == 0
            first = next_picks(screen)[0]
            await pilot.press("enter")  # the double press's second key: inside the guard
            await handled(pilot, "the second key")
            assert len(picked_so_far(screen)) == picked and not app.state.board.lovers
            await press(pilot, "enter")  # a deliberate Enter picks the highlighted player
            if picked == 0:
                await until(pilot, lambda: picked_so_far(screen) == [first], "the first pick")
        await until(pilot, lambda: len(app.state.board.lovers) == 2, "the lovers")

        def a_ballot() -> bool:
            p = pending(app.state)
            return (screen_name(app) == "ClassicTableScreen" and p is not None and p.step == "vote"
                    and app.screen.prompt is not None)

        await step_until(pilot, a_ballot, "ballot")
        table, before = app.screen, len(app.state.inputs)
        ballots = table.query_one("#classic-table-options")
        assert ballots.highlighted == 0
        table.query_one("#classic-table-options").arm()  # the ballot has just appeared
        await pilot.press("enter")
        await handled(pilot, "the key")
        assert len(app.state.inputs) == before


async def test_a_double_press_on_cupids_first_pick_picks_one_player_only():
    """Played at 80×24: Down×7, Enter Enter on Cupid's list made Hal and Ivy lovers — the second Enter
    selected again (index 7) before the first selection rebuilt the list. A choice arms the guard."""
    from onenight_tui.screens.common.prompt import PromptScreen

    app = make(9)
    app.KEY_GUARD_SECONDS = 0.4
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        app.push_screen(PromptScreen(pending(app.state).seat))
        await until(pilot, lambda: screen_name(app) == "PromptScreen" and next_picks(app.screen), "Cupid's picks")
        screen = app.screen
        second = next_picks(screen)[1]
        choices = screen.query_one("#prompt-options")
        app.clock.advance(1.0)
        choices.action_cursor_down()
        choices.action_choose()  # both keys of the double press read before the choice reaches the screen
        choices.action_choose()
        await until(pilot, lambda: picked_so_far(screen) == [second], "the first pick")
        await handled(pilot, "the second choice")
        assert picked_so_far(screen) == [second] and not app.state.board.lovers


async def test_the_seers_result_is_not_hidden_by_the_second_key_of_the_double_press_that_chose():
    """Played at 80×24: Enter Enter on the Seer's list chose and at once hid "Fay: Werewolf" unread."""
    from onenight_tui.screens.common.prompt import PromptScreen

    app = make(9)
    app.KEY_GUARD_SECONDS = 0.4
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the deal")
        while pending(app.state).step != "seer":
            app.table.answer(pending(app.state).options[0])
        app.push_screen(PromptScreen(pending(app.state).seat))
        await until(pilot, lambda: screen_name(app) == "PromptScreen" and app.screen.model, "the Seer's list")
        screen = app.screen
        await press(pilot, "enter")  # a deliberate Enter chooses the highlighted player...
        await until(pilot, lambda: screen.learned, "the Seer's result")
        await pilot.press("enter")  # ...and the second key of the double press comes at once
        await handled(pilot, "the second key")
        assert app.screen is screen and screen.learned and not screen.closing
        await press(pilot, "enter")  # a deliberate Enter hides it
        await until(pilot, lambda: screen.closing, "the result hidden")
