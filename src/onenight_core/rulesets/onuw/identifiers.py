"""The identifier sub-tables of docs/rules.md §D.10 (ID-1, ID-2, ID-3, ID-4, ID-TM) and ID-G (§D.7): which
players a random instruction designates ("an even-numbered player", "two players to your left"...).

An identifier is drawn from its table of draws.toml (a public draw when the app says it aloud), and the
"specific players" entry draws the players themselves. A scenario pins either the identifier
(``"even"``) or the players (``["p1", "p4"]``). The designated set never depends on who holds what, only
on the seats, so announcing it leaks nothing.

Left open by the reference and decided here (docs/decisions.md, "Identifiers"): "even"/"odd" and
"higher"/"lower" never include the actor for the tables that designate cards to act on (ID-1..ID-4,
ID-TM), and include everyone of that parity for the group table ID-G; "two higher"/"two lower" (ID-2,
ID-TM) designate the whole higher/lower set and the actor chooses two of it."""

from __future__ import annotations

from ...model.kinds import PublicKind
from ...model.state import GameState
from ...model.values import DrawValue, PublicEvent
from ..draws import draw, draw_sample, pinned_draw

# how many specific players each table draws (ID-G: 2 at 6 players or fewer, else 3)
SPECIFIC = {"id_1": 1, "id_2": 2, "id_3": 3, "id_4": 3}


def specific_count(table: str, players: int) -> int:
    if table == "id_g":
        return 2 if players <= 6 else 3
    return SPECIFIC[table]


def designate(g: GameState, table: str, actor: int | None, *, stream: str, pin: str,
              public: bool = False, exclude: tuple[int, ...] = ()) -> tuple[GameState, str, tuple[int, ...]]:
    """Draw identifier ``table`` for ``actor`` (None: nobody, for an ID-G group) and the seats it
    designates, ascending. Returns the new state, the identifier key and the seats. ``exclude`` are
    seats never designated (the Empath)."""
    n = g.players
    group = table == "id_g"
    others = tuple(s for s in range(n) if (group or s != actor) and s not in exclude)
    pinned: DrawValue | None = pinned_draw(g, pin)
    if isinstance(pinned, tuple):  # specific players, pinned
        g, key = draw(g, table, stream=stream, pin=f"{pin}#kind", eligible={"specific"})
    else:
        g, key = draw(g, table, stream=stream, pin=pin)
    if public and key != "specific":  # the table hears "the even-numbered players", or the players below
        g = g.replace(public=g.public + (PublicEvent(PublicKind.DRAW, pin, (("value", key),)),))
    if key == "specific":
        names = tuple(f"p{s}" for s in others)
        g, picked = draw_sample(g, f"{stream}.players", names, min(specific_count(table, n), len(names)),
                                pin=pin, public=public)
        return g, key, tuple(sorted(int(p[1:]) for p in picked))
    return g, key, seats_of(key, actor, n, others)


def seats_of(key: str, actor: int | None, players: int, pool: tuple[int, ...]) -> tuple[int, ...]:
    """The seats identifier ``key`` designates among ``pool`` for ``actor`` (player number = seat + 1)."""
    if key == "everyone":
        return pool
    if key == "even":
        return tuple(s for s in pool if (s + 1) % 2 == 0)
    if key == "odd":
        return tuple(s for s in pool if (s + 1) % 2 == 1)
    if actor is None:
        return ()
    if key == "neighbours":
        return tuple(sorted({(actor - 1) % players, (actor + 1) % players} & set(pool)))
    if key == "higher":
        return tuple(s for s in pool if s > actor)
    if key == "lower":
        return tuple(s for s in pool if s < actor)
    if key == "left2":
        return tuple(sorted({(actor + 1) % players, (actor + 2) % players} & set(pool)))
    if key == "right2":
        return tuple(sorted({(actor - 1) % players, (actor - 2) % players} & set(pool)))
    raise ValueError(f"unknown identifier {key!r}")


__all__ = ["designate", "seats_of", "specific_count"]
