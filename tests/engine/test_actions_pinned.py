"""The action space, the notation, the menu words and the narration, pinned.

Learning code stores action ids, records store notation, and players read the
words: the table of verbs (``engine/verbs.py``) must give exactly what the five
switches it replaced gave. The digests below were taken from those switches;
a change here is a change of every id, record or sentence, to be made on purpose.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from monopoly_deal.engine import Action, Game, format_action, parse_action
from monopoly_deal.engine.actions import ActionSpace
from monopoly_deal.i18n import LANGUAGES, get_translator
from monopoly_deal.narrate import Narrator, Words

#: sha256 of the space's actions (their fields) and of their notations, one a line; and the space's size.
SPACES = {
    ("base", 2): (7098, "13049499bf172139", "8c52811479138df1"),
    ("base", 5): (9375, "cbb03c82119356e7", "cf803bf05a3c6154"),
    ("base", 10): (29494, "26e67ae127e3b8dd", "b2e82c1241cbc2f4"),
    ("enhanced", 2): (10626, "34ed99408ed3b9c8", "44d1871ba47cc24c"),
    ("enhanced", 5): (14493, "bb07f4f7edf6964a", "56166dab562901cb"),
    ("enhanced", 10): (47130, "f568af1e40ebdd7e", "44e58caf7b24b9b0"),
}


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def _fields(space: ActionSpace) -> list[str]:
    return [repr(tuple(a)) for a in space.actions]


@pytest.mark.parametrize(("edition", "players"), list(SPACES), ids=[f"{e}-{n}p" for e, n in SPACES])
def test_action_space_ids_are_pinned(edition: str, players: int) -> None:
    """Every id names the action it named before the verbs were a table, in the same order."""
    space = ActionSpace(edition, players)
    size, fields, notation = SPACES[edition, players]
    assert (len(space), _digest(_fields(space)), _digest([str(a) for a in space.actions])) == (size, fields, notation)


def _menu(lang: str, space: ActionSpace) -> list[str]:
    """Every action of ``space`` in words, with the default amounts and with a given one."""
    tr = get_translator(lang)
    names = [f"N{s}" for s in range(space.players)]
    out = [tr.action(Action("discard"), names)]
    for a in space.actions:
        rent = a.verb.startswith("rent:")
        out.append(tr.action(a, names, amount=7 if rent else None))
        out.append(tr.action(a, names, amount=4))
    return out


MENUS = {"en": "e28301654d01c7d5", "zh-Hant": "f0798e9ec83e6497", "zh-Hans": "22cc6421381d7612"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_menu_words_are_pinned(lang: str) -> None:
    """Every action of the biggest Enhanced space in each language's words, as before."""
    space = ActionSpace("enhanced", 5)
    assert _digest(_menu(lang, space)) == MENUS[lang]


def _narration(lang: str, edition: str, players: int, seed: int) -> list[str]:
    """A random game told from every seat and from none, in ``lang``."""
    game = Game(players, edition, seed=seed)
    rng = random.Random(seed)
    narrators = [Narrator(game.restart(), viewer) for viewer in (None, *range(players))]
    said = [m for n in narrators for m in n.start()]
    while not game.over:
        actions = game.legal_actions()
        action = actions[rng.randrange(len(actions))]
        game.apply(action)
        text = format_action(action)
        assert parse_action(text) == action
        for n in narrators:
            said += n.play(text)
    return Words([f"N{s}" for s in range(players)], get_translator(lang).words([]).catalogue, lang).lines(said)


NARRATION = {
    ("en", "enhanced", 3, 2): "b5dccb40ed787a2a",
    ("zh-Hant", "enhanced", 5, 3): "d4e78fd59071ff48",
    ("zh-Hans", "enhanced", 4, 4): "b0f9d66cdfd7f04a",
    ("en", "base", 5, 5): "7a01fe6d548dfc2d",
    ("zh-Hant", "enhanced", 2, 6): "7b48e132e015d6ce",
    ("en", "enhanced", 6, 7): "14b798d88355dfec",
    ("zh-Hans", "base", 3, 8): "5fbd53f45d601986",
    ("en", "enhanced", 10, 9): "c364e45e2e83c886",
}


@pytest.mark.parametrize(("lang", "edition", "players", "seed"), list(NARRATION))
def test_narration_is_pinned(lang: str, edition: str, players: int, seed: int) -> None:
    """Random games told in words, every action through its notation, as before."""
    assert _digest(_narration(lang, edition, players, seed)) == NARRATION[lang, edition, players, seed]


def _mutations(text: str) -> list[str]:
    """``text`` and some ways of writing it wrong (or differently): a word dropped, added, doubled or moved,
    its separators changed, its seats in lower case."""
    words = text.split()
    out = [text, " ".join(words[:-1]), f"{text} P2", f"{text} x2", f"{text} x8", f"{text} red", " ".join(words[::-1]),
           text.replace(":", "="), text.replace(">", ":"), text.replace("=", ">"), text.replace("P", "p"),
           text.replace("#2", "#0"), text.replace("#2", "#x"), text.replace(" ", "  "), f"{words[0]} {words[0]}"]
    if len(words) > 1:
        out += [f"{words[0]} nothing", f"{words[0]} {words[1]}=red", f"{words[0]} bank", f"{words[0]} P0",
                f"{words[0]} red:5M", f"{words[0]} red:red>blue", f"{words[0]} P2 P3"]
    return out


def _reading(text: str) -> str:
    try:
        return repr(tuple(parse_action(text)))
    except ValueError as error:
        return f"{type(error).__name__}: {error}"


def test_reading_right_and_wrong_notation_is_pinned() -> None:
    """What every notation of the biggest Enhanced space, and many wrong ones, read as (or the error said)."""
    space = ActionSpace("enhanced", 5)
    texts = ["", "  ", "nonsense", "discard", "bank", "pay bank", "place bank", "place nowhere", "rent:any", "rent:any P2",
             "rent:red/yellow red P2", "rent:red/yellow red x3", "speeding-deal", "play property-wild", "play red=red",
             "play red/yellow", "play red/yellow=none", "play property-wild=none", "give red:red=red", "move red:red",
             "swap red:red/yellow>red#2", "move red:red/yellow>red#2", "move red#2:red>red#1"]
    for action in space.actions:
        texts += _mutations(str(action))
    readings = [_reading(t) for t in dict.fromkeys(texts)]
    assert (len(readings), _digest(readings)) == READINGS
    with pytest.raises(ValueError, match="must be text"):
        parse_action(3)  # type: ignore[arg-type]


READINGS = (139005, "f30e14beeb5236d2")
