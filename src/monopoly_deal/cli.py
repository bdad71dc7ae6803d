"""The ``mdeal`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .engine import Rules


def _rules(text: str) -> Rules:
    try:
        return Rules.parse(text)
    except (ValueError, TypeError) as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _players(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"players must be a number from 2 to 10, not {text!r}") from None
    if not 2 <= n <= 10:
        raise argparse.ArgumentTypeError(f"players must be from 2 to 10, not {n}")
    return n


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=_players, default=2, help="2 to 10 (default 2)")
    p.add_argument("--edition", choices=("base", "enhanced"), default="base")
    p.add_argument("--rules", type=_rules, default=Rules(), metavar="OPT=VAL,...",
                   help="rule options, e.g. putback=discard,bank_first=true (see README)")
    p.add_argument("--seed", type=int, default=None)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mdeal", description="Monopoly Deal: play, simulate, replay, check rules.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sim = sub.add_parser("sim", help="play random-bot games; report speed and results")
    _common(sim)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--check", action="store_true", help="verify every card is accounted for after every action")
    sim.set_defaults(run=_run_sim)
    return parser


def _run_sim(args: argparse.Namespace) -> int:
    from .sim import InvariantBroken, simulate

    try:
        stats = simulate(args.players, args.games, args.seed or 0, args.edition, args.rules, args.check)
    except InvariantBroken as error:
        print(f"invariant broken: {error}", file=sys.stderr)
        return 1
    print(stats.summary())
    if args.check:
        print("  invariants: every card accounted for exactly once after every action")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return int(args.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
