"""A finished (or saved) game on the table, step by step, forwards and backwards, from any seat or all open."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ..engine import Game
from ..narrate import Message, Narrator, printable
from .app import TableApp


class Timeline:
    """Every position of ``game`` (a copy after each action) and, per viewer, its narration so far.

    >>> from monopoly_deal import Game, Rules
    >>> game = Game(players=2, rules=Rules(start=0), seed=7)
    >>> game.apply("end")
    >>> timeline = Timeline(game)
    >>> len(timeline), timeline.position(1).turn
    (2, 2)
    >>> len(timeline.messages(1, viewer=None)) > len(timeline.messages(0, viewer=None))
    True
    """

    def __init__(self, game: Game) -> None:
        self.actions = list(game.history)
        names = [printable(name) for name in game.names]  # shown on the terminal, from a record made anywhere
        self.fresh = lambda: game.restart(log=True, names=names)
        replica = self.fresh()
        self.positions = [replica.clone()]
        for action in self.actions:
            replica.apply(action)
            self.positions.append(replica.clone())
        self._told: dict[int | None, tuple[list[Message], list[int]]] = {}

    def __len__(self) -> int:
        return len(self.positions)

    def position(self, step: int) -> Game:
        """The game after ``step`` actions."""
        return self.positions[step]

    def messages(self, step: int, viewer: int | None) -> list[Message]:
        """What ``viewer`` (``None``: everything) was told up to ``step``."""
        if viewer not in self._told:
            narrator = Narrator(self.fresh(), viewer)
            said, counts = narrator.start(), []
            counts.append(len(said))
            for action in self.actions:
                said += narrator.play(action)
                counts.append(len(said))
            self._told[viewer] = (said, counts)
        said, counts = self._told[viewer]
        return said[:counts[step]]


class ReplayApp(TableApp):
    """Step through ``game``: ← → one action, Home/End, v to change whose eyes (or all cards open)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "step(1)", show=False), Binding("left,h", "step(-1)", show=False),
        Binding("pagedown", "step(20)", show=False), Binding("pageup", "step(-20)", show=False),
        Binding("home", "jump(0)", show=False), Binding("end", "jump(-1)", show=False),
        Binding("v", "viewer", show=False), Binding("t", "next_table", show=False),
        Binding("q,ctrl+c", "quit", show=False, priority=True),
    ]

    def __init__(self, game: Game, lang: str = "en", viewer: int | None = None) -> None:
        super().__init__(lang, game.players)
        self.timeline = Timeline(game)
        self.step = len(self.timeline) - 1
        self.viewer = viewer

    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            yield from self.compose_table()
            yield Static(id="prompt")
            yield Static(self.tr.gettext("ui.replay-keys"), id="keys")
        yield Static(id="too-small")

    def on_mount(self) -> None:
        super().on_mount()
        self.show()

    def show(self) -> None:
        tr, game = self.tr, self.timeline.position(self.step)
        self.draw_table(game, self.viewer, self.timeline.messages(self.step, self.viewer))
        seen = (tr.gettext("ui.replay-open") if self.viewer is None
                else tr.gettext("ui.replay-viewer", player=tr.seat_names(game.names)[self.viewer]))
        where = tr.gettext("ui.replay", step=self.step, total=len(self.timeline) - 1)
        self.query_one("#prompt", Static).update(Text(f"{where} · {seen}"))  # a name is text, never markup

    def action_step(self, by: int) -> None:
        self.step = min(len(self.timeline) - 1, max(0, self.step + by))
        self.show()

    def action_jump(self, step: int) -> None:
        self.step = step % len(self.timeline)
        self.show()

    def action_viewer(self) -> None:
        """All cards open, then each seat in turn."""
        order: list[int | None] = [None, *range(self.players)]
        self.viewer = order[(order.index(self.viewer) + 1) % len(order)]
        self.show()
