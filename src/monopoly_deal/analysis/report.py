"""A review shown: the per-decision table and the players' accuracy on the terminal (Rich), ``analysis.json``
and ``winchance.png``.

>>> from monopoly_deal import Game
>>> from monopoly_deal.analysis.review import review
>>> start = Game.from_position(2, rest="box",    # P1 holds the green that wins; P2 needs one orange card
...     groups={0: [("brown", ["brown", "brown"], None, None), ("dark-blue", ["dark-blue", "dark-blue"], None, None),
...                 ("green", ["green", "green"], None, None)],
...             1: [("red", ["red"] * 3, None, None), ("yellow", ["yellow"] * 3, None, None),
...                 ("orange", ["orange", "orange"], None, None)]},
...     hands={0: ["green"], 1: ["orange", "1M", "2M", "3M", "pass-go"]},
...     draw=["pink/orange", "pink/orange", "rainbow", "1M", "2M", "4M"])
>>> text = render(tables(review(start, ["end"], budget=16, seed=1, bot="heuristic")), width=120)
>>> "End the turn" in text and "100% → 0%" in text and "100 ± 0" in text and "blunder" in text
True

The words are the run's language (``--lang``: English, 繁體中文 or 简体中文): the actions as the menus say
them, the labels from the catalogues (``analysis.*``). The graph's labels are English (its fonts may lack
Chinese characters).
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..i18n import Translator, get_translator
from .review import FLAGS, SIGNIFICANCE, THRESHOLDS, Candidate, Decision, Review

__all__ = ["FLAG_STYLES", "JSON_NAME", "PNG_NAME", "heading", "plot", "render", "tables", "write"]

JSON_NAME, PNG_NAME = "analysis.json", "winchance.png"
#: How each flag stands out: on the terminal, and on the graph.
FLAG_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
_FLAG_COLOURS = {"inaccuracy": "#e6b800", "mistake": "#ff8c00", "blunder": "#d62728"}
_FLAG_MARKERS = {"inaccuracy": "o", "mistake": "s", "blunder": "X"}
ENGLISH = get_translator("en")


def heading(review: Review, source: str, words: Translator = ENGLISH) -> str:
    """What was reviewed and how: the game, its result, and whose view the chances take (all cards open, said
    first where so)."""
    say = words.gettext
    names = words.seat_names(review.names)
    if review.winner is not None:
        result = say("analysis.won", player=names[review.winner], turn=review.turns)
    else:
        result = say("analysis.no-winner" if review.over else "analysis.not-over", turn=review.turns)
    seats = [names[p] for p in review.seats]
    view = "analysis.view-open" if review.open else "analysis.view-seat"
    return "\n".join((say("analysis.title", source=source, players=names, result=result, seats=seats),
                      say(view, budget=review.budget, bot=review.bot, seed=review.seed)))


def tables(review: Review, words: Translator = ENGLISH, names: Sequence[str] | None = None) -> Group:
    """The decisions table (one row a decision weighed: the move, the win chance with the best move found and
    after the move made, what was lost, the flag, and the alternatives that would have kept more) and the
    players' table (accuracy and flags)."""
    say = words.gettext
    shown = list(names) if names is not None else words.seat_names(review.names)
    decisions = Table(header_style="bold")
    for key, justify, ratio in (("n", "right", None), ("turn", "right", None), ("player", "left", None),
                                ("move", "left", 3), ("chance", "right", None), ("lost", "right", None),
                                ("flag", "left", None), ("best", "left", 4)):
        decisions.add_column(say(f"analysis.col-{key}"), justify=justify,  # type: ignore[arg-type]
                             ratio=ratio, no_wrap=ratio is None, overflow="fold")
    for d in review.decisions:
        decisions.add_row(*_row(d, words, shown))
    players = Table(header_style="bold")
    for key in ("player", "decisions", "accuracy", *FLAGS, "lost-mean"):
        players.add_column(say(f"analysis.col-{key}"), justify="left" if key == "player" else "right")
    for p in review.seats:
        accuracy = review.accuracy(p)
        counts = review.flags(p)
        players.add_row(shown[p], str(len(review.of(p))), "—" if accuracy is None else f"{accuracy:.1f}",
                        *(str(counts[f]) for f in FLAGS), _mean_points(review, p))
    least = [f"{round(100 * t)}" for _, t in THRESHOLDS]
    legend = Text(say("analysis.legend", thresholds=least, significance=f"{SIGNIFICANCE:g}"), style="dim")
    return Group(decisions, Text(""), players, legend)


def _row(d: Decision, words: Translator, names: list[str]) -> list[RenderableType]:
    say = words.gettext
    taken = d.taken
    flag = Text(say(f"analysis.{d.flag}"), style=FLAG_STYLES[d.flag]) if d.flag else Text("")
    chance = say("analysis.chance", before=_percent(d.before), after=_percent(d.after))
    lost = say("analysis.lost", lost=_points(d.lost), error=_points(d.lost_error)) if len(d.candidates) > 1 else "—"
    best = Text()
    for i, c in enumerate(c for c in d.alternatives if c.gain > 0):   # what would have kept more, best first
        best.append(("\n" if i else "") + f"{_said(c, words, names)}  {_percent(c.chances[d.seat])}",
                    style="bold" if i == 0 else "")
    return [str(d.index + 1), str(d.turn), names[d.seat], Text(_said(taken, words, names)), chance, lost, flag,
            best if best else Text("—", style="dim")]


def _said(c: Candidate, words: Translator, names: list[str]) -> str:
    return words.action(c.action, names, c.amount)


def _mean_points(review: Review, seat: int) -> str:
    mine = review.of(seat)
    return f"{100 * sum(d.lost for d in mine) / len(mine):.1f}" if mine else "—"


def _percent(chance: float) -> str:
    return f"{100 * chance:.0f}%"


def _points(lost: float) -> str:
    return f"{100 * lost:.0f}"


def render(renderable: RenderableType, width: int | None = None) -> str:
    """A renderable as plain text (for tests and files): what the terminal would show, without colours."""
    console = Console(width=width or 120, file=io.StringIO(), color_system=None, highlight=False)
    console.print(renderable)
    return cast(io.StringIO, console.file).getvalue()


def write(review: Review, folder: str | Path, source: str, words: Translator = ENGLISH) -> list[Path]:
    """``analysis.json`` and ``winchance.png`` in ``folder`` (made if missing); the paths written."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    data = review.to_json()
    data["game"]["source"] = source
    names = words.seat_names(review.names)
    for entry, d in zip(data["decisions"], review.decisions):   # the actions in words too, in the run's language
        entry["taken_words"] = words.action(d.taken.action, names, d.taken.amount)
        for c_entry, c in zip(entry["candidates"], d.candidates):
            c_entry["words"] = words.action(c.action, names, c.amount)
    path_json, path_png = out / JSON_NAME, out / PNG_NAME
    path_json.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    plot(review, path_png, source)
    return [path_json, path_png]


def plot(review: Review, path: str | Path, source: str = "") -> None:
    """Every seat's win chance after each decision weighed (as the deciding seat could know it), over the
    game's turns, with the flagged decisions marked on their player's line."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(10, 4.5))
    x = _turn_axis(review)
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for seat in range(len(review.names)):
        ys = [d.taken.chances[seat] for d in review.decisions]
        colour = colours[seat % len(colours)]
        ax.plot(x, ys, color=colour, linewidth=1.6, label=f"P{seat + 1} {review.names[seat]}"
                if review.names[seat] != f"P{seat + 1}" else f"P{seat + 1}")
    for flag in FLAGS:
        marked = [(xi, d.after) for xi, d in zip(x, review.decisions) if d.flag == flag]
        if marked:
            ax.scatter([m[0] for m in marked], [m[1] for m in marked], marker=_FLAG_MARKERS[flag], s=70, zorder=3,
                       color=_FLAG_COLOURS[flag], edgecolors="black", linewidths=0.6, label=flag)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlim(left=1)
    ax.set_xlabel("turn")
    ax.set_ylabel("win chance after the move")
    view = "ALL CARDS OPEN" if review.open else "as the deciding player could know it"
    whose = "" if len(review.seats) == len(review.names) else \
        f" after the moves of {', '.join(f'P{p + 1}' for p in review.seats)}"
    ax.set_title(f"{source}: win chances{whose}, {view} ({review.budget} playouts a move, seed {review.seed})",
                 fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _turn_axis(review: Review) -> list[float]:
    """Where each decision sits on a turn axis: turn ``t``'s decisions spread evenly from ``t`` to ``t + 1``."""
    by_turn: dict[int, list[int]] = {}
    for i, d in enumerate(review.decisions):
        by_turn.setdefault(d.turn, []).append(i)
    x = [0.0] * len(review.decisions)
    for turn, places in by_turn.items():
        for k, i in enumerate(places):
            x[i] = turn + k / len(places)
    return x
