"""Helpers for the app's Pilot tests: start the app on a seeded game and play it through its screens.

Choices come from the engine's own legal answers (the pending prompt's options), made by pressing the
keys a player would press. Waiting is done on conditions (``until``), never with fixed sleeps; the
night's step timer is run out with ``NightScreen.fast_forward`` instead of waiting for it."""

from __future__ import annotations

import asyncio
import html
import random
import re
from collections.abc import Callable

from rich.cells import cell_len

from onenight_core import Setup, pending
from onenight_tui.app import NewGame, OneNightApp
from onenight_tui.settings import Settings

NAMES = ("Mina", "Oskar", "Pia", "Quentin", "Rhea", "Sven", "Tove", "Ugo", "Vera", "Wim")
SIZE = (80, 24)


class FakeClock:
    """Stands in for ``app.clock``: time moves only when a test says so."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def quiet_settings(**changes) -> Settings:
    """Settings for tests: no speech, a night step long enough never to end by itself mid-test."""
    values = dict(speech=False, action_seconds=30, day_seconds=300, theme="textual-dark")
    values.update(changes)
    return Settings(**values)


def make_app(roles, players: int | None = None, seed: int = 1, **settings) -> OneNightApp:
    players = players or len(roles) - 3
    setup = Setup(NAMES[:players], tuple(roles))
    return OneNightApp(quiet_settings(**settings), start=NewGame(setup, seed))


def put_game(app, state, saved) -> None:
    """Put the One Night game ``state`` (saved as ``saved``) on ``app``'s table, as if it had been
    played there: the table's driver owns its game (tables/one_night.py)."""
    from onenight_tui.tables.one_night import OneNightTable

    if not isinstance(app.table, OneNightTable):
        app.table = OneNightTable(app)
    app.table.game, app.saved = state, saved


def screen_name(app) -> str:
    return type(app.screen).__name__


_SVG_TEXT = re.compile(r'<text class="[^"]*" x="([0-9.]+)" y="[0-9.]+" textLength="[0-9.]+" '
                       r'clip-path="url\(#[^)]*-line-(\d+)\)">([^<]*)</text>')
_SVG_CELL = 20 * 0.61  # rich's ``export_svg``: a cell is 0.61 of its 20-unit height wide


def screen_text(app) -> str:
    """What the terminal shows now, as plain text: every screen drawn (a modal over the one below it), read
    from Textual's public screenshot (the SVG the snapshot tests compare), one line a row. A two-cell
    letter takes one character of its row, as in the terminal's own text."""
    width, height = app.size
    rows: list[list[str]] = [[" "] * width for _ in range(height)]
    for x, y, text in _SVG_TEXT.findall(app.export_screenshot(simplify=True)):
        col, row = round(float(x) / _SVG_CELL), rows[int(y)]
        for ch in html.unescape(text.replace("&#160;", " ")):
            if col < width:
                row[col] = ch
                if cell_len(ch) == 2 and col + 1 < width:
                    row[col + 1] = ""
            col += cell_len(ch)
    return "\n".join("".join(row) for row in rows)


# Waiting: every wait is on a condition, given up after a deadline in seconds (a loaded two-core machine runs
# the app slowly; a wait that ends by counting idle cycles times out there and passes on an idle one).
DEADLINE = 60.0


async def until(pilot, condition: Callable[[], bool], what: str, limit: int | None = None,
                timeout: float = DEADLINE) -> None:
    """Let the app run (``pilot.pause``: it handles its messages and draws) until ``condition`` holds; fail
    after ``timeout`` seconds. ``limit`` is accepted for the helpers written before the deadline: it is
    no longer counted."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what} (screen: {screen_name(pilot.app)})")
        await pilot.pause()


async def wait_for(pilot, condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait, in real time (the narrator's clock runs on it), until ``condition`` holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + max(timeout, DEADLINE)
    while not condition():
        if loop.time() > end:
            raise AssertionError("condition not reached in time")
        await pilot.pause(0.01)


async def handled(pilot, what: str = "the keys pressed", timeout: float = DEADLINE) -> None:
    """Wait until the app has handled every message sent to it so far (a key pressed, a message posted),
    wherever it went on: the app forwards a key to the screen, the screen to the focused widget, which bubbles
    it back up node by node to the app, whose bindings run its action. Each round puts a marker
    (``call_later``) behind the messages of the app and of every node on the screen stack and waits until
    all the markers have come out; a message moves at least one node a round, so twice the deepest node's
    depth (and two more) covers the longest path. This is what a check that a key did *nothing* waits for:
    there is no effect to wait on."""
    app = pilot.app
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    rounds = 0
    while True:
        nodes = [app, *(node for screen in app.screen_stack for node in screen.walk_children(with_self=True))]
        if rounds > 2 * max(len(node.ancestors) for node in nodes) + 2:
            return
        rounds += 1
        waiting: set = set()
        out = asyncio.Event()

        def came_out(node, waiting: set = waiting, out: asyncio.Event = out) -> None:
            waiting.discard(node)
            if not waiting:
                out.set()

        for node in nodes:
            if node.call_later(came_out, node):
                waiting.add(node)
        while waiting:
            if loop.time() > end:
                raise AssertionError(f"timed out waiting for {what} to be handled (screen: {screen_name(app)})")
            try:  # a node closed meanwhile (its screen popped) never lets its marker out: stop waiting for it
                await asyncio.wait_for(out.wait(), 0.05)
            except TimeoutError:
                waiting -= {node for node in waiting if not node.is_running}


async def settled_text(pilot, read: Callable[[], str], limit: int | None = None,
                       timeout: float = DEADLINE) -> str:
    """The screen's text once it is complete: every footer has laid out its keys, the messages sent so far
    are handled (``handled``), and two reads with the app run in between (``until``: it draws the
    screen) are the same. On a loaded machine a screen just switched can be caught with the footer between
    removing its old keys and painting the new ones (a flaky privacy comparison)."""
    from textual.widgets import Footer

    def footers_ready() -> bool:
        return all(any(key.region.area for key in footer.query("FooterKey"))
                   for footer in pilot.app.screen.query(Footer))

    reads: list[str] = []

    def steady() -> bool:
        reads.append(read())
        return len(reads) > 1 and reads[-2] == reads[-1] and footers_ready()

    await until(pilot, footers_ready, "the footer's keys", timeout=timeout)
    await handled(pilot, "the screen's messages", timeout=timeout)
    await until(pilot, steady, "the screen to settle", timeout=timeout)
    return reads[-1]


async def press_when_ready(pilot, *keys: str) -> None:
    """Press ``keys`` once the screen takes keys: a hand-over or the eyes-closed screen ignores a key until
    it has been shown (``ready``, the double-press guard of hand_over.py; the tests' guard is 0 s), and a
    key sent before that is lost."""
    app = pilot.app
    await until(pilot, lambda: getattr(app.screen, "ready", True), f"the {screen_name(app)} to take keys")
    await pilot.press(*keys)


async def public_text_now(pilot) -> str:
    """The public screen's text once it is drawn whole (``settled_text``): what a privacy check compares."""
    return await settled_text(pilot, lambda: screen_text(pilot.app))


def pick_index(rng: random.Random, count: int) -> int:
    """One of the first few answers or the last one (each key press costs the test time)."""
    return rng.choice(sorted({*range(min(count, 3)), count - 1}))


async def choose(pilot, index: int, count: int) -> None:
    """On a private prompt: move the highlight to answer ``index`` and press Enter."""
    keys = ["end"] if index == count - 1 and index > 0 else ["home"] + ["down"] * index  # the first highlighted
    await pilot.press(*keys, "enter")


async def answer_prompt(pilot, rng: random.Random) -> list:
    """Answer a private prompt screen until it closes; returns the answers given, checked against what
    the app applied."""
    app = pilot.app
    given = []
    while screen_name(app) == "PromptScreen":
        p = pending(app.state)
        assert p is not None, "a prompt screen is open with nothing pending"
        index = pick_index(rng, len(p.options))
        before = len(app.saved.answers)
        await choose(pilot, index, len(p.options))
        await until(pilot, lambda: len(app.saved.answers) == before + 1, "the answer to be applied")
        assert app.saved.answers[-1] == p.options[index]
        given.append(p.options[index])
        await until(pilot, lambda: screen_name(app) != "PromptScreen" or pending(app.state) != p,
                    "the next prompt")
    return given


async def deal(pilot, on_public: Callable[[str], None] | None = None) -> None:
    """Pass the laptop round: each player opens and hides their card."""
    app = pilot.app
    for seat in range(app.state.players):
        await until(pilot, lambda: screen_name(app) == "DealScreen", "the hand-over screen")
        if on_public:
            on_public(await public_text_now(pilot))
        await press_when_ready(pilot, "enter")
        await until(pilot, lambda: screen_name(app) == "CardScreen", "the card")
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "DealScreen" and app.screen.seat == seat + 1,
                    "the next hand-over")
    if on_public:
        on_public(await public_text_now(pilot))
    await press_when_ready(pilot, "enter")
    await until(pilot, lambda: screen_name(app) == "NightScreen", "the night")


async def fast_forward_until(pilot, condition: Callable[[], bool], what: str, screen=None) -> None:
    """Run the night's steps out (``fast_forward`` of ``screen``, or of the screen showing when it has one) until
    ``condition`` holds."""
    app = pilot.app

    def there() -> bool:
        if condition():
            return True
        forward = getattr(screen or app.screen, "fast_forward", None)
        if forward is not None:
            forward()
        return False

    await until(pilot, there, what)


async def to_turn(pilot, role: str) -> None:
    """Run the night's steps out until ``role``'s step waits for its player to open the prompt."""
    app = pilot.app
    night = app.screen

    def there() -> bool:
        if night._waiting() and pending(app.state).role == role:
            return True
        night.fast_forward()
        return False

    await until(pilot, there, f"{role}'s step")


async def mark_check(pilot, on_public: Callable[[str], None] | None = None) -> list[str]:
    """Pass the laptop round for the mark check: each player opens their mark and hides it. Returns the
    private mark screens' texts, in seat order."""
    app = pilot.app
    seen = []
    await until(pilot, lambda: screen_name(app) == "MarkCheckScreen", "the mark check")
    while not app.screen.done:
        seat = app.screen.seat
        if on_public:
            on_public(await public_text_now(pilot))
        await press_when_ready(pilot, "enter")
        await until(pilot, lambda: screen_name(app) == "MarkScreen", "the mark")
        seen.append(screen_text(app))
        await pilot.press("enter")
        await until(pilot, lambda: screen_name(app) == "MarkCheckScreen" and app.screen.seat != seat,
                    "the next hand-over")
    if on_public:
        on_public(await public_text_now(pilot))
    await press_when_ready(pilot, "enter")
    await until(pilot, lambda: screen_name(app) == "NightScreen", "the night again")
    return seen


async def night(pilot, rng: random.Random, on_step: Callable[[int, str], None] | None = None,
                knock: bool = False, on_marks: Callable[[str], None] | None = None) -> None:
    """Walk the night: in each step, the actor (if any) opens the prompt and answers; in steps nobody
    acts in, someone presses the key anyway (``knock``) and gets the neutral notice. At the mark check
    the laptop goes round (``on_marks`` sees each public hand-over)."""
    app = pilot.app
    while screen_name(app) in ("NightScreen", "NoticeScreen", "PromptScreen", "MarkCheckScreen"):
        await until(pilot, lambda: screen_name(app) != "NoticeScreen", "the notice to close")
        if screen_name(app) == "MarkCheckScreen":
            await mark_check(pilot, on_marks)
            continue
        if screen_name(app) != "NightScreen":
            break
        screen = app.screen
        await until(pilot, lambda: screen.is_mounted, "the eyes-closed screen to enter its step")  # on_mount
        index = screen.index
        if screen._leaving:  # the mark check: the laptop goes round instead
            await until(pilot, lambda: app.screen is not screen, "the screen to change")
            continue
        if on_step:
            on_step(index, await public_text_now(pilot))
        if index >= 0 and screen._waiting():
            while screen._waiting():
                await press_when_ready(pilot, "enter")
                await until(pilot, lambda: screen_name(app) == "PromptScreen", "the private prompt")
                await answer_prompt(pilot, rng)
                await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")
            if on_step:
                on_step(index, await public_text_now(pilot))
        elif index >= 0 and knock and index < len(screen.steps):
            await press_when_ready(pilot, "enter")
            await until(pilot, lambda: screen_name(app) == "NoticeScreen", "the neutral notice")
            # The notice is a modal over the eyes-closed screen: read it once that screen shows behind it
            # (right after the mark check's hand-overs the screen below may not be painted yet).
            await until(pilot, lambda: app.words("night_banner") in screen_text(app), "the screen behind the notice")
            if on_step:
                on_step(index, await public_text_now(pilot))
            await pilot.press("escape")
            await until(pilot, lambda: screen_name(app) == "NightScreen", "the eyes-closed screen")
        screen.fast_forward()
        await until(pilot, lambda: screen_name(app) != "NightScreen" or app.screen is not screen
                    or app.screen.index != index, "the next step")


async def public_vote(pilot, rng: random.Random) -> list[int]:
    """Enter every vote on the public vote screen by cycling each row to a random legal answer."""
    app = pilot.app
    await until(pilot, lambda: screen_name(app) == "VoteScreen", "the vote screen")
    targets = []
    rows = sorted(app.screen.query("VoteRow"), key=lambda r: r.seat)
    for row in rows:
        assert app.focused is row
        keys = rng.choice([["right"], ["right", "right"], ["left"]])
        await pilot.press(*keys)
        targets.append(row.action)
        await pilot.press("down")
    await pilot.press("enter")
    await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")
    return targets


async def private_vote(pilot, rng: random.Random) -> None:
    app = pilot.app
    await until(pilot, lambda: screen_name(app) == "BallotScreen", "the ballot hand-over")
    while app.state.phase == "vote":
        await until(pilot, lambda: screen_name(app) == "BallotScreen", "the ballot hand-over")
        await press_when_ready(pilot, "enter")
        await until(pilot, lambda: screen_name(app) == "PromptScreen", "the private ballot")
        await answer_prompt(pilot, rng)
    # The last voter puts the laptop in the middle before anyone sees the result.
    await until(pilot, lambda: screen_name(app) == "TallyScreen", "the hand-over to the table")
    await until(pilot, lambda: app.words("tally_name") in flat(app), "the tally hand-over's words")
    await press_when_ready(pilot, "enter")
    await until(pilot, lambda: screen_name(app) == "EndScreen", "the reveal")


async def play_game(pilot, rng: random.Random) -> None:
    """A whole game from the first hand-over to the reveal."""
    app = pilot.app
    await deal(pilot)
    await night(pilot, rng)
    await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
    await pilot.press("v", "y")  # vote now, after a yes
    if app.settings.vote_mode == "private":
        await private_vote(pilot, rng)
    else:
        await public_vote(pilot, rng)


def run_headless_pressing_enter(app: OneNightApp) -> None:
    """Run the app as ``onenight`` would, headless, and press Enter once it is up (on the deal: open the
    first card)."""

    async def press_enter(pilot) -> None:
        await until(pilot, lambda: screen_name(pilot.app) != "Screen", "the app's first screen")
        await pilot.press("enter")

    app.run(headless=True, size=SIZE, auto_pilot=press_enter)


def record_notices(monkeypatch, app_class) -> None:
    """Every notice (toast) an app of ``app_class`` shows is also kept, in order, in its ``notices_shown``:
    read through the public ``notify``, not Textual's private list of the notices on screen."""
    original = app_class.notify

    def notify(self, message, *args, **kwargs):
        self.__dict__.setdefault("notices_shown", []).append(str(message))
        self.__dict__.setdefault("notices_titled", []).append((str(kwargs.get("title", "")), str(message)))
        return original(self, message, *args, **kwargs)

    monkeypatch.setattr(app_class, "notify", notify)


def notices(app) -> list[str]:
    """The notices the app has shown so far (``record_notices`` must be on for its class)."""
    return list(app.__dict__.get("notices_shown", []))


def titled_notices(app) -> list[tuple[str, str]]:
    """The notices shown so far as (title, message) pairs (``record_notices`` must be on for its class)."""
    return list(app.__dict__.get("notices_titled", []))


def flat(app) -> str:
    """The screen's words on one line."""
    return " ".join(screen_text(app).split())


class RecordingSpeaker:
    """Stands in for the narrator's voice: remembers each line instead of speaking it."""

    available = True

    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, text: str) -> bool:
        self.lines.append(text)
        return True

    def stop(self) -> None:
        pass


async def public_screens_by_seed(make: Callable[[int], OneNightApp], players: int, deck, seeds=(1, 2, 5),
                                 ) -> dict[str, set[str]]:
    """Play the app built by ``make(seed)`` for each seed, dealing and waking every seat to the day, and
    return every public screen (deal hand-overs, night calls, knock screens, the day) by its place in the
    game, normalized: one text per place when the screens read the same whatever the deal. Each text is
    checked to pair no player with a card of ``deck``."""
    from test_privacy import assert_no_pairing, normalized, public_text  # test_privacy imports this module

    seen: dict[str, set[str]] = {}
    for seed in seeds:
        app = make(seed)
        # time stands still: the night's steps move on only by ``fast_forward`` (on a loaded machine the real
        # clock ran a 3 s "night falls" out while its screen was being read, or a step out before its knock)
        app.clock = FakeClock()

        def record(key: str, text: str) -> None:
            assert_no_pairing(text, NAMES[:players], deck, key)
            seen.setdefault(key, set()).add(normalized(text))

        async with app.run_test(size=SIZE) as pilot:
            hand_overs = iter(range(players + 1))
            await deal(pilot, lambda text: record(f"deal-{next(hand_overs)}", text))
            await night(pilot, random.Random(seed),
                        lambda index, text: record(f"night-{index}", text) if screen_name(app) ==
                        "NightScreen" else record(f"knock-{index}", text), knock=True)
            await until(pilot, lambda: screen_name(app) == "DayScreen", "the day")
            record("day", await settled_text(pilot, lambda: public_text(app)))
    return seen
