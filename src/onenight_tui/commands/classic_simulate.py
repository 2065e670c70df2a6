"""``onenight simulate --ruleset classic``: one classic bot game told round by round, or win rates per
side over many games. The core gives the story as message ids (``rulesets.classic.story``); the words
are here."""

from __future__ import annotations

import argparse
import json
import sys

TEMPLATES = {
    "deal": "Deal: {cards}",
    "thief_took": "{seat} (Thief) takes the middle card {card}",
    "thief_kept": "{seat} (Thief) keeps his card",
    "lovers": "{seat} (Cupid) makes {lovers} lovers",
    "seer_look": "{seat} (Seer) looks at {target}",
    "defender_protects": "{seat} (Defender) protects {target}",
    "girl_spies": "{seat} (Little Girl) spies",
    "girl_caught": "the werewolves catch {seat} (Little Girl) spying",
    "pack_vote": "{seat} (Werewolf) names {target}",
    "pack_victim": "the werewolves' victim: {seat}",
    "witch_save": "{seat} (Witch) saves {target}",
    "witch_poison": "{seat} (Witch) poisons {target}",
    "piper_charms": "{seat} (Piper) charms {targets}",
    "protected": "{seat} was protected",
    "saved": "{seat} was saved",
    "sheriff_elected": "{seat} is elected sheriff",
    "elder_life": "{seat} survives the attack (the Elder loses a life)",
    "death": "{seat} dies ({cause}), card: {role}",
    "hunter_shot": "{seat} (Hunter) shoots {target}",
    "elder_revenge": "the Elder {seat} was killed by the village: the villagers lose their powers",
    "charms_end": "the Piper {seat} is dead: every charm ends",
    "successor": "the dead sheriff {seat} names {choice}",
    "elect": "{seat} votes {target} for sheriff",
    "vote": "{seat} votes {target}",
    "tie_break": "the sheriff {seat} decides: {target}",
    "scapegoat_voters": "the Scapegoat {seat} lets {target} vote tomorrow",
    "eliminated": "the village eliminates {seat}",
    "idiot_revealed": "{seat} is the Village Idiot: revealed, not killed, no more vote",
    "no_elimination": "nobody is eliminated",
    "over": "The game is over: {side} win ({reason}); winners: {winners}",
    "event_revealed": "event card revealed: {event}",
    "ally_named": "{seat} (first eliminated) makes {target} the werewolves' ally",
}


def _seat(value, names) -> str:
    if isinstance(value, int):
        return f"{names[value]} (p{value})"
    return value


def render(line, names) -> str:
    params = {k: _seat(v, names) if k == "seat" else v for k, v in line.params}
    return TEMPLATES[line.key].format(**params)


def setup_from(args: argparse.Namespace, players: tuple[str, ...]):
    from onenight_core.model.values import Setup
    from onenight_core.rulesets.classic.simulate import default_classic_deck, parse_classic_deck

    from ..ruleset_args import chosen_options

    roles = getattr(args, "roles", None)
    deck = parse_classic_deck(roles) if roles else default_classic_deck(len(players))
    ruleset, options = chosen_options(args)
    setup = Setup(players=players, deck=deck, ruleset=ruleset, options=options)
    from onenight_core.rulesets.classic.protocol import check_setup

    check_setup(setup)
    return setup


def run(args: argparse.Namespace, players: tuple[str, ...], whole, max_games: int) -> int:
    """``players`` as ``simulate`` read them; ``whole(text, what, low, high)`` reads a whole number or
    says why not in one line (simulate's own reader, passed in so the two modules do not import each
    other)."""
    from onenight_core.rulesets.classic.bots import play_bot_game
    from onenight_core.rulesets.classic.simulate import simulate_classic
    from onenight_core.rulesets.classic.story import story

    setup = setup_from(args, players)
    seed_text = getattr(args, "seed", None)
    seed = 0 if seed_text is None else whole(seed_text, "--seed", -(2**63), 2**63 - 1)
    games = whole(args.games, "--games", 1, max_games)
    if games == 1:
        board = play_bot_game(setup, seed, args.bot)
        lines = story(board)
        if args.json:
            json.dump({"ruleset": "classic", "seed": seed, "bot": args.bot, "players": list(setup.players),
                       "winners": list(board.winners), "side": board.winning_side, "reason": board.reason,
                       "ended_after": board.ended_after,
                       "deaths": [{"round": r, "seats": list(s)} for r, s in board.deaths],
                       "story": [{"round": ln.round, "key": ln.key, **dict(ln.params)} for ln in lines]},
                      sys.stdout, ensure_ascii=False, indent=2)
            sys.stdout.write("\n")
            return 0
        print(f"Seed {seed}, {len(setup.players)} players, {args.bot} bots, classic.")
        current = None
        for ln in lines:
            if ln.round != current:
                current = ln.round
                print(f"-- {current}")
            print("  " + render(ln, setup.players))
        return 0
    stats = simulate_classic(setup, games, seed, args.bot)
    if args.json:
        json.dump(stats.to_json(), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    print(f"{games:,} classic games, seed {seed}, {len(setup.players)} players, {args.bot} bots, "
          f"deck {','.join(setup.deck)}")
    for side in ("villagers", "werewolves", "piper", "lovers", "none"):
        wins = dict(stats.wins).get(side, 0)
        if wins or side in ("villagers", "werewolves"):
            print(f"  {side:<11} {wins:>8,}  {stats.win_rate(side):6.1%}")
    print("  why: " + ", ".join(f"{k} {v:,}" for k, v in stats.reasons))
    print(f"  average nights {stats.average_rounds:.2f}, average deaths {stats.average_deaths:.2f}")
    return 0
