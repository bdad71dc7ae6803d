"""The server never sends a card a client may not see (docs/rules.md R10.6; the guide's hidden-information rule).

Whole games with people, a bot and a spectator, with Just Say No chains: every
message each client receives is checked against the true game at that moment.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
from typing import Any

import pytest

from monopoly_deal.engine import Game
from monopoly_deal.i18n import get_translator

from .helpers import RecordingClient, new_lobby, seated_room

#: Sentences that show a card only some players may see, and who those players are ({player}, {victim}).
_SEEN = {"draw-seen": ("player",), "draw-one-seen": ("player",), "put-back-seen": ("player",),
         "inherited-seen": ("player", "victim")}


def _pattern(template: str) -> re.Pattern[str]:
    """A catalogue template as a regular expression with a named group per parameter (after any turn heading)."""
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    return re.compile(r"(?:Turn \d+ — )?" + regex + "$")


ENGLISH = {k.removeprefix("narrate."): v for k, v in get_translator("en").catalogue().items()}
SEEN_PATTERNS = {key: _pattern(ENGLISH[key]) for key in _SEEN}
#: The same sentences with the card kept face down ("P2 draws 2 cards."): never a leak.
FACE_DOWN = [_pattern(ENGLISH[key]) for key in ("draw", "draw-one", "put-back", "inherited")]


def check_message(message: dict[str, Any], viewer: int | None, truth: Game) -> int:
    """``message``, sent to ``viewer`` (a seat, or None for a spectator) when the game stood as ``truth``;
    returns how many lines showed the viewer a card only it may see (its own draws ...)."""
    assert "seed" not in message
    if message["type"] != "state" or "game" not in message:
        return 0
    view = message["game"]
    # The view is exactly the engine's view for that seat: a seat's own hand, never another's ...
    expected = truth.view(viewer if viewer is not None else 0)
    if viewer is None:   # ... and a spectator's is any seat's view without the hand
        del expected["hand"]
        expected["seat"] = None
    assert view == json.loads(json.dumps(expected))
    own = set(view.get("hand", []))
    legal = message["legal"]
    if legal:
        assert viewer is not None and truth.decider == viewer and not truth.over, "legal actions sent to a non-decider"
        assert [a["notation"] for a in legal] == [str(a) for a in truth.legal_actions()]
        public = set(json.dumps([view["banks"], view["groups"], view["discard"], view["decision"]]).split('"'))
        for action in legal:   # a card named by an action is in the hand or in plain sight
            assert action["card"] is None or action["card"] in own or action["card"] in public, action
    names, private = truth.names, 0
    for line in message["log"]:
        if any(p.match(line) for p in FACE_DOWN):
            continue
        for key, roles in _SEEN.items():
            match = SEEN_PATTERNS[key].match(line)
            if match:
                allowed = {names.index(match.group(r)) for r in roles if match.group(r) in names}
                assert viewer is not None and viewer in allowed, f"{viewer} was told a card it may not see: {line}"
                private += 1
    return private


def truths(room) -> dict[int, Game]:
    """The true game after each number of actions, replayed from the room's seed."""
    game = room.game
    fresh = Game(game.players, game.edition, game.rules, game.seed, game.names, log=False)
    out = {0: fresh.clone()}
    for i, action in enumerate(game.history, 1):
        fresh.apply(action)
        out[i] = fresh.clone()
    return out


#: Cards aimed at other players: people who play these make Just Say No chains likely.
ATTACKS = {"birthday", "debt-collector", "sly-deal", "forced-deal", "deal-breaker", "rent:any", "rent:red/yellow",
           "rent:pink/orange", "rent:light-blue/brown", "rent:dark-blue/green", "rent:railroad/utility",
           "go-to-jail", "double-sly-deal", "speeding-deal", "inheritor"}


async def play_out(room, tokens, rng: random.Random, seconds: float = 60) -> None:
    """People choose at random, saying no whenever they can (Just Say No chains); the bot plays itself."""
    loop = asyncio.get_running_loop()
    stop = loop.time() + seconds
    while not room.game.over:
        assert loop.time() < stop, "the game did not end in time"
        game = room.game
        if game.decider >= len(tokens):   # the bot's turn: let its task run
            await asyncio.sleep(0.0005)
            continue
        legal = [str(a) for a in game.legal_actions()]
        attacks = [a for a in legal if a.split()[0] in ATTACKS]
        keep_noes = [a for a in legal if a != "bank just-say-no"]
        choice = "no" if "no" in legal else rng.choice(attacks or keep_noes)
        await room.act(room.seat_of(tokens[game.decider]), choice)


#: Each seed is the same game every run; these games have a Just Say No answered by another (found by trying).
FIRST_SEED_WITH_A_CHAIN = {"base": 10, "enhanced": 0}


@pytest.mark.asyncio
@pytest.mark.parametrize("edition", ["base", "enhanced"])
async def test_no_client_is_sent_a_card_it_may_not_see(edition: str) -> None:
    lobby = await new_lobby()
    noes = chains = 0
    first = FIRST_SEED_WITH_A_CHAIN[edition]
    for seed in range(first, first + 12):   # at least two games, and on until one has had a chain
        if seed >= first + 2 and chains:
            break
        room, tokens = await seated_room(lobby, humans=2, bots=1, edition=edition, seed=seed,
                                         rules={"max_turns": 60})
        clients = {0: RecordingClient(0), 1: RecordingClient(1), 2: RecordingClient(2), None: RecordingClient(None)}
        for client in clients.values():
            room.connect(client)
        await play_out(room, tokens, random.Random(seed))
        if room._bot_task is not None:   # the bot may have made the last move: let it send it
            await room._bot_task
        states = truths(room)
        for viewer, client in clients.items():
            assert any(m.get("version") == len(room.game.history) for m in client.received)
            private = sum(check_message(m, viewer, states[m.get("version", 0)]) for m in client.received)
            assert (private > 0) == (viewer is not None)   # each seat saw its own draws; a spectator none
        history = [str(a) for a in room.game.history]
        noes += history.count("no")
        chains += sum(1 for a, b in itertools.pairwise(history) if a == b == "no")
        stored = await lobby.store.game(room.game_id)
        assert stored is not None and stored.actions == history   # every action stored
    assert noes > 0 and chains > 0, "the games should include Just Say No chains"
    await lobby.close()
