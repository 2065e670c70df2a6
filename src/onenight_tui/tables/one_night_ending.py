"""The end of a One Night game (onuw, dalbula) as the one end screen shows it (``ending.Ending``): who won,
each team and each seat playing for itself with why, who died and why, the bots' truth, every player's
dealt and final card (with the final mark and artifact, when the game has them), the votes, the center at
dawn, the night told as a story and each moved card's journey.

Everything is public now: this reads the finished state (``public_view`` and the state itself); it is
built only once the game is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from onenight_core.engine.views import public_view
from onenight_core.model.messages import say
from onenight_core.play.story import battle_line, dealer_line

from ..ending import Ending, Section
from ..text.story import moved_cards, night_lines
from ..text.words import Wording

if TYPE_CHECKING:
    from onenight_core.catalog.loader import Catalog
    from onenight_core.model.outcome import Outcome
    from onenight_core.model.state import GameState

    from ..bots import SeatBots


def one_night_ending(g: GameState, catalog: Catalog, lang: str, bots: SeatBots | None = None) -> Ending:
    """The end of the finished game ``g`` in ``lang`` (``bots``: the table's, whose truth it tells)."""
    view = public_view(g)
    result = view.outcome
    assert result is not None  # the end shows a game that is over
    words = Wording(view.players, catalog, lang)
    t = words.text
    teams: list[str | Text] = [bold(line, title) for line, title in summary(result, words)]
    battle, dealer = battle_line(g, result), dealer_line(g, result)  # issue 23
    if battle is not None:
        teams.append(Text(words.say(battle)))
    deaths: list[str | Text] = []
    if dealer is not None:
        deaths.append(Text(words.say(dealer)))
    if result.deaths:
        deaths += [Text(words.say(say("reveal_died", seat=seat, cause=cause))) for seat, cause in result.deaths]
    elif not result.dealer_out:
        deaths.append(t("nobody_died"))
    deaths += [Text(words.say(say("saved_from_vote", seat=seat, why=why))) for seat, why in result.saved]
    sections = [Section(None, tuple(teams)), Section(t("reveal_heading_deaths"), tuple(deaths), tone="alarm")]
    if bots is not None:  # which bot told the truth, which lied (issue 26; ``bots.SeatBots``)
        sections.append(Section(bots.truth_title(), tuple(bots.truth_lines())))  # "claims" when humans' were entered
    sections += [
        Section(t("reveal_heading_players"), table=players_table(g, result, words)),
        Section(None, tuple(legend(g, words)), tone="quiet"),
        Section(t("reveal_heading_center"), tuple(
            Text(words.say(say("reveal_center_card", pos=g.pos(i), role=g.cards[i].role)))
            for i in range(g.players, len(g.cards)))),
        Section(t("reveal_heading_night"), tuple(night_lines(g, catalog, lang)))]
    moved = moved_cards(g)
    if moved:
        sections.append(Section(t("reveal_heading_moved"), tuple(
            t("reveal_journey", role=journey.role, positions=journey.positions) for journey in moved), tone="quiet"))
    return Ending(headline(result, words), tuple(sections))


def headline(result: Outcome, words: Wording) -> str:
    """Who won: the winners' names, or that nobody did."""
    winners = sorted(result.winners)
    if not winners:
        return words.text("reveal_nobody_wins")
    return words.text("reveal_winners", whom=words.names(f"p{s}" for s in winners))


def summary(result: Outcome, words: Wording) -> list[tuple[str, str]]:
    """Who won and why, as (line, its title): each main team, then each seat that plays for itself
    (the Tanner, the Assassin...), all read from the one outcome the rows are read from."""
    t = words.text
    lines = []
    for team, won, why in result.teams:
        title = t(f"{'wins' if won else 'loses'}_{team}")
        lines.append((t("reveal_team", title=title, why=words.phrase(why)), title))
    for seat, won, why in result.own_results():
        title = words.say(say("wins_own" if won else "loses_own", seat=seat, role=result.roles[seat]))
        lines.append((t("reveal_team", title=title, why=words.phrase(why)), title))
    return lines


def bold(line: str, part: str, style: str = "bold") -> Text:
    """``line`` as plain text (names are never markup) with its first ``part`` styled."""
    text = Text(line)
    start = line.find(part)
    if part and start >= 0:
        text.stylize(style, start, start + len(part))
    return text


def has_marks(g: GameState) -> bool:
    """Whether the game plays with marks (a mark check in its script, or a mark dealt other than Clarity)."""
    return any(step.id == "mark_check" for step in g.script) or any(m != "mark_of_clarity" for m in g.marks)


def legend(g: GameState, words: Wording) -> list[str]:
    """What the final marks and the artifacts on the table do."""
    lines = []
    if has_marks(g):
        for mark in dict.fromkeys(g.marks):
            lines.append(words.mark_line(mark))
    for artifact in dict.fromkeys(a for a in g.artifacts if a):
        lines.append(words.text("artifact_explained", artifact=artifact, effect=words.artifact_text(artifact)))
    return lines


def players_table(g: GameState, result: Outcome, words: Wording) -> Table:
    """A row per seat: the player, the card dealt, the card at dawn (as what it counted, its mark and
    artifact), whom the player voted for, and won or lost with why."""
    t = words.text
    table = Table(expand=True, show_edge=False, pad_edge=False, box=None)
    table.add_column(t("reveal_col_player"), style="bold", no_wrap=True)
    table.add_column(t("reveal_col_dealt"))
    table.add_column(t("reveal_col_dawn"))
    table.add_column(t("reveal_col_voted"))
    table.add_column(t("reveal_col_result"), ratio=1, overflow="fold")  # wide (Korean) words: never cut
    votes = public_view(g).votes or ()
    marks = has_marks(g)
    for seat in range(g.players):
        card = g.cards[seat]
        effective = result.roles[seat] if seat < len(result.roles) else card.role
        final = Text(words.role(card.role) if effective == card.role
                     else t("reveal_as_role", card_role=card.role, role=effective))
        if marks:
            final.append(f"\n{words.mark_name(g.marks[seat])}", "italic")
        artifact = g.artifacts[seat]
        if artifact:
            final.append(f"\n{words.artifact_name(artifact)}", "italic")
        ballot = votes[seat] if seat < len(votes) and votes[seat] is not None else ()
        voted = words.join(words.seat(x) for x in ballot) if ballot else "—"
        if votes and seat < len(votes) and votes[seat] == () and g.facts.ripple == "dealer_vote":
            voted = t("reveal_voted_app")  # the ripple "vote for the app"
        won = seat in result.winners
        verdict = t("reveal_won" if won else "reveal_lost")
        line = t("reveal_result_died" if seat in result.dead else "reveal_result", verdict=verdict,
                 reason=words.phrase(result.reasons[seat]))
        table.add_row(Text(words.seat(seat)), Text(words.role(g.dealt[seat])), final, Text(voted),
                      bold(line, verdict, "green" if won else "red"))
    return table


__all__ = ["bold", "has_marks", "headline", "legend", "one_night_ending", "players_table", "summary"]
