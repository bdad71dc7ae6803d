"""The terminal app: the table, the log, and a menu of the legal actions of the human who decides.

Run it with ``mdeal play``; tests drive it headless with Textual's ``run_test()``.
Hot-seat: when the keyboard must pass to another human (their turn, or an
answer out of turn), a cover screen hides the table until that player presses
Enter, and only then is the table drawn from the new player's view.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static, Tab, Tabs

from ..bots.explain import Alternative
from ..engine import Action, Game
from ..engine.game import PLAYING
from ..i18n import Translator, get_translator
from ..narrate import Message
from ..render import game_summary, hand_text, player_panel, seat_name, status_text
from . import session as sessions
from .menus import Choice, menu, question
from .session import Session

MIN_WIDTH, MIN_HEIGHT = 80, 24
#: From this size on, every player's table is on screen at once, side by side or one above another.
LARGE_WIDTH, LARGE_HEIGHT = 140, 45
#: A table in the large layout: at least this wide, and as tall where the screen allows.
TABLE_WIDTH, TABLE_HEIGHT = 44, 10
LOG_LINES = 80

CSS = """
#table { height: 1fr; }
#status { height: auto; max-height: 2; padding: 0 1; background: $boost; }
#seats { height: 1; }
#seats Underline { display: none; }
#seats Tab { padding: 0 1; }
#seats Tab.-active { background: $primary; }
#main { height: 1fr; min-height: 4; }
#players { width: 3fr; padding: 0 1; }
#log { width: 2fr; background: $panel; padding: 0 1; }
#hand { height: auto; max-height: 3; padding: 0 1; background: $boost; }
#table.-large #hand { max-height: 6; }
#main { layers: table hint; }
#tables { display: none; grid-gutter: 0 1; height: 1fr; }
#table.-large #tables { display: block; }
#table.-large #panel { display: none; }
#table.-large #players { padding: 0; }
.seat-box { height: 1fr; border: round $panel-lighten-2; padding: 0 1; scrollbar-size-vertical: 1; }
.seat-box.-shown { border: round $primary; }
#hint { layer: hint; dock: right; display: none; width: 100%; height: auto; max-height: 100%;
        padding: 0 1; background: $panel; border-left: outer $success; }
#table.-large #hint { width: 40%; }
#prompt { height: auto; max-height: 4; padding: 0 1; color: $warning; text-style: bold; }
#menu { height: auto; max-height: 40vh; border: none; padding: 0 1; }
#keys { height: 1; padding: 0 1; color: $text-muted; }
#too-small { display: none; padding: 2 4; text-style: bold; }
CoverScreen, HelpScreen, OverScreen { align: center middle; }
.help-para { margin-top: 1; }
.help-item { height: auto; }
.help-item Static { width: 1fr; }
.help-item .bullet { width: 3; padding-left: 1; }
#cover { width: 80%; height: auto; padding: 1 2; border: thick $primary; background: $surface; }
#help, #over { width: 90%; max-height: 100%; height: auto; padding: 0 1; border: thick $primary; background: $surface; }
"""


class CoverScreen(Screen[None]):
    """Hides the table while the keyboard passes to ``player``; Enter (or a click) uncovers it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "uncover", show=False)]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield Static(Text("\n\n".join(self.lines)), id="cover")

    def action_uncover(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)


class HelpScreen(ModalScreen[None]):
    """The rules in brief and the keys; it scrolls where the terminal is too short for it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark", "close", show=False)]

    def __init__(self, tr: Translator) -> None:
        super().__init__()
        self.tr = tr

    def compose(self) -> ComposeResult:
        tr = self.tr
        with VerticalScroll(id="help"):
            yield Static(Text(tr.gettext("ui.help-title"), style="bold"))
            for line in tr.gettext("ui.help-rules").splitlines():
                item = line.strip().removeprefix("•")
                if item == line.strip():
                    yield Static(Text(line), classes="help-line")
                    continue
                with Horizontal(classes="help-item"):  # a hanging indent: the item wraps beside its bullet
                    yield Static("•", classes="bullet")
                    yield Static(Text(item.strip()))
            yield Static(Text(tr.gettext("ui.keys")), classes="help-para")
            yield Static(Text(tr.gettext("ui.help-close")), classes="help-para")

    def action_close(self) -> None:
        self.dismiss(None)


class OverScreen(ModalScreen[None]):
    """The end of the game: who won, and every player's sets, bank and hand; Esc shows the table, q leaves."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", show=False),
                                              Binding("q", "app.quit_game", show=False)]

    def __init__(self, summary: Text) -> None:
        super().__init__()
        self.summary = summary

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="over"):
            yield Static(self.summary)

    def action_close(self) -> None:
        self.dismiss(None)


class MenuList(OptionList):
    """The menu of moves: the arrows stop at its first and last lines (no wrapping from the top line to
    the last, "End the turn"); Home and End jump there."""

    def action_cursor_up(self) -> None:
        self._step(-1)

    def action_cursor_down(self) -> None:
        self._step(1)

    def _step(self, direction: int) -> None:
        if self.highlighted is None:
            self.action_first() if direction > 0 else self.action_last()
            return
        index = self.highlighted + direction
        while 0 <= index < self.option_count:
            if not self.get_option_at_index(index).disabled:
                self.highlighted = index
                return
            index += direction


class TableApp(App[None]):
    """The table: status line, a tab per player above that player's table, the log and the
    viewer's hand; a message instead when the terminal is too small. ``t`` (or a click on a tab)
    shows the next player's table. A large terminal (:data:`LARGE_WIDTH` × :data:`LARGE_HEIGHT`)
    shows every player's table at once, the chosen one framed. :class:`PlayApp` and the replay
    add their controls."""

    CSS = CSS

    def __init__(self, lang: str, players: int) -> None:
        super().__init__()
        self.tr = get_translator(lang)
        self.players = players
        self.title = self.tr.gettext("ui.title")
        self.shown = 0  # the seat whose table is on screen
        self._drawn: tuple[dict[str, Any], list[list[str]] | None] | None = None  # what the table shows: a view, the hands open

    def compose_table(self) -> ComposeResult:
        yield Static(id="status")
        seats = Tabs(*[Tab(f"P{seat + 1}", id=f"seat-{seat}") for seat in range(self.players)], id="seats")
        seats.can_focus = False  # the keys stay with the menu; t and the mouse change tabs
        yield seats
        with Horizontal(id="main"):
            with VerticalScroll(id="players"):
                yield Static(id="panel")
                with Grid(id="tables"):  # the large layout: every table at once
                    for seat in range(self.players):
                        with VerticalScroll(id=f"box-{seat}", classes="seat-box"):
                            yield Static(id=f"table-{seat}", classes="seat-table")
            with VerticalScroll(id="log"):
                yield Static(id="log-text")
            with VerticalScroll(id="hint"):  # above the table, never over the question or the menu
                yield Static(id="hint-text")
        yield Static(id="hand")

    def on_mount(self) -> None:
        self._fit(self.size.width, self.size.height)

    def draw_table(self, game: Game, viewer: int | None, messages: list[Message], reveal: bool = False) -> None:
        """``game`` as ``viewer`` may see it (``None``: nobody is "you"), with the log of ``messages``;
        ``reveal`` (or no viewer) opens every hand."""
        tr = self.tr
        view = game.view(game.active if viewer is None else viewer)
        if viewer is None:
            view["seat"] = -1  # nobody is "you"
        hands = [game.view(seat)["hand"] for seat in range(game.players)] if reveal or viewer is None else None
        self._drawn = (view, hands)
        self.query_one("#status", Static).update(status_text(view, tr))
        seats = self.query_one("#seats", Tabs)
        for seat in range(game.players):
            label = seat_name(view, seat, tr) + (" ▸" if seat == view["decision"]["player"] else "")
            seats.query_one(f"#seat-{seat}", Tab).label = Text(label)  # a name is text, never markup
        self.draw_panel()
        self.query_one("#hand", Static).update(hand_text(view, tr) if viewer is not None else "")
        self.query_one("#log-text", Static).update(Text("\n".join(tr.lines(messages, tr.seat_names(game.names))[-LOG_LINES:])))
        self.query_one("#log", VerticalScroll).scroll_end(animate=False)

    def draw_panel(self) -> None:
        """The table of the seat whose tab is chosen; in the large layout, every table, the chosen one framed."""
        for seat in range(self.players):
            self.query_one(f"#box-{seat}").set_class(seat == self.shown, "-shown")
        if self._drawn is None:
            return
        view, hands = self._drawn
        for seat in range(self.players):
            panel = player_panel(view, seat, self.tr, hands[seat] if hands else None)
            self.query_one(f"#table-{seat}", Static).update(panel)
            if seat == self.shown:
                self.query_one("#panel", Static).update(panel)

    def show_seat(self, seat: int) -> None:
        """Show ``seat``'s table (its tab chosen)."""
        self.query_one("#seats", Tabs).active = f"seat-{seat}"

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        self.shown = int(event.tab.id.removeprefix("seat-")) if event.tab.id else 0
        self.draw_panel()
        if self.large:
            self.query_one("#players", VerticalScroll).scroll_to_widget(self.query_one(f"#box-{self.shown}"),
                                                                         animate=False)

    @property
    def large(self) -> bool:
        """Whether every player's table is on screen at once."""
        return self.query_one("#table").has_class("-large")

    def action_next_table(self) -> None:
        self.show_seat((self.shown + 1) % self.players)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """A terminal too small for the table gets a message instead, until it grows."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        table = self.query_one("#table")
        table.display = not small
        large = width >= LARGE_WIDTH and height >= LARGE_HEIGHT
        table.set_class(large, "-large")
        if large:
            self._grid(width, height)
        message = self.query_one("#too-small", Static)
        message.display = small
        message.update(self.tr.gettext("ui.too-small", width=width, height=height,
                                       min_width=MIN_WIDTH, min_height=MIN_HEIGHT))


    def _grid(self, width: int, height: int) -> None:
        """Lay the tables out in as few columns as leave each a height of :data:`TABLE_HEIGHT` (if the
        width allows: each at least :data:`TABLE_WIDTH` wide); the tables share the height, and scroll
        where even that is too little."""
        room_width, room_height = width * 3 // 5, max(TABLE_HEIGHT, height - 20)  # beside the log, above the menu
        columns = 1
        while (columns < self.players and room_height // math.ceil(self.players / columns) < TABLE_HEIGHT
               and room_width // (columns + 1) >= TABLE_WIDTH):
            columns += 1
        rows = math.ceil(self.players / columns)
        grid = self.query_one("#tables", Grid)
        grid.styles.grid_size_columns = columns
        grid.styles.grid_size_rows = rows
        grid.styles.min_height = rows * (TABLE_HEIGHT - 3)


class PlayApp(TableApp):
    """A game of ``session`` at one keyboard, in ``lang``; bots move every ``delay`` seconds."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit_game", show=False),
        Binding("ctrl+c", "quit_game", show=False, priority=True),
        Binding("question_mark", "help", show=False),
        Binding("h", "hint", show=False),
        Binding("escape", "menu_back", show=False),
        Binding("y", "confirm(True)", show=False),
        Binding("n", "confirm(False)", show=False),
        Binding("plus,equals_sign", "speed(0.5)", show=False),
        Binding("minus", "speed(2)", show=False),
        Binding("t", "next_table", show=False),
    ]

    def __init__(self, session: Session, lang: str = "en", delay: float = 0.6) -> None:
        super().__init__(lang, session.game.players)
        self.session = session
        self.delay = delay
        #: The human whose view is on screen; ``None`` (no human): every card open.
        self.viewer: int | None = session.humans[0] if session.humans else None
        self.menus: list[tuple[Choice, ...]] = []  # the menu and the sub-menus opened from it
        self.confirming: Action | None = None  # ending the turn with plays left, asked to be confirmed
        self.save_warning: str | None = None  # the save error last shown

    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            yield from self.compose_table()
            yield Static(id="prompt")
            yield MenuList(id="menu")
            yield Static(self.tr.gettext("ui.keys"), id="keys")
        yield Static(id="too-small")

    def on_mount(self) -> None:
        super().on_mount()
        self.show_seat(self.viewer or 0)
        self.advance()

    # --- what the screen shows ---------------------------------------------------

    def draw(self) -> None:
        """The table, the log and the hand, as ``self.viewer`` may see them; every hand once the game is over."""
        game = self.session.game
        self.draw_table(game, self.viewer, self.session.messages[self.viewer], reveal=game.over)

    def show_menu(self, choices: tuple[Choice, ...]) -> None:
        options = self.query_one("#menu", OptionList)
        options.clear_options()
        labels = [c.label + (" …" if c.action is None else "") for c in choices]
        if len(self.menus) > 1:
            labels.append(self.tr.gettext("ui.back"))
        options.add_options([Text(label) for label in labels])  # names are text, never markup
        options.highlighted = 0 if labels else None
        options.focus()

    # --- the flow of the game ------------------------------------------------------

    def advance(self) -> None:
        """Show the game as it now stands and wait for whoever decides: a bot on a timer, a human on the menu."""
        session, game = self.session, self.session.game
        self.menus, self.confirming = [], None
        self._hide_hint()  # advice for a decision made
        if session.save_error and str(session.save_error) != self.save_warning:  # once, not after every move
            self.save_warning = str(session.save_error)
            self.notify(self.tr.gettext("ui.save-failed", path=session.save_path,
                                        error=self.tr.explain(session.save_error)),
                        severity="error", timeout=10)
        while self.delay <= 0 and session.decider_is_bot:  # full speed: no pause between bot moves
            session.apply(session.bot_action())
        if game.over:
            self.draw()
            self._ask(self._result(), ())
            summary = game_summary(game, self.viewer, self.tr, self._result())
            self.push_screen(OverScreen(summary.append("\n\n" + self.tr.gettext("ui.over-keys"), style="dim")))
            return
        if session.decider_is_bot:
            self.draw()
            self._ask(self.tr.gettext("ui.thinking", player=session.names[game.decider]), ())
            self.set_timer(self.delay, self.bot_step)
            return
        seat = game.decider
        if seat != self.viewer:
            self._pass_keyboard(seat)
            return
        self.draw()
        self._ask_human()

    def _ask_human(self) -> None:
        self.menus = [menu(self.session.game, self.tr)]
        self._ask(question(self.session.game, self.tr), self.menus[0])

    def _ask(self, prompt: str, choices: tuple[Choice, ...]) -> None:
        self.query_one("#prompt", Static).update(Text(prompt))
        self.show_menu(choices)

    def _pass_keyboard(self, seat: int) -> None:
        """Cover the table, then show it to ``seat``: nothing of the last player's hand stays on screen."""
        name = self.session.names[seat]
        out_of_turn = seat != self.session.game.active
        lines = [self.tr.gettext("ui.cover-answer" if out_of_turn else "ui.cover", player=name),
                 self.tr.gettext("ui.cover-continue", player=name)]
        self.viewer = None  # while covered, the table shows no hand at all
        self._blank()

        def uncovered(_: None) -> None:
            self.viewer = seat
            self.show_seat(seat)
            self.draw()
            self._ask_human()

        self.push_screen(CoverScreen(lines), uncovered)

    def _blank(self) -> None:
        self._drawn = None
        for name in ("#panel", "#hand", "#prompt", "#status", "#log-text"):
            self.query_one(name, Static).update("")
        for table in self.query(".seat-table").results(Static):
            table.update("")
        self.query_one("#menu", OptionList).clear_options()

    def _result(self) -> str:
        game = self.session.game
        if game.winner >= 0:
            text = self.tr.gettext("ui.winner", player=self.session.names[game.winner])
        else:
            text = self.tr.gettext("ui.no-winner")
        return f"{text}  {self.tr.gettext('ui.game-over')}"

    def bot_step(self) -> None:
        """Let the bot think in a thread, so that the screen and the keys stay alive meanwhile."""
        if self.session.decider_is_bot:
            self.run_worker(self._think, thread=True, exclusive=True, group="bot")

    def _think(self) -> None:
        action = self.session.bot_action()
        self.call_from_thread(self._bot_moved, action)

    def _bot_moved(self, action: Action) -> None:
        self.session.apply(action)
        self.advance()

    def choose(self, action: Action) -> None:
        """Take a human's action (one the menu offered: a legal one)."""
        self.session.apply(action)
        self.advance()

    def _plays_wasted(self, action: Action) -> bool:
        """Whether ``action`` ends a turn with plays left and a card that could still be played
        (re-arranging wilds is free: it does not count)."""
        game = self.session.game
        if action.verb != "end" or game.decision != PLAYING or not game.view(game.decider)["plays_left"]:
            return False
        return any(a.verb not in ("end", "move", "swap") for a in game.legal_actions())

    def _confirm_end(self, action: Action) -> None:
        """The question "end the turn with plays left?": Enter or y ends it, Esc, n or the Back line go back."""
        game = self.session.game
        self.confirming = action
        label = self.tr.action(action, self.tr.seat_names(game.names))
        self.menus.append((Choice(label, action),))
        prompt = self.tr.gettext("ui.confirm-end", player=self.session.names[game.decider],
                                 plays=game.view(game.decider)["plays_left"])
        self._ask(prompt, self.menus[-1])

    def action_confirm(self, yes: bool) -> None:
        """y or n while ending the turn is asked about."""
        if self.confirming is None:
            return
        if yes:
            self.choose(self.confirming)
        else:
            self.action_menu_back()

    # --- input ------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not self.menus:
            return
        choices = self.menus[-1]
        if event.option_index >= len(choices):  # "Back"
            self.action_menu_back()
            return
        choice = choices[event.option_index]
        if choice.action is not None and self.confirming is None and self._plays_wasted(choice.action):
            self._confirm_end(choice.action)  # ending the turn with cards that could still be played: asked once more
        elif choice.action is not None:
            self.choose(choice.action)
        else:
            self.menus.append(choice.choices)
            self.show_menu(choice.choices)

    def action_menu_back(self) -> None:
        """Back out of a sub-menu (or of ending the turn); at the top menu, hide the hint."""
        if len(self.menus) > 1:
            self.menus.pop()
            if self.confirming is not None:
                self.confirming = None
                self.query_one("#prompt", Static).update(Text(question(self.session.game, self.tr)))
            self.show_menu(self.menus[-1])
        else:
            self._hide_hint()

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen | CoverScreen | OverScreen):
            self.push_screen(HelpScreen(self.tr))

    def action_hint(self) -> None:
        """The strongest bot's advice to the human who decides, thought out in a thread, shown above
        the table (never over the question or the menu); ``h`` again hides it."""
        session = self.session
        if self.query_one("#hint").display:
            self._hide_hint()
        elif self.menus and not session.game.over and not session.decider_is_bot:
            bot = self.tr.bot_name(sessions.default_bot())
            self._hint_text(Text(self.tr.gettext("ui.thinking", player=bot), style="dim"))
            self.run_worker(self._advise, thread=True, exclusive=True, group="hint")

    def _hint_text(self, text: Text) -> None:
        self.query_one("#hint-text", Static).update(text)
        hint = self.query_one("#hint", VerticalScroll)
        hint.display = True
        hint.scroll_home(animate=False)

    def _hide_hint(self) -> None:
        self.workers.cancel_group(self, "hint")
        self.query_one("#hint").display = False

    def _advise(self) -> None:
        moves = len(self.session.game.history)
        bot, alternatives = self.session.hint()
        self.call_from_thread(self._show_hint, moves, bot, alternatives)

    def _show_hint(self, moves: int, bot: str, alternatives: list[Alternative]) -> None:
        """Advice for the decision still open (the one it was asked for), one alternative a line."""
        game = self.session.game
        if len(game.history) != moves or not self.query_one("#hint").display:
            return
        tr = self.tr
        names = tr.seat_names(game.names)
        text = Text(tr.gettext("ui.hint", bot=tr.bot_name(bot)), style="bold")
        for alt in alternatives:
            notes = []
            if alt.value is not None:
                notes.append(tr.gettext("ui.hint-value", value=f"{alt.value:.2f}"))
            if alt.playouts is not None:
                notes.append(tr.gettext("ui.hint-playouts", count=alt.playouts))
            label = tr.action(alt.action, names, game.amount_of(alt.action))
            more = tr.gettext("ui.brackets", more=tr.gettext("narrate._comma").join(notes)) if notes else ""
            text.append(f"\n• {label}{more}", style="not bold")  # names are text, never markup
        self._hint_text(text)

    def action_speed(self, factor: float) -> None:
        self.delay = min(5.0, max(0.05, self.delay * factor))
        self.notify(self.tr.gettext("ui.speed", seconds=f"{self.delay:.2f}"))

    def action_quit_game(self) -> None:
        self.session.save()
        self.exit()
