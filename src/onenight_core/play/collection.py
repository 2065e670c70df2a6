"""A Dalbula player's card collection: the role cards they own, their Seer tokens and stickers.

Seed 000 §3.8 (docs/rules.md §3.8) keeps this outside the rules engine: in a Dalbula game each player brings
one card they own (docs/rules.md §2.1), a win gives one Seer token, 10 tokens buy a 10-card pack, and a
player the Diseased voted for earns a Diseased sticker when they win. These are plain values: the
app reads and writes them (``onenight_tui.collection_store``); nothing here touches a file.

Packs are drawn like every other random thing of the game (``rulesets.draws.stream_random``): from
the collection's own seed and the number of packs already bought, so the same collection always opens
the same next pack and a reloaded file cannot be re-rolled."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from attrs import evolve, field, frozen

from ..rulesets.draws import stream_random

#: What a new player owns (docs/decisions.md, "Card collection"): the base game's five best known
#: cards, one evil and four village. Any table of 3 or more can be formed from them, every player can
#: bring the evil card, and nobody needs to know a Dalbula role to start.
STARTER_SET: tuple[str, ...] = ("werewolf", "seer", "robber", "troublemaker", "villager")
TOKENS_PER_WIN = 1
PACK_PRICE = 10  # Seer tokens
PACK_SIZE = 10  # cards
DISEASED_STICKER = "diseased"


class CollectionError(ValueError):
    """A collection operation that cannot happen: too few tokens, a card not owned."""


def name_key(name: str) -> str:
    """A player's name as the set-up compares names (``Setup``: trimmed, case-folded): "Ann" and
    "ann " own the same collection."""
    return name.strip().casefold()


def _counts(value: Iterable[tuple[str, int]] | Counter[str]) -> tuple[tuple[str, int], ...]:
    items = value.items() if isinstance(value, Counter) else value
    return tuple(sorted((str(k), int(n)) for k, n in items if n > 0))


@frozen
class Collection:
    """What one player owns. ``cards`` and ``stickers`` are (id, count) pairs, sorted; ``seed`` and
    ``packs`` make the next pack reproducible."""

    name: str
    seed: int
    cards: tuple[tuple[str, int], ...] = field(default=(), converter=_counts)
    tokens: int = 0
    stickers: tuple[tuple[str, int], ...] = field(default=(), converter=_counts)
    packs: int = 0
    wins: int = 0

    @classmethod
    def starter(cls, name: str, seed: int) -> Collection:
        """A new player's collection: the starter set, no tokens."""
        return cls(name=name, seed=seed, cards=tuple(Counter(STARTER_SET).items()))

    @property
    def key(self) -> str:
        return name_key(self.name)

    def owned(self, role: str) -> int:
        return dict(self.cards).get(role, 0)

    @property
    def roles(self) -> tuple[str, ...]:
        """The distinct roles owned, sorted by id (the screens sort by their own order)."""
        return tuple(role for role, _n in self.cards)

    @property
    def can_buy(self) -> bool:
        return self.tokens >= PACK_PRICE

    def with_win(self) -> Collection:
        """One more win: one more Seer token."""
        return evolve(self, tokens=self.tokens + TOKENS_PER_WIN, wins=self.wins + 1)

    def with_sticker(self, sticker: str = DISEASED_STICKER) -> Collection:
        stickers = Counter(dict(self.stickers))
        stickers[sticker] += 1
        return evolve(self, stickers=tuple(stickers.items()))

    def with_cards(self, roles: Iterable[str]) -> Collection:
        cards = Counter(dict(self.cards))
        cards.update(roles)
        return evolve(self, cards=tuple(cards.items()))

    def next_pack(self, catalogue: Sequence[str]) -> tuple[str, ...]:
        """The cards the next pack holds: ``PACK_SIZE`` independent uniform draws over ``catalogue``
        (every role type of the ruleset), duplicates allowed, as the center cards are drawn (E-61)."""
        if not catalogue:
            raise CollectionError("there are no cards to draw a pack from")
        rng = stream_random(self.seed, f"collection.pack#{self.packs}")
        return tuple(rng.choice(catalogue) for _ in range(PACK_SIZE))

    def buy_pack(self, catalogue: Sequence[str]) -> tuple[Collection, tuple[str, ...]]:
        """Spend ``PACK_PRICE`` tokens on the next pack; returns the new collection and the cards."""
        if not self.can_buy:
            raise CollectionError(f"a pack costs {PACK_PRICE} Seer tokens; {self.name} has {self.tokens}")
        pack = self.next_pack(catalogue)
        bought = evolve(self, tokens=self.tokens - PACK_PRICE, packs=self.packs + 1)
        return bought.with_cards(pack), pack


@frozen
class Rewards:
    """What a finished game gives: the winners' seats (one Seer token each) and the seats that earn a
    Diseased sticker."""

    winners: frozenset[int]
    stickers: frozenset[int]


def rewards(winners: Iterable[int], roles: Sequence[str], votes: Sequence[Sequence[int] | None]) -> Rewards:
    """The rewards of a game (docs/rules.md §3.8): every winner gets a token; a winner that a player whose
    final role is the Diseased voted for gets a sticker. ``roles`` are the final roles by seat,
    ``votes`` each seat's ballot (seats; a ballot naming nobody, the dealer's, names no seat)."""
    won = frozenset(winners)
    sticker = frozenset(target for seat, role in enumerate(roles) if role == DISEASED_STICKER
                        for target in (votes[seat] or ()) if target in won and target != seat)
    return Rewards(won, sticker)

