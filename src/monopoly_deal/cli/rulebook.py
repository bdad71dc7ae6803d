"""The commands about the rules rather than a game: ``cards`` lists an edition's cards, ``scenario`` runs
the scenario files that pin the rules down."""

from __future__ import annotations

import argparse

from .options import Commands, _existing_path


def add_cards(sub: Commands) -> None:
    cards = sub.add_parser("cards", help="list an edition's cards with counts, values and names")
    cards.add_argument("--edition", choices=("base", "enhanced"), default="base")
    cards.add_argument("--values", choices=("printed", "s2"), default="printed", help="the s2-values deck option (R1.5)")
    cards.set_defaults(run=_run_cards)


def add_scenario(sub: Commands) -> None:
    scenario = sub.add_parser("scenario", help="run scenario files: set up a position, play actions, check the rules")
    scenario.add_argument("paths", nargs="+", type=_existing_path, metavar="PATH",
                          help="a scenario file, or a folder: every *.yaml below it")
    scenario.set_defaults(run=_run_scenario)


def _run_cards(args: argparse.Namespace) -> int:
    from ..cardlist import card_table, colour_table

    print(colour_table())
    print()
    print(card_table(args.edition, args.values))
    return 0


def _run_scenario(args: argparse.Namespace) -> int:
    from ..scenario import main as run_scenarios

    return run_scenarios(args.paths)
