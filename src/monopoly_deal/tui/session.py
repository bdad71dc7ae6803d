"""A game being played at one keyboard: the seats, the narration each human may read, saving as it goes.

>>> session = Session.new(players=2, specs={1: "random"}, seed=4)
>>> session.names
['P1', 'P2 (random)']
>>> session.humans
[0]

Nothing here draws anything: the app (``app.py``) shows a :class:`Session`
and asks it for the menus of the human who decides.
"""

from __future__ import annotations

import contextlib
import re
import time
from pathlib import Path

import platformdirs

from ..bots import BOTS, Bot, Seat, make_bot
from ..bots.explain import Alternative, explain
from ..engine import Action, Game, Refusal, Rules
from ..narrate import Message, Narrator, clean_name, printable
from ..record import RecordError, load, os_refusal, save

#: A bot seat's name carries its spec, so that a saved game resumes with the same bots: "P2 (random)".
BOT_NAME = re.compile(r"^P(\d+) \((.+)\)$")


def saves_folder() -> Path:
    """Where ``mdeal play`` keeps its games: ``saves`` in the user's data folder
    (on Linux ``$XDG_DATA_HOME/monopoly-deal/saves``, by default ``~/.local/share/monopoly-deal/saves``)."""
    return platformdirs.user_data_path("monopoly-deal", appauthor=False) / "saves"


def new_save_path() -> Path:
    """A new save file, named after now: ``saves_folder()/monopoly-deal-20260101-120000.json``.
    Nothing is written here: the folder and the file are made when the game has its first move."""
    folder, stamp = saves_folder(), time.strftime("%Y%m%d-%H%M%S")
    path, n = folder / f"monopoly-deal-{stamp}.json", 1
    while path.exists():
        n += 1
        path = folder / f"monopoly-deal-{stamp}-{n}.json"
    return path


def last_unfinished() -> Path | None:
    """The most recently saved game in :func:`saves_folder` that is not over (``mdeal play --continue``)."""
    saves = sorted(saves_folder().glob("monopoly-deal-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in saves:
        try:
            if load(path).result.reason is None:
                return path
        except RecordError:  # not a record any more: not a game to continue
            continue
    return None


def remember_language(save: Path, lang: str) -> None:
    """Keep the language a saved game is played in beside it (``FILE.lang``): ``--continue`` speaks it again.
    A record holds no language (the same game is told in any), so it is a note of its own."""
    with contextlib.suppress(OSError):  # a game that cannot note its language resumes in the environment's
        Path(f"{save}.lang").write_text(lang + "\n", encoding="utf-8")


def played_in(save: Path) -> str | None:
    """The language noted beside a saved game, if any (:func:`remember_language`)."""
    try:
        return Path(f"{save}.lang").read_text(encoding="utf-8")[:20].strip() or None
    except OSError:
        return None


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's seed: fixed by the game's seed and its seat, so a seeded game is the same game."""
    return game_seed * 16 + seat


def default_bot() -> str:
    """The strongest bot the project has."""
    return next(name for name in ("ismcts", "heuristic", "random") if name in BOTS)


def seat_specs(players: int, humans: int, specs: list[str] | None = None) -> dict[int, str]:
    """Humans in the first ``humans`` seats, bots in the others: one spec for all of them, or one each.

    >>> seat_specs(4, 2, ["random"])
    {2: 'random', 3: 'random'}
    """
    if not 0 <= humans <= players:
        raise Refusal("session-error.humans", f"--humans must be from 0 to {players} (the players), not {humans}", players=players,
                      humans=humans)
    seats = range(humans, players)
    specs = specs or [default_bot()]
    if len(specs) == 1:
        specs = specs * len(seats)
    if len(specs) != len(seats):
        raise Refusal("session-error.bot-count", f"{len(seats)} bot seat(s) but {len(specs)} bot specs: give one for all, or one "
                      "each", seats=len(seats), specs=len(specs))
    return dict(zip(seats, specs, strict=True))


def player_names(players: int, specs: dict[int, str], names: list[str] | None = None) -> list[str]:
    """Every seat's name: the human seats take ``names`` in turn (P1, P2, ... where none is given) and
    each bot seat its number and spec, "P3 (random)", so that a saved game resumes with its bots.
    A name is cleaned as the web server cleans one (:func:`~monopoly_deal.narrate.clean_name`).

    >>> player_names(3, {2: "random"}, ["Ann", " Bob  Lee "])
    ['Ann', 'Bob Lee', 'P3 (random)']
    >>> player_names(2, {1: "random"}, ["P2 (heuristic)"])
    Traceback (most recent call last):
    ...
    monopoly_deal.engine.refusal.Refusal: --names: 'P2 (heuristic)' is written like a bot's seat; choose another name
    """
    humans = [seat for seat in range(players) if seat not in specs]
    names = names or []
    if len(names) > len(humans):
        raise Refusal("session-error.names-count", f"--names: more names ({len(names)}) than people at the keyboard ({len(humans)})",
                      names=len(names), humans=len(humans))
    given: dict[int, str] = {}
    for seat, name in zip(humans, names, strict=False):
        try:
            cleaned = clean_name(name)
        except ValueError as error:
            raise Refusal("session-error.name-refused", f"--names: {printable(name)!r}: {error}", name=printable(name),
                          problem=error) from None
        if not cleaned:
            raise Refusal("session-error.name-empty", f"--names: {name!r}: a name needs at least one visible character", name=name)
        if BOT_NAME.match(cleaned):
            raise Refusal("session-error.name-like-bot", f"--names: {cleaned!r} is written like a bot's seat; choose another name",
                          name=cleaned)
        given[seat] = cleaned
    out = [given.get(s, f"P{s + 1}") + (f" ({specs[s]})" if s in specs else "") for s in range(players)]
    twice = next((name for name in out if sum(n.casefold() == name.casefold() for n in out) > 1), None)
    if twice is not None:
        raise Refusal("session-error.name-twice", f"--names: two players would be called {twice!r}", name=twice)
    return out


class Session:
    """``game`` and who plays each seat: ``bots`` maps a seat to (spec, bot); the other seats are humans.

    Every human has their own :class:`Narrator` (on a replica of the game), so the
    log shown to a human holds only the cards that human may see; with no human,
    one narrator shows every card. ``save_path``, if set, gets the game record
    after every action (none before the first: quitting at once leaves no file);
    a failure to write is kept in ``save_error`` (the reason) for the caller, and the game goes on.
    """

    def __init__(self, games: list[Game], bots: dict[int, tuple[str, Bot]], save_path: Path | None = None) -> None:
        """``games``: identical fresh games, one per human seat (one if there is none), e.g. from
        ``Game.from_position``; :meth:`new` and :meth:`resume` make them."""
        self.game = games[0]
        self.bots = bots
        self.humans = [s for s in range(self.game.players) if s not in bots]
        viewers: list[int | None] = list(self.humans) or [None]
        self.narrators = {v: Narrator(g, v) for v, g in zip(viewers, games, strict=True)}
        self.messages: dict[int | None, list[Message]] = {v: n.start() for v, n in self.narrators.items()}
        self.save_path = save_path
        self.saved = False
        self.save_error: Refusal | None = None

    @classmethod
    def new(cls, players: int, specs: dict[int, str], edition: str = "base", rules: Rules | None = None,
            seed: int | None = None, save_path: Path | None = None, names: list[str] | None = None) -> Session:
        """A new game; ``specs`` names the bot of each bot seat (see :func:`seat_specs`), ``names`` the
        humans (see :func:`player_names`). A bad bot spec raises ``BotSpecError``, a bad name ``ValueError``."""
        names = player_names(players, specs, names)
        first = Game(players, edition, rules, seed, names, log=True)
        bots = {s: (spec, make_bot(spec, bot_seed(first.seed, s))) for s, spec in specs.items()}
        count = max(1, players - len(bots))
        games = [first] + [Game(players, edition, rules, first.seed, names, log=True) for _ in range(count - 1)]
        return cls(games, bots, save_path)

    @classmethod
    def resume(cls, path: Path) -> Session:
        """The game saved in ``path``, continued: its bots are made again from their names.
        A file that is not a valid record raises :class:`RecordError` naming what is wrong."""
        record = load(path).printable()  # the names may come from anywhere: they are shown on the terminal
        bots: dict[int, tuple[str, Bot]] = {}
        for seat, name in enumerate(record.players):
            match = BOT_NAME.match(name)
            if match:
                spec = match.group(2)
                try:
                    bots[seat] = (spec, make_bot(spec, bot_seed(record.seed, seat)))
                except ValueError as error:
                    raise RecordError(f"{path}: field 'players[{seat}]': {error}", path=str(path),
                                      field=f"players[{seat}]") from None
        count = max(1, len(record.players) - len(bots))
        games = [record.start() for _ in range(count)]
        session = cls(games, bots)  # not saving while the moves are played again: the file holds them
        for i, text in enumerate(record.actions):
            try:
                session.apply(Action.parse(text))
            except ValueError as error:
                raise RecordError(f"{path}: actions[{i}] {text!r}: {error}", "action", path=str(path), n=i + 1,
                                  action=text) from None
        session.save_path, session.saved = path, True
        return session

    @property
    def names(self) -> list[str]:
        return list(self.game.names)

    @property
    def decider_is_bot(self) -> bool:
        return not self.game.over and self.game.decider in self.bots

    def apply(self, action: Action) -> None:
        """Play ``action`` (it must be legal: it comes from ``legal_actions()``), narrate it, save."""
        for viewer, narrator in self.narrators.items():
            self.messages[viewer] += narrator.play(action)
        self.save()

    def hint(self, top: int = 3) -> tuple[str, list[Alternative]]:
        """What the strongest bot would do in the deciding human's place, seeing only that seat's view:
        its name and its ``top`` best actions, best first, with its estimates."""
        spec = default_bot()
        seat = self.game.decider
        bot = make_bot(spec, seed=bot_seed(self.game.seed, seat) + len(self.game.history))
        return spec, explain(bot, Seat(self.game, seat), top)

    def bot_action(self) -> Action:
        """What the bot owing the decision chooses."""
        seat = self.game.decider
        return self.bots[seat][1].choose(Seat(self.game, seat))

    def save(self) -> None:
        """Write the record to ``save_path`` once the game has a move."""
        if self.save_path is None or not self.game.history:
            return
        try:
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
            save(self.game, self.save_path)
        except OSError as error:
            self.save_error = os_refusal(error)  # why, in words; the caller names the file in its language
            return
        self.saved, self.save_error = True, None
