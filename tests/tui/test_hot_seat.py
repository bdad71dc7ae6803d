"""Hot-seat play: a human's screen never shows a card another seat holds hidden."""

from __future__ import annotations

import random

import pytest

from monopoly_deal.engine import Game
from monopoly_deal.engine.cards import TYPE_BY_KEY, TYPES, Kind
from monopoly_deal.i18n import get_translator
from monopoly_deal.narrate import Card, Cards, Copies, Message
from monopoly_deal.tui.app import CoverScreen, PlayApp
from monopoly_deal.tui.session import Session

from .helpers import pick, screen_text, settle, shows

pytestmark = pytest.mark.asyncio
EN = get_translator("en")


def _told(messages: list[Message]) -> set[int]:
    """Card types the narration has named (cards played, or drawn by the viewer)."""
    out: set[int] = set()
    for m in messages:
        for v in m.params.values():
            cards = v.cards if isinstance(v, Cards) else (v.card,) if isinstance(v, Copies) else (v,)
            out |= {c.type for c in cards if isinstance(c, Card)}
    return out


def hidden_names(game: Game, viewer: int | None, told: list[Message]) -> set[str]:
    """Names of card types that are only in places ``viewer`` may not see (others' hands, the draw pile):
    a card type also on a table, in the discard pile, in the viewer's hand or named in the viewer's log is not
    secret. ``viewer=None`` (the cover screen): every hand is secret. Money is left out: "5M" is also an amount."""
    secret = {game.card_key(c) for s in range(game.players) if s != viewer for c in game.hands[s]}
    secret |= {game.card_key(c) for c in game.draw}
    view = game.view(viewer if viewer is not None else 0)
    public: set[str] = set(view["discard"]) | {k for bank in view["banks"] for k in bank}
    for seat_groups in view["groups"]:
        for g in seat_groups:
            public |= set(g["cards"]) | {g["house"], g["hotel"]}
    if viewer is not None:
        public |= set(view["hand"]) | {TYPES[t].key for t in _told(told)}
    return {EN.card(k) for k in secret - public if TYPE_BY_KEY[k].kind != Kind.MONEY}


async def test_no_hidden_card_of_another_seat_is_ever_on_screen() -> None:
    """Two humans and a bot at one keyboard; every screen checked, the cover screens too."""
    session = Session.new(3, {2: "random"}, seed=22)
    app = PlayApp(session, "en", delay=0)
    rng = random.Random(5)
    checked = covers = 0
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(50):
            while True:
                await pilot.pause()
                game = session.game
                if game.over:  # every hand is open now: the end shows them all
                    break
                covered = isinstance(app.screen, CoverScreen)
                viewer = None if covered else app.viewer
                text = screen_text(app)
                told = session.messages[viewer] if viewer is not None else []
                leaked = sorted(name for name in hidden_names(game, viewer, told) if name in text)
                assert leaked == [], f"P{viewer + 1 if viewer is not None else '?'} sees {leaked}"
                checked += 1
                if covered:
                    covers += 1
                    await pilot.press("enter")
                elif game.over or (app.menus and not session.decider_is_bot):
                    break
            if game.over:
                break
            assert app.viewer == game.decider  # the menu is the decider's, on the decider's screen
            actions = [a for a in game.legal_actions() if a.verb not in ("move", "swap")] or game.legal_actions()
            app.choose(rng.choice(actions))
    assert covers >= 15 and checked >= 60


async def test_players_at_one_keyboard_go_by_their_names() -> None:
    """``--names``: the cover screen, the tabs and the prompts name the people; a name is text, never markup."""
    session = Session.new(3, {2: "random"}, seed=3, names=["[b]Ann[/b]", "Bob"])
    assert session.names == ["[b]Ann[/b]", "Bob", "P3 (random)"]
    app = PlayApp(session, "en", delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert app.viewer == 0 and shows(app, "[b]Ann[/b] (you)") and shows(app, "[b]Ann[/b], play a card")
        await pick(pilot, app, "end")
        await pilot.pause()
        assert isinstance(app.screen, CoverScreen) and shows(app, "Pass the keyboard to Bob.")
        await pilot.press("enter")
        await pilot.pause()
        assert app.viewer == 1 and app.shown == 1 and shows(app, "Bob (you)") and shows(app, "[b]Ann[/b]")


async def test_a_named_game_resumes_with_its_names_and_bots(tmp_path) -> None:
    path = tmp_path / "game.json"
    session = Session.new(3, {2: "random"}, seed=3, save_path=path, names=["Ann", "Bob"])
    session.apply(session.game.legal_actions()[0])
    resumed = Session.resume(path)
    assert resumed.names == ["Ann", "Bob", "P3 (random)"] and resumed.humans == [0, 1]
