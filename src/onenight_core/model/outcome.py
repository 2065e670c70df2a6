"""The outcome of a One Night game: who died and why, which teams won and why, each seat's result. A
value of the model (no rules): the engine returns it and the views, story and statistics read it, while
the resolution that computes it is the ruleset's (``rulesets.onuw.resolution``)."""

from __future__ import annotations

from attrs import field, frozen

from .messages import Message
from .values import _tuple


@frozen(slots=False)  # one per game, built with ten fields: dict stores are cheaper than slots
class Outcome:
    """The result of a game.

    ``dead`` and ``winners`` are seats; ``deaths`` pairs each dead seat with its cause; ``teams`` pairs
    each main team present with (won, reason); ``reasons[seat]`` says why that seat won or lost. Causes
    and reasons are ``Message`` values (ids and parameters); the app's text layer words them."""

    mode: str
    dead: frozenset[int]
    winners: frozenset[int]
    deaths: tuple[tuple[int, Message], ...] = field(converter=_tuple)
    teams: tuple[tuple[str, bool, Message], ...] = field(converter=_tuple)
    reasons: tuple[Message, ...] = field(converter=_tuple)
    roles: tuple[str, ...] = field(converter=_tuple)  # effective role per seat at the vote
    kinds: tuple[str | None, ...] = field(converter=_tuple)
    keys: tuple[str, ...] = field(converter=_tuple)
    # Protected seats the vote would have eliminated, with why they live (V4): "Nobody died" alone
    # would hide that the Bodyguard saved the most-voted player.
    saved: tuple[tuple[int, Message], ...] = field(default=(), converter=_tuple)
    # The dealer (the app, under the ripple "dealer vote") took one of the vote's death slots: it never
    # dies, but the table is told, or "Ann 2, the app 2" would read as if Ann alone had gone out.
    dealer_out: bool = False

    def own_results(self) -> tuple[tuple[int, bool, Message], ...]:
        """The seats no team line speaks for (the Tanner, the Assassin, a Blob...): (seat, won, why),
        read from the rows themselves, so the summary, the rows and the story never disagree."""
        lined = {k for k, _, _ in self.teams}
        return tuple((s, s in self.winners, why) for s, (key, why) in enumerate(zip(self.keys, self.reasons))
                     if key not in lined)
