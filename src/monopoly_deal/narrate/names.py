"""Names as every screen may show them: printable on a terminal, clean to keep."""

from __future__ import annotations

import unicodedata

from ..engine.refusal import Refusal

#: Characters that reorder the text around them (bidirectional controls): a name must not turn a line around.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def printable(name: str) -> str:
    r"""``name`` safe to write to a terminal: control characters (ESC, newline, NUL, ...) and
    bidirectional controls are written as escapes, so that a name from a record made elsewhere
    cannot move the cursor, colour the screen, break a line or turn the text around.

    >>> printable("Ann")
    'Ann'
    >>> printable("\x1b[31mred\nline\u202eevil")
    '\\x1b[31mred\\nline\\u202eevil'
    """
    if name.isprintable():
        return name
    return "".join(_escaped(ch) for ch in name)


#: Control characters, line and paragraph separators, lone surrogates.
_CONTROL_CATEGORIES = frozenset(("Cc", "Zl", "Zp", "Cs"))


def _escaped(ch: str) -> str:
    if ch in _BIDI_CONTROLS or unicodedata.category(ch) in _CONTROL_CATEGORIES:
        return ch.encode("unicode_escape", "backslashreplace").decode("ascii")
    return ch


#: Unicode categories a name may not hold: controls (newline, NUL, ESC), formatting characters (the bidi
#: overrides and isolates, zero-width joiners), line and paragraph separators, surrogates, private use, unassigned.
_UNPRINTABLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def clean_name(value: str, longest: int = 24) -> str:
    """A name as every screen may show it: Unicode NFC, nothing unprintable, spaces trimmed and runs of them
    made one, at most ``longest`` characters; ``ValueError`` says what is wrong.

    >>> clean_name("  Ann   Lee ")
    'Ann Lee'
    >>> clean_name("Ann\u202eevil")
    Traceback (most recent call last):
    ...
    monopoly_deal.engine.refusal.Refusal: a name may not hold U+202E RIGHT-TO-LEFT OVERRIDE (a control or formatting character)
    """
    text = unicodedata.normalize("NFC", value)
    for char in text:
        if unicodedata.category(char) in _UNPRINTABLE:
            label = unicodedata.name(char, "")
            raise Refusal("name-error.unprintable", f"a name may not hold U+{ord(char):04X}"
                          f"{' ' + label if label else ''} (a control or formatting character)",
                          char=f"U+{ord(char):04X}")
    text = " ".join(text.split())
    if len(text) > longest:
        raise Refusal("name-error.long", f"at most {longest} characters, not {len(text)}", most=longest,
                      length=len(text))
    return text
