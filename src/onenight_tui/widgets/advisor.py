"""The deck advisor under the set-up's deck (issue 26): each team's expected win rate for the deck and
player count, from seeded bot games (``onenight_core.play.balance``), as a bar per team, then up to three
one-card swaps that bring the village closer to even. One Night decks and classic decks alike: what
differs per game family (how games are played, which team is the village, the names of teams and
cards) is the core's ``balance.family_for`` and ``_names`` here, keyed by the family, never a ruleset.

The bots are the informed bots, or the bots that claim by day when the table has bot seats (the set-up
says which, ``show_for``'s ``bot``): a table that plays with claiming bots sees their figures. The title
says which bots.

The games run in a thread worker (``run_worker(thread=True)``), never on the app's loop: the estimate
first (up to ``GAMES``, as many as fit in about ``ESTIMATE_MS`` on this machine: ``balance.games_within``,
so a classic deck or the claiming bots, whose games are slower, play fewer), then the swaps (up to
``SCREEN_GAMES`` per nearby deck and ``CONFIRM_GAMES`` for the best, the search sized to about
``SEARCH_MS``), each shown as soon as it is known, with a line of progress meanwhile. A new deck waits
``SETTLE`` seconds (a count pressed up three times asks once) and cancels the run before it (the worker's
``stop`` is asked between games). Results are kept per deck, player count, ruleset, options and bots for
the program's run.

The set-up mounts it after its complete frame and feeds it with ``show_for``; it imports the engine only
in its worker. The tooltip says what the figures are: which bots, not people, and a 95 % interval."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from textual.message import Message
from textual.widgets import Static

from onenight_core.ruleset_ids import DEFAULT_RULESET

from ..host import host
from ..text.app_words import AppWords, app_words

if TYPE_CHECKING:
    from textual.timer import Timer

    from onenight_core.play.balance import Estimate, Suggestion
    from onenight_core.rulesets.options import OptionValue

    #: The table's options as the set-up holds them: a mapping or ``(name, value)`` pairs.
    TableOptions = Mapping[str, OptionValue] | Iterable[tuple[str, OptionValue]] | None
    #: A table as the advisor keys it: players, the sorted deck, the ruleset, the sorted options, the bots.
    Key = tuple[int, tuple[str, ...], str, tuple[tuple[str, OptionValue], ...], str]

#: The most games of the deck itself, of each nearby deck first, and of the most promising nearby decks
#: again; the fewest of the deck itself.
GAMES = 1000
SCREEN_GAMES = 200
CONFIRM_GAMES = 800
LEAST_GAMES = 200
#: About how long the deck's own games and the swaps' search take on this machine (``balance.game_ms``).
ESTIMATE_MS = 600
SEARCH_MS = 1500
#: The bots' words in the title and the tooltip.
BOTS_WORDS = {"informed": "advisor_bots_informed", "claiming": "advisor_bots_claiming"}
#: Seconds a deck must stay unchanged before its games start.
SETTLE = 0.3
#: Off in the tests (conftest.py): its lines depend on how fast the games run; one test turns it on.
ENABLED = True
BAR = 8
TEAM_CELLS = 14  # a team's name, cut to fit the deck's column at 80 columns

# What is known of each deck: (estimate, suggestions or None while they are looked for); (None, ()) for a
# deck the engine refuses.
_known: dict[Key, tuple[Estimate | None, tuple[Suggestion, ...] | None]] = {}


def advice_key(players: int, deck: tuple[str, ...], ruleset: str, options: TableOptions,
               bot: str = "informed") -> Key:
    return (players, tuple(sorted(deck)), ruleset, tuple(sorted(dict(options or {}).items())), bot)


def bar(share: float, width: int = BAR) -> str:
    full = round(share * width)
    return "█" * full + "░" * (width - full)


class DeckAdvisor(Static):
    # A fixed height, its title in its top border: the deck list above does not jump as the lines come.
    # In a short terminal with the set-up's notes shown, the bars and the best swap only.
    DEFAULT_CSS = """
    DeckAdvisor { height: 7; padding: 0 1; color: $text-muted; border-top: solid $secondary; overflow: hidden; }
    .-short.-noted DeckAdvisor { height: 4; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", markup=False, **kwargs)
        self.key: Key | None = None
        self._asked: tuple[Key, tuple[int, tuple[str, ...], str, TableOptions, str]] | None = None
        self._timer: Timer | None = None
        self._progress: tuple[int, int] | None = None

    def on_mount(self) -> None:
        self._title()

    def _title(self, games: int = GAMES) -> None:
        """The title says which bots play; the tooltip what the figures are."""
        say = app_words(self)
        bot = self.key[4] if self.key is not None else "informed"
        bots = say(BOTS_WORDS.get(bot, BOTS_WORDS["informed"]))
        self.border_title = say("advisor_title", bots=bots)
        self.tooltip = say("advisor_help", games=games, bots=bots)

    def on_unmount(self) -> None:
        self._stop()  # the set-up has gone (a game starts): no games left running behind it

    # -- fed by the set-up -------------------------------------------------------------------------
    def show_for(self, players: int | None, deck: tuple[str, ...] = (), ruleset: str = DEFAULT_RULESET,
                 options: TableOptions = None, bot: str = "informed") -> None:
        """Advise on this table of ``players`` with ``bot`` bots in every seat (``claiming`` for a table
        with bot seats). None: the form has a problem (the advisor waits for a complete form); 0: the deck
        is not chosen here (Dalbula's brought cards): hidden."""
        self.display = ENABLED and players != 0
        if not players or not ENABLED:
            self._stop()
            self.key, self._asked = None, None
            self._draw()
            return
        key = advice_key(players, deck, ruleset, options, bot)
        if key == self.key:
            return
        self._stop()
        self.key = key
        self._asked = (key, (players, deck, ruleset, options, bot))
        self._progress = None
        known = _known.get(key, (None, None))[0]
        self._title(known.games if known is not None else GAMES)
        if key in _known and _known[key][1] is not None:
            self._draw()
            return
        self._draw()
        self._timer = self.set_timer(SETTLE, self._start)

    def _stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.workers.cancel_group(self, "advisor")

    def _start(self) -> None:
        self._timer = None
        if self._asked is None:
            return
        key, table = self._asked
        self.run_worker(lambda: self._play(key, *table), thread=True, group="advisor", exclusive=True,
                        exit_on_error=False)

    # -- the worker (a thread) ---------------------------------------------------------------------
    def _play(self, key: Key, players: int, deck: tuple[str, ...], ruleset: str, options: TableOptions,
              bot: str) -> None:
        from textual.worker import get_current_worker

        from onenight_core.errors import OneNightError
        from onenight_core.play.balance import Stopped, estimate, games_within, suggest, table_setup

        worker = get_current_worker()

        def stop() -> bool:
            return worker.is_cancelled

        last = [0]

        def told(done: int, total: int) -> None:
            if done - last[0] >= max(1, total // 50) or done == total:
                last[0] = done
                self.post_message(self.Told(key, done, total))

        try:
            setup = table_setup(players, deck, ruleset, dict(options or {}))
            kept = _known[key][0] if key in _known else None  # the estimate of a search that was cut short
            if kept is None:
                games = games_within(setup, bot, ESTIMATE_MS, min(LEAST_GAMES, GAMES), GAMES)
                kept = estimate(setup, games, progress=told, stop=stop, bot=bot)
            now = kept
            _known[key] = (now, None)
            self.post_message(self.Told(key, 0, 0))
            last[0] = 0
            found = suggest(setup, now, SCREEN_GAMES, CONFIRM_GAMES, progress=told, stop=stop, budget_ms=SEARCH_MS)
        except Stopped:
            return
        except OneNightError:  # a deck the engine refuses: nothing to advise
            _known[key] = (None, ())
            self.post_message(self.Told(key, 0, 0))
            return
        _known[key] = (now, found)
        self.post_message(self.Told(key, 0, 0))

    class Told(Message):
        """From the worker: how far the games of ``key`` are (``total`` 0: a result is in ``_known``).
        Posted, never ``call_from_thread``: that waits for the app's loop, which at exit waits for the
        worker (the app hung on closing)."""

        def __init__(self, key: Key, done: int, total: int) -> None:
            super().__init__()
            self.key, self.done, self.total = key, done, total

    def on_deck_advisor_told(self, message: Told) -> None:
        if message.key != self.key:
            return
        self._progress = (message.done, message.total) if message.total else None
        known = _known.get(message.key, (None, None))[0]
        if known is not None and not message.total:
            self._title(known.games)
        self._draw()

    # -- drawing -----------------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """What the advisor says now (plain text, one entry a line)."""
        say = app_words(self)
        if self.key is None:
            return [say("advisor_waiting")]
        now, found = _known.get(self.key, (None, None))
        lines: list[str] = []
        progress = self._progress
        if now is None and found == ():
            return lines + [say("advisor_none")]
        if now is None:
            done, total = progress or (0, 0)
            return lines + [say("advisor_running", done=done, total=total or GAMES)]
        team_name, role_name = _names(self, now.ruleset, now.players, say.lang)
        names = {t.key: _cells(team_name(t.key), TEAM_CELLS) for t in now.teams}
        width = max((cell_len(n) for n in names.values()), default=0)
        for team in now.teams:
            low, high = team.interval
            name = names[team.key]
            lines.append(say("advisor_team", team=name + " " * (width - cell_len(name)), bar=bar(team.rate),
                             rate=_percent(team.rate, say), low=f"{low * 100:.0f}",
                             high=f"{high * 100:.0f}"))
        if found is None:
            done, total = progress or (0, 0)
            lines.append(say("advisor_searching", done=done, total=total) if total else say("advisor_searching_start"))
        elif not found:
            lines.append(say("advisor_no_swap"))
        else:
            for s in found:
                lines.append(say("advisor_swap", old=role_name(s.remove), new=role_name(s.add),
                                 before=_percent(s.before, say), after=_percent(s.village_after, say)))
        return lines

    def _draw(self) -> None:
        self.update("\n".join(self.lines()))


def _percent(share: float, say: AppWords) -> str:
    return say("advisor_percent", value=f"{share * 100:.0f}")


def _names(widget: Static, ruleset: str, players: int, lang: str) -> tuple[Callable[[str], str], Callable[[str], str]]:
    """How ``ruleset``'s family names a team and a card in ``lang``: One Night's teams (rules.toml) and
    roles (the app's catalog), or classic's sides and its own cards (``ClassicWords``)."""
    from ..families import NIGHTS_AND_DAYS, ONE_NIGHT, by_family

    seats = tuple(f"P{i + 1}" for i in range(players))

    def one_night() -> tuple[Callable[[str], str], Callable[[str], str]]:
        from ..text.words import Wording

        catalog = host(widget).catalog
        return (Wording(seats, catalog, lang).team_name,
                lambda role: catalog[role].name(lang) if role in catalog else role)

    def nights_and_days() -> tuple[Callable[[str], str], Callable[[str], str]]:
        from ..text.classic_words import ClassicWords

        words = ClassicWords(seats, lang)
        return words.side, words.card

    return by_family(ruleset, {ONE_NIGHT: one_night, NIGHTS_AND_DAYS: nights_and_days})()


def _cells(text: str, most: int) -> str:
    """``text`` cut to ``most`` terminal cells (a Korean or Chinese letter takes two), "…" ending a cut."""
    if cell_len(text) <= most:
        return text
    while cell_len(text) > most - 1:
        text = text[:-1]
    return text + "…"
