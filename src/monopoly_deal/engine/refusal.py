"""Refusals a person may read in their own language.

    >>> error = Refusal("rules-error.flag", "rule option 'bank_first' must be true or false", name="bank_first")
    >>> str(error), error.message_id, error.params
    ("rule option 'bank_first' must be true or false", 'rules-error.flag', {'name': 'bank_first'})

``str()`` is the English, for programs and logs; ``message_id`` names the words in the catalogues
(:meth:`monopoly_deal.i18n.Translator.explain` says it in a language) and ``params`` fill them. The engine
reads no catalogue: it names the message, the translator words it.
"""

from __future__ import annotations

from typing import Any


class Term(str):
    """A parameter that is itself a message id: said in words by the translator (a rule option's label,
    ``Term("web.rule.decks")``), as it is in English text."""

    __slots__ = ()


class Refusal(ValueError):
    """A value refused, with the id of its words in the catalogues and their parameters."""

    def __init__(self, message_id: str, english: str, **params: Any) -> None:
        super().__init__(english)
        self.message_id, self.params = message_id, params
