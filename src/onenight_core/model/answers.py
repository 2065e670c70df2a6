"""What a question answered on the laptop leads to (the Oracle's: ``rulesets.onuw.roles.oracle``), a value
the narrator's table mode hands the app (``engine.narration.table_answer``): ``kind`` (nothing, team,
exchange, center, view, ripple, parity, ...) and its ``value``."""

from __future__ import annotations

from attrs import frozen


@frozen
class AnswerOutcome:
    """What the Oracle's answer leads to once its random parts are drawn (the grant, the count, the
    redirect), before anything is done to a card: the hot-seat game carries it out on the cards
    (``Oracle.carry_out``); a table with physical cards hears its public part (``Oracle.hear``) and the
    Oracle reads the rest on the laptop (``Oracle.table_answer``)."""

    kind: str = "nothing"
    value: str = ""
