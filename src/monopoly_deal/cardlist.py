"""The card list of an edition as a Markdown table (``mdeal cards``; the README's list)."""

from __future__ import annotations

from .engine.cards import COLOUR_NAMES, EDITIONS, LANGS, RENT, SET_SIZE, TYPES, VALUE_SETS, Colour, Kind


def card_table(edition: str = "base", values: str = "printed") -> str:
    """Every card type of ``edition``: key (its notation), count, value, what it is, its names."""
    counts, overrides = EDITIONS[edition], VALUE_SETS[values]
    rows = ["| key | count | value | kind | English | 繁體中文 | 简体中文 |", "|---|---|---|---|---|---|---|"]
    for t in TYPES:
        n = counts.get(t.key, 0)
        if n:
            value = overrides.get(t.key, t.value)
            rows.append(f"| `{t.key}` | {n} | {value}M | {_kind(t.kind)} | {' | '.join(t.names)} |")
    total = sum(counts.values())
    rows.append(f"| | **{total}** | | | | | |")
    return "\n".join(rows)


def colour_table() -> str:
    """Colours with set sizes and rent (R1.1)."""
    rows = ["| colour | set size | rent by cards in the set | 繁體中文 | 简体中文 |", "|---|---|---|---|---|"]
    for c in Colour:
        rent = ", ".join(f"{r}M" for r in RENT[c])
        names = " | ".join(COLOUR_NAMES[lang][c] for lang in LANGS[1:])
        rows.append(f"| {COLOUR_NAMES['en'][c]} | {SET_SIZE[c]} | {rent} | {names} |")
    return "\n".join(rows)


def _kind(kind: Kind) -> str:
    return {
        Kind.MONEY: "money", Kind.PROPERTY: "property", Kind.WILD: "two-colour wild", Kind.RAINBOW: "rainbow wild",
        Kind.RENT: "rent", Kind.RENT_ANY: "rent", Kind.HOUSE: "building", Kind.HOTEL: "building",
    }.get(kind, "action")
