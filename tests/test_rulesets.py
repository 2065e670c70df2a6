"""The ruleset seam (issue 9): one registry of rulesets that everything reads, options schemas that a
set-up carries validated, the phase machine and phase records, public events, typed role facts, and
dalbula (playable since issue 13) and classic (its own protocol) known everywhere."""

from __future__ import annotations

import json

import pytest

from onenight_core import (
    Action,
    GameState,
    RoleFacts,
    Setup,
    SetupError,
    apply,
    dawn_game,
    default_catalog,
    new_game,
    pending,
)
from onenight_core.catalog.loader import RULESETS as CATALOG_RULESETS
from onenight_core.catalog.presets import PRESETS
from onenight_core.model.kinds import Phase, PromptKind, PublicKind
from onenight_core.model.public import heard
from onenight_core.rulesets.draws import draw_uniform
from onenight_core.play.bots import make_bots, play_game
from onenight_core.play.saves import SavedGame, decode, encode, encode_json, replay
from onenight_core.rulesets import RULESETS, ruleset_for
from onenight_core.rulesets.behaviours import BehaviourRegistry, Passive
from onenight_core.rulesets.night_script import build_script
from onenight_core.rulesets.onuw.marks import TRAITOR
from onenight_tui.cli import main

NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve")
BASE5 = PRESETS["base-5"].roles


def setup(**kw) -> Setup:
    return Setup(NAMES, BASE5, **kw)


def finished(seed: int, s: Setup | None = None) -> GameState:
    s = s or setup()
    return play_game(s, seed, make_bots("informed", len(s.players), seed))


# -- the registry ------------------------------------------------------------------------------------

def test_one_registry_holds_every_ruleset_roles_toml_names():
    assert tuple(RULESETS) == CATALOG_RULESETS == ("onuw", "dalbula", "classic")
    assert [r.playable for r in RULESETS.values()] == [True, True, True]  # classic: its own protocol
    for rules in RULESETS.values():
        assert ruleset_for(rules.id) is rules and rules.phases[-1] == Phase.OVER


def test_an_unknown_ruleset_is_one_line_naming_the_known_ones():
    with pytest.raises(SetupError, match=r"^unknown ruleset 'bogus' \(onuw, dalbula or classic\)$"):
        Setup(NAMES, BASE5, "bogus")


def test_each_ruleset_sees_its_own_roles():
    catalog = default_catalog()
    assert ruleset_for("classic").roles(catalog) == ()  # classic's seer is not the One Night seer
    onuw = {r.id for r in ruleset_for("onuw").roles(catalog)}
    dalbula = {r.id for r in ruleset_for("dalbula").roles(catalog)}
    assert "werewolf" in onuw and dalbula and all("dalbula" in catalog[r].rulesets for r in dalbula)


def test_dalbula_behaviours_are_layered_on_onuw_and_an_override_stays_in_its_ruleset():
    onuw, dalbula = ruleset_for("onuw").behaviours, ruleset_for("dalbula").behaviours
    assert dalbula is not onuw and dalbula["seer"] is onuw["seer"]  # inherited, not copied
    layer = BehaviourRegistry.layered("test", onuw)

    @layer.register("seer")
    class QuietSeer(Passive):
        pass

    assert isinstance(layer["seer"], QuietSeer) and not isinstance(onuw["seer"], QuietSeer)
    assert layer.is_playable("seer") and layer["werewolves"] is onuw["werewolves"]


def test_dalbula_builds_its_night_from_its_own_wake_codes():
    catalog = default_catalog()
    roster = [r.id for r in ruleset_for("dalbula").roles(catalog) if r.dalbula_wake][:12]
    onuw_codes = {s.id: s.code for s in build_script(roster, catalog, "onuw")}
    dalbula = ruleset_for("dalbula").build_script(roster, catalog)
    role_steps = [s for s in dalbula if s.kind == "role"]
    assert role_steps and all(s.code == catalog[s.role].dalbula_wake for s in role_steps)
    assert any(onuw_codes.get(s.id) != s.code for s in role_steps)  # the two orders really differ


def test_help_lists_every_ruleset_and_its_options(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for rules in RULESETS.values():
        assert f"  {rules.id}: " in out
        assert all(f"{spec.name}=" in out for spec in rules.options.specs)


# -- options -----------------------------------------------------------------------------------------

def test_a_setup_carries_every_option_validated_with_defaults_filled_in():
    assert setup().options == (("traitor_must_survive", False),)
    assert setup(options={"traitor_must_survive": True}).option("traitor_must_survive") is True
    assert setup(options={"traitor_must_survive": False}) == setup()  # same game, same set-up
    with pytest.raises(SetupError, match="has no option 'nope'"):
        setup(options={"nope": 1})
    with pytest.raises(SetupError, match="true or false"):
        setup(options={"traitor_must_survive": "yes"})


def test_option_values_from_the_command_line_are_parsed_and_checked():
    schema = ruleset_for("classic").options
    assert schema.parse(["vote.max_runoffs=3", "sheriff.enabled=no"]) == {"vote.max_runoffs": 3,
                                                                         "sheriff.enabled": False}
    for bad in ["vote.max_runoffs=0", "vote.max_runoffs=x", "seer.reveals=card", "noequals"]:
        with pytest.raises(SetupError):
            schema.parse([bad])


def traitor_table(s: Setup) -> GameState:
    """p0 werewolf with the Mark of the Traitor, p1 werewolf; everybody votes so that both wolves die."""
    deck = ("werewolf", "werewolf", "seer", "villager", "villager", "robber", "troublemaker", "drunk")
    s = Setup(NAMES, deck, options=dict(s.options))
    g = dawn_game(s, deck, marks=(TRAITOR,) + ("mark_of_clarity",) * 4)
    for target in (1, 0, 0, 1, 2):  # p0 and p1 tie at two votes each: both die
        g = apply(g, Action("vote", (f"p{target}",)))
    return g


def test_the_traitor_must_survive_option_changes_the_outcome():
    default = traitor_table(setup())
    strict = traitor_table(setup(options={"traitor_must_survive": True}))
    assert default.outcome.dead == strict.outcome.dead
    assert 0 in default.outcome.dead and 1 in default.outcome.dead
    assert 0 in default.outcome.winners  # the traitor's teammate died: he wins, dead or not (A14)
    assert 0 not in strict.outcome.winners


def test_saves_keep_the_options_and_old_saves_load_with_the_defaults():
    s = setup(options={"traitor_must_survive": True})
    g = new_game(s, 5)
    saved = SavedGame(s, 5)
    for _ in range(3):
        p = pending(g)
        saved, g = saved.with_answer(p.options[0]), apply(g, p.options[0])
    again = decode(encode(saved))
    assert again.setup == s and replay(again) == g
    old = json.loads(encode_json(saved, format=1))  # the plain JSON of a format-1 save
    del old["setup"]["options"]  # a save written before options existed
    assert decode(json.dumps(old)).setup == setup()


# -- phases, rounds, records, public events, typed facts ---------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_a_game_walks_the_phase_machine_and_keeps_a_record_of_each_phase(seed):
    g = new_game(setup(), seed)
    kinds_seen, phases_seen = set(), [g.phase]
    while (p := pending(g)) is not None:
        assert isinstance(p.kind, PromptKind) and p.kind in PromptKind
        kinds_seen.add(p.kind)
        g = apply(g, p.options[-1])
        if g.phase != phases_seen[-1]:
            phases_seen.append(g.phase)
    assert phases_seen == list(ruleset_for("onuw").phases) and g.round == 1
    assert [(r.phase, r.round) for r in g.records] == [(Phase.NIGHT, 1), (Phase.VOTE, 1)]
    assert g.records[-1].votes == g.votes and PromptKind.VOTE in kinds_seen
    assert g.dead == frozenset(g.outcome.dead)
    assert set(g.alive) | g.dead == set(range(5)) and not set(g.alive) & g.dead


def test_the_table_hears_every_step_called_then_each_phase_whoever_holds_what():
    heard_by_seed = []
    for seed in range(8):
        g = finished(seed)
        steps = [e.id for e in heard(g, PublicKind.STEP)]
        assert steps == [s.id for s in g.script]  # ghost steps too, in script order
        assert [e.id for e in heard(g, PublicKind.PHASE)] == ["vote", "over"]
        heard_by_seed.append(g.public)
    assert len(set(heard_by_seed)) == 1  # the deal changes nothing the table hears


def test_a_public_draw_comes_from_the_seed_and_is_recorded():
    g = new_game(setup(), 11)
    g1, value = draw_uniform(g, "app", ["left", "right", "center"], public=True)
    assert value in ("left", "right", "center") and g1.public[-1].kind == PublicKind.DRAW
    assert g1.public[-1].params == (("value", value),) and g.public == g1.public[:-1]
    assert draw_uniform(g, "app", ["left", "right", "center"], public=True)[1] == value  # replays hear the same
    values = {draw_uniform(new_game(setup(), seed), "app", list(range(10)), public=True)[1] for seed in range(20)}
    assert len(values) > 1  # ...and it is a draw, not a constant


def test_role_facts_are_typed_fields_not_a_bag():
    g = dawn_game(setup(), BASE5, facts=RoleFacts(couples=((0, 1), (2, 1))))
    assert g.facts.couples == ((0, 1), (2, 1)) and g.facts.vampire_mark is None
    assert g.with_facts(artifacts_drawn=2).facts.artifacts_drawn == 2 and g.facts.artifacts_drawn == 0
    with pytest.raises(TypeError):
        g.with_facts(no_such_fact=1)


def at_step(preset: str, step: str, seed: int = 0) -> GameState:
    deck = PRESETS[preset].roles
    names = tuple(f"P{i}" for i in range(PRESETS[preset].players))
    for tried in range(seed, seed + 50):
        g = new_game(Setup(names, deck), tried)
        while (p := pending(g)) is not None and p.kind != PromptKind.VOTE:
            if p.step == step and p.copier is None:
                return g
            g = apply(g, p.options[-1])
    raise AssertionError(f"no {step} prompt in 50 seeds")


@pytest.mark.parametrize("preset, step, differs", [
    ("vampire-4", "cupid", lambda onuw, dalbula, seat: set(onuw) - set(dalbula) == {Action("pass")}),
    ("vampire-6", "gremlin", lambda onuw, dalbula, seat: {a for a in onuw if f"p{seat}" in a.targets}
     == set(onuw) - set(dalbula) != set()),
])
def test_dalbula_overrides_only_what_differs_and_onuw_games_keep_onuw_behaviour(preset, step, differs):
    g = at_step(preset, step)
    onuw, dalbula = ruleset_for("onuw").behaviours[step], ruleset_for("dalbula").behaviours[step]
    assert pending(g).options == onuw.prompt(g, g.turn).options  # the game plays onuw's behaviour
    assert differs(onuw.prompt(g, g.turn).options, dalbula.prompt(g, g.turn).options, g.turn.seat)
    assert type(dalbula).__mro__[1] is type(onuw)  # dalbula's is onuw's with one rule changed


def test_a_vote_prompt_at_night_is_an_ordinary_prompt_of_its_step(monkeypatch):
    # A night pointing (the Aliens' kind of step) uses the vote prompt kind; the engine hands its answer
    # to the step's behaviour, and the day vote after it is untouched.
    import attrs

    from onenight_core.model.values import Prompt
    from onenight_core.rulesets.onuw.roles.common import log

    layer = BehaviourRegistry.layered("onuw", ruleset_for("onuw").behaviours)

    @layer.register("seer")
    class PointingSeer(type(ruleset_for("onuw").behaviours["seer"])):
        def prompt(self, g, turn):
            return Prompt(turn.seat, turn.step, turn.role, PromptKind.VOTE,
                          tuple(Action("vote", (f"p{t}",)) for t in range(g.players) if t != turn.seat))

        def act(self, g, turn, action):
            return log(g, turn, action), None

    monkeypatch.setitem(RULESETS, "onuw", attrs.evolve(ruleset_for("onuw"), behaviours=layer))
    g = new_game(setup(), 2, deal=("seer", "werewolf", "werewolf", "robber", "troublemaker", "villager",
                                   "drunk", "insomniac"))
    while (p := pending(g)).step != "seer":
        g = apply(g, p.options[0])
    assert p.kind == PromptKind.VOTE and g.phase == Phase.NIGHT
    g = apply(g, Action("vote", ("p3",)))
    assert g.votes == (None,) * 5 and g.events[-1].action == Action("vote", ("p3",))  # the step's, not a ballot
    while g.phase == Phase.NIGHT:
        g = apply(g, pending(g).options[0])
    for seat in range(5):
        assert pending(g).seat == seat and pending(g).step == "vote"
        g = apply(g, pending(g).options[0])
    assert g.phase == Phase.OVER and all(v is not None for v in g.votes)


def test_no_module_keeps_its_own_list_of_rulesets():
    # the "five places that disagree": only ruleset_ids (checked against the registry, read by
    # roles.toml's loader and the command line's choices) spells the list out; everything else reads it
    # or rulesets.RULESETS
    import re
    from pathlib import Path

    src = Path(__file__).resolve().parents[1] / "src"
    spelled = re.compile(r"""["']onuw["'],\s*["']dalbula["']|["']dalbula["'],\s*["']classic["']""")
    found = [str(p.relative_to(src)) for p in src.rglob("*.py") if spelled.search(p.read_text(encoding="utf-8"))]
    # the batch kernel names the rulesets whose games it has been checked to play game for game (its
    # coverage, not the list of rulesets: a ruleset added later is played by the engine until it is checked)
    assert sorted(found) == ["onenight_core/play/batch/coverage.py", "onenight_core/ruleset_ids.py"]
