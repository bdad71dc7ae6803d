"""Monopoly Deal as an OpenSpiel game, like OpenSpiel's own Python games (kuhn_poker, tiny_hanabi).

Importing this module registers ``python_monopoly_deal``::

    >>> import pyspiel
    >>> import monopoly_deal.rl.openspiel
    >>> game = pyspiel.load_game("python_monopoly_deal", {"players": 2, "seed": 7})
    >>> state = game.new_initial_state()
    >>> while not state.is_terminal():
    ...     state.apply_action(state.legal_actions()[0])
    >>> state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    True

Parameters: ``players`` (2 to 10), ``edition`` (``"base"`` or ``"enhanced"``), ``seed`` (0 or more:
every initial state is that deal, so the same actions replay the same game; -1, the default: a
new random deal each time), and every rule option of :class:`~monopoly_deal.engine.rules.Rules` as a
parameter of its own (:data:`RULE_PARAMETERS`), so that a game string carries them::

    >>> game = pyspiel.load_game("python_monopoly_deal(players=3,putback=discard,decks=2,bank_first=true,start=P2)")
    >>> game.rules.changed()
    {'putback': 'discard', 'bank_first': True, 'start': 1, 'decks': 2, 'max_rearrangements': 8}
    >>> pyspiel.load_game(str(game)).rules == game.rules          # the game string round-trips
    True

Their defaults are the engine's, but for ``max_rearrangements``: free re-arranging is bounded as in every
environment, :data:`~monopoly_deal.rl.core.REARRANGEMENTS` a turn (0, no bound, is refused: OpenSpiel needs a
bound on a game's length). OpenSpiel types a game string's values itself (``true``/``false`` a flag, digits a
number, anything else text) and refuses a value of another type than the default's, so a flag is
``true``/``false`` (not 1/0) and a starting seat is ``start=P1`` … ``start=P10`` (``random`` and ``dice`` as in
the rules). There is no ``rules`` parameter: its ``name=value,...`` text cannot sit inside a game string.

How the game maps onto OpenSpiel:

* Chance is *sampled*, as in OpenSpiel's ``tarok``: the engine shuffles and draws from its own
  seeded generator, so there are no chance nodes. Explicit chance nodes would need one outcome per
  possible shuffle; a sampled deal keeps every state a plain engine game, and
  :meth:`MonopolyDealState.resample_from_infostate` is how a search meets the hidden cards.
* Actions are the engine's :class:`~monopoly_deal.engine.actions.ActionSpace` ids (the same ids as
  the PettingZoo and Gymnasium environments); the legal ones come sorted.
* Returns are zero-sum: +1 for the winner, ``-1/(players-1)`` for every other seat (-1 with two
  players, as in the other environments), 0 for all when the turn limit ends the game (R7).
* The information state is perfect recall, as a string: every action with the discard pile after
  it (as the seat may know it: another seat's card put back under the draw pile is not named,
  :meth:`Game.seen_action <monopoly_deal.engine.game.Game.seen_action>`), and the seat's own hand
  each time it changed. Its tensor is the observation encoder
  (:mod:`monopoly_deal.rl.encoding`) with the longest action history (64 actions), since no fixed-size
  tensor holds a whole game; the observation is the encoder with 8 actions, and its string the
  table as the seat sees it (:func:`table_text`).
* ``resample_from_infostate(seat, sampler)`` deals the cards ``seat`` cannot see again at random
  (:meth:`Game.determinize <monopoly_deal.engine.game.Game.determinize>`), so OpenSpiel's
  ``ISMCTSBot`` plays the game; :mod:`monopoly_deal.bots.openspiel` lets it (or any OpenSpiel bot)
  play in the arena.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from ..engine import Game, Rules
from ..engine.actions import ActionSpace
from ..engine.cards import COLOUR_KEYS, EDITIONS, NO_COLOUR_KEY, decks_for
from ..engine.game import MAX_PLAYERS, PLAYS_PER_TURN
from .core import SEED_BITS, make_rules
from .encoding import ObservationEncoder, action_space, legal_ids

SHORT_NAME = "python_monopoly_deal"
#: Actions of history in the observation tensor, and in the information-state tensor (the most it takes).
OBSERVATION_HISTORY, INFOSTATE_HISTORY = 8, 64


def rule_parameter(name: str, value: Any) -> Any:
    """A rule option's value as a game parameter: a starting seat number is written ``P1`` … (OpenSpiel gives a
    parameter one type, and ``start`` is text: ``random`` or ``dice``).

    >>> rule_parameter("start", 0), rule_parameter("putback", "discard")
    ('P1', 'discard')
    """
    if name == "start" and isinstance(value, int) and not isinstance(value, bool):
        return f"P{value + 1}"
    return value


def rule_option(name: str, value: Any) -> Any:
    """A game parameter's value as the rule option's: ``start=P2`` is seat 1 (a digit string, from a
    parameter dict, is a seat number too); every other value is the option's as it is.

    >>> rule_option("start", "P2"), rule_option("start", "dice"), rule_option("decks", 2)
    (1, 'dice', 2)
    """
    if name == "start" and isinstance(value, str):
        if value[:1] in ("P", "p") and value[1:].isdigit():
            return int(value[1:]) - 1
        if value.isdigit():
            return int(value)
    return value


#: Every rule option as a game parameter, with its default: the engine's, but ``max_rearrangements``
#: (:data:`~monopoly_deal.rl.core.REARRANGEMENTS`, as every environment).
RULE_PARAMETERS: dict[str, Any] = {name: rule_parameter(name, value)
                                   for name, value in make_rules(None).to_dict().items()}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Monopoly Deal",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "edition": "base", "seed": -1, **RULE_PARAMETERS},
)


def max_game_length(players: int, edition: str, rules: Rules) -> int:
    """A bound on the decisions in one game, which OpenSpiel asks of every game.

    A turn holds at most ``max_rearrangements`` free moves, one ``end``, and per play the play
    itself, one first answer per target and at most two card movements per card of the deck
    (Just Say Nos, payments, buildings placed); then the discards down to the hand limit.

    >>> max_game_length(2, "base", make_rules(None))   # the environments' defaults
    760000
    """
    if rules.max_rearrangements == 0:
        raise ValueError("OpenSpiel needs a bound on a game's length: rule option max_rearrangements must be 1 or more")
    cards = sum(EDITIONS[edition].values()) * (rules.decks or decks_for(players))
    per_turn = rules.max_rearrangements + 1 + PLAYS_PER_TURN * (1 + players + 2 * cards) + cards
    return rules.max_turns * per_turn


def rules_from(params: dict[str, Any]) -> Rules:
    """The rules that game parameters name (those left out take :data:`RULE_PARAMETERS`' defaults);
    ``ValueError`` naming a bad option.

    >>> rules_from({"players": 3, "putback": "discard", "max_turns": 200}).changed()
    {'putback': 'discard', 'max_turns': 200, 'max_rearrangements': 8}
    """
    return Rules.from_dict({name: rule_option(name, params.get(name, default))
                            for name, default in RULE_PARAMETERS.items()})


class MonopolyDealGame(pyspiel.Game):
    """The game for one table size: ``MonopolyDealGame({"players": 3, "putback": "discard"})``,
    ``pyspiel.load_game("python_monopoly_deal", {...})`` or ``pyspiel.load_game("python_monopoly_deal(players=3,
    putback=discard)")``. Bad parameters raise ``ValueError`` naming the parameter."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        unknown = sorted(set(params or {}) - set(_GAME_TYPE.parameter_specification))
        if unknown:
            raise ValueError(f"unknown parameter(s) {', '.join(unknown)}; known: "
                             f"{', '.join(_GAME_TYPE.parameter_specification)} (each rule option is a parameter)")
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        players, edition, seed = params["players"], params["edition"], params["seed"]
        if not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be 2 to {MAX_PLAYERS}, not {players!r}")
        if edition not in EDITIONS:
            raise ValueError(f"unknown edition {edition!r}; choose one of {', '.join(EDITIONS)}")
        if not isinstance(seed, int) or not -1 <= seed < 1 << SEED_BITS:
            raise ValueError(f"seed must be -1 (a random deal) or 0 to 2**{SEED_BITS} - 1, not {seed!r}")
        rules = rules_from(params)
        if isinstance(rules.start, int) and rules.start >= players:
            raise ValueError(f"start must be random, dice or a seat of the game, P1 to P{players}, "
                             f"not {params['start']!r}")
        space = action_space(players, edition, rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(space),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(players, edition, rules),
        )
        super().__init__(_GAME_TYPE, info, params)
        self.players, self.edition, self.rules, self.seed, self.space = players, edition, rules, seed, space

    def new_initial_state(self) -> MonopolyDealState:
        """The start of a game: the deal of ``seed``, or a random one when ``seed`` is -1."""
        return MonopolyDealState(self)

    def state_of(self, game: Game) -> MonopolyDealState:
        """A state holding ``game`` (of this table size) as it stands. Its recall begins now: each seat's
        information state opens with its hand of the moment (what a search from here needs)."""
        return MonopolyDealState(self, _Play(game))

    def new_engine_game(self) -> Game:
        seed = self.seed if self.seed >= 0 else int.from_bytes(os.urandom(6), "big")
        return Game(self.players, self.edition, self.rules, seed=seed, log=False)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> MonopolyDealObserver:
        """The information-state observer for perfect-recall types, else the observation observer."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return MonopolyDealObserver(self, perfect_recall)


class _Play:
    """A game in progress and what each seat has seen of it: ``log`` holds ``(seat, text)`` lines,
    seat -1 for what everyone sees. OpenSpiel copies a Python state by deep-copying its attributes;
    this copies the engine game with its cheap :meth:`Game.clone` instead."""

    __slots__ = ("game", "hands", "log")

    def __init__(self, game: Game, log: list[tuple[int, str]] | None = None) -> None:
        self.game = game
        self.log = log if log is not None else []
        self.hands: list[tuple[int, ...]] = [() for _ in range(game.players)]
        self.note_hands()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        copy = _Play.__new__(_Play)
        copy.game, copy.log, copy.hands = self.game.clone(), self.log[:], self.hands[:]
        return copy

    def apply(self, action_id: int, space: ActionSpace) -> None:
        game = self.game
        who, action = game.decider, space.action(action_id)
        game.apply(action)
        top = game.card_key(game.discard[-1]) if game.discard else "-"
        pile = f"discard {len(game.discard)} {top}"
        public = game.public_action(len(game.history) - 1)
        if public == action:
            self.log.append((-1, f"P{who + 1} {action} | {pile}"))
        else:  # a private choice (a card put back under the draw pile): in full for its own seat only
            self.log += [(p, f"P{who + 1} {action if p == who else public} | {pile}") for p in range(game.players)]
        self.note_hands()

    def note_hands(self) -> None:
        """Log each hand that changed since it was last logged, for its seat only."""
        game = self.game
        for p, hand in enumerate(game.hands):
            now = tuple(hand)
            if now != self.hands[p]:
                self.hands[p] = now
                self.log.append((p, "hand: " + " ".join(sorted(map(game.card_key, hand)))))

    def recall(self, seat: int) -> str:
        """``seat``'s information state: its lines of the log."""
        lines = [f"P{seat + 1} of {self.game.players}"]
        lines += [text for who, text in self.log if who < 0 or who == seat]
        return "\n".join(lines)

    def resampled(self, seat: int, seed: int) -> _Play:
        """The same play as ``seat`` knows it, with every card ``seat`` cannot see dealt again: ``seat``'s
        recall is unchanged; each other seat's private lines give way to its new hand."""
        copy = _Play.__new__(_Play)
        copy.game = self.game.determinize(seat, seed)
        copy.log = [(who, text) for who, text in self.log if who < 0 or who == seat]
        copy.hands = [h if p == seat else () for p, h in enumerate(self.hands)]
        copy.note_hands()
        return copy


class MonopolyDealState(pyspiel.State):
    """One game. OpenSpiel clones a Python state by making a new initial state and copying the
    attributes over it, so the deal is made on first use, not in the constructor."""

    def __init__(self, game: MonopolyDealGame, play: _Play | None = None) -> None:
        super().__init__(game)
        self._dealt = play

    @property
    def _table(self) -> MonopolyDealGame:
        return self.get_game()

    @property
    def play(self) -> _Play:
        if self._dealt is None:
            self._dealt = _Play(self._table.new_engine_game())
        return self._dealt

    @property
    def engine_game(self) -> Game:
        """The engine's game (read it; change it only through :meth:`apply_action`)."""
        return self.play.game

    def current_player(self) -> int:
        game = self.play.game
        return pyspiel.PlayerId.TERMINAL if game.over else game.decider

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(legal_ids(self.play.game, self._table.space))

    def _apply_action(self, action: int) -> None:
        self.play.apply(action, self._table.space)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._table.space.action(action))

    def is_terminal(self) -> bool:
        return self.play.game.over

    def returns(self) -> list[float]:
        """+1 to the winner and ``-1/(players-1)`` to the others; 0 for all before the end or without a winner."""
        game = self.play.game
        if game.winner < 0:
            return [0.0] * game.players
        loss = -1.0 / (game.players - 1)
        return [1.0 if p == game.winner else loss for p in range(game.players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MonopolyDealState:
        """A state ``player_id`` cannot tell from this one, the hidden cards dealt again at random;
        ``probability_sampler()`` (a number in [0, 1)) seeds the deal."""
        seed = int(probability_sampler() * (1 << SEED_BITS))
        state = self.clone()
        state._dealt = self.play.resampled(player_id, seed)
        return state

    def __str__(self) -> str:
        """Everything, hidden cards included (for debugging)."""
        return table_text(self.play.game, -1)


def table_text(game: Game, seat: int) -> str:
    """The table as ``seat`` sees it, one seat a line: only ``seat``'s hand is shown card by card
    (every hand when ``seat`` is -1, and the draw pile too); then the pending decision's public facts.

    >>> print(table_text(Game(players=2, seed=7), seat=0))  # doctest: +ELLIPSIS
    turn 1, P2 to play, plays left 3
    P1 hand (5) [...] bank [] table []
    P2 hand (7) bank [] table []
    draw 94, discard []
    decision: player=1 type=play
    """
    key = game.card_key
    lines = [f"turn {game.turn}, P{game.active + 1} to play, plays left {PLAYS_PER_TURN - game.plays}"]
    for p in range(game.players):
        hand = game.hands[p]
        shown = f" [{' '.join(sorted(map(key, hand)))}]" if seat in (-1, p) else ""
        table = [f"{COLOUR_KEYS[c] if c < 10 else NO_COLOUR_KEY}:{'/'.join(map(key, g.cards))}"
                 + (f"+{key(g.house)}" if g.house >= 0 else "") + (f"+{key(g.hotel)}" if g.hotel >= 0 else "")
                 for c, col in enumerate(game.groups[p]) for g in col]
        jail = " jailed" if game.jailed[p] else ""
        lines.append(f"P{p + 1} hand ({len(hand)}){shown} bank [{' '.join(map(key, game.banks[p]))}] "
                     f"table [{' '.join(table)}]{jail}")
    draw = f"[{' '.join(map(key, game.draw))}]" if seat == -1 else str(len(game.draw))
    lines.append(f"draw {draw}, discard [{' '.join(map(key, game.discard))}]")
    info = game.decision_info()
    lines.append("decision: " + " ".join(f"{k}={v}" for k, v in sorted(info.items())))
    return "\n".join(lines)


class MonopolyDealObserver:
    """OpenSpiel's Python observer interface: ``tensor`` with named views in ``dict``, filled by
    :meth:`set_from`; :meth:`string_from` for the string form."""

    def __init__(self, game: MonopolyDealGame, perfect_recall: bool) -> None:
        history = INFOSTATE_HISTORY if perfect_recall else OBSERVATION_HISTORY
        self.encoder = ObservationEncoder(game.players, game.edition, game.rules, history)
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {f.name: self.tensor[f.offset:f.offset + f.size].reshape(f.shape) for f in self.encoder.features}

    def set_from(self, state: MonopolyDealState, player: int) -> None:
        self.encoder.encode(state.engine_game, player, out=self.tensor)

    def string_from(self, state: MonopolyDealState, player: int) -> str:
        if self.perfect_recall:
            return state.play.recall(player)
        return table_text(state.engine_game, player)


@lru_cache(maxsize=16)
def game_for(players: int, edition: str, rules: Rules) -> MonopolyDealGame:
    """The (shared) OpenSpiel game of one table size. Rules without a bound on re-arranging (the engine's
    default) get the environments' (:func:`make_rules`): OpenSpiel needs one for ``max_game_length``, and
    the states this game holds (:meth:`MonopolyDealGame.state_of`) play on by their own game's rules."""
    options = {k: rule_parameter(k, v) for k, v in rules.changed().items()}
    return MonopolyDealGame({"players": players, "edition": edition, **options})


pyspiel.register_game(_GAME_TYPE, MonopolyDealGame)
