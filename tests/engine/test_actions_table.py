"""The table of verbs (engine/verbs.py): its rows are whole, and a verb is one row."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from monopoly_deal.engine import Action, format_action, parse_action
from monopoly_deal.engine.actions import ActionSpace, IllegalActionError
from monopoly_deal.engine.cards import TYPE_BY_KEY
from monopoly_deal.engine.notation import PAY, SEAT
from monopoly_deal.engine.verbs import VERB_OF, VERBS, Verb, lay_out, say, verb_of
from monopoly_deal.i18n import LANGUAGES, Translator, get_translator
from monopoly_deal.narrate import ENGLISH
from monopoly_deal.narrate.params import SOURCES

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_sections_are_numbered_once() -> None:
    numbers = [number for row in VERBS for number, _ in row.ids]
    assert len(numbers) == len(set(numbers))
    assert len({row.key for row in VERBS}) == len(VERBS)


def test_every_verb_of_a_space_has_its_row_and_every_row_its_ids() -> None:
    """Each action of the space is laid out by its own row (a building's payments beside it), and every row
    lays out some action in the Enhanced edition."""
    acts, _ = lay_out(Action, "enhanced", 3)
    rows = {id(VERB_OF[a.verb]) for a in acts}
    assert rows == {id(row) for row in VERBS}
    assert {a.verb for a in acts if a.verb not in VERB_OF} == set()
    assert all(not row.kinds or TYPE_BY_KEY[key].kind in row.kinds for key, row in VERB_OF.items())
    assert verb_of("rent:any").key == "rent-any" and verb_of("hotel+").key == "build"


@pytest.mark.parametrize("row", VERBS, ids=[row.key for row in VERBS])
def test_every_message_of_a_row_has_its_words_and_sources(row: Verb) -> None:
    """Menu ids are ``action.ID`` in every language, narration ids in the English catalogue; every
    placeholder is a parameter the row gives, and every source is one the narrator knows."""
    for said in row.menu + row.told:
        assert {source for _, source in said.params} <= set(SOURCES), said
    for said in row.menu:
        for lang in LANGUAGES:
            template = get_translator(lang).catalogue()[f"action.{said.id}"]
            assert set(PLACEHOLDER.findall(template)) <= {name for name, _ in said.params}, (lang, said.id)
    for said in row.told:
        for each in ("", "-each")[:1 + said.each]:
            assert set(PLACEHOLDER.findall(ENGLISH[said.id + each])) <= {name for name, _ in said.params}
    assert all(not said.when for said in row.menu[-1:] + row.told[-1:]), "the last message is always said"


def test_a_new_verb_is_one_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """One row gives a verb its notation both ways, its ids (after every id there was) and its words."""
    wave = Verb("wave", (SEAT,), ((99, lambda s, verb: [s.act(verb, player=p) for p in s.seats]),),
                (say("wave", "target=seat"),))
    before = ActionSpace("base", 3).actions
    monkeypatch.setattr("monopoly_deal.engine.verbs.VERBS", VERBS + (wave,))
    monkeypatch.setitem(VERB_OF, "wave", wave)
    a = parse_action("wave P3")
    assert a == Action("wave", player=2) and format_action(a) == "wave P3"
    with pytest.raises(IllegalActionError, match="'wave' takes 1 argument"):
        parse_action("wave")
    assert ActionSpace("base", 3).actions == before + tuple(Action("wave", player=p) for p in range(3))
    en = get_translator("en")
    words = Translator("en", {**en.catalogue(), "action.wave": "Wave at {target}"})
    assert words.action(a, ["Ann", "Bo", "Cy"]) == "Wave at Cy"


def test_pay_is_laid_out_in_three_places() -> None:
    """Paying from the bank, with a building, and with a card on the table: the sections ids always had."""
    acts, _ = lay_out(Action, "base", 2)
    pays = [i for i, a in enumerate(acts) if a.verb == PAY]
    gaps = [j for i, j in pairwise(pays) if j != i + 1]
    assert len(gaps) == 3   # hand | house | hotel | table
