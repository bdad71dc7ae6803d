"""Statistics for the arena: Wilson intervals and Bradley–Terry ratings on the Elo scale.

>>> low, high = wilson(95, 100)
>>> round(low, 3), round(high, 3)
(0.888, 0.978)
>>> ratings({("a", "b"): 30, ("b", "a"): 10}, ["a", "b"])["a"] > 1500
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

Z95 = 1.959963984540054


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default); (0, 1) for no games."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def ratings(beats: Mapping[tuple[str, str], float], names: Sequence[str], mean: float = 1500.0,
            prior: float = 1.0, rounds: int = 500) -> dict[str, float]:
    """Bradley–Terry strengths fitted by maximum likelihood, shown on the Elo scale (400 points = 10:1 odds).

    ``beats[(a, b)]`` is how often ``a`` beat ``b`` (a draw counts half to each). Every name also
    draws ``prior`` games against a virtual player of average strength, so a bot that won every game
    gets a finite rating. The ratings average ``mean``.
    """
    strength = {n: 1.0 for n in names}
    for _ in range(rounds):
        new = {}
        for i in names:
            wins = prior / 2 + sum(w for (a, _), w in beats.items() if a == i)
            denom = prior / (strength[i] + 1.0)
            for (a, b), w in beats.items():
                if a == i:
                    denom += w / (strength[i] + strength[b])
                elif b == i:
                    denom += w / (strength[i] + strength[a])
            new[i] = wins / denom if denom else strength[i]
        strength = new
    elo = {n: 400 * math.log10(s) for n, s in strength.items()}
    shift = mean - sum(elo.values()) / len(elo) if elo else 0.0
    return {n: round(e + shift, 1) for n, e in elo.items()}
