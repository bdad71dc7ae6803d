"""Hidden information: a seat's view depends only on what that seat may see.

Hidden from seat p: the other players' hands (only their sizes show) and the
draw pile (only its size shows). Shuffling those must leave ``view(p)`` alone;
changing p's own hand must not.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from monopoly_deal.engine import Game, Rules
from monopoly_deal.engine.versions import Version2Game
from monopoly_deal.narrate import ENGLISH, Narrator, Words, narrate

from .helpers import EDITIONS, mid_game_states, play_out, random_step

PLAYERS = (2, 3, 4, 6)


def states() -> Iterator[Game]:
    yield from mid_game_states(range(3), PLAYERS, EDITIONS, every=31)


def permute_other_hands(game: Game, p: int, rng: random.Random) -> None:
    """Deal the other players' hand cards among them again, keeping every hand's size."""
    others = [q for q in range(game.players) if q != p]
    pool = [c for q in others for c in game.hands[q]]
    rng.shuffle(pool)
    for q in others:
        n = len(game.hands[q])
        game.hands[q], pool = pool[:n], pool[n:]


def exchange_with_draw(game: Game, p: int, rng: random.Random) -> None:
    """Swap cards between other players' hands and the draw pile, then shuffle the draw pile."""
    for q in range(game.players):
        if q == p or not game.hands[q] or not game.draw:
            continue
        for _ in range(rng.randint(1, len(game.hands[q]))):
            i, j = rng.randrange(len(game.hands[q])), rng.randrange(len(game.draw))
            game.hands[q][i], game.draw[j] = game.draw[j], game.hands[q][i]
    rng.shuffle(game.draw)


@pytest.mark.parametrize("edit", [permute_other_hands, exchange_with_draw])
def test_view_ignores_cards_the_seat_cannot_see(edit) -> None:
    rng = random.Random(1)
    checked = changed = 0
    for game in states():
        for p in range(game.players):
            hidden = game.clone()
            edit(hidden, p, rng)
            hidden.check_invariants()
            changed += hidden.hands != game.hands or hidden.draw != game.draw
            assert hidden.view(p) == game.view(p)
            checked += 1
    assert checked > 200
    assert changed > checked // 2, "the edits must actually move hidden cards"


def test_view_shows_the_seats_own_hand() -> None:
    """The counter-test: swapping one of p's hand cards for a different draw card changes view(p),
    and moving a card from another hand changes p's view of the hand sizes."""
    for game in states():
        for p in range(game.players):
            own = game.clone()
            hand_types = {own.card_key(c) for c in own.hands[p]}
            j = next((j for j, c in enumerate(own.draw) if own.card_key(c) not in hand_types), None)
            if not own.hands[p] or j is None:
                continue
            own.hands[p][0], own.draw[j] = own.draw[j], own.hands[p][0]
            assert own.view(p) != game.view(p)
            assert own.view(p)["hand"] != game.view(p)["hand"]
            q = (p + 1) % game.players
            if game.hands[q]:
                size = game.clone()
                size.draw.append(size.hands[q].pop())
                assert size.view(p)["hand_sizes"] != game.view(p)["hand_sizes"]


def test_views_of_different_seats_differ_only_in_seat_and_hand() -> None:
    for game in states():
        base = {k: v for k, v in game.view(0).items() if k not in ("seat", "hand")}
        for p in range(1, game.players):
            assert {k: v for k, v in game.view(p).items() if k not in ("seat", "hand")} == base


# --- determinize ---------------------------------------------------------------------

def test_determinize_keeps_the_view_and_the_cards() -> None:
    for game in mid_game_states(range(2), PLAYERS, EDITIONS, every=47):
        original = game.view(0), list(game.draw), [list(h) for h in game.hands]
        for p in range(game.players):
            for seed in (0, 1):
                world = game.determinize(p, seed)
                world.check_invariants()
                assert world.view(p) == game.view(p)
                assert world.legal_actions() == game.legal_actions() or world.decider != p
                assert world.hands[p] == game.hands[p]
        assert (game.view(0), game.draw, game.hands) == original, "determinize leaves the game alone"


def test_determinize_deals_hidden_cards_again() -> None:
    """With a few hidden cards, the worlds' other hands and draw pile differ from the real ones
    and from each other."""
    def hidden(g: Game, p: int) -> tuple:
        return tuple(tuple(h) for q, h in enumerate(g.hands) if q != p), tuple(g.draw)

    checked = 0
    for game in mid_game_states(range(2), (2, 4), EDITIONS, every=61):
        for p in range(game.players):
            if len(game.draw) + sum(len(h) for q, h in enumerate(game.hands) if q != p) < 6:
                continue
            worlds = {hidden(game.determinize(p, seed), p) for seed in range(4)}
            assert hidden(game, p) not in worlds
            assert len(worlds) == 4
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("edition", EDITIONS)
def test_determinized_games_play_to_the_end(edition: str) -> None:
    for i, game in enumerate(mid_game_states(range(2), (2, 3, 5), (edition,), every=97)):
        world = game.determinize(game.decider, seed=i)
        play_out(world, random.Random(i), after=Game.check_invariants)
        assert world.winner >= 0 or world.result == "turn-limit"


# --- R5.7: whether a player holds a Just Say No (or a Rent Transfer) is never public ------------
#
# Each case is a position and a script of actions. The two deals of a case differ only in one card
# of one player's hand (``holder``): a Just Say No (or a Rent Transfer) or a card that cannot answer.
# The same script is legal in both, and nobody but the holder may see any difference.

BANKS = {1: ["2M", "1M", "5M"], 2: ["2M", "1M", "5M"]}
ANSWER_CASES = {
    "debt-collector": ("base", {0: ["debt-collector"]}, {}, 1, ["debt-collector P2", "accept", "pay 5M"]),
    "birthday": ("base", {0: ["birthday"]}, {}, 1, ["birthday", "accept", "pay 2M", "accept", "pay 2M"]),
    "rent, every other player": ("base", {0: ["rent:red/yellow"]}, {0: [("red", ["red", "red"], None, None)]}, 2,
                                 ["rent:red/yellow red", "accept", "pay 2M", "pay 1M", "accept", "pay 2M", "pay 1M"]),
    "rent, one player": ("base", {0: ["rent:any"]}, {0: [("red", ["red"], None, None)]}, 1,
                         ["rent:any red P2", "accept", "pay 2M"]),
    "sly deal": ("base", {0: ["sly-deal"]}, {1: [("green", ["green"], None, None)]}, 1,
                 ["sly-deal P2 green:green", "accept"]),
    "forced deal": ("base", {0: ["forced-deal"]},
                    {0: [("orange", ["orange"], None, None)], 1: [("green", ["green"], None, None)]}, 1,
                    ["forced-deal P2 green:green", "give orange:orange", "accept"]),
    "deal breaker": ("base", {0: ["deal-breaker"]}, {1: [("brown", ["brown", "brown"], None, None)]}, 1,
                     ["deal-breaker P2 brown", "accept"]),
    "go to jail": ("enhanced", {0: ["go-to-jail"]}, {}, 1, ["go-to-jail P2", "accept"]),
    "double sly deal": ("enhanced", {0: ["double-sly-deal"]}, {1: [("green", ["green", "green"], None, None)]}, 1,
                        ["double-sly-deal P2 green:green", "take green:green", "accept"]),
    "speeding deal": ("enhanced", {0: ["speeding-deal"], 1: ["1M"]}, {}, 1,
                      ["speeding-deal P2 P3", "accept", "discard 1M", "accept"]),
    "rent, rent transfer": ("enhanced", {0: ["rent:red/yellow"]}, {0: [("red", ["red", "red"], None, None)]}, 1,
                            ["rent:red/yellow red", "accept", "pay 2M", "pay 1M", "accept", "pay 2M", "pay 1M"]),
    "the attacker's counter": ("base", {0: ["debt-collector"], 1: ["just-say-no"]}, {}, 0,
                               ["debt-collector P2", "no", "accept"]),
}


def answer_deal(case: str, can_answer: bool) -> Game:
    edition, hands, groups, holder, _ = ANSWER_CASES[case]
    answer = "rent-transfer" if case == "rent, rent transfer" else "just-say-no"
    hands = {p: list(cards) for p, cards in hands.items()}
    hands.setdefault(holder, []).append(answer if can_answer else "pass-go")
    return Game.from_position(3, edition, hands=hands, banks=BANKS, groups=groups, rest="box")


def public_trace(game: Game, script: list[str], holder: int) -> list[object]:
    """Everything the players other than ``holder`` may learn, after every action of ``script``."""
    others = [p for p in range(game.players) if p != holder]
    trace: list[object] = []
    for action in script:
        game.apply(action)
        trace.append([game.view(p) for p in others])
        trace.append(game.decision_info())
        trace.append([str(a) for a in game.history])
    trace.append(game.record()["actions"])
    return trace


@pytest.mark.parametrize("case", list(ANSWER_CASES))
def test_r5_7_who_holds_a_just_say_no_is_not_public(case: str) -> None:
    """R5.7: every target (and, after a No, the attacker) is asked, even with ``accept`` as the only
    answer; two deals that differ only in whether that player holds a Just Say No (or a Rent Transfer)
    look the same to everyone else: views, pending decisions, records and the words of the game."""
    holder, script = ANSWER_CASES[case][3], ANSWER_CASES[case][4]
    traces = []
    for can_answer in (True, False):
        game = answer_deal(case, can_answer)
        first = script[0]
        game.apply(first)
        assert game.decision_info()["type"] in ("respond", "give", "take")
        traces.append(public_trace(game, script[1:], holder))
    assert traces[0] == traces[1]


@pytest.mark.parametrize("case", list(ANSWER_CASES))
def test_r5_7_the_holder_alone_sees_the_extra_answer(case: str) -> None:
    """The counter-test: the holder's own options differ (so the two deals really differ)."""
    holder, script = ANSWER_CASES[case][3], ANSWER_CASES[case][4]
    options = []
    for can_answer in (True, False):
        game = answer_deal(case, can_answer)
        for action in script:
            if game.decider == holder and game.decision_info()["type"] == "respond":
                break
            game.apply(action)
        options.append({str(a) for a in game.legal_actions()})
    assert options[1] == {"accept"} and options[0] > options[1]


def test_r5_7_the_words_are_the_same_whether_a_just_say_no_is_held() -> None:
    """Narration (what each other seat and a spectator read) does not depend on the hidden card."""
    told = []
    for can_answer in (True, False):
        game = answer_deal("birthday", can_answer)
        lines = []
        for viewer in (0, 2):
            copy = game.clone()
            narrator = Narrator(copy, viewer)
            words = Words(copy.names, ENGLISH)
            for action in ANSWER_CASES["birthday"][4]:
                lines += words.lines(narrator.play(action))
        told.append(lines)
    assert told[0] == told[1]
    assert any("accept" in line or "pays" in line for line in told[0])


SPEEDING_SCRIPT = ["accept", "discard 1M", "accept", "discard 5M"]


def speeding_deal(one_type: bool, game: type[Game] = Game) -> Game:
    """P1 about to play Speeding Deal on P2, whose hand is all 1M or 1M and 2M, and P3."""
    hands = {0: ["speeding-deal"], 1: ["1M", "1M" if one_type else "2M"], 2: ["5M", "3M"]}
    return game.from_position(3, "enhanced", hands=hands, rest="box")


def test_r1_3_whether_a_speeding_deal_target_holds_one_card_type_is_not_public() -> None:
    """R1.3: every Speeding Deal target with a card picks its discard, even from a hand of one card type;
    two deals that differ only in whether P2's hand is all one type look the same to everyone else."""
    traces = []
    for one_type in (True, False):
        game = speeding_deal(one_type)
        game.apply("speeding-deal P2 P3")
        traces.append(public_trace(game, SPEEDING_SCRIPT, holder=1))
        assert [game.card_key(c) for c in game.hands[1]] == ["1M" if one_type else "2M"]
    assert traces[0] == traces[1]


def test_r1_3_version_2_did_not_ask_a_target_of_one_card_type() -> None:
    """Records of versions 1 and 2 replay with ``Version2Game``: P2, all 1M, loses one unasked."""
    game = speeding_deal(one_type=True, game=Version2Game)
    for action in ["speeding-deal P2 P3", "accept", "accept"]:
        game.apply(action)
    assert game.decision_info()["type"] == "speeding-discard" and game.decider == 2
    assert len(game.hands[1]) == 1 and game.record()["version"] == 2


# --- R3.6: which card a player puts back under the draw pile is theirs alone to know ------------
#
# Two worlds of one game differ only in that private choice, then play on by the same actions. Nobody
# else may tell them apart for as long as the card stays out of their sight.

def private_choice_worlds(players: int, edition: str, seed: int, log: bool = True,
                          steps: int = 150, rules: Rules | None = None) -> Iterator[tuple[Game, Game, int]]:
    """Two worlds of a random game that differ in a private choice: at its first put-back with a choice
    (R3.6, under the draw pile) one puts back the first card offered, the other the second; then both
    take the same random actions, each legal in both, for at most ``steps`` actions. Yields both worlds
    and the seat that chose, after the choice and after every later action, while the difference is
    that seat's alone: every other hand holds the same cards in both (Inheritor, or the pile's bottom
    drawn, would show it to someone; they end the walk)."""
    rng = random.Random(seed)
    game = Game(players, edition, rules, seed=seed, log=log)
    while not game.over and not (game.decision_info()["type"] == "put-back" and len(game.legal_actions()) > 1):
        random_step(game, rng)
    if game.over:
        return
    owner, (first, second) = game.decider, game.legal_actions()[:2]
    a, b = game.clone(), game.clone()
    a.apply(first)
    b.apply(second)
    for _ in range(steps):
        if any(hand_of(a, q) != hand_of(b, q) for q in range(players) if q != owner):
            return
        yield a, b, owner
        both = [action for action in a.legal_actions() if action in set(b.legal_actions())]
        if a.over or not both:
            return
        action = both[rng.randrange(len(both))]
        a.apply(action)
        b.apply(action)


def hand_of(game: Game, seat: int) -> list[str]:
    return sorted(map(game.card_key, game.hands[seat]))


@pytest.mark.parametrize("edition", EDITIONS)
def test_r3_6_a_card_put_back_is_known_to_its_own_seat_alone(edition: str) -> None:
    """R3.6: two worlds that differ only in which card one seat put back under the draw pile, playing on
    by the same actions, look the same to every other seat: views, pending decisions, the actions as
    that seat may know them (``Game.seen_action``) and the words of the game. The seat that chose sees
    its choice (the counter-test: the worlds really differ)."""
    checked = 0
    for players in (2, 3, 4):
        for seed in range(3):
            fork, last = -1, None
            for a, b, owner in private_choice_worlds(players, edition, seed):
                if last is None:
                    fork = len(a.history) - 1
                assert a.decision_info() == b.decision_info()
                for p in range(players):
                    seen = [[g.seen_action(i, p) for i in range(len(g.history))] for g in (a, b)]
                    if p == owner:
                        assert seen[0][fork] != seen[1][fork]
                        continue
                    assert a.view(p) == b.view(p)
                    assert seen[0] == seen[1]
                    checked += 1
                last = a.clone(), b.clone(), owner
            if last is not None:
                a, b, owner = last
                assert all(narrate(a, p) == narrate(b, p) for p in range(players) if p != owner)
    assert checked > 300
