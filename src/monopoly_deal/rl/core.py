"""What the environments share: settings checked once, seeded games, observations, payoffs, text.

>>> import random
>>> table = Table(players=3, rules="putback=discard")
>>> game = table.new_game(random.Random(1))
>>> obs = table.observe(game, game.decider)
>>> obs["observation"].shape == (table.encoder.size,), int(obs["action_mask"].sum()) == len(game.legal_actions())
(True, True)
>>> table.payoff(game, 0)
0.0
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..engine import Action, Game, IllegalActionError, Rules
from ..i18n import get_translator
from .encoding import ObservationEncoder, action_space, mark

#: Game seeds drawn by environments: 48 bits, as :class:`Game` draws its own.
SEED_BITS = 48
#: ``"ansi"``: ``render()`` returns the table as text; ``"human"``: it prints it.
RENDER_MODES = ("ansi", "human")
#: Free re-arrangements (``move``, ``swap``) a turn in the environments, unless the rules name another
#: ``max_rearrangements``. The engine sets no limit (S1 FAQ), so a policy that re-colours a wild back and forth
#: would never end its turn; 8 takes no arrangement out of reach (the farthest measured is 6 moves away,
#: tests/engine/test_quick_accept.py) and bounds what such a loop wastes to 8 decisions a turn.
REARRANGEMENTS = 8


def check_render_mode(mode: str | None) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {mode!r}")
    return mode


def make_rules(rules: Rules | Mapping[str, Any] | str | None) -> Rules:
    """Rule options as a :class:`Rules`, a mapping (``{"putback": "discard"}``) or the command-line form
    (``"putback=discard"``); ``ValueError`` naming a bad option. The environments' defaults are the engine's
    but for ``max_rearrangements``, :data:`REARRANGEMENTS` unless named; a :class:`Rules` is taken as it is.

    >>> make_rules("putback=discard").max_rearrangements, make_rules("max_rearrangements=0").max_rearrangements
    (8, 0)
    """
    if isinstance(rules, Rules):
        return rules
    if rules is None:
        named: dict[str, Any] = {}
    elif isinstance(rules, str):
        named = Rules.named_in(rules)
    elif isinstance(rules, Mapping):
        named = dict(rules)
    else:
        raise ValueError(f"rules must be Rules, a mapping or 'name=value,...' text, not {type(rules).__name__}")
    return Rules.from_dict({"max_rearrangements": REARRANGEMENTS, **named})


class Table:
    """One game size for an environment: its encoder, action space and seeded games.

    Args:
        players: 2 to 10.
        edition: ``"base"`` or ``"enhanced"``.
        rules: see :func:`make_rules`.
        history: latest actions in an observation (:class:`ObservationEncoder`).
    """

    def __init__(self, players: int = 2, edition: str = "base",
                 rules: Rules | Mapping[str, Any] | str | None = None, history: int = 8) -> None:
        self.rules = make_rules(rules)
        self.encoder = ObservationEncoder(players, edition, self.rules, history)
        self.players, self.edition = players, edition
        self.space = action_space(players, edition, self.rules)
        self.actions = len(self.space)
        self._id_of: dict[Action, int] = self.space.id_of
        self._legal: tuple[tuple[Action, ...], list[int]] = ((), [])   # see mask()

    def new_game(self, rng: random.Random) -> Game:
        """A game whose seed comes from ``rng``: the same generator state, the same game."""
        return Game(self.players, self.edition, self.rules, seed=rng.getrandbits(SEED_BITS), log=False)

    def observe(self, game: Game, seat: int) -> dict[str, np.ndarray]:
        """PettingZoo's classic form: ``{"observation": ..., "action_mask": ...}``; the mask is all 0
        unless ``seat`` owes the decision."""
        return {"observation": self.encoder.encode(game, seat), "action_mask": self.mask(game, seat)}

    def mask(self, game: Game, seat: int) -> np.ndarray:
        """``seat``'s action mask: the legal actions' ids if it owes the decision, else all 0. The ids are
        remembered, so that :meth:`take` finds the action by its place."""
        mask = np.zeros(self.actions, dtype=np.int8)
        if game.decider == seat and not game.over:
            legal = game.legal_actions()
            id_of = self._id_of
            ids = [id_of[a] for a in legal]
            mark(mask, ids)
            self._legal = (legal, ids)
        return mask

    def take(self, game: Game, action_id: int) -> None:
        """Play the action ``action_id`` (:class:`IllegalActionError` if it is not legal now). When the
        legal actions are the ones of the last :meth:`mask`, it is played by its place among them, without
        the engine's search of the legal actions for it."""
        legal, ids = self._legal
        if game.legal_actions() is legal:    # the engine keeps one tuple until the next action
            try:
                index = ids.index(action_id)
            except ValueError:
                raise IllegalActionError(f"{self.space.action(action_id)} is not legal now") from None
            game.apply_index(index)
        else:
            game.apply(self.space.action(action_id))

    def payoff(self, game: Game, seat: int) -> float:
        """+1 for the winner, -1 for the others once the game is over; 0 before, and for everyone when
        the turn limit ends it without a winner (R7)."""
        if not game.over or game.winner < 0:
            return 0.0
        return 1.0 if game.winner == seat else -1.0

    def check_action(self, action: Any) -> int:
        """``action`` as an action id; ``ValueError`` unless it is a whole number in the action space."""
        if type(action) is int and 0 <= action < self.actions:  # the usual case, first
            return action
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool) and 0 <= action < self.actions:
            return int(action)
        raise ValueError(f"an action is an id from 0 to {self.actions - 1}, not {action!r}")


def render_text(game: Game, seat: int) -> str:
    """The table as ``seat`` sees it, in plain English text: whose turn, every seat, the seat's hand,
    the pending decision and the last action (as ``seat`` may know it, :meth:`Game.seen_action`)."""
    from ..render import hand_text, player_panel, status_text  # Rich loads only when a table is rendered

    tr = get_translator("en")
    view = game.view(seat)
    parts = [status_text(view, tr).plain]
    parts += [player_panel(view, p, tr).plain for p in range(game.players)]
    parts.append(hand_text(view, tr).plain)
    decision = view["decision"]
    parts.append(f"decision: {decision['type']} by P{decision['player'] + 1}" if decision["player"] >= 0
                 else f"over: {view['result']}, winner {'P' + str(view['winner'] + 1) if view['winner'] >= 0 else 'none'}")
    if game.history:
        parts.append(f"last action: {game.seen_action(len(game.history) - 1, seat)}")
    return "\n".join(parts) + "\n"


def render(mode: str | None, game: Game, seat: int) -> str | None:
    """An environment's ``render()``: the table as ``seat`` sees it, returned (``"ansi"``) or printed (``"human"``)."""
    if mode is None:
        return None
    text = render_text(game, seat)
    if mode == "human":
        print(text)
        return None
    return text
