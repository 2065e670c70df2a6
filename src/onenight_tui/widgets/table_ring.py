"""A picture of the table: the seats around a ring and the center cards in the middle.

The private prompt draws the options on it: positions an option targets are highlighted, positions the
player picked are marked, and what the player saw on this prompt is written under the position, one line
per fact. Public facts (face-up cards, shields, artifacts) are written the same way on every screen that
shows the table. A click on a position posts ``TableRing.Picked``; the screen decides what picking
means."""

from __future__ import annotations

import functools
import itertools
import math

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..text.app_words import app_words
from ..text.wrapping import may_break_at


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` cells, broken between words ("Village Idiot" becomes
    "Village" / "Idiot", never "Village…"); a single word wider than the box is broken over lines
    (``_break_word``), never cut: a letter dropped from a face-up card's name hides a public fact."""
    lines: list[str] = []
    for word in text.split():
        if lines and cell_len(lines[-1]) + 1 + cell_len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.extend(_break_word(word, width))
    return lines or [""]


def _break_word(word: str, width: int) -> list[str]:
    """``word`` in pieces of at most ``width`` cells: after a hyphen or next to a Chinese character where
    it has one in reach ("Self-" / "Awareness", "邪恶探" / "测仪"), else folded between letters — Hangul
    as Korean folds a word, a Latin word with a hyphen added ("Investi-" / "gator")."""
    width = max(2, width)
    pieces: list[str] = []
    rest = word
    while cell_len(rest) > width:
        fits = 1
        while fits < len(rest) and cell_len(rest[:fits + 1]) <= width:
            fits += 1
        cut = next((at for at in range(fits, 0, -1) if may_break_at(rest, at)), 0)
        if cut:
            pieces.append(rest[:cut])
            rest = rest[cut:]
            continue
        # Folded into even pieces ("Invest-" / "igator", not "Investigat-" / "or").
        hyphen = fits > 1 and cell_len(rest[fits - 1]) == 1 and rest[fits - 1].isalnum() and rest[fits].isalnum()
        room = width - 1 if hyphen else width
        parts = -(-cell_len(rest) // room)
        cut = max(1, min(fits - hyphen, -(-len(rest) // parts)))
        pieces.append(rest[:cut] + "-" * hyphen)
        rest = rest[cut:]
    return [*pieces, rest]


@functools.lru_cache(maxsize=1024)
def _note_lines(note: str, width: int) -> tuple[str, ...]:
    """A position's facts (one a line) wrapped to its box: asked for every place the layout tries."""
    return tuple(part for fact in note.split("\n") for part in _wrap(fact, width))


def _apart(a: tuple[int, int, int, int], b: tuple[int, int, int, int], space: int = 0, gap: int = 0) -> bool:
    """Whether boxes ``a`` and ``b`` (x, y, width, height) leave ``space`` cells between them side by side,
    or ``gap`` lines under ``a`` when ``a`` is above."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax + aw + space <= bx or bx + bw + space <= ax or ay + ah + gap <= by or by + bh <= ay


def _longest_word(text: str) -> int:
    return max((cell_len(word) for word in text.split()), default=0)


def _fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells (with an ellipsis when cut)."""
    if cell_len(text) <= width:
        return text
    out, used = "", 0
    for ch in text:
        w = cell_len(ch)
        if used + w > width - 1:
            break
        out, used = out + ch, used + w
    return out + "…"


# Where a seat may step aside for the center cards, nearest first: a few cells, a line or two, its box
# narrowed (rank 1: to its longest word and a cell each side, rank 2: to its longest word); of two as
# near, away from the middle of the table (``_ASIDE[x, y]``: -1 for a seat left of / above the middle).
def _asides(sx: int, sy: int) -> list[tuple[int, int, int]]:
    return sorted(((dx, dy, rank) for rank in range(3) for dx in range(-6, 7) for dy in range(-2, 3)),
                  key=lambda move: (abs(move[0]) + 2 * abs(move[1]) + 2 * move[2], move[0] * sx < 0, move[1] * sy < 0))


_ASIDE = {(sx, sy): _asides(sx, sy) for sx in (-1, 1) for sy in (-1, 1)}


class TableRing(Widget):
    """Seats ``p0..`` on an ellipse, seat ``me`` at the bottom, then clockwise (so the next seat, the
    LEFT neighbour of docs/rules.md §0.2, is to the left of ``me``); the center cards in the middle."""

    COMPONENT_CLASSES = {
        "table-ring--seat",
        "table-ring--center",
        "table-ring--you",
        "table-ring--selectable",
        "table-ring--target",
        "table-ring--picked",
        "table-ring--note",
    }

    DEFAULT_CSS = """
    TableRing { height: 1fr; min-height: 9; min-width: 30; }
    TableRing > .table-ring--seat { color: $text; background: $boost; }
    TableRing > .table-ring--center { color: $text-muted; background: $boost; }
    TableRing > .table-ring--you { color: $text; background: $boost; text-style: bold underline; }
    TableRing > .table-ring--selectable { color: $text; background: $panel; }
    TableRing > .table-ring--target { color: $text; background: $accent 60%; text-style: bold; }
    TableRing > .table-ring--picked { color: $text; background: $success 60%; text-style: bold; }
    TableRing > .table-ring--note { color: $warning; text-style: italic; }
    """

    targets: reactive[frozenset[str]] = reactive(frozenset())
    picked: reactive[frozenset[str]] = reactive(frozenset())

    class Picked(Message):
        """The player clicked position ``pos``."""

        def __init__(self, ring: "TableRing", pos: str) -> None:
            super().__init__()
            self.ring = ring
            self.pos = pos

        @property
        def control(self) -> "TableRing":
            return self.ring

    def __init__(self, players: tuple[str, ...], center: int = 3, *, me: int | None = None,
                 notes: dict[str, str] | None = None, selectable: frozenset[str] = frozenset(),
                 name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.players = tuple(players)
        self.center = center
        self.me = me
        self.notes = dict(notes or {})
        self.selectable = frozenset(selectable)
        self._boxes: dict[str, tuple[int, int, int, int]] = {}
        self._laid_out: tuple[object, dict[str, tuple[int, int, int]]] | None = None

    # -- layout ------------------------------------------------------------------------------------
    def _layout(self, width: int, height: int) -> dict[str, tuple[int, int, int]]:
        """``_arrange``'s layout, kept while nothing it depends on changes: a crowded table (two long
        face-up names, ten players) tries many places before it settles, and the screen redraws often."""
        words = app_words(self)  # the language's "C1" and "you" are measured too
        key = (width, height, self.players, self.center, self.me, tuple(self.notes.items()),
               words("ring_center", number=1), words("ring_you"), words("numbered_name", number=1, name=""))
        if self._laid_out is None or self._laid_out[0] != key:
            self._laid_out = (key, self._arrange(width, height))
        return dict(self._laid_out[1])

    def _arrange(self, width: int, height: int) -> dict[str, tuple[int, int, int]]:
        """Each position's top-left corner and box width. A box is as wide as its longest word (a name, a
        face-up card) when the table has room, so words are wrapped between lines rather than cut."""
        n = len(self.players)
        box = max(6, min(14, (width - 2) // 4))
        widest = max(box, min(14, (width - 2) // 3 + 2))  # room for "Troublemaker" at 80×24; _make_room
        rx = max(1.0, (width - box) / 2)
        ry = max(1.0, (height - 2) / 2)
        cx, cy = width / 2, (height - 2) / 2
        me = self.me if self.me is not None else 0
        spots: dict[str, tuple[int, int, int]] = {}
        for seat in range(n):
            pos = f"p{seat}"
            own = max(box, min(widest, self._longest(pos)))
            angle = math.pi / 2 + 2 * math.pi * ((seat - me) % n) / n
            x = math.floor(cx + (rx - 0.5) * math.cos(angle) - own / 2 + 0.5)
            y = math.floor(cy + ry * math.sin(angle) + 0.5 + 1e-9)
            tall = self._height(pos, own)  # a wrapped note makes a box taller: keep it all on the table
            spots[pos] = (max(0, min(width - own, x)), max(0, min(height - tall, y)), own)
        self._make_room(spots, box, width, height)
        cbox = max(5, min(10, (width - 2 * box - 4) // max(1, self.center) - 1))
        seats = {pos: (x, y, w, self._height(pos, w)) for pos, (x, y, w) in spots.items()}
        middle = math.floor(cy + 0.5 + 1e-9)
        # The center cards as wide as their face-up names when a free row has room for that, else equal.
        lines = [max([cell_len(fact) for fact in self.notes.get(f"c{i}", "").split("\n")] + [2])
                 for i in range(self.center)]
        # A face-up card's longest word ("Self-Awareness", "노스트라다무스": 14 cells) is never cut while
        # the table is wider than it.
        roomy = max(widest, width - 4)
        words = [min(roomy, self._longest(f"c{i}")) for i in range(self.center)]
        # A face-up center card (the Exposer's) as wide as its longest word, the others "C1"; if no row
        # has room with a blank line under the seats above, one without it rather than a word cut.
        noted = [max(3, need) if self.notes.get(f"c{i}") else 3 for i, need in enumerate(words)]
        placed: list[tuple[int, int, list[int]]] | None = None  # each row: left, top, card widths
        # First each fact on one line (but never narrower than its longest word), then wrapped.
        for gap, cwidths in ((1, [max(cbox, min(widest, need), word) for need, word in zip(lines, words)]),
                             (1, [max(5, need) for need in words]),  # facts wrapped between words
                             (1, noted), (0, noted)):
            placed = self._one_row(seats, cwidths, middle, width, height, gap)
            if placed is not None:
                break
        if placed is None and any(self.notes.get(f"c{i}") for i in range(self.center)):
            # Ten players leave no row wide enough for four cards and a face-up name between the side
            # seats: the center cards then take two rows (a cut name would hide a public fact). A cell of
            # space beside a seat first; at 34x13 eight players leave no room for it (Pia's box ends where
            # "C3 Doppelgänger" must start), and a card touching a seat's box beats a face-up card lost.
            tries = ((space, counts, gap, inner) for space in (1, 0) for counts in self._splits(self.center)
                     for gap, inner in ((1, 1), (1, 0), (0, 0)))
            for space, counts, gap, inner in tries:
                placed = self._rows(seats, noted, counts, middle, width, height, gap, inner, space)
                if placed is not None:
                    break
            if placed is None:
                placed = self._making_way(spots, seats, noted, middle, width, height)
        for gap, cwidths in ((1, [cbox] * self.center), (1, [3] * self.center)):  # "C1" (Alpha Wolf: 4)
            if placed is not None:
                break
            placed = self._one_row(seats, cwidths, middle, width, height, gap)
        for gap in (1, 0):  # seats made tall by broken words can leave no free row: they step aside
            if placed is not None:
                break
            made = self._step_aside(seats, cwidths, (self.center,), middle, width, height, gap, 0)
            if made is not None:
                placed = made[0]
                spots.update({pos: (x, y, w) for pos, (x, y, w, _) in made[1].items()})
        if placed is None:
            total = sum(cwidths) + (self.center - 1)
            tall = max((self._height(f"c{i}", w) for i, w in enumerate(cwidths)), default=2)
            placed = [(round((width - total) / 2), max(0, min(middle, height - tall)), cwidths)]
        i = 0
        for left, row, row_widths in placed:
            x = left
            for w in row_widths:
                spots[f"c{i}"] = (max(0, x), row, w)
                x, i = x + w + 1, i + 1
        return spots

    def _make_room(self, spots: dict[str, tuple[int, int, int]], box: int, width: int, height: int) -> None:
        """A box made wider or taller by a long name or card may cover a neighbour: move it a little, or
        else give it the common width back (its words then wrap over more lines)."""
        def rect(pos: str, x: int, y: int, w: int) -> tuple[int, int, int, int]:
            return (x, y, w, self._height(pos, w))

        def clear(pos: str, r: tuple[int, int, int, int]) -> bool:
            x, y, w, h = r
            if x < 0 or y < 0 or x + w > width or y + h > height:
                return False
            return all(_apart(r, rect(other, *spots[other])) for other in spots if other != pos)

        def settle(pos: str, moves: list[tuple[int, int]]) -> None:
            x, y, w = spots[pos]
            if clear(pos, rect(pos, x, y, w)):
                return
            # As wide as its longest word first, where that is wider than the common width: a word broken
            # over more lines ("Self-" / "Awareness") makes the box taller, and a taller box can cover a
            # neighbour where the wider one does not.
            for width_tried in dict.fromkeys((w, min(width, max(w, self._longest(pos))), box)):
                shift = (x + (w - width_tried) // 2, y)
                spot = next(((shift[0] + dx, shift[1] + dy) for dx, dy in moves
                             if clear(pos, rect(pos, shift[0] + dx, shift[1] + dy, width_tried))), None)
                if spot is not None:
                    spots[pos] = (spot[0], spot[1], width_tried)
                    return

        near = [(dx, dy) for dy in (0, -1, 1, -2, 2) for dx in (0, -1, 1, -2, 2, -3, 3)]
        for pos in list(spots):
            settle(pos, near)
        # A second round, farther, for a box still covering a neighbour (ten players at 34×12, two
        # "Self-Awareness Girl" face up on seats), the biggest box first: it is the one in the way, and a
        # small neighbour moved far would sit where another seat should. Every other table is left as the
        # first round made it.
        far = sorted(((dx, dy) for dy in range(-3, 4) for dx in range(-6, 7)), key=lambda m: abs(m[0]) + 2 * abs(m[1]))
        for pos in sorted(spots, key=lambda pos: -spots[pos][2] * self._height(pos, spots[pos][2])):
            settle(pos, far)

    def _note_lines(self, pos: str, width: int) -> list[str]:
        note = self.notes.get(pos) or (app_words(self)("ring_you") if pos == f"p{self.me}" else None)
        return list(_note_lines(note, width)) if note else []

    def _height(self, pos: str, width: int) -> int:
        return 1 + max(1, len(self._note_lines(pos, width)))

    def _longest(self, pos: str) -> int:
        """The widest word of a position's label and notes: the width its box needs so nothing is cut."""
        return max(cell_len(self._label(pos)), _longest_word(self.notes.get(pos, "")))

    def _one_row(self, seats: dict[str, tuple[int, int, int, int]], cwidths: list[int], middle: int,
                 width: int, height: int, gap: int) -> list[tuple[int, int, list[int]]] | None:
        """The center cards side by side on the free row nearest the middle, if one has room."""
        total = sum(cwidths) + (self.center - 1)
        if total > width:
            return None
        left = round((width - total) / 2)
        tall = max((self._height(f"c{i}", w) for i, w in enumerate(cwidths)), default=2)
        row = self._center_row(seats, left, total, middle, height, tall, gap)
        return None if row is None else [(left, row, cwidths)]

    def _block(self, cwidths: list[int], counts: tuple[int, ...], width: int,
               inner: int) -> tuple[list[tuple[int, int, int, int, list[int]]], int] | None:
        """The center cards in rows of ``counts`` cards (in order, each row centred, ``inner`` blank lines
        between rows): each row's left, offset from the block's top, width, height and card widths, and
        the block's height; None if a row is wider than the table."""
        rows: list[tuple[int, int, int, int, list[int]]] = []
        offset = first = 0
        for count in counts:
            part = cwidths[first:first + count]
            total = sum(part) + len(part) - 1
            if total > width:
                return None
            tall = max(self._height(f"c{first + i}", w) for i, w in enumerate(part))
            rows.append((round((width - total) / 2), offset, total, tall, part))
            offset, first = offset + tall + inner, first + count
        return rows, offset - inner

    @staticmethod
    def _covers(rows: list[tuple[int, int, int, int, list[int]]], top: int, seat: tuple[int, int, int, int],
                gap: int, space: int) -> bool:
        """Whether the center cards' rows, their block at ``top``, come nearer the seat's box than
        ``space`` cells beside it or ``gap`` lines under it."""
        return any(not _apart(seat, (left, top + dy, total, tall), space, gap) for left, dy, total, tall, _ in rows)

    def _rows(self, seats: dict[str, tuple[int, int, int, int]], cwidths: list[int], counts: tuple[int, ...],
              middle: int, width: int, height: int, gap: int, inner: int,
              space: int = 1) -> list[tuple[int, int, list[int]]] | None:
        """The center cards in rows of ``counts`` cards (``_block``), placed nearest the middle where no
        row covers a seat, ``space`` blank cells between a row and a seat level with it."""
        found = self._block(cwidths, counts, width, inner)
        if found is None:
            return None
        rows, block = found
        start = middle - (block - 2) // 2
        for shift in (0, -1, 1, -2, 2, -3, 3):
            top = start + shift
            if 0 <= top <= height - block and not any(self._covers(rows, top, seat, gap, space)
                                                      for seat in seats.values()):
                return [(left, top + dy, part) for left, dy, _, _, part in rows]
        return None

    def _making_way(self, spots: dict[str, tuple[int, int, int]], seats: dict[str, tuple[int, int, int, int]],
                    noted: list[int], middle: int, width: int,
                    height: int) -> list[tuple[int, int, list[int]]] | None:
        """Face-up center cards no free place can hold whole (two 14-cell names with eight or ten players
        at 80×24): the few seats in their way step aside a little (``_step_aside``; ``spots`` is updated),
        the cards as wide as their longest word. Where that is not enough either, the face-up cards one
        cell narrower at a time, with the seats where they are, then stepping aside: their widest words
        are then broken over lines (``_break_word``: after a hyphen, between Chinese letters, else
        folded), as few as can be; a word broken over two lines beats a cut one."""
        faced = [i for i in range(self.center) if self.notes.get(f"c{i}")]
        unbroken = max(noted[i] for i in faced)
        shapes = [(counts, gap, inner) for counts in ((self.center,), *self._splits(self.center))
                  for gap, inner in ((1, 1), (1, 0), (0, 0))]
        for limit in range(unbroken, 3, -1):
            cwidths = [min(w, limit) if i in faced else w for i, w in enumerate(noted)]
            if limit < unbroken:  # the seats where they are, the words broken
                for counts, gap, inner in shapes:
                    placed = self._rows(seats, cwidths, counts, middle, width, height, gap, inner, 1)
                    if placed is not None:
                        return placed
            for counts, gap, inner in shapes:
                made = self._step_aside(seats, cwidths, counts, middle, width, height, gap, inner)
                if made is not None:
                    spots.update({pos: (x, y, w) for pos, (x, y, w, _) in made[1].items()})
                    return made[0]
        return None

    def _step_aside(self, seats: dict[str, tuple[int, int, int, int]], cwidths: list[int],
                    counts: tuple[int, ...], middle: int, width: int, height: int, gap: int, inner: int
                    ) -> tuple[list[tuple[int, int, list[int]]], dict[str, tuple[int, int, int, int]]] | None:
        """The center cards' rows near the middle, and the seats they would cover moved (a few cells, a
        line or two, their box narrowed to their name) to where they cover nothing: the rows and the
        seats moved, or None if a seat finds no such place."""
        found = self._block(cwidths, counts, width, inner)
        if found is None:
            return None
        rows, block = found
        start = middle - (block - 2) // 2
        for shift in (0, -1, 1, -2, 2):
            top = start + shift
            if not 0 <= top <= height - block:
                continue
            placed = dict(seats)
            moved: dict[str, tuple[int, int, int, int]] = {}
            for pos, seat in seats.items():
                if not self._covers(rows, top, seat, gap, 1):
                    continue
                spot = self._aside(pos, placed, rows, top, width, height, gap)
                if spot is None:
                    break
                placed[pos] = moved[pos] = spot
            else:
                return [(left, top + dy, part) for left, dy, _, _, part in rows], moved
        return None

    def _aside(self, pos: str, placed: dict[str, tuple[int, int, int, int]],
               rows: list[tuple[int, int, int, int, list[int]]], top: int, width: int, height: int,
               gap: int) -> tuple[int, int, int, int] | None:
        """The nearest place for seat ``pos`` where it covers neither the center cards nor another seat
        (with a cell of space beside it, so two names never read as one)."""
        x, y, w, _ = placed[pos]
        need = self._longest(pos)
        narrower = sorted({w, min(w, need + 2), min(w, max(need, 1))}, reverse=True)
        tall = [self._height(pos, nw) for nw in narrower]
        outward = (-1 if 2 * x + w < width else 1, -1 if 2 * y + tall[0] < height else 1)
        for dx, dy, rank in _ASIDE[outward]:
            if rank >= len(narrower):
                continue
            nw = narrower[rank]
            nx, ny = x + (w - nw) // 2 + dx, y + dy
            spot = (nx, ny, nw, tall[rank])
            if nx < 0 or ny < 0 or nx + nw > width or ny + spot[3] > height:
                continue
            if self._covers(rows, top, spot, gap, 1):
                continue
            if all(_apart(spot, other, 1) for name, other in placed.items() if name != pos):
                return spot
        return None

    @staticmethod
    def _splits(cards: int) -> list[tuple[int, ...]]:
        """Every way to lay ``cards`` center cards in two or more rows, in order: fewer rows first, then
        the most even ones ((2, 2) before (1, 3))."""
        found: list[tuple[int, ...]] = []
        for cuts in range(1, cards):
            for chosen in itertools.combinations(range(1, cards), cuts):
                edges = (0, *chosen, cards)
                found.append(tuple(b - a for a, b in itertools.pairwise(edges)))
        return sorted(found, key=lambda counts: (len(counts), max(counts) - min(counts)))

    @staticmethod
    def _center_row(seats: dict[str, tuple[int, int, int, int]], left: int, total: int, middle: int,
                    height: int, tall: int = 2, gap: int = 1) -> int | None:
        """The row of the center cards (``tall`` lines high): the middle one, or the nearest row where they
        do not cover a seat (with four players, or eight, a seat sits level with the center on each
        side), ``gap`` blank lines under a seat above them."""
        def free(row: int, gap: int) -> bool:
            # a space between a seat and the cards on its row: "아름아름아중앙1" read as one word
            return all(x + w < left or left + total < x or y + h + gap <= row or row + tall <= y
                       for x, y, w, h in seats.values())

        for shift in (0, -1, 1, -2, 2, -3, 3):
            row = middle + shift
            if 0 <= row <= max(0, height - tall) and free(row, gap):
                return row
        return None

    def _label(self, pos: str) -> str:
        if pos.startswith("c"):
            return app_words(self)("ring_center", number=int(pos[1:]) + 1)
        # With the player's number (seat + 1): the Oracle asks for its parity, a ripple names "player 5".
        seat = int(pos[1:])
        return app_words(self)("numbered_name", number=seat + 1, name=self.players[seat])

    def _style(self, pos: str) -> Style:
        if pos in self.picked:
            key = "table-ring--picked"
        elif pos in self.targets:
            key = "table-ring--target"
        elif pos in self.selectable:
            key = "table-ring--selectable"
        elif pos == f"p{self.me}":
            key = "table-ring--you"
        elif pos.startswith("c"):
            key = "table-ring--center"
        else:
            key = "table-ring--seat"
        return self.get_component_rich_style(key)

    # -- rendering ---------------------------------------------------------------------------------
    def render(self) -> Text:
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0:
            return Text()
        grid: list[list[tuple[str, Style | None]]] = [[(" ", None)] * width for _ in range(height)]
        note_style = self.get_component_rich_style("table-ring--note")
        self._boxes = {}

        def put(x: int, y: int, text: str, style: Style | None) -> None:
            if not 0 <= y < height:
                return
            for ch in text:
                w = cell_len(ch)
                if x < 0 or x + w > width:
                    return
                grid[y][x] = (ch, style)
                if w == 2:
                    grid[y][x + 1] = ("", style)
                x += w

        spots = self._layout(width, height)
        for pos, (x, y, box) in spots.items():
            style = self._style(pos)
            label = self._label(pos)
            if pos.startswith("c") and cell_len(label) > box:  # "중… 중… 중…" told the cards apart by nothing
                label = str(int(pos[1:]) + 1)
            label = _fit(label, box)  # a name stays on one line: its box is its size
            pad = box - cell_len(label)
            put(x, y, " " * (pad // 2) + label + " " * (pad - pad // 2), style)
            lines = self._note_lines(pos, box)
            for row, line in enumerate(lines, 1):
                pad = box - cell_len(line)
                put(x, y + row, " " * (pad // 2) + line + " " * (pad - pad // 2), note_style)
            self._boxes[pos] = (x, y, box, 1 + max(1, len(lines)))
        text = Text(no_wrap=True, overflow="crop")
        for row, cells in enumerate(grid):
            if row:
                text.append("\n")
            for ch, cell_style in cells:
                if ch:
                    text.append(ch, cell_style)
        return text

    def position_at(self, x: int, y: int) -> str | None:
        """The position whose box covers content cell (x, y), if any."""
        for pos, (bx, by, bw, bh) in self._boxes.items():
            if bx <= x < bx + bw and by <= y < by + bh:
                return pos
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        pos = self.position_at(offset.x, offset.y) if offset is not None else None
        if pos is not None:
            event.stop()
            self.post_message(self.Picked(self, pos))

    def set_notes(self, notes: dict[str, str]) -> None:
        self.notes = dict(notes)
        self.refresh()

    def set_selectable(self, selectable: frozenset[str]) -> None:
        self.selectable = frozenset(selectable)
        self.refresh()
