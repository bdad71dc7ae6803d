"""The terminal app, driven headless through Textual's pilot: a whole game against a bot in each language."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from monopoly_deal.bots import RandomBot, Seat
from monopoly_deal.engine import Action, Game, Rules
from monopoly_deal.i18n import LANGUAGES, get_translator
from monopoly_deal.tui.app import MIN_HEIGHT, MIN_WIDTH, HelpScreen, OverScreen, PlayApp
from monopoly_deal.tui.render import cards_text
from monopoly_deal.tui.session import Session

from .helpers import click, pick, screen_text, settle, shows

SIZE = (120, 40)
pytestmark = pytest.mark.asyncio


class ScriptedBot:
    """Plays ``script`` (notation) while each line is legal, then picks at random: a bot that attacks on cue."""

    def __init__(self, script: list[str], seed: int = 0) -> None:
        self.script = [Action.parse(a) for a in script]
        self.random = RandomBot(seed=seed)

    def choose(self, seat: Seat) -> Action:
        if self.script and self.script[0] in seat.legal_actions:
            return self.script.pop(0)
        return self.random.choose(seat)


def position() -> Game:
    """P2 (a bot) to play, holding a Debt Collector and a Birthday; P1 (the human) holds a Just Say No,
    two complete sets, a red/yellow wild, a green set one short, and the green card third from the top."""
    return Game.from_position(
        2, names=["P1", "P2 (scripted)"],
        hands={0: ["just-say-no", "1M", "2M", "3M", "4M", "pass-go", "sly-deal"],
               1: ["debt-collector", "birthday", "5M"]},
        banks={0: ["1M", "1M", "3M"]},
        groups={0: [("brown", ["brown", "brown"], None, None), ("dark-blue", ["dark-blue", "dark-blue"], None, None),
                    ("green", ["green", "green"], None, None), ("red", ["red/yellow"], None, None)]},
        draw=["1M", "2M", "3M", "4M", "green", "2M", "5M", "1M"], rest="box", active=1)


def decisions_of(game: Game) -> str:
    return game.decision_info()["type"]


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_whole_game_against_a_bot_with_every_kind_of_decision(lang: str) -> None:
    """Payment (R8), Just Say No (R5.7), putting back over 7 (R3.6), re-colouring a wild (R6.2), to a win (R7)."""
    bot = ScriptedBot(["debt-collector P1", "birthday", "end"])
    session = Session([position()], {1: ("scripted", bot)})
    app = PlayApp(session, lang, delay=0)
    tr = get_translator(lang)
    made: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert decisions_of(session.game) == "respond"
        assert tr.card("debt-collector") in screen_text(app)
        await click(pilot, app, "no")                        # Just Say No, with the mouse
        made.append("respond")
        await settle(pilot, app)
        assert decisions_of(session.game) == "respond"       # the Birthday: asked, with nothing but accept
        assert [str(a) for a in session.game.legal_actions()] == ["accept"]
        await pick(pilot, app, "accept")
        await settle(pilot, app)
        assert decisions_of(session.game) == "pay"
        asked = {"player": "P1", "receiver": "P2 (scripted)", "total": "2M"}
        assert shows(app, tr.gettext("ui.decide.pay-running", paid="0M", owed="2M", **asked))
        assert shows(app, tr.action("pay 1M", session.names))  # each card with its value
        await pick(pilot, app, "pay 1M")                     # payment, card by card
        await settle(pilot, app)
        assert shows(app, tr.gettext("ui.decide.pay-running", paid="1M", owed="1M", **asked))  # a running total
        await pick(pilot, app, "pay 1M")
        made.append("pay")
        await settle(pilot, app)
        assert decisions_of(session.game) == "play" and session.game.active == 0
        await pick(pilot, app, "move red:red/yellow>yellow")  # re-colour a wild, free
        made.append("recolour")
        await settle(pilot, app)
        await pick(pilot, app, "end")
        await settle(pilot, app)
        assert decisions_of(session.game) == "put-back"      # 8 cards: put one back
        await pick(pilot, app, "discard 4M")
        made.append("put-back")
        await settle(pilot, app)
        assert session.game.active == 0 and decisions_of(session.game) == "play"
        await pick(pilot, app, "play green")
        await settle(pilot, app)
        assert session.game.over and session.game.winner == 0
        assert isinstance(app.screen, OverScreen)            # the end: who won, and every hand open
        assert shows(app, tr.gettext("ui.winner", player="P1"))
        for seat in (0, 1):
            hand = session.game.view(seat)["hand"]
            assert shows(app, tr.gettext("ui.over-hand") + tr.gettext("ui.colon") + (cards_text(hand, tr).plain if hand else "–"))
        await pilot.press("escape")                          # then the table, every hand open
        assert not isinstance(app.screen, OverScreen)
        for said in session.messages[0][-6:]:  # the log tells what happened, in this language
            assert shows(app, tr.narrate(said, session.names))
    assert made == ["respond", "pay", "recolour", "put-back"]
    told = [m.id for m in session.messages[0]]
    assert {"no", "paid", "recoloured", "put-back-seen", "won"} <= set(told)


async def test_a_small_terminal_gets_a_message_not_a_crash() -> None:
    app = PlayApp(Session.new(2, {1: "random"}, seed=1), "en", delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert shows(app, f"This terminal is 60×20; Monopoly Deal needs at least {MIN_WIDTH}×{MIN_HEIGHT}.")
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not shows(app, "needs at least")
        assert app.query_one("#table").display


async def test_help_shows_the_rules_and_keys_and_closes() -> None:
    app = PlayApp(Session.new(2, {1: "random"}, seed=1), "zh-Hans", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert shows(app, "作出反对可取消针对你的行动")
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_quitting_saves_and_resume_continues(tmp_path) -> None:
    path = tmp_path / "game.json"
    session = Session.new(2, {1: "random"}, seed=3, save_path=path)
    app = PlayApp(session, "en", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pick(pilot, app, "end")
        await settle(pilot, app)
        await pilot.press("q")
    history = list(session.game.history)
    resumed = Session.resume(path)
    assert list(resumed.game.history) == history and resumed.game.decider == session.game.decider
    assert resumed.bots.keys() == {1} and resumed.names == ["P1", "P2 (random)"]


async def test_a_card_opens_its_uses_and_esc_or_back_returns() -> None:
    app = PlayApp(Session.new(2, {1: "random"}, rules=Rules(start=0), seed=1), "en", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        first = app.menus[0][0]
        assert first.action is None and first.choices  # a hand card: its uses are below it
        await pilot.press("home", "enter")
        assert app.menus[-1] == first.choices and shows(app, "← Back")
        await pilot.press("escape")
        assert len(app.menus) == 1
        await pilot.press("home", "enter", "end", "enter")  # the "Back" line
        assert len(app.menus) == 1 and app.session.game.history == []


async def test_paced_bots_move_one_at_a_time_and_the_keys_stay_alive() -> None:
    """With a delay, each bot move is shown before the next (a timer, then the bot thinks in a thread)."""
    session = Session.new(2, {1: "random"}, rules=Rules(start=1), seed=2)
    app = PlayApp(session, "en", delay=0.01)
    async with app.run_test(size=SIZE) as pilot:
        assert session.game.history == [] and shows(app, "P2 (random) is thinking…")
        await pilot.press("plus")
        assert app.delay == 0.05  # the fastest pace
        for _ in range(200):
            await pilot.pause(0.02)
            if not session.decider_is_bot:
                break
        assert session.game.decider == 0 and app.menus


async def test_h_shows_the_strongest_bots_best_moves_for_the_decision_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint names the bot and its best actions, best first, with estimates; it reads only the human's seat."""
    monkeypatch.setattr("monopoly_deal.tui.session.default_bot", lambda: "ismcts:iters=40")
    session = Session.new(2, {1: "random"}, rules=Rules(start=0), seed=1)
    app = PlayApp(session, "en", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        hint = app.query_one("#hint-text", Static)
        assert app.query_one("#hint").display  # at once: "Search bot (ISMCTS) is thinking…", then the advice
        for _ in range(500):
            await pilot.pause(0.02)
            if str(hint.render()).startswith("Hint"):
                break
        lines = str(hint.render()).splitlines()
        assert lines[0] == "Hint from Search bot (ISMCTS), best first:"   # the bot named as people read it
        assert 2 <= len(lines) <= 4 and "estimate 0." in lines[1] and "playouts)" in lines[1]
        assert session.game.history == []  # advice only: nothing is played
        await pilot.press("h")                                              # h again hides it
        assert not app.query_one("#hint").display
        await pilot.press("h")
        await pilot.press("escape")                                         # and so does Esc, at the top menu
        assert not app.query_one("#hint").display
        await pilot.press("h")
        await pick(pilot, app, session.game.legal_actions()[1])             # a move made: the advice goes
        await settle(pilot, app)
        assert not app.query_one("#hint").display
