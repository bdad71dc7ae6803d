"""What happened in a game, in words, turn by turn.

>>> from monopoly_deal import Game, Rules
>>> game = Game(players=2, rules=Rules(start=0), seed=7)
>>> game.apply("end")
>>> lines = narrate(game, viewer=1)     # as P2 sees it
>>> lines[0]
'Turn 1 — P1 draws 2 cards.'
>>> lines[1].startswith("Turn 2 — P2 draws 2 cards: ")
True

Narration has three layers, so that a translation is a new catalogue and no
new code:

1. :class:`Narrator` reads the engine's events (``game.events``) and turns
   each into a :class:`Message`: an id and typed parameters (a
   :class:`Player`, a :class:`Card`, an amount of :class:`Money`, ...).
2. :class:`Words` renders a parameter in a language: a seat by the player's
   name, a card by its name in ``cards.TYPES``, a colour from ``COLOUR_NAMES``.
3. A catalogue (:data:`ENGLISH`) maps each message id to a template such as
   ``"{player} banks {card}."``; keys starting with ``_`` hold the small
   patterns parameters are built from (lists, "(as red)", "6M").

The words of an action card played come from its row of the table of verbs
(:mod:`monopoly_deal.engine.verbs`, its ``told`` messages), as a menu's words
of an action do (its ``menu`` ones): :func:`params_of` makes their parameters.

The package: :mod:`.names` (names as screens may show them), :mod:`.params`
(message parameters), :mod:`.catalogue` (:data:`ENGLISH`), :mod:`.narrator`
(events -> messages) and :mod:`.words` (messages -> words).

The events do not say how much a rent charges, so the narrator applies the
actions itself (:meth:`Narrator.play`) and reads the rent from the table just
before each rent card is played. :func:`narrate` does this for a finished game
by playing it again from its seed.

Some cards are seen only by some players: drawn cards and cards put back under
the draw pile by the player who holds them, a card taken with Inheritor by the
two players concerned. With a ``viewer`` seat, the narration shows those cards
only when that seat may see them; without one, it shows everything.
"""

from __future__ import annotations

from ..engine import Game
from .catalogue import ENGLISH
from .names import clean_name, printable
from .narrator import Narrator
from .params import Card, Cards, Colour, Copies, Group, Message, Money, Player, Players, params_of
from .words import Words, typeset

__all__ = [
    "ENGLISH", "Card", "Cards", "Colour", "Copies", "Group", "Message", "Money", "Narrator", "Player", "Players",
    "Words", "clean_name", "messages", "narrate", "params_of", "printable", "typeset",
]


def messages(game: Game, viewer: int | None = None) -> list[Message]:
    """Every message of ``game`` so far, from ``viewer``'s seat (``None``: all cards shown).

    The game is played again from its seed to learn each rent's amount; a game
    set up with :meth:`Game.from_position` cannot be, so narrate such a game
    with a :class:`Narrator` as it is played.
    """
    fresh = game.restart()
    narrator = Narrator(fresh, viewer)
    out = narrator.start()
    try:
        for action in game.history:
            out += narrator.play(action)
        same = game.events is None or fresh.events == game.events
    except ValueError:  # an action the seed's game does not allow
        same = False
    if not same:
        raise ValueError("this game cannot be played again from its seed (was it set up with from_position?); "
                         "narrate it with a Narrator as it is played")
    return out


def narrate(game: Game, viewer: int | None = None, catalogue: dict[str, str] = ENGLISH,
            lang: str = "en") -> list[str]:
    """``game`` so far in words, one line per sentence, each turn's first line headed by its number."""
    return Words(game.names, catalogue, lang).lines(messages(game, viewer))
